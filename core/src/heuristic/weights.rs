//! Named factors, weights set at run time (JSON in and out), optional per-phase weights, and the
//! generic [`WeightedEvaluator`] that sums `weight_i * factor_i`.
//!
//! Every factor is computed from the side to move's view and scaled to `[-100, 100]`, so weights
//! of different factors are comparable. A weight of 0 (in every phase) clears the factor's bit in
//! the enabled mask and the game skips computing it.

use crate::game::{EVAL_LIMIT, Evaluator, Game, Outcome};
use crate::heuristic::HeuristicError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::marker::PhantomData;

/// Most factors a game may define (the enabled set is a `u32` bit mask).
pub const MAX_FACTORS: usize = 32;

/// Heuristic values of non-terminal positions are clamped to `±HEURISTIC_LIMIT`; the evaluator
/// scores finished games beyond it (win > any heuristic value > loss), still inside `EVAL_LIMIT`.
pub const HEURISTIC_LIMIT: i32 = EVAL_LIMIT / 2 - 1;

/// Base of the value [`WeightedEvaluator`] gives a finished game (plus the margin, capped).
pub const TERMINAL_BASE: i32 = EVAL_LIMIT / 2;

/// One factor a game defines: its stable name (used in JSON and on the CLI) and what it measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FactorInfo {
    pub name: &'static str,
    pub doc: &'static str,
}

/// Factor values of one position, indexed like the game's [`Factors::FACTORS`].
pub type FactorValues = [f32; MAX_FACTORS];

/// A game whose positions can be described by named factors for the weighted heuristic.
pub trait Factors: Game {
    /// Every factor this game defines, in a fixed order (the index is the bit in masks).
    const FACTORS: &'static [FactorInfo];

    /// Game phase in `[0, 1]`: 0 at the start (opening), 1 at the end (by disc or piece count).
    fn phase(&self) -> f32;

    /// Fills `out[i]` for every factor `i` enabled in `weights` ([`ResolvedWeights::enabled`]),
    /// each in `[-100, 100]` from the side to move's view; other entries are left alone.
    /// Factor parameters (draughts `king_value`) come from `weights` too. Returns the outcome
    /// instead when the position is finished (then `out` is meaningless). Games share work
    /// between factors here (Othello computes both sides' legal moves once).
    fn compute_factors(&self, weights: &ResolvedWeights, out: &mut FactorValues)
    -> Option<Outcome>;

    /// `Σ weight_i(phase) * factor_i` in index order (before rounding), or the outcome when the
    /// position is finished. A game may override this to do it all in one pass; the result must
    /// stay the same, to the bit, as this default.
    #[inline]
    fn weighted_sum(&self, weights: &ResolvedWeights) -> Result<f32, Outcome> {
        // The weights first: they depend on the phase alone, so the processor works them out
        // while the factors are being computed instead of after.
        let w = weights.weights_at(self.phase());
        let mut values = [0f32; MAX_FACTORS];
        match self.compute_factors(weights, &mut values) {
            Some(outcome) => Err(outcome),
            None => Ok(weights.dot(&w, &values)),
        }
    }

    /// Index of a factor by name.
    fn factor_index(name: &str) -> Option<usize> {
        Self::FACTORS.iter().position(|f| f.name == name)
    }
}

/// The paired-count formula of the heuristic papers: `100 * (mine - theirs) / (mine + theirs)`,
/// 0 when both are 0. For non-negative counts the result lies in `[-100, 100]`.
#[inline]
pub fn paired(mine: u32, theirs: u32) -> f32 {
    // Dividing by 1 when both are 0 gives the same +0.0 as a branch would, without one: which
    // counts are 0 changes from position to position, so the branch is often mispredicted.
    // `100 * (mine - theirs)` is exact in integers and in f32 alike (counts are small).
    let total = (mine + theirs).max(1);
    (100 * (mine as i32 - theirs as i32)) as f32 / total as f32
}

/// A weight in JSON: one number for every phase, or one per phase (interpolated by phase).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Weight {
    Flat(f32),
    Phased {
        opening: f32,
        midgame: f32,
        endgame: f32,
    },
}

impl Weight {
    fn is_zero(&self) -> bool {
        match *self {
            Weight::Flat(w) => w == 0.0,
            Weight::Phased {
                opening,
                midgame,
                endgame,
            } => opening == 0.0 && midgame == 0.0 && endgame == 0.0,
        }
    }
    fn parts(&self) -> [f32; 3] {
        match *self {
            Weight::Flat(w) => [w, w, w],
            Weight::Phased {
                opening,
                midgame,
                endgame,
            } => [opening, midgame, endgame],
        }
    }
}

/// A set of weights as people write it (JSON, CLI, bindings): factor name to weight, plus the
/// game it is for and optional numeric parameters of factors (draughts `king_value`).
///
/// JSON: `{"game":"othello","name":"combine-2","weights":{"corners":10,"coins":4,
/// "mobility":{"opening":8,"midgame":5,"endgame":1}}}`. Factors not named weigh 0.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub weights: BTreeMap<String, Weight>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, f32>,
}

impl Weights {
    /// Flat weights from `(factor, weight)` pairs.
    pub fn flat(name: &str, pairs: &[(&str, f32)]) -> Weights {
        Weights {
            game: None,
            name: Some(name.to_string()),
            weights: pairs
                .iter()
                .map(|&(k, w)| (k.to_string(), Weight::Flat(w)))
                .collect(),
            params: BTreeMap::new(),
        }
    }

    /// Sets one weight (builder style).
    pub fn with(mut self, factor: &str, weight: Weight) -> Weights {
        self.weights.insert(factor.to_string(), weight);
        self
    }

    pub fn from_json(text: &str) -> Result<Weights, HeuristicError> {
        serde_json::from_str(text).map_err(|e| {
            HeuristicError::BadWeights(format!(
                "weights JSON at line {} column {}: {e}",
                e.line(),
                e.column()
            ))
        })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Parses the CLI form `factor=weight,factor=o/m/e` (three numbers are opening/midgame/endgame).
    pub fn parse_list(text: &str) -> Result<Weights, HeuristicError> {
        let mut weights = BTreeMap::new();
        for (i, item) in text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .enumerate()
        {
            let (name, value) = item.split_once('=').ok_or_else(|| {
                HeuristicError::BadWeights(format!(
                    "item {} '{item}': expected factor=weight",
                    i + 1
                ))
            })?;
            let nums: Result<Vec<f32>, _> = value.split('/').map(|v| v.trim().parse()).collect();
            let nums = nums.map_err(|_| {
                HeuristicError::BadWeights(format!(
                    "item {} '{item}': '{value}' is not a number",
                    i + 1
                ))
            })?;
            let weight = match nums.as_slice() {
                [w] => Weight::Flat(*w),
                [o, m, e] => Weight::Phased {
                    opening: *o,
                    midgame: *m,
                    endgame: *e,
                },
                _ => {
                    return Err(HeuristicError::BadWeights(format!(
                        "item {} '{item}': give one weight or opening/midgame/endgame",
                        i + 1
                    )));
                }
            };
            weights.insert(name.trim().to_string(), weight);
        }
        Ok(Weights {
            weights,
            ..Weights::default()
        })
    }

    /// Checks names against the game's factors and builds the fast form.
    pub fn resolve<G: Factors>(&self) -> Result<ResolvedWeights, HeuristicError> {
        if let Some(game) = &self.game
            && game != G::NAME
        {
            return Err(HeuristicError::BadWeights(format!(
                "weights are for '{game}', not {}",
                G::NAME
            )));
        }
        let mut table = [[0f32; MAX_FACTORS]; 3];
        let mut enabled = 0u32;
        let mut phased = false;
        for (name, weight) in &self.weights {
            let i = G::factor_index(name).ok_or_else(|| {
                let known: Vec<&str> = G::FACTORS.iter().map(|f| f.name).collect();
                HeuristicError::BadWeights(format!(
                    "unknown factor '{name}' for {} (known: {})",
                    G::NAME,
                    known.join(", ")
                ))
            })?;
            let parts = weight.parts();
            if parts.iter().any(|w| !w.is_finite()) {
                return Err(HeuristicError::BadWeights(format!(
                    "weight of '{name}' is not finite"
                )));
            }
            if weight.is_zero() {
                continue;
            }
            phased |= matches!(weight, Weight::Phased { .. });
            enabled |= 1 << i;
            for (p, w) in parts.into_iter().enumerate() {
                table[p][i] = w;
            }
        }
        Ok(ResolvedWeights {
            table,
            enabled,
            phased,
            params: self.params.clone(),
        })
    }

    /// Names of factors with a non-zero weight.
    pub fn active_factors(&self) -> Vec<String> {
        self.weights
            .iter()
            .filter(|(_, w)| !w.is_zero())
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// The same weights without one factor (the ablation experiment's "E - x").
    pub fn without(&self, factor: &str) -> Weights {
        let mut w = self.clone();
        w.weights.remove(factor);
        w.name = Some(format!(
            "{}-minus-{factor}",
            self.name.as_deref().unwrap_or("weights")
        ));
        w
    }
}

/// Weights checked against a game's factors: one row per phase and the enabled mask.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedWeights {
    /// `table[0]` opening, `table[1]` midgame, `table[2]` endgame.
    table: [[f32; MAX_FACTORS]; 3],
    enabled: u32,
    phased: bool,
    params: BTreeMap<String, f32>,
}

impl ResolvedWeights {
    /// Every one of the first `count` factors enabled with weight 1 (to read factor values).
    pub fn all_enabled(count: usize) -> ResolvedWeights {
        let count = count.min(MAX_FACTORS);
        let enabled = if count >= 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        };
        ResolvedWeights {
            table: [[1.0; MAX_FACTORS]; 3],
            enabled,
            phased: false,
            params: BTreeMap::new(),
        }
    }

    /// Bit `i` set = factor `i` has a non-zero weight in some phase and must be computed.
    pub fn enabled(&self) -> u32 {
        self.enabled
    }

    /// A numeric parameter of a factor (`king_value`), or `default`.
    pub fn param(&self, name: &str, default: f32) -> f32 {
        self.params.get(name).copied().unwrap_or(default)
    }

    /// Weight of factor `i` at `phase` in `[0, 1]`: opening to midgame over the first half,
    /// midgame to endgame over the second, linearly.
    #[inline]
    pub fn weight_at(&self, i: usize, phase: f32) -> f32 {
        let Some(&mid) = self.table[1].get(i) else {
            return 0.0;
        };
        if !self.phased {
            return mid;
        }
        let t = phase.clamp(0.0, 1.0);
        if t < 0.5 {
            let open = self.table[0][i];
            open + (mid - open) * (t * 2.0)
        } else {
            let end = self.table[2][i];
            mid + (end - mid) * (t * 2.0 - 1.0)
        }
    }

    /// Every factor's weight at `phase`, as [`ResolvedWeights::weight_at`] gives it (0 for
    /// factors that are not enabled), for the factors below the highest enabled one; the rest
    /// are 0 too.
    #[inline(always)]
    pub fn weights_at(&self, phase: f32) -> FactorValues {
        self.weights_at_first(self.len(), phase)
    }

    /// [`ResolvedWeights::weights_at`] worked out for the first `count` factors (rounded up to
    /// whole chunks of eight), which must include every enabled one: a game that knows its
    /// factor count passes it, so the loop has a fixed length. Factors that are not enabled
    /// weigh 0 in every phase, so their entries are 0 whether worked out or not.
    #[inline(always)]
    pub fn weights_at_first(&self, count: usize, phase: f32) -> FactorValues {
        if !self.phased {
            return self.table[1];
        }
        let t = phase.clamp(0.0, 1.0);
        // Opening to midgame over the first half, midgame to endgame over the second.
        let (from, to, s) = if t < 0.5 {
            (&self.table[0], &self.table[1], t * 2.0)
        } else {
            (&self.table[1], &self.table[2], t * 2.0 - 1.0)
        };
        let mut out = [0f32; MAX_FACTORS];
        // Whole chunks of eight (worked out side by side) up to the highest enabled factor.
        let chunks = count.min(MAX_FACTORS).div_ceil(8);
        let rows = out.chunks_exact_mut(8).zip(from.chunks_exact(8));
        for ((w, a), b) in rows.zip(to.chunks_exact(8)).take(chunks) {
            for j in 0..8 {
                w[j] = a[j] + (b[j] - a[j]) * s;
            }
        }
        out
    }

    /// Number of factors up to the highest enabled one.
    #[inline(always)]
    fn len(&self) -> usize {
        (MAX_FACTORS - self.enabled.leading_zeros() as usize).min(MAX_FACTORS)
    }

    /// `Σ weight_i * values_i` over enabled factors, in index order, given the weights from
    /// [`ResolvedWeights::weights_at`].
    ///
    /// Factors that are not enabled weigh 0 and add a zero term, which leaves the sum as it is
    /// (it starts at +0.0 and so never becomes -0.0): a loop up to the highest enabled factor
    /// gives the same sum, to the bit, as one over the enabled factors alone.
    #[inline]
    pub fn dot(&self, weights: &FactorValues, values: &FactorValues) -> f32 {
        self.dot_first(self.len(), weights, values)
    }

    /// [`ResolvedWeights::dot`] over the first `count` factors, which must include every
    /// enabled one (a game that knows its factor count passes it, so the loop has a fixed
    /// length).
    #[inline(always)]
    pub fn dot_first(&self, count: usize, weights: &FactorValues, values: &FactorValues) -> f32 {
        let n = count.max(self.len()).min(MAX_FACTORS);
        let mut sum = 0.0f32;
        for (w, v) in weights[..n].iter().zip(&values[..n]) {
            sum += w * v;
        }
        sum
    }

    /// `Σ weight_i(phase) * values_i` over enabled factors, in index order.
    #[inline]
    pub fn combine(&self, values: &FactorValues, phase: f32) -> f32 {
        self.dot(&self.weights_at(phase), values)
    }
}

/// The value the evaluator gives a finished game from the side to move's view: beyond every
/// heuristic value, larger wins by larger margins, still strictly inside `EVAL_LIMIT`.
pub fn terminal_value(outcome: &Outcome, side: crate::game::Player) -> i32 {
    let margin = outcome.margin.clamp(0, 1000);
    match outcome.sign_for(side) {
        1 => TERMINAL_BASE + margin,
        -1 => -(TERMINAL_BASE + margin),
        _ => 0,
    }
}

/// `score = Σ weight_i * factor_i`, clamped to `±HEURISTIC_LIMIT`; finished games score by
/// [`terminal_value`].
pub struct WeightedEvaluator<G: Factors> {
    weights: ResolvedWeights,
    source: Weights,
    _game: PhantomData<fn() -> G>,
}

impl<G: Factors> std::fmt::Debug for WeightedEvaluator<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WeightedEvaluator")
            .field("game", &G::NAME)
            .field("weights", &self.source)
            .finish()
    }
}

impl<G: Factors> Clone for WeightedEvaluator<G> {
    fn clone(&self) -> Self {
        WeightedEvaluator {
            weights: self.weights.clone(),
            source: self.source.clone(),
            _game: PhantomData,
        }
    }
}

impl<G: Factors> WeightedEvaluator<G> {
    /// An evaluator from weights; unknown factor names are an error that lists the known ones.
    pub fn new(weights: &Weights) -> Result<Self, HeuristicError> {
        let mut source = weights.clone();
        source.game = Some(G::NAME.to_string());
        Ok(WeightedEvaluator {
            weights: weights.resolve::<G>()?,
            source,
            _game: PhantomData,
        })
    }

    pub fn from_json(text: &str) -> Result<Self, HeuristicError> {
        Self::new(&Weights::from_json(text)?)
    }

    /// The weights this evaluator was built from.
    pub fn weights(&self) -> &Weights {
        &self.source
    }

    pub fn resolved(&self) -> &ResolvedWeights {
        &self.weights
    }

    /// Every factor's value in this position (all factors, whatever their weight), or the
    /// outcome if the game is over. Used by `ply tune` and for explaining evaluations.
    pub fn factor_values(pos: &G) -> Result<Vec<(&'static str, f32)>, Outcome> {
        let mut values = [0f32; MAX_FACTORS];
        let all = ResolvedWeights::all_enabled(G::FACTORS.len());
        if let Some(outcome) = pos.compute_factors(&all, &mut values) {
            return Err(outcome);
        }
        Ok(G::FACTORS
            .iter()
            .zip(values)
            .map(|(f, v)| (f.name, v))
            .collect())
    }

    /// The unrounded weighted sum (before clamping), or `None` for a finished game.
    pub fn raw_score(&self, pos: &G) -> Option<f32> {
        pos.weighted_sum(&self.weights).ok()
    }
}

impl<G: Factors> Evaluator<G> for WeightedEvaluator<G> {
    fn evaluate(&self, pos: &G) -> i32 {
        match pos.weighted_sum(&self.weights) {
            Ok(sum) => round_and_clamp(sum),
            Err(outcome) => terminal_value(&outcome, pos.side_to_move()),
        }
    }
}

/// `sum` rounded half away from zero (as [`f32::round`]) and clamped to `±HEURISTIC_LIMIT`; NaN
/// (which finite weights and factors cannot produce) gives 0. `f32::round` is a library call on
/// the x86-64 baseline; instead, `sum ± 0.5` is worked out in `f64`, where it is exact (an `f32`
/// has 24 significant bits), and truncated: the same integer in fewer dependent steps than
/// truncating in `f32` and looking at the remainder (the evaluation waits for this at its end).
#[inline]
pub fn round_and_clamp(sum: f32) -> i32 {
    if sum.is_nan() {
        return 0;
    }
    let x = f64::from(sum);
    // Beyond 2^53 adding 0.5 changes nothing and `x` is a whole number already; beyond the
    // range of i64 (or infinite) `as` saturates, and the clamp does the rest.
    let rounded = (x + 0.5f64.copysign(x)) as i64;
    rounded.clamp(-i64::from(HEURISTIC_LIMIT), i64::from(HEURISTIC_LIMIT)) as i32
}

#[cfg(test)]
mod rounding_tests {
    use super::*;

    /// The rounding the evaluator used before: `f32::round`, then clamp.
    fn reference(sum: f32) -> i32 {
        let v = if sum.is_nan() { 0.0 } else { sum.round() };
        (v.clamp(-(HEURISTIC_LIMIT as f32), HEURISTIC_LIMIT as f32)) as i32
    }

    #[test]
    fn rounding_matches_f32_round_then_clamp() {
        let limit = HEURISTIC_LIMIT as f32;
        let mut cases = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -1.5,
            2.5,
            0.499_999_97,
            -0.499_999_97,
            limit - 0.5,
            limit + 0.5,
            limit + 0.49,
            -limit - 0.5,
            8_388_607.5,
            1e9,
            -1e9,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MIN_POSITIVE,
        ];
        // Every f32 around the half-way points of small integers, and a sweep of the range.
        for k in -300..300 {
            let half = k as f32 + 0.5;
            let mut x = half;
            for _ in 0..3 {
                cases.push(x);
                x = f32::from_bits(x.to_bits() + 1);
            }
            let mut x = half;
            for _ in 0..3 {
                x = f32::from_bits(x.to_bits() - 1);
                cases.push(x);
            }
        }
        let mut rng = crate::rng::SplitMix64::new(0x1234_5678);
        for _ in 0..200_000 {
            let x = (rng.next_u64() >> 32) as u32;
            cases.push((x as f32 / u32::MAX as f32 - 0.5) * 2.2 * limit);
            cases.push((x % 2001) as f32 / 8.0 - 125.0);
        }
        for sum in cases {
            assert_eq!(round_and_clamp(sum), reference(sum), "{sum:e}");
        }
    }
}
