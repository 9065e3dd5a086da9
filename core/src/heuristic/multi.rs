//! The weighted heuristic for the multi-player games: named factors measured for each player,
//! weights from presets (with provenance), JSON or the CLI, as for the two-player games.
//!
//! Each player's value is `Σ weight_i * factor_i(player)`, rounded. Max-N's shallow pruning
//! needs a bound on the sum of all players' values, so factors are non-negative with a bound the
//! game states ([`MultiFactors::factor_bounds`]), and weights must be non-negative and flat (the
//! multi-player games have no phases here). A finished game gives the winner
//! [`MultiEvaluator::max_sum`] and everyone else 0, so a win is worth more than any position and
//! a loss less; a drawn end keeps the factor values.

use super::HeuristicError;
use super::presets::{Preset, find};
use super::weights::{FactorInfo, FactorValues, MAX_FACTORS, Weight, Weights};
use crate::game::Player;
use crate::game::{MultiEvaluator, MultiGame};
use std::marker::PhantomData;

/// A multi-player game described by named factors per player.
pub trait MultiFactors: MultiGame {
    /// Every factor, in a fixed order.
    const FACTORS: &'static [FactorInfo];
    /// The named presets; `default` is the first.
    const PRESETS: &'static [Preset];

    /// Fills `out[i]` with factor `i` for `player`, each in `0..=bound_i`.
    fn player_factors(&self, player: Player, out: &mut FactorValues);

    /// Fills `out[i]` with a bound on factor `i` that holds for every player in every position
    /// reachable from this one.
    fn factor_bounds(&self, out: &mut FactorValues);
}

/// The evaluation of a set of weights.
pub struct WeightedMulti<G> {
    weights: FactorValues,
    name: String,
    game: PhantomData<fn(&G)>,
}

impl<G> std::fmt::Debug for WeightedMulti<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WeightedMulti")
            .field("name", &self.name)
            .finish()
    }
}

impl<G: MultiFactors> WeightedMulti<G> {
    /// Checks the weights against the game's factors: known names, finite, non-negative and
    /// flat.
    pub fn new(weights: &Weights) -> Result<WeightedMulti<G>, HeuristicError> {
        if let Some(game) = &weights.game
            && game != G::NAME
        {
            return Err(HeuristicError::BadWeights(format!(
                "weights are for '{game}', not {}",
                G::NAME
            )));
        }
        let mut table = [0f32; MAX_FACTORS];
        for (name, weight) in &weights.weights {
            let i = G::FACTORS
                .iter()
                .position(|f| f.name == name)
                .ok_or_else(|| {
                    let known: Vec<&str> = G::FACTORS.iter().map(|f| f.name).collect();
                    HeuristicError::BadWeights(format!(
                        "unknown factor '{name}' for {} (known: {})",
                        G::NAME,
                        known.join(", ")
                    ))
                })?;
            let w = match *weight {
                Weight::Flat(w) => w,
                Weight::Phased { .. } => {
                    return Err(HeuristicError::BadWeights(format!(
                        "'{name}': {} has no game phases; give one weight",
                        G::NAME
                    )));
                }
            };
            if !w.is_finite() || w < 0.0 {
                return Err(HeuristicError::BadWeights(format!(
                    "weight of '{name}' is {w}: multi-player weights are finite and not negative (Max-N's pruning bounds the sum of the players' values)"
                )));
            }
            table[i] = w;
        }
        Ok(WeightedMulti {
            weights: table,
            name: weights.name.clone().unwrap_or_else(|| "custom".into()),
            game: PhantomData,
        })
    }

    /// The evaluation of a named preset.
    pub fn preset(name: &str) -> Result<WeightedMulti<G>, HeuristicError> {
        WeightedMulti::new(&preset_weights::<G>(name)?)
    }

    /// The preset's or the custom weights' name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The largest value one player can get before the game ends.
    fn player_bound(&self, pos: &G) -> f32 {
        let mut bounds = [0f32; MAX_FACTORS];
        pos.factor_bounds(&mut bounds);
        let n = G::FACTORS.len();
        (0..n).map(|i| self.weights[i] * bounds[i]).sum::<f32>()
    }
}

/// The weights of a named preset.
pub fn preset_weights<G: MultiFactors>(name: &str) -> Result<Weights, HeuristicError> {
    Ok(find(G::PRESETS, name)?.weights(G::NAME))
}

/// Names of the game's presets.
pub fn preset_names<G: MultiFactors>() -> Vec<&'static str> {
    G::PRESETS.iter().map(|p| p.name).collect()
}

impl<G: MultiFactors> MultiEvaluator<G> for WeightedMulti<G> {
    fn evaluate(&self, pos: &G, values: &mut [i32]) {
        values.fill(0);
        let players = pos.players().min(values.len());
        match pos.outcome().map(|o| o.winner) {
            Some(Some(w)) => {
                if let Some(v) = values.get_mut(usize::from(w)) {
                    *v = self.max_sum(pos);
                }
            }
            _ => {
                let n = G::FACTORS.len();
                let mut f = [0f32; MAX_FACTORS];
                for (p, v) in values.iter_mut().enumerate().take(players) {
                    pos.player_factors(p as Player, &mut f);
                    let sum: f32 = (0..n).map(|i| self.weights[i] * f[i]).sum();
                    *v = sum.round() as i32;
                }
            }
        }
    }

    fn max_sum(&self, pos: &G) -> i32 {
        let per_player = self.player_bound(pos).ceil() as i32;
        per_player
            .saturating_mul(pos.players() as i32)
            .saturating_add(1)
    }
}
