//! ProbCut's model of the pattern evaluation's error: how far a shallow search's value lies
//! from a deeper one's, as linear functions of `(1, empties, shallow, deep)`. A linear model,
//! not a table per pair, because the search asks for depths deeper than any the calibration can
//! afford to search; Buro's Logistello and Edax extrapolate the same way. The calibration that
//! fits it searches, so it is the search's: [`crate::search::probcut::calibrate`].

use crate::game::ProbCutError;

/// The deepest search the model speaks for: about twice the deepest pair measured (11).
/// Further out the extrapolated mean overtakes the spread (from depth 25 near the start of the
/// game, see the tests), so deeper searches are not cut.
pub const MAX_DEEP: u32 = 24;

/// The spread never assumed below half a disc (1/16-disc units): a cut needs some margin.
const MIN_SIGMA: f64 = 8.0;

/// Mean and spread of `deep - shallow` as linear functions of `(1, empties, shallow, deep)`,
/// in the evaluation's units (1/16 disc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCutModel {
    pub mean: [f64; 4],
    pub sigma: [f64; 4],
}

/// The calibration of the built-in weights: `ply probcut othello --positions 1500 --max-depth 11`
/// on the WTHOR files of 1978, 1979 and 1981-2009 (the command and its output are in
/// docs/othello-patterns.md). The spread grows with the deep search's depth and shrinks with the
/// shallow one's and with the empties; on the measured pairs the mean stays within half a disc.
/// Along each try of the schedule (shallow about a third or a half of deep) the extrapolated
/// spread stays about level with depth, as the measured pairs do (3.0 to 3.7 discs for the halves
/// 2/4 to 5/11); it is not measured beyond 11 plies.
pub const BUILTIN: ProbCutModel = ProbCutModel {
    mean: [-0.02, -0.223, 0.102, 0.795],
    sigma: [86.365, -1.041, -7.737, 3.377],
};

impl ProbCutModel {
    pub fn error(&self, empties: u32, shallow: u32, deep: u32) -> ProbCutError {
        let x = features(empties, shallow, deep);
        ProbCutError {
            mean: dot(&self.mean, &x),
            sigma: dot(&self.sigma, &x).max(MIN_SIGMA),
        }
    }
}

pub(crate) fn features(empties: u32, shallow: u32, deep: u32) -> [f64; 4] {
    [1.0, f64::from(empties), f64::from(shallow), f64::from(deep)]
}

pub(crate) fn dot(a: &[f64; 4], b: &[f64; 4]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::probcut::{MIN_DEPTH, shallow_depths};

    /// The shipped fit itself (before the floor of half a disc) stays positive, and its mean
    /// smaller than its spread, wherever a search asks: every depth short of the end up to
    /// `MAX_DEEP`, at every number of empties. (Up to 30 it would fail: at 60 empties and
    /// depth 25 the extrapolated mean passes the spread.)
    #[test]
    fn the_builtin_model_predicts_a_positive_spread_everywhere() {
        for empties in 0..=60 {
            for (shallow, deep) in (MIN_DEPTH..empties.clamp(MIN_DEPTH + 1, MAX_DEEP + 1))
                .flat_map(|deep| shallow_depths(deep).iter().map(move |&s| (s, deep)))
            {
                let x = features(empties, shallow, deep);
                let (mean, sigma) = (dot(&BUILTIN.mean, &x), dot(&BUILTIN.sigma, &x));
                assert!(
                    sigma > 0.0,
                    "{empties} empties, depth {deep}: spread {sigma}"
                );
                assert!(
                    mean.abs() < sigma,
                    "{empties} empties, depth {deep}: mean {mean}"
                );
                let e = BUILTIN.error(empties, shallow, deep);
                assert!(
                    e.sigma >= MIN_SIGMA && e.mean.is_finite(),
                    "{empties} {deep}"
                );
            }
        }
    }
}
