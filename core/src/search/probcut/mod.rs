//! Multi-ProbCut (Buro, 1995 and 1997): before searching a node to depth `d`, search it to
//! shallower depths `d'`, the shallowest first; when a shallow value predicts with confidence
//! `t` standard deviations that the deep value lies outside the window, return the bound without
//! the deep search.
//!
//! The prediction is the evaluator's own calibration ([`crate::Evaluator::probcut`]): the mean
//! and spread of `deep - shallow` measured on real positions. With a confidence the search keeps
//! (`SearchConfig::probcut`), the cut is wrong about once in `1 / P(Z > t)` tries, and the depth
//! the saved time buys is worth more than those errors (measured in the matches of
//! `docs/performance.md`).
//!
//! Only at null-window nodes of PVS (every node of plain alpha-beta) and never at the root: the
//! principal variation is searched in full. A shallow search may cut in turn, but its own shallow
//! searches do not (Edax's limit of two levels), so the shallow searches of a deep node stay
//! cheap. (The limit binds from 13 plies, where a second level's shallow search is deep enough to
//! try a cut of its own. The table keeps no level with a bound, so a shallow search may still
//! reuse a bound found under deeper nesting.)

pub mod calibrate;

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

/// How many ProbCut searches may be open at once on one line: a shallow search may cut, its own
/// shallow searches do not.
const MAX_NESTING: u32 = 2;

/// The shallow depths that predict a search to `deep` plies, tried in this order: Zebra's
/// Multi-ProbCut schedule (Andersson's `probcut.c`) up to 18 plies, a cheap try of about a
/// third of the depth and from 10 plies a second of about half, each of the deep depth's parity
/// so that the odd-even effect of the evaluation does not enter the error. Deeper, the same two
/// steps below Edax's half (`2 * (deep / 4) + deep % 2`), to 40 plies. Empty below
/// [`MIN_DEPTH`] and beyond 40. An evaluator's calibration may speak for fewer depths (the
/// pattern evaluation's stops at 24 plies): a try it has no prediction for is skipped.
pub fn shallow_depths(deep: u32) -> &'static [u32] {
    match deep {
        0..=2 => &[],
        3 | 5 => &[1],
        4 | 6 => &[2],
        7 | 9 => &[3],
        8 => &[4],
        10 | 12 => &[4, 6],
        11 => &[3, 5],
        13 | 15 | 17 => &[5, 7],
        14 | 16 | 18 => &[6, 8],
        LONG_FROM..=LONG_TO => &LONG[(deep - LONG_FROM) as usize],
        _ => &[],
    }
}

const LONG_FROM: u32 = 19;
const LONG_TO: u32 = 40;

/// Depths 19 to 40: Edax's half and two plies below it.
const LONG: [[u32; 2]; (LONG_TO - LONG_FROM + 1) as usize] = {
    let mut table = [[0; 2]; (LONG_TO - LONG_FROM + 1) as usize];
    let mut i = 0;
    while i < table.len() {
        let deep = LONG_FROM + i as u32;
        let half = 2 * (deep / 4) + (deep & 1);
        table[i] = [half - 2, half];
        i += 1;
    }
    table
};

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
        if self.probcut_nesting >= MAX_NESTING
            || ply == 0
            || depth < MIN_DEPTH
            || (PVS && beta - alpha > 1)
            || is_terminal_score(alpha)
            || is_terminal_score(beta)
        {
            return None;
        }
        for &shallow in shallow_depths(depth) {
            let Some(error) = self.eval.probcut(pos, shallow, depth) else {
                continue;
            };
            let margin = t * error.sigma;
            // deep ≈ shallow + mean: deep >= beta is likely when shallow >= beta - mean + margin.
            let high = (f64::from(beta) - error.mean + margin).ceil();
            let low = (f64::from(alpha) - error.mean - margin).floor();
            self.probcut_nesting += 1;
            self.stats.probcut_tries += 1;
            self.stats.probcut_nesting = self.stats.probcut_nesting.max(self.probcut_nesting);
            let verdict = self.probcut_test::<PVS>(pos, shallow, ply, high, low, (alpha, beta));
            self.probcut_nesting -= 1;
            if verdict.is_some() || self.aborted {
                return verdict;
            }
        }
        None
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
    fn shallow_depths_keep_parity_stay_below_and_go_shallowest_first() {
        for deep in MIN_DEPTH..=40 {
            let tries = shallow_depths(deep);
            assert!(!tries.is_empty() && tries.len() <= 2, "{deep}");
            for &s in tries {
                assert_eq!(s % 2, deep % 2, "{deep}");
                assert!(s >= 1 && s <= deep / 2 + 1, "{deep} -> {s}");
            }
            assert!(tries.windows(2).all(|w| w[0] < w[1]), "{deep}: {tries:?}");
        }
        assert!(shallow_depths(2).is_empty() && shallow_depths(41).is_empty());
        // Zebra's schedule (probcut.c, init_probcut) where it has one.
        let zebra: [(u32, &[u32]); 16] = [
            (3, &[1]),
            (4, &[2]),
            (5, &[1]),
            (6, &[2]),
            (7, &[3]),
            (8, &[4]),
            (9, &[3]),
            (10, &[4, 6]),
            (11, &[3, 5]),
            (12, &[4, 6]),
            (13, &[5, 7]),
            (14, &[6, 8]),
            (15, &[5, 7]),
            (16, &[6, 8]),
            (17, &[5, 7]),
            (18, &[6, 8]),
        ];
        for (deep, tries) in zebra {
            assert_eq!(shallow_depths(deep), tries, "{deep}");
        }
        assert_eq!(shallow_depths(20), [8, 10]);
        assert_eq!(shallow_depths(23), [9, 11]);
    }
}
