//! The fast factors against the straightforward [`super::reference`] implementation, exactly (to
//! the bit), on positions from random games: every game phase, positions where the side to move
//! must pass, near-full boards and finished games. Also the full weighted evaluation against
//! the reference factors combined factor by factor.

use super::bits;
use super::reference;
use super::*;
use crate::game::{EVAL_LIMIT, Evaluator, Game};
use crate::games::othello::bitboard::legal_moves;
use crate::games::othello::stability;
use crate::games::othello::{Othello, OthelloMove};
use crate::heuristic::HasHeuristic;
use crate::heuristic::weights::{
    HEURISTIC_LIMIT, MAX_FACTORS, Weight, WeightedEvaluator, Weights, terminal_value,
};
use crate::rng::SplitMix64;
use proptest::prelude::*;

/// A value no factor takes, to see which entries a computation wrote.
const UNTOUCHED: f32 = -12345.0;

/// Every position of one random game, the finished one included. Some moves are picked to
/// leave the opponent as few moves as possible, which makes passes common.
fn playout(seed: u64) -> Vec<Othello> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Othello::start();
    let mut seen = vec![pos];
    let mut buf = Vec::new();
    let squeeze = rng.next_u64() % 4; // 0: never squeeze; 3: squeeze three moves in four
    loop {
        pos.legal_moves(&mut buf);
        if buf.is_empty() {
            return seen;
        }
        let pick = if rng.next_u64() % 4 < squeeze {
            let replies = |&m: &OthelloMove| {
                let mut child = pos;
                child.play(m);
                child.move_mask().count_ones()
            };
            buf.iter().copied().min_by_key(replies)
        } else {
            buf.get((rng.next_u64() % buf.len() as u64) as usize)
                .copied()
        };
        let Some(mv) = pick else { return seen };
        pos.play(mv);
        seen.push(pos);
    }
}

/// Enabled masks to try: every factor alone, everything, nothing and a few random subsets.
fn masks(rng: &mut SplitMix64) -> Vec<u32> {
    let all = (1u32 << FACTORS.len()) - 1;
    let mut out: Vec<u32> = (0..FACTORS.len()).map(|i| 1 << i).collect();
    out.extend([
        all,
        0,
        rng.next_u64() as u32 & all,
        rng.next_u64() as u32 & all,
    ]);
    out
}

/// Checks every factor and shared mask of one position against the reference.
fn check_position(me: u64, opp: u64, rng: &mut SplitMix64) -> Result<(), TestCaseError> {
    let where_ = format!("me {me:#018x} opp {opp:#018x}");
    // Shared masks.
    let full = stability::full_lines(me | opp);
    prop_assert_eq!(
        full,
        reference::full_lines(me | opp),
        "full lines, {}",
        where_
    );
    let (stable_me, stable_opp) = stability::stable_pair(me, opp, &full);
    prop_assert_eq!(
        stable_me,
        reference::stable(me, &full),
        "stable, {}",
        where_
    );
    prop_assert_eq!(
        stable_opp,
        reference::stable(opp, &full),
        "stable, {}",
        where_
    );
    // The shortcut without corners gives the same discs as the full computation.
    prop_assert_eq!(
        stability::stable_discs(me, opp),
        (stable_me, stable_opp),
        "stable discs, {}",
        where_
    );
    let moves = Moves::new(me, opp, u32::MAX);
    prop_assert_eq!(moves.mine, legal_moves(me, opp), "moves, {}", where_);
    prop_assert_eq!(moves.theirs, legal_moves(opp, me), "moves, {}", where_);
    prop_assert_eq!(moves.my_exposed, reference::unstable(me, opp), "{}", where_);
    // The one-side scalar form agrees with the two-lane one `Moves::new` uses.
    prop_assert_eq!(
        bits::moves_and_exposed(me, opp),
        (moves.mine, moves.their_exposed)
    );
    prop_assert_eq!(
        bits::moves_and_exposed(opp, me),
        (moves.theirs, moves.my_exposed)
    );
    prop_assert_eq!(
        moves.their_exposed,
        reference::unstable(opp, me),
        "{}",
        where_
    );
    prop_assert_eq!(Moves::new(me, opp, 0).mine, moves.mine);
    prop_assert_eq!(Moves::new(me, opp, 0).theirs, moves.theirs);
    prop_assert_eq!(
        stability_counts(me, opp),
        reference::stability_counts(me, opp)
    );
    // Every factor, to the bit, and nothing written that is not enabled.
    for enabled in masks(rng) {
        let mut want = [UNTOUCHED; MAX_FACTORS];
        reference::compute(me, opp, enabled, &mut want);
        let mut got = [UNTOUCHED; MAX_FACTORS];
        compute(me, opp, &Moves::new(me, opp, enabled), enabled, &mut got);
        let mut portable = [UNTOUCHED; MAX_FACTORS];
        let mut dispatched = [UNTOUCHED; MAX_FACTORS];
        let over = moves.game_over();
        prop_assert_eq!(compute_portable(me, opp, enabled, &mut portable), !over);
        prop_assert_eq!(
            compute_unless_over(me, opp, enabled, &mut dispatched),
            !over
        );
        for i in 0..MAX_FACTORS {
            let name = FACTORS.get(i).map_or("-", |f| f.name);
            prop_assert_eq!(
                got[i].to_bits(),
                want[i].to_bits(),
                "{} fast {} reference {} (enabled {:#x}), {}",
                name,
                got[i],
                want[i],
                enabled,
                where_
            );
            if !over {
                prop_assert_eq!(portable[i].to_bits(), want[i].to_bits(), "{}", name);
                prop_assert_eq!(dispatched[i].to_bits(), want[i].to_bits(), "{}", name);
            }
        }
        if over {
            prop_assert!(portable.iter().chain(&dispatched).all(|&v| v == UNTOUCHED));
        }
    }
    Ok(())
}

/// The evaluation the weighted evaluator gave before it was made fast: reference factors,
/// each weighted by [`ResolvedWeights::weight_at`], summed in index order, rounded and clamped.
fn reference_evaluation(eval: &WeightedEvaluator<Othello>, pos: &Othello) -> (i32, Option<f32>) {
    let (me, opp) = (pos.player(), pos.opponent());
    if legal_moves(me, opp) == 0 && legal_moves(opp, me) == 0 {
        let outcome = pos
            .outcome()
            .unwrap_or_else(|| panic!("a finished game has an outcome"));
        return (terminal_value(&outcome, pos.side_to_move()), None);
    }
    let weights = eval.resolved();
    let mut values = [0f32; MAX_FACTORS];
    reference::compute(me, opp, weights.enabled(), &mut values);
    let phase = ((64 - (me | opp).count_zeros()) as f32 - 4.0) / 60.0;
    let mut sum = 0.0f32;
    for (i, &v) in values.iter().enumerate().take(FACTORS.len()) {
        if weights.enabled() & (1 << i) != 0 {
            sum += weights.weight_at(i, phase) * v;
        }
    }
    let v = if sum.is_nan() { 0.0 } else { sum.round() };
    let v = v.clamp(-(HEURISTIC_LIMIT as f32), HEURISTIC_LIMIT as f32) as i32;
    (v, Some(sum))
}

/// The evaluators compared: every preset, all factors at weight 1, and all factors with random
/// per-phase weights.
fn evaluators() -> Vec<(String, WeightedEvaluator<Othello>)> {
    let mut out = Vec::new();
    for &name in Othello::heuristic_presets() {
        let weights = match Othello::heuristic_weights(name) {
            Err(crate::heuristic::HeuristicError::NotWeighted { .. }) => continue,
            other => other.unwrap_or_else(|e| panic!("{e}")),
        };
        let eval = WeightedEvaluator::new(&weights).unwrap_or_else(|e| panic!("{e}"));
        out.push((name.to_string(), eval));
    }
    let mut all = Weights::default();
    let mut phased = Weights::default();
    let mut rng = SplitMix64::new(0xD1CE);
    let mut w = || (rng.next_u64() % 4001) as f32 / 100.0 - 20.0;
    for f in FACTORS {
        all.weights.insert(f.name.to_string(), Weight::Flat(1.0));
        let weight = Weight::Phased {
            opening: w(),
            midgame: w(),
            endgame: w(),
        };
        phased.weights.insert(f.name.to_string(), weight);
    }
    for (name, weights) in [("all-factors", all), ("all-factors-phased", phased)] {
        let eval = WeightedEvaluator::new(&weights).unwrap_or_else(|e| panic!("{e}"));
        out.push((name.to_string(), eval));
    }
    out
}

fn check_evaluations(
    evals: &[(String, WeightedEvaluator<Othello>)],
    pos: &Othello,
) -> Result<(), TestCaseError> {
    for (name, eval) in evals {
        let (want, want_raw) = reference_evaluation(eval, pos);
        prop_assert_eq!(
            eval.evaluate(pos),
            want,
            "{} on {}",
            name,
            pos.format_position()
        );
        prop_assert_eq!(
            eval.raw_score(pos).map(f32::to_bits),
            want_raw.map(f32::to_bits),
            "{} raw score on {}",
            name,
            pos.format_position()
        );
        prop_assert!(want.abs() < EVAL_LIMIT);
        // The portable copy too (the evaluator above runs the native one on CPUs that have POPCNT, BMI and AVX2).
        let (me, opp) = (pos.player(), pos.opponent());
        prop_assert_eq!(
            weighted_sum_portable(me, opp, eval.resolved()).map(f32::to_bits),
            want_raw.map(f32::to_bits),
            "{} portable sum on {}",
            name,
            pos.format_position()
        );
    }
    Ok(())
}

/// Kinds of position a test run must have met, so that the comparison cannot pass vacuously.
#[derive(Default)]
struct Coverage {
    positions: usize,
    passes: usize,
    near_full: usize,
    finished: usize,
    with_stable_discs: usize,
    with_full_diagonal: usize,
}

impl Coverage {
    fn add(&mut self, pos: &Othello) {
        let (me, opp) = (pos.player(), pos.opponent());
        let moves = Moves::new(me, opp, u32::MAX);
        self.positions += 1;
        self.passes += usize::from(moves.mine == 0 && moves.theirs != 0);
        self.finished += usize::from(moves.game_over());
        self.near_full += usize::from((me | opp).count_zeros() <= 4);
        let full = stability::full_lines(me | opp);
        let (a, b) = stability::stable_pair(me, opp, &full);
        self.with_stable_discs += usize::from(a | b != 0);
        // Corners alone make one-square diagonals full; count longer ones.
        self.with_full_diagonal += usize::from((full[2] | full[3]) & !CORNERS != 0);
    }
}

#[test]
fn fast_factors_and_evaluations_equal_the_reference_on_random_games() {
    let evals = evaluators();
    let mut rng = SplitMix64::new(0x005E_ED0F_0DD5);
    let mut seen = Coverage::default();
    for game in 0..150u64 {
        for pos in playout(game.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
            seen.add(&pos);
            check_position(pos.player(), pos.opponent(), &mut rng)
                .unwrap_or_else(|e| panic!("{e}"));
            check_evaluations(&evals, &pos).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert!(seen.positions > 8000, "{} positions", seen.positions);
    assert!(seen.passes >= 50, "{} positions with a pass", seen.passes);
    assert!(seen.finished == 150);
    assert!(seen.near_full >= 500, "{} near-full boards", seen.near_full);
    assert!(seen.with_stable_discs >= 2000, "{}", seen.with_stable_discs);
    assert!(
        seen.with_full_diagonal >= 1000,
        "{}",
        seen.with_full_diagonal
    );
}

/// Boards made to stress the stable discs and the edges: every pattern of one edge (3^8 of them)
/// with random discs elsewhere, nearly full boards, full edges, and boards without a corner
/// that have a full rank and a full file (the only way to stable discs without a corner).
fn stress_boards(rng: &mut SplitMix64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    // Every edge pattern, on rank 1 and on the h file (the two ways edges are read).
    let h_file = |byte: u64| (0..8).fold(0u64, |m, k| m | ((byte >> k) & 1) << (8 * k + 7));
    for pattern in 0..6561u32 {
        let (mut x, mut o, mut p) = (0u64, 0u64, pattern);
        for k in 0..8 {
            match p % 3 {
                1 => x |= 1 << k,
                2 => o |= 1 << k,
                _ => {}
            }
            p /= 3;
        }
        let rest = rng.next_u64() | rng.next_u64();
        let colour = rng.next_u64();
        for (edge, spread) in [(0xFFu64, (x, o)), (bits::FILE_H, (h_file(x), h_file(o)))] {
            let inside = rest & !edge;
            out.push((spread.0 | (inside & colour), spread.1 | (inside & !colour)));
        }
    }
    for i in 0..3000u64 {
        let colour = rng.next_u64();
        let occupied = match i % 3 {
            // One to four empty squares.
            0 => {
                !(1u64 << (rng.next_u64() % 64)
                    | 1 << (rng.next_u64() % 64)
                    | 1 << (rng.next_u64() % 64))
            }
            // Every edge square, some inner ones.
            1 => EDGES | rng.next_u64() | rng.next_u64(),
            // No corner; a full rank and a full file away from the edges, their diagonals
            // often full too.
            _ => {
                let (r, c) = (1 + rng.next_u64() % 6, 1 + rng.next_u64() % 6);
                let diagonals = if rng.next_u64().is_multiple_of(2) {
                    u64::MAX
                } else {
                    rng.next_u64() | rng.next_u64()
                };
                (0xFF << (8 * r) | bits::FILE_A << c | diagonals | rng.next_u64()) & !CORNERS
            }
        };
        out.push((occupied & colour, occupied & !colour));
    }
    out
}

#[test]
fn fast_factors_and_evaluations_equal_the_reference_on_stressed_boards() {
    let evals = evaluators();
    let mut rng = SplitMix64::new(0x057A_B1E5);
    let (mut without_corner, mut inner_stable) = (0, 0);
    for (me, opp) in stress_boards(&mut rng) {
        check_position(me, opp, &mut rng).unwrap_or_else(|e| panic!("{e}"));
        let pos = Othello::from_player_view(me, opp, 0);
        check_evaluations(&evals, &pos).unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = stability::stable_discs(me, opp);
        if (me | opp) & CORNERS == 0 && a | b != 0 {
            without_corner += 1;
        }
        inner_stable += usize::from((a | b) & !EDGES != 0);
    }
    // The cases the shortcut and the edge tables must get right did occur.
    assert!(without_corner >= 200, "{without_corner}");
    assert!(inner_stable >= 3000, "{inner_stable}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// New games on every run, besides the fixed ones above.
    #[test]
    fn fast_factors_equal_the_reference_on_any_random_game(seed in any::<u64>()) {
        let evals = evaluators();
        let mut rng = SplitMix64::new(seed ^ 0xA5A5);
        for pos in playout(seed) {
            check_position(pos.player(), pos.opponent(), &mut rng)?;
            check_evaluations(&evals, &pos)?;
        }
    }

    /// Arbitrary disc sets too (not reachable by play: isolated discs, full lines anywhere).
    #[test]
    fn fast_factors_equal_the_reference_on_arbitrary_boards(a in any::<u64>(), b in any::<u64>(), fill in any::<u64>()) {
        // Denser boards than two random words give, so lines fill up.
        let occupied = a | fill | fill.rotate_left(23);
        let me = occupied & b;
        let opp = occupied & !b;
        let mut rng = SplitMix64::new(a ^ b ^ 1);
        check_position(me, opp, &mut rng)?;
        check_position(opp, me, &mut rng)?;
    }
}
