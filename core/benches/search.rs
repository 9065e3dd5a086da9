//! Othello depth-8 search from the History-ADS paper's setup (the start position and a 10-ply
//! midgame): time per algorithm and move ordering, with node counts printed once per row.
//! `cargo bench -p ply-core --bench search`.
//!
//! Goals (issue 3): alpha-beta with good ordering and a table at least 100x fewer nodes than
//! plain minimax; a depth-8 move under 50 ms.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{Algorithm, OrderingConfig, SearchConfig, StopToken, search};
use ply_core::{Evaluator, Game};
use std::hint::black_box;
use std::time::Duration;

fn rows() -> Vec<(&'static str, SearchConfig)> {
    let with = |algorithm, list: &str, tt_bytes| SearchConfig {
        algorithm,
        depth: Some(8),
        ordering: OrderingConfig::parse_list(list, Some(20), false)
            .unwrap_or_else(|_| OrderingConfig::none()),
        tt_bytes,
        ..SearchConfig::default()
    };
    vec![
        ("minimax", with(Algorithm::Minimax, "none", 0)),
        ("alphabeta-none", with(Algorithm::AlphaBeta, "none", 0)),
        (
            "alphabeta-ads-mtf",
            with(Algorithm::AlphaBeta, "ads-mtf", 0),
        ),
        (
            "alphabeta-ads-transpose",
            with(Algorithm::AlphaBeta, "ads-transpose", 0),
        ),
        ("alphabeta-killer", with(Algorithm::AlphaBeta, "killer", 0)),
        (
            "alphabeta-history",
            with(Algorithm::AlphaBeta, "history", 0),
        ),
        (
            "alphabeta-best-tt",
            with(Algorithm::AlphaBeta, "static,tt,killer,history", 16 << 20),
        ),
        (
            "pvs-best-tt",
            with(Algorithm::Pvs, "static,tt,killer,history", 16 << 20),
        ),
        (
            "pvs-best-tt-iterative",
            SearchConfig {
                iterative: true,
                ..with(Algorithm::Pvs, "static,tt,killer,history", 16 << 20)
            },
        ),
        (
            "pvs-best-tt-iterative-step3",
            SearchConfig {
                iterative: true,
                deepening_step: 3,
                ..with(Algorithm::Pvs, "static,tt,killer,history", 16 << 20)
            },
        ),
        ("scout-none", with(Algorithm::Scout, "none", 0)),
        (
            "scout-static",
            with(Algorithm::Scout, "static,killer,history", 0),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let eval: std::sync::Arc<dyn Evaluator<Othello>> =
        Othello::heuristic("default").expect("default preset");
    let positions = [
        ("start", Othello::start()),
        (
            "midgame-10",
            Othello::parse_position("f5d6c3d3c4f4c5b3c2e6").expect("midgame"),
        ),
    ];
    let mut group = c.benchmark_group("othello-depth8");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    for (pname, pos) in &positions {
        let mut minimax_nodes = 0;
        for (name, config) in rows() {
            let r = search(pos, &*eval, &config, &StopToken::new());
            if config.algorithm == Algorithm::Minimax {
                minimax_nodes = r.stats.nodes;
            }
            eprintln!(
                "{pname:<11} {name:<24} nodes {:>10}  ({:.1}x fewer than minimax)  score {}",
                r.stats.nodes,
                minimax_nodes as f64 / r.stats.nodes.max(1) as f64,
                r.score
            );
            group.bench_function(format!("{pname}/{name}"), |b| {
                b.iter(|| search(black_box(pos), &*eval, &config, &StopToken::new()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
