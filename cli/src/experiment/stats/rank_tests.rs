//! Rank tests: Mann-Whitney U for two independent samples (the History-ADS paper's test) and the
//! Wilcoxon signed-rank test for paired samples (the same searches measured two ways). Both as
//! SciPy computes them: the normal approximation with the tie and continuity corrections (a
//! difference of zero corrected by nothing, as NumPy's `sign(0)`), and for Wilcoxon the exact
//! null distribution when n <= 50 non-zero pairs. Where SciPy falls back to the approximation
//! because ranks are tied, the exact sign-flip distribution of the mid-ranks is used instead:
//! with few pairs the approximation is far off (four equal differences: 0.072 where every one
//! of the 16 sign patterns counted gives 0.125).

use super::normal::{log10_two_sided, two_sided};

/// The result of a two-sided Mann-Whitney U test of samples `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct MannWhitney {
    /// U of the first sample: the pairs (x in a, y in b) with x > y, ties counting one half.
    pub u: f64,
    /// The standardised statistic (with the continuity correction), negative when `a` tends lower.
    pub z: f64,
    /// Two-sided p-value from the normal approximation.
    pub p: f64,
    /// log10 of `p`, finite where `p` underflows.
    pub log10_p: f64,
    /// Effect size r = |z| / sqrt(n1 + n2).
    pub r: f64,
    /// The probability that a value of `a` exceeds one of `b` (ties one half): U / (n1 n2).
    pub superiority: f64,
}

/// Average ranks (from 1) of `xs` and the tie term sum(t^3 - t) over groups of equal values.
fn ranks(xs: &[f64]) -> (Vec<f64>, f64) {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut rank = vec![0.0; xs.len()];
    let mut tie_term = 0.0;
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        let t = (j - i + 1) as f64;
        for &k in &order[i..=j] {
            rank[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        tie_term += t * t * t - t;
        i = j + 1;
    }
    (rank, tie_term)
}

/// The continuity-corrected z of a statistic `s` with null mean `mu` and deviation `sigma`.
fn corrected_z(s: f64, mu: f64, sigma: f64) -> f64 {
    if sigma > 0.0 {
        let d = s - mu;
        // `f64::signum(0.0)` is 1: a statistic at its mean would be pushed half a unit away.
        let correction = if d == 0.0 { 0.0 } else { 0.5 * d.signum() };
        (d - correction) / sigma
    } else {
        0.0
    }
}

pub fn mann_whitney(a: &[f64], b: &[f64]) -> Option<MannWhitney> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let (n1, n2) = (a.len() as f64, b.len() as f64);
    let pooled: Vec<f64> = a.iter().chain(b).copied().collect();
    let (rank, tie_term) = ranks(&pooled);
    let rank_sum_a: f64 = rank[..a.len()].iter().sum();
    let u = rank_sum_a - n1 * (n1 + 1.0) / 2.0;
    let total = n1 + n2;
    let sigma = (n1 * n2 / 12.0 * ((total + 1.0) - tie_term / (total * (total - 1.0)))).sqrt();
    let z = corrected_z(u, n1 * n2 / 2.0, sigma);
    Some(MannWhitney {
        u,
        z,
        p: two_sided(z),
        log10_p: log10_two_sided(z),
        r: z.abs() / total.sqrt(),
        superiority: u / (n1 * n2),
    })
}

/// The result of a two-sided Wilcoxon signed-rank test of paired samples.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Wilcoxon {
    /// Pairs with a non-zero difference (zero differences are dropped, Wilcoxon's own rule).
    pub n: usize,
    /// The sum of the ranks of |a - b| over the pairs where a > b.
    pub w_plus: f64,
    /// Whether `p` comes from the exact null distribution (else the normal approximation).
    pub exact: bool,
    /// Two-sided p-value.
    pub p: f64,
    /// log10 of `p`, finite where `p` underflows.
    pub log10_p: f64,
    /// The matched-pairs rank-biserial correlation, from -1 (a always lower) to 1 (a always higher).
    pub rank_biserial: f64,
}

/// Up to this many non-zero pairs the p-value is exact (SciPy's limit too, without ties).
const EXACT_UP_TO: usize = 50;

/// The Wilcoxon signed-rank test of the pairs (a[i], b[i]); `None` without a pair or with samples
/// of different lengths. With every difference zero, p is 1.
pub fn wilcoxon(a: &[f64], b: &[f64]) -> Option<Wilcoxon> {
    if a.is_empty() || a.len() != b.len() {
        return None;
    }
    let d: Vec<f64> = a
        .iter()
        .zip(b)
        .map(|(x, y)| x - y)
        .filter(|d| *d != 0.0)
        .collect();
    let n = d.len();
    if n == 0 {
        return Some(Wilcoxon {
            n,
            w_plus: 0.0,
            exact: true,
            p: 1.0,
            log10_p: 0.0,
            rank_biserial: 0.0,
        });
    }
    let abs: Vec<f64> = d.iter().map(|x| x.abs()).collect();
    let (rank, tie_term) = ranks(&abs);
    let w_plus: f64 = rank
        .iter()
        .zip(&d)
        .filter(|(_, d)| **d > 0.0)
        .map(|(r, _)| r)
        .sum();
    let nf = n as f64;
    let total = nf * (nf + 1.0) / 2.0;
    let rank_biserial = (2.0 * w_plus - total) / total;
    let (exact, p, log10_p) = if n <= EXACT_UP_TO {
        let p = exact_two_sided(&rank, w_plus);
        (true, p, p.log10())
    } else {
        let (p, log10_p) = wilcoxon_normal(n, w_plus, tie_term);
        (false, p, log10_p)
    };
    Some(Wilcoxon {
        n,
        w_plus,
        exact,
        p,
        log10_p,
        rank_biserial,
    })
}

/// The Wilcoxon signed-rank test of the paired log ratios ln(a[i] / b[i]): whether `a` costs a
/// different multiple of `b`, the question [`super::ratio_interval`] measures (the test of raw
/// differences would weigh the largest pairs most). Pairs with a value not positive are left out.
pub fn wilcoxon_log(a: &[f64], b: &[f64]) -> Option<Wilcoxon> {
    if a.len() != b.len() {
        return None;
    }
    let (la, lb): (Vec<f64>, Vec<f64>) = a
        .iter()
        .zip(b)
        .filter(|(x, y)| **x > 0.0 && **y > 0.0)
        .map(|(x, y)| (x.ln(), y.ln()))
        .unzip();
    wilcoxon(&la, &lb)
}

/// The normal approximation's two-sided p (and its log10) of W+ with `n` pairs and the tie
/// term of their ranks.
fn wilcoxon_normal(n: usize, w_plus: f64, tie_term: f64) -> (f64, f64) {
    let nf = n as f64;
    let sigma = ((nf * (nf + 1.0) * (2.0 * nf + 1.0) - tie_term / 2.0) / 24.0).sqrt();
    let z = corrected_z(w_plus, nf * (nf + 1.0) / 4.0, sigma);
    (two_sided(z), log10_two_sided(z))
}

/// The exact two-sided p of W+ = `w_plus` given the pairs' (mid-)ranks: 2 min(P(W+ <= w),
/// P(W+ >= w)), capped at 1, over the 2^n sign patterns, equally likely under the null. Counted
/// by rank sum on doubled ranks (mid-ranks are halves), so ties cost nothing more.
fn exact_two_sided(ranks: &[f64], w_plus: f64) -> f64 {
    let doubled: Vec<usize> = ranks.iter().map(|r| (2.0 * r).round() as usize).collect();
    let max: usize = doubled.iter().sum();
    let mut counts = vec![0f64; max + 1];
    counts[0] = 1.0;
    for &k in &doubled {
        for s in (k..=max).rev() {
            counts[s] += counts[s - k];
        }
    }
    let w = ((2.0 * w_plus).round() as usize).min(max);
    let all = 2f64.powi(ranks.len() as i32);
    let low: f64 = counts[..=w].iter().sum::<f64>() / all;
    let high: f64 = counts[w..].iter().sum::<f64>() / all;
    (2.0 * low.min(high)).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs()
    }

    // Reference values: reference-values.py (SciPy 1.17.1 `mannwhitneyu(a, b,
    // method="asymptotic")`, `wilcoxon(x, y, method=...)`).

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
    fn mann_whitney_keeps_precision_below_1e_12() {
        let a: Vec<f64> = (0..60).map(f64::from).collect();
        let b: Vec<f64> = (100..160).map(f64::from).collect();
        let m = mann_whitney(&a, &b).unwrap();
        assert!(close(m.p, 3.5565709749847226e-21, 1e-8), "{m:?}");
        let a: Vec<f64> = (0..300).map(f64::from).collect();
        let b: Vec<f64> = (1000..1300).map(f64::from).collect();
        let m = mann_whitney(&a, &b).unwrap();
        assert!(close(m.p, 1.0549641486892856e-99, 1e-8), "{m:?}");
        assert!((m.log10_p - 1.0549641486892856e-99f64.log10()).abs() < 1e-8);
    }

    #[test]
    fn identical_samples_are_not_different() {
        let m = mann_whitney(&[3.0; 5], &[3.0; 7]).unwrap();
        assert_eq!((m.z, m.p), (0.0, 1.0));
        assert!(mann_whitney(&[], &[1.0]).is_none());
    }

    #[test]
    // The data's 3.14 is a depression score of SciPy's example, not pi.
    #[allow(clippy::approx_constant)]
    fn wilcoxon_exact_matches_scipy() {
        // SciPy's documentation example (Hollander and Wolfe): depression scores.
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
        let w = wilcoxon(&x, &y).unwrap();
        assert!(w.exact && w.n == 9);
        assert_eq!(w.w_plus, 40.0); // SciPy reports min(W+, W-) = 5 of 45
        assert!(close(w.p, 0.0390625, 1e-12), "{w:?}");
        let r = wilcoxon(&y, &x).unwrap();
        assert_eq!((r.w_plus, r.p), (5.0, w.p));
        assert!(close(r.rank_biserial, -w.rank_biserial, 1e-12) && w.rank_biserial > 0.0);
        // Forty pairs all one way: 2 / 2^40, exactly.
        let a: Vec<f64> = (1..=40).map(f64::from).collect();
        let w = wilcoxon(&a, &[0.0; 40]).unwrap();
        assert!(close(w.p, 1.8189894035458565e-12, 1e-12), "{w:?}");
        assert_eq!(w.rank_biserial, 1.0);
    }

    #[test]
    fn wilcoxon_normal_approximation_matches_scipy_with_ties_and_zeros() {
        let d = [
            1.0, 2.0, 2.0, 3.0, 3.0, 3.0, -1.0, 4.0, 5.0, -2.0, 6.0, 0.0, 7.0, 8.0, 2.0, 9.0, -3.0,
            10.0, 11.0, 12.0,
        ];
        let w = wilcoxon(&d, &[0.0; 20]).unwrap();
        assert!(w.exact && w.n == 19, "the zero is dropped");
        assert_eq!(w.w_plus, 190.0 - 14.5);
        // SciPy's approximation for these ties, from the same statistic.
        let abs: Vec<f64> = d.iter().filter(|x| **x != 0.0).map(|x| x.abs()).collect();
        let (_, tie_term) = ranks(&abs);
        let (p, _) = wilcoxon_normal(19, w.w_plus, tie_term);
        assert!(close(p, 0.0012542846566402238, 1e-9), "{p}");
        // The exact sign-flip p, against every one of the 2^19 sign patterns counted.
        assert!(close(w.p, brute_force_p(&d), 1e-12), "{w:?}");
        // Over 50 pairs the approximation is used even without ties, and stays precise.
        let a: Vec<f64> = (1..=60).map(f64::from).collect();
        let w = wilcoxon(&a, &[0.0; 60]).unwrap();
        assert!(!w.exact && close(w.p, 1.671328569652654e-11, 1e-8), "{w:?}");
        let a: Vec<f64> = (1..=300).map(f64::from).collect();
        let w = wilcoxon(&a, &[0.0; 300]).unwrap();
        assert!(close(w.p, 6.114136859304273e-51, 1e-8), "{w:?}");
        assert!((w.log10_p - -50.213664844220425).abs() < 1e-8);
    }

    /// On log ratios, the test does not change when a pair is scaled (a ratio is a ratio at any
    /// size), where the test of raw differences does.
    #[test]
    fn wilcoxon_log_tests_ratios() {
        let a = [2.0, 3.0, 1.5, 0.9, 2.5, 4.0, 1.2];
        let b = [1.0; 7];
        let w = wilcoxon_log(&a, &b).unwrap();
        let logs: Vec<f64> = a.iter().map(|x: &f64| x.ln()).collect();
        assert_eq!(w, wilcoxon(&logs, &[0.0; 7]).unwrap());
        let scale = [1.0, 1.0, 1.0, 1000.0, 1.0, 1.0, 1.0];
        let sa: Vec<f64> = a.iter().zip(scale).map(|(x, k)| x * k).collect();
        let sb: Vec<f64> = b.iter().zip(scale).map(|(x, k)| x * k).collect();
        assert!((wilcoxon_log(&sa, &sb).unwrap().p - w.p).abs() < 1e-12);
        assert!(wilcoxon(&sa, &sb).unwrap().p != wilcoxon(&a, &b).unwrap().p);
        assert!(wilcoxon_log(&[1.0], &[1.0, 2.0]).is_none());
    }

    /// The two-sided sign-flip p of W+ by enumerating every sign pattern of the non-zero
    /// differences' mid-ranks: the definition, written without the counting.
    fn brute_force_p(d: &[f64]) -> f64 {
        let d: Vec<f64> = d.iter().copied().filter(|x| *x != 0.0).collect();
        let abs: Vec<f64> = d.iter().map(|x| x.abs()).collect();
        let (rank, _) = ranks(&abs);
        let observed: f64 = rank
            .iter()
            .zip(&d)
            .filter(|(_, x)| **x > 0.0)
            .map(|(r, _)| r)
            .sum();
        let (mut low, mut high) = (0u64, 0u64);
        let patterns = 1u64 << d.len();
        for signs in 0..patterns {
            let w: f64 = (0..d.len())
                .filter(|i| signs >> i & 1 == 1)
                .map(|i| rank[i])
                .sum();
            low += u64::from(w <= observed + 1e-9);
            high += u64::from(w >= observed - 1e-9);
        }
        (2.0 * low.min(high) as f64 / patterns as f64).min(1.0)
    }

    #[test]
    fn wilcoxon_with_ties_is_the_exact_sign_flip_test() {
        // Four equal differences all one way (the quiescence comparison's shape): 2 / 16.
        let w = wilcoxon(&[3.0; 4], &[1.0; 4]).unwrap();
        assert!(w.exact);
        assert_eq!(w.p, 0.125);
        // Ties of several sizes, both signs, against the enumeration.
        let d = [
            1.5, -1.5, 2.0, 2.0, 2.0, -0.5, 4.0, 4.0, 1.5, 3.0, -3.0, 0.0, 6.0,
        ];
        let w = wilcoxon(&d, &[0.0; 13]).unwrap();
        assert!(w.exact && w.n == 12);
        assert!(close(w.p, brute_force_p(&d), 1e-12), "{w:?}");
        // Without ties the counting is the classic one (SciPy's exact example above).
        let d = [0.3, -1.2, 2.5, 0.7, 1.9, -0.1, 3.3, 0.9];
        assert!(close(
            wilcoxon(&d, &[0.0; 8]).unwrap().p,
            brute_force_p(&d),
            1e-12
        ));
    }

    #[test]
    fn a_statistic_at_its_mean_is_not_corrected_away_from_it() {
        // Identical samples with distinct values: U is its null mean, z is 0 and p is 1 (SciPy's
        // 1.0), not 0.997 from a continuity correction of half a unit.
        let m = mann_whitney(&[1.0, 2.0, 3.0, 4.0], &[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!((m.u, m.z, m.p), (8.0, 0.0, 1.0));
        let (p, _) = wilcoxon_normal(6, 10.5, 0.0);
        assert_eq!(p, 1.0);
    }

    #[test]
    fn wilcoxon_edges() {
        assert!(wilcoxon(&[], &[]).is_none());
        assert!(wilcoxon(&[1.0], &[1.0, 2.0]).is_none());
        let w = wilcoxon(&[2.0, 3.0], &[2.0, 3.0]).unwrap();
        assert_eq!((w.n, w.p), (0, 1.0));
    }
}
