//! `ply probcut othello`: ProbCut's calibration of the pattern evaluation, measured on positions
//! of real games (the model the built-in weights ship with comes from this command).

use crate::experiment::parallel_map;
use crate::wthor_games::WthorGames;
use anyhow::{Context, Result, bail};
use ply_core::game::Evaluator;
use ply_core::games::othello::Othello;
use ply_core::heuristic::othello::pattern::probcut::{BUILTIN, ProbCutModel};
use ply_core::heuristic::othello::pattern::{EVAL_UNITS_PER_DISC, PatternEvaluator};
use ply_core::search::probcut::calibrate::{Sample, depth_values, fit, pair_table, samples};
use ply_core::train::othello::labelled_positions;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: WthorGames,
    /// Positions to measure (one a game from games spread evenly through the files, over
    /// 12..=52 empties).
    #[arg(long, default_value_t = 1000)]
    pub positions: usize,
    /// Deepest search measured (each position is searched at every depth up to it).
    #[arg(long, default_value_t = 10)]
    pub max_depth: u32,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

const FEWEST_EMPTIES: u32 = 12;
const MOST_EMPTIES: u32 = 52;

pub fn run(args: Args) -> Result<()> {
    // Below 6 every pair is `deep = shallow + 2`: the fit cannot tell the depths apart.
    if !(6..=14).contains(&args.max_depth) {
        bail!(
            "--max-depth {}: want 6..=14 (the fit needs pairs of several spans; deeper takes days)",
            args.max_depth
        );
    }
    if args.positions == 0 {
        bail!("--positions 0: nothing to measure");
    }
    let games = args.input.load()?.games;
    // Games evenly spaced through the files, so every era of play is in the sample; where a game
    // has no position at its number of empties, the next pass over the files fills in.
    let stride = (games.len() / args.positions).max(1);
    let span = MOST_EMPTIES - FEWEST_EMPTIES + 1;
    let order = (0..stride).flat_map(|offset| games.iter().skip(offset).step_by(stride));
    let positions: Vec<Othello> = order
        .enumerate()
        .filter_map(|(i, g)| {
            let empties = FEWEST_EMPTIES + (i as u32 % span);
            labelled_positions(g, 0)
                .into_iter()
                .map(|(p, _)| p)
                .find(|p| p.empty_count() == empties && p.move_mask() != 0)
        })
        .take(args.positions)
        .collect();
    if positions.len() < args.positions {
        bail!(
            "{} games gave only {} positions: give more games or fewer --positions",
            games.len(),
            positions.len()
        );
    }
    let eval = PatternEvaluator::builtin().context("the built-in pattern weights")?;
    let bar = crate::progress::bar(positions.len() as u64, "positions", args.quiet);
    let per_position: Vec<Vec<Sample>> = parallel_map(&positions, &bar, |pos| {
        let values = depth_values(pos, &eval as &dyn Evaluator<Othello>, args.max_depth);
        samples(pos.empty_count(), &values)
    });
    bar.finish_and_clear();
    let all: Vec<Sample> = per_position.into_iter().flatten().collect();
    let model = fit(&all).context("the samples do not determine the model")?;
    report(&all, &model, positions.len(), args.max_depth);
    Ok(())
}

fn report(all: &[Sample], model: &ProbCutModel, positions: usize, max_depth: u32) {
    let disc = f64::from(EVAL_UNITS_PER_DISC);
    println!(
        "{positions} positions ({FEWEST_EMPTIES}..={MOST_EMPTIES} empties), depths 1..={max_depth}, {} pairs",
        all.len()
    );
    println!();
    println!(
        "{:>7} {:>4} {:>7} {:>12} {:>12} {:>14} {:>14}",
        "shallow", "deep", "pairs", "mean (discs)", "sd (discs)", "model sd @ 20", "model sd @ 40"
    );
    for (shallow, deep, n, mean, sd) in pair_table(all) {
        println!(
            "{shallow:>7} {deep:>4} {n:>7} {:>12.2} {:>12.2} {:>14.2} {:>14.2}",
            mean / disc,
            sd / disc,
            model.error(20, shallow, deep).sigma / disc,
            model.error(40, shallow, deep).sigma / disc,
        );
    }
    println!();
    println!("the model, in 1/16 disc, on (1, empties, shallow, deep):");
    println!("    mean: {:?},", model.mean.map(round3));
    println!("    sigma: {:?},", model.sigma.map(round3));
    let builtin = pair_table(all)
        .iter()
        .map(|&(s, d, ..)| (BUILTIN.error(30, s, d).sigma - model.error(30, s, d).sigma).abs())
        .fold(0.0f64, f64::max);
    println!(
        "largest difference from the built-in model's spread at 30 empties: {:.2} discs",
        builtin / disc
    );
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
