//! Robustness of the game session (`ply_app::Session`): random sequences of calls (legal and illegal moves, calls
//! after the game is over, undo/redo, hints, computer moves, cancels, resignations, exports),
//! single-threaded and from several threads on one session at once. Nothing may panic (a
//! caught panic would surface as `AppError::Internal`) and every snapshot must be consistent.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_app::{
    AppError, GameKind, GameStatus, PlayerKind, RulesVariant, SearchLimits, Session, Side,
    Snapshot, settings_for_difficulty,
};
use proptest::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The two-player games under each of their rules.
fn kinds() -> Vec<(GameKind, RulesVariant)> {
    vec![
        (GameKind::Othello, RulesVariant::Standard),
        (GameKind::ConnectFour, RulesVariant::Standard),
        (GameKind::Draughts, RulesVariant::Standard),
        (GameKind::Draughts, RulesVariant::Relaxed),
    ]
}

fn session(kind: (GameKind, RulesVariant), first: PlayerKind, second: PlayerKind) -> Session {
    Session::with_rules(kind.0, kind.1, vec![first, second], None).expect("new session")
}

fn available(kind: (GameKind, RulesVariant)) -> bool {
    !matches!(
        Session::with_rules(kind.0, kind.1, vec![PlayerKind::Human; 2], None),
        Err(AppError::Internal(_))
    )
}

fn computer(kind: GameKind) -> PlayerKind {
    let mut settings = settings_for_difficulty(kind, 2).expect("level 2");
    settings.depth = Some(2);
    PlayerKind::Computer { settings }
}

/// What every snapshot must satisfy, whatever happened before.
fn check(s: &Snapshot) {
    assert_eq!(s.cells.len() as u32, s.rows * s.cols);
    for (i, c) in s.cells.iter().enumerate() {
        assert_eq!(c.index as usize, i);
        assert_eq!(c.index, c.row * s.cols + c.col);
    }
    assert_eq!(s.move_number as usize, s.history.len());
    let playing = matches!(s.status, GameStatus::Playing);
    assert_eq!(
        playing,
        !s.legal_moves.is_empty(),
        "legal moves exist exactly while playing"
    );
    for (i, m) in s.legal_moves.iter().enumerate() {
        assert_eq!(m.index as usize, i);
        assert_eq!(m.player, s.side_to_move);
        for cell in m.path.iter().chain(&m.flipped).chain(&m.captured) {
            assert!((*cell as usize) < s.cells.len());
        }
    }
    let resigned = matches!(
        s.status,
        GameStatus::Won {
            reason: ply_app::EndReason::Resignation,
            ..
        }
    );
    assert_eq!(s.can_undo, s.move_number > 0 || resigned);
    if let Some(last) = &s.last_move {
        assert_eq!(Some(&last.notation), s.history.last());
    } else {
        assert_eq!(s.move_number, 0);
    }
    let owned = |side: u8| {
        s.cells
            .iter()
            .filter(|c| ply_app::board::owner(c.piece) == Some(side))
            .count() as u32
    };
    assert_eq!(owned(0), s.first_count);
    assert_eq!(owned(1), s.second_count);
}

/// Errors a call may legitimately return; anything else (above all `Internal`) is a bug.
fn expected(r: Result<(), AppError>) {
    match r {
        Ok(())
        | Err(AppError::MoveText { .. } | AppError::NoSuchMove { .. })
        | Err(AppError::GameOver)
        | Err(AppError::NotYourTurn(_))
        | Err(AppError::Cancelled)
        | Err(AppError::Busy)
        | Err(AppError::Record(_)) => {}
        Err(e) => panic!("unexpected error {e:?}"),
    }
}

#[derive(Clone, Debug)]
enum Op {
    PlayLegal(usize),
    PlayIndex(u32),
    PlayIndexAndSnapshot(u32),
    PlayText(String),
    Undo,
    Redo,
    Hint,
    Computer,
    Cancel,
    Resign(bool),
    SwapPlayer(bool, bool),
    Export,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => any::<usize>().prop_map(Op::PlayLegal),
        1 => (0u32..100).prop_map(Op::PlayIndex),
        1 => (0u32..12).prop_map(Op::PlayIndexAndSnapshot),
        1 => "[a-z0-9x -]{0,6}".prop_map(Op::PlayText),
        2 => Just(Op::Undo),
        1 => Just(Op::Redo),
        1 => Just(Op::Hint),
        2 => Just(Op::Computer),
        1 => Just(Op::Cancel),
        1 => any::<bool>().prop_map(Op::Resign),
        1 => (any::<bool>(), any::<bool>()).prop_map(|(a, b)| Op::SwapPlayer(a, b)),
        1 => Just(Op::Export),
    ]
}

fn apply(session: &Session, kind: GameKind, op: &Op) {
    let quick = Some(SearchLimits {
        depth: Some(2),
        time_ms: Some(200),
    });
    match op {
        Op::PlayLegal(i) => {
            let s = session.snapshot().expect("snapshot");
            if !s.legal_moves.is_empty() {
                let m = &s.legal_moves[i % s.legal_moves.len()];
                expected(session.play(m.notation.clone()).map(|_| ()));
            }
        }
        Op::PlayIndex(i) => expected(session.play_index(*i).map(|_| ())),
        Op::PlayIndexAndSnapshot(i) => match session.play_index_and_snapshot(*i) {
            // Taken under the same lock as the move: it shows that move as the last one.
            Ok(after) => {
                check(&after);
                assert!(after.last_move.is_some() && after.move_number > 0);
            }
            Err(e) => expected(Err(e)),
        },
        Op::PlayText(t) => expected(session.play(t.clone()).map(|_| ())),
        Op::Undo => expected(session.undo().map(|_| ())),
        Op::Redo => expected(session.redo().map(|_| ())),
        Op::Hint => expected(session.hint(quick).map(|_| ())),
        Op::Computer => expected(session.computer_move(quick).map(|_| ())),
        Op::Cancel => session.cancel(),
        Op::Resign(first) => {
            expected(session.resign(if *first { Side::First } else { Side::Second }))
        }
        Op::SwapPlayer(first, comp) => session.set_player(
            if *first { Side::First } else { Side::Second },
            if *comp {
                computer(kind)
            } else {
                PlayerKind::Human
            },
        ),
        Op::Export => {
            expected(session.record_json().map(|_| ()));
            expected(session.notation().map(|_| ()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_call_sequences_keep_the_session_consistent(
        kind_index in 0usize..4,
        ops in proptest::collection::vec(op(), 1..60),
        computer_second in any::<bool>(),
    ) {
        let (kind, rules) = kinds()[kind_index];
        prop_assume!(available((kind, rules)));
        let second = if computer_second { computer(kind) } else { PlayerKind::Human };
        let session = session((kind, rules), PlayerKind::Human, second);
        for op in &ops {
            apply(&session, kind, op);
            check(&session.snapshot().expect("snapshot"));
        }
        // A finished game always exports a valid record.
        let s = session.snapshot().expect("snapshot");
        if !matches!(s.status, GameStatus::Playing) {
            let json = session.record_json().expect("finished games export");
            ply_core::record::parse_record(json.as_bytes()).expect("and the record validates");
        }
    }
}

#[test]
fn concurrent_calls_on_one_session_from_several_threads() {
    for (kind, rules) in kinds().into_iter().filter(|k| available(*k)) {
        let session = Arc::new(session((kind, rules), computer(kind), computer(kind)));
        let mut workers = Vec::new();
        for t in 0..2u64 {
            let s: Arc<Session> = Arc::clone(&session);
            workers.push(std::thread::spawn(move || {
                let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ t;
                for _ in 0..150 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let op = match x % 9 {
                        0..=2 => Op::Computer,
                        3 => Op::Undo,
                        4 => Op::Redo,
                        5 => Op::Hint,
                        6 => Op::PlayLegal(x as usize),
                        7 => Op::Export,
                        _ => Op::SwapPlayer(x & 16 == 0, x & 32 == 0),
                    };
                    apply(&s, kind, &op);
                    check(&s.snapshot().expect("snapshot"));
                }
            }));
        }
        let canceller = {
            let s = Arc::clone(&session);
            std::thread::spawn(move || {
                for i in 0..100u64 {
                    std::thread::sleep(Duration::from_micros(300 + (i * 37) % 900));
                    s.cancel();
                    let _ = s.thinking_nodes();
                }
            })
        };
        for w in workers {
            w.join().expect("no panic in a worker");
        }
        canceller.join().expect("no panic in the canceller");
        check(&session.snapshot().expect("snapshot"));
        assert!(!session.is_thinking());
    }
}

#[test]
fn bad_start_positions_are_typed_errors() {
    for (kind, text) in [
        (GameKind::Othello, "XO"),
        (GameKind::Othello, "\u{0}\u{ffff}"),
        (GameKind::ConnectFour, "1111111"),
        (GameKind::ConnectFour, "abc"),
        (GameKind::Draughts, "B:W99:B1"),
    ] {
        if !available((kind, RulesVariant::Standard)) {
            continue;
        }
        match Session::new(
            kind,
            PlayerKind::Human,
            PlayerKind::Human,
            Some(text.into()),
        ) {
            Err(AppError::BadPosition(reason)) => assert!(!reason.to_string().is_empty()),
            other => panic!("{kind:?} {text:?}: {:?}", other.map(|_| ())),
        }
    }
}
