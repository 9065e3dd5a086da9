//! Logistic regression of game outcomes on factor values, for learning weights from played
//! games (`ply tune`).
//!
//! Model: `P(side to move wins) = σ(Σ β_i x_i)` with `x_i = factor_i / 100`. No intercept, so
//! the learned evaluation stays antisymmetric between the two sides. Fitted by Newton's method
//! (iteratively reweighted least squares) with an L2 penalty, which converges in a handful of
//! steps for the dozen factors a game has. Draws are targets of 1/2 (cross-entropy still applies).

// Matrix code: index loops mirror the formulas.
#![allow(clippy::needless_range_loop)]

/// One training example: factor values (already divided by 100) and the outcome for the side to
/// move (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub x: Vec<f64>,
    pub y: f64,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean cross-entropy (log loss) of `beta` on `samples`; `ln 2 = 0.693` is a coin flip.
pub fn log_loss(samples: &[Sample], beta: &[f64]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let eps = 1e-12;
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(dot(&s.x, beta)).clamp(eps, 1.0 - eps);
            -(s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Fits `beta` (one coefficient per feature) minimising mean log loss + `l2 * |beta|² / 2`.
/// Returns zeros for no samples.
pub fn fit_logistic(samples: &[Sample], dims: usize, l2: f64) -> Vec<f64> {
    let mut beta = vec![0.0; dims];
    if samples.is_empty() || dims == 0 {
        return beta;
    }
    let n = samples.len() as f64;
    for _ in 0..50 {
        let mut grad = vec![0.0; dims];
        let mut hess = vec![vec![0.0; dims]; dims];
        for s in samples {
            let p = sigmoid(dot(&s.x, &beta));
            let w = p * (1.0 - p);
            for i in 0..dims.min(s.x.len()) {
                grad[i] += (p - s.y) * s.x[i];
                for j in 0..=i.min(s.x.len() - 1) {
                    hess[i][j] += w * s.x[i] * s.x[j];
                }
            }
        }
        for i in 0..dims {
            grad[i] = grad[i] / n + l2 * beta[i];
            for j in 0..=i {
                hess[i][j] /= n;
                hess[j][i] = hess[i][j];
            }
            hess[i][i] += l2 + 1e-9;
        }
        let Some(step) = solve(hess, grad) else { break };
        let mut moved = 0.0f64;
        for i in 0..dims {
            beta[i] -= step[i];
            moved = moved.max(step[i].abs());
        }
        if moved < 1e-9 {
            break;
        }
    }
    beta
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`None` if singular).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-15 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in (col + 1)..n {
            let f = a[row][col] / a[col][col];
            for k in col..n {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = ((row + 1)..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Lcg(u64);
    impl Lcg {
        fn unit(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    #[test]
    fn recovers_the_coefficients_that_generated_the_data() {
        let truth = [2.0, -1.0, 0.5];
        let mut rng = Lcg(42);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let x: Vec<f64> = (0..3).map(|_| rng.unit() * 2.0 - 1.0).collect();
                let p = sigmoid(dot(&x, &truth));
                Sample {
                    y: if rng.unit() < p { 1.0 } else { 0.0 },
                    x,
                }
            })
            .collect();
        let beta = fit_logistic(&samples, 3, 0.0);
        for (b, t) in beta.iter().zip(truth) {
            assert!((b - t).abs() < 0.15, "fitted {beta:?}, truth {truth:?}");
        }
        assert!(log_loss(&samples, &beta) <= log_loss(&samples, &truth) + 1e-9);
        assert!(log_loss(&samples, &beta) < log_loss(&samples, &[0.0; 3]));
    }

    #[test]
    fn a_useless_feature_gets_no_weight_and_l2_shrinks() {
        let mut rng = Lcg(7);
        let samples: Vec<Sample> = (0..5_000)
            .map(|_| Sample {
                x: vec![rng.unit() * 2.0 - 1.0],
                y: if rng.unit() < 0.5 { 1.0 } else { 0.0 },
            })
            .collect();
        let beta = fit_logistic(&samples, 1, 0.0);
        assert!(beta[0].abs() < 0.15, "{beta:?}");
        assert!((log_loss(&samples, &[0.0]) - std::f64::consts::LN_2).abs() < 1e-12);
    }
}
