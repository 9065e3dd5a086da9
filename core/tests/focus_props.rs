//! Property tests of Focus: random games with 2 to 4 players, move by move against the plain
//! referee in `focus_referee`, and the invariants of every position (pieces are conserved,
//! stacks stay within five, text round-trips).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod focus_referee;

use focus_referee::Referee;
use ply_core::games::focus::{Focus, RESERVE};
use ply_core::{Game, Player};
use proptest::prelude::*;

/// Pieces on the board, in reserves and captured: constant through a game.
fn pieces(pos: &Focus) -> usize {
    let on_board: usize = (0..64).map(|sq| pos.stack(sq).height()).sum();
    let off: usize = (0..4u8)
        .map(|p| usize::from(pos.reserve(p)) + usize::from(pos.captured(p)))
        .sum();
    on_board + off
}

fn check(pos: &Focus) -> Result<(), String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() != pos.outcome().is_some() {
        return Err(format!(
            "{} moves but outcome {:?}",
            moves.len(),
            pos.outcome()
        ));
    }
    for sq in 0..64u8 {
        if pos.stack(sq).height() > 5 {
            return Err(format!("stack of {} on {sq}", pos.stack(sq).height()));
        }
    }
    for &mv in &moves {
        let text = pos.format_move(mv);
        if pos.parse_move(&text) != Ok(mv) {
            return Err(format!("move {text} does not round-trip"));
        }
    }
    let text = pos.format_position();
    match Focus::parse_position(&text) {
        Ok(back) if back == *pos && back.hash() == pos.hash() => Ok(()),
        Ok(back) => Err(format!("{text} reads back as {}", back.format_position())),
        Err(e) => Err(format!("{text}: {e}")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_follow_the_referee(players in 2u8..=4, choices in proptest::collection::vec(any::<u16>(), 150)) {
        let mut pos = Focus::new(players).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut referee = Referee::from_text(&pos.format_position());
        let total = pieces(&pos);
        let mut moves = Vec::new();
        for &c in &choices {
            check(&pos).map_err(TestCaseError::fail)?;
            prop_assert_eq!(pieces(&pos), total);
            prop_assert_eq!(&Referee::from_text(&pos.format_position()), &referee);
            let mut names: Vec<String> = {
                pos.legal_moves(&mut moves);
                moves.iter().map(|&m| pos.format_move(m)).collect()
            };
            let mut expected = referee.moves();
            names.sort();
            expected.sort();
            prop_assert_eq!(names, expected);
            let winner = referee.winner();
            prop_assert_eq!(pos.outcome().map(|o| o.winner.map(usize::from)), winner);
            if winner.is_some() {
                break;
            }
            let mv = moves[usize::from(c) % moves.len()];
            let mover: Player = pos.side_to_move();
            let before = pos;
            referee.play(&pos.format_move(mv));
            pos.play(mv);
            // The moved pieces land on top: the mover controls the destination.
            prop_assert_eq!(pos.stack(mv.to).top(), Some(mover));
            // The destination holds what was there plus what moved, cut to five.
            let count = if mv.from == RESERVE { 1 } else { mv.count() };
            prop_assert_eq!(pos.stack(mv.to).height(), (before.stack(mv.to).height() + count).min(5));
            if mv.from == RESERVE {
                // One reserve piece used (pieces pushed off the bottom may refill it).
                prop_assert!(pos.reserve(mover) + 1 >= before.reserve(mover));
            } else {
                prop_assert_eq!(pos.stack(mv.from).height(), before.stack(mv.from).height() - count);
            }
        }
    }
}
