//! Multi-ProbCut (Buro, 1995 and 1997): before searching a node to depth `d`, search it to a
//! shallow depth `d'`; when the shallow value predicts with confidence `t` standard deviations
//! that the deep value lies outside the window, return the bound without the deep search.
//!
//! The prediction is the evaluator's own calibration ([`crate::Evaluator::probcut`]): the mean
//! and spread of `deep - shallow` measured on real positions. With a confidence the search keeps
//! (`SearchConfig::probcut`), the cut is wrong about once in `1 / P(Z > t)` tries, and the depth
//! the saved time buys is worth more than those errors (measured in the matches of
//! `docs/performance.md`).
//!
//! Only at null-window nodes of PVS (every node of plain alpha-beta) and never at the root: the
//! principal variation is searched in full. The shallow searches themselves do not cut, so each
//! prediction is the calibrated one.

use crate::game::Game;
use crate::search::context::Ctx;
use crate::search::score::is_terminal_score;

/// Whether `t` is a confidence ProbCut can use: above 0 (a cut needs a margin) and at most 10
/// standard deviations (beyond that nothing is ever cut).
pub fn is_confidence(t: f64) -> bool {
    t.is_finite() && t > 0.0 && t <= 10.0
}

/// The shallowest depth ProbCut tries to cut: below it the check costs what it saves.
pub const MIN_DEPTH: u32 = 3;

/// The shallow depth that predicts a search to `deep` plies: about half of it, of the same
/// parity (Edax's rule), so the odd-even effect of the evaluation does not enter the error.
pub fn shallow_depth(deep: u32) -> u32 {
    2 * (deep / 4) + (deep & 1)
}

impl<G: Game> Ctx<'_, G> {
    /// `Some(bound)` when the shallow search predicts a cut; `None`: search the node in full.
    pub(crate) fn probcut<const PVS: bool>(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let t = self.config.probcut?;
        if self.in_probcut
            || ply == 0
            || depth < MIN_DEPTH
            || (PVS && beta - alpha > 1)
            || is_terminal_score(alpha)
            || is_terminal_score(beta)
        {
            return None;
        }
        let shallow = shallow_depth(depth);
        let error = self.eval.probcut(pos, shallow, depth)?;
        let margin = t * error.sigma;
        // deep ≈ shallow + mean: deep >= beta is likely when shallow >= beta - mean + margin.
        let high = (f64::from(beta) - error.mean + margin).ceil();
        let low = (f64::from(alpha) - error.mean - margin).floor();
        self.in_probcut = true;
        let verdict = self.probcut_test::<PVS>(pos, shallow, ply, high, low, (alpha, beta));
        self.in_probcut = false;
        verdict
    }

    /// A cut is a guess, whatever the shallow search reached: it counts as heuristic, so no
    /// ancestor stores its bound as searched to the end.
    fn cut(&mut self) {
        self.stats.probcuts += 1;
        self.horizon += 1;
    }

    fn probcut_test<const PVS: bool>(
        &mut self,
        pos: &G,
        shallow: u32,
        ply: u32,
        high: f64,
        low: f64,
        (alpha, beta): (i32, i32),
    ) -> Option<i32> {
        let in_range = |x: f64| x.abs() < f64::from(crate::game::EVAL_LIMIT);
        if in_range(high) {
            let high = high as i32;
            let v = self.negamax::<PVS>(pos, shallow, ply, high - 1, high);
            if self.aborted {
                return None;
            }
            if v >= high {
                self.cut();
                return Some(beta);
            }
        }
        if in_range(low) {
            let low = low as i32;
            let v = self.negamax::<PVS>(pos, shallow, ply, low, low + 1);
            if self.aborted {
                return None;
            }
            if v <= low {
                self.cut();
                return Some(alpha);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confidences_are_positive_finite_and_bounded() {
        assert!(is_confidence(1.5) && is_confidence(10.0));
        for t in [0.0, -1.0, 10.5, f64::NAN, f64::INFINITY] {
            assert!(!is_confidence(t), "{t}");
        }
    }

    #[test]
    fn shallow_depths_keep_parity_and_stay_below() {
        for deep in MIN_DEPTH..=40 {
            let s = shallow_depth(deep);
            assert_eq!(s % 2, deep % 2, "{deep}");
            assert!(s < deep && s <= deep / 2 + 1, "{deep} -> {s}");
        }
        assert_eq!(
            (3..=12).map(shallow_depth).collect::<Vec<_>>(),
            [1, 2, 3, 2, 3, 4, 5, 4, 5, 6]
        );
    }
}
