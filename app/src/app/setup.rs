//! What defines a new game (the home screen's choices) and how it becomes engine settings.

use crate::settings::{
    AdsOptions, AdsUpdateRule, EngineSettings, GameKind, HeuristicChoice, MoveOrdering,
    SearchAlgorithm, settings_for_difficulty,
};
use crate::snapshot::Side;
use crate::{PlayerKind, PlyError};
use serde::{Deserialize, Serialize};

/// The games the home screen offers (relaxed draughts is a research variant for the CLI and the
/// collector, offered there).
pub const HOME_GAMES: [GameKind; 3] =
    [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts];

/// Difficulty levels, weakest first.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// The level a new install starts at: strong enough to need thought on a laptop or phone
/// (Othello depth 6 with iterative PVS), fast enough to answer within a second.
pub const DEFAULT_LEVEL: u8 = 6;

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayMode {
    /// One person against the computer.
    VsComputer,
    /// Two people sharing one device.
    TwoPlayers,
    /// The computer plays both sides (pause and resume).
    ComputerVsComputer,
}

impl PlayMode {
    pub const ALL: [PlayMode; 3] = [
        PlayMode::VsComputer,
        PlayMode::TwoPlayers,
        PlayMode::ComputerVsComputer,
    ];

    pub fn label(self) -> &'static str {
        match self {
            PlayMode::VsComputer => "Against the computer",
            PlayMode::TwoPlayers => "Two players on this device",
            PlayMode::ComputerVsComputer => "Computer against computer",
        }
    }

    pub fn has_human(self) -> bool {
        self != PlayMode::ComputerVsComputer
    }
}

/// The algorithm choice on the home screen (plain minimax is a research baseline, not offered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AlgorithmChoice {
    /// Whatever the level chooses.
    ByLevel,
    Scout,
    AlphaBeta,
    Pvs,
    Mcts,
}

impl AlgorithmChoice {
    pub const ALL: [AlgorithmChoice; 5] = [
        AlgorithmChoice::ByLevel,
        AlgorithmChoice::Scout,
        AlgorithmChoice::AlphaBeta,
        AlgorithmChoice::Pvs,
        AlgorithmChoice::Mcts,
    ];

    pub fn label(self) -> &'static str {
        match self {
            AlgorithmChoice::ByLevel => "By level",
            AlgorithmChoice::Scout => "Scout",
            AlgorithmChoice::AlphaBeta => "Alpha-beta",
            AlgorithmChoice::Pvs => "PVS",
            AlgorithmChoice::Mcts => "MCTS",
        }
    }

    fn algorithm(self) -> Option<SearchAlgorithm> {
        match self {
            AlgorithmChoice::ByLevel => None,
            AlgorithmChoice::Scout => Some(SearchAlgorithm::Scout),
            AlgorithmChoice::AlphaBeta => Some(SearchAlgorithm::AlphaBeta),
            AlgorithmChoice::Pvs => Some(SearchAlgorithm::Pvs),
            AlgorithmChoice::Mcts => Some(SearchAlgorithm::Mcts),
        }
    }
}

/// Move-ordering presets (they change the speed of a search, never its value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderingChoice {
    ByLevel,
    StaticOnly,
    /// Transposition-table move, killers, history.
    Full,
    /// History-ADS with Move-to-Front (the History-ADS paper's best list rule).
    HistoryAds,
}

impl OrderingChoice {
    pub const ALL: [OrderingChoice; 4] = [
        OrderingChoice::ByLevel,
        OrderingChoice::StaticOnly,
        OrderingChoice::Full,
        OrderingChoice::HistoryAds,
    ];

    pub fn label(self) -> &'static str {
        match self {
            OrderingChoice::ByLevel => "By level",
            OrderingChoice::StaticOnly => "Static order only",
            OrderingChoice::Full => "TT move, killers, history",
            OrderingChoice::HistoryAds => "History-ADS (move to front)",
        }
    }

    fn ordering(self, level_default: MoveOrdering) -> MoveOrdering {
        let plain = MoveOrdering {
            static_order: true,
            tt_move: false,
            killers: false,
            history: false,
            ads: None,
        };
        match self {
            OrderingChoice::ByLevel => level_default,
            OrderingChoice::StaticOnly => plain,
            OrderingChoice::Full => MoveOrdering {
                tt_move: true,
                killers: true,
                history: true,
                ..plain
            },
            OrderingChoice::HistoryAds => MoveOrdering {
                tt_move: true,
                ads: Some(AdsOptions {
                    update: AdsUpdateRule::MoveToFront,
                    list_bound: None,
                    per_level: false,
                }),
                ..plain
            },
        }
    }
}

/// Everything that defines a new game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub game: GameKind,
    pub mode: PlayMode,
    /// Against the computer: the side the person plays (`First` moves first).
    pub human_side: Side,
    pub level: u8,
    pub algorithm: AlgorithmChoice,
    pub ordering: OrderingChoice,
    /// A heuristic preset by name; `None` uses the custom weights stored in the settings for
    /// this game if there are any, else `default`.
    pub heuristic: Option<String>,
    /// A start position in the game's notation (`None`: the standard start).
    pub start_position: Option<String>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            game: GameKind::Othello,
            mode: PlayMode::VsComputer,
            human_side: Side::First,
            level: DEFAULT_LEVEL,
            algorithm: AlgorithmChoice::ByLevel,
            ordering: OrderingChoice::ByLevel,
            heuristic: None,
            start_position: None,
        }
    }
}

impl Setup {
    /// The computer's engine settings: the level's, with the engine choices applied;
    /// `custom_weights` is the settings' weights JSON for this game, if any.
    pub fn engine_settings(
        &self,
        custom_weights: Option<&str>,
    ) -> Result<EngineSettings, PlyError> {
        let base = settings_for_difficulty(self.game, self.level)?;
        let heuristic = match (&self.heuristic, custom_weights) {
            (Some(name), _) => HeuristicChoice::Preset { name: name.clone() },
            (None, Some(json)) => HeuristicChoice::CustomWeights { json: json.into() },
            (None, None) => base.heuristic.clone(),
        };
        Ok(EngineSettings {
            algorithm: self.algorithm.algorithm().unwrap_or(base.algorithm),
            ordering: self.ordering.ordering(base.ordering),
            heuristic,
            ..base
        })
    }

    /// True when a person plays `side`.
    pub fn is_human(&self, side: Side) -> bool {
        match self.mode {
            PlayMode::TwoPlayers => true,
            PlayMode::ComputerVsComputer => false,
            PlayMode::VsComputer => side == self.human_side,
        }
    }

    /// Who plays each side, first then second.
    pub fn players(&self, custom_weights: Option<&str>) -> Result<[PlayerKind; 2], PlyError> {
        let computer = PlayerKind::Computer {
            settings: self.engine_settings(custom_weights)?,
        };
        let seat = |side| {
            if self.is_human(side) {
                PlayerKind::Human
            } else {
                computer.clone()
            }
        };
        Ok([seat(Side::First), seat(Side::Second)])
    }
}

/// The title of a game for menus and headings.
pub fn game_title(game: GameKind) -> &'static str {
    match game {
        GameKind::Othello => "Othello",
        GameKind::ConnectFour => "Connect Four",
        GameKind::Draughts => "Draughts",
        GameKind::RelaxedDraughts => "Draughts (captures optional)",
    }
}

/// The name of a side in a game: Othello and draughts black and white, Connect Four red and
/// yellow.
pub fn side_name(game: GameKind, side: Side) -> &'static str {
    match (game, side) {
        (GameKind::ConnectFour, Side::First) => "Red",
        (GameKind::ConnectFour, Side::Second) => "Yellow",
        (_, Side::First) => "Black",
        (_, Side::Second) => "White",
    }
}

/// The symbol a text board shows for a side's pieces (`X` black or red, `O` white or yellow).
pub fn side_symbol(side: Side) -> char {
    match side {
        Side::First => 'X',
        Side::Second => 'O',
    }
}

/// One line describing an engine: "PVS, 6 plies, up to 3.6 s, 32 MiB table, heuristic default".
pub fn describe_engine(settings: &EngineSettings) -> String {
    let mut parts = vec![
        match settings.algorithm {
            SearchAlgorithm::Scout => "Scout",
            SearchAlgorithm::AlphaBeta => "Alpha-beta",
            SearchAlgorithm::Pvs => "PVS",
            SearchAlgorithm::Mcts => "MCTS",
            SearchAlgorithm::Minimax => "Minimax",
        }
        .to_string(),
    ];
    if let Some(d) = settings.depth {
        parts.push(format!("{d} plies"));
    }
    if let Some(t) = settings.time_ms {
        parts.push(format!("up to {:.1} s", t as f64 / 1000.0));
    }
    parts.push(if settings.tt_bytes == 0 {
        "no table".to_string()
    } else {
        format!("{} MiB table", settings.tt_bytes >> 20)
    });
    parts.push(match &settings.heuristic {
        HeuristicChoice::Preset { name } => format!("heuristic {name}"),
        HeuristicChoice::CustomWeights { .. } => "custom weights".to_string(),
    });
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_override_only_what_they_name() {
        let setup = Setup {
            algorithm: AlgorithmChoice::Scout,
            ..Setup::default()
        };
        let level = settings_for_difficulty(GameKind::Othello, DEFAULT_LEVEL).expect("level");
        let s = setup.engine_settings(None).expect("settings");
        assert_eq!(s.algorithm, SearchAlgorithm::Scout);
        assert_eq!(
            (s.depth, s.tt_bytes, s.ordering),
            (level.depth, level.tt_bytes, level.ordering)
        );
        let custom = setup.engine_settings(Some("{}")).expect("settings");
        assert!(matches!(
            custom.heuristic,
            HeuristicChoice::CustomWeights { .. }
        ));
        let preset = Setup {
            heuristic: Some("static-table".into()),
            ..setup
        };
        assert!(matches!(
            preset.engine_settings(Some("{}")).expect("settings").heuristic,
            HeuristicChoice::Preset { ref name } if name == "static-table"
        ));
    }

    #[test]
    fn seats_follow_the_mode() {
        let mut s = Setup {
            human_side: Side::Second,
            ..Setup::default()
        };
        let [a, b] = s.players(None).expect("players");
        assert!(matches!(a, PlayerKind::Computer { .. }) && b == PlayerKind::Human);
        s.mode = PlayMode::TwoPlayers;
        assert_eq!(
            s.players(None).expect("players"),
            [PlayerKind::Human, PlayerKind::Human]
        );
        s.mode = PlayMode::ComputerVsComputer;
        assert!(!s.is_human(Side::First) && !s.is_human(Side::Second));
    }
}
