//! The home screen's view model: what the shells draw.

use crate::app::setup::{AlgorithmChoice, OrderingChoice, PlayMode};
use crate::rules_variant::RulesVariant;
use crate::settings::GameKind;
use crate::snapshot::Side;

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameOption {
    pub game: GameKind,
    pub label: String,
    pub selected: bool,
}

/// A rules variant the chosen game takes ("Captures compulsory", "Captures optional").
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RulesOption {
    pub rules: RulesVariant,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ModeOption {
    pub mode: PlayMode,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SideOption {
    pub side: Side,
    /// "Black (moves first)".
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct AlgorithmOption {
    pub choice: AlgorithmChoice,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OrderingOption {
    pub choice: OrderingChoice,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HeuristicOption {
    /// The preset's name; `None` for the custom weights from the settings.
    pub preset: Option<String>,
    pub label: String,
    pub selected: bool,
}

/// A level the computer plays at (1, the weakest, to 10).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LevelOption {
    pub level: u8,
    /// "Level 6".
    pub label: String,
    pub selected: bool,
}

/// A player count a multi-player game offers.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlayerCountOption {
    pub count: u32,
    /// "3 players", in the app's language.
    pub label: String,
    pub selected: bool,
}

/// One seat of the next multi-player game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SeatOption {
    /// Turn order, 0-based (drawn in `BoardView.seats[seat]`, the core's style of the seat).
    pub seat: u32,
    /// "Red".
    pub name: String,
    pub human: bool,
    /// The computer's level at this seat.
    pub level: u8,
    /// The levels the computer at this seat can play at, this seat's selected
    /// (`HomeEvent::ChooseSeatLevel`).
    pub levels: Vec<LevelOption>,
    /// "Red: a person" / "Blue: the computer, level 6".
    pub label: String,
}

/// The home screen: the next game's choices, each with its valid values and the selection.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HomeView {
    pub games: Vec<GameOption>,
    /// The rules the chosen game can be played under (`HomeEvent::ChooseRules`); empty for a game
    /// with one set of rules (draughts has two: captures compulsory or optional).
    pub variants: Vec<RulesOption>,
    pub modes: Vec<ModeOption>,
    /// The side the person plays; empty unless the mode is against the computer.
    pub sides: Vec<SideOption>,
    /// A multi-player game: how many play (`HomeEvent::ChoosePlayers`); empty for the two-player
    /// games, which offer `modes` instead (and the multi-player games none).
    pub player_counts: Vec<PlayerCountOption>,
    /// A multi-player game: who sits where (`HomeEvent::ChooseSeat`, `HomeEvent::ChooseSeatLevel`).
    pub seats: Vec<SeatOption>,
    /// The selected option of each list, as a value (a picker's selection): `games`' game,
    /// `variants`' rules, `modes`' mode, `sides`' side, `player_counts`' count (0 for the
    /// two-player games),
    /// `algorithms`', `orderings`' choice and `heuristics`' preset (`None`: the custom weights).
    pub game: GameKind,
    pub rules: RulesVariant,
    pub mode: PlayMode,
    pub side: Side,
    pub players: u32,
    pub algorithm: AlgorithmChoice,
    pub ordering: OrderingChoice,
    pub heuristic: Option<String>,
    pub level: u8,
    /// Every level, `level` selected (`HomeEvent::ChooseLevel`): a picker draws these, a slider
    /// `min_level` to `max_level`.
    pub levels: Vec<LevelOption>,
    /// The level control is shown (with `level_title` over it). Always true today: the level
    /// sets the computer's strength and the hints' in every mode, people against each other
    /// included; the field lets a future mode without hints hide it with no shell change.
    pub level_shown: bool,
    /// "The computer's level" or, with no computer player, "The hints' level".
    pub level_title: String,
    pub min_level: u8,
    pub max_level: u8,
    /// The computer's engine at these choices ("PVS, 6 plies, up to 3.6 s, 32 MiB table, ...").
    pub engine: String,
    /// The engine choices apply (there is a computer player).
    pub engine_choices: bool,
    pub algorithms: Vec<AlgorithmOption>,
    pub orderings: Vec<OrderingOption>,
    pub heuristics: Vec<HeuristicOption>,
    /// The position the next game starts from, in the game's notation (`None`: the standard
    /// start).
    pub start_position: Option<String>,
    /// The start position field's text: what was typed (`HomeEvent::EditStartPosition`), else the
    /// chosen position, else empty. `HomeEvent::ChooseStartPosition` with it applies it, and so
    /// does
    /// `HomeEvent::NewGame`.
    pub start_position_text: String,
    /// The start position text last refused and why ("not a position: ...").
    pub start_position_error: Option<String>,
    /// A game is in progress: offer to go back to it.
    pub can_resume: bool,
    /// "Resume Othello (move 12)".
    pub resume_label: String,
}
