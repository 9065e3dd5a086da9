//! Othello perft speed (leaves per second, single thread): `cargo bench -p ply-core --bench
//! othello_perft`. Depth 9 is measured by criterion; depth 11 once, printed as M leaves/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ply_core::games::othello::Othello;
use ply_core::{Game, perft};
use std::hint::black_box;
use std::time::Instant;

fn bench_perft(c: &mut Criterion) {
    let start = Othello::start();
    let mut group = c.benchmark_group("othello_perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(3_005_288));
    group.bench_function("depth9", |b| b.iter(|| perft(black_box(&start), 9)));
    group.finish();

    let began = Instant::now();
    let cpu_began = cpu_seconds();
    let leaves = perft(&start, 11);
    let secs = began.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_began).map(|(end, begin)| end - begin);
    println!(
        "othello perft(11) = {leaves} in {secs:.3} s: {:.1} M leaves/s (single thread, wall clock)",
        leaves as f64 / secs / 1e6
    );
    if let Some(cpu) = cpu {
        println!(
            "  on-CPU time {cpu:.3} s: {:.1} M leaves/s (what a quiet machine would show)",
            leaves as f64 / cpu / 1e6
        );
    }
}

/// This thread's time on a CPU (Linux `/proc/thread-self/schedstat`), so that a shared, busy
/// machine does not distort the figure; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
