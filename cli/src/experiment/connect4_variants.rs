//! `connect4-variants`: Z. Siew, "Variations of Minimax to Solve Connect 4" (2020), tables 2 and
//! 3: plain minimax against alpha-beta, and alpha-beta against Palphabeta (PVS) and SCOUT, by
//! search depth 1 to 6, as the time to choose a move.
//!
//! The paper's protocol, as far as it states one: the same moves are given to every algorithm, and
//! a time is the mean over several moves (section 3). Ours: each trial plays a random opening of
//! [`OPENING_PLIES`] plies (seeded; the paper states no opening), then a game in which alpha-beta
//! at depth 4 chooses the moves; at each of the first positions of that game every algorithm
//! searches at every depth [`REPEATS`] times, the searches of a position and depth in a seeded
//! random order (so that no algorithm always runs first, on a cold cache or after another's
//! allocations), each with the moves in generation order (columns left to right, as the paper's
//! Python loops over them), without a table, with the `windows` heuristic (open windows of two and three, the window counting of the
//! paper's evaluation). The paper's times came from Python and ours from Rust, so only their shape
//! (ratios between algorithms at a depth) is compared; the paper gives no node counts.
//!
//! The positions of one game are not independent: the unit of every interval and test is the
//! trial (its mean time over its positions, as the paper averages several moves), trials whose
//! opening reaches the same position as an earlier one's or its left-right mirror (the rules are
//! the same mirrored, so it is the same game mirrored) are counted once, the distinct openings
//! are written to `openings.txt`, and the algorithms are compared trial by trial (Wilcoxon
//! signed-rank, Holm's correction over the experiment, the verdict rule of
//! `docs/experiments/README.md`).
//!
//! Invariant, checked for every position and depth: the four algorithms return the same value.

use super::Run;
use super::plot::{Series, line_chart};
use super::report::{csv, grouped, num, table, write};
use super::stats::{Interval, geometric_interval, mean, ratio_interval, wilcoxon_log};
use super::verdict::{Evidence, Verdict, judge, weakest};
use anyhow::{Result, anyhow};
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::connect4::bitboard::{HEIGHT, WIDTH};
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{Algorithm, OrderingConfig, SearchConfig, StopToken, search};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::path::Path;

pub const OPENING_PLIES: usize = 4;
/// Searches of each algorithm at each position and depth; a trial's time is their mean.
pub const REPEATS: usize = 3;
const ALGORITHMS: [(Algorithm, &str); 4] = [
    (Algorithm::Minimax, "minimax"),
    (Algorithm::AlphaBeta, "alpha-beta"),
    (Algorithm::Pvs, "PVS"),
    (Algorithm::Scout, "SCOUT"),
];

/// Table 2 (minimax, alpha-beta) and table 3 (alpha-beta, Palphabeta, SCOUT), seconds per move,
/// depths 1 to 6. Alpha-beta's column is the same in both tables.
const PAPER_MINIMAX: [f64; 6] = [0.003, 0.017, 0.128, 0.886, 6.706, 48.412];
const PAPER_ALPHABETA: [f64; 6] = [0.003, 0.009, 0.051, 0.150, 0.832, 2.620];
const PAPER_PVS: [f64; 6] = [0.003, 0.019, 0.077, 0.137, 0.492, 1.542];
const PAPER_SCOUT: [f64; 6] = [0.003, 0.021, 0.073, 0.149, 0.682, 1.792];

/// One search.
#[derive(Debug, Clone, Serialize)]
pub struct Measure {
    pub trial: usize,
    /// The position: the moves from the empty board, as column digits.
    pub position: String,
    pub depth: u32,
    pub algorithm: &'static str,
    pub nodes: u64,
    pub time_ms: f64,
    pub score: i32,
    /// Null-window fail highs that were searched again (PVS) or re-evaluations after a
    /// successful TEST (SCOUT); 0 for minimax and alpha-beta.
    pub re_searches: u64,
    /// Where this search ran among the searches of its position and depth, from 0.
    pub order: usize,
}

/// The order of the searches of one position and depth: each algorithm (an index into
/// [`ALGORITHMS`]) [`REPEATS`] times, shuffled.
fn run_order(rng: &mut SmallRng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ALGORITHMS.len())
        .flat_map(|k| std::iter::repeat_n(k, REPEATS))
        .collect();
    order.shuffle(rng);
    order
}

#[derive(Debug, Clone, Serialize)]
pub struct DepthRow {
    pub depth: u32,
    /// Per algorithm, in the order of [`ALGORITHMS`]: geometric means over the trials of each
    /// trial's mean per position, with their intervals on the log scale.
    pub nodes: Vec<Interval>,
    pub time_ms: Vec<Interval>,
    /// Geometric means of paired per-trial ratios: minimax / alpha-beta, PVS / alpha-beta, SCOUT /
    /// alpha-beta (time, then nodes).
    pub time_ratios: Vec<Interval>,
    pub node_ratios: Vec<Interval>,
    /// The Wilcoxon signed-rank p of each time ratio (paired per-trial times).
    pub time_p: Vec<f64>,
    /// Mean re-searches per search of PVS and SCOUT.
    pub re_searches: Vec<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Claim {
    pub claim: String,
    pub paper: String,
    pub ours: String,
    pub verdict: Verdict,
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Trials run, and distinct ones (an opening whose position or its mirror was seen before
    /// gives the same game, or its mirror: counted once).
    pub trials: usize,
    pub distinct: usize,
    /// Each distinct trial's opening, as column digits (`openings.txt`).
    pub openings: Vec<String>,
    pub positions: usize,
    /// Positions and depths where the algorithms' values differ (must be 0).
    pub disagreements: usize,
    pub depths: Vec<DepthRow>,
    pub claims: Vec<Claim>,
}

/// A Connect Four position's cells, column by column from the left, bottom up.
type Grid = [[Option<u8>; HEIGHT]; WIDTH];

/// The class of `pos` under Connect Four's one symmetry, the left-right mirror: the smaller of its
/// grid and the mirrored grid. Equal for two positions exactly when they are the same or mirror
/// images (the side to move follows from the stones).
pub fn mirror_class(pos: &ConnectFour) -> Grid {
    let mut grid: Grid = [[None; HEIGHT]; WIDTH];
    for (col, column) in grid.iter_mut().enumerate() {
        for (row, cell) in column.iter_mut().enumerate() {
            *cell = pos.cell(col, row);
        }
    }
    let mut mirrored = grid;
    mirrored.reverse();
    grid.min(mirrored)
}

/// The openings of `trials` seeded trials, each trial's own random [`OPENING_PLIES`] plies, with
/// the trials whose opening reaches a position seen before or its mirror left out (the rest of
/// the game follows from the position): the trial's number, its column digits and the position.
fn openings(trials: usize, seed: u64) -> Vec<(usize, String, ConnectFour)> {
    let mut classes = std::collections::HashSet::new();
    let mut moves = Vec::new();
    let mut distinct = Vec::new();
    for trial in 0..trials {
        let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(trial as u64));
        let mut pos = ConnectFour::start();
        let mut line = String::new();
        for _ in 0..OPENING_PLIES {
            pos.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            line.push_str(&pos.format_move(mv));
            pos.play(mv);
        }
        if classes.insert(mirror_class(&pos)) {
            distinct.push((trial, line, pos));
        }
    }
    distinct
}

pub fn run(run: &Run, out: &Path) -> Result<Summary> {
    let trials = run.trials(30, 3);
    let moves_per_trial = if run.quick { 3 } else { 10 };
    let max_depth: u32 = if run.quick { 4 } else { 6 };
    let eval = ConnectFour::heuristic("windows").map_err(|e| anyhow!("{e}"))?;
    let config = |algorithm, depth| SearchConfig {
        algorithm,
        depth: Some(depth),
        ordering: OrderingConfig::none(),
        tt_bytes: 0,
        iterative: false,
        ..SearchConfig::default()
    };

    let distinct = openings(trials, run.seed);
    let bar = run.progress((distinct.len() * moves_per_trial) as u64, "positions");
    let mut measures = Vec::new();
    let mut disagreements = 0;
    let mut positions = 0;
    // Its own generator, so that the openings do not depend on the order of the searches.
    let mut order_rng = super::order_rng(run.seed);
    for (trial, opening, start) in &distinct {
        let (trial, mut line, mut pos) = (*trial, opening.clone(), *start);
        for _ in 0..moves_per_trial {
            if pos.outcome().is_some() {
                break;
            }
            positions += 1;
            for depth in 1..=max_depth {
                let mut scores = Vec::new();
                for (order, k) in run_order(&mut order_rng).into_iter().enumerate() {
                    let (algorithm, name) = ALGORITHMS[k];
                    let r = search(&pos, &*eval, &config(algorithm, depth), &StopToken::new());
                    scores.push(r.score);
                    measures.push(Measure {
                        trial,
                        position: line.clone(),
                        depth,
                        algorithm: name,
                        nodes: r.stats.nodes,
                        time_ms: r.stats.time_ms,
                        score: r.score,
                        re_searches: r.stats.re_searches,
                        order,
                    });
                }
                disagreements += usize::from(scores.iter().any(|&s| s != scores[0]));
            }
            let r = search(
                &pos,
                &*eval,
                &config(Algorithm::AlphaBeta, 4),
                &StopToken::new(),
            );
            let mv = r
                .best_move
                .ok_or_else(|| anyhow!("no move in an unfinished game"))?;
            line.push_str(&pos.format_move(mv));
            pos.play(mv);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();

    let depths = summarise(&measures, max_depth);
    let claims = claims(&depths);
    let summary = Summary {
        trials,
        distinct: distinct.len(),
        openings: distinct.into_iter().map(|(_, line, _)| line).collect(),
        positions,
        disagreements,
        depths,
        claims,
    };
    write_outputs(run, out, &measures, &summary, trials, moves_per_trial)?;
    Ok(summary)
}

/// Per trial (in trial order), the mean of `f` over the trial's positions for `algorithm` at
/// `depth`.
fn per_trial(
    measures: &[Measure],
    depth: u32,
    algorithm: &str,
    f: fn(&Measure) -> f64,
) -> Vec<f64> {
    let mut trials: Vec<usize> = measures.iter().map(|m| m.trial).collect();
    trials.dedup();
    trials
        .iter()
        .filter_map(|&t| {
            let xs: Vec<f64> = measures
                .iter()
                .filter(|m| m.trial == t && m.depth == depth && m.algorithm == algorithm)
                .map(f)
                .collect();
            (!xs.is_empty()).then(|| mean(&xs))
        })
        .collect()
}

fn summarise(measures: &[Measure], max_depth: u32) -> Vec<DepthRow> {
    (1..=max_depth)
        .map(|depth| {
            let column = |name: &str, f: fn(&Measure) -> f64| per_trial(measures, depth, name, f);
            let time = |m: &Measure| m.time_ms;
            let nodes = |m: &Measure| m.nodes as f64;
            let interval = |xs: Vec<f64>| geometric_interval(&xs, 0.95).unwrap_or(Interval::NONE);
            let ab = ALGORITHMS[1].1;
            let others = [ALGORITHMS[0].1, ALGORITHMS[2].1, ALGORITHMS[3].1];
            let ratios = |f: fn(&Measure) -> f64| -> Vec<Interval> {
                others
                    .iter()
                    .map(|name| {
                        ratio_interval(&column(name, f), &column(ab, f), 0.95)
                            .unwrap_or(Interval::NONE)
                    })
                    .collect()
            };
            DepthRow {
                depth,
                nodes: ALGORITHMS
                    .iter()
                    .map(|(_, n)| interval(column(n, nodes)))
                    .collect(),
                time_ms: ALGORITHMS
                    .iter()
                    .map(|(_, n)| interval(column(n, time)))
                    .collect(),
                time_ratios: ratios(time),
                node_ratios: ratios(nodes),
                time_p: others
                    .iter()
                    .map(|name| {
                        wilcoxon_log(&column(name, time), &column(ab, time)).map_or(1.0, |w| w.p)
                    })
                    .collect(),
                re_searches: [ALGORITHMS[2].1, ALGORITHMS[3].1]
                    .iter()
                    .map(|name| mean(&column(name, |m| m.re_searches as f64)))
                    .collect(),
            }
        })
        .collect()
}

fn ratio_text(i: &Interval) -> String {
    format!("{}x [{}, {}]", num(i.mean), num(i.lo), num(i.hi))
}

/// One depth's test of a claim about algorithm `k`'s time ratio to alpha-beta (0 minimax, 1 PVS,
/// 2 SCOUT): the log of the ratio, signed so that the paper's direction (`slower` or not) is
/// positive, against the paper's own ratio.
fn evidence(r: &DepthRow, k: usize, slower: bool, paper_ratio: f64) -> Evidence {
    Evidence::ratio(r.time_p[k], &r.time_ratios[k], Some(paper_ratio), slower)
}

fn claims(depths: &[DepthRow]) -> Vec<Claim> {
    // Each claim is a set of depths; the family is every (claim, depth) test.
    struct Spec {
        claim: String,
        k: usize,
        slower: bool,
        paper_col: [f64; 6],
        depths: Vec<u32>,
    }
    let specs = [
        Spec {
            claim: "Alpha-beta chooses a move faster than plain minimax at every depth from 2 (table 2), and the gap grows with depth".into(),
            k: 0,
            slower: true,
            paper_col: PAPER_MINIMAX,
            depths: (2..=6).collect(),
        },
        Spec {
            claim: "PVS (the paper's Palphabeta) is faster than alpha-beta from depth 4 on (table 3)".into(),
            k: 1,
            slower: false,
            paper_col: PAPER_PVS,
            depths: (4..=6).collect(),
        },
        Spec {
            claim: "PVS (the paper's Palphabeta) is slower than alpha-beta at depths 2 and 3 (table 3)".into(),
            k: 1,
            slower: true,
            paper_col: PAPER_PVS,
            depths: vec![2, 3],
        },
        Spec {
            claim: "SCOUT is faster than alpha-beta from depth 4 on (table 3)".into(),
            k: 2,
            slower: false,
            paper_col: PAPER_SCOUT,
            depths: (4..=6).collect(),
        },
        Spec {
            claim: "SCOUT is slower than alpha-beta at depths 2 and 3 (table 3)".into(),
            k: 2,
            slower: true,
            paper_col: PAPER_SCOUT,
            depths: vec![2, 3],
        },
    ];
    let paper_ratio =
        |col: &[f64; 6], d: u32| col[d as usize - 1] / PAPER_ALPHABETA[d as usize - 1];
    let mut family = Vec::new();
    let mut parts: Vec<(usize, &DepthRow)> = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        for r in depths.iter().filter(|r| spec.depths.contains(&r.depth)) {
            family.push(Some(evidence(
                r,
                spec.k,
                spec.slower,
                paper_ratio(&spec.paper_col, r.depth),
            )));
            parts.push((i, r));
        }
    }
    let judged = judge(&family);
    let mut out = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let mine: Vec<(usize, &DepthRow)> = parts
            .iter()
            .enumerate()
            .filter(|(_, (c, _))| *c == i)
            .map(|(j, (_, r))| (j, *r))
            .collect();
        if mine.is_empty() {
            continue;
        }
        let name = ["minimax", "PVS", "SCOUT"][spec.k];
        let ours = mine
            .iter()
            .map(|(j, r)| {
                format!(
                    "depth {}: {} (p Holm {}, {})",
                    r.depth,
                    ratio_text(&r.time_ratios[spec.k]),
                    judged[*j].p_holm.map_or("-".into(), super::report::p_value),
                    judged[*j].verdict
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        let paper = mine
            .iter()
            .map(|(_, r)| {
                format!(
                    "depth {}: {}x",
                    r.depth,
                    num(paper_ratio(&spec.paper_col, r.depth))
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        let verdicts: Vec<Verdict> = mine.iter().map(|(j, _)| judged[*j].verdict).collect();
        out.push(Claim {
            claim: spec.claim.clone(),
            paper,
            ours: format!(
                "{name} time / alpha-beta time, geometric mean over trials [95 % interval]: {ours}"
            ),
            verdict: weakest(&verdicts),
        });
    }
    out.push(Claim {
        claim: "Plain minimax and Althöfer's negamax win different games at depths 1 to 3 (table 1)".into(),
        paper: "the winner varies at depths 1-3; the first player wins from depth 4".into(),
        ours: "Ply implements one minimax (in negamax form, the same values as minimax); Althöfer's pathology-free negamax propagates values differently by definition and is not implemented, so the two bots cannot be played against each other".into(),
        verdict: Verdict::NotTestable,
    });
    out
}

fn write_outputs(
    run: &Run,
    out: &Path,
    measures: &[Measure],
    s: &Summary,
    trials: usize,
    moves_per_trial: usize,
) -> Result<()> {
    let rows: Vec<Vec<String>> = measures
        .iter()
        .map(|m| {
            vec![
                m.trial.to_string(),
                m.position.clone(),
                m.depth.to_string(),
                m.algorithm.to_string(),
                m.nodes.to_string(),
                format!("{:.4}", m.time_ms),
                m.score.to_string(),
                m.re_searches.to_string(),
                m.order.to_string(),
            ]
        })
        .collect();
    write(
        out,
        "measurements.csv",
        &csv(
            &[
                "trial",
                "position",
                "depth",
                "algorithm",
                "nodes",
                "time_ms",
                "score",
                "re_searches",
                "order",
            ],
            &rows,
        ),
    )?;
    write(out, "summary.json", &serde_json::to_string_pretty(s)?)?;
    write(out, "openings.txt", &(s.openings.join("\n") + "\n"))?;

    let series = |f: fn(&DepthRow, usize) -> f64| -> Vec<Series> {
        ALGORITHMS
            .iter()
            .enumerate()
            .map(|(i, (_, name))| Series {
                name: name.to_string(),
                points: s.depths.iter().map(|r| (r.depth as f64, f(r, i))).collect(),
                joined: true,
            })
            .collect()
    };
    write(
        out,
        "time.svg",
        &line_chart(
            "Connect Four: time per move",
            "search depth",
            "mean ms per move",
            true,
            &series(|r, i| r.time_ms[i].mean),
        ),
    )?;
    write(
        out,
        "nodes.svg",
        &line_chart(
            "Connect Four: nodes per move",
            "search depth",
            "mean nodes per move",
            true,
            &series(|r, i| r.nodes[i].mean),
        ),
    )?;

    let ci = |i: &Interval| {
        if i.n == 0 {
            "-".to_string()
        } else {
            format!("{} [{}, {}]", num(i.mean), num(i.lo), num(i.hi))
        }
    };
    let paper_at = |col: &[f64; 6], d: u32| {
        col.get(d as usize - 1)
            .map_or("-".to_string(), |v| format!("{v}"))
    };
    let t2: Vec<Vec<String>> = s
        .depths
        .iter()
        .map(|r| {
            vec![
                r.depth.to_string(),
                ci(&r.time_ms[0]),
                ci(&r.time_ms[1]),
                ratio_text(&r.time_ratios[0]),
                ratio_text(&r.node_ratios[0]),
                paper_at(&PAPER_MINIMAX, r.depth),
                paper_at(&PAPER_ALPHABETA, r.depth),
                PAPER_MINIMAX
                    .get(r.depth as usize - 1)
                    .map_or("-".into(), |m| {
                        format!("{}x", num(m / PAPER_ALPHABETA[r.depth as usize - 1]))
                    }),
            ]
        })
        .collect();
    let t3: Vec<Vec<String>> = s
        .depths
        .iter()
        .map(|r| {
            let d = r.depth as usize - 1;
            vec![
                r.depth.to_string(),
                ci(&r.time_ms[1]),
                ci(&r.time_ms[2]),
                ci(&r.time_ms[3]),
                ratio_text(&r.time_ratios[1]),
                ratio_text(&r.time_ratios[2]),
                ratio_text(&r.node_ratios[1]),
                ratio_text(&r.node_ratios[2]),
                PAPER_PVS
                    .get(d)
                    .map_or("-".into(), |p| format!("{}x", num(p / PAPER_ALPHABETA[d]))),
                PAPER_SCOUT
                    .get(d)
                    .map_or("-".into(), |p| format!("{}x", num(p / PAPER_ALPHABETA[d]))),
            ]
        })
        .collect();
    let nodes: Vec<Vec<String>> = s
        .depths
        .iter()
        .map(|r| {
            std::iter::once(r.depth.to_string())
                .chain(r.re_searches.iter().map(|x| num(*x)))
                .chain(r.nodes.iter().map(|i| {
                    if i.n == 0 {
                        "-".into()
                    } else {
                        format!(
                            "{} [{}, {}]",
                            grouped(i.mean.round() as i64),
                            grouped(i.lo.round() as i64),
                            grouped(i.hi.round() as i64)
                        )
                    }
                }))
                .collect()
        })
        .collect();
    let verdicts: Vec<Vec<String>> = s
        .claims
        .iter()
        .map(|c| {
            vec![
                c.claim.clone(),
                c.paper.clone(),
                c.ours.clone(),
                format!("**{}**", c.verdict),
            ]
        })
        .collect();

    let report = format!(
        "# Connect Four: minimax, alpha-beta, PVS and SCOUT by depth\n\n\
         Z. Siew, \"Variations of Minimax to Solve Connect 4\" (2020), tables 1-3, re-run with \
         Ply's engines (`ply experiment connect4-variants`).\n\n{}\n\n\
         Protocol: {trials} trials, {} of them distinct (a trial whose opening reaches a \
         position seen before, or its left-right mirror, is skipped: its game would be the same, \
         or the same mirrored; the mirror is the board's only symmetry); each plays its own random \
         {OPENING_PLIES}-ply opening (seeded; the paper states none: its moves came from games \
         between its bots; the distinct ones are in `openings.txt`), \
         then a game whose moves alpha-beta at depth 4 chooses; at each of its first \
         {moves_per_trial} positions ({} positions in all) every algorithm searches at depths 1 \
         to {}, {REPEATS} times each, the {} searches of a position and depth one at a time in a \
         seeded random order (so that no algorithm always runs first; the column `order` of \
         `measurements.csv` gives each search's place), a time being the mean of its repeats; \
         columns in order left to right (no move ordering), no transposition table, the `windows` heuristic \
         (open windows of two and three, as the paper's evaluation counts windows). The four \
         algorithms returned the same value in every position at every depth except {} (must be 0).\n\n\
         The paper timed Python; these times are Rust's, so only ratios between algorithms at \
         the same depth are compared. The positions of one game are not independent, so the \
         unit is the trial: its mean cost over its positions (as the paper averages several \
         moves). A ratio is the geometric mean over the trials of one algorithm's cost divided by \
         alpha-beta's on the same trial, with its 95 % interval; times and nodes are geometric \
         means over the trials with their 95 % intervals on the log scale (both bounds \
         positive). Each (claim, depth) is a Wilcoxon signed-rank test of the paired per-trial \
         log time ratios; the p-values are Holm-corrected over the experiment and the verdict follows the \
         rule of `docs/experiments/README.md` (reproduced: significant and the ratio between half \
         and twice the paper's; contradicted: significant the other way, or the ratio's interval \
         excludes the paper's); a claim over several depths takes its weakest depth's verdict.\n\n\
         ## Does it reproduce?\n\n{}\n\
         ## Table 2: plain minimax against alpha-beta (ms per move)\n\n{}\n\
         ## Table 3: alpha-beta, PVS (Palphabeta) and SCOUT (ms per move)\n\n{}\n\
         ## Nodes per move (the paper reports none)\n\n\
         Re-searches are the mean number per search of PVS's null-window fail highs searched \
         again and SCOUT's re-evaluations after a successful TEST: measured, they show how often \
         the null windows fail high; that they are why PVS and SCOUT do not pay here is a \
         hypothesis (the paper's own explanation of its depths 2 and 3).\n\n{}\n\
         ![time per move](time.svg) ![nodes per move](nodes.svg)\n\n\
         Data: `measurements.csv` (one row per search), `summary.json`.\n",
        super::provenance(run),
        s.distinct,
        s.positions,
        s.depths.len(),
        ALGORITHMS.len() * REPEATS,
        s.disagreements,
        table(&["claim", "paper", "Ply", "verdict"], &verdicts),
        table(
            &[
                "depth",
                "minimax ms",
                "alpha-beta ms",
                "minimax / alpha-beta time",
                "minimax / alpha-beta nodes",
                "paper minimax s",
                "paper alpha-beta s",
                "paper ratio",
            ],
            &t2
        ),
        table(
            &[
                "depth",
                "alpha-beta ms",
                "PVS ms",
                "SCOUT ms",
                "PVS / alpha-beta time",
                "SCOUT / alpha-beta time",
                "PVS / alpha-beta nodes",
                "SCOUT / alpha-beta nodes",
                "paper Palphabeta / alpha-beta",
                "paper SCOUT / alpha-beta",
            ],
            &t3
        ),
        table(
            &[
                "depth",
                "PVS re-searches",
                "SCOUT re-searches",
                "minimax",
                "alpha-beta",
                "PVS",
                "SCOUT"
            ],
            &nodes
        ),
    );
    write(out, "report.md", &report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position's order holds each algorithm REPEATS times, and over positions each
    /// algorithm runs first sometimes and the order changes (it is not one fixed sequence).
    #[test]
    fn the_timing_order_changes_from_position_to_position() {
        let mut rng = SmallRng::seed_from_u64(1);
        let orders: Vec<Vec<usize>> = (0..40).map(|_| run_order(&mut rng)).collect();
        for o in &orders {
            for k in 0..ALGORITHMS.len() {
                assert_eq!(o.iter().filter(|&&x| x == k).count(), REPEATS);
            }
        }
        assert!(orders.iter().any(|o| o != &orders[0]));
        for k in 0..ALGORITHMS.len() {
            assert!(orders.iter().any(|o| o[0] == k), "{k} never runs first");
        }
    }

    /// The position after `line` (0-based columns), and after the mirrored line.
    fn played(line: &[u8]) -> (ConnectFour, ConnectFour) {
        let mut pos = ConnectFour::start();
        let mut mirror = ConnectFour::start();
        for &c in line {
            pos.play(c);
            mirror.play(WIDTH as u8 - 1 - c);
        }
        (pos, mirror)
    }

    fn same(a: &ConnectFour, b: &ConnectFour) -> bool {
        a.mask() == b.mask() && a.current_stones() == b.current_stones()
    }

    /// Over every four-ply line, two openings are one class exactly when their positions are
    /// equal or one is the position of the other's mirrored line (a second definition, on the
    /// bitboards of played moves rather than the grid); a position and its mirror are one class.
    #[test]
    fn an_opening_and_its_mirror_are_one_class() {
        let lines: Vec<Vec<u8>> = (0..7u32.pow(4))
            .map(|n| (0..4).map(|i| (n / 7u32.pow(i) % 7) as u8).collect())
            .collect();
        let positions: Vec<(ConnectFour, ConnectFour)> = lines.iter().map(|l| played(l)).collect();
        for (a, (pa, _)) in positions.iter().enumerate().step_by(7) {
            for (pb, mb) in &positions {
                let brute = same(pa, pb) || same(pa, mb);
                assert_eq!(mirror_class(pa) == mirror_class(pb), brute, "line {a}");
            }
        }
        let (pos, mirror) = played(&[0, 1, 1, 3]);
        assert!(!same(&pos, &mirror));
        assert_eq!(mirror_class(&pos), mirror_class(&mirror));
        // The central column alone is its own mirror, and a different column is another class.
        assert!(same(&played(&[3]).0, &played(&[3]).1));
        assert_ne!(mirror_class(&played(&[2]).0), mirror_class(&played(&[3]).0));
    }

    /// The openings of 2,000 trials hold no two of one class (checked by replaying their digits
    /// and comparing each with every other and its mirror on the bitboards), and every class
    /// drawn is kept: as many as the brute-force count of the classes among all the lines drawn.
    #[test]
    fn the_openings_are_distinct_under_the_mirror() {
        let kept = openings(2000, 1);
        let digits = |line: &str| -> Vec<u8> { line.bytes().map(|b| b - b'1').collect() };
        let positions: Vec<(ConnectFour, ConnectFour)> = kept
            .iter()
            .map(|(_, line, _)| played(&digits(line)))
            .collect();
        for (i, (a, _)) in positions.iter().enumerate() {
            assert!(same(a, &kept[i].2));
            for (b, mb) in &positions[i + 1..] {
                assert!(!same(a, b) && !same(a, mb), "{}", kept[i].1);
            }
        }
        // Every trial's line, the repeats included, from the same seeds.
        let mut all: Vec<(ConnectFour, ConnectFour)> = Vec::new();
        for trial in 0..2000u64 {
            let mut rng = SmallRng::seed_from_u64(1 + trial);
            let mut pos = ConnectFour::start();
            let mut line = Vec::new();
            let mut moves = Vec::new();
            for _ in 0..OPENING_PLIES {
                pos.legal_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                line.push(mv);
                pos.play(mv);
            }
            let p = played(&line);
            if !all.iter().any(|(a, _)| same(a, &p.0) || same(a, &p.1)) {
                all.push(p);
            }
        }
        assert_eq!(kept.len(), all.len());
        assert!(kept.len() < 2000, "four plies repeat in 2,000 trials");
    }
}
