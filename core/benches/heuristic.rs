//! Evaluations per second for every game's default heuristic, and the Othello comparison the
//! issue asks for: the full evaluation (every factor) against the move generation it sits under
//! (generating the moves of a position and playing each of them).
//!
//! The Othello comparison runs twice: on wall-clock time (criterion's default) and on the
//! thread's CPU time (`othello-cpu/...`), which leaves out the time the thread waits for a core
//! while other builds run on this shared machine. Both evaluations and the move generation run
//! on the same positions, alternating, so the ratio is what to read.
//!
//! `cargo bench -p ply-core --bench heuristic` (`-- othello-cpu` for the comparison alone)

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::{Othello, OthelloMove};
use ply_core::heuristic::{HasHeuristic, Weight, WeightedEvaluator, Weights};
use ply_core::{Evaluator, Game};
use std::hint::black_box;
use std::sync::Arc;

mod support;

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
    c.bench_function(label, |b| b.iter(|| evaluate_all(eval, set)));
}

/// The sum of `eval` over `set` (so the evaluations cannot be optimised away).
fn evaluate_all<G: Game, E: Evaluator<G> + ?Sized>(eval: &E, set: &[G]) -> i64 {
    set.iter()
        .map(|p| i64::from(eval.evaluate(black_box(p))))
        .sum()
}

/// The Othello positions, the `default` evaluator and one with every factor at weight 1.
fn othello_setup() -> (Vec<Othello>, OthelloEval, OthelloEval) {
    let othello = positions::<Othello>(40);
    let mut all = Weights::default();
    for f in Othello::heuristic_factors() {
        all.weights.insert(f.name.to_string(), Weight::Flat(1.0));
    }
    let full = WeightedEvaluator::<Othello>::new(&all).unwrap_or_else(|e| panic!("{e}"));
    let default = Othello::heuristic("default").unwrap_or_else(|e| panic!("{e}"));
    (othello, default, Arc::new(full))
}

type OthelloEval = Arc<dyn Evaluator<Othello>>;

/// Generating the moves of every position and playing each of them: what one node of a search
/// costs besides its evaluation.
fn movegen_and_play(set: &[Othello], buf: &mut Vec<OthelloMove>) -> u64 {
    let mut total = 0u64;
    for p in set {
        p.legal_moves(buf);
        for &mv in buf.iter() {
            let mut child = *p;
            child.play(mv);
            black_box(&child);
            total += 1;
        }
    }
    total
}

fn benches(c: &mut Criterion) {
    let (othello, default, full) = othello_setup();
    let connect4 = positions::<ConnectFour>(60);
    let draughts = positions::<Draughts>(20);
    eprintln!(
        "positions per iteration: othello {}, connect4 {}, checkers {}",
        othello.len(),
        connect4.len(),
        draughts.len()
    );
    eval_bench(c, "othello/eval-default", default.as_ref(), &othello);
    eval_bench(c, "othello/eval-all-factors", full.as_ref(), &othello);
    c.bench_function("othello/movegen-and-play-children", |b| {
        let mut buf = Vec::new();
        b.iter(|| movegen_and_play(&othello, &mut buf))
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
        group.bench_function(f, |b| b.iter(|| evaluate_all(&eval, &othello)));
    }
    group.finish();
    let c4 = ConnectFour::heuristic("default").unwrap_or_else(|e| panic!("{e}"));
    eval_bench(c, "connect4/eval-default", c4.as_ref(), &connect4);
    let dr = Draughts::heuristic("default").unwrap_or_else(|e| panic!("{e}"));
    eval_bench(c, "checkers/eval-default", dr.as_ref(), &draughts);
}

/// The comparison again, on CPU time.
fn cpu_benches(c: &mut Criterion<ThreadCpuTime>) {
    let (othello, default, full) = othello_setup();
    let mut group = c.benchmark_group("othello-cpu");
    let mut buf = Vec::new();
    group.bench_function("movegen-and-play-children", |b| {
        b.iter(|| movegen_and_play(&othello, &mut buf))
    });
    for (name, eval) in [("eval-default", &default), ("eval-all-factors", &full)] {
        group.bench_function(name, |b| b.iter(|| evaluate_all(eval.as_ref(), &othello)));
    }
    group.finish();
}

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), in nanoseconds.
struct ThreadCpuTime;

fn thread_cpu_ns() -> u64 {
    let t = support::thread_cpu_time().expect("clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.as_nanos() as u64
}

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Shows CPU nanoseconds like criterion shows wall time (ns, µs, ms, s).
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical < 1e3 {
            (1.0, "ns cpu")
        } else if typical < 1e6 {
            (1e-3, "µs cpu")
        } else if typical < 1e9 {
            (1e-6, "ms cpu")
        } else {
            (1e-9, "s cpu")
        };
        for v in values.iter_mut() {
            *v *= factor;
        }
        unit
    }
    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &criterion::Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per = match *throughput {
            criterion::Throughput::Elements(n) | criterion::Throughput::Bytes(n) => n as f64,
            _ => 1.0,
        };
        for v in values.iter_mut() {
            *v = per * 1e9 / *v;
        }
        "elem/s cpu"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

criterion_group!(heuristic, benches);
criterion_group! {
    name = heuristic_cpu;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = cpu_benches
}
criterion_main!(heuristic, heuristic_cpu);
