//! Elo difference from a result (wins, draws, losses), with a 95% confidence interval: the
//! tournament tables of `ply tournament` and the collector's strength of each engine level against
//! people.
//!
//! The score fraction `s = (W + D/2) / N` maps to an Elo difference by the logistic model
//! `Δ = -400 log10(1/s - 1)`. Its uncertainty is the standard error of the per-game score
//! (trinomial: each game scores 1, 1/2 or 0), `se = sqrt(var / N)` with
//! `var = (W (1-s)² + D (1/2-s)² + L s²) / N`; the interval `s ± 1.96 se` is mapped through the
//! same function (the method of cutechess-cli and BayesElo's simple mode).

use serde::{Deserialize, Serialize};

/// Largest Elo difference reported: a clean sweep is "at least" this much.
pub const ELO_CAP: f64 = 1200.0;

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    /// One game won.
    pub const WIN: Wdl = Wdl {
        wins: 1,
        draws: 0,
        losses: 0,
    };
    /// One game drawn.
    pub const DRAW: Wdl = Wdl {
        wins: 0,
        draws: 1,
        losses: 0,
    };
    /// One game lost.
    pub const LOSS: Wdl = Wdl {
        wins: 0,
        draws: 0,
        losses: 1,
    };

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction in `[0, 1]` (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
        }
    }

    pub fn add(&mut self, other: Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// An Elo difference with its 95% interval (`lo <= diff <= hi`), capped at `±ELO_CAP`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Elo {
    pub diff: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Elo difference for a score fraction, capped at `±ELO_CAP`.
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        return -ELO_CAP;
    }
    if s >= 1.0 {
        return ELO_CAP;
    }
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-ELO_CAP, ELO_CAP)
}

impl Elo {
    pub fn from_wdl(r: Wdl) -> Elo {
        let n = r.games() as f64;
        if n == 0.0 {
            return Elo {
                diff: 0.0,
                lo: -ELO_CAP,
                hi: ELO_CAP,
            };
        }
        let s = r.score();
        let var = (r.wins as f64 * (1.0 - s).powi(2)
            + r.draws as f64 * (0.5 - s).powi(2)
            + r.losses as f64 * s.powi(2))
            / n;
        if var == 0.0 {
            // Every game scored the same (a sweep, or all draws): the normal approximation
            // collapses to a point, so use the Wilson score interval instead.
            let z2 = 1.96f64 * 1.96;
            let centre = (s + z2 / (2.0 * n)) / (1.0 + z2 / n);
            let half = 1.96 / (1.0 + z2 / n) * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt();
            return Elo {
                diff: elo_of_score(s),
                lo: elo_of_score(centre - half),
                hi: elo_of_score(centre + half),
            };
        }
        let se = (var / n).sqrt();
        Elo {
            diff: elo_of_score(s),
            lo: elo_of_score(s - 1.96 * se),
            hi: elo_of_score(s + 1.96 * se),
        }
    }

    /// `+35 [-12, +81]`.
    pub fn display(&self) -> String {
        format!(
            "{} [{}, {}]",
            signed(self.diff),
            signed(self.lo),
            signed(self.hi)
        )
    }
}

/// A whole number of Elo with its sign, and none on 0 (rounding -0.3 gives 0, not `-0`).
fn signed(x: f64) -> String {
    let r = x.round();
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_written_0_not_minus_0() {
        let e = Elo {
            diff: -0.3,
            lo: -495.2,
            hi: 494.6,
        };
        assert_eq!(e.display(), "0 [-495, +495]");
        let e = Elo {
            diff: 0.0,
            lo: -0.4,
            hi: 12.0,
        };
        assert_eq!(e.display(), "0 [0, +12]");
    }

    #[test]
    fn even_score_is_zero_elo_with_symmetric_interval() {
        let e = Elo::from_wdl(Wdl {
            wins: 30,
            draws: 40,
            losses: 30,
        });
        assert!(e.diff.abs() < 1e-9);
        assert!((e.lo + e.hi).abs() < 1e-6 && e.lo < 0.0);
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        // 400 log10(3) = 190.85 (the textbook value for a 75% score).
        let e = Elo::from_wdl(Wdl {
            wins: 75,
            draws: 0,
            losses: 25,
        });
        assert!((e.diff - 190.85).abs() < 0.1, "{}", e.diff);
        assert!(e.lo < e.diff && e.diff < e.hi);
        // s = 0.75, se = sqrt(0.1875 / 100) = 0.0433: the interval's ends are Elo(0.665), Elo(0.835).
        assert!((e.lo - elo_of_score(0.75 - 1.96 * 0.0433)).abs() < 1.0);
    }

    #[test]
    fn intervals_shrink_with_more_games() {
        let small = Elo::from_wdl(Wdl {
            wins: 6,
            draws: 2,
            losses: 2,
        });
        let big = Elo::from_wdl(Wdl {
            wins: 600,
            draws: 200,
            losses: 200,
        });
        assert!((small.diff - big.diff).abs() < 1e-9);
        assert!(big.hi - big.lo < (small.hi - small.lo) / 5.0);
    }

    #[test]
    fn sweeps_are_capped() {
        let e = Elo::from_wdl(Wdl {
            wins: 10,
            draws: 0,
            losses: 0,
        });
        assert_eq!(e.diff, ELO_CAP);
        assert_eq!(Elo::from_wdl(Wdl::default()).diff, 0.0);
    }
}
