//! Stopping the parallel search: from 1 to 8 threads, many stops at random moments (before the
//! threads start, in the first iterations, deep in the search) while every search thread is
//! busy. Every search returns, without a panic, with a legal move; no thread outlives it (the
//! process's thread count is back where it was). One test in a binary of its own, so the
//! thread count is this test's alone.
//!
//! The latency bound asserted only catches a hang (the machine is shared: a runnable thread
//! can wait for a core); the latencies are printed with `--nocapture` and reported in
//! docs/performance.md.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{SearchConfig, Searcher, StopToken};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Threads of this process, from Linux's `/proc` (None elsewhere).
fn process_threads() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
}

/// A small deterministic generator for the stop moments.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

#[test]
fn stops_at_random_moments_from_every_thread_count_return_promptly_and_leave_no_thread() {
    let eval: Arc<dyn ply_core::Evaluator<Othello>> =
        Othello::heuristic("pattern").expect("pattern weights");
    let pos = Othello::parse_position("f5d6c3d3c4f4c5b3c2e6c6b4").expect("opening");
    let baseline = process_threads();

    let mut rng = 0x5eed_u64;
    let mut latencies = Vec::new();
    for threads in [1u32, 2, 3, 4, 8] {
        let config = SearchConfig {
            depth: Some(60),
            iterative: true,
            tt_bytes: 2 << 20,
            threads,
            ..SearchConfig::default()
        };
        // One searcher per thread count, reused: later searches start from a warm table.
        let searcher = Arc::new(std::sync::Mutex::new(Searcher::<Othello>::new(&config)));
        for round in 0..30 {
            let token = StopToken::new();
            let (remote, searcher, eval) =
                (token.clone(), Arc::clone(&searcher), Arc::clone(&eval));
            let handle = std::thread::spawn(move || {
                let mut s = searcher.lock().expect("searcher");
                let r = s.search(&pos, &*eval, &token);
                (r, Instant::now())
            });
            // Round 0 stops at once (often before the helpers start); later ones after up to
            // 20 ms.
            let wait = if round == 0 {
                0
            } else {
                next(&mut rng) % 20_000
            };
            std::thread::sleep(Duration::from_micros(wait));
            let asked = Instant::now();
            remote.stop();
            let (result, returned) = handle.join().expect("no panic in the search");
            let latency = returned.saturating_duration_since(asked);
            // A hang, not a speed, is what this bound catches: on a machine shared with other
            // jobs a runnable thread can wait that long for a core.
            assert!(
                latency < Duration::from_secs(2),
                "{threads} threads, round {round}: {latency:?} to stop"
            );
            assert!(
                !result.completed,
                "{threads} threads: stopped, not complete"
            );
            let mv = result
                .best_move
                .expect("a stopped search still gives a move");
            assert!(pos.is_legal(mv), "{threads} threads: illegal move");
            latencies.push((threads, latency));
        }
        drop(searcher);
    }
    for threads in [1u32, 2, 3, 4, 8] {
        let mut l: Vec<f64> = latencies
            .iter()
            .filter(|(t, _)| *t == threads)
            .map(|(_, d)| d.as_secs_f64() * 1000.0)
            .collect();
        l.sort_by(f64::total_cmp);
        println!(
            "{threads} threads: stop latency median {:.3} ms, max {:.3} ms over {} stops",
            l[l.len() / 2],
            l[l.len() - 1],
            l.len()
        );
    }

    // Every search thread has ended: joined, so gone from the process (the kernel may take a
    // moment to count a joined thread out).
    if let Some(before) = baseline {
        let deadline = Instant::now() + Duration::from_secs(5);
        while process_threads().is_some_and(|n| n > before) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(process_threads(), Some(before), "threads left behind");
    }
}
