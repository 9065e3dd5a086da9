//! The weighted heuristic: named factors per game, weights set at run time (JSON, CLI,
//! bindings), optional per-phase weights, presets with provenance.
//!
//! Contract the engines, CLI and bindings rely on: every game implements [`HasHeuristic`].
//! The generic machinery lives in [`weights`]; each game's factors in its own module.

pub mod othello;
pub mod weights;

pub use weights::{
    FactorInfo, Factors, HEURISTIC_LIMIT, ResolvedWeights, Weight, WeightedEvaluator, Weights,
    paired,
};

use crate::game::{Evaluator, Game};
use std::sync::Arc;

/// A game with named heuristic presets (`default` always exists).
pub trait HasHeuristic: Game {
    /// The evaluator of a named preset.
    fn heuristic(preset: &str) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError>;
    /// Names of every preset [`HasHeuristic::heuristic`] accepts.
    fn heuristic_presets() -> &'static [&'static str];
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeuristicError {
    #[error("unknown heuristic preset '{name}' (known: {known})")]
    UnknownPreset { name: String, known: String },
    #[error("bad weights: {0}")]
    BadWeights(String),
}
