//! The verdict rule of `docs/experiments/README.md`, fixed before the runs and applied by every
//! report and by the "Does it reproduce?" table in `docs/reproduction.md`, in the same words.
//!
//! Each claim an experiment tests is one test in the experiment's family. The p-values of the
//! family are Holm-corrected together. Every test's [`Evidence`] carries its effect, the effect's
//! 95 % confidence interval and the paper's effect on one [`Scale`], where 0 is no effect and a
//! positive value is the paper's direction. Then, in this order, a claim is
//! 1. **not testable** when the experiment cannot measure it (the report says why); such a claim
//!    is not part of the family;
//! 2. **inconclusive** when its p-value or effect is not a number;
//! 3. **reproduced** when its corrected p is below [`ALPHA`], the effect is positive, and it is
//!    within a factor [`FACTOR`] of the paper's on its scale ([`Scale::within_factor`]: on the
//!    ratio scale for a log ratio), or the paper states the direction without a figure;
//! 4. **reproduced in direction only** when its corrected p is below [`ALPHA`] and the effect is
//!    positive but further than that from the paper's;
//! 5. **contradicted** when its corrected p is below [`ALPHA`] and the effect is negative (the
//!    test is significant the other way);
//! 6. **contradicted** when the test is not significant but the interval excludes the paper's
//!    effect, or, for a claim of a direction without a figure, lies wholly below 0: the data
//!    rule out what the paper reports;
//! 7. **inconclusive** otherwise: the interval holds the paper's effect (and, as a rule, no
//!    effect too), or an interval is missing.
//!
//! Rule 6 was added (issue #51) because "inconclusive" hid results that are evidence against a
//! paper: SCOUT's nodes at 1.04x [0.95, 1.14] of alpha-beta's where the paper reports 346x fewer,
//! PVS at 0.94x [0.87, 1.01] of alpha-beta's time where the paper reports 0.59x, Virus Game
//! midgame savings of 6-10 % where the paper reports 36-54 %. The interval is each test's own
//! 95 % interval, not widened for the family: a contradiction is judged at 5 % per claim.
//! Rule 3's factor was, until the same change, the quotient of the two effects whatever their
//! scale; on log ratios that let a paper's 18.5x be reproduced by anything from 4.3x to 342x.

use super::stats::{Interval, holm};
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

/// What an effect measures, which decides what "within a factor of 2" of the paper's means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scale {
    /// A saving as a fraction (0.3 is 30 % fewer nodes): the factor applies to the saving.
    Fraction,
    /// The natural logarithm of a cost ratio: the factor applies to the ratio, so the effect must
    /// be within ln 2 of the paper's.
    LogRatio,
    /// A score rate minus one half, or the difference of two score rates: the factor applies to
    /// the margin.
    Score,
}

impl Scale {
    /// Whether `effect` is within [`FACTOR`] of `paper`, either way (bounds included), on this
    /// scale. Both are in the paper's direction (positive) when this is asked.
    pub fn within_factor(self, effect: f64, paper: f64) -> bool {
        match self {
            Scale::LogRatio => (effect - paper).abs() <= FACTOR.ln() + 1e-12,
            Scale::Fraction | Scale::Score => {
                let r = effect / paper;
                (1.0 / FACTOR..=FACTOR).contains(&r)
            }
        }
    }
}

/// What one test measured, on one [`Scale`] where 0 is no effect and a positive value is the
/// direction the paper claims: a saving as a fraction, the logarithm of a cost ratio turned so
/// that the claimed direction is positive, a score rate minus one half.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Evidence {
    /// The test's two-sided p-value, before the correction.
    pub p: f64,
    pub scale: Scale,
    pub effect: f64,
    /// The effect's 95 % confidence interval, on the same scale and over the same unit as the
    /// test (`lo <= hi`; not a number when it could not be computed).
    pub lo: f64,
    pub hi: f64,
    /// The paper's effect; `None` when the paper states the direction without a figure.
    pub paper_effect: Option<f64>,
}

impl Evidence {
    /// A ratio `measured` (a geometric mean with its interval, as `stats::ratio_interval` gives)
    /// against the paper's ratio: the paper claims a ratio above 1 when `claims_above_one`, below
    /// otherwise. The effect is the ratio's logarithm, signed so the paper's direction is positive.
    pub fn ratio(
        p: f64,
        measured: &Interval,
        paper_ratio: Option<f64>,
        claims_above_one: bool,
    ) -> Evidence {
        let sign = if claims_above_one { 1.0 } else { -1.0 };
        let (lo, hi) = bounds(measured, |x| sign * x.ln());
        Evidence {
            p,
            scale: Scale::LogRatio,
            effect: sign * measured.mean.ln(),
            lo,
            hi,
            paper_effect: paper_ratio.map(|r| sign * r.ln()),
        }
    }

    /// A saving: one minus a cost ratio `measured` (with its interval), against the paper's
    /// saving.
    pub fn saving(p: f64, measured: &Interval, paper_saving: Option<f64>) -> Evidence {
        Evidence {
            p,
            scale: Scale::Fraction,
            effect: 1.0 - measured.mean,
            lo: bounds(measured, |x| 1.0 - x).0,
            hi: bounds(measured, |x| 1.0 - x).1,
            paper_effect: paper_saving,
        }
    }

    /// A score rate `measured` (with its interval) against one half, turned so that the paper's
    /// direction is positive: `above` when the paper says the player scores more than half.
    pub fn score(p: f64, measured: &Interval, above: bool, paper_margin: Option<f64>) -> Evidence {
        let sign = if above { 1.0 } else { -1.0 };
        let (lo, hi) = bounds(measured, |x| sign * (x - 0.5));
        Evidence {
            p,
            scale: Scale::Score,
            effect: sign * (measured.mean - 0.5),
            lo,
            hi,
            paper_effect: paper_margin,
        }
    }
}

/// The bounds of `measured` carried to the effect's scale by `f`, in order; not a number when
/// either is, or when the interval rests on fewer than two units (one value has an interval of
/// zero width, which would exclude every effect but its own).
fn bounds(measured: &Interval, f: impl Fn(f64) -> f64) -> (f64, f64) {
    let (a, b) = (f(measured.lo), f(measured.hi));
    if measured.n < 2 || a.is_nan() || b.is_nan() {
        (f64::NAN, f64::NAN)
    } else {
        (a.min(b), a.max(b))
    }
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
                    verdict: verdict(e, p),
                    p_holm: Some(p),
                }
            }
        })
        .collect()
}

/// Rules 2 to 7 of the module's documentation, in their order: the verdict of one test whose
/// Holm-corrected p-value is `p_holm`.
pub fn verdict(e: &Evidence, p_holm: f64) -> Verdict {
    if p_holm.is_nan() || e.effect.is_nan() {
        return Verdict::Inconclusive;
    }
    if p_holm < ALPHA && e.effect > 0.0 {
        return match e.paper_effect {
            Some(paper) if !e.scale.within_factor(e.effect, paper) => Verdict::DirectionOnly,
            _ => Verdict::Reproduced,
        };
    }
    if p_holm < ALPHA && e.effect < 0.0 {
        return Verdict::Contradicted;
    }
    let excluded = match e.paper_effect {
        Some(paper) => e.hi < paper || e.lo > paper,
        None => e.hi < 0.0,
    };
    if excluded {
        Verdict::Contradicted
    } else {
        Verdict::Inconclusive
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

    fn interval(mean: f64, lo: f64, hi: f64) -> Interval {
        Interval {
            n: 10,
            mean,
            lo,
            hi,
        }
    }

    /// A saving with a symmetric interval of half-width 0.05.
    fn saving(p: f64, effect: f64, paper: Option<f64>) -> Option<Evidence> {
        let ratio = 1.0 - effect;
        Some(Evidence::saving(
            p,
            &interval(ratio, ratio - 0.05, ratio + 0.05),
            paper,
        ))
    }

    fn verdicts(family: &[Option<Evidence>]) -> Vec<Verdict> {
        judge(family).iter().map(|j| j.verdict).collect()
    }

    #[test]
    fn every_rule_is_reachable() {
        let family = [
            None,                           // 1: not testable
            saving(1e-6, 0.30, Some(0.40)), // 3: within 2x
            saving(1e-6, 0.05, None),       // 3: a direction without a figure
            saving(1e-6, 0.13, Some(0.40)), // 4: 3x smaller
            saving(1e-6, 0.90, Some(0.40)), // 4: 2.25x larger
            saving(1e-6, -0.1, Some(0.40)), // 5: significant the other way
            saving(0.30, 0.02, Some(0.40)), // 6: [-0.03, 0.07] excludes 0.40
            saving(0.30, 0.20, Some(0.40)), // 6: [0.15, 0.25] below 0.40
            saving(0.30, -0.08, None),      // 6: [-0.13, -0.03] wholly below 0
            saving(0.30, 0.02, Some(0.05)), // 7: [-0.03, 0.07] holds 0 and 0.05
            saving(0.30, 0.02, None),       // 7: [-0.03, 0.07] holds 0
        ];
        use Verdict::*;
        assert_eq!(
            verdicts(&family),
            [
                NotTestable,
                Reproduced,
                Reproduced,
                DirectionOnly,
                DirectionOnly,
                Contradicted,
                Contradicted,
                Contradicted,
                Contradicted,
                Inconclusive,
                Inconclusive,
            ]
        );
        assert_eq!(judge(&family)[0].p_holm, None);
        // One unit gives no interval, so nothing is excluded.
        let one_unit = Interval {
            n: 1,
            ..interval(0.98, 0.98, 0.98)
        };
        let single = Evidence::saving(0.3, &one_unit, Some(0.40));
        assert!(single.lo.is_nan() && single.hi.is_nan());
        assert_eq!(verdict(&single, 0.3), Inconclusive);
        // 2: no p-value or no effect; 7: no interval to exclude anything with.
        let mut e = saving(0.3, 0.02, Some(0.40)).unwrap();
        assert_eq!(verdict(&e, f64::NAN), Inconclusive);
        e.lo = f64::NAN;
        e.hi = f64::NAN;
        assert_eq!(verdict(&e, 0.3), Inconclusive);
        e.effect = f64::NAN;
        assert_eq!(verdict(&e, 1e-6), Inconclusive);
    }

    /// The three results of issue #51 that "inconclusive" hid.
    #[test]
    fn intervals_that_exclude_the_papers_effect_contradict_it() {
        // SCOUT's nodes 1.04x [0.95, 1.14] alpha-beta's; the paper: 76 against 26,264 (346x fewer).
        let scout = Evidence::ratio(
            0.4,
            &interval(1.04, 0.95, 1.14),
            Some(76.0 / 26_264.0),
            false,
        );
        assert!(scout.lo < 0.0 && 0.0 < scout.hi && scout.effect < 0.0);
        assert_eq!(verdict(&scout, 0.4), Verdict::Contradicted);
        // PVS at 0.94x [0.87, 1.01] alpha-beta's time; the paper: 0.59x.
        let pvs = Evidence::ratio(0.2, &interval(0.94, 0.87, 1.01), Some(0.59), false);
        assert!(pvs.lo < 0.0 && 0.0 < pvs.hi && pvs.effect > 0.0);
        assert_eq!(verdict(&pvs, 0.2), Verdict::Contradicted);
        // A Virus Game midgame saving of 8 % [-1, 15 %] (ratio 0.92 [0.85, 1.01]); the paper: 45 %.
        let virus = Evidence::saving(0.3, &interval(0.92, 0.85, 1.01), Some(0.45));
        assert!((virus.effect - 0.08).abs() < 1e-12);
        assert!((virus.lo + 0.01).abs() < 1e-12 && (virus.hi - 0.15).abs() < 1e-12);
        assert_eq!(verdict(&virus, 0.3), Verdict::Contradicted);
        // The same intervals wide enough to hold the paper's effect: inconclusive.
        let wide = Evidence::ratio(0.2, &interval(0.94, 0.55, 1.6), Some(0.59), false);
        assert_eq!(verdict(&wide, 0.2), Verdict::Inconclusive);
        let wide = Evidence::saving(0.3, &interval(0.92, 0.5, 1.3), Some(0.45));
        assert_eq!(verdict(&wide, 0.3), Verdict::Inconclusive);
    }

    /// "Within a factor of 2" of a ratio is a ratio between half and twice the paper's: for the
    /// paper's 18.5x, 4.3x and 342x are not, 10x and 30x are (the quotient of the logarithms
    /// would have accepted all four).
    #[test]
    fn the_factor_applies_to_the_ratio_for_a_log_ratio() {
        let judged = |measured: f64| {
            let e = Evidence::ratio(
                1e-9,
                &interval(measured, measured * 0.9, measured * 1.1),
                Some(18.5),
                true,
            );
            assert_eq!(e.scale, Scale::LogRatio);
            verdict(&e, 1e-9)
        };
        assert_eq!(judged(4.3), Verdict::DirectionOnly);
        assert_eq!(judged(342.0), Verdict::DirectionOnly);
        assert_eq!(judged(10.0), Verdict::Reproduced);
        assert_eq!(judged(30.0), Verdict::Reproduced);
        // The bounds, half and twice the ratio, are inside; a little beyond them is not.
        assert_eq!(judged(9.25), Verdict::Reproduced);
        assert_eq!(judged(37.0), Verdict::Reproduced);
        assert_eq!(judged(9.2), Verdict::DirectionOnly);
        assert_eq!(judged(37.2), Verdict::DirectionOnly);
        // The paper's direction "fewer": 0.05x against the paper's 0.1x is within 2x, 0.04x not.
        let fewer = |m: f64| {
            let e = Evidence::ratio(1e-9, &interval(m, m * 0.9, m * 1.1), Some(0.1), false);
            assert!(e.lo <= e.effect && e.effect <= e.hi);
            verdict(&e, 1e-9)
        };
        assert_eq!(fewer(0.05), Verdict::Reproduced);
        assert_eq!(fewer(0.2), Verdict::Reproduced);
        assert_eq!(fewer(0.04), Verdict::DirectionOnly);
        assert_eq!(fewer(1.5), Verdict::Contradicted);
    }

    /// The worked example of `stats::holm` as a family: 0.03 and 0.04 are significant alone, not
    /// after the correction over five tests.
    #[test]
    fn holm_decides_significance_over_the_family() {
        let wide = |p: f64| {
            Some(Evidence::score(
                p,
                &interval(1.0, 0.0, 1.0),
                true,
                Some(0.5),
            ))
        };
        let family: Vec<_> = [0.01, 0.04, 0.03, 0.005, 0.20]
            .iter()
            .map(|&p| wide(p))
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
        let alone = judge(&[wide(0.03), None]);
        assert_eq!(alone[0].verdict, Reproduced);
    }

    #[test]
    fn the_factor_bounds_are_inclusive_and_symmetric_on_fractions_and_scores() {
        let at = |effect: f64| {
            // The effect exactly, not 1 - (1 - effect) with its rounding.
            let e = Evidence {
                effect,
                ..saving(0.0, effect, Some(0.4)).unwrap()
            };
            verdict(&e, 0.0)
        };
        assert_eq!(at(0.2), Verdict::Reproduced);
        assert_eq!(at(0.8), Verdict::Reproduced);
        assert_eq!(at(0.199), Verdict::DirectionOnly);
        assert_eq!(at(0.801), Verdict::DirectionOnly);
        // No effect at all is not a direction: its interval holds 0.4 here, so inconclusive.
        let none = Evidence::saving(0.0, &interval(1.0, 0.5, 1.2), Some(0.4));
        assert_eq!(verdict(&none, 0.0), Verdict::Inconclusive);
        assert_eq!(
            verdict(&saving(0.05, 0.4, Some(0.4)).unwrap(), 0.05),
            Verdict::Inconclusive
        );
        // A score of 0.7 [0.6, 0.8] for a claim that the player scores less than half, by 0.25.
        let score = Evidence::score(1e-3, &interval(0.7, 0.6, 0.8), false, Some(0.25));
        assert!((score.effect + 0.2).abs() < 1e-12 && score.lo < score.hi);
        assert_eq!(verdict(&score, 1e-3), Verdict::Contradicted);
        let score = Evidence::score(1e-3, &interval(0.35, 0.25, 0.45), false, Some(0.25));
        assert_eq!(verdict(&score, 1e-3), Verdict::Reproduced);
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
