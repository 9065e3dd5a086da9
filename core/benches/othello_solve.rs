//! Othello endgame solver on FFO #40-#59: time and nodes per position, single thread.
//! `cargo bench -p ply-core --bench othello_solve` (all 20 positions, once each, printed as a
//! table), or with `FFO=40-44` to choose a range. Criterion times FFO #40 repeatedly.
//! With `THREADS=1,2` it instead solves each position with each thread count in turn and prints
//! their wall times side by side, with the ratio of the totals to the first count's.

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::games::othello::parse_obf;
use ply_core::solve::othello::{solve, solve_parallel};
use std::hint::black_box;

mod support;

const TT_BYTES: usize = 64 << 20;
const FFO_40_59: &str = include_str!("../../tests/data/othello/fforum-40-59.obf");

fn range() -> (usize, usize) {
    let spec = std::env::var("FFO").unwrap_or_else(|_| "40-59".into());
    let mut parts = spec
        .split('-')
        .filter_map(|s| s.trim().parse::<usize>().ok());
    let first = parts.next().unwrap_or(40).clamp(40, 59);
    let last = parts.next().unwrap_or(first).clamp(first, 59);
    (first, last)
}

fn bench_solve(c: &mut Criterion) {
    let entries: Vec<_> = FFO_40_59
        .lines()
        .filter_map(|l| parse_obf(l).ok())
        .collect();
    let (first, last) = range();
    if let Ok(spec) = std::env::var("THREADS") {
        let counts: Vec<usize> = spec
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .filter(|&t| t > 0)
            .collect();
        compare_threads(&entries, first, last, &counts);
        return;
    }
    let (mut total_secs, mut total_nodes) = (0.0, 0u64);
    println!("  #  empties  score  move      nodes   wall s    cpu s  M nodes/s(cpu)");
    for (i, entry) in entries.iter().enumerate().take(last - 39).skip(first - 40) {
        let cpu_began = cpu_seconds();
        let r = solve(&entry.position, TT_BYTES, None);
        let wall = r.elapsed.as_secs_f64();
        let secs = cpu_seconds()
            .zip(cpu_began)
            .map_or(wall, |(end, begin)| end - begin);
        let ok = Some(r.score) == entry.best_score();
        println!(
            "{:3}  {:7}  {:+5}  {:4}  {:11}  {wall:7.3}  {secs:7.3}  {:6.1}{}",
            40 + i,
            entry.position.empty_count(),
            r.score,
            r.best_move.map(|m| m.to_string()).unwrap_or_default(),
            r.nodes,
            r.nodes as f64 / secs / 1e6,
            if ok { "" } else { "  WRONG" }
        );
        total_secs += secs;
        total_nodes += r.nodes;
    }
    println!("total: {total_nodes} nodes in {total_secs:.3} s on-CPU");

    let ffo40 = entries[0].position;
    let mut group = c.benchmark_group("othello_solve");
    group.sample_size(10);
    group.bench_function("ffo40", |b| {
        b.iter(|| solve(black_box(&ffo40), TT_BYTES, None).score)
    });
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);

/// This thread's time on a CPU in seconds, so that a shared, busy machine does not distort the
/// figure; `None` where unavailable (then wall time is shown twice).
fn cpu_seconds() -> Option<f64> {
    support::thread_cpu_time().map(|t| t.as_secs_f64())
}

/// Each position solved with each thread count in turn (interleaved, so that a change of the
/// machine's load hits every count alike): wall seconds side by side.
fn compare_threads(
    entries: &[ply_core::games::othello::ObfEntry],
    first: usize,
    last: usize,
    counts: &[usize],
) {
    let head: Vec<String> = counts
        .iter()
        .map(|t| format!("{t:>2} thr: wall s   cpu s   M nodes  busy"))
        .collect();
    println!("  #  empties  score  {}", head.join("  "));
    let mut totals = vec![0.0; counts.len()];
    let mut nodes = vec![0u64; counts.len()];
    let mut busy = vec![0.0; counts.len()];
    for (i, entry) in entries.iter().enumerate().take(last - 39).skip(first - 40) {
        let mut row = Vec::new();
        let mut score = None;
        for (k, &t) in counts.iter().enumerate() {
            let cpu_began = support::process_cpu_time();
            let r = solve_parallel(&entry.position, TT_BYTES, t, None, None);
            let wall = r.elapsed.as_secs_f64();
            let cpu = support::process_cpu_time()
                .zip(cpu_began)
                .map_or(wall, |(end, begin)| (end - begin).as_secs_f64());
            let ok = Some(r.score) == entry.best_score();
            totals[k] += wall;
            nodes[k] += r.nodes;
            busy[k] += r.mean_busy_threads * wall;
            row.push(format!(
                "{wall:14.3}  {cpu:6.3}  {:8.1}  {:4.2}{}",
                r.nodes as f64 / 1e6,
                r.mean_busy_threads,
                if ok { "" } else { " WRONG" }
            ));
            score = Some(r.score);
        }
        println!(
            "{:3}  {:7}  {:+5}  {}",
            40 + i,
            entry.position.empty_count(),
            score.unwrap_or(0),
            row.join("  ")
        );
    }
    let ratios: Vec<String> = totals
        .iter()
        .zip(counts)
        .zip(nodes.iter().zip(&busy))
        .map(|((s, t), (n, b))| {
            format!(
                "{t} threads {s:.3} s ({:.2}x), nodes {:.2}x, {:.2} threads busy",
                totals[0] / s,
                *n as f64 / nodes[0] as f64,
                b / s
            )
        })
        .collect();
    println!("total wall: {}", ratios.join("; "));
}
