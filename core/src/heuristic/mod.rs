//! The weighted heuristic: named factors per game, weights set at run time (JSON, CLI,
//! bindings), optional per-phase weights, presets with provenance.
//!
//! Contract the engines, CLI and bindings rely on: every game implements [`HasHeuristic`].
//! The generic machinery lives in [`weights`]; each game's factors in its own module.

pub mod chinese_checkers;
pub mod connect4;
pub mod draughts;
pub mod fit;
pub mod focus;
pub mod games;
pub mod multi;
pub mod othello;
pub mod presets;
pub mod virus;
pub mod weights;

pub use weights::{
    FactorInfo, Factors, HEURISTIC_LIMIT, ResolvedWeights, Weight, WeightedEvaluator, Weights,
    paired,
};

use crate::game::{Evaluator, Game};
use presets::Preset;
use std::sync::Arc;

/// A game with named heuristic presets (`default` always exists).
pub trait HasHeuristic: Game {
    /// The evaluator of a named preset.
    fn heuristic(preset: &str) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError>;
    /// Names of every preset [`HasHeuristic::heuristic`] accepts.
    fn heuristic_presets() -> &'static [&'static str];

    /// The weights of a named preset (to edit, export as JSON or ablate). Games without a
    /// weighted heuristic answer `UnknownPreset`.
    fn heuristic_weights(preset: &str) -> Result<Weights, HeuristicError> {
        Err(HeuristicError::UnknownPreset {
            name: preset.to_string(),
            known: String::new(),
        })
    }

    /// An evaluator from explicit weights (JSON, CLI, bindings).
    fn heuristic_from_weights(
        weights: &Weights,
    ) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError> {
        let _ = weights;
        Err(HeuristicError::BadWeights(format!(
            "{} has no weighted heuristic",
            Self::NAME
        )))
    }

    /// The factors weights may name.
    fn heuristic_factors() -> &'static [FactorInfo] {
        &[]
    }

    /// An evaluator from a learned weight file's bytes (Othello's pattern weights, as `ply
    /// train` writes them), to measure trained weights against the shipped ones.
    fn heuristic_from_file(bytes: &[u8]) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError> {
        let _ = bytes;
        Err(HeuristicError::BadWeights(format!(
            "{} has no learned weight file",
            Self::NAME
        )))
    }
}

/// [`HasHeuristic::heuristic`] for a game with factors and a preset list.
pub fn preset_evaluator<G: Factors>(
    list: &[Preset],
    name: &str,
) -> Result<Arc<dyn Evaluator<G>>, HeuristicError> {
    let preset = presets::find(list, name)?;
    Ok(Arc::new(WeightedEvaluator::<G>::new(
        &preset.weights(G::NAME),
    )?))
}

/// [`HasHeuristic::heuristic_from_weights`] for a game with factors.
pub fn weights_evaluator<G: Factors>(
    weights: &Weights,
) -> Result<Arc<dyn Evaluator<G>>, HeuristicError> {
    Ok(Arc::new(WeightedEvaluator::<G>::new(weights)?))
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeuristicError {
    #[error("unknown heuristic preset '{name}' (known: {known})")]
    UnknownPreset { name: String, known: String },
    #[error("bad weights: {0}")]
    BadWeights(String),
    /// A preset whose judgement is learned tables, not factor weights to edit or ablate.
    #[error("'{name}' is a learned evaluation without factor weights")]
    NotWeighted { name: String },
}
