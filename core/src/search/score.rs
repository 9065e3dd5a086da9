//! Search scores: heuristic values, terminal (proven) scores, and their table encoding.
//!
//! # Convention
//! Scores are from the side to move's view (negamax). Heuristic values lie strictly inside
//! `±EVAL_LIMIT` (the evaluator's contract; we clamp defensively). A finished game scores
//!
//! ```text
//! win  = WIN_BASE + margin * MARGIN_UNIT - ply
//! loss = -(WIN_BASE + margin * MARGIN_UNIT - ply)
//! draw = 0
//! ```
//!
//! where `ply` is the distance from the search root and `margin` is [`crate::Outcome::margin`]
//! (Othello's final disc difference; 0 in Connect Four and draughts). So every win beats every
//! heuristic value, a bigger margin beats a smaller one, and at equal margin a faster win beats
//! a slower one (a slower loss beats a faster one). `MARGIN_UNIT` exceeds any ply count, so the
//! margin dominates the distance.
//!
//! The transposition table stores terminal scores relative to the node (`to_tt`) and converts
//! back relative to the root on retrieval (`from_tt`), so a win found through a transposition at
//! another ply keeps its true distance.

use crate::game::{EVAL_LIMIT, Evaluator, Game, Outcome, Player};

/// Base of terminal scores: twice the heuristic bound.
pub const WIN_BASE: i32 = 2 * EVAL_LIMIT;
/// Score of one unit of margin; larger than any ply distance.
pub const MARGIN_UNIT: i32 = 1024;
/// Larger than any score a search can return (used as ±infinity for windows).
pub const INFINITY: i32 = 4 * EVAL_LIMIT;
/// The distance of a proven result when only the outcome is known (Connect Four's weak solve),
/// never a real one (searches stop far short of it): judged "proven win" without a distance.
pub const UNKNOWN_PLIES: u32 = MARGIN_UNIT as u32 - 1;

/// Score of a finished game for `mover` (the side to move at that node), `ply` plies from the root.
pub fn terminal_score(outcome: &Outcome, mover: Player, ply: u32) -> i32 {
    let ply = ply.min(MARGIN_UNIT as u32 - 1) as i32;
    let margin = outcome.margin.clamp(0, 1000);
    match outcome.sign_for(mover) {
        0 => 0,
        1 => WIN_BASE + margin * MARGIN_UNIT - ply,
        _ => -(WIN_BASE + margin * MARGIN_UNIT - ply),
    }
}

/// True for scores that come from a finished game rather than a heuristic.
pub fn is_terminal_score(score: i32) -> bool {
    score.abs() >= EVAL_LIMIT
}

/// For a terminal score: `(won, margin, plies to the end from the root)`.
pub fn decode_terminal(score: i32) -> Option<(bool, i32, u32)> {
    if !is_terminal_score(score) {
        return None;
    }
    let magnitude = score.abs() - WIN_BASE;
    // magnitude = margin * UNIT - ply with 0 <= ply < UNIT.
    let margin = (magnitude + MARGIN_UNIT - 1).div_euclid(MARGIN_UNIT);
    let ply = margin * MARGIN_UNIT - magnitude;
    Some((score > 0, margin, ply as u32))
}

/// Clamps an evaluator's value into the heuristic range.
pub fn clamp_eval(value: i32) -> i32 {
    value.clamp(-(EVAL_LIMIT - 1), EVAL_LIMIT - 1)
}

/// Root-relative score to node-relative, for storing in the table at `ply`.
pub fn to_tt(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score >= EVAL_LIMIT {
        score + ply
    } else if score <= -EVAL_LIMIT {
        score - ply
    } else {
        score
    }
}

/// Node-relative table score back to root-relative at `ply`.
pub fn from_tt(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score >= EVAL_LIMIT {
        score - ply
    } else if score <= -EVAL_LIMIT {
        score + ply
    } else {
        score
    }
}

/// The side to move's expected score in percent of a heuristic value: the logistic of
/// `value / 100`, the scale `ply tune` fits the heuristics on and the review labels moves by
/// (a win counts 100, a draw 50, a loss 0).
pub fn expected_percent(value: i32) -> f64 {
    100.0 / (1.0 + (-f64::from(value) / 100.0).exp())
}

/// A two-player score as a player reads it, on the one scale Ply shows every judgement on
/// (`docs/command-line.md`): a proven result in words with its distance and, where the game has
/// one, its margin (`win in 7 plies by 4 discs`: Othello's final disc difference), else the
/// expected score in percent, 1 to 99 (`62% expected`; 100 and 0 are for proven results).
pub fn judgement(score: i32) -> String {
    match decode_terminal(score) {
        None => format!(
            "{:.0}% expected",
            expected_percent(score).round().clamp(1.0, 99.0)
        ),
        Some((won, _, UNKNOWN_PLIES)) => if won { "proven win" } else { "proven loss" }.to_string(),
        Some((won, margin, ply)) => {
            let word = if won { "win" } else { "loss" };
            let plies = if ply == 1 { "ply" } else { "plies" };
            match margin {
                0 => format!("{word} in {ply} {plies}"),
                1 => format!("{word} in {ply} {plies} by 1 disc"),
                m => format!("{word} in {ply} {plies} by {m} discs"),
            }
        }
    }
}

/// Human-readable score: `+12`, `win in 7 (+4)`, `loss in 3`.
pub fn describe(score: i32) -> String {
    match decode_terminal(score) {
        None => format!("{score:+}"),
        Some((won, _, UNKNOWN_PLIES)) => if won { "proven win" } else { "proven loss" }.to_string(),
        Some((won, margin, ply)) => {
            let word = if won { "win" } else { "loss" };
            if margin > 0 {
                format!("{word} in {ply} ({}{margin})", if won { "+" } else { "-" })
            } else {
                format!("{word} in {ply}")
            }
        }
    }
}

/// The "exact" evaluator for proof tests: it knows nothing about unfinished positions (always 0),
/// so a search that reaches the end of every line returns the game-theoretic value.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExactEvaluator;

impl<G: Game> Evaluator<G> for ExactEvaluator {
    fn evaluate(&self, _pos: &G) -> i32 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndReason;

    #[test]
    fn a_judgement_is_a_proven_result_or_an_expected_score() {
        let won = Outcome {
            winner: Some(0),
            reason: EndReason::NoMovesForEither,
            margin: 4,
        };
        assert_eq!(
            judgement(terminal_score(&won, 0, 7)),
            "win in 7 plies by 4 discs"
        );
        assert_eq!(
            judgement(terminal_score(&won, 1, 1)),
            "loss in 1 ply by 4 discs"
        );
        let c4 = Outcome { margin: 0, ..won };
        assert_eq!(judgement(terminal_score(&c4, 0, 3)), "win in 3 plies");
        // The logistic of value / 100: 0 is even, 100 a logit of 1 (73%).
        assert_eq!(judgement(0), "50% expected");
        assert_eq!(judgement(100), "73% expected");
        assert_eq!(judgement(-100), "27% expected");
        // Only a proof says 100 or 0.
        assert_eq!(judgement(5_000), "99% expected");
        assert_eq!(judgement(-5_000), "1% expected");
    }

    #[test]
    fn wins_order_by_margin_then_speed() {
        let big = Outcome::win(0, EndReason::NoMovesForEither, 10);
        let small = Outcome::win(0, EndReason::NoMovesForEither, 2);
        assert!(terminal_score(&big, 0, 30) > terminal_score(&small, 0, 3));
        assert!(terminal_score(&small, 0, 3) > terminal_score(&small, 0, 5));
        assert!(terminal_score(&small, 1, 5) > terminal_score(&small, 1, 3));
        assert!(terminal_score(&small, 0, 60) > EVAL_LIMIT);
        assert!(terminal_score(&small, 1, 60) < -EVAL_LIMIT);
    }

    #[test]
    fn decode_round_trips() {
        for margin in [0, 1, 64] {
            for ply in [0u32, 1, 17, 200] {
                let o = Outcome::win(1, EndReason::FourInARow, margin);
                let s = terminal_score(&o, 1, ply);
                assert_eq!(decode_terminal(s), Some((true, margin, ply)));
                assert_eq!(decode_terminal(-s), Some((false, margin, ply)));
            }
        }
        assert_eq!(decode_terminal(500), None);
    }

    #[test]
    fn tt_adjustment_round_trips() {
        let o = Outcome::win(0, EndReason::FourInARow, 0);
        let s = terminal_score(&o, 0, 9);
        // Stored at ply 4 (5 plies from the end), retrieved at ply 6: win in 5 from there = ply 11.
        let stored = to_tt(s, 4);
        assert_eq!(from_tt(stored, 6), terminal_score(&o, 0, 11));
        assert_eq!(from_tt(to_tt(123, 4), 6), 123);
    }
}
