//! Exact-solve cost of Othello positions, one thread: value, nodes and CPU seconds of this
//! thread (`/proc/thread-self/schedstat`, so a loaded machine inflates wall time, not these)
//! for each position, and the totals. For comparing two builds of the solver on the same
//! positions (interleave their runs).
//!
//! `cargo run --release -p ply-core --example othello_solve_bench FILE [FIRST COUNT [TT_MB]]`:
//! FILE holds one position a line (`.obf`: board, side, optional `; move:score` list); lines
//! FIRST (1-based, default 1) to FIRST + COUNT - 1 (default all); a table of TT_MB MiB
//! (default 64).

use ply_core::games::othello::parse_obf;
use ply_core::solve::othello::solve;

/// CPU time this thread has run, in seconds (`None` where the kernel does not say).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns * 1e-9)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: othello_solve_bench FILE [FIRST COUNT [TT_MB]]");
        std::process::exit(2);
    };
    let number =
        |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (first, count, tt_mb) = (number(1, 1), number(2, usize::MAX), number(3, 64));
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let (mut total_nodes, mut total_cpu) = (0u64, 0.0);
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .skip(first.saturating_sub(1))
        .take(count)
    {
        let entry = match parse_obf(line) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("line {}: {e:?}", i + 1);
                continue;
            }
        };
        let before = thread_cpu_seconds().unwrap_or(0.0);
        let r = solve(&entry.position, tt_mb << 20, None);
        let cpu = thread_cpu_seconds().unwrap_or(0.0) - before;
        let published = entry.best_score();
        let mark = match published {
            Some(p) if p != r.score => " MISMATCH",
            _ => "",
        };
        println!(
            "line {:>3} empties {:>2} value {:+3} nodes {:>11} cpu {:8.3}{mark}",
            i + 1,
            entry.position.empty_count(),
            r.score,
            r.nodes,
            cpu
        );
        total_nodes += r.nodes;
        total_cpu += cpu;
    }
    println!("total nodes {total_nodes} cpu {total_cpu:.3}");
}
