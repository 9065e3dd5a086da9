//! `ply judgement othello`: the pattern evaluation and the weighted heuristic side by side, in
//! one run, on real games: how well each predicts the games' values, how much each search's
//! value swings from one depth to the next, and what each costs.

use crate::wthor_games::WthorGames;
use anyhow::{Context, Result, bail};
use ply_core::game::Evaluator;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::heuristic::othello::pattern::{
    EVAL_UNITS_PER_DISC, PatternEvaluator, PatternWeights, builtin,
};
use ply_core::review::label::expected_score;
use ply_core::search::{Algorithm, SearchConfig, StopToken, search};
use ply_core::train::othello::{fit_line, labelled_positions};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Games the pattern weights were not trained on.
    #[command(flatten)]
    pub input: WthorGames,
    /// A weight file to measure instead of the built-in one.
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// Middle-game positions for the depth swing (one a game, 20 to 40 discs).
    #[arg(long, default_value_t = 100)]
    pub positions: usize,
    /// Shallowest depth of the swing: values at `from`..=`to` are compared pairwise.
    #[arg(long, default_value_t = 6)]
    pub from: u32,
    #[arg(long, default_value_t = 11)]
    pub to: u32,
    /// Positions with this many empties or fewer are labelled by the exact solver.
    #[arg(long, default_value_t = 14)]
    pub solve_empties: u32,
}

struct Judge {
    name: &'static str,
    eval: Arc<dyn Evaluator<Othello>>,
    /// Units per disc (the weighted heuristic's from its fitted line).
    per_disc: f64,
    offset: f64,
}

pub fn run(args: Args) -> Result<()> {
    if args.solve_empties > 20 {
        bail!(
            "--solve-empties {} would take days: at most 20",
            args.solve_empties
        );
    }
    if args.from == 0 || args.to <= args.from || args.to > 20 {
        bail!(
            "--from {} --to {}: want 1 <= from < to <= 20",
            args.from,
            args.to
        );
    }
    let load = Instant::now();
    let weights: Arc<PatternWeights> = match &args.weights {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            Arc::new(
                PatternWeights::from_bytes(&bytes)
                    .with_context(|| format!("{}", path.display()))?,
            )
        }
        None => builtin()?,
    };
    let load_ms = load.elapsed().as_secs_f64() * 1e3;
    let games = args.input.load()?.games;
    let bar = crate::progress::bar(games.len() as u64, "games' endings solved", false);
    let labelled: Vec<(Othello, f32)> = games
        .iter()
        .flat_map(|g| {
            let positions = labelled_positions(g, args.solve_empties);
            bar.inc(1);
            positions
        })
        .collect();
    bar.finish_and_clear();
    let weighted = Othello::heuristic("default")?;
    let xs: Vec<f64> = labelled
        .iter()
        .map(|(p, _)| f64::from(weighted.evaluate(p)))
        .collect();
    let ys: Vec<f64> = labelled.iter().map(|(_, l)| f64::from(*l)).collect();
    let (slope, intercept) = fit_line(&xs, &ys);
    if slope <= 0.0 {
        bail!("the weighted heuristic does not rise with the games' values here: too few games");
    }
    let judges = [
        Judge {
            name: "pattern",
            eval: Arc::new(PatternEvaluator::new(weights.clone())),
            per_disc: f64::from(EVAL_UNITS_PER_DISC),
            offset: 0.0,
        },
        Judge {
            name: "weighted (default)",
            eval: weighted,
            per_disc: 1.0 / slope,
            offset: intercept,
        },
    ];
    println!(
        "{} games, {} labelled positions; weight file: {} ({:.1} MB in memory, loaded in {load_ms:.1} ms)",
        games.len(),
        labelled.len(),
        args.weights
            .as_ref()
            .map_or("built in".to_string(), |p| p.display().to_string()),
        weights.memory_bytes() as f64 / 1e6
    );
    println!(
        "the weighted heuristic in discs: {slope:.5} x value + {intercept:.2} (least squares on these positions)"
    );

    // Middle-game positions: one a game, at a disc count that cycles through 20..40.
    let swing_positions: Vec<Othello> = games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let discs = 20 + (i as u32 % 21);
            labelled_positions(g, 0)
                .into_iter()
                .map(|(p, _)| p)
                .find(|p| 64 - p.empty_count() >= discs && p.move_mask() != 0)
        })
        .take(args.positions)
        .collect();

    println!();
    println!(
        "{:<20} {:>7} {:>14} {:>9} {:>15} {:>15} {:>10} {:>10}",
        "evaluation",
        "MAE",
        "swing (discs)",
        "odd-even",
        "swing / spread",
        "swing (exp. %)",
        "evals/s",
        "nodes/s"
    );
    for j in &judges {
        let mae = labelled
            .iter()
            .map(|(p, l)| {
                ((f64::from(j.eval.evaluate(p)) / j.per_disc + j.offset) - f64::from(*l)).abs()
            })
            .sum::<f64>()
            / labelled.len() as f64;
        let started = Instant::now();
        let mut sink = 0i64;
        for _ in 0..5 {
            for (p, _) in &labelled {
                sink = sink.wrapping_add(i64::from(j.eval.evaluate(p)));
            }
        }
        let evals_per_s = (5 * labelled.len()) as f64 / started.elapsed().as_secs_f64();
        std::hint::black_box(sink);
        let (mut discs, mut percent, mut pairs, mut signed) = (0.0, 0.0, 0usize, 0.0);
        let (mut nodes, mut secs) = (0u64, 0.0f64);
        let mut deepest = Vec::with_capacity(swing_positions.len());
        let bar = crate::progress::bar(swing_positions.len() as u64, "positions searched", false);
        bar.set_message(format!("{}: ", j.name));
        for pos in &swing_positions {
            let mut values = Vec::new();
            for d in args.from..=args.to {
                let config = SearchConfig {
                    algorithm: Algorithm::Pvs,
                    depth: Some(d),
                    iterative: true,
                    tt_bytes: 16 << 20,
                    ..SearchConfig::default()
                };
                let r = search(pos, &*j.eval, &config, &StopToken::new());
                nodes += r.stats.nodes;
                secs += r.stats.time_ms as f64 / 1e3;
                values.push(r.score);
            }
            deepest.extend(values.last().map(|&v| f64::from(v)));
            bar.inc(1);
            for (k, w) in values.windows(2).enumerate() {
                discs += f64::from((w[1] - w[0]).abs()) / j.per_disc;
                // Positive when the value rises from an even depth to the odd one after it.
                let sign = if (args.from as usize + k).is_multiple_of(2) {
                    1.0
                } else {
                    -1.0
                };
                signed += sign * f64::from(w[1] - w[0]) / j.per_disc;
                percent += (expected_score(w[1], false) - expected_score(w[0], false)).abs();
                pairs += 1;
            }
        }
        bar.finish_and_clear();
        let pairs = pairs.max(1) as f64;
        // The values' spread over the positions at the deepest depth: the swing relative to it
        // does not depend on the evaluation's units or on a fitted scale.
        let mean = deepest.iter().sum::<f64>() / deepest.len().max(1) as f64;
        let spread = (deepest.iter().map(|v| (v - mean).powi(2)).sum::<f64>()
            / deepest.len().max(1) as f64)
            .sqrt();
        println!(
            "{:<20} {:>7.2} {:>14.2} {:>9.2} {:>15.3} {:>15.1} {:>10.0} {:>10.0}",
            j.name,
            mae,
            discs / pairs,
            signed / pairs,
            discs / pairs * j.per_disc / spread.max(1e-9),
            percent / pairs,
            evals_per_s,
            nodes as f64 / secs.max(1e-9)
        );
    }
    println!();
    println!(
        "MAE: mean absolute error in discs against the labels (see `ply train`). Swing: mean |value(d+1) - value(d)| over {} positions and d = {}..{}, in discs and in the review's expected score (percentage points). Odd-even: the mean signed step from an even depth to the next odd one (minus the odd-to-even steps), in discs: the part of the swing that is the parity's. Swing / spread: the swing over the standard deviation of the deepest values across the positions.",
        swing_positions.len(),
        args.from,
        args.to - 1
    );
    Ok(())
}
