//! Evaluations per second for every game's default heuristic, and the Othello comparison the
//! issue asks for: the full evaluation (every factor) against the move generation it sits under
//! (generating the moves of a position and playing each of them).
//!
//! `cargo bench -p ply-core --bench heuristic`

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::heuristic::{HasHeuristic, Weight, WeightedEvaluator, Weights};
use ply_core::{Evaluator, Game};
use std::hint::black_box;

fn positions<G: Game>(games: usize) -> Vec<G> {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..games {
        let mut pos = G::start();
        loop {
            pos.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            out.push(pos);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play(buf[(state % buf.len() as u64) as usize]);
        }
    }
    out
}

fn eval_bench<G: HasHeuristic>(c: &mut Criterion, label: &str, eval: &dyn Evaluator<G>, set: &[G]) {
    c.bench_function(label, |b| {
        b.iter(|| {
            let mut total = 0i64;
            for p in set {
                total += i64::from(eval.evaluate(black_box(p)));
            }
            total
        })
    });
}

fn benches(c: &mut Criterion) {
    let othello = positions::<Othello>(40);
    let connect4 = positions::<ConnectFour>(60);
    let draughts = positions::<Draughts>(20);
    eprintln!(
        "positions per iteration: othello {}, connect4 {}, checkers {}",
        othello.len(),
        connect4.len(),
        draughts.len()
    );
    let mut all = Weights::default();
    for f in Othello::heuristic_factors() {
        all.weights.insert(f.name.to_string(), Weight::Flat(1.0));
    }
    let full = WeightedEvaluator::<Othello>::new(&all).unwrap_or_else(|e| panic!("{e}"));
    let default = Othello::heuristic("default").unwrap_or_else(|e| panic!("{e}"));
    eval_bench(c, "othello/eval-default", default.as_ref(), &othello);
    eval_bench(c, "othello/eval-all-factors", &full, &othello);
    c.bench_function("othello/movegen-and-play-children", |b| {
        let mut buf = Vec::new();
        b.iter(|| {
            let mut total = 0u64;
            for p in &othello {
                p.legal_moves(&mut buf);
                for &mv in buf.iter() {
                    let mut child = *p;
                    child.play(mv);
                    black_box(&child);
                    total += 1;
                }
            }
            total
        })
    });
    // Each factor alone (weight 1, everything else 0), and no factor at all: what every factor
    // costs on top of the fixed part (both sides' move masks, the terminal test, the sum).
    let mut group = c.benchmark_group("othello/factor");
    for f in Othello::heuristic_factors()
        .iter()
        .map(|f| f.name)
        .chain(std::iter::once("none"))
    {
        let mut w = Weights::default();
        if f != "none" {
            w.weights.insert(f.to_string(), Weight::Flat(1.0));
        }
        let eval = WeightedEvaluator::<Othello>::new(&w).unwrap_or_else(|e| panic!("{e}"));
        group.bench_function(f, |b| {
            b.iter(|| {
                let mut total = 0i64;
                for p in &othello {
                    total += i64::from(eval.evaluate(black_box(p)));
                }
                total
            })
        });
    }
    group.finish();
    let c4 = ConnectFour::heuristic("default").unwrap_or_else(|e| panic!("{e}"));
    eval_bench(c, "connect4/eval-default", c4.as_ref(), &connect4);
    let dr = Draughts::heuristic("default").unwrap_or_else(|e| panic!("{e}"));
    eval_bench(c, "checkers/eval-default", dr.as_ref(), &draughts);
}

criterion_group!(heuristic, benches);
criterion_main!(heuristic);
