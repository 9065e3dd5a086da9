//! Hints that hold up (issue #30, item 8): over positions of random play, a session's hint at a
//! level is judged by the after-game review's own search, which must not find it worse than its
//! best by an inaccuracy or more; for Connect Four, where the review is exact, the hint's value
//! is exactly the review's best value.
//!
//! The long variants (more positions, more levels) are `#[ignore]`d:
//! `cargo test --release -p ply-app --test hint_property -- --ignored`.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_app::session::{PlayerKind, Session};
use ply_app::settings::{GameKind, settings_for_difficulty};
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::review::judge::Reviewable;
use ply_core::review::label::{Label, Thresholds};
use ply_core::review::{MoveReview, ReviewConfig, best_move, review};
use ply_core::search::StopToken;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A position `plies` random moves from the start (fewer if the game ends first: then the last
/// position before the end).
fn random_position<G: Game>(rng: &mut SmallRng, plies: usize) -> G {
    let mut pos = G::start();
    let mut legal = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut legal);
        let mut next = pos;
        next.play(legal[rng.random_range(0..legal.len())]);
        if next.outcome().is_some() {
            break;
        }
        pos = next;
    }
    pos
}

/// The session's hint in `pos` against a computer at `level`, reviewed as the after-game review
/// reviews a move.
fn reviewed_hint<G: Reviewable>(kind: GameKind, level: u8, pos: &G) -> MoveReview {
    let computer = PlayerKind::Computer {
        settings: settings_for_difficulty(kind, level).unwrap(),
    };
    let (first, second) = if pos.side_to_move() == 0 {
        (PlayerKind::Human, computer)
    } else {
        (computer, PlayerKind::Human)
    };
    let session = Session::new(kind, first, second, Some(pos.format_position())).unwrap();
    let hint = session.hint(None).unwrap().played.notation;
    let mv = pos.parse_move(&hint).unwrap();
    let judged = review(
        pos,
        &[mv],
        &G::review_config(),
        &StopToken::new(),
        &mut |_, _| {},
    );
    judged.moves.into_iter().next().unwrap()
}

/// Checks the property on `count` positions per level, `plies` random moves deep for each
/// `plies` given, and returns the hints checked.
fn check<G: Reviewable>(kind: GameKind, levels: &[u8], plies: &[usize], count: usize) -> usize {
    let inaccuracy = Thresholds::for_game(G::NAME).inaccuracy;
    let mut rng = SmallRng::seed_from_u64(30);
    let mut checked = 0;
    let mut not_proven = 0;
    for &level in levels {
        for &depth in plies {
            for _ in 0..count {
                let pos: G = random_position(&mut rng, depth);
                let m = reviewed_hint(kind, level, &pos);
                let at = format!(
                    "{} level {level}, hint {} in {}",
                    G::NAME,
                    m.played,
                    pos.format_position()
                );
                if kind == GameKind::ConnectFour && m.label == Label::NotProven {
                    // The review's solver ran out of budget here and it claims nothing (the
                    // hint, solved without a budget, is checked against the solver in
                    // core/tests/review.rs). Its search's values would be no truth to hold
                    // the hint to.
                    not_proven += 1;
                    checked += 1;
                    continue;
                }
                let drop = m.expected_before - m.expected_after;
                assert!(
                    drop < inaccuracy,
                    "{at}: the review's best {} ({}) leaves the hint ({}) {drop:.1} points \
                     below, {}",
                    m.best,
                    m.value_before,
                    m.played_value,
                    m.label.name()
                );
                if kind == GameKind::ConnectFour {
                    assert_eq!(m.label, Label::Best, "{at}: {m:?}");
                    assert_eq!(m.played_value, m.value_before, "{at}: {m:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(
        not_proven < checked,
        "{}: the review proved none of {not_proven} hints",
        G::NAME
    );
    checked
}

/// Every level's hint is the review's best move where the review proves it: in the book (the
/// first stones) and where it solves exactly; where its solver runs out of budget a few stones
/// past the book, the review says "not proven" and the hint is not held to its search.
#[test]
fn connect4_hints_have_the_reviews_best_value() {
    let n = check::<ConnectFour>(GameKind::ConnectFour, &[1, 6], &[2, 5, 12, 20, 28], 2);
    assert_eq!(n, 20);
}

#[test]
fn othello_hints_are_not_an_inaccuracy_by_the_review() {
    check::<Othello>(GameKind::Othello, &[5, 8], &[12, 30, 44], 1);
}

#[test]
fn draughts_hints_are_not_an_inaccuracy_by_the_review() {
    check::<Draughts>(GameKind::Draughts, &[6, 9], &[10, 30], 1);
}

/// Draughts has no solver, so its hint (the review's best, 12 plies) is held to a deeper search:
/// the review's own judgement at `deeper` plies, which must not find it worse than its best by
/// an inaccuracy. Returns the hints checked and how far below the deeper best each fell.
fn check_draughts_deeper(plies: &[usize], count: usize, deeper: u32) -> Vec<f64> {
    measure_draughts_deeper(plies, count, Draughts::review_config().depth, deeper, true)
}

fn measure_draughts_deeper(
    plies: &[usize],
    count: usize,
    hint_depth: u32,
    deeper: u32,
    strict: bool,
) -> Vec<f64> {
    let inaccuracy = Thresholds::for_game(Draughts::NAME).inaccuracy;
    let config = ReviewConfig {
        depth: deeper,
        ..Draughts::review_config()
    };
    let mut rng = SmallRng::seed_from_u64(50);
    let mut drops = Vec::new();
    for &depth in plies {
        for _ in 0..count {
            let pos: Draughts = random_position(&mut rng, depth);
            let hint_config = ReviewConfig {
                depth: hint_depth,
                ..Draughts::review_config()
            };
            let (hint, _) = best_move(&pos, &hint_config, &StopToken::new())
                .expect("a hint in an unfinished game");
            let mv = hint.best.expect("the hint's move");
            let judged = review(&pos, &[mv], &config, &StopToken::new(), &mut |_, _| {});
            let m = judged.moves.into_iter().next().unwrap();
            let drop = m.expected_before - m.expected_after;
            assert!(
                !strict || drop < inaccuracy,
                "draughts hint {} in {}: {deeper} plies find {} ({}) {drop:.1} points above \
                 it ({}), {}",
                m.played,
                pos.format_position(),
                m.best,
                m.value_before,
                m.played_value,
                m.label.name()
            );
            drops.push(drop);
        }
    }
    drops
}

#[test]
fn draughts_hints_are_not_an_inaccuracy_by_a_deeper_search() {
    // At 10 plies the hint in B:W18,19,20,21,26,27,28,29,30,31:B2,3,4,5,8,9,10,11,12,13 (11-16)
    // was 13.6 points below 14 plies' best (10-14): this failed.
    let drops = check_draughts_deeper(&[6, 16, 26, 36, 46, 60], 3, 14);
    assert_eq!(drops.len(), 18);
}

#[test]
#[ignore = "long: a measurement"]
fn draughts_hints_against_a_deeper_search_measured() {
    // Measured (test profile, 54 positions each): hints at 10 plies judged at 14: no inaccuracy,
    // worst 6.7 points; at 16: one inaccuracy (14.6 points); hints at 12 or 14 plies judged at 16:
    // none, worst 3.2 points.
    for (hint_depth, deeper) in [(10, 14), (10, 16), (12, 16), (14, 16)] {
        let began = std::time::Instant::now();
        let drops = measure_draughts_deeper(
            &[6, 12, 18, 24, 30, 40, 50, 60, 70],
            6,
            hint_depth,
            deeper,
            false,
        );
        let worst = drops.iter().copied().fold(0.0, f64::max);
        let mean = drops.iter().sum::<f64>() / drops.len() as f64;
        let below = drops.iter().filter(|&&d| d > 0.0).count();
        let inaccurate = drops.iter().filter(|&&d| d >= 10.0).count();
        println!(
            "hint {hint_depth} plies judged at {deeper}: {} hints, {below} below the deeper best, \
             {inaccurate} an inaccuracy or worse, mean {mean:.2}, worst {worst:.2} points ({:?})",
            drops.len(),
            began.elapsed()
        );
    }
}

#[test]
#[ignore = "long: about four minutes in release"]
fn hints_hold_up_over_many_positions_and_levels() {
    check::<ConnectFour>(
        GameKind::ConnectFour,
        &[1, 3, 6, 10],
        &[0, 3, 5, 6, 8, 10, 14, 20, 26, 32],
        3,
    );
    check::<Othello>(
        GameKind::Othello,
        &[1, 3, 5, 7, 10],
        &[8, 20, 36, 44, 50],
        3,
    );
    check::<Draughts>(GameKind::Draughts, &[1, 3, 6, 9], &[6, 20, 40], 3);
}
