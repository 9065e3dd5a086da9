//! The Connect Four solver against the exact scores of `tests/data/connect4/` (computed and
//! cross-checked by independent solvers, see the README there) and against plain minimax.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod connect4_common;

use connect4_common::data;
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::solve::connect4::{Solver, stones_to_win};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;

/// Solves every line of `file`, one table reused across positions; returns total nodes.
fn check_file(file: &str, sample: Option<usize>) -> u64 {
    let mut solver = Solver::new(16 << 20);
    let lines = data(file);
    let n = sample.unwrap_or(lines.len()).min(lines.len());
    for (moves, expected) in &lines[..n] {
        let pos = ConnectFour::parse_position(moves).unwrap();
        assert_eq!(solver.solve(&pos), *expected, "{file}: {moves}");
        assert_eq!(
            solver.solve_weak(&pos),
            expected.signum(),
            "{file} weak: {moves}"
        );
    }
    solver.nodes()
}

#[test]
fn end_txt_every_position_exact() {
    assert!(check_file("end.txt", None) > 0);
}

#[test]
fn middle_txt_every_position_exact() {
    check_file("middle.txt", None);
}

#[test]
fn pons_end_easy_and_middle_easy_samples_exact() {
    check_file("Test_L3_R1", Some(200));
    check_file("Test_L2_R1", Some(200));
}

/// Slow: `cargo test -p ply-core --release --test connect4_solver -- --ignored begin`.
#[test]
#[ignore]
fn begin_txt_every_position_exact() {
    check_file("begin.txt", None);
}

/// Slow: `cargo test -p ply-core --release --test connect4_solver -- --ignored pons_sets`.
#[test]
#[ignore]
fn pons_sets_all_but_begin_hard_exact() {
    for file in [
        "Test_L3_R1",
        "Test_L2_R1",
        "Test_L2_R2",
        "Test_L1_R1",
        "Test_L1_R2",
    ] {
        check_file(file, None);
    }
}

/// Very slow (hours): `cargo test -p ply-core --release --test connect4_solver -- --ignored begin_hard`.
#[test]
#[ignore]
fn pons_begin_hard_exact() {
    check_file("Test_L1_R3", None);
}

/// Slow: 1.21 G nodes, 264 s of CPU (49 min wall on the shared 2-core machine), 64 MiB table. Run
/// `cargo test -p ply-core --release --test connect4_solver -- --ignored empty_board`
/// or `cargo bench -p ply-core --bench connect4_solver -- --empty`.
#[test]
#[ignore]
fn empty_board_is_a_first_player_win_with_the_last_stone() {
    let mut solver = Solver::new(64 << 20);
    let started = std::time::Instant::now();
    let score = solver.solve(&ConnectFour::start());
    eprintln!(
        "empty board: {score} in {:.1?}, {} nodes",
        started.elapsed(),
        solver.nodes()
    );
    assert_eq!(score, 1);
}

/// Plain negamax by the definition of the score (no pruning, no table, the rules type only).
fn minimax(pos: &ConnectFour) -> i32 {
    let n = pos.moves_played() as i32;
    if pos.outcome().is_some() {
        // Only a full board can be reached here (wins are scored at the move that makes them).
        return 0;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *pos;
        child.play(mv);
        let score = if child.outcome().is_some_and(|o| o.winner.is_some()) {
            (43 - n) / 2
        } else {
            -minimax(&child)
        };
        best = best.max(score);
    }
    best
}

fn random_position(choices: &[u8], stones: usize) -> Option<ConnectFour> {
    let mut pos = ConnectFour::start();
    let mut moves = Vec::new();
    for &c in choices.iter().take(stones) {
        pos.legal_moves(&mut moves);
        let mv = moves[c as usize % moves.len()];
        let mut next = pos;
        next.play(mv);
        if next.outcome().is_some() {
            return None;
        }
        pos = next;
    }
    Some(pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_plain_minimax_near_the_end(
        choices in proptest::collection::vec(any::<u8>(), 42),
        stones in 31usize..41,
    ) {
        if let Some(pos) = random_position(&choices, stones) {
            let mut solver = Solver::new(1 << 12);
            let exact = minimax(&pos);
            prop_assert_eq!(solver.solve(&pos), exact, "{}", pos.format_position());
            prop_assert_eq!(solver.solve_weak(&pos), exact.signum());
            let scores = solver.analyze(&pos);
            prop_assert_eq!(scores.iter().flatten().max().copied(), Some(exact));
            let (col, score) = solver.best_move(&pos).unwrap();
            prop_assert_eq!(score, exact);
            prop_assert_eq!(scores[col as usize], Some(exact));
        }
    }
}

#[test]
fn finished_games_and_helpers() {
    let mut solver = Solver::new(1 << 10);
    let won = ConnectFour::parse_position("1212121").unwrap();
    // X won with stone 7, having 6 on the board: (43 - 6) / 2 = 18; O's view is -18.
    assert_eq!(solver.solve(&won), -18);
    assert_eq!(solver.best_move(&won), None);
    let about_to_win = ConnectFour::parse_position("121212").unwrap();
    assert_eq!(solver.solve(&about_to_win), 18);
    assert_eq!(solver.best_move(&about_to_win), Some((0, 18)));
    assert_eq!(stones_to_win(18, 6), Some(1));
    assert_eq!(
        stones_to_win(1, 0),
        Some(21),
        "the empty board is won with the last stone"
    );
    assert_eq!(stones_to_win(0, 10), None);
}

#[test]
fn a_cancelled_search_reports_it() {
    let mut solver = Solver::new(1 << 20);
    let stop = AtomicBool::new(true);
    let pos = ConnectFour::parse_position("4444").unwrap();
    assert!(solver.solve_with_cancel(&pos, false, &stop).is_err());
    let go = AtomicBool::new(false);
    let end = &data("end.txt")[0];
    let pos = ConnectFour::parse_position(&end.0).unwrap();
    assert_eq!(solver.solve_with_cancel(&pos, false, &go), Ok(end.1));
}

#[test]
fn best_move_reaches_the_listed_score() {
    let mut solver = Solver::new(16 << 20);
    for (moves, expected) in data("middle.txt").iter().step_by(5) {
        let pos = ConnectFour::parse_position(moves).unwrap();
        let (col, score) = solver.best_move(&pos).unwrap();
        assert_eq!(score, *expected, "{moves}");
        let mut child = pos;
        child.play(col);
        let after = if child.outcome().is_some() {
            // The move made four: the mover's immediate-win score.
            (43 - pos.moves_played() as i32) / 2
        } else {
            -solver.solve(&child)
        };
        assert_eq!(after, *expected, "{moves}: column {}", col + 1);
    }
}

/// The outcome-only best moves (weak, and from a known outcome as the opening book gives it)
/// keep the listed result: the move's child has the opposite outcome by an exact solve.
#[test]
fn outcome_best_moves_keep_the_listed_result() {
    let mut solver = Solver::new(16 << 20);
    let go = AtomicBool::new(false);
    for (moves, expected) in data("middle.txt").iter().step_by(5) {
        let pos = ConnectFour::parse_position(moves).unwrap();
        let weak = solver.best_move_weak_with_cancel(&pos, &go).unwrap();
        let keeping = solver
            .best_move_keeping(&pos, expected.signum(), &go)
            .unwrap();
        for (col, outcome) in [weak, keeping].map(Option::unwrap) {
            assert_eq!(outcome, expected.signum(), "{moves}");
            let mut child = pos;
            child.play(col);
            let after = if child.outcome().is_some() {
                1
            } else {
                -solver.solve(&child).signum()
            };
            assert_eq!(after, outcome, "{moves}: column {}", col + 1);
        }
    }
}

#[test]
fn cancelling_from_another_thread_stops_a_long_search() {
    use std::sync::atomic::Ordering;
    let stop = AtomicBool::new(false);
    let mut solver = Solver::new(1 << 20);
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(30));
            stop.store(true, Ordering::Relaxed);
        });
        // The empty board takes far longer than 30 ms to solve on any machine.
        let started = std::time::Instant::now();
        let result = solver.solve_with_cancel(&ConnectFour::start(), false, &stop);
        assert_eq!(result, Err(ply_core::solve::connect4::Cancelled));
        // Generous: the flag is read every 4096 nodes (well under a millisecond), but this
        // machine may be loaded; the point is that it returns at all.
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    });
    assert!(solver.nodes() > 0);
    // The table is still sound after a cancelled search.
    let (moves, expected) = &data("middle.txt")[3];
    let pos = ConnectFour::parse_position(moves).unwrap();
    assert_eq!(solver.solve(&pos), *expected);
}

#[test]
fn table_stays_within_the_budget_and_node_counts_are_deterministic() {
    for budget in [0, 1, 8, 1000, 1 << 20, 3 << 20, 64 << 20] {
        let solver = Solver::new(budget);
        assert!(solver.table_bytes() <= budget.max(8), "budget {budget}");
        assert!(solver.table_bytes() * 2 > budget, "budget {budget} is used");
    }
    let (moves, _) = &data("middle.txt")[10];
    let pos = ConnectFour::parse_position(moves).unwrap();
    let mut counts = Vec::new();
    for _ in 0..2 {
        let mut solver = Solver::new(1 << 20);
        solver.solve(&pos);
        counts.push(solver.nodes());
        solver.reset();
        assert_eq!(solver.nodes(), 0);
    }
    assert_eq!(counts[0], counts[1]);
    assert!(counts[0] > 0);
}

#[test]
fn tiny_table_is_slow_but_still_exact() {
    let mut solver = Solver::new(64);
    for (moves, expected) in data("middle.txt").iter().take(10) {
        let pos = ConnectFour::parse_position(moves).unwrap();
        assert_eq!(solver.solve(&pos), *expected, "{moves}");
    }
}
