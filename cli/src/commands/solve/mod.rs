//! `ply solve`: exact values with perfect play.

mod connect4;
mod othello;

use anyhow::{Result, anyhow, bail};
use ply_core::games::GameKind;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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
    /// Stop after this many milliseconds: an unfinished solve says so on stderr (with the nodes
    /// it searched) and exits with status 3.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Connect Four: instead of one position, write the opening book of every position with
    /// this many stones (their outcomes by the weak solve) to standard output, as
    /// `core/src/book/connect4.txt` holds it. A progress bar goes to stderr when it is a terminal.
    #[arg(long, value_name = "STONES", conflicts_with_all = ["moves", "position", "time_ms"])]
    pub book: Option<usize>,
    /// Threads to solve on (default: every core). One solve shares its --tt-mb table among
    /// them, so more threads take no more memory; the score is the one thread's, and only the
    /// best move may change among moves of equal score. With --book each thread solves its own
    /// positions with a table of --tt-mb. 1 is the deterministic single-threaded search.
    #[arg(long)]
    pub threads: Option<usize>,
}

impl Args {
    /// `--tt-mb` in bytes; 0 or an overflow is an error naming the flag.
    fn tt_bytes(&self) -> Result<usize> {
        let bytes = self
            .tt_mb
            .checked_mul(1 << 20)
            .ok_or_else(|| anyhow!("--tt-mb {} is too large", self.tt_mb))?;
        if bytes == 0 {
            bail!("--tt-mb must be at least 1");
        }
        Ok(bytes)
    }

    /// `--threads`, or every core; 0 is an error naming the flag.
    fn threads(&self) -> Result<usize> {
        match self.threads {
            Some(0) => bail!("--threads must be at least 1"),
            Some(n) if n > ply_core::solve::split::MAX_THREADS => bail!(
                "--threads {n} is more than {}",
                ply_core::solve::split::MAX_THREADS
            ),
            Some(n) => Ok(n),
            None => Ok(ply_core::solve::split::all_cores()),
        }
    }
}

/// Exit status of a solve stopped by `--time-ms` before it finished (1 is any other error).
pub const EXIT_UNFINISHED: i32 = 3;

/// A flag that turns true `time_ms` from now (never without a limit): the solvers' cancel flag.
fn deadline(time_ms: Option<u64>) -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    if let Some(ms) = time_ms {
        let setter = Arc::clone(&flag);
        // Detached: if the solve finishes first, the process exits without waiting for it.
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(ms));
            setter.store(true, Ordering::Relaxed);
        });
    }
    flag
}

/// Reports a solve that `--time-ms` stopped, and ends the process with [`EXIT_UNFINISHED`].
fn unfinished(time_ms: Option<u64>, nodes: u64) -> ! {
    let _ = std::io::stdout().flush();
    eprintln!(
        "not solved: stopped by --time-ms {} after {nodes} nodes, before the exact value was \
         known (give more time, or a position further into the game)",
        time_ms.unwrap_or(0)
    );
    std::process::exit(EXIT_UNFINISHED)
}

pub fn run(args: Args) -> Result<()> {
    if args.book.is_some() && args.game != GameKind::ConnectFour {
        bail!(
            "--book is Connect Four's opening book; {} has none",
            args.game
        );
    }
    match args.game {
        GameKind::ConnectFour => connect4::run(&args),
        GameKind::Othello => othello::run(&args),
        GameKind::Draughts => bail!("no exact solver for checkers (try `ply search checkers`)"),
        multi @ (GameKind::Virus | GameKind::Focus | GameKind::ChineseCheckers) => {
            bail!("no exact solver for {multi} (try `ply search {multi}`)")
        }
    }
}
