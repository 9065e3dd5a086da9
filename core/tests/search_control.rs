//! Cancellation, time budgets, determinism, iterative deepening, statistics and MCTS.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod search_common;

use ply_core::search::score::{WIN_BASE, decode_terminal};
use ply_core::search::{
    Algorithm, ExactEvaluator, MctsConfig, OrderingConfig, Playout, SearchConfig, SearchResult,
    Searcher, StopToken, search,
};
use ply_core::{EVAL_LIMIT, Game};
use search_common::*;
use std::time::{Duration, Instant};

/// A search that would run for hours.
fn endless(algorithm: Algorithm) -> SearchConfig {
    SearchConfig {
        algorithm,
        depth: Some(40),
        tt_bytes: 1 << 20,
        // `None` would mean the 10,000-playout default, which a quiet machine finishes before
        // the stop arrives.
        mcts: MctsConfig {
            playouts: Some(u64::MAX),
            ..MctsConfig::default()
        },
        ..SearchConfig::default()
    }
}

/// `config`'s search of the empty board with the exact evaluator, never stopped from outside.
fn search_from_the_start(config: &SearchConfig) -> SearchResult<u8> {
    search(
        &TicTacToe::start(),
        &ExactEvaluator,
        config,
        &StopToken::new(),
    )
}

/// The default search with the exact evaluator, deep enough (9 plies) to see every game of
/// tic-tac-toe to its end.
fn search_to_the_end(pos: &TicTacToe) -> SearchResult<u8> {
    search(
        pos,
        &ExactEvaluator,
        &SearchConfig {
            depth: Some(9),
            ..SearchConfig::default()
        },
        &StopToken::new(),
    )
}

#[test]
fn a_search_stopped_from_another_thread_returns_promptly() {
    for algorithm in ply_core::search::Algorithm::ALL {
        let token = StopToken::new();
        let remote = token.clone();
        let pos = Counter::new(60);
        let config = endless(algorithm);
        let handle = std::thread::spawn(move || {
            let r = search(&pos, &HashEval { range: 100 }, &config, &token);
            (r, Instant::now())
        });
        // Wait until the search is visibly running (the live node counter moves).
        let started = Instant::now();
        while remote.nodes() < 10_000 && started.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(
            remote.nodes() >= 10_000,
            "{algorithm}: live node counter never moved"
        );
        let asked = Instant::now();
        remote.stop();
        let (result, returned) = handle.join().expect("search thread");
        let latency = returned.saturating_duration_since(asked);
        // Loose bound: the machine is shared; the 10 ms goal is measured by `ply bench`.
        assert!(
            latency < Duration::from_millis(100),
            "{algorithm}: took {latency:?} to stop"
        );
        assert!(!result.completed, "{algorithm}");
        assert!(
            result.best_move.is_some(),
            "{algorithm}: a stopped search still gives a move"
        );
        assert!(result.stats.nodes >= 10_000);
    }
}

#[test]
fn the_time_budget_is_kept_and_used() {
    for algorithm in [Algorithm::Pvs, Algorithm::Scout, Algorithm::Mcts] {
        let config = SearchConfig {
            time_ms: Some(100),
            depth: None,
            ..endless(algorithm)
        };
        let started = Instant::now();
        let r = search(
            &Counter::new(60),
            &HashEval { range: 100 },
            &config,
            &StopToken::new(),
        );
        let took = started.elapsed();
        assert!(took < Duration::from_millis(400), "{algorithm}: {took:?}");
        // A move has no clock to save time for: a search whose tree does not end thinks for
        // all of it (an unfinished iteration still plays a move it proved better).
        assert!(
            took >= Duration::from_millis(100),
            "{algorithm}: {took:?}, depth {}",
            r.depth
        );
        assert!(r.best_move.is_some());
        assert!(r.completed, "running out of time is a normal end");
        if algorithm != Algorithm::Mcts {
            assert!(r.depth >= 2, "{algorithm}: only depth {}", r.depth);
            // The line (a partial last iteration's included) starts with the move and replays.
            assert_eq!(r.pv.first(), r.best_move.as_ref(), "{algorithm}");
            let mut pos = Counter::new(60);
            for &m in &r.pv {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                assert!(legal.contains(&m), "{algorithm}: {:?}", r.pv);
                pos.play(m);
            }
        }
    }
}

#[test]
fn node_counts_are_deterministic() {
    let pos = random_position(Counter::new(14), 9, 2);
    for algorithm in Algorithm::ALL {
        let config = SearchConfig {
            algorithm,
            depth: Some(8),
            tt_bytes: 1 << 16,
            mcts: MctsConfig {
                playouts: Some(2000),
                ..MctsConfig::default()
            },
            ..SearchConfig::default()
        };
        let a = search(&pos, &HashEval { range: 30 }, &config, &StopToken::new());
        let b = search(&pos, &HashEval { range: 30 }, &config, &StopToken::new());
        assert_eq!(a.stats.nodes, b.stats.nodes, "{algorithm}");
        assert_eq!(a.stats.leaf_evals, b.stats.leaf_evals, "{algorithm}");
        assert_eq!(
            (a.best_move, a.score, a.pv),
            (b.best_move, b.score, b.pv),
            "{algorithm}"
        );
    }
}

/// Nodes of the full tree to `depth` (every position entered, terminal ones included).
fn tree_size<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    1 + moves
        .iter()
        .map(|&m| {
            let mut c = *pos;
            c.play(m);
            tree_size(&c, depth - 1)
        })
        .sum::<u64>()
}

#[test]
fn minimax_counts_every_node_and_pruning_counts_fewer() {
    let pos = TicTacToe::start();
    for depth in 1..=9 {
        let r = minimax(&pos, &HashEval { range: 9 }, depth, false);
        assert_eq!(r.stats.nodes, tree_size(&pos, depth), "depth {depth}");
        assert_eq!(
            r.stats.leaf_evals + r.stats.terminal_nodes,
            leaves(&pos, depth)
        );
    }
    let mm = minimax(&pos, &ExactEvaluator, 9, false).stats.nodes;
    let ab = search(
        &pos,
        &ExactEvaluator,
        &SearchConfig::fixed(Algorithm::AlphaBeta, 9, OrderingConfig::none()),
        &StopToken::new(),
    );
    assert!(ab.stats.nodes < mm / 5, "{} vs {mm}", ab.stats.nodes);
    assert!(ab.stats.cutoffs > 0);
    let sc = search(
        &pos,
        &ExactEvaluator,
        &SearchConfig::fixed(Algorithm::Scout, 9, OrderingConfig::none()),
        &StopToken::new(),
    );
    assert!(sc.stats.test_calls > 0 && sc.stats.nodes < mm);
}

fn leaves<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut c = *pos;
            c.play(m);
            leaves(&c, depth - 1)
        })
        .sum()
}

#[test]
fn iterative_deepening_matches_fixed_depth_at_its_last_depth() {
    for seed in 0..20 {
        let pos = random_position(Counter::new(16), seed, 3);
        for aspiration in [None, Some(2), Some(50)] {
            let id = SearchConfig {
                algorithm: Algorithm::Pvs,
                depth: Some(7),
                iterative: true,
                aspiration,
                tt_bytes: 1 << 16,
                tt_reuse_deeper: false,
                ..SearchConfig::default()
            };
            let r = search(&pos, &HashEval { range: 40 }, &id, &StopToken::new());
            assert_eq!(r.depth, 7);
            assert_eq!(r.stats.iterations, 7);
            let fixed = minimax(&pos, &HashEval { range: 40 }, r.depth, false);
            assert_eq!(
                r.score, fixed.score,
                "seed {seed} aspiration {aspiration:?}"
            );
        }
    }
}

#[test]
fn time_limited_deepening_returns_the_value_of_its_last_completed_depth() {
    let eval = HashEval { range: 40 };
    for seed in 0..6 {
        let pos = random_position(Counter::new(40), seed, 3);
        let config = SearchConfig {
            algorithm: Algorithm::AlphaBeta,
            depth: None,
            time_ms: Some(30),
            tt_bytes: 1 << 18,
            tt_reuse_deeper: false,
            ..SearchConfig::default()
        };
        let r = search(&pos, &eval, &config, &StopToken::new());
        assert!(r.depth >= 2, "seed {seed}");
        if r.stats.partial_iteration {
            continue;
        }
        let fixed = SearchConfig {
            depth: Some(r.depth),
            time_ms: None,
            ..config
        };
        let f = search(&pos, &eval, &fixed, &StopToken::new());
        assert_eq!(r.score, f.score, "seed {seed} depth {}", r.depth);
    }
}

#[test]
fn deepening_stops_when_the_tree_is_exhausted_and_scores_are_exact() {
    for lean_frontier in [false, true] {
        let config = SearchConfig {
            depth: None,
            time_ms: Some(10_000),
            lean_frontier,
            ..SearchConfig::default()
        };
        let started = Instant::now();
        let r = search_from_the_start(&config);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{lean_frontier}"
        );
        assert_eq!(r.score, 0);
        assert!(r.depth <= 10);
    }
    // X to move wins at once: the fastest win is preferred.
    let pos = TicTacToe::parse_position("0314").expect("position");
    let r = search_to_the_end(&pos);
    assert_eq!(decode_terminal(r.score), Some((true, 0, 1)));
    assert_eq!(r.score, WIN_BASE - 1);
    assert!(r.score > EVAL_LIMIT);
}

#[test]
fn principal_variation_replays_to_the_score() {
    let pos = random_position(TicTacToe::start(), 5, 2);
    for algorithm in [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Pvs,
        Algorithm::Scout,
    ] {
        let config = SearchConfig {
            algorithm,
            depth: Some(9),
            ..SearchConfig::default()
        };
        let r = search(&pos, &ExactEvaluator, &config, &StopToken::new());
        assert_eq!(r.pv.first(), r.best_move.as_ref());
        let mut cur = pos;
        for &m in &r.pv {
            assert!(cur.is_legal(m), "{algorithm}: illegal PV move");
            cur.play(m);
        }
        let end = cur.outcome().expect("exact PV reaches the end");
        let s =
            ply_core::search::score::terminal_score(&end, pos.side_to_move(), r.pv.len() as u32);
        assert_eq!(s, r.score, "{algorithm}");
    }
}

#[test]
fn searcher_reuses_its_table_across_searches() {
    let config = SearchConfig {
        depth: Some(8),
        tt_bytes: 1 << 20,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::<TicTacToe>::new(&config);
    let pos = TicTacToe::start();
    let first = searcher.search(&pos, &ExactEvaluator, &StopToken::new());
    let second = searcher.search(&pos, &ExactEvaluator, &StopToken::new());
    assert_eq!(first.score, second.score);
    assert!(second.stats.nodes < first.stats.nodes);
    assert_eq!(searcher.tt_bytes(), 1 << 20);
}

#[test]
fn mcts_finds_a_forced_win() {
    // X: 0, 4; O: 1. X to move... build X0 O1 X4 O8? O blocks the diagonal; X plays 6 forking
    // 2-4-6 diagonal and 0-3-6 column: the only winning move.
    let pos = TicTacToe::parse_position("0148").expect("position");
    let mut exact = search_to_the_end(&pos);
    assert!(exact.score > EVAL_LIMIT, "X has a forced win");
    let winning: Vec<u8> = (0..9)
        .filter(|&m| pos.is_legal(m))
        .filter(|&m| {
            let mut c = pos;
            c.play(m);
            let r = search_to_the_end(&c);
            r.score < -EVAL_LIMIT
        })
        .collect();
    exact.pv.clear();
    for playout in [
        Playout::Random,
        Playout::EpsilonGreedy { epsilon: 0.3 },
        Playout::Cutoff {
            plies: 2,
            scale: 10.0,
        },
    ] {
        let config = SearchConfig {
            algorithm: Algorithm::Mcts,
            mcts: MctsConfig {
                playouts: Some(4000),
                playout,
                ..MctsConfig::default()
            },
            ..SearchConfig::default()
        };
        let r = search(&pos, &HashEval { range: 5 }, &config, &StopToken::new());
        let mv = r.best_move.expect("move");
        assert!(
            winning.contains(&mv),
            "{playout:?}: {mv} not in {winning:?}"
        );
        assert!(r.stats.playouts == 4000 && r.score > 0);
    }
}

#[test]
fn mcts_respects_its_node_cap() {
    let config = SearchConfig {
        algorithm: Algorithm::Mcts,
        mcts: MctsConfig {
            playouts: Some(5000),
            max_nodes: Some(300),
            ..MctsConfig::default()
        },
        ..SearchConfig::default()
    };
    let r = search_from_the_start(&config);
    assert!(r.stats.tree_nodes <= 300);
    assert!(r.best_move.is_some());
}

#[test]
fn a_finished_game_has_no_move() {
    let pos = TicTacToe::parse_position("03142").expect("X wins on the top row");
    assert!(pos.outcome().is_some());
    for algorithm in Algorithm::ALL {
        let config = SearchConfig {
            algorithm,
            depth: Some(3),
            ..SearchConfig::default()
        };
        let r = search(&pos, &ExactEvaluator, &config, &StopToken::new());
        assert_eq!(r.best_move, None);
        assert!(r.score < -EVAL_LIMIT, "the side to move has lost");
    }
}

/// The draughts framework's UCT budget: nodes spent, tree steps and playout plies together. A
/// search stops at the first iteration that reaches it, and one iteration of tic-tac-toe costs
/// at most a dozen nodes (nine plies, the root, and the new leaf's step).
#[test]
fn mcts_stops_at_its_node_budget() {
    for budget in [1, 500, 20_000] {
        let config = SearchConfig {
            algorithm: Algorithm::Mcts,
            mcts: MctsConfig {
                playouts: None,
                node_budget: Some(budget),
                ..MctsConfig::default()
            },
            ..SearchConfig::default()
        };
        let r = search_from_the_start(&config);
        assert!(
            r.stats.nodes >= budget && r.stats.nodes < budget + 12,
            "budget {budget}: {} nodes",
            r.stats.nodes
        );
        assert!(r.completed && r.best_move.is_some());
        let again = search_from_the_start(&config);
        assert_eq!(again.stats.nodes, r.stats.nodes);
        assert_eq!(again.best_move, r.best_move);
    }
}

#[test]
fn the_lean_frontier_skips_the_table_one_ply_above_the_horizon_and_keeps_the_value() {
    use ply_core::games::othello::Othello;
    use ply_core::heuristic::HasHeuristic;
    let eval = Othello::heuristic("default").expect("the weighted heuristic");
    for seed in 0..8 {
        let pos = random_position(Othello::start(), seed, 16);
        if pos.outcome().is_some() {
            continue;
        }
        let run = |lean_frontier: bool| {
            let config = SearchConfig {
                algorithm: Algorithm::Pvs,
                depth: Some(5),
                tt_bytes: 1 << 20,
                tt_reuse_deeper: false,
                lean_frontier,
                ..SearchConfig::default()
            };
            search(&pos, &*eval, &config, &StopToken::new())
        };
        let (plain, lean) = (run(false), run(true));
        assert_eq!(lean.score, plain.score, "seed {seed}");
        assert!(
            lean.stats.tt_probes < plain.stats.tt_probes,
            "seed {seed}: {} probes against {}",
            lean.stats.tt_probes,
            plain.stats.tt_probes
        );
    }
}
