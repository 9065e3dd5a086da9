//! `ply solve`: exact values with perfect play.

mod connect4;
mod othello;

use anyhow::{Result, bail};
use ply_core::games::GameKind;

#[derive(clap::Args)]
pub struct Args {
    /// connect4 or othello
    pub game: GameKind,
    /// Connect Four: the moves from the empty board as column digits (e.g. 4453).
    pub moves: Option<String>,
    /// Othello: the position (64 chars a1..h8 + side to move, an OBF line, or a transcript).
    /// Prints `key: value` lines (best move, pv, nodes, time, score) and the exact final disc
    /// difference for the side to move alone on the last line.
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub tt_mb: usize,
}

pub fn run(args: Args) -> Result<()> {
    match args.game {
        GameKind::Connect4 => connect4::run(&args),
        GameKind::Othello => othello::run(&args),
        GameKind::Checkers => bail!("no exact solver for checkers (try `ply search checkers`)"),
    }
}
