//! The weighted heuristic's presets and weights, for the settings screens' weights editor.

use crate::error::PlyError;
use crate::guard::{guard, guard_or};
use crate::settings::GameKind;
use ply_core::games::chinese_checkers::ChineseCheckers;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::focus::Focus;
use ply_core::games::othello::Othello;
use ply_core::games::virus::Virus;
use ply_core::heuristic::HasHeuristic;
use ply_core::heuristic::multi::{preset_names, preset_weights};

/// Names of the heuristic presets of `game` (`default` first is not guaranteed; it always exists).
pub fn heuristic_presets(game: GameKind) -> Vec<String> {
    guard_or("heuristic_presets", Vec::new(), || {
        let names = match game {
            GameKind::Othello => Othello::heuristic_presets().to_vec(),
            GameKind::ConnectFour => ConnectFour::heuristic_presets().to_vec(),
            GameKind::Draughts | GameKind::RelaxedDraughts => {
                Draughts::heuristic_presets().to_vec()
            }
            GameKind::Virus => preset_names::<Virus>(),
            GameKind::Focus => preset_names::<Focus>(),
            GameKind::ChineseCheckers => preset_names::<ChineseCheckers>(),
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
            GameKind::Virus => preset_weights::<Virus>(&preset),
            GameKind::Focus => preset_weights::<Focus>(&preset),
            GameKind::ChineseCheckers => preset_weights::<ChineseCheckers>(&preset),
        };
        weights
            .map(|w| w.to_json())
            .map_err(|e| PlyError::settings(e.to_string()))
    })
}
