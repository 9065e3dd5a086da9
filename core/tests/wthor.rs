//! WTHOR files: Ply's writer against a reader written here from the format description, and
//! against two years of the FFO's archive (`tests/data/wthor/`), which Ply reads, replays and
//! writes again byte for byte.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::{Othello, OthelloMove};
use ply_core::line::GameLine;
use ply_core::record::wthor::{
    GAME_BYTES, HEADER_BYTES, WthorError, WthorHeader, WthorReadError, WthorTags, decode_file,
    encode_file, encode_game,
};
use ply_core::record::{
    ClientInfo, Platform, PlayerInfo, RamBucket, RecordMeta, now_ms, record_from_line,
};
use ply_core::{Game, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The format description's fields, read without Ply's code.
#[derive(Debug, PartialEq)]
struct Header {
    created: (u16, u8, u8),
    games: u32,
    names: u16,
    year: u16,
    board: u8,
    kind: u8,
    depth: u8,
}

#[derive(Debug, PartialEq)]
struct Entry {
    tournament: u16,
    black: u16,
    white: u16,
    real: u8,
    theoretical: u8,
    /// (rank, file), 1-based, in order; the zeros after the last move dropped.
    moves: Vec<(u8, u8)>,
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

fn read(bytes: &[u8]) -> (Header, Vec<Entry>) {
    let h = &bytes[..16];
    let header = Header {
        created: (u16::from(h[0]) * 100 + u16::from(h[1]), h[2], h[3]),
        games: u32::from_le_bytes([h[4], h[5], h[6], h[7]]),
        names: u16_at(h, 8),
        year: u16_at(h, 10),
        board: h[12],
        kind: h[13],
        depth: h[14],
    };
    assert_eq!(bytes.len(), 16 + 68 * header.games as usize, "file size");
    let games = bytes[16..]
        .chunks(68)
        .map(|g| Entry {
            tournament: u16_at(g, 0),
            black: u16_at(g, 2),
            white: u16_at(g, 4),
            real: g[6],
            theoretical: g[7],
            moves: g[8..]
                .iter()
                .take_while(|&&m| m != 0)
                .map(|&m| (m / 10, m % 10))
                .collect(),
        })
        .collect();
    (header, games)
}

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/../tests/data/wthor/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn meta() -> RecordMeta {
    RecordMeta {
        id: None,
        players: vec![PlayerInfo::human(), PlayerInfo::human()],
        started_at_ms: now_ms() - 600_000,
        ended_at_ms: now_ms(),
        client: ClientInfo {
            app_version: "test".into(),
            platform: Platform::Cli,
            ram_bucket: RamBucket::From4To8G,
        },
    }
}

/// Replays an archive game (passes are implicit there) into a line of Ply's Othello.
fn replay(entry: &Entry) -> GameLine<Othello> {
    let mut line = GameLine::new(Othello::start());
    for &(rank, file) in &entry.moves {
        if line.current().is_legal(OthelloMove::PASS) {
            line.play(OthelloMove::PASS).expect("a forced pass");
        }
        let sq = usize::from(rank - 1) * 8 + usize::from(file - 1);
        let mv = OthelloMove::square(sq).expect("on the board");
        line.play(mv)
            .unwrap_or_else(|e| panic!("{rank}{file} is illegal here: {e}"));
    }
    line
}

/// Black's discs with the empties to the winner (half each on a draw), from the board.
fn score_by_hand(end: &Othello) -> u8 {
    let (b, w) = (end.black().count_ones(), end.white().count_ones());
    let e = 64 - b - w;
    (if b > w {
        b + e
    } else if b < w {
        b
    } else {
        b + e / 2
    }) as u8
}

#[test]
fn the_archive_reads_replays_and_is_written_again_byte_for_byte() {
    for (file, games, year) in [("WTH_1977.wtb", 12, 1977), ("WTH_1980.wtb", 160, 1980)] {
        let bytes = data(file);
        let (header, entries) = read(&bytes);
        assert_eq!((header.games, header.year), (games, year), "{file}");
        assert_eq!((header.names, header.board, header.kind), (0, 8, 0));
        let mut encoded = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            let line = replay(e);
            // Ply's rules agree with the archive on every game's final score.
            assert_eq!(score_by_hand(line.current()), e.real, "{file} game {i}");
            assert!(
                line.outcome().is_some(),
                "{file} game {i} ends by the rules"
            );
            let record = record_from_line(&line, &[], None, meta()).expect("a record");
            let tags = WthorTags {
                tournament: e.tournament,
                black: e.black,
                white: e.white,
                theoretical: Some(e.theoretical),
            };
            let game = encode_game(&record, tags).expect("encodes");
            assert_eq!(
                &game[..],
                &bytes[16 + 68 * i..16 + 68 * (i + 1)],
                "{file} game {i}"
            );
            encoded.push(game);
        }
        eprintln!("{file}: {} of {} re-encoded", encoded.len(), entries.len());
        if encoded.len() == entries.len() {
            let header = WthorHeader {
                created: header.created,
                year: header.year,
                depth: header.depth,
            };
            assert_eq!(
                encode_file(header, &encoded).expect("a file"),
                bytes,
                "{file}"
            );
        }
    }
}

#[test]
fn games_ply_writes_read_back_with_the_reader_from_the_description() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut records = Vec::new();
    while records.len() < 40 {
        let mut line = GameLine::new(Othello::start());
        let mut moves = Vec::new();
        while line.outcome().is_none() {
            line.current().legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            line.play(mv).expect("legal");
        }
        records.push(record_from_line(&line, &[], None, meta()).expect("a record"));
    }
    let games: Vec<[u8; GAME_BYTES]> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let tags = WthorTags {
                tournament: i as u16,
                black: 7,
                white: 9,
                theoretical: None,
            };
            encode_game(r, tags).expect("encodes")
        })
        .collect();
    let header = WthorHeader {
        created: (2026, 11, 24),
        year: 2026,
        depth: 0,
    };
    let bytes = encode_file(header, &games).expect("a file");
    assert_eq!(bytes.len(), HEADER_BYTES + GAME_BYTES * records.len());
    let (h, entries) = read(&bytes);
    assert_eq!(h.created, (2026, 11, 24));
    assert_eq!(
        (h.games as usize, h.year, h.depth),
        (records.len(), 2026, 0)
    );
    for (i, (r, e)) in records.iter().zip(&entries).enumerate() {
        assert_eq!((e.tournament, e.black, e.white), (i as u16, 7, 9));
        let squares: Vec<String> = r
            .moves
            .iter()
            .map(|m| m.notation.clone())
            .filter(|n| n != "pass")
            .collect();
        let read_back: Vec<String> = e
            .moves
            .iter()
            .map(|&(rank, file)| format!("{}{}", (b'a' + file - 1) as char, rank))
            .collect();
        assert_eq!(read_back, squares, "game {i}");
        let line = replay(e);
        assert_eq!(e.real, score_by_hand(line.current()));
        assert_eq!(e.theoretical, e.real, "depth 0: the real score");
        // The record's stated winner agrees with black's score.
        let winner: Option<Player> = r.result.winner;
        match winner {
            Some(0) => assert!(e.real > 32),
            Some(_) => assert!(e.real < 32),
            None => assert_eq!(e.real, 32),
        }
    }
}

#[test]
fn what_wthor_cannot_hold_is_refused_with_the_reason() {
    let mut line = GameLine::new(ConnectFour::start());
    for c in ["4", "4", "5", "5", "6", "6", "7"] {
        line.play_text(c).expect("legal");
    }
    let c4 = record_from_line(&line, &[], None, meta()).expect("a record");
    assert!(matches!(
        encode_game(&c4, WthorTags::default()),
        Err(WthorError::NotOthello { .. })
    ));

    let mut line = GameLine::new(Othello::start());
    line.play_text("f5").expect("legal");
    let resigned = record_from_line(&line, &[], Some(1), meta()).expect("a record");
    let err = encode_game(&resigned, WthorTags::default()).expect_err("unfinished");
    assert!(matches!(err, WthorError::NotFinished { .. }));
    assert!(err.to_string().contains(&resigned.id), "{err}");

    let mut custom = resigned.clone();
    custom.start_position = Some(Othello::start().format_position());
    assert!(matches!(
        encode_game(&custom, WthorTags::default()),
        Err(WthorError::CustomStart { .. })
    ));

    let mut bad = resigned;
    bad.moves[0].notation = "a1".into();
    let err = encode_game(&bad, WthorTags::default()).expect_err("illegal");
    assert!(
        matches!(&err, WthorError::IllegalMove { number: 1, notation, .. } if notation == "a1"),
        "{err}"
    );
}

#[test]
fn the_library_reader_agrees_with_the_reader_from_the_description() {
    for file in ["WTH_1977.wtb", "WTH_1980.wtb"] {
        let bytes = data(file);
        let (header, entries) = read(&bytes);
        let read = decode_file(&bytes).expect("reads");
        assert_eq!(read.header.created, header.created);
        assert_eq!(
            (read.header.year, read.header.depth),
            (header.year, header.depth)
        );
        assert_eq!(read.games.len(), entries.len(), "{file}");
        for (i, (game, e)) in read.games.iter().zip(&entries).enumerate() {
            let by_hand = replay(e);
            assert_eq!(&game.end, by_hand.current(), "{file} game {}", i + 1);
            assert_eq!(game.moves.len(), by_hand.ply(), "passes included");
            assert_eq!(game.stored_score, e.real);
            assert_eq!(
                game.tags,
                WthorTags {
                    tournament: e.tournament,
                    black: e.black,
                    white: e.white,
                    theoretical: Some(e.theoretical),
                }
            );
            assert!(
                game.finished() && game.score_matches(),
                "{file} game {}",
                i + 1
            );
        }
    }
}

#[test]
fn damaged_wthor_files_are_typed_errors_naming_what_is_wrong() {
    let bytes = data("WTH_1977.wtb");
    assert!(matches!(
        decode_file(&bytes[..10]),
        Err(WthorReadError::Short {
            expected: 16,
            actual: 10,
            ..
        })
    ));
    assert!(matches!(
        decode_file(&bytes[..bytes.len() - 1]),
        Err(WthorReadError::Short { .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        decode_file(&longer),
        Err(WthorReadError::Trailing {
            games: 12,
            extra: 1
        })
    );
    let mut names = bytes.clone();
    names[8] = 3;
    assert!(
        matches!(decode_file(&names), Err(WthorReadError::BadHeader(m)) if m.contains("names"))
    );
    let mut board = bytes.clone();
    board[12] = 10;
    assert!(matches!(decode_file(&board), Err(WthorReadError::BadHeader(m)) if m.contains("10")));
    // The second game's first move: off the board, then a square that is not legal.
    let first_move = HEADER_BYTES + GAME_BYTES + 8;
    let mut off = bytes.clone();
    off[first_move] = 99;
    assert_eq!(
        decode_file(&off),
        Err(WthorReadError::BadSquare {
            game: 2,
            number: 1,
            byte: 99
        })
    );
    let mut illegal = bytes.clone();
    illegal[first_move] = 11;
    let e = decode_file(&illegal).expect_err("a1 first");
    assert_eq!(
        e,
        WthorReadError::IllegalMove {
            game: 2,
            number: 1,
            square: "a1".into()
        }
    );
    assert_eq!(e.to_string(), "game 2, move 1: a1 is not legal here");
}

/// Every game of the whole archive in `../shared/data/wthor` (about 140,000): each replays
/// under Ply's rules, and the stored score is the final board's wherever the game was played
/// out. Slow in a debug build: `cargo test --release -p ply-core --test wthor -- --ignored`.
#[test]
#[ignore]
fn every_game_of_the_shared_archive_replays() {
    let dir = format!("{}/../../shared/data/wthor", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "wtb"))
        .collect();
    files.sort();
    let (mut games, mut unfinished, mut mismatched) = (0, 0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("read");
        let file = decode_file(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        games += file.games.len();
        unfinished += file.games.iter().filter(|g| !g.finished()).count();
        mismatched += file
            .games
            .iter()
            .filter(|g| g.finished() && !g.score_matches())
            .count();
    }
    eprintln!(
        "{} files, {games} games: {unfinished} not played out, {mismatched} played out with another stored score",
        files.len()
    );
    assert!(games > 140_000, "{games}");
    assert!(
        unfinished + mismatched < games / 100,
        "a few hundred at most"
    );
}
