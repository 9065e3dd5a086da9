//! The weighted heuristic's presets and weights, for the settings screens' weights editor.

use crate::error::PlyError;
use crate::guard::{guard, guard_or};
use crate::settings::GameKind;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;

/// Names of the heuristic presets of `game` (`default` first is not guaranteed; it always exists).
pub fn heuristic_presets(game: GameKind) -> Vec<String> {
    guard_or("heuristic_presets", Vec::new(), || {
        let names = match game {
            GameKind::Othello => Othello::heuristic_presets(),
            GameKind::ConnectFour => ConnectFour::heuristic_presets(),
            GameKind::Draughts | GameKind::RelaxedDraughts => Draughts::heuristic_presets(),
        };
        names.iter().map(|s| (*s).to_string()).collect()
    })
}

/// The weights of preset `preset` of `game` as JSON (edit them and pass them back as
/// `HeuristicChoice.CustomWeights`). `InvalidSettings` for an unknown preset.
pub fn heuristic_weights_json(game: GameKind, preset: String) -> Result<String, PlyError> {
    guard("heuristic_weights_json", || {
        let weights = match game {
            GameKind::Othello => Othello::heuristic_weights(&preset),
            GameKind::ConnectFour => ConnectFour::heuristic_weights(&preset),
            GameKind::Draughts | GameKind::RelaxedDraughts => Draughts::heuristic_weights(&preset),
        };
        weights
            .map(|w| w.to_json())
            .map_err(|e| PlyError::settings(e.to_string()))
    })
}
