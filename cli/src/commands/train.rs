//! `ply train othello`: learns the pattern evaluation's weights from WTHOR game files and
//! writes a weight file, reporting the error on the games it held out beside the weighted
//! heuristic's.

use crate::wthor_games::{Loaded, WthorGames, write_atomically};
use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use ply_core::train::othello::{Phase, Progress, TrainOptions, train};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: WthorGames,
    /// Where to write the weight file.
    #[arg(long)]
    pub out: PathBuf,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Share of the games held out to measure the error on (0 to 0.5).
    #[arg(long, default_value_t = 0.05)]
    pub held_out: f64,
    /// The first position of a game with this many empties or fewer, and every one with 10 or
    /// fewer, are labelled by Ply's exact solver (0: none).
    #[arg(long, default_value_t = 14)]
    pub solve_empties: u32,
    /// A weight seen n times is scaled by n / (n + SHRINK) after the fit.
    #[arg(long, default_value_t = 0.0)]
    pub shrink: f32,
    /// No tempo calibration for the side to move after the fit.
    #[arg(long)]
    pub no_tempo: bool,
    /// Fit each stage also on positions up to this many empties outside its own five (0 to 5).
    #[arg(long, default_value_t = 0)]
    pub stage_overlap: u32,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 16)]
    pub epochs: usize,
    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    if !(0.0..=0.5).contains(&args.held_out) {
        bail!("--held-out {} is outside 0 to 0.5", args.held_out);
    }
    if args.solve_empties > 20 {
        bail!(
            "--solve-empties {} would take days: at most 20",
            args.solve_empties
        );
    }
    if !(args.shrink >= 0.0 && args.shrink.is_finite()) {
        bail!("--shrink {} must be a number at least 0", args.shrink);
    }
    if args.stage_overlap > 5 {
        bail!(
            "--stage-overlap {} is more than a stage: at most 5",
            args.stage_overlap
        );
    }
    if args.epochs == 0 {
        bail!("--epochs must be at least 1");
    }
    let started = Instant::now();
    let Loaded {
        games,
        skipped,
        files,
        names,
    } = args.input.load()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let opts = TrainOptions {
        seed: args.seed,
        held_out: args.held_out,
        epochs: args.epochs,
        threads,
        solve_empties: args.solve_empties,
        shrink: args.shrink,
        tempo: !args.no_tempo,
        stage_overlap: args.stage_overlap,
        metadata: format!(
            "ply train othello --seed {} --held-out {} --solve-empties {} --shrink {}{} --stage-overlap {} --epochs {} ({} games from {}; ply {})",
            args.seed,
            args.held_out,
            args.solve_empties,
            args.shrink,
            if args.no_tempo { " --no-tempo" } else { "" },
            args.stage_overlap,
            args.epochs,
            games.len(),
            names,
            env!("CARGO_PKG_VERSION"),
        ),
        ..TrainOptions::default()
    };
    eprintln!(
        "{} games read from {} files ({} left out: played out, but their stored score is not the final board's); {} threads",
        games.len(),
        files,
        skipped,
        threads
    );
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(0)
    };
    bar.set_style(
        ProgressStyle::with_template("{msg} {bar:30} {pos}/{len}, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let on_progress = |p: Progress| {
        bar.set_message(match p.phase {
            Phase::Labelling => "labelling games",
            Phase::Fitting => "fitting stage passes",
        });
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
    };
    let (weights, report) = train(&games, skipped, &opts, &on_progress);
    bar.finish_and_clear();
    write_atomically(&args.out, &weights.to_bytes())?;
    println!(
        "games: {} for training, {} held out",
        report.train_games, report.held_out_games
    );
    println!(
        "stage  plies    train pos  held-out pos  train MAE  held-out MAE  weighted MAE  tempo"
    );
    for (s, tempo) in report.stages.iter().zip(&report.tempo) {
        println!(
            "{:>5}  {:>2}-{:<2}  {:>11}  {:>12}  {:>9.2}  {:>12.2}  {:>12.2}  {:>5.2}",
            s.stage,
            s.stage * 5,
            s.stage * 5 + 4,
            s.train_positions,
            s.held_out_positions,
            s.train_mae,
            s.held_out_mae,
            s.weighted_held_out_mae,
            tempo
        );
    }
    println!(
        "held-out mean absolute error: {:.2} discs (the weighted heuristic, fitted per stage: {:.2})",
        report.held_out_mae, report.weighted_held_out_mae
    );
    println!(
        "wrote {} ({} bytes, {:.1} MB in memory) in {:.0} s",
        args.out.display(),
        weights.to_bytes().len(),
        weights.memory_bytes() as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
