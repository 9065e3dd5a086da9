//! The engines on the real games: on random positions (random playouts of random length) at
//! depths where plain minimax finishes, every pruning engine with every ordering, with and
//! without the table, returns minimax's root value, and its best move has that value.
//!
//! Each proptest case checks one randomly chosen engine configuration (so thousands of positions
//! run in seconds); `*_all_configurations` check every configuration on fewer positions.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod search_common;

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{ExactEvaluator, StopToken, search};
use ply_core::{EVAL_LIMIT, Evaluator};
use proptest::prelude::*;
use search_common::*;

/// Coarse evaluation with many ties: the side to move's number of moves.
struct Mobility;

impl<G: Game> Evaluator<G> for Mobility {
    fn evaluate(&self, pos: &G) -> i32 {
        pos.count_moves() as i32
    }
}

/// One configuration against minimax.
fn check_one<G: Game>(pos: &G, eval: &dyn Evaluator<G>, depth: u32, index: usize) {
    let reference = minimax(pos, eval, depth, false);
    if pos.outcome().is_some() {
        return;
    }
    let configs = engine_configs(depth, false);
    let (name, config) = &configs[index % configs.len()];
    let got = search(pos, eval, config, &StopToken::new());
    assert_eq!(
        got.score,
        reference.score,
        "{name} depth {depth} at {}",
        pos.format_position()
    );
    let mv = got.best_move.expect("a move");
    let mut child = *pos;
    child.play(mv);
    let child_value = if depth > 1 || child.outcome().is_some() {
        -minimax(&child, eval, depth - 1, false).score
    } else {
        -eval
            .evaluate(&child)
            .clamp(-(EVAL_LIMIT - 1), EVAL_LIMIT - 1)
    };
    assert_eq!(
        shift_one_ply(child_value),
        reference.score,
        "{name}: best move not optimal"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn othello_engines_agree_with_minimax(seed in any::<u64>(), plies in 0u32..64, depth in 1u32..5, index in any::<usize>(), coarse in any::<bool>()) {
        let pos = random_position(Othello::start(), seed, plies);
        check_one_coarse_or_fine(&pos, coarse, depth, index);
    }

    #[test]
    fn connect4_engines_agree_with_minimax(seed in any::<u64>(), plies in 0u32..42, depth in 1u32..7, index in any::<usize>(), coarse in any::<bool>()) {
        let pos = random_position(ConnectFour::start(), seed, plies);
        check_one_coarse_or_fine(&pos, coarse, depth, index);
    }

    #[test]
    fn draughts_engines_agree_with_minimax(seed in any::<u64>(), plies in 0u32..80, depth in 1u32..6, index in any::<usize>(), coarse in any::<bool>(), relaxed in any::<bool>()) {
        let start = if relaxed { draughts_relaxed() } else { Draughts::start() };
        let pos = random_position(start, seed, plies);
        check_one_coarse_or_fine(&pos, coarse, depth, index);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The learned pattern evaluation is what the strong levels search with: the engines must
    /// agree with plain minimax on its values too.
    #[test]
    fn othello_engines_agree_with_minimax_on_the_pattern_evaluation(seed in any::<u64>(), plies in 0u32..64, depth in 1u32..5, index in any::<usize>()) {
        let pos = random_position(Othello::start(), seed, plies);
        let eval = Othello::heuristic("pattern").expect("the built-in pattern weights");
        check_one(&pos, &*eval, depth, index);
    }

    #[test]
    fn othello_all_configurations_on_the_pattern_evaluation(seed in any::<u64>(), plies in 0u32..60, depth in 1u32..4) {
        let pos = random_position(Othello::start(), seed, plies);
        let eval = Othello::heuristic("pattern").expect("the built-in pattern weights");
        assert_engines_agree(&pos, &*eval, depth, false);
    }
}

/// [`check_one`] with the coarse [`Mobility`] evaluation (many ties) or a fine hashed one.
fn check_one_coarse_or_fine<G: Game>(pos: &G, coarse: bool, depth: u32, index: usize) {
    if coarse {
        check_one(pos, &Mobility, depth, index);
    } else {
        check_one(pos, &HashEval { range: 1000 }, depth, index);
    }
}

fn draughts_relaxed() -> Draughts {
    Draughts::start()
        .with_variant("relaxed")
        .expect("relaxed variant")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn othello_all_configurations(seed in any::<u64>(), plies in 0u32..60, depth in 1u32..5) {
        let pos = random_position(Othello::start(), seed, plies);
        assert_engines_agree(&pos, &HashEval { range: 500 }, depth, false);
    }

    #[test]
    fn connect4_all_configurations(seed in any::<u64>(), plies in 0u32..40, depth in 1u32..7) {
        let pos = random_position(ConnectFour::start(), seed, plies);
        assert_engines_agree(&pos, &HashEval { range: 500 }, depth, false);
    }

    #[test]
    fn othello_endgames_exact(seed in any::<u64>(), plies in 52u32..58) {
        // Few empties: minimax reaches the end, the exact evaluator gives the true value.
        let pos = random_position(Othello::start(), seed, plies);
        assert_engines_agree(&pos, &ExactEvaluator, 64, false);
    }

    #[test]
    fn connect4_endgames_exact(seed in any::<u64>(), plies in 30u32..36) {
        let pos = random_position(ConnectFour::start(), seed, plies);
        assert_engines_agree(&pos, &ExactEvaluator, 42, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn draughts_all_configurations(seed in any::<u64>(), plies in 0u32..60, depth in 1u32..5, relaxed in any::<bool>()) {
        let start = if relaxed { draughts_relaxed() } else { Draughts::start() };
        let pos = random_position(start, seed, plies);
        assert_engines_agree(&pos, &HashEval { range: 500 }, depth, false);
    }

    #[test]
    fn draughts_quiescence_agrees(seed in any::<u64>(), plies in 0u32..60, depth in 1u32..4, relaxed in any::<bool>()) {
        // Captures are tactical: quiescence extends them, minimax and the pruning engines agree.
        let start = if relaxed { draughts_relaxed() } else { Draughts::start() };
        let pos = random_position(start, seed, plies);
        assert_engines_agree(&pos, &HashEval { range: 500 }, depth, true);
    }
}

/// Slow, thorough: every configuration on 1800 positions (600 per game; minutes). Run with
/// `cargo test -p ply-core --release --test search_games -- --ignored`.
#[test]
#[ignore]
fn thousands_of_positions_every_configuration() {
    for seed in 0..600u64 {
        let o = random_position(Othello::start(), seed, (seed % 60) as u32);
        assert_engines_agree(&o, &HashEval { range: 500 }, 1 + (seed % 4) as u32, false);
        let c = random_position(ConnectFour::start(), seed, (seed % 40) as u32);
        assert_engines_agree(&c, &HashEval { range: 500 }, 1 + (seed % 6) as u32, false);
        let d = random_position(Draughts::start(), seed, (seed % 80) as u32);
        assert_engines_agree(
            &d,
            &HashEval { range: 500 },
            1 + (seed % 5) as u32,
            seed % 2 == 0,
        );
    }
}
