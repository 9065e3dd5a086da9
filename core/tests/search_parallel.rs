//! The parallel search (Lazy SMP, `SearchConfig::threads`) on the real games, judged by
//! single-threaded searches of the same positions:
//! - with table entries used only at their own depth (`tt_reuse_deeper: false`), every thread's
//!   entries are bounds on the same depth-limited value, so the parallel value must be the
//!   single-threaded value exactly, and its move must be worth it;
//! - as the levels search (deeper entries reused), the value must lie within the
//!   single-threaded values one ply less, at the depth, and one ply more, and the move must be
//!   legal; with Multi-ProbCut, whose value moves with the table's contents even on one thread,
//!   the move must be legal and the search finished.
//!
//! Stopping under load is in `search_parallel_stop.rs` (a binary of its own, to count threads).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod search_common;

use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{SearchConfig, SearchResult, Searcher, StopToken, search};
use ply_core::{Evaluator, Game};
use search_common::*;

fn config(depth: u32, threads: u32, reuse_deeper: bool) -> SearchConfig {
    SearchConfig {
        depth: Some(depth),
        iterative: true,
        tt_bytes: 4 << 20,
        tt_reuse_deeper: reuse_deeper,
        threads,
        ..SearchConfig::default()
    }
}

fn legal<G: Game>(pos: &G, mv: G::Move) -> bool {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.contains(&mv)
}

/// Parallel and single-threaded searches agree exactly when entries answer only their own depth.
fn exact_agreement<G: Game>(pos: &G, eval: &dyn Evaluator<G>, depth: u32, threads: u32) {
    if pos.outcome().is_some() {
        return;
    }
    let single = search(pos, eval, &config(depth, 1, false), &StopToken::new());
    let parallel = search(pos, eval, &config(depth, threads, false), &StopToken::new());
    let at = pos.format_position();
    assert!(parallel.completed, "{threads} threads at {at}");
    // Shallower only where a thread searched every line to the end of the game.
    assert!(parallel.depth <= depth, "{threads} threads at {at}");
    assert_eq!(
        parallel.score, single.score,
        "{threads} threads, depth {depth} at {at}"
    );
    let mv = parallel.best_move.expect("a move");
    assert!(legal(pos, mv), "{threads} threads: illegal move at {at}");
    // The move is worth the value: its child searched one ply less (single-threaded) gives it.
    let mut child = *pos;
    child.play(mv);
    if depth > 1 && child.outcome().is_none() {
        let r = search(
            &child,
            eval,
            &config(depth - 1, 1, false),
            &StopToken::new(),
        );
        assert_eq!(
            shift_one_ply(-r.score),
            single.score,
            "{threads} threads: the move {mv:?} is not worth the value at {at}"
        );
    }
}

fn value<G: Game>(pos: &G, eval: &dyn Evaluator<G>, cfg: &SearchConfig) -> SearchResult<G::Move> {
    Searcher::new(cfg).search(pos, eval, &StopToken::new())
}

/// As the levels search: the parallel value lies within the single-threaded values at
/// `depth - 1`, `depth` and `depth + 1`.
fn within_neighbours<G: Game>(pos: &G, eval: &dyn Evaluator<G>, base: SearchConfig, threads: u32) {
    if pos.outcome().is_some() {
        return;
    }
    let depth = base.depth.expect("a depth");
    let at_depth = |d: u32, t: u32| {
        value(
            pos,
            eval,
            &SearchConfig {
                depth: Some(d),
                threads: t,
                ..base
            },
        )
    };
    let singles: Vec<i32> = [depth - 1, depth, depth + 1]
        .iter()
        .map(|&d| at_depth(d, 1).score)
        .collect();
    let parallel = at_depth(depth, threads);
    let (lo, hi) = (
        singles.iter().copied().min().unwrap_or(0),
        singles.iter().copied().max().unwrap_or(0),
    );
    let at = pos.format_position();
    let mv = parallel.best_move.expect("a move");
    assert!(legal(pos, mv), "{threads} threads: illegal move at {at}");
    assert!(
        (lo..=hi).contains(&parallel.score),
        "{threads} threads, depth {depth}: {} outside the single-threaded {singles:?} at {at}",
        parallel.score
    );
}

#[test]
fn othello_parallel_values_equal_single_threaded_ones() {
    let eval = Othello::heuristic("pattern").expect("pattern weights");
    for seed in 0..24u64 {
        let pos = random_position(Othello::start(), seed, 8 + (seed % 40) as u32);
        exact_agreement(&pos, &*eval, 4 + (seed % 3) as u32, 2 + (seed % 3) as u32);
    }
}

#[test]
fn connect4_parallel_values_equal_single_threaded_ones() {
    let eval = ConnectFour::heuristic("default").expect("preset");
    for seed in 0..24u64 {
        let pos = random_position(ConnectFour::start(), seed, (seed % 24) as u32);
        exact_agreement(&pos, &*eval, 5 + (seed % 4) as u32, 2 + (seed % 3) as u32);
    }
}

#[test]
fn draughts_parallel_values_equal_single_threaded_ones() {
    let eval = Draughts::heuristic("default").expect("preset");
    for seed in 0..24u64 {
        let pos = random_position(Draughts::start(), seed, (seed % 50) as u32);
        exact_agreement(&pos, &*eval, 4 + (seed % 3) as u32, 2 + (seed % 3) as u32);
    }
}

#[test]
fn othello_as_the_levels_search_stays_between_neighbouring_depths() {
    let eval = Othello::heuristic("pattern").expect("pattern weights");
    let base = SearchConfig {
        depth: Some(6),
        iterative: true,
        tt_bytes: 4 << 20,
        ..SearchConfig::default()
    };
    for seed in 0..16u64 {
        let pos = random_position(Othello::start(), 100 + seed, 10 + (seed % 30) as u32);
        within_neighbours(&pos, &*eval, base, 2 + (seed % 3) as u32);
    }
}

/// Multi-ProbCut (level 10) is selective: which nodes it cuts depends on what the table holds,
/// so its value moves with the table's contents even on one thread (at the position below,
/// depth 6 with confidence 1.5: -40 deepening, -102 at fixed depth, -99 full width). No bound
/// on its value holds for the parallel search either; its move must be legal and its search
/// finished, over many positions.
#[test]
fn othello_with_probcut_plays_legal_moves_to_the_depth() {
    let eval = Othello::heuristic("pattern").expect("pattern weights");
    let pos = Othello::parse_position(
        "-------O-----OO--XXX-O-----XOO----OOX--------X------------------ X",
    )
    .expect("position");
    let fixed = value(
        &pos,
        &*eval,
        &SearchConfig {
            depth: Some(6),
            tt_bytes: 4 << 20,
            probcut: Some(1.5),
            ..SearchConfig::default()
        },
    );
    let deepening = value(
        &pos,
        &*eval,
        &SearchConfig {
            depth: Some(6),
            iterative: true,
            tt_bytes: 4 << 20,
            probcut: Some(1.5),
            ..SearchConfig::default()
        },
    );
    assert_ne!(fixed.score, deepening.score, "the example above");
    for seed in 0..24u64 {
        let pos = random_position(Othello::start(), 400 + seed, 10 + (seed % 36) as u32);
        if pos.outcome().is_some() {
            continue;
        }
        let cfg = SearchConfig {
            depth: Some(7),
            iterative: true,
            tt_bytes: 4 << 20,
            probcut: Some(1.5),
            threads: 2 + (seed % 3) as u32,
            ..SearchConfig::default()
        };
        let r = value(&pos, &*eval, &cfg);
        assert!(r.completed && r.depth <= 7, "{}", pos.format_position());
        assert!(legal(&pos, r.best_move.expect("a move")));
    }
}

#[test]
fn connect4_and_draughts_as_the_levels_search_stay_between_neighbouring_depths() {
    let c4 = ConnectFour::heuristic("default").expect("preset");
    let dr = Draughts::heuristic("default").expect("preset");
    let base = SearchConfig {
        iterative: true,
        tt_bytes: 4 << 20,
        ..SearchConfig::default()
    };
    for seed in 0..12u64 {
        let pos = random_position(ConnectFour::start(), 200 + seed, (seed % 20) as u32);
        let cfg = SearchConfig {
            depth: Some(8),
            ..base
        };
        within_neighbours(&pos, &*c4, cfg, 2 + (seed % 3) as u32);
        let pos = random_position(Draughts::start(), 300 + seed, (seed % 40) as u32);
        let cfg = SearchConfig {
            depth: Some(6),
            quiescence: true,
            ..base
        };
        within_neighbours(&pos, &*dr, cfg, 2 + (seed % 3) as u32);
    }
}

#[test]
fn one_table_whatever_the_threads() {
    for threads in [1, 2, 4, 8] {
        let s = Searcher::<Othello>::new(&SearchConfig {
            tt_bytes: 8 << 20,
            threads,
            ..SearchConfig::default()
        });
        assert_eq!(s.tt_bytes(), 8 << 20);
        assert_eq!(s.threads(), threads as usize);
    }
    // No table to share: one thread.
    let s = Searcher::<Othello>::new(&SearchConfig {
        tt_bytes: 0,
        threads: 4,
        ..SearchConfig::default()
    });
    assert_eq!(s.threads(), 1);
}
