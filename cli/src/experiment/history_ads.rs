//! `history-ads`: S. Polk and B. J. Oommen, "On Achieving History-based Move Ordering in
//! Adversarial Board Games using Adaptive Data Structures", the Othello tables: table 1
//! (Move-to-Front and Transposition against no ADS), table 7 (the list bounded to 20 and 5) and
//! table 12 (one list per tree level).
//!
//! The paper's protocol: the measured player searches with alpha-beta at the ply depth; its
//! opponent moves at random; the node count (nodes where computation takes place) is summed over
//! five of the measured player's turns and averaged over fifty trials; the intermediate ("midgame")
//! case first plays ten turns with 2-ply alpha-beta for both sides. Savings are tested with the
//! Mann-Whitney U test, and the effect size is the difference of the means over the standard
//! deviation of the search without an ADS (Glass's delta: table 1's 0.71 is (669 - 523) / 205).
//!
//! Ours is the same, with alpha-beta in generation order (no other move ordering, no table) and
//! Ply's default Othello heuristic (the paper does not give its evaluation). One difference: Ply's
//! ADS starts empty at every search, so knowledge is not carried from one turn to the next.
//! The relaxed checkers, Focus and multi-player tables wait for those games (issue #15).

use super::Run;
use super::report::{csv, grouped, num, p_value, table, write};
use super::stats::{Interval, MannWhitney, mann_whitney, mean_interval};
use anyhow::{Result, anyhow};
use ply_core::Game;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{
    AdsConfig, AdsUpdate, Algorithm, OrderingConfig, SearchConfig, Searcher, StopToken,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::path::Path;

const MEASURED_TURNS: usize = 5;
const MIDGAME_TURNS: usize = 10;

/// One configuration of a table row: which list, how long, one per level.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Variant {
    pub label: &'static str,
    #[serde(skip)]
    pub ads: Option<AdsConfig>,
}

const fn ads(update: AdsUpdate, limit: Option<usize>, per_level: bool) -> Option<AdsConfig> {
    Some(AdsConfig {
        update,
        limit,
        per_level,
    })
}

const VARIANTS: [Variant; 7] = [
    Variant {
        label: "none",
        ads: None,
    },
    Variant {
        label: "Move-to-Front",
        ads: ads(AdsUpdate::MoveToFront, None, false),
    },
    Variant {
        label: "Transposition",
        ads: ads(AdsUpdate::Transposition, None, false),
    },
    Variant {
        label: "Move-to-Front, limit 20",
        ads: ads(AdsUpdate::MoveToFront, Some(20), false),
    },
    Variant {
        label: "Move-to-Front, limit 5",
        ads: ads(AdsUpdate::MoveToFront, Some(5), false),
    },
    Variant {
        label: "Move-to-Front, per level",
        ads: ads(AdsUpdate::MoveToFront, None, true),
    },
    Variant {
        label: "Move-to-Front, per level, limit 5",
        ads: ads(AdsUpdate::MoveToFront, Some(5), true),
    },
];

/// The paper's mean node counts for (depth, midgame, variant label), from tables 1, 7 and 12.
const PAPER: &[(u32, bool, &str, f64)] = &[
    (4, false, "none", 669.0),
    (4, false, "Move-to-Front", 523.0),
    (4, false, "Transposition", 572.0),
    (6, false, "none", 5061.0),
    (6, false, "Move-to-Front", 3827.0),
    (6, false, "Transposition", 4057.0),
    (8, false, "none", 38_800.0),
    (8, false, "Move-to-Front", 26_800.0),
    (8, false, "Transposition", 29_700.0),
    (4, true, "none", 2199.0),
    (4, true, "Move-to-Front", 1699.0),
    (4, true, "Transposition", 1761.0),
    (6, true, "none", 20_100.0),
    (6, true, "Move-to-Front", 14_500.0),
    (6, true, "Transposition", 15_200.0),
    (6, true, "Move-to-Front, limit 20", 13_900.0),
    (6, true, "Move-to-Front, limit 5", 14_800.0),
    (6, true, "Move-to-Front, per level", 14_700.0),
    (6, true, "Move-to-Front, per level, limit 5", 16_000.0),
    (8, true, "none", 182_000.0),
    (8, true, "Move-to-Front", 95_600.0),
    (8, true, "Transposition", 113_000.0),
    (8, true, "Move-to-Front, limit 20", 109_000.0),
    (8, true, "Move-to-Front, limit 5", 116_000.0),
    (8, true, "Move-to-Front, per level", 110_000.0),
    (8, true, "Move-to-Front, per level, limit 5", 105_000.0),
];

#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub depth: u32,
    pub midgame: bool,
    pub variant: &'static str,
    /// Node counts of every trial (the sum over the measured turns).
    pub trials: Vec<u64>,
    pub nodes: Interval,
    pub sd: f64,
    /// Against the same depth and start without an ADS; `None` for that row itself.
    pub saving: Option<f64>,
    pub test: Option<MannWhitney>,
    pub glass_delta: Option<f64>,
    pub paper_nodes: Option<f64>,
    pub paper_saving: Option<f64>,
    /// Every search's value equalled the one without an ADS in the same position.
    pub values_agree: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub rows: Vec<Row>,
}

/// Plays one trial: `MIDGAME_TURNS` turns of 2-ply alpha-beta for both sides if `midgame`, then
/// the measured player (the side to move then) searches at `depth` for `MEASURED_TURNS` turns
/// against random replies. Returns the node count and, per measured search, the position and its
/// value.
fn trial(
    seed: u64,
    depth: u32,
    midgame: bool,
    variant: Variant,
    eval: &dyn ply_core::Evaluator<Othello>,
) -> (u64, Vec<(Othello, i32)>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Othello::start();
    let mut moves = Vec::new();
    let config = |depth, ordering| SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        depth: Some(depth),
        ordering,
        tt_bytes: 0,
        iterative: false,
        ..SearchConfig::default()
    };
    if midgame {
        let mut opening = Searcher::<Othello>::new(&config(2, OrderingConfig::none()));
        for _ in 0..2 * MIDGAME_TURNS {
            match opening.search(&pos, eval, &StopToken::new()).best_move {
                Some(mv) => pos.play(mv),
                None => break,
            }
        }
    }
    let measured = pos.side_to_move();
    let mut ordering = OrderingConfig::none();
    ordering.ads = variant.ads;
    let mut searcher = Searcher::<Othello>::new(&config(depth, ordering));
    let mut nodes = 0;
    let mut values = Vec::new();
    let mut turns = 0;
    while turns < MEASURED_TURNS && pos.outcome().is_none() {
        if pos.side_to_move() == measured {
            let r = searcher.search(&pos, eval, &StopToken::new());
            nodes += r.stats.nodes;
            values.push((pos, r.score));
            match r.best_move {
                Some(mv) => pos.play(mv),
                None => break,
            }
            turns += 1;
        } else {
            pos.legal_moves(&mut moves);
            pos.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    (nodes, values)
}

pub fn run(run: &Run, out: &Path) -> Result<Summary> {
    let trials = run.trials(50, 3);
    let depths: &[u32] = if run.quick { &[2, 4] } else { &[4, 6, 8] };
    let eval = Othello::heuristic("default").map_err(|e| anyhow!("{e}"))?;
    let cells: Vec<(u32, bool)> = depths
        .iter()
        .flat_map(|&d| [(d, false), (d, true)])
        .collect();
    let bar = run.progress((cells.len() * VARIANTS.len() * trials) as u64, "trials");
    let mut rows = Vec::new();
    for &(depth, midgame) in &cells {
        let mut base: Option<(Vec<f64>, f64, f64)> = None;
        let mut base_values: Vec<Vec<(Othello, i32)>> = Vec::new();
        for variant in VARIANTS {
            let mut counts = Vec::with_capacity(trials);
            let mut agree = true;
            for t in 0..trials {
                let (nodes, values) = trial(
                    run.seed.wrapping_add(t as u64),
                    depth,
                    midgame,
                    variant,
                    &*eval,
                );
                counts.push(nodes);
                if variant.ads.is_none() {
                    base_values.push(values);
                } else {
                    // Where the games still agree move for move, the value must be the same.
                    for ((p, v), (bp, bv)) in values.iter().zip(&base_values[t]) {
                        if p != bp {
                            break;
                        }
                        agree &= v == bv;
                    }
                }
                bar.inc(1);
            }
            let xs: Vec<f64> = counts.iter().map(|&n| n as f64).collect();
            let nodes = mean_interval(&xs, 0.95).ok_or_else(|| anyhow!("no trial ran"))?;
            let sd = sd(&xs);
            let paper_nodes = paper(depth, midgame, variant.label);
            let paper_base = paper(depth, midgame, "none");
            let (saving, test, glass_delta) = match &base {
                None => {
                    base = Some((xs.clone(), nodes.mean, sd));
                    (None, None, None)
                }
                Some((bx, bmean, bsd)) => (
                    Some(1.0 - nodes.mean / bmean),
                    mann_whitney(&xs, bx),
                    (*bsd > 0.0).then(|| (bmean - nodes.mean) / bsd),
                ),
            };
            rows.push(Row {
                depth,
                midgame,
                variant: variant.label,
                trials: counts,
                nodes,
                sd,
                saving,
                test,
                glass_delta,
                paper_nodes,
                paper_saving: paper_nodes
                    .zip(paper_base)
                    .filter(|_| variant.ads.is_some())
                    .map(|(p, b)| 1.0 - p / b),
                values_agree: agree,
            });
        }
    }
    bar.finish_and_clear();
    let summary = Summary { rows };
    write_outputs(run, out, &summary, trials)?;
    Ok(summary)
}

fn paper(depth: u32, midgame: bool, label: &str) -> Option<f64> {
    PAPER
        .iter()
        .find(|r| r.0 == depth && r.1 == midgame && r.2 == label)
        .map(|r| r.3)
}

fn sd(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return 0.0;
    }
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
}

/// The paper reports a saving in every row: reproduced where ours is significant at the 5 % level,
/// not reproduced where the ADS costs significantly more, and not shown otherwise.
fn verdict(r: &Row) -> &'static str {
    let significant = r.test.is_some_and(|t| t.p < 0.05);
    match (
        r.paper_saving.is_some(),
        significant,
        r.saving.unwrap_or(0.0) > 0.0,
    ) {
        (false, _, _) => "not in the paper",
        (true, true, true) => "reproduced",
        (true, true, false) => "not reproduced",
        (true, false, _) => "not shown at the 5 % level",
    }
}

fn write_outputs(run: &Run, out: &Path, s: &Summary, trials: usize) -> Result<()> {
    std::fs::create_dir_all(out).map_err(|e| anyhow!("cannot create {}: {e}", out.display()))?;
    let mut data = Vec::new();
    for r in &s.rows {
        for (t, n) in r.trials.iter().enumerate() {
            data.push(vec![
                r.depth.to_string(),
                r.midgame.to_string(),
                r.variant.to_string(),
                t.to_string(),
                n.to_string(),
            ]);
        }
    }
    write(
        out,
        "measurements.csv",
        &csv(&["depth", "midgame", "variant", "trial", "nodes"], &data),
    )?;
    write(out, "summary.json", &serde_json::to_string_pretty(s)?)?;
    let pct = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{:.0} %", v * 100.0));
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .map(|r| {
            vec![
                r.depth.to_string(),
                if r.midgame { "yes" } else { "no" }.into(),
                r.variant.into(),
                format!(
                    "{} ± {}",
                    grouped(r.nodes.mean.round() as i64),
                    grouped((r.nodes.hi - r.nodes.mean).round() as i64)
                ),
                grouped(r.sd.round() as i64),
                pct(r.saving),
                r.test.map_or("-".into(), |t| p_value(t.p)),
                r.glass_delta.map_or("-".into(), num),
                r.paper_nodes
                    .map_or("-".into(), |p| grouped(p.round() as i64)),
                pct(r.paper_saving),
                if r.values_agree { "yes" } else { "**no**" }.into(),
                if r.saving.is_some() {
                    verdict(r).into()
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    let claims: Vec<Vec<String>> = s
        .rows
        .iter()
        .filter(|r| r.paper_saving.is_some())
        .map(|r| {
            vec![
                format!(
                    "{} saves nodes at depth {}{}",
                    r.variant,
                    r.depth,
                    if r.midgame {
                        ", midgame"
                    } else {
                        ", from the start"
                    }
                ),
                pct(r.paper_saving),
                format!(
                    "{} (p = {})",
                    pct(r.saving),
                    r.test.map_or("-".into(), |t| p_value(t.p))
                ),
                format!("**{}**", verdict(r)),
            ]
        })
        .collect();
    let agree = s.rows.iter().all(|r| r.values_agree);
    let report = format!(
        "# History-ADS in Othello\n\n\
         S. Polk and B. J. Oommen, History-ADS, tables 1, 7 and 12 (Othello), re-run with Ply's \
         engines (`ply experiment history-ads`).\n\n{}\n\n\
         Protocol: {trials} trials per row; the measured player searches with alpha-beta (generation \
         order, no table, Ply's default Othello heuristic) for {MEASURED_TURNS} turns against random \
         replies; node counts are summed over those turns. Midgame rows first play \
         {MIDGAME_TURNS} turns of 2-ply alpha-beta for both sides. Each ADS row is compared with \
         the row without an ADS at the same depth and start: the saving in mean nodes, the \
         two-sided Mann-Whitney U test (normal approximation, tie and continuity corrections), \
         and Glass's delta (the paper's effect size). Nodes are means ± the half-width of their \
         95 % interval. Ply's ADS starts empty at every search (the paper may have kept it from \
         turn to turn). Where a game with an ADS still followed the game without one, every \
         search returned the same value: {}.\n\n\
         ## Does it reproduce?\n\n{}\n\
         ## All rows\n\n{}\n\
         Data: `measurements.csv` (one row per trial), `summary.json`.\n",
        super::provenance(run),
        if agree { "yes" } else { "**no**" },
        table(&["claim", "paper saving", "Ply saving", "verdict"], &claims),
        table(
            &[
                "depth",
                "midgame",
                "ADS",
                "nodes",
                "sd",
                "saving",
                "p (Mann-Whitney)",
                "Glass's delta",
                "paper nodes",
                "paper saving",
                "values agree",
                "verdict",
            ],
            &rows
        ),
    );
    write(out, "report.md", &report)
}
