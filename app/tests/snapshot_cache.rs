//! The session keeps the history's notation and the last move's description between calls
//! instead of recomputing them for every snapshot. This checks the kept data against the truth:
//! after any sequence of moves, undos and redos (including a redone move played by hand, which
//! keeps the rest of the redo list), the snapshot equals the one of a fresh session that plays
//! the same history, apart from what only the first session has (something to redo).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_app::{GameKind, GameStatus, PlayerKind, Session, Snapshot};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Op {
    /// Play the legal move at this index (modulo the number of legal moves).
    Play(usize),
    /// Play the move `redo` would replay, by hand (when there is one).
    PlayRedoMove,
    Undo,
    Redo,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0usize..64).prop_map(Op::Play),
        1 => Just(Op::PlayRedoMove),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
    ]
}

fn human_session(kind: GameKind) -> Session {
    Session::new(kind, PlayerKind::Human, PlayerKind::Human, None).expect("session")
}

/// The snapshot of a fresh session that plays `s.history` move by move.
fn replayed(kind: GameKind, s: &Snapshot) -> Snapshot {
    let fresh = human_session(kind);
    for m in &s.history {
        fresh
            .play(m.clone())
            .expect("a move of the history is legal");
    }
    fresh.snapshot().expect("snapshot")
}

/// The move `redo()` would replay, found by redoing and undoing on the session.
fn redo_move(session: &Session) -> Option<String> {
    if !session.redo().expect("redo") {
        return None;
    }
    let m = session
        .snapshot()
        .expect("snapshot")
        .history
        .last()
        .cloned();
    session.undo().expect("undo");
    m
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn kept_history_and_last_move_match_a_replay(
        kind_index in 0usize..3,
        ops in proptest::collection::vec(op(), 1..80),
    ) {
        let kind = [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts][kind_index];
        let session = human_session(kind);
        for op in ops {
            let s = session.snapshot().expect("snapshot");
            match op {
                Op::Play(i) if matches!(s.status, GameStatus::Playing) => {
                    let n = s.legal_moves.len();
                    session.play_index((i % n) as u32).expect("legal");
                }
                Op::Play(_) => {}
                Op::PlayRedoMove => {
                    if let Some(m) = redo_move(&session) {
                        session.play(m).expect("the redo move is legal");
                        // Playing it by hand keeps whatever else there was to redo.
                    }
                }
                Op::Undo => {
                    session.undo().expect("undo");
                }
                Op::Redo => {
                    session.redo().expect("redo");
                }
            }
            let mut got = session.snapshot().expect("snapshot");
            let want = replayed(kind, &got);
            got.can_redo = want.can_redo;
            prop_assert_eq!(got, want);
        }
    }
}
