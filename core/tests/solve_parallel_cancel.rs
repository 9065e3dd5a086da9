//! Cancelling a parallel exact solve from another thread at random moments: it returns, says it
//! is incomplete (or is complete and right), panics nowhere, and leaves no thread behind.
//! Alone in its test binary, so that the process's thread count is this test's own.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::parse_obf;
use ply_core::solve::connect4::Solver;
use ply_core::solve::othello::solve_parallel;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Threads of this process (Linux); `None` elsewhere.
fn thread_count() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
}

/// The thread count once it has settled at `expected`, or what it still is after five seconds. A
/// joined thread is reaped by the kernel shortly after `join` returns (the joiner is woken when
/// the thread clears its id, before the kernel drops it from the process's count), so an
/// immediate read can still count it; a thread really left behind keeps counting.
fn settled_thread_count(expected: Option<usize>) -> Option<usize> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let now = thread_count();
        if now == expected || Instant::now() >= deadline {
            return now;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Runs `solve` on a worker thread, raises its flag after a random delay, and checks that the
/// worker returns (a hang would block the test; the bound only turns a hang into a failure).
fn cancel_at_random<T: Send>(seed: u64, rounds: usize, solve: impl Fn(&AtomicBool) -> T + Sync) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let before = thread_count();
    if cfg!(target_os = "linux") {
        assert!(before.is_some(), "no thread count in /proc/self/status");
    }
    for round in 0..rounds {
        let flag = AtomicBool::new(false);
        let delay = Duration::from_micros(next() % 40_000);
        let (returned_after, _) = std::thread::scope(|scope| {
            let worker = scope.spawn(|| solve(&flag));
            std::thread::sleep(delay);
            flag.store(true, Ordering::Relaxed);
            let asked = Instant::now();
            let out = worker.join().expect("the solve panicked");
            (asked.elapsed(), out)
        });
        assert!(
            returned_after < Duration::from_secs(10),
            "round {round}: {returned_after:?} after the stop"
        );
        assert_eq!(
            settled_thread_count(before),
            before,
            "round {round}: a thread was left"
        );
    }
}

#[test]
fn parallel_solves_stop_when_cancelled_at_random_moments() {
    // FFO #60, 24 empties: seconds of search, so every stop lands mid-search.
    let line = include_str!("../../tests/data/othello/fforum-60-79.obf")
        .lines()
        .next()
        .unwrap();
    let pos = parse_obf(line).unwrap().position;
    for threads in [2, 4] {
        cancel_at_random(threads as u64, 12, |flag| {
            let r = solve_parallel(&pos, 1 << 22, threads, Some(flag), None);
            assert!(!r.complete, "FFO #60 solved in under 40 ms?");
        });
    }
    // Connect Four, two stones in: minutes of search.
    let c4 = ConnectFour::parse_position("43").unwrap();
    for threads in [2, 4] {
        cancel_at_random(10 + threads as u64, 12, |flag| {
            let mut solver = Solver::new(1 << 22);
            solver.set_threads(threads);
            assert!(solver.solve_with_cancel(&c4, false, flag).is_err());
            assert!(solver.best_move_with_cancel(&c4, flag).is_err());
        });
    }
}
