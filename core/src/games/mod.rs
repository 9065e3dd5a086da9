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
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Othello, GameKind::Connect4, GameKind::Checkers];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Othello => "othello",
            GameKind::Connect4 => "connect4",
            GameKind::Checkers => "checkers",
        }
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
            other => Err(format!(
                "unknown game '{other}' (expected othello, connect4 or checkers)"
            )),
        }
    }
}
