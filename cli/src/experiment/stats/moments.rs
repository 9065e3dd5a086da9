//! The plain mean and spread of a sample, as every experiment's table and interval takes them.

/// The arithmetic mean; 0 for no values (a table cell with nothing to average).
pub fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

/// The sample variance (n - 1 in the denominator); `None` below two values.
pub fn variance(xs: &[f64]) -> Option<f64> {
    let n = xs.len();
    if n < 2 {
        return None;
    }
    let mean = mean(xs);
    Some(xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64)
}

/// The sample standard deviation; 0 below two values.
pub fn sd(xs: &[f64]) -> f64 {
    variance(xs).map_or(0.0, f64::sqrt)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against values worked by hand: 2, 4, 4, 4, 5, 5, 7, 9 has mean 5, squared deviations
    /// summing to 32, so a sample variance of 32/7.
    #[test]
    fn moments_of_a_small_sample() {
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&xs), 5.0);
        assert_eq!(variance(&xs), Some(32.0 / 7.0));
        assert_eq!(sd(&xs), (32.0f64 / 7.0).sqrt());
        assert_eq!((mean(&[]), variance(&[3.0]), sd(&[3.0])), (0.0, None, 0.0));
    }
}
