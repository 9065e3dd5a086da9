//! The parallel Connect Four solver against the test sets' exact scores (see
//! `tests/data/connect4/README.md`): with 1, 2 and 4 threads every score is the listed one, the
//! outcome too, and the best move reaches the score.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod connect4_common;

use connect4_common::data;
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::solve::connect4::Solver;

/// Solves the first `count` positions of `file` with each thread count, one table per count
/// reused across positions, as `connect4_solver` does with one thread.
fn check_file(file: &str, count: usize, threads: &[usize]) {
    let lines = data(file);
    for &t in threads {
        let mut solver = Solver::new(16 << 20);
        solver.set_threads(t);
        for (moves, expected) in lines.iter().take(count) {
            let pos = ConnectFour::parse_position(moves).unwrap();
            assert_eq!(
                solver.solve(&pos),
                *expected,
                "{file}: {moves}, {t} threads"
            );
            assert_eq!(
                solver.solve_weak(&pos),
                expected.signum(),
                "{file} weak: {moves}"
            );
            let (col, score) = solver.best_move(&pos).unwrap();
            assert_eq!(score, *expected);
            let mut child = pos;
            child.play(col);
            let mut check = Solver::new(1 << 20);
            assert_eq!(
                -check.solve(&child),
                *expected,
                "{file}: {moves}, move {col}"
            );
        }
    }
}

#[test]
fn end_and_middle_same_scores_with_1_2_and_4_threads() {
    check_file("end.txt", 300, &[1, 2, 4]);
    check_file("middle.txt", 195, &[1, 2, 4]);
}

#[test]
fn pons_samples_same_scores_with_1_2_and_4_threads() {
    check_file("Test_L3_R1", 100, &[1, 2, 4]);
    check_file("Test_L2_R1", 100, &[1, 2, 4]);
    // Early positions (12-16 stones), where the solver splits its work the most.
    check_file("Test_L1_R2", 6, &[1, 2, 4]);
}

/// Slow: `cargo test -p ply-core --release --test connect4_solver_parallel -- --ignored`.
#[test]
#[ignore]
fn begin_txt_same_scores_with_2_and_4_threads() {
    check_file("begin.txt", 26, &[2, 4]);
}
