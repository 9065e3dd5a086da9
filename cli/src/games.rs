//! Choosing a game at run time: the game name, an optional position and rules variant.

use anyhow::{Context, Result, anyhow, bail};
use ply_core::Game;
use ply_core::games::GameKind;

/// The refusal of a multi-player game by a command that takes only the two-player ones.
pub fn two_player_only(kind: GameKind) -> anyhow::Error {
    anyhow!(
        "{kind} is a multi-player game: `ply perft`, `ply show`, `ply search` and `ply play` take it"
    )
}

/// The arguments every game command shares.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// othello, connect4 or checkers (perft, show, search and play also take virus, focus and
    /// chinese-checkers)
    pub game: GameKind,
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
    pub game: GameKind,
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
