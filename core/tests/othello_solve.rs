//! The Othello endgame solver against the FFO/FForum problems (exact scores per move, from
//! `tests/data/othello/`): the score must match exactly and the best move must be one of the
//! moves listed with that score.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::othello::{Othello, parse_obf};
use ply_core::solve::othello::{solve, solve_window};

const TT_BYTES: usize = 16 << 20;

fn check_lines(text: &str, first: usize, count: usize) {
    for (i, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .skip(first)
        .take(count)
        .enumerate()
    {
        let entry = parse_obf(line).unwrap();
        let want = entry.best_score().unwrap();
        let result = solve(&entry.position, TT_BYTES, None);
        assert!(result.complete);
        assert_eq!(result.score, want, "line {} ({line})", first + i + 1);
        let mv = result.best_move.unwrap();
        let good: Vec<String> = entry
            .moves_with_scores
            .iter()
            .filter(|&&(_, s)| s == want)
            .map(|(m, _)| m.to_string())
            .collect();
        assert!(
            good.contains(&mv.to_string()),
            "line {}: {mv} not in {good:?}",
            first + i + 1
        );
        assert_eq!(result.pv.first(), Some(&mv));
        eprintln!(
            "#{}: {} empties, score {:+}, move {mv}, {} nodes, {:.3} s",
            first + i + 1,
            entry.position.empty_count(),
            result.score,
            result.nodes,
            result.elapsed.as_secs_f64()
        );
    }
}

#[test]
fn ffo_1_to_19_are_solved_exactly() {
    check_lines(
        include_str!("../../tests/data/othello/fforum-1-19.obf"),
        0,
        19,
    );
}

#[test]
fn ffo_40_to_44_are_solved_exactly() {
    // Line k of the file is FFO #(39 + k).
    check_lines(
        include_str!("../../tests/data/othello/fforum-40-59.obf"),
        0,
        5,
    );
}

/// Every listed move's score of FFO #1 by solving each child: the whole move list, not just the best.
#[test]
fn every_move_score_of_ffo_1_matches() {
    let line = include_str!("../../tests/data/othello/fforum-1-19.obf")
        .lines()
        .next()
        .unwrap();
    let entry = parse_obf(line).unwrap();
    for &(mv, want) in &entry.moves_with_scores {
        let mut child = entry.position;
        child.play(mv);
        assert_eq!(-solve(&child, TT_BYTES, None).score, want, "{mv}");
    }
}

/// Null-window answers agree with the exact score.
#[test]
fn windowed_solves_bound_the_exact_score() {
    let line = include_str!("../../tests/data/othello/fforum-1-19.obf")
        .lines()
        .nth(2)
        .unwrap();
    let entry = parse_obf(line).unwrap();
    let exact = entry.best_score().unwrap();
    for alpha in [exact - 4, exact - 1, exact, exact + 2] {
        let r = solve_window(&entry.position, alpha, alpha + 1, TT_BYTES, None);
        if exact > alpha {
            assert!(
                r.score > alpha && r.score <= exact,
                "alpha {alpha}: {}",
                r.score
            );
        } else {
            assert!(
                r.score <= alpha && r.score >= exact,
                "alpha {alpha}: {}",
                r.score
            );
        }
    }
}

#[test]
fn finished_and_forced_pass_positions() {
    let over = Othello::parse_position(&format!("XX{} O", "-".repeat(62))).unwrap();
    let r = solve(&over, 1 << 16, None);
    assert_eq!((r.score, r.best_move), (-64, None));
    // White (to move) must pass; black then plays c1 and wipes white out.
    let pass = Othello::parse_position(&format!("XO{} O", "-".repeat(62))).unwrap();
    let r = solve(&pass, 1 << 16, None);
    assert_eq!(r.score, -64);
    assert_eq!(
        r.best_move,
        Some(ply_core::games::othello::OthelloMove::PASS)
    );
    assert_eq!(r.pv.len(), 2);
}

/// FFO #40-#59 (20-34 empties; a minute or more in all). Run with
/// `cargo test -p ply-core --release --test othello_solve -- --ignored --nocapture`.
#[test]
#[ignore]
fn ffo_40_to_59_are_solved_exactly() {
    check_lines(
        include_str!("../../tests/data/othello/fforum-40-59.obf"),
        0,
        20,
    );
}

/// FFO #20-#39. Run like the test above.
#[test]
#[ignore]
fn ffo_20_to_39_are_solved_exactly() {
    check_lines(
        include_str!("../../tests/data/othello/fforum-20-39.obf"),
        0,
        20,
    );
}

/// A raised cancel flag stops the search early and says so; a flag raised from another thread
/// mid-search does too.
#[test]
fn cancellation_stops_the_solver() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let hard = include_str!("../../tests/data/othello/fforum-60-79.obf")
        .lines()
        .next()
        .unwrap();
    let pos = parse_obf(hard).unwrap().position;
    let raised = AtomicBool::new(true);
    let r = solve(&pos, 1 << 20, Some(&raised));
    assert!(!r.complete);
    assert!(r.nodes < 100_000, "{} nodes after cancel", r.nodes);

    let flag = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| solve(&pos, 1 << 20, Some(&flag)));
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
        let r = worker.join().unwrap();
        // FFO #60 (24 empties) takes far longer than 50 ms, so the search must have been cut.
        assert!(!r.complete);
    });
}

/// The same position and table size always give the same node count and answer.
#[test]
fn node_counts_are_deterministic() {
    let line = include_str!("../../tests/data/othello/fforum-1-19.obf")
        .lines()
        .nth(7)
        .unwrap();
    let pos = parse_obf(line).unwrap().position;
    let a = solve(&pos, 1 << 20, None);
    let b = solve(&pos, 1 << 20, None);
    assert_eq!(
        (a.score, a.best_move, a.nodes),
        (b.score, b.best_move, b.nodes)
    );
}
