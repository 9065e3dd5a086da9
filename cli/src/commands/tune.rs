//! `ply tune`: learns factor weights from recorded games by logistic regression of the game's
//! outcome on the factors of every position played, reports the held-out validation loss, and
//! checks the learned weights in a tournament against the preset they started from.

use crate::commands::tournament::{Plan, play_tournament};
use crate::games::TwoPlayerGameArgs;
use crate::tournament::play::Material;
use crate::tournament::spec::{Defaults, PlayerSpec};
use anyhow::{Context, Result, anyhow, bail};
use ply_core::heuristic::fit::{Sample, fit_logistic, log_loss};
use ply_core::heuristic::{Factors, HasHeuristic, Weight, WeightedEvaluator, Weights};
use ply_core::record::parse_record;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: TwoPlayerGameArgs,
    /// Game records, one JSON object per line (from `ply selfplay` or a collector export).
    #[arg(long)]
    pub records: PathBuf,
    /// Where to write the learned weights (JSON).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The preset the learned weights are compared with.
    #[arg(long, default_value = "default")]
    pub from: String,
    /// Share of games held out in each cross-validation fold (0.2 = 5 folds).
    #[arg(long, default_value_t = 0.2)]
    pub holdout: f64,
    /// L2 penalty.
    #[arg(long, default_value_t = 0.001)]
    pub l2: f64,
    /// Fit separate opening / midgame / endgame weights (thirds of the game by phase).
    #[arg(long)]
    pub phased: bool,
    /// Skip this many plies at the start of each game (random openings say little).
    #[arg(long, default_value_t = 0)]
    pub skip_plies: usize,
    /// Games per side of the tournament check (0 = no check).
    #[arg(long, default_value_t = 100)]
    pub check_games: usize,
    /// Depth of the tournament check.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: Args) -> Result<()> {
    ply_core::with_game_kind!(args.game.game,
        two_player G => run_for::<G>(&args),
        multi m => Err(crate::games::two_player_only(m)))
}

/// One position's factors (divided by 100), its phase, and the result for the side to move.
struct Point {
    x: Vec<f64>,
    phase: f32,
    y: f64,
    game: usize,
}

fn load<G: Factors>(path: &PathBuf, skip: usize) -> Result<(Vec<Point>, usize)> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut points = Vec::new();
    let mut games = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let record = parse_record(line.as_bytes())
            .map_err(|e| anyhow!("{} line {}: {e}", path.display(), n + 1))?;
        if record.game.name() != G::NAME {
            continue;
        }
        let mut pos = match &record.start_position {
            Some(p) => {
                G::parse_position(p).map_err(|e| anyhow!("line {}: start position: {e}", n + 1))?
            }
            None => G::start(),
        };
        pos = pos
            .with_variant(&record.variant)
            .map_err(|e| anyhow!("line {}: {e}", n + 1))?;
        let winner = record.result.winner;
        for (ply, m) in record.moves.iter().enumerate() {
            if ply >= skip
                && let Ok(values) = WeightedEvaluator::<G>::factor_values(&pos)
            {
                let side = pos.side_to_move();
                let y = match winner {
                    None => 0.5,
                    Some(w) if w == side => 1.0,
                    Some(_) => 0.0,
                };
                points.push(Point {
                    x: values.iter().map(|&(_, v)| f64::from(v) / 100.0).collect(),
                    phase: pos.phase(),
                    y,
                    game: games,
                });
            }
            let mv = pos
                .parse_move(&m.notation)
                .map_err(|e| anyhow!("line {} move {}: {e}", n + 1, ply + 1))?;
            pos.play(mv);
        }
        games += 1;
    }
    Ok((points, games))
}

/// Log loss of an existing evaluation on the positions `idx`, at the logistic scale that suits
/// it best there (so the comparison favours the preset, not the learned weights).
fn preset_loss(points: &[Point], scores: &[f64], idx: &[usize]) -> f64 {
    let mut best = f64::INFINITY;
    for k in (0..=70).map(|i| 10f64.powf(-6.0 + i as f64 * 0.1)) {
        let loss: f64 = idx
            .iter()
            .map(|&i| {
                let q = (1.0 / (1.0 + (-k * scores[i]).exp())).clamp(1e-12, 1.0 - 1e-12);
                let y = points[i].y;
                -(y * q.ln() + (1.0 - y) * (1.0 - q).ln())
            })
            .sum::<f64>()
            / idx.len().max(1) as f64;
        best = best.min(loss);
    }
    best
}

fn run_for<G: HasHeuristic + Factors + Material>(args: &Args) -> Result<()> {
    let (points, games) = load::<G>(&args.records, args.skip_plies)?;
    if points.len() < 20 || games < 5 {
        bail!(
            "{} holds {games} {} games ({} positions): too few to fit",
            args.records.display(),
            G::NAME,
            points.len()
        );
    }
    let dims = G::FACTORS.len();
    // k-fold cross-validation over whole games (positions of one game are never on both sides
    // of a split): outcomes within a game are strongly correlated, so one split alone is noisy.
    let folds = (1.0 / args.holdout.clamp(0.01, 0.5)).round().max(2.0) as usize;
    let buckets: Vec<(f32, f32)> = if args.phased {
        vec![(0.0, 1.0 / 3.0), (1.0 / 3.0, 2.0 / 3.0), (2.0 / 3.0, 1.01)]
    } else {
        vec![(0.0, 1.01)]
    };
    let bucket_of = |p: &Point| {
        buckets
            .iter()
            .position(|&(lo, hi)| p.phase >= lo && p.phase < hi)
            .unwrap_or(0)
    };
    let samples_in = |b: usize, keep: &dyn Fn(&Point) -> bool| -> Vec<Sample> {
        points
            .iter()
            .filter(|p| bucket_of(p) == b && keep(p))
            .map(|p| Sample {
                x: p.x.clone(),
                y: p.y,
            })
            .collect()
    };
    let fit = |train: &dyn Fn(&Point) -> bool| -> Vec<Vec<f64>> {
        (0..buckets.len())
            .map(|b| fit_logistic(&samples_in(b, train), dims, args.l2))
            .collect()
    };
    let loss = |betas: &[Vec<f64>], keep: &dyn Fn(&Point) -> bool| -> (f64, usize) {
        let mut total = 0.0;
        let mut n = 0;
        for (b, beta) in betas.iter().enumerate() {
            let samples = samples_in(b, keep);
            total += log_loss(&samples, beta) * samples.len() as f64;
            n += samples.len();
        }
        (total, n)
    };
    let start_weights = G::heuristic_weights(&args.from).map_err(|e| anyhow!("{e}"))?;
    let start_eval = WeightedEvaluator::<G>::new(&start_weights).map_err(|e| anyhow!("{e}"))?;
    let preset_scores: Vec<f64> = points
        .iter()
        .map(|p| {
            let r = start_eval.resolved();
            (0..dims)
                .map(|i| f64::from(r.weight_at(i, p.phase)) * p.x[i] * 100.0)
                .sum()
        })
        .collect();
    let (mut train_loss, mut val_loss, mut start_val_loss) = (0.0, 0.0, 0.0);
    let (mut n_train, mut n_val) = (0usize, 0usize);
    // The folds and the final fit on every position.
    let bar = crate::progress::bar(folds as u64 + 1, "fits", false);
    for fold in 0..folds {
        let is_val = |p: &Point| (p.game + args.seed as usize) % folds == fold;
        let betas = fit(&|p| !is_val(p));
        let (t, nt) = loss(&betas, &|p| !is_val(p));
        let (v, nv) = loss(&betas, &is_val);
        train_loss += t;
        val_loss += v;
        n_train += nt;
        n_val += nv;
        let val_idx: Vec<usize> = (0..points.len()).filter(|&i| is_val(&points[i])).collect();
        start_val_loss += preset_loss(&points, &preset_scores, &val_idx) * val_idx.len() as f64;
        bar.inc(1);
    }
    train_loss /= n_train.max(1) as f64;
    val_loss /= n_val.max(1) as f64;
    start_val_loss /= n_val.max(1) as f64;
    let betas = fit(&|_| true);
    bar.finish_and_clear();
    // Weights on the heuristic's scale: a weighted sum of 1000 is a logit of about 10.
    let scale = 10.0;
    let mut learned = Weights {
        game: Some(G::NAME.into()),
        name: Some(format!("learned-from-{}", args.from)),
        ..Weights::default()
    };
    for (i, info) in G::FACTORS.iter().enumerate() {
        let w: Vec<f32> = betas
            .iter()
            .map(|b| ((b[i] * scale * 100.0).round() / 100.0) as f32)
            .collect();
        let weight = match w.as_slice() {
            [o, m, e] => Weight::Phased {
                opening: *o,
                midgame: *m,
                endgame: *e,
            },
            [flat, ..] => Weight::Flat(*flat),
            [] => Weight::Flat(0.0),
        };
        learned.weights.insert(info.name.to_string(), weight);
    }
    println!(
        "{} games, {} positions, {folds}-fold cross-validation by game",
        games,
        points.len()
    );
    println!(
        "log loss (ln 2 = {:.4} is a coin flip):",
        std::f64::consts::LN_2
    );
    println!("  learned, training folds:            {train_loss:.4}");
    println!("  learned, held-out folds:            {val_loss:.4}");
    println!(
        "  preset '{}', held-out (best scale): {start_val_loss:.4}",
        args.from
    );
    println!("learned weights:\n{}", learned.to_json());
    if let Some(path) = &args.out {
        std::fs::write(path, learned.to_json())
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if args.check_games > 0 {
        let defaults = Defaults {
            depth: Some(args.depth),
            time_ms: None,
            tt_mb: 4,
        };
        let base =
            PlayerSpec::parse::<G>(&format!("{}=heuristic={}", args.from, args.from), &defaults)?;
        let tuned = base.with_weights("learned".into(), learned.clone());
        let plan = Plan {
            players: vec![tuned, base],
            pairings: vec![(0, 1)],
            games: args.check_games,
            opening_plies: 4,
            openings_from: None,
            openings: None,
            seed: args.seed,
            threads: args.threads,
            quiet: false,
        };
        let start: G = args.game.position()?;
        let settings = format!(
            "tune check: depth {}, {} games, 4-ply random openings",
            args.depth, args.check_games
        );
        let report = play_tournament::<G>(&start, &plan, &settings)?;
        println!("{}", report.to_text());
    }
    Ok(())
}
