//! Every pruning engine, with every move ordering and with and without the transposition
//! table, returns plain minimax's root value, and its best move has that value.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod search_common;

use ply_core::Game;
use ply_core::search::ExactEvaluator;
use proptest::prelude::*;
use search_common::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn tictactoe_engines_agree_with_minimax(seed in any::<u64>(), plies in 0u32..7, depth in 1u32..6) {
        let pos = random_position(TicTacToe::start(), seed, plies);
        assert_engines_agree(&pos, &HashEval { range: 40 }, depth, false);
    }

    #[test]
    fn tictactoe_exact_values_agree(seed in any::<u64>(), plies in 2u32..7) {
        let pos = random_position(TicTacToe::start(), seed, plies);
        assert_engines_agree(&pos, &ExactEvaluator, 9, false);
    }

    #[test]
    fn counter_engines_agree_with_minimax(budget in 3u8..10, seed in any::<u64>(), plies in 0u32..3, depth in 1u32..7, range in 1i32..30) {
        let pos = random_position(Counter::new(budget), seed, plies);
        assert_engines_agree(&pos, &HashEval { range }, depth, false);
    }

    #[test]
    fn counter_quiescence_agrees(budget in 3u8..10, seed in any::<u64>(), depth in 1u32..5) {
        let pos = random_position(Counter::new(budget), seed, 1);
        assert_engines_agree(&pos, &HashEval { range: 25 }, depth, true);
    }
}

#[test]
fn tictactoe_is_a_draw() {
    let r = minimax(&TicTacToe::start(), &ExactEvaluator, 9, false);
    assert_eq!(r.score, 0);
    assert_engines_agree(&TicTacToe::start(), &ExactEvaluator, 9, false);
}
