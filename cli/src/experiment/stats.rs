//! The statistics the experiments report: a Student-t confidence interval for a mean, and the
//! Mann-Whitney U test the History-ADS paper uses (normal approximation with the tie correction
//! and a continuity correction, as SciPy's `mannwhitneyu(method="asymptotic")` computes it), with
//! its effect sizes. The distributions come from `statrs`.

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

/// A sample mean with a two-sided confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Interval {
    pub n: usize,
    pub mean: f64,
    pub lo: f64,
    pub hi: f64,
}

/// The mean of `xs` with its Student-t interval at `level` (0.95 for 95 %). One value has an
/// interval of zero width; no value is `None`.
pub fn mean_interval(xs: &[f64], level: f64) -> Option<Interval> {
    let n = xs.len();
    if n == 0 {
        return None;
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    if n == 1 {
        return Some(Interval {
            n,
            mean,
            lo: mean,
            hi: mean,
        });
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
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

/// The result of a two-sided Mann-Whitney U test of samples `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct MannWhitney {
    /// U of the first sample: the pairs (x in a, y in b) with x > y, ties counting one half.
    pub u: f64,
    /// The standardised statistic (with the continuity correction), negative when `a` tends lower.
    pub z: f64,
    /// Two-sided p-value from the normal approximation.
    pub p: f64,
    /// Effect size r = |z| / sqrt(n1 + n2).
    pub r: f64,
    /// The probability that a value of `a` exceeds one of `b` (ties one half): U / (n1 n2).
    pub superiority: f64,
}

pub fn mann_whitney(a: &[f64], b: &[f64]) -> Option<MannWhitney> {
    let (n1, n2) = (a.len() as f64, b.len() as f64);
    if a.is_empty() || b.is_empty() {
        return None;
    }
    // Ranks of the pooled sample, ties given their average rank.
    let mut pooled: Vec<(f64, bool)> = a
        .iter()
        .map(|&x| (x, true))
        .chain(b.iter().map(|&y| (y, false)))
        .collect();
    pooled.sort_by(|x, y| x.0.total_cmp(&y.0));
    let n = pooled.len();
    let mut rank_sum_a = 0.0;
    let mut tie_term = 0.0;
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j + 1 < n && pooled[j + 1].0 == pooled[i].0 {
            j += 1;
        }
        let t = (j - i + 1) as f64;
        let rank = (i + j) as f64 / 2.0 + 1.0;
        rank_sum_a += rank * pooled[i..=j].iter().filter(|p| p.1).count() as f64;
        tie_term += t * t * t - t;
        i = j + 1;
    }
    let u = rank_sum_a - n1 * (n1 + 1.0) / 2.0;
    let mu = n1 * n2 / 2.0;
    let total = n1 + n2;
    let sigma = (n1 * n2 / 12.0 * ((total + 1.0) - tie_term / (total * (total - 1.0)))).sqrt();
    let z = if sigma > 0.0 {
        let d = u - mu;
        (d - 0.5 * d.signum()) / sigma
    } else {
        0.0
    };
    let normal = Normal::new(0.0, 1.0).ok()?;
    let p = (2.0 * (1.0 - normal.cdf(z.abs()))).min(1.0);
    Some(MannWhitney {
        u,
        z,
        p,
        r: z.abs() / total.sqrt(),
        superiority: u / (n1 * n2),
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

    // Reference values from SciPy 1.17.1: `scipy.stats.mannwhitneyu(a, b, method="asymptotic")`
    // (continuity correction on) and `scipy.stats.t.ppf`.

    #[test]
    fn mann_whitney_matches_scipy_without_ties() {
        // SciPy's documentation example (Conover): ages of male and female workers.
        let m = mann_whitney(&[19.0, 22.0, 16.0, 29.0, 24.0], &[20.0, 11.0, 17.0, 12.0]).unwrap();
        assert_eq!(m.u, 17.0);
        assert!(close(m.p, 0.11134688653314041, 1e-9), "{m:?}");
        assert!(close(m.superiority, 17.0 / 20.0, 1e-12));
    }

    #[test]
    fn mann_whitney_matches_scipy_with_ties() {
        let a = [1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0, 5.0];
        let b = [3.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0];
        let m = mann_whitney(&a, &b).unwrap();
        assert_eq!(m.u, 7.5);
        assert!(close(m.p, 0.006340074742489072, 1e-9), "{m:?}");
        assert!(m.z < 0.0, "a tends lower");
        // Swapping the samples mirrors U and keeps p.
        let s = mann_whitney(&b, &a).unwrap();
        assert_eq!(s.u, 8.0 * 9.0 - 7.5);
        assert!(close(s.p, m.p, 1e-12) && close(s.z, -m.z, 1e-12));
    }

    #[test]
    fn identical_samples_are_not_different() {
        let m = mann_whitney(&[3.0; 5], &[3.0; 7]).unwrap();
        assert_eq!((m.z, m.p), (0.0, 1.0));
        assert!(mann_whitney(&[], &[1.0]).is_none());
    }

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
}
