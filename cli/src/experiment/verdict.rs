//! The verdict rule of `docs/experiments/README.md`, fixed before the runs and applied by every
//! report and by the "Does it reproduce?" table in `docs/reproduction.md`, in the same words.
//!
//! Each claim an experiment tests is one test in the experiment's family. The p-values of the
//! family are Holm-corrected together; then a claim is
//! - **reproduced** when the effect has the paper's direction, its corrected p is below
//!   [`ALPHA`], and its size is within [`FACTOR`] of the paper's (or the paper states the
//!   direction only, without a figure);
//! - **reproduced in direction only** when the direction agrees and the test is significant but
//!   the size is more than [`FACTOR`] away from the paper's;
//! - **inconclusive** when the corrected p is not below [`ALPHA`];
//! - **contradicted** when the test is significant the other way;
//! - **not testable** when the experiment cannot measure the claim (the report says why); such a
//!   claim is not part of the family.

use super::stats::holm;
use serde::Serialize;
use std::fmt;

/// The family-wise significance level.
pub const ALPHA: f64 = 0.05;
/// How far the measured effect may be from the paper's, either way, for "reproduced".
pub const FACTOR: f64 = 2.0;

/// Serialised as its words, the same as the reports print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Reproduced,
    DirectionOnly,
    Inconclusive,
    Contradicted,
    NotTestable,
}

impl Verdict {
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::DirectionOnly => "reproduced in direction only",
            Verdict::Inconclusive => "inconclusive",
            Verdict::Contradicted => "contradicted",
            Verdict::NotTestable => "not testable",
        }
    }
}

impl Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.words())
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// What one test measured. `effect` and `paper_effect` are on the same scale, where 0 is no
/// effect and a positive value is the direction the paper claims: a saving as a fraction, the
/// logarithm of a cost ratio turned so that the claimed direction is positive, a score rate
/// minus one half.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Evidence {
    /// The test's two-sided p-value, before the correction.
    pub p: f64,
    pub effect: f64,
    /// The paper's effect; `None` when the paper states the direction without a figure.
    pub paper_effect: Option<f64>,
}

/// A claim's evidence and its verdict after the family's correction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Judged {
    pub verdict: Verdict,
    /// The Holm-corrected p-value (`None` for a claim not testable).
    pub p_holm: Option<f64>,
}

/// The verdicts of one experiment's family of claims, in order; `None` is a claim the experiment
/// cannot test.
pub fn judge(family: &[Option<Evidence>]) -> Vec<Judged> {
    let tested: Vec<f64> = family.iter().flatten().map(|e| e.p).collect();
    let mut adjusted = holm(&tested).into_iter();
    family
        .iter()
        .map(|e| match e {
            None => Judged {
                verdict: Verdict::NotTestable,
                p_holm: None,
            },
            Some(e) => {
                let p = adjusted.next().unwrap_or(1.0);
                Judged {
                    verdict: one(e, p),
                    p_holm: Some(p),
                }
            }
        })
        .collect()
}

fn one(e: &Evidence, p_holm: f64) -> Verdict {
    if p_holm.is_nan() || p_holm >= ALPHA || e.effect == 0.0 || e.effect.is_nan() {
        return Verdict::Inconclusive;
    }
    if e.effect < 0.0 {
        return Verdict::Contradicted;
    }
    match e.paper_effect {
        None => Verdict::Reproduced,
        Some(paper) => {
            let r = e.effect / paper;
            if (1.0 / FACTOR..=FACTOR).contains(&r) {
                Verdict::Reproduced
            } else {
                Verdict::DirectionOnly
            }
        }
    }
}

/// The verdict of a claim made of several tests (one per depth, say): contradicted if any part
/// is, else inconclusive if any part is, else in direction only if any part is, else reproduced.
pub fn weakest(parts: &[Verdict]) -> Verdict {
    [
        Verdict::NotTestable,
        Verdict::Contradicted,
        Verdict::Inconclusive,
        Verdict::DirectionOnly,
    ]
    .into_iter()
    .find(|v| parts.contains(v))
    .unwrap_or(Verdict::Reproduced)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(p: f64, effect: f64, paper: Option<f64>) -> Option<Evidence> {
        Some(Evidence {
            p,
            effect,
            paper_effect: paper,
        })
    }

    #[test]
    fn every_verdict_is_reachable() {
        let family = [
            e(1e-6, 0.30, Some(0.40)), // within 2x: reproduced
            e(1e-6, 0.13, Some(0.40)), // 3x smaller: direction only
            e(1e-6, 0.90, Some(0.40)), // 2.25x larger: direction only
            e(0.30, 0.20, Some(0.40)), // not significant: inconclusive
            e(1e-6, -0.1, Some(0.40)), // significant the other way: contradicted
            e(1e-6, 0.05, None),       // stated without a figure: the direction is the claim
            None,                      // not testable
        ];
        let v: Vec<Verdict> = judge(&family).iter().map(|j| j.verdict).collect();
        assert_eq!(
            v,
            [
                Verdict::Reproduced,
                Verdict::DirectionOnly,
                Verdict::DirectionOnly,
                Verdict::Inconclusive,
                Verdict::Contradicted,
                Verdict::Reproduced,
                Verdict::NotTestable,
            ]
        );
        assert_eq!(judge(&family)[6].p_holm, None);
    }

    /// The worked example of `stats::holm` as a family: 0.03 and 0.04 are significant alone, not
    /// after the correction over five tests.
    #[test]
    fn holm_decides_significance_over_the_family() {
        let family: Vec<_> = [0.01, 0.04, 0.03, 0.005, 0.20]
            .iter()
            .map(|&p| e(p, 0.5, Some(0.5)))
            .collect();
        let j = judge(&family);
        let v: Vec<Verdict> = j.iter().map(|j| j.verdict).collect();
        use Verdict::*;
        assert_eq!(
            v,
            [
                Reproduced,
                Inconclusive,
                Inconclusive,
                Reproduced,
                Inconclusive
            ]
        );
        assert!((j[1].p_holm.unwrap() - 0.09).abs() < 1e-12);
        // The same 0.03 alone is significant; a claim not testable does not count in the family.
        let alone = judge(&[e(0.03, 0.5, Some(0.5)), None]);
        assert_eq!(alone[0].verdict, Reproduced);
    }

    #[test]
    fn the_factor_bounds_are_inclusive_and_symmetric() {
        assert_eq!(
            one(&e(0.0, 0.2, Some(0.4)).unwrap(), 0.0),
            Verdict::Reproduced
        );
        assert_eq!(
            one(&e(0.0, 0.8, Some(0.4)).unwrap(), 0.0),
            Verdict::Reproduced
        );
        assert_eq!(
            one(&e(0.0, 0.199, Some(0.4)).unwrap(), 0.0),
            Verdict::DirectionOnly
        );
        assert_eq!(
            one(&e(0.0, 0.0, Some(0.4)).unwrap(), 0.0),
            Verdict::Inconclusive
        );
        assert_eq!(
            one(&e(0.05, 0.4, Some(0.4)).unwrap(), 0.05),
            Verdict::Inconclusive
        );
    }

    #[test]
    fn weakest_part_decides_a_claim() {
        use Verdict::*;
        assert_eq!(weakest(&[Reproduced, Reproduced]), Reproduced);
        assert_eq!(weakest(&[Reproduced, DirectionOnly]), DirectionOnly);
        assert_eq!(weakest(&[DirectionOnly, Inconclusive]), Inconclusive);
        assert_eq!(
            weakest(&[Inconclusive, Contradicted, Reproduced]),
            Contradicted
        );
        assert_eq!(weakest(&[]), Reproduced);
    }
}
