//! Choosing a game at run time: the game name, an optional position and rules variant.

use anyhow::{Context, Result, anyhow, bail};
use ply_core::Game;
use ply_core::games::GameKind;
use std::fmt;
use std::str::FromStr;

/// A game by name: one of the two-player games the apps and the collector know, or a
/// multi-player research game (which only `ply perft`, `show` and `search` take).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyGame {
    Two(GameKind),
    Multi(MultiKind),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiKind {
    Virus,
    Focus,
    ChineseCheckers,
}

impl MultiKind {
    pub fn name(self) -> &'static str {
        match self {
            MultiKind::Virus => "virus",
            MultiKind::Focus => "focus",
            MultiKind::ChineseCheckers => "chinese-checkers",
        }
    }

    /// The app core's game.
    pub fn game_kind(self) -> ply_app::settings::GameKind {
        use ply_app::settings::GameKind;
        match self {
            MultiKind::Virus => GameKind::Virus,
            MultiKind::Focus => GameKind::Focus,
            MultiKind::ChineseCheckers => GameKind::ChineseCheckers,
        }
    }

    /// The players a game seats when `--players` and `--position` do not say: the apps'
    /// default ([`ply_app::settings::GameKind::default_players`]), in every command.
    pub fn default_players(self) -> u8 {
        self.game_kind().default_players()
    }
}

impl FromStr for AnyGame {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "virus" | "virus-game" => Ok(AnyGame::Multi(MultiKind::Virus)),
            "focus" | "domination" => Ok(AnyGame::Multi(MultiKind::Focus)),
            "chinese-checkers" | "chinese_checkers" | "chinesecheckers" | "sternhalma" => {
                Ok(AnyGame::Multi(MultiKind::ChineseCheckers))
            }
            _ => s.parse::<GameKind>().map(AnyGame::Two).map_err(|_| {
                format!(
                    "unknown game '{s}' (expected othello, connect4, checkers, virus, focus or chinese-checkers)"
                )
            }),
        }
    }
}

impl fmt::Display for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyGame::Two(g) => f.write_str(g.name()),
            AnyGame::Multi(m) => f.write_str(m.name()),
        }
    }
}

/// Runs `$body` with `$G` bound to the concrete game type of `$kind` (an [`AnyGame`]); a
/// multi-player game is refused with a message naming the commands that take it.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::AnyGame::Multi(m) => anyhow::bail!(
                "{} is a multi-player game: `ply perft`, `ply show`, `ply search` and `ply play` take it",
                m.name()
            ),
            $crate::games::AnyGame::Two(two) => $crate::with_two_player_game!(two, $G => $body),
        }
    };
}

/// Runs `$body` with `$G` bound to the concrete game type of `$kind` (a [`GameKind`]); a
/// multi-player kind (a record's game) is refused with an error.
#[macro_export]
macro_rules! with_two_player_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            ply_core::games::GameKind::Othello => {
                type $G = ply_core::games::othello::Othello;
                $body
            }
            ply_core::games::GameKind::Connect4 => {
                type $G = ply_core::games::connect4::ConnectFour;
                $body
            }
            ply_core::games::GameKind::Checkers => {
                type $G = ply_core::games::draughts::Draughts;
                $body
            }
            multi @ (ply_core::games::GameKind::Virus
            | ply_core::games::GameKind::Focus
            | ply_core::games::GameKind::ChineseCheckers) => anyhow::bail!(
                "{} is a multi-player game; this command takes othello, connect4 or checkers",
                multi.name()
            ),
        }
    };
}

/// The arguments every game command shares.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// othello, connect4 or checkers (perft, show, search and play also take virus, focus and
    /// chinese-checkers)
    pub game: AnyGame,
    /// Start position in the game's notation (Othello: 64 chars a1..h8 + side, or a transcript
    /// like f5d6c3; Connect Four: column digits from the empty board; checkers: a FEN tag value).
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Rules variant (checkers: standard or relaxed, where captures are optional; chinese-checkers:
    /// standard, where a filled target with one own piece wins, or classic, all ten own pieces,
    /// either with +lock to keep pieces in their target).
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Players, for the multi-player games (virus: 2 to 4, default 4; focus: 2 to 4, default 4;
    /// chinese-checkers: 2, 3, 4 or 6, default 3: the apps' and ply play's); a position given
    /// with --position carries its own.
    #[arg(long = "players", id = "seat_count")]
    pub players: Option<u8>,
}

/// [`GameArgs`] for the commands that take only the two-player games (bench, selfplay, tune,
/// tournament): no `--players` in their help.
#[derive(clap::Args, Clone, Debug)]
pub struct TwoPlayerGameArgs {
    /// othello, connect4 or checkers
    pub game: AnyGame,
    /// Start position in the game's notation (Othello: 64 chars a1..h8 + side, or a transcript
    /// like f5d6c3; Connect Four: column digits from the empty board; checkers: a FEN tag value).
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Rules variant (checkers: standard or relaxed, where captures are optional).
    #[arg(long, default_value = "standard")]
    pub variant: String,
}

impl TwoPlayerGameArgs {
    pub fn position<G: Game>(&self) -> Result<G> {
        GameArgs {
            game: self.game,
            position: self.position.clone(),
            variant: self.variant.clone(),
            players: None,
        }
        .position()
    }
}

impl GameArgs {
    /// The start position these arguments name, with a message that says what is wrong and where.
    pub fn position<G: Game>(&self) -> Result<G> {
        if let Some(n) = self.players.filter(|&n| n != 2) {
            bail!(
                "{} is a two-player game: --players {n} applies to virus, focus and chinese-checkers",
                G::NAME
            );
        }
        let pos = match &self.position {
            None => G::start(),
            Some(text) => G::parse_position(text)
                .map_err(|e| anyhow!("{e}"))
                .with_context(|| format!("bad --position for {}: '{text}'", G::NAME))?,
        };
        pos.with_variant(&self.variant)
            .map_err(|e| anyhow!("{e}; variants of {}: {}", G::NAME, G::variants().join(", ")))
    }
}
