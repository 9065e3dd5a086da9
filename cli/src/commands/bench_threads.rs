//! `ply bench othello --threads 1,2`: the parallel search's speed-up, side by side in one run.
//! Time to finish a depth (iterative PVS, the levels' orderings, one fresh table per search)
//! from middle-game positions of real games (WTHOR, plies 20-30), with each thread count in
//! turn on every position so that the machine's load falls on all of them alike; per position
//! the wall and CPU times, nodes and values, then the speed-up with a 95% interval (wall time,
//! and estimated from CPU time for a machine whose cores are free), and how fast a search on
//! each thread count stops when told to.

use crate::experiment::stats::{Interval, ratio_interval};
use anyhow::{Context, Result, bail};
use ply_core::games::othello::Othello;
use ply_core::record::wthor::decode_file;
use ply_core::search::{SearchConfig, Searcher, StopToken};
use ply_core::{Evaluator, Game};
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

/// What the mode measures.
pub struct Plan<'a> {
    pub threads: Vec<u32>,
    pub depth: u32,
    pub games: &'a Path,
    pub positions: usize,
    pub repeat: usize,
    pub tt_bytes: usize,
    pub probcut: Option<f64>,
    pub lean_frontier: bool,
    pub json: bool,
}

/// `--threads 1,2`: thread counts from 1 to 64, at least two of them.
pub fn parse_threads(text: &str) -> Result<Vec<u32>> {
    let threads = text
        .split(',')
        .map(|t| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=64).contains(n))
                .with_context(|| format!("--threads: '{t}' is not a thread count from 1 to 64"))
        })
        .collect::<Result<Vec<_>>>()?;
    if threads.len() < 2 {
        bail!("--threads: give at least two thread counts to compare, such as 1,2");
    }
    Ok(threads)
}

/// Middle-game positions of the file's games: the i-th chosen game at ply 20 + i mod 11, spread
/// over the file, every one distinct and with a move to play.
pub fn positions(games: &Path, count: usize) -> Result<Vec<(String, Othello)>> {
    let bytes = std::fs::read(games).with_context(|| format!("reading {}", games.display()))?;
    let file = decode_file(&bytes).with_context(|| format!("{}", games.display()))?;
    let n = file.games.len();
    if n == 0 {
        bail!("{}: no game", games.display());
    }
    let mut out: Vec<(String, Othello)> = Vec::new();
    let stride = (n / count.max(1)).max(1);
    for k in 0..n {
        if out.len() == count {
            break;
        }
        let g = (k * stride + k / n) % n;
        let plies = 20 + out.len() % 11;
        let Some(moves) = file.games[g].moves.get(..plies) else {
            continue;
        };
        let mut pos = Othello::start();
        for &mv in moves {
            pos.play(mv);
        }
        if pos.outcome().is_none() && out.iter().all(|(_, p)| *p != pos) {
            out.push((format!("game {} ply {plies}", g + 1), pos));
        }
    }
    if out.len() < count {
        bail!(
            "{}: only {} usable positions, {count} asked",
            games.display(),
            out.len()
        );
    }
    Ok(out)
}

/// One timed search.
struct Run {
    ms: f64,
    /// CPU time of all its threads.
    cpu_ms: Option<f64>,
    nodes: u64,
    score: i32,
    depth: u32,
    best: String,
}

fn timed(pos: &Othello, eval: &dyn Evaluator<Othello>, config: &SearchConfig) -> Run {
    let mut searcher = Searcher::new(config);
    let cpu = process_cpu_ms();
    let started = Instant::now();
    let r = searcher.search(pos, eval, &StopToken::new());
    Run {
        ms: started.elapsed().as_secs_f64() * 1e3,
        cpu_ms: cpu.zip(process_cpu_ms()).map(|(a, b)| b - a),
        nodes: r.stats.nodes,
        score: r.score,
        depth: r.depth,
        best: r.best_move.map_or("-".into(), |m| pos.format_move(m)),
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}

/// CPU time of the whole process in milliseconds, its ended threads included (POSIX
/// `CLOCK_PROCESS_CPUTIME_ID`); `None` where it cannot be read.
fn process_cpu_ms() -> Option<f64> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec for the call's duration.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
        (rc == 0).then(|| ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

pub fn run(plan: &Plan, eval: &dyn Evaluator<Othello>) -> Result<()> {
    let positions = positions(plan.games, plan.positions)?;
    let base = SearchConfig {
        depth: Some(plan.depth),
        iterative: true,
        tt_bytes: plan.tt_bytes,
        probcut: plan.probcut,
        lean_frontier: plan.lean_frontier,
        ..SearchConfig::default()
    };
    let load_before = load_average();
    let k = plan.threads.len();
    // wall[t][p], cpu[t][p]: the medians over the repeats of thread count t on position p.
    let mut wall = vec![vec![0.0; positions.len()]; k];
    let mut cpu = vec![vec![0.0; positions.len()]; k];
    if !plan.json {
        println!(
            "time to depth {} (iterative PVS, {} MiB table{}{}), median of {} run(s); load average {load_before} at the start",
            plan.depth,
            plan.tt_bytes >> 20,
            plan.probcut
                .map_or(String::new(), |t| format!(", ProbCut {t}")),
            if plan.lean_frontier {
                ", lean frontier"
            } else {
                ""
            },
            plan.repeat
        );
        print!("{:<16}", "position");
        for t in &plan.threads {
            print!(
                " {:>10} {:>10} {:>10}",
                format!("{t}t wall"),
                "cpu ms",
                "nodes"
            );
        }
        println!(" {:>6}  value move depth", "ratio");
    }
    for (p, (name, pos)) in positions.iter().enumerate() {
        let mut runs: Vec<Vec<Run>> = (0..k).map(|_| Vec::new()).collect();
        for _ in 0..plan.repeat.max(1) {
            for (i, &threads) in plan.threads.iter().enumerate() {
                runs[i].push(timed(pos, eval, &SearchConfig { threads, ..base }));
            }
        }
        let mut line = format!("{name:<16}");
        let mut values = Vec::new();
        for (i, r) in runs.iter_mut().enumerate() {
            r.sort_by(|a, b| a.ms.total_cmp(&b.ms));
            let median = &r[r.len() / 2];
            wall[i][p] = median.ms;
            cpu[i][p] = median.cpu_ms.unwrap_or(f64::NAN);
            line += &format!(
                " {:>10.1} {:>10.1} {:>10}",
                median.ms, cpu[i][p], median.nodes
            );
            values.push(format!("{} {} {}", median.score, median.best, median.depth));
            if plan.json {
                println!(
                    "{}",
                    json!({"position": name, "board": pos.format_position(), "threads": plan.threads[i],
                        "depth": median.depth, "wall_ms": median.ms, "cpu_ms": median.cpu_ms,
                        "nodes": median.nodes, "score": median.score, "best_move": median.best})
                );
            }
        }
        if !plan.json {
            let ratio = wall[0][p] / wall[k - 1][p];
            println!("{line} {ratio:>6.2}  {}", values.join(" | "));
        }
    }
    let (t0, t1) = (plan.threads[0], plan.threads[k - 1]);
    let speedup = ratio_interval(&wall[0], &wall[k - 1], 0.95);
    // On free cores each of t threads runs the whole time, so the wall time is the CPU time
    // over t: the speed-up this run would show on an idle machine (an estimate, assuming the
    // load changes the CPU time a node costs alike for every thread count).
    let scaled: Vec<f64> = cpu[k - 1].iter().map(|c| c / f64::from(t1)).collect();
    let scaled_first: Vec<f64> = cpu[0].iter().map(|c| c / f64::from(t0)).collect();
    let estimate = ratio_interval(&scaled_first, &scaled, 0.95);
    let load_after = load_average();
    if plan.json {
        println!(
            "{}",
            json!({"from_threads": t0, "to_threads": t1, "wall_speedup": speedup,
                "cpu_estimate_speedup": estimate, "load_before": load_before, "load_after": load_after})
        );
    } else {
        let show = |i: Option<Interval>| {
            i.map_or("n/a".into(), |i| {
                format!("{:.2}x (95% interval {:.2}-{:.2})", i.mean, i.lo, i.hi)
            })
        };
        println!(
            "speed-up {t0} -> {t1} threads over {} positions, geometric mean: wall {}; from CPU time, as on {t1} free cores: {}; load average {load_after} at the end",
            positions.len(),
            show(speedup),
            show(estimate)
        );
    }
    stop_latencies(plan, eval, &positions[0].1)
}

/// Searches stopped 50 ms after they start, 10 per thread count: the time from the stop to the
/// return.
fn stop_latencies(plan: &Plan, eval: &dyn Evaluator<Othello>, pos: &Othello) -> Result<()> {
    for &threads in &plan.threads {
        let config = SearchConfig {
            depth: Some(60),
            iterative: true,
            tt_bytes: plan.tt_bytes,
            probcut: plan.probcut,
            lean_frontier: plan.lean_frontier,
            threads,
            ..SearchConfig::default()
        };
        let mut latencies = Vec::new();
        std::thread::scope(|scope| {
            for _ in 0..10 {
                let token = StopToken::new();
                let remote = token.clone();
                let config = &config;
                let handle = scope.spawn(move || {
                    let _ = Searcher::new(config).search(pos, eval, &token);
                    Instant::now()
                });
                std::thread::sleep(Duration::from_millis(50));
                let asked = Instant::now();
                remote.stop();
                if let Ok(done) = handle.join() {
                    latencies.push(done.saturating_duration_since(asked).as_secs_f64() * 1e3);
                }
            }
        });
        latencies.sort_by(f64::total_cmp);
        let (median, max) = (
            latencies[latencies.len() / 2],
            latencies[latencies.len() - 1],
        );
        if plan.json {
            println!(
                "{}",
                json!({"threads": threads, "stop_latency_ms_median": median, "stop_latency_ms_max": max})
            );
        } else {
            println!(
                "stop latency, {threads} thread(s), 10 stops: median {median:.3} ms, max {max:.3} ms"
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_lists_are_checked() {
        assert_eq!(parse_threads("1, 2,4").ok(), Some(vec![1, 2, 4]));
        assert!(parse_threads("2").is_err());
        assert!(parse_threads("1,0").is_err());
        assert!(parse_threads("1,x").is_err());
        assert!(parse_threads("1,65").is_err());
    }

    #[test]
    fn positions_are_middle_games_of_the_file() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/wthor/WTH_1980.wtb");
        let ps = positions(&file, 10).expect("ten positions");
        assert_eq!(ps.len(), 10);
        for (i, (_, p)) in ps.iter().enumerate() {
            assert_eq!(64 - 4 - p.empty_count() as usize, 20 + i % 11, "{i}");
        }
    }
}
