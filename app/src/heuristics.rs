//! The weighted heuristic's presets and weights, for the settings screens' weights editor.

use crate::error::AppError;
use crate::guard::{guard, guard_or};
use crate::settings::GameKind;
use ply_core::heuristic::HasHeuristic;
use ply_core::heuristic::multi::{preset_names, preset_weights};

/// Names of the heuristic presets of `game` (`default` first is not guaranteed; it always exists).
pub fn heuristic_presets(game: GameKind) -> Vec<String> {
    guard_or("heuristic_presets", Vec::new(), || {
        let names = ply_core::with_game_kind!(game,
            two_player G => G::heuristic_presets().to_vec(),
            multi m => preset_names::<G>());
        names.iter().map(|s| (*s).to_string()).collect()
    })
}

/// The weights of preset `preset` of `game` as JSON (edit them and pass them back as
/// `HeuristicChoice.CustomWeights`). `InvalidSettings` for an unknown preset.
pub fn heuristic_weights_json(game: GameKind, preset: String) -> Result<String, AppError> {
    guard("heuristic_weights_json", || {
        let weights = ply_core::with_game_kind!(game,
            two_player G => G::heuristic_weights(&preset),
            multi m => preset_weights::<G>(&preset));
        weights.map(|w| w.to_json()).map_err(AppError::from)
    })
}
