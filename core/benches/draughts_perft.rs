//! Draughts move-generation speed: perft with bulk counting at the last ply, single thread.
//! Run: `cargo bench -p ply-core --bench draughts_perft`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ply_core::games::draughts::Draughts;
use ply_core::{Game, perft};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("draughts_perft");
    group.sample_size(10);
    let start = Draughts::start();
    for depth in [8u32, 9] {
        let leaves = perft(&start, depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    // A king-heavy middle game position (pdn.md spec example) stresses capture search.
    let kings = Draughts::parse_position("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    if let Ok(kings) = kings {
        let leaves = perft(&kings, 7);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function("kings_depth_7", |b| b.iter(|| perft(black_box(&kings), 7)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
