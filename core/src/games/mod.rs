//! The games, each with exact rules, bitboards and its standard notation.

pub mod chinese_checkers;
pub mod connect4;
pub mod draughts;
pub mod focus;
pub mod othello;
pub mod virus;

use std::fmt;
use std::str::FromStr;

/// The games Ply plays, by the names the CLI, records and bindings use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Othello,
    #[serde(rename = "connect4")]
    Connect4,
    Checkers,
    /// The Virus Game (multi-player, 2 to 4).
    Virus,
    /// Focus (multi-player, 2 to 4).
    Focus,
    /// Chinese Checkers (multi-player: 2, 3, 4 or 6).
    ChineseCheckers,
}

impl GameKind {
    pub const ALL: [GameKind; 6] = [
        GameKind::Othello,
        GameKind::Connect4,
        GameKind::Checkers,
        GameKind::Virus,
        GameKind::Focus,
        GameKind::ChineseCheckers,
    ];

    /// The same as the game's [`crate::Game::NAME`].
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Othello => "othello",
            GameKind::Connect4 => "connect4",
            GameKind::Checkers => "checkers",
            GameKind::Virus => "virus",
            GameKind::Focus => "focus",
            GameKind::ChineseCheckers => "chinese_checkers",
        }
    }

    /// Played by more than two people (the engines are the multi-player ones; a record's seats
    /// say how many).
    pub fn is_multi_player(self) -> bool {
        matches!(
            self,
            GameKind::Virus | GameKind::Focus | GameKind::ChineseCheckers
        )
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "othello" | "reversi" => Ok(GameKind::Othello),
            "connect4" | "connect-four" | "connectfour" => Ok(GameKind::Connect4),
            "checkers" | "draughts" | "english-draughts" => Ok(GameKind::Checkers),
            "virus" => Ok(GameKind::Virus),
            "focus" => Ok(GameKind::Focus),
            "chinese_checkers" | "chinese-checkers" | "sternhalma" => Ok(GameKind::ChineseCheckers),
            other => Err(format!(
                "unknown game '{other}' (expected othello, connect4, checkers, virus, focus or chinese-checkers)"
            )),
        }
    }
}
