//! Connect Four solver benchmark: mean time and mean nodes per position for each test file.
//!
//! `cargo bench -p ply-core --bench connect4_solver -- [FILE...] [--weak] [--limit N] [--tt-mb M]
//! [--threads T]` (with T > 1 the cpu column is the whole process's)
//! `cargo bench -p ply-core --bench connect4_solver -- --empty [--weak]` solves the empty board.
//! FILE is a name in `tests/data/connect4/` (default: end.txt middle.txt begin.txt Test_L3_R1
//! Test_L2_R1 Test_L2_R2 Test_L1_R1). As in Pons' own test protocol, the table is cleared before
//! every position and only the solve itself is timed. Every score is checked against the file.

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::solve::connect4::Solver;
use std::time::{Duration, Instant};

mod support;
use support::{process_cpu_time, thread_cpu_time};

fn main() {
    let mut files = Vec::new();
    let mut weak = false;
    let mut limit = usize::MAX;
    let mut tt_mb = 64;
    let mut empty = false;
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--bench" => {}
            "--empty" => empty = true,
            "--weak" => weak = true,
            "--limit" => limit = args.next().and_then(|v| v.parse().ok()).unwrap_or(limit),
            "--tt-mb" => tt_mb = args.next().and_then(|v| v.parse().ok()).unwrap_or(tt_mb),
            "--threads" => threads = args.next().and_then(|v| v.parse().ok()).unwrap_or(threads),
            other if other.starts_with("--") => {}
            other => files.push(other.to_string()),
        }
    }
    if files.is_empty() {
        files = [
            "end.txt",
            "middle.txt",
            "begin.txt",
            "Test_L3_R1",
            "Test_L2_R1",
            "Test_L2_R2",
            "Test_L1_R1",
        ]
        .map(String::from)
        .to_vec();
    }
    let mut solver = Solver::new(tt_mb << 20);
    solver.set_threads(threads);
    let cpu_time = if threads > 1 {
        process_cpu_time
    } else {
        thread_cpu_time
    };
    if empty {
        // The whole game: minutes to hours, so only on request.
        let cpu_start = cpu_time();
        let started = Instant::now();
        let score = if weak {
            solver.solve_weak(&ConnectFour::start())
        } else {
            solver.solve(&ConnectFour::start())
        };
        let cpu = match (cpu_start, cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => Duration::ZERO,
        };
        println!(
            "empty board: score {score} ({}), wall {:.1?}, cpu {:.1?}, {} nodes, table {} MiB",
            if weak { "weak" } else { "strong" },
            started.elapsed(),
            cpu,
            solver.nodes(),
            solver.table_bytes() >> 20
        );
        return;
    }
    println!(
        "{:<12} {:>6} {:>12} {:>12} {:>14} {:>10} {:>6} {:>5}  ({}, table {} MiB, {threads} threads)",
        "file",
        "pos",
        "mean wall",
        "mean cpu",
        "mean nodes",
        "Mnodes/s",
        "wrong",
        "busy",
        if weak { "weak" } else { "strong" },
        solver.table_bytes() >> 20
    );
    for file in &files {
        let path = format!(
            "{}/../tests/data/connect4/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("cannot read {path}");
            continue;
        };
        let mut total = Duration::ZERO;
        let mut cpu = Duration::ZERO;
        let mut nodes = 0u64;
        let mut count = 0u64;
        let mut wrong = 0;
        let mut busy = 0.0;
        for line in text.lines().take(limit) {
            let mut parts = line.split_whitespace();
            let (Some(moves), Some(score)) = (parts.next(), parts.next()) else {
                continue;
            };
            let (Ok(pos), Ok(expected)) =
                (ConnectFour::parse_position(moves), score.parse::<i32>())
            else {
                eprintln!("bad line in {file}: {line}");
                continue;
            };
            solver.reset();
            let cpu_start = cpu_time();
            let started = Instant::now();
            let got = if weak {
                solver.solve_weak(&pos)
            } else {
                solver.solve(&pos)
            };
            let wall = started.elapsed();
            total += wall;
            if let (Some(a), Some(b)) = (cpu_start, cpu_time()) {
                cpu += b.saturating_sub(a);
            }
            nodes += solver.nodes();
            busy += solver.mean_busy_threads() * wall.as_secs_f64();
            count += 1;
            let expected = if weak { expected.signum() } else { expected };
            if got != expected {
                wrong += 1;
                eprintln!("{file}: {moves} expected {expected}, got {got}");
            }
        }
        if count == 0 {
            continue;
        }
        let secs = if cpu > Duration::ZERO { cpu } else { total }.as_secs_f64();
        println!(
            "{:<12} {:>6} {:>12} {:>12} {:>14.1} {:>10.2} {:>6} {:>5.2}",
            file,
            count,
            format!("{:.3?}", total / count as u32),
            format!("{:.3?}", cpu / count as u32),
            nodes as f64 / count as f64,
            nodes as f64 / secs / 1e6,
            wrong,
            busy / total.as_secs_f64()
        );
    }
}
