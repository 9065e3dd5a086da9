//! Confidence intervals: Student-t for a mean, on the log scale for positive quantities (a time,
//! a node count, a ratio: the bounds stay positive), Wilson for a rate. The distributions come
//! from `statrs`.

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

/// A sample mean with a two-sided confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Interval {
    pub n: usize,
    pub mean: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Interval {
    /// No interval: no value to compute one from (every field not a number, `n` 0).
    pub const NONE: Interval = Interval {
        n: 0,
        mean: f64::NAN,
        lo: f64::NAN,
        hi: f64::NAN,
    };
}

/// The mean of `xs` with its Student-t interval at `level` (0.95 for 95 %). One value has an
/// interval of zero width; no value is `None`.
pub fn mean_interval(xs: &[f64], level: f64) -> Option<Interval> {
    let n = xs.len();
    if n == 0 {
        return None;
    }
    let mean = super::mean(xs);
    let Some(var) = super::variance(xs) else {
        return Some(Interval {
            n,
            mean,
            lo: mean,
            hi: mean,
        });
    };
    let t = StudentsT::new(0.0, 1.0, (n - 1) as f64)
        .ok()?
        .inverse_cdf(0.5 + level / 2.0);
    let half = t * (var / n as f64).sqrt();
    Some(Interval {
        n,
        mean,
        lo: mean - half,
        hi: mean + half,
    })
}

/// The geometric mean of paired ratios `a[i] / b[i]` with its interval (a t interval on the
/// logarithms, turned back): how many times the cost of `a` is that of `b` on the same positions.
pub fn ratio_interval(a: &[f64], b: &[f64], level: f64) -> Option<Interval> {
    let logs: Vec<f64> = a
        .iter()
        .zip(b)
        .filter(|(x, y)| **x > 0.0 && **y > 0.0)
        .map(|(x, y)| (x / y).ln())
        .collect();
    let i = mean_interval(&logs, level)?;
    Some(Interval {
        n: i.n,
        mean: i.mean.exp(),
        lo: i.lo.exp(),
        hi: i.hi.exp(),
    })
}

/// The geometric mean of positive values `xs` with its interval: a t interval on the logarithms,
/// turned back, so both bounds stay positive (a time or a node count cannot be below 0, and
/// its spread is multiplicative). Values that are not positive are left out.
pub fn geometric_interval(xs: &[f64], level: f64) -> Option<Interval> {
    let logs: Vec<f64> = xs.iter().filter(|x| **x > 0.0).map(|x| x.ln()).collect();
    let i = mean_interval(&logs, level)?;
    Some(Interval {
        n: i.n,
        mean: i.mean.exp(),
        lo: i.lo.exp(),
        hi: i.hi.exp(),
    })
}

/// A rate `successes / n` with its Wilson score interval at `level` (better than the normal
/// interval near 0 and 1 and for small n; a game's draw counts as half a success when the caller
/// passes half-integers, the usual score rate). No trial is `None`.
pub fn rate_interval(successes: f64, n: usize, level: f64) -> Option<Interval> {
    if n == 0 {
        return None;
    }
    let z = Normal::new(0.0, 1.0).ok()?.inverse_cdf(0.5 + level / 2.0);
    let nf = n as f64;
    let p = successes / nf;
    let denom = 1.0 + z * z / nf;
    let centre = (p + z * z / (2.0 * nf)) / denom;
    let half = z / denom * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt();
    Some(Interval {
        n,
        mean: p,
        // At p = 0 or 1 the bound equals p in exact arithmetic; rounding must not exclude it.
        lo: (centre - half).clamp(0.0, p),
        hi: (centre + half).clamp(p, 1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn contains(i: Interval, x: f64) -> bool {
        i.lo <= x && x <= i.hi
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    // Reference values from SciPy 1.17.1 (`scipy.stats.t.ppf`) and reference-values.py.

    #[test]
    fn t_interval_matches_scipy() {
        let x = [5.1, 4.9, 5.6, 5.8, 6.0, 5.3, 5.5];
        let i = mean_interval(&x, 0.95).unwrap();
        assert!(close(i.mean, 5.457142857142857, 1e-12));
        assert!(close(i.lo, 5.099520648481034, 1e-9), "{i:?}");
        assert!(close(i.hi, 5.81476506580468, 1e-9), "{i:?}");
        assert!(mean_interval(&[], 0.95).is_none());
        assert_eq!(mean_interval(&[2.0], 0.95).unwrap().lo, 2.0);
    }

    /// Over many simulated samples (10 from a uniform distribution, 8 from a normal one), the
    /// 95 % interval holds the true mean about 95 % of the time.
    #[test]
    fn t_interval_covers_the_true_mean_about_as_often_as_it_says() {
        let mut rng = SmallRng::seed_from_u64(7);
        let trials = 4000;
        let mut covered = 0;
        for _ in 0..trials {
            let xs: Vec<f64> = (0..10).map(|_| rng.random::<f64>()).collect();
            covered += usize::from(contains(mean_interval(&xs, 0.95).unwrap(), 0.5));
        }
        let rate = covered as f64 / trials as f64;
        assert!((0.935..=0.965).contains(&rate), "uniform coverage {rate}");
        // Normal samples via Box-Muller, mean 3, sd 2: the t interval is exact here.
        let mut covered = 0;
        for _ in 0..trials {
            let xs: Vec<f64> = (0..8)
                .map(|_| {
                    let (u, v) = (rng.random::<f64>().max(1e-12), rng.random::<f64>());
                    3.0 + 2.0 * (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
                })
                .collect();
            covered += usize::from(contains(mean_interval(&xs, 0.95).unwrap(), 3.0));
        }
        let rate = covered as f64 / trials as f64;
        assert!((0.935..=0.965).contains(&rate), "normal coverage {rate}");
    }

    /// statsmodels' `proportion_confint(count, nobs, alpha=0.05, method="wilson")`.
    #[test]
    fn rate_interval_matches_statsmodels_wilson() {
        let i = rate_interval(7.0, 20, 0.95).unwrap();
        assert!(close(i.mean, 0.35, 1e-12));
        assert!(close(i.lo, 0.18119182410108203, 1e-9), "{i:?}");
        assert!(close(i.hi, 0.5671457233147638, 1e-9), "{i:?}");
        let all = rate_interval(10.0, 10, 0.95).unwrap();
        assert!(
            close(all.lo, 0.7224672001371106, 1e-9) && all.hi == 1.0,
            "{all:?}"
        );
        assert!(rate_interval(0.0, 0, 0.95).is_none());
    }

    /// Over many simulated series of 30 games won with probability 0.3, the 95 % Wilson interval
    /// holds 0.3 about 95 % of the time (it is known to be close to nominal there).
    #[test]
    fn rate_interval_covers_the_true_rate_about_as_often_as_it_says() {
        let mut rng = SmallRng::seed_from_u64(11);
        let trials = 4000;
        let mut covered = 0;
        for _ in 0..trials {
            let wins = (0..30).filter(|_| rng.random::<f64>() < 0.3).count();
            covered += usize::from(contains(rate_interval(wins as f64, 30, 0.95).unwrap(), 0.3));
        }
        let rate = covered as f64 / trials as f64;
        assert!((0.92..=0.975).contains(&rate), "coverage {rate}");
    }

    #[test]
    fn ratio_interval_is_the_geometric_mean_of_paired_ratios() {
        let i = ratio_interval(&[2.0, 8.0], &[1.0, 2.0], 0.95).unwrap();
        assert!(close(i.mean, 8f64.sqrt(), 1e-12));
        assert!(i.lo < i.mean && i.mean < i.hi);
    }

    /// The log-scale interval of widely spread positive values stays positive where the plain t
    /// interval would not: reference-values.py ("geo").
    #[test]
    fn geometric_interval_matches_scipy_and_stays_positive() {
        let v = [1.2, 3.4, 0.8, 2.2, 5.1, 0.9];
        let g = geometric_interval(&v, 0.95).unwrap();
        assert!(close(g.mean, 1.7905959013902508, 1e-12), "{g:?}");
        assert!(close(g.lo, 0.8128515948240049, 1e-9), "{g:?}");
        assert!(close(g.hi, 3.9444268824615705, 1e-9), "{g:?}");
        let spread = [0.01, 0.02, 50.0];
        assert!(mean_interval(&spread, 0.95).unwrap().lo < 0.0);
        assert!(geometric_interval(&spread, 0.95).unwrap().lo > 0.0);
        assert!(geometric_interval(&[0.0, -1.0], 0.95).is_none());
    }
}
