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
    let leaves = perft(&start, 11);
    let secs = began.elapsed().as_secs_f64();
    println!(
        "othello perft(11) = {leaves} in {secs:.3} s: {:.1} M leaves/s (single thread)",
        leaves as f64 / secs / 1e6
    );
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
