//! Every game's exported move list (`records export --format transcript`, the record's standard
//! notation) reads back by the one rule of `record::read_move_list` and the replay's inferred
//! passes to the same final position: WTHOR games with passes, and seeded random games of every
//! game but Focus (whose random games do not end; its engine games are the CLI test's).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::game::Game;
use ply_core::games::GameKind;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig};
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::{Othello, OthelloMove};
use ply_core::games::virus::{Virus, VirusConfig};
use ply_core::line::GameLine;
use ply_core::record::wthor::decode_file;
use ply_core::record::{
    ClientInfo, Platform, PlayerInfo, RamBucket, RecordMeta, now_ms, read_move_list,
    record_from_line, standard_notation,
};
use ply_core::review::replay;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn meta(players: usize) -> RecordMeta {
    RecordMeta {
        id: None,
        players: (0..players).map(|_| PlayerInfo::human()).collect(),
        started_at_ms: now_ms() - 600_000,
        ended_at_ms: now_ms(),
        client: ClientInfo {
            app_version: "test".into(),
            platform: Platform::Cli,
            ram_bucket: RamBucket::From4To8G,
        },
    }
}

/// The exported text of a finished line, read back and replayed from the text's own start (or
/// the line's); the final position it reaches.
fn round_trip<G: Game>(game: GameKind, line: &GameLine<G>) -> (String, G) {
    let record = record_from_line(line, &[], None, meta(line.start().players()))
        .expect("a finished game's record");
    let text = standard_notation(&record);
    let list = read_move_list(game, &text);
    let start = match &list.start {
        Some(p) => G::parse_position(p).unwrap_or_else(|e| panic!("{text}: {e}")),
        None => *line.start(),
    };
    if let Some(n) = list.players {
        assert_eq!(n, start.players(), "{text}");
    }
    let moves = replay(&start, &list.moves).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut end = start;
    for mv in moves {
        end.play(mv);
    }
    (text, end)
}

/// Seeded random games from `start` that end within the record's 1,000 moves.
fn random_lines<G: Game>(start: G, seeds: std::ops::Range<u64>) -> Vec<GameLine<G>> {
    let mut lines = Vec::new();
    let mut moves = Vec::new();
    for seed in seeds {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut line = GameLine::new(start);
        while line.outcome().is_none() && line.ply() < 1_000 {
            line.current().legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            line.play(mv).expect("a legal move");
        }
        if line.outcome().is_some() {
            lines.push(line);
        }
    }
    lines
}

fn passes<G: Game>(line: &GameLine<G>) -> usize {
    let mut pos = *line.start();
    let mut n = 0;
    for &mv in line.moves() {
        n += usize::from(pos.format_move(mv) == "pass");
        pos.play(mv);
    }
    n
}

fn check_all<G: Game + PartialEq + std::fmt::Debug>(game: GameKind, lines: &[GameLine<G>]) {
    assert!(lines.len() >= 5, "{game:?}: only {} finished", lines.len());
    for line in lines {
        let (text, end) = round_trip(game, line);
        assert_eq!(end, *line.current(), "{game:?}: {text}");
    }
}

#[test]
fn wthor_games_with_passes_read_back_to_their_final_position() {
    let mut with_passes = 0;
    for name in ["WTH_1977.wtb", "WTH_1980.wtb"] {
        let path = format!("{}/../tests/data/wthor/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let file = decode_file(&bytes).expect("a WTHOR file");
        for game in &file.games {
            let mut line = GameLine::new(Othello::start());
            for &mv in &game.moves {
                line.play(mv).expect("the archive's move");
            }
            // The archive's unfinished games make no record.
            if line.outcome().is_none() {
                continue;
            }
            let (text, end) = round_trip(GameKind::Othello, &line);
            assert!(
                !text.contains("pass"),
                "Othello's transcript leaves passes out"
            );
            assert_eq!(end, *line.current(), "{text}");
            with_passes += usize::from(passes(&line) > 0);
        }
    }
    assert!(
        with_passes > 0,
        "the archive's years hold games with passes"
    );
}

#[test]
fn seeded_games_of_every_game_read_back_to_their_final_position() {
    let othello = random_lines(Othello::start(), 0..40);
    assert!(
        othello.iter().any(|l| passes(l) > 0),
        "random Othello games pass"
    );
    assert!(
        othello
            .iter()
            .any(|l| l.moves().contains(&OthelloMove::PASS))
    );
    check_all(GameKind::Othello, &othello);
    check_all(
        GameKind::ConnectFour,
        &random_lines(ConnectFour::start(), 0..20),
    );
    check_all(GameKind::Draughts, &random_lines(Draughts::start(), 0..20));
    let mut multi_passes = 0;
    for players in [2u8, 3, 4] {
        let virus = Virus::new(VirusConfig {
            players,
            ..VirusConfig::default()
        })
        .expect("a Virus start");
        let lines = random_lines(virus, 0..10);
        multi_passes += lines.iter().map(passes).sum::<usize>();
        check_all(GameKind::Virus, &lines);
        // Random Focus games do not end within the records' 1,000 moves (nothing makes random
        // stacks shrink): Focus is played to its end by the engine in cli/tests/move_list_cli.rs.
        // Random marbles rarely reach their corner: a turn limit ends the game.
        let cc = ChineseCheckers::new(ChineseCheckersConfig {
            players,
            turn_limit: 300,
            ..ChineseCheckersConfig::default()
        })
        .expect("a Chinese Checkers start");
        let lines = random_lines(cc, 0..10);
        multi_passes += lines.iter().map(passes).sum::<usize>();
        check_all(GameKind::ChineseCheckers, &lines);
    }
    assert!(multi_passes > 0, "the multi-player games pass too");
}
