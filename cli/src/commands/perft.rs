//! `ply perft`: leaf counts of the game tree, optionally per root move and with speed.

use crate::games::GameArgs;
use anyhow::{Result, bail};
use ply_core::Game;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Depth in plies.
    pub depth: u32,
    /// Print the count below each root move first.
    #[arg(long)]
    pub divide: bool,
    /// Print time and leaves per second (use a release build).
    #[arg(long)]
    pub bench: bool,
}

pub fn run(args: Args) -> Result<()> {
    let kind = args.game.game;
    if kind.is_multi_player() {
        if args.depth > 64 {
            bail!("depth {} is too deep for perft (at most 64)", args.depth);
        }
        let started = Instant::now();
        let spinner = counting(&args);
        let total = crate::multi::perft(kind, &args.game, args.depth, args.divide);
        spinner.finish_and_clear();
        let total = total?;
        report(kind.name(), args.depth, total, started, args.bench);
        return Ok(());
    }
    ply_core::with_game_kind!(args.game.game,
        two_player G => run_for::<G>(&args),
        multi m => Err(crate::games::two_player_only(m)))
}

/// A spinner while a deep count runs, but none with --divide (each root move's line shows the
/// progress) or --bench (its thread would share the cores the timing measures).
fn counting(args: &Args) -> indicatif::ProgressBar {
    crate::progress::spinner("counting", args.divide || args.bench)
}

fn report(name: &str, depth: u32, total: u64, started: Instant, bench: bool) {
    if bench {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "{name} perft({depth}) in {secs:.3} s: {:.1} M leaves/s",
            total as f64 / secs.max(1e-9) / 1e6
        );
    }
    println!("{total}");
}

fn run_for<G: Game>(args: &Args) -> Result<()> {
    let pos: G = args.game.position()?;
    if args.depth > 64 {
        bail!("depth {} is too deep for perft (at most 64)", args.depth);
    }
    let started = Instant::now();
    let total = if args.divide && args.depth > 0 && pos.outcome().is_none() {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut total = 0;
        for mv in moves {
            let mut child = pos;
            child.play(mv);
            let n = ply_core::perft(&child, args.depth - 1);
            println!("{} {n}", pos.format_move(mv));
            total += n;
        }
        total
    } else {
        let spinner = counting(args);
        let total = ply_core::perft(&pos, args.depth);
        spinner.finish_and_clear();
        total
    };
    report(G::NAME, args.depth, total, started, args.bench);
    Ok(())
}
