//! Choosing a game at run time: the game name, an optional position and rules variant.

use anyhow::{Context, Result, anyhow};
use ply_core::Game;
use ply_core::games::GameKind;

/// Runs `$body` with `$G` bound to the concrete game type of `$kind`.
#[macro_export]
macro_rules! with_game {
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
        }
    };
}

/// The arguments every game command shares.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// othello, connect4 or checkers
    pub game: GameKind,
    /// Start position in the game's notation (Othello: 64 chars a1..h8 + side, or a transcript
    /// like f5d6c3; Connect Four: column digits from the empty board; checkers: a FEN tag value).
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    /// Rules variant (checkers: standard or relaxed, where captures are optional).
    #[arg(long, default_value = "standard")]
    pub variant: String,
}

impl GameArgs {
    /// The start position these arguments name, with a message that says what is wrong and where.
    pub fn position<G: Game>(&self) -> Result<G> {
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
