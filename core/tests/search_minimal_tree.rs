//! The minimal alpha-beta tree (`search::minimal_tree`): Knuth and Moore's leaf count on uniform
//! trees, agreement with plain minimax, and that no engine without a table ever visits fewer
//! nodes than the minimal tree.
//!
//! The Othello figures of `docs/performance.md` (depth 8 from the start position) are checked
//! here too; the 10-ply midgame's figure takes minutes and gigabytes (a full depth-8 minimax over
//! its distinct positions) and runs only on request:
//! `cargo test -p ply-core --test search_minimal_tree -- --ignored --nocapture`.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod search_common;

use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::minimal_tree::{MinimalTree, minimal_tree};
use ply_core::search::{Algorithm, SearchConfig, StopToken, search};
use ply_core::{EndReason, Evaluator, Game, Outcome, ParseError, Player};
use proptest::prelude::*;
use search_common::*;

/// A uniform tree: every node has `B` children until ply `LEN`, where the game ends in a draw
/// (deeper than any search here, so every leaf is a depth-0 evaluation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Uniform {
    path: u64,
    plies: u8,
}

const B: u8 = 3;
const LEN: u8 = 12;

impl Game for Uniform {
    type Move = u8;
    const NAME: &'static str = "uniform";
    const MOVE_KEY_SPACE: usize = B as usize;

    fn start() -> Self {
        Uniform { path: 1, plies: 0 }
    }
    fn side_to_move(&self) -> Player {
        self.plies & 1
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.plies < LEN {
            moves.extend(0..B);
        }
    }
    fn play(&mut self, mv: u8) {
        self.path = self.path * u64::from(B) + u64::from(mv);
        self.plies += 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.plies >= LEN).then(|| Outcome::draw(EndReason::BoardFull))
    }
    fn hash(&self) -> u64 {
        // Every path is its own position: no transpositions.
        self.path.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(self.plies)
    }
    fn move_key(mv: u8) -> usize {
        usize::from(mv)
    }
    fn parse_move(&self, _text: &str) -> Result<u8, ParseError> {
        Err(ParseError::new(0, "no notation"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_position(_text: &str) -> Result<Self, ParseError> {
        Err(ParseError::new(0, "no notation"))
    }
    fn format_position(&self) -> String {
        String::new()
    }
    fn render(&self) -> String {
        String::new()
    }
}

#[test]
fn uniform_trees_have_knuth_and_moores_leaf_count() {
    let b = u64::from(B);
    for depth in 1..=7u32 {
        for range in [1, 1000] {
            let m = minimal_tree(&Uniform::start(), &HashEval { range }, depth);
            let leaves = b.pow(depth.div_ceil(2)) + b.pow(depth / 2) - 1;
            assert_eq!(m.tree_leaves, leaves, "depth {depth} range {range}");
            assert_eq!(m.minimax_nodes, (0..=depth).map(|d| b.pow(d)).sum::<u64>());
            // Without transpositions merging changes nothing.
            assert_eq!(m.merged_nodes, m.tree_nodes, "depth {depth}");
        }
    }
}

/// The invariants every minimal tree must satisfy against real searches of the same position.
fn check<G: Game>(pos: &G, eval: &dyn Evaluator<G>, depth: u32) -> MinimalTree {
    let m = minimal_tree(pos, eval, depth);
    let reference = minimax(pos, eval, depth, false);
    assert_eq!(m.value, reference.score, "value at {pos:?}");
    if pos.outcome().is_some() {
        // The engines score a finished game without searching it (0 nodes); the oracle's tree
        // is that one position.
        assert_eq!((m.tree_nodes, reference.stats.nodes), (1, 0), "{m:?}");
        return m;
    }
    assert_eq!(
        m.minimax_nodes, reference.stats.nodes,
        "minimax nodes at {pos:?}"
    );
    assert!(m.merged_nodes <= m.tree_nodes, "{m:?}");
    assert!(m.tree_nodes <= m.best_first_nodes, "{m:?}");
    assert!(m.tree_leaves < m.tree_nodes, "{m:?}");
    // A search without a table proves the value with a tree of its own, so it can never be
    // smaller than the smallest one.
    for (name, config) in engine_configs(depth, false) {
        if config.tt_bytes > 0 {
            continue;
        }
        let got = search(pos, eval, &config, &StopToken::new());
        assert!(
            got.stats.nodes >= m.tree_nodes,
            "{name} visited {} nodes, below the minimal tree {m:?} at {pos:?}",
            got.stats.nodes
        );
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn counter_minimal_tree_is_a_floor(budget in 3u8..10, seed in any::<u64>(), depth in 1u32..7, range in 1i32..30) {
        let pos = random_position(Counter::new(budget), seed, 1);
        check(&pos, &HashEval { range }, depth);
    }

    #[test]
    fn tictactoe_minimal_tree_is_a_floor(seed in any::<u64>(), plies in 0u32..6, depth in 1u32..6) {
        let pos = random_position(TicTacToe::start(), seed, plies);
        check(&pos, &HashEval { range: 40 }, depth);
    }

    #[test]
    fn othello_minimal_tree_is_a_floor(seed in any::<u64>(), plies in 0u32..50, depth in 1u32..5) {
        let pos = random_position(Othello::start(), seed, plies);
        let eval = Othello::heuristic("default").expect("preset");
        check(&pos, &*eval, depth);
    }
}

/// The floor in `docs/performance.md`: Othello depth 8 from the start with the default evaluator.
#[test]
fn othello_start_depth8() {
    let eval = Othello::heuristic("default").expect("preset");
    let pos = Othello::start();
    let m = minimal_tree(&pos, &*eval, 8);
    println!("{m:?}");
    let config = SearchConfig {
        algorithm: Algorithm::Minimax,
        depth: Some(8),
        ..SearchConfig::default()
    };
    let reference = search(&pos, &*eval, &config, &StopToken::new());
    assert_eq!(m.value, reference.score);
    assert_eq!(m.minimax_nodes, reference.stats.nodes);
    assert_eq!(
        m.minimax_nodes, 455_221,
        "the plain minimax count in docs/performance.md"
    );
    // 100x below plain minimax is within reach of a search: the floor is below 4,552 nodes.
    assert!(m.tree_nodes * 100 < m.minimax_nodes, "{m:?}");
    // No engine without a table goes below it at this depth either.
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs] {
        let config = SearchConfig {
            algorithm,
            depth: Some(8),
            tt_bytes: 0,
            ..SearchConfig::default()
        };
        let got = search(&pos, &*eval, &config, &StopToken::new());
        assert_eq!(got.score, m.value);
        assert!(
            got.stats.nodes >= m.tree_nodes,
            "{algorithm}: {}",
            got.stats.nodes
        );
    }
}

/// The 10-ply midgame of the benchmark (slow: a full depth-8 minimax, 327 M tree nodes, over its
/// distinct positions; several minutes and gigabytes).
#[test]
#[ignore]
fn othello_midgame_depth8() {
    let eval = Othello::heuristic("default").expect("preset");
    let pos = Othello::parse_position("f5d6c3d3c4f4c5b3c2e6").expect("opening line");
    let m = minimal_tree(&pos, &*eval, 8);
    println!("{m:?}");
    assert_eq!(
        m.minimax_nodes, 327_252_044,
        "the plain minimax count in docs/performance.md"
    );
    assert!(m.merged_nodes <= m.tree_nodes && m.tree_nodes <= m.best_first_nodes);
}

/// Othello positions for the deepening-step comparison: the benchmark's two and `n` random
/// openings of 4 to 33 plies (a fixed generator, so the sample is the same every run).
fn sample_positions(n: u64) -> Vec<Othello> {
    let mut out = vec![Othello::start()];
    out.extend(Othello::parse_position("f5d6c3d3c4f4c5b3c2e6").ok());
    let mut s = 12345u64;
    let mut moves = Vec::new();
    for i in 0..n {
        let mut p = Othello::start();
        for _ in 0..4 + (i * 3) % 30 {
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            p.play(moves[((s >> 33) % moves.len() as u64) as usize]);
        }
        if p.outcome().is_none() {
            out.push(p);
        }
    }
    out
}

/// How many plies per iteration of deepening pay off in general, not only from the start: node
/// totals and geometric means of iterative PVS (static, TT, killer, history) at depth 8 over 82
/// positions, per step. An experiment behind the figures in `docs/performance.md` (a few seconds):
/// `cargo test -p ply-core --test search_minimal_tree deepening -- --ignored --nocapture`.
#[test]
#[ignore]
fn deepening_steps_over_a_sample() {
    let eval = Othello::heuristic("default").expect("preset");
    let positions = sample_positions(80);
    for step in 1..=4 {
        let config = SearchConfig {
            algorithm: Algorithm::Pvs,
            depth: Some(8),
            iterative: true,
            deepening_step: step,
            tt_bytes: 16 << 20,
            ..SearchConfig::default()
        };
        let mut total = 0u64;
        let mut log_sum = 0.0f64;
        for pos in &positions {
            let r = search(pos, &*eval, &config, &StopToken::new());
            assert!(r.completed);
            total += r.stats.nodes;
            log_sum += (r.stats.nodes as f64).ln();
        }
        let geo = (log_sum / positions.len() as f64).exp();
        println!(
            "step {step}: {} positions, {total} nodes, geometric mean {geo:.0}",
            positions.len()
        );
    }
}
