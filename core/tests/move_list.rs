//! Every game's move list, as the one writer (`record::write_move_list`) writes it for a record
//! (`records export --format transcript`, the after-game `Moves:` line) and for a game going on
//! (the `moves` command), reads back by the one rule of `record::read_move_list` and the
//! replay's inferred passes to the same position: WTHOR games with passes, seeded random games
//! of every game (draughts' relaxed variant too), Focus games played by the engine to their
//! end, and every prefix of them (a list that ends on a pass included).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::game::Game;
use ply_core::games::GameKind;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig};
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::focus::Focus;
use ply_core::games::focus::multi::StackControl;
use ply_core::games::othello::{Othello, OthelloMove};
use ply_core::games::virus::{Virus, VirusConfig};
use ply_core::line::GameLine;
use ply_core::record::wthor::decode_file;
use ply_core::record::{
    ClientInfo, Platform, PlayerInfo, RamBucket, RecordMeta, WrittenGame, now_ms, read_move_list,
    record_from_line, set_up_start, standard_notation, write_move_list,
};
use ply_core::review::replay;
use ply_core::search::StopToken;
use ply_core::search::multi::{MultiAlgorithm, MultiConfig, search_multi};
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

/// Returns how many prefixes ended on a pass (see [`check_prefixes`]).
fn check_all<G: Game + PartialEq + std::fmt::Debug>(
    game: GameKind,
    lines: &[GameLine<G>],
) -> usize {
    assert!(lines.len() >= 5, "{game:?}: only {} finished", lines.len());
    let mut ending_on_a_pass = 0;
    for line in lines {
        let (text, end) = round_trip(game, line);
        assert_eq!(end, *line.current(), "{game:?}: {text}");
        ending_on_a_pass += check_prefixes(game, line);
    }
    ending_on_a_pass
}

/// The position a written list reads back to: its own start (a set-up position, `N players`,
/// a PDN variant) or the standard one, then its moves with the passes inferred.
fn read_back<G: Game>(game: GameKind, text: &str) -> G {
    let list = read_move_list(game, text);
    let mut start = match (&list.start, list.players) {
        (Some(p), _) => G::parse_position(p).unwrap_or_else(|e| panic!("{text}: {e}")),
        (None, Some(n)) => G::start_for_players(n).expect("a start for the players named"),
        (None, None) => G::start(),
    };
    if let Some(v) = &list.variant {
        start = start.with_variant(v).expect("the list's variant");
    }
    let mut end = start;
    for mv in replay(&start, &list.moves).unwrap_or_else(|e| panic!("{text}: {e}")) {
        end.play(mv);
    }
    end
}

/// Returns how many of the prefixes ended on a pass. Every prefix of `line` (a game going on,
/// as the `moves` command lists it) written and read back reaches the prefix's position.
fn check_prefixes<G: Game + PartialEq + std::fmt::Debug>(
    game: GameKind,
    line: &GameLine<G>,
) -> usize {
    let start = set_up_start(line.start());
    let notation = line.notation();
    let mut pos = *line.start();
    let mut ending_on_a_pass = 0;
    for k in 0..=notation.len() {
        let moves: Vec<&str> = notation[..k].iter().map(String::as_str).collect();
        let text = write_move_list(&WrittenGame {
            game,
            variant: line.start().variant(),
            start: start.as_deref(),
            players: line.start().players(),
            moves: &moves,
            result: None,
        });
        assert_eq!(read_back::<G>(game, &text), pos, "{game:?}: {text}");
        ending_on_a_pass += usize::from(moves.last() == Some(&"pass"));
        if let Some(&mv) = line.moves().get(k) {
            pos.play(mv);
        }
    }
    ending_on_a_pass
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
    assert!(
        check_all(GameKind::Othello, &othello) > 0,
        "a list that ends on a pass is checked"
    );
    check_all(
        GameKind::ConnectFour,
        &random_lines(ConnectFour::start(), 0..20),
    );
    check_all(GameKind::Draughts, &random_lines(Draughts::start(), 0..20));
    let relaxed = Draughts::start()
        .with_variant("relaxed")
        .expect("the relaxed variant");
    let lines = random_lines(relaxed, 0..20);
    for line in &lines {
        let (text, _) = round_trip(GameKind::Draughts, line);
        assert!(text.contains("[Variant \"relaxed\"]"), "{text}");
    }
    check_all(GameKind::Draughts, &lines);
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

/// Focus: random games from the start do not end (nothing makes random stacks shrink), and
/// neither do games of the shallow engines (they move one piece to and fro): the engine's
/// lines are checked as lists of a game going on, and random games from a set-up position with
/// two pieces a side, which do end, as finished ones.
#[test]
fn focus_lists_read_back_to_their_position() {
    let config = MultiConfig::new(MultiAlgorithm::BestReply, 2);
    for (players, seed) in [(2usize, 1u64), (3, 2), (4, 3)] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut line = GameLine::new(Focus::start_for_players(players).expect("a Focus start"));
        let mut moves = Vec::new();
        while line.outcome().is_none() && line.ply() < 200 {
            let pos = *line.current();
            let mv = if line.ply() < 6 {
                pos.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            } else {
                search_multi(&pos, &StackControl, &config, &StopToken::new())
                    .best_move
                    .expect("a move")
            };
            line.play(mv).expect("a legal move");
        }
        check_prefixes(GameKind::Focus, &line);
    }
    let sparse = Focus::parse_position(
        ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,1,1,.,.,./.,.,.,2,.,.,2,./.,.,.,.,.,./.,.,.,. 1 players=2 reserve=0,0 captured=0,0",
    )
    .expect("a Focus position");
    check_all(GameKind::Focus, &random_lines(sparse, 0..20));
}
