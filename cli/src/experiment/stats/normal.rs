//! Two-sided tails of the standard normal distribution. `1 - Phi(|z|)` loses every digit once
//! Phi rounds to 1 (|z| > 8.3, p < 1e-16); `erfc` keeps full relative precision down to the
//! smallest double, and the log tail goes on past it with the asymptotic (Mills ratio) series.

use statrs::function::erf::erfc;

/// P(|Z| >= |z|) for a standard normal Z.
pub fn two_sided(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// log10 of P(|Z| >= |z|), finite for every finite z (where [`two_sided`] underflows to 0).
pub fn log10_two_sided(z: f64) -> f64 {
    let p = two_sided(z);
    if p > 1e-290 {
        return p.log10();
    }
    // 2 phi(z) / z * (1 - 1/z^2 + 3/z^4 - 15/z^6): relative error below 1e-9 for |z| > 36.
    let z = z.abs();
    let z2 = z * z;
    let series = 1.0 - 1.0 / z2 + 3.0 / (z2 * z2) - 15.0 / (z2 * z2 * z2);
    let ln =
        std::f64::consts::LN_2 - z2 / 2.0 - 0.5 * std::f64::consts::TAU.ln() - z.ln() + series.ln();
    ln / std::f64::consts::LN_10
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `2 * scipy.stats.norm.sf(z)` and `(log(2) + norm.logsf(z)) / log(10)` (reference-values.py).
    #[test]
    fn tails_match_scipy_far_below_1e_12() {
        for (z, p, log10) in [
            (1.0, 0.31731050786291415, -0.4985155458279891),
            (5.0, 5.733031437583866e-07, -6.241615676726673),
            (8.5, 1.89590696444065e-17, -16.722182978085186),
            (20.0, 5.507248237212311e-89, -88.25906534741162),
            (37.0, 1.1451142445047853e-299, -298.941151182946),
        ] {
            assert!(
                ((two_sided(z) - p) / p).abs() < 1e-9,
                "z {z}: {}",
                two_sided(z)
            );
            assert!((two_sided(-z) - two_sided(z)).abs() == 0.0);
            assert!((log10_two_sided(z) - log10).abs() < 1e-8, "z {z}");
        }
        // Past the smallest double the p-value is 0, its logarithm still exact.
        assert_eq!(two_sided(40.0), 0.0);
        assert!((log10_two_sided(40.0) - -349.1359764636819).abs() < 1e-8);
        assert_eq!(two_sided(0.0), 1.0);
    }
}
