//! ProbCut's calibration of the pattern evaluation ([`ProbCutModel`]): how far a shallow
//! search's value lies from a deeper one's, measured on positions of real games.
//!
//! For each sample position the value is searched at every depth up to a limit; each pair of
//! depths the search uses (`deep` and each of [`shallow_depths`]`(deep)`) gives one difference
//! `deep - shallow`. Two linear models in `(1, empties, shallow, deep)` are fitted by least
//! squares: the mean of the difference, and its spread (the absolute residual times
//! `sqrt(pi / 2)`, which is the standard deviation when the error is normal).

use crate::game::Evaluator;
use crate::games::othello::Othello;
use crate::heuristic::othello::pattern::probcut::{ProbCutModel, dot, features};
use crate::search::probcut::{MIN_DEPTH, shallow_depths};
use crate::search::score::is_terminal_score;
use crate::search::{Algorithm, SearchConfig, Searcher, StopToken};

/// One measured difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub empties: u32,
    pub shallow: u32,
    pub deep: u32,
    /// `deep - shallow`, evaluation units.
    pub diff: f64,
}

/// The values of `pos` searched to depths `1..=max_depth` (index 0 is depth 1): fixed-depth PVS,
/// full window, one table for the whole ladder, no ProbCut, book or solver.
pub fn depth_values(pos: &Othello, eval: &dyn Evaluator<Othello>, max_depth: u32) -> Vec<i32> {
    let config = SearchConfig {
        algorithm: Algorithm::Pvs,
        tt_bytes: 4 << 20,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::new(&config);
    let stop = StopToken::new();
    (1..=max_depth)
        .map(|depth| {
            searcher.set_depth(Some(depth));
            searcher.search(pos, eval, &stop).score
        })
        .collect()
}

/// The pairs ProbCut uses among `values` (from [`depth_values`]); pairs where either value is a
/// proven score are left out (no cut is needed there).
pub fn samples(empties: u32, values: &[i32]) -> Vec<Sample> {
    let max = values.len() as u32;
    (MIN_DEPTH..=max)
        .flat_map(|deep| {
            shallow_depths(deep)
                .iter()
                .map(move |&shallow| (shallow, deep))
        })
        .filter_map(|(shallow, deep)| {
            let d = *values.get(deep as usize - 1)?;
            let s = *values.get((shallow as usize).checked_sub(1)?)?;
            (!is_terminal_score(d) && !is_terminal_score(s)).then_some(Sample {
                empties,
                shallow,
                deep,
                diff: f64::from(d - s),
            })
        })
        .collect()
}

/// Least-squares fit of both models; `None` when the samples cannot determine four coefficients
/// (fewer than a few distinct depths and stages).
pub fn fit(samples: &[Sample]) -> Option<ProbCutModel> {
    let rows: Vec<[f64; 4]> = samples
        .iter()
        .map(|s| features(s.empties, s.shallow, s.deep))
        .collect();
    let diffs: Vec<f64> = samples.iter().map(|s| s.diff).collect();
    let mean = least_squares(&rows, &diffs)?;
    let spread: Vec<f64> = rows
        .iter()
        .zip(&diffs)
        .map(|(x, d)| (d - dot(&mean, x)).abs() * (std::f64::consts::PI / 2.0).sqrt())
        .collect();
    let sigma = least_squares(&rows, &spread)?;
    Some(ProbCutModel { mean, sigma })
}

/// Solves the normal equations by Gaussian elimination with partial pivoting.
fn least_squares(rows: &[[f64; 4]], ys: &[f64]) -> Option<[f64; 4]> {
    let mut a = [[0.0f64; 5]; 4];
    for (x, y) in rows.iter().zip(ys) {
        for i in 0..4 {
            for j in 0..4 {
                a[i][j] += x[i] * x[j];
            }
            a[i][4] += x[i] * y;
        }
    }
    for col in 0..4 {
        let pivot = (col..4).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-9 * (1.0 + a[col][col].abs()) {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col];
        for (row, r) in a.iter_mut().enumerate() {
            if row != col {
                let f = r[col] / pivot_row[col];
                for (x, p) in r.iter_mut().zip(&pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    Some([
        a[0][4] / a[0][0],
        a[1][4] / a[1][1],
        a[2][4] / a[2][2],
        a[3][4] / a[3][3],
    ])
}

/// Per pair of depths: `(shallow, deep, samples, mean, standard deviation)`, for the report.
pub fn pair_table(samples: &[Sample]) -> Vec<(u32, u32, usize, f64, f64)> {
    let mut pairs: Vec<(u32, u32)> = samples.iter().map(|s| (s.deep, s.shallow)).collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
        .into_iter()
        .map(|(deep, shallow)| {
            let diffs: Vec<f64> = samples
                .iter()
                .filter(|s| s.deep == deep && s.shallow == shallow)
                .map(|s| s.diff)
                .collect();
            let n = diffs.len() as f64;
            let mean = diffs.iter().sum::<f64>() / n;
            let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / n;
            (shallow, deep, diffs.len(), mean, var.sqrt())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// Normal noise from a seeded generator (Box-Muller), for synthetic calibrations.
    fn normal(rng: &mut SplitMix64) -> f64 {
        let (u1, u2) = (rng.unit(), rng.unit());
        (-2.0 * u1.max(1e-300).ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
    }

    #[test]
    fn the_fit_recovers_a_known_mean_and_spread() {
        let truth = ProbCutModel {
            mean: [3.0, -0.1, 0.5, 0.25],
            sigma: [20.0, 0.8, -2.0, 3.0],
        };
        let mut rng = SplitMix64::new(7);
        let mut data = Vec::new();
        for empties in 10..55 {
            for (shallow, deep) in (MIN_DEPTH..=12)
                .flat_map(|deep| shallow_depths(deep).iter().map(move |&s| (s, deep)))
            {
                for _ in 0..40 {
                    let e = truth.error(empties, shallow, deep);
                    data.push(Sample {
                        empties,
                        shallow,
                        deep,
                        diff: e.mean + e.sigma * normal(&mut rng),
                    });
                }
            }
        }
        let got = fit(&data).expect("enough samples");
        for (empties, shallow, deep) in [(12, 2, 4), (30, 4, 8), (50, 6, 12), (40, 1, 3)] {
            let (want, have) = (
                truth.error(empties, shallow, deep),
                got.error(empties, shallow, deep),
            );
            assert!(
                (want.mean - have.mean).abs() < 0.1 * want.sigma,
                "{want:?} {have:?}"
            );
            assert!(
                (want.sigma - have.sigma).abs() < 0.06 * want.sigma,
                "{want:?} {have:?}"
            );
        }
    }

    #[test]
    fn one_depth_pair_cannot_determine_the_model() {
        let data: Vec<Sample> = (0..100)
            .map(|i| Sample {
                empties: 30,
                shallow: 2,
                deep: 4,
                diff: f64::from(i % 7),
            })
            .collect();
        assert_eq!(fit(&data), None);
    }

    #[test]
    fn samples_pair_each_depth_with_its_shallow_ones_and_skip_proven_values() {
        let values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110];
        let s = samples(40, &values);
        let pairs: Vec<(u32, u32, f64)> = s.iter().map(|s| (s.shallow, s.deep, s.diff)).collect();
        // Each depth with its tries; 10 and 11 with two each.
        assert_eq!(
            pairs,
            [
                (1, 3, 20.0),
                (2, 4, 20.0),
                (1, 5, 40.0),
                (2, 6, 40.0),
                (3, 7, 40.0),
                (4, 8, 40.0),
                (3, 9, 60.0),
                (4, 10, 60.0),
                (6, 10, 40.0),
                (3, 11, 80.0),
                (5, 11, 60.0),
            ]
        );
        let won = [10, 20, crate::search::score::WIN_BASE, 40];
        assert_eq!(samples(40, &won).len(), 1, "only 2 -> 4 is heuristic");
    }
}
