//! `ply bench`: node counts per algorithm and move ordering at a fixed depth (the History-ADS
//! paper's Othello setup: depth 8 from the start and from a 10-ply midgame), the ratio to plain
//! minimax, milliseconds per search, and how fast a running search stops when told to. Where
//! plain minimax's tree is small enough, the minimal alpha-beta tree is shown as the floor
//! ("oracle" rows), and iterative deepening with several steps per iteration has rows of its own.
//! Use a release build (`cargo run --release -p ply-cli -- bench`).

use crate::commands::bench_threads;
use crate::commands::search::evaluator;
use crate::games::TwoPlayerGameArgs;
use anyhow::{Result, anyhow, bail};
use ply_core::Game;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::minimal_tree::minimal_tree;
use ply_core::search::{Algorithm, OrderingConfig, SearchConfig, StopToken, search};
use serde_json::json;
use std::time::{Duration, Instant};

/// The 10-ply Othello midgame of the benchmark (a common opening line).
pub const OTHELLO_MIDGAME: &str = "f5d6c3d3c4f4c5b3c2e6";

#[derive(clap::Args)]
pub struct Args {
    /// The game; --position replaces the default positions (start, and for Othello a 10-ply midgame).
    #[command(flatten)]
    pub game: TwoPlayerGameArgs,
    /// Search depth.
    #[arg(long, short = 'd', default_value_t = 8)]
    pub depth: u32,
    /// Comma-separated algorithms to measure.
    #[arg(long, default_value = "minimax,alphabeta,pvs,scout")]
    pub algos: String,
    /// Semicolon-separated ordering sets (each a comma list as for `ply search --ordering`).
    #[arg(
        long,
        default_value = "none;static;killer;history;ads-mtf;ads-transpose;static,tt,killer,history"
    )]
    pub orderings: String,
    /// History-ADS length bound.
    #[arg(long)]
    pub ads_limit: Option<usize>,
    /// Table size in MiB for the rows that use one (`tt` in the ordering set).
    #[arg(long, default_value_t = 16)]
    pub tt_mb: usize,
    /// Heuristic preset.
    #[arg(long, default_value = "default")]
    pub heuristic: String,
    /// Skip plain minimax above this depth (it is the slow baseline).
    #[arg(long, default_value_t = 8)]
    pub minimax_max_depth: u32,
    /// Deepen iteratively (1, 2, ..., depth) in every row except minimax.
    #[arg(long)]
    pub iterative: bool,
    /// Extra rows: iterative deepening with these steps (comma list; 2 = 2, 4, ..., depth) for
    /// alpha-beta and PVS with the `--deepening-ordering` set and the table. Empty = none.
    #[arg(long, default_value = "1,2,3")]
    pub deepening_steps: String,
    /// Ordering set of the deepening rows.
    #[arg(long, default_value = "static,tt,killer,history")]
    pub deepening_ordering: String,
    /// Compute the minimal alpha-beta tree (the floor under every search at this depth) when
    /// plain minimax's tree has at most this many nodes (it costs a full minimax over the
    /// distinct positions, plus memory for each).
    #[arg(long, default_value_t = 5_000_000)]
    pub minimal_tree_max: u64,
    /// Print JSON lines instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Othello: measure the parallel search instead, with these thread counts side by side
    /// (e.g. 1,2): time to --depth from middle-game positions of the real games of --games,
    /// the speed-up of the last count over the first with its 95% interval, stop latencies.
    #[arg(long)]
    pub threads: Option<String>,
    /// With --threads: the WTHOR file whose games give the positions (plies 20-30).
    #[arg(long, default_value = "tests/data/wthor/WTH_1980.wtb")]
    pub games: std::path::PathBuf,
    /// With --threads: how many positions.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub positions: u64,
    /// With --threads: runs of each search, the median timed.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100))]
    pub repeat: u64,
    /// With --threads: Multi-ProbCut's confidence (as `ply search --probcut`).
    #[arg(long)]
    pub probcut: Option<f64>,
    /// With --threads: search the nodes one ply above the horizon without the table or null-window
    /// probes, as the apps' levels do (as `ply search --lean-frontier`).
    #[arg(long)]
    pub lean_frontier: bool,
}

pub fn run(args: Args) -> Result<()> {
    if let Some(threads) = &args.threads {
        if args.game.game != ply_core::games::GameKind::Othello {
            bail!("--threads measures Othello's middle game, not another game");
        }
        if let Some(t) = args.probcut
            && !ply_core::search::probcut::is_confidence(t)
        {
            bail!("--probcut {t}: want a confidence above 0 and at most 10 standard deviations");
        }
        if args.depth == 0 {
            bail!("--depth must be at least 1");
        }
        let plan = bench_threads::Plan {
            threads: bench_threads::parse_threads(threads)?,
            depth: args.depth,
            games: &args.games,
            positions: args.positions as usize,
            repeat: args.repeat as usize,
            tt_bytes: args.tt_mb << 20,
            probcut: args.probcut,
            lean_frontier: args.lean_frontier,
            json: args.json,
        };
        let eval = evaluator::<ply_core::games::othello::Othello>(&args.heuristic)?;
        return bench_threads::run(&plan, &*eval);
    }
    ply_core::with_game_kind!(args.game.game,
        two_player G => bench::<G>(&args),
        multi m => Err(crate::games::two_player_only(m)))
}

fn bench<G: HasHeuristic>(args: &Args) -> Result<()> {
    let eval = evaluator::<G>(&args.heuristic)?;
    let mut positions: Vec<(String, G)> = Vec::new();
    if args.game.position.is_some() {
        positions.push(("given".into(), args.game.position::<G>()?));
    } else {
        positions.push(("start".into(), G::start()));
        if G::NAME == "othello" {
            let mid = G::parse_position(OTHELLO_MIDGAME).map_err(|e| anyhow!("midgame: {e}"))?;
            positions.push(("midgame-10".into(), mid));
        }
    }
    let algos = args
        .algos
        .split(',')
        .map(|a| {
            a.trim()
                .parse::<Algorithm>()
                .map_err(|e| anyhow!("--algos: {e}"))
        })
        .collect::<Result<Vec<_>>>()?;
    let orderings = args
        .orderings
        .split(';')
        .map(|o| {
            OrderingConfig::parse_list(o, args.ads_limit, false)
                .map(|c| (o.trim().to_string(), c))
                .map_err(|e| anyhow!("--orderings: {e}"))
        })
        .collect::<Result<Vec<_>>>()?;

    let steps = args
        .deepening_steps
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            s.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| anyhow!("--deepening-steps: '{s}' is not a positive number"))
        })
        .collect::<Result<Vec<_>>>()?;
    let deepening_ordering =
        OrderingConfig::parse_list(&args.deepening_ordering, args.ads_limit, false)
            .map_err(|e| anyhow!("--deepening-ordering: {e}"))?;

    if !args.json {
        println!(
            "{:<11} {:<10} {:<32} {:>12} {:>10} {:>10} {:>10} {:>9}",
            "position",
            "algorithm",
            "ordering",
            "nodes",
            "vs minimax",
            "wall ms",
            "cpu ms",
            "score"
        );
    }
    for (name, pos) in &positions {
        let mut minimax_nodes = None;
        for &algo in &algos {
            let rows: Vec<(String, OrderingConfig, Option<u32>)> = if algo == Algorithm::Minimax {
                if args.depth > args.minimax_max_depth {
                    continue;
                }
                vec![("none".into(), OrderingConfig::none(), None)]
            } else {
                let mut rows: Vec<_> = orderings
                    .iter()
                    .map(|(n, o)| (n.clone(), *o, None))
                    .collect();
                if matches!(algo, Algorithm::AlphaBeta | Algorithm::Pvs) {
                    rows.extend(steps.iter().map(|&step| {
                        let name = format!("{} id+{step}", args.deepening_ordering.trim());
                        (name, deepening_ordering, Some(step))
                    }));
                }
                rows
            };
            for (oname, ordering, step) in rows {
                let tt_bytes = if ordering.tt_move && algo != Algorithm::Scout {
                    args.tt_mb << 20
                } else {
                    0
                };
                let config = SearchConfig {
                    algorithm: algo,
                    depth: Some(args.depth),
                    ordering,
                    tt_bytes,
                    iterative: (args.iterative || step.is_some()) && algo != Algorithm::Minimax,
                    deepening_step: step.unwrap_or(1),
                    ..SearchConfig::default()
                };
                // Repeat short searches so the per-search times are averages, not clock noise.
                let cpu_before = thread_cpu_ms();
                let started = Instant::now();
                let mut reps = 0u32;
                let r = loop {
                    let r = search(pos, &*eval, &config, &StopToken::new());
                    reps += 1;
                    if started.elapsed() >= Duration::from_millis(300) || reps >= 200 {
                        break r;
                    }
                };
                let wall_ms = started.elapsed().as_secs_f64() * 1e3 / f64::from(reps);
                let cpu_ms = thread_cpu_ms()
                    .zip(cpu_before)
                    .map(|(a, b)| (a - b) / f64::from(reps));
                if algo == Algorithm::Minimax {
                    minimax_nodes = Some(r.stats.nodes);
                    if r.stats.nodes <= args.minimal_tree_max {
                        print_minimal_tree(pos, &*eval, name, args.depth, args.json);
                    }
                }
                let ratio = minimax_nodes.map(|m| m as f64 / r.stats.nodes.max(1) as f64);
                let oname = if tt_bytes > 0 {
                    oname
                } else {
                    oname.replace("tt,", "").replace(",tt", "")
                };
                if args.json {
                    println!(
                        "{}",
                        json!({
                            "game": G::NAME, "position": name, "depth": args.depth,
                            "algorithm": algo.name(), "ordering": oname, "tt_bytes": tt_bytes,
                            "iterative": config.iterative, "deepening_step": config.deepening_step,
                            "nodes": r.stats.nodes, "leaf_evals": r.stats.leaf_evals,
                            "minimax_ratio": ratio, "time_ms": wall_ms, "cpu_ms": cpu_ms, "repetitions": reps,
                            "score": r.score,
                        })
                    );
                } else {
                    println!(
                        "{:<11} {:<10} {:<32} {:>12} {:>10} {:>10.1} {:>10} {:>9}",
                        name,
                        algo.name(),
                        oname,
                        r.stats.nodes,
                        ratio.map_or("-".into(), |x| format!("{x:.1}x")),
                        wall_ms,
                        cpu_ms.map_or("-".into(), |x| format!("{x:.1}")),
                        r.score
                    );
                }
            }
        }
    }
    stop_latency::<G>(&*eval, args.json)
}

/// The floor under the search rows: the minimal alpha-beta tree (`search::minimal_tree`), as a
/// tree, with transpositions merged, and as perfect best-first ordering would visit it.
fn print_minimal_tree<G: Game>(
    pos: &G,
    eval: &dyn ply_core::Evaluator<G>,
    name: &str,
    depth: u32,
    json_out: bool,
) {
    let m = minimal_tree(pos, eval, depth);
    let ratio = |n: u64| m.minimax_nodes as f64 / n.max(1) as f64;
    if json_out {
        println!(
            "{}",
            json!({
                "game": G::NAME, "position": name, "depth": depth, "minimal_tree": m,
                "minimax_ratio": ratio(m.tree_nodes),
                "merged_minimax_ratio": ratio(m.merged_nodes),
            })
        );
        return;
    }
    for (label, nodes) in [
        ("minimal tree", m.tree_nodes),
        ("minimal, transpositions merged", m.merged_nodes),
        ("perfect best-first ordering", m.best_first_nodes),
    ] {
        println!(
            "{:<11} {:<10} {:<32} {:>12} {:>10} {:>10} {:>10} {:>9}",
            name,
            "oracle",
            label,
            nodes,
            format!("{:.1}x", ratio(nodes)),
            "-",
            "-",
            m.value
        );
    }
}

/// CPU time of this thread in milliseconds (Linux: `/proc/thread-self/schedstat`), so the figures
/// mean something on a loaded machine; `None` elsewhere.
fn thread_cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

/// Starts long searches on another thread, stops them, and reports how long they took to return.
fn stop_latency<G: Game>(eval: &dyn ply_core::Evaluator<G>, json_out: bool) -> Result<()> {
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    let runs = 10u32;
    std::thread::scope(|scope| {
        for i in 0..runs {
            let token = StopToken::new();
            let remote = token.clone();
            let algo = Algorithm::ALL[i as usize % Algorithm::ALL.len()];
            let config = SearchConfig {
                algorithm: algo,
                depth: Some(30),
                mcts: ply_core::search::MctsConfig {
                    playouts: None,
                    ..Default::default()
                },
                ..SearchConfig::default()
            };
            let handle = scope.spawn(move || {
                let _ = search(&G::start(), eval, &config, &token);
                Instant::now()
            });
            std::thread::sleep(Duration::from_millis(50));
            let asked = Instant::now();
            remote.stop();
            if let Ok(done) = handle.join() {
                let latency = done.saturating_duration_since(asked);
                worst = worst.max(latency);
                total += latency;
            }
        }
    });
    let mean = total / runs;
    if json_out {
        println!(
            "{}",
            json!({"stop_latency_ms_mean": mean.as_secs_f64() * 1e3, "stop_latency_ms_max": worst.as_secs_f64() * 1e3})
        );
    } else {
        println!(
            "stop latency over {runs} searches: mean {:.3} ms, max {:.3} ms (goal < 10 ms)",
            mean.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        );
    }
    Ok(())
}
