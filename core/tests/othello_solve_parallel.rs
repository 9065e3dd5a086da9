//! The parallel endgame solver against the one-thread solver and the published FFO scores:
//! with 1, 2 and 4 threads the score is the same, and the move one of those listed with it.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::games::othello::parse_obf;
use ply_core::solve::othello::{solve_parallel, solve_window};

const TT_BYTES: usize = 16 << 20;

fn check_lines(text: &str, count: usize, threads: &[usize]) {
    for (i, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(count)
        .enumerate()
    {
        let entry = parse_obf(line).unwrap();
        let want = entry.best_score().unwrap();
        for &t in threads {
            let r = solve_parallel(&entry.position, TT_BYTES, t, None, None);
            assert!(r.complete);
            assert_eq!(r.score, want, "line {}, {t} threads", i + 1);
            let mv = r.best_move.unwrap().to_string();
            assert!(
                entry
                    .moves_with_scores
                    .iter()
                    .any(|(m, s)| *s == want && m.to_string() == mv),
                "line {}, {t} threads: {mv} is not listed with {want}",
                i + 1
            );
            assert_eq!(r.pv.first(), r.best_move.as_ref());
            eprintln!(
                "line {}: {t} threads, {:+}, {mv}, {} nodes, {:.3} s",
                i + 1,
                r.score,
                r.nodes,
                r.elapsed.as_secs_f64()
            );
        }
    }
}

#[test]
fn ffo_1_to_19_same_score_with_1_2_and_4_threads() {
    check_lines(
        include_str!("../../tests/data/othello/fforum-1-19.obf"),
        19,
        &[1, 2, 4],
    );
}

/// The one-thread solve of these is `othello_solve`'s `ffo_40_to_44_are_solved_exactly`.
#[test]
fn ffo_40_to_44_same_score_with_2_and_4_threads() {
    check_lines(
        include_str!("../../tests/data/othello/fforum-40-59.obf"),
        5,
        &[2, 4],
    );
}

/// The move a parallel solve names reaches its score: solving the position after it with one
/// thread and the full window gives the same value, on positions reached from FFO #20-#25 by
/// the solver's own principal variations (so with 14 to 20 empties, many tied moves).
#[test]
fn parallel_moves_reach_the_score() {
    for line in include_str!("../../tests/data/othello/fforum-1-19.obf")
        .lines()
        .take(8)
    {
        let pos = parse_obf(line).unwrap().position;
        let r = solve_parallel(&pos, TT_BYTES, 3, None, None);
        let mut child = pos;
        use ply_core::Game;
        child.play(r.best_move.unwrap());
        assert_eq!(
            -solve_window(&child, -64, 64, TT_BYTES, None).score,
            r.score
        );
    }
}
