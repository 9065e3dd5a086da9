//! `othello-scout-vs-alphabeta`: J. Hernandez, K. Daza, H. Florez, "Alpha-Beta vs Scout
//! Algorithms for the Othello Game" (ICAI Workshops 2019), section 6.1 and figures 5 and 6: SCOUT
//! against alpha-beta at depth 8 with the paper's weighted heuristic, nodes and time per move.
//!
//! The paper reports, for 15 moves at depth 8 on a phone, SCOUT exploring 76 to 1,041 nodes in 73
//! to 1,014 ms, and alpha-beta 26,264 nodes on its first move and up to about 300,000 (figure 6);
//! "Alpha-Beta allowed us to reach a maximum depth of 8 without ceasing to respond the mobile
//! device due to a lack of memory" (section 6.1): a property of its phone and implementation that
//! Ply cannot test. Its win/draw/loss table comes from games against three human players and
//! cannot be re-run.
//!
//! Ours: each trial plays its own random [`OPENING_PLIES`]-ply opening (seeded; the paper states
//! none, and two plies give only twelve openings, too few for independent trials; an opening
//! whose position is one already played, or a rotation or reflection of it, is skipped: it is
//! no independent trial; the distinct ones are in `openings.txt`), then a game in which the
//! measured side plays SCOUT's move and the other side a 2-ply alpha-beta; at each of the
//! measured side's first [`MOVES`] turns, SCOUT and alpha-beta search at the depth (generation
//! order, no table: the paper's algorithms as it describes them) and, for reference, PVS with Ply's default ordering
//! and a 16 MiB table. The smallest proof tree of the start position at the same depth is the
//! floor under any search that returns the exact depth-8 value without a table.

use super::Run;
use super::plot::{Series, line_chart};
use super::report::{csv, grouped, num, table, write};
use super::stats::{Interval, geometric_interval, mean, ratio_interval, wilcoxon_log};
use super::verdict::{Evidence, Judged, Verdict, judge};
use crate::tournament::othello_symmetry::canonical;
use anyhow::{Result, anyhow};
use ply_core::Game;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::minimal_tree::minimal_tree;
use ply_core::search::{Algorithm, OrderingConfig, SearchConfig, StopToken, search};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::collections::HashSet;
use std::path::Path;

/// The paper's 15 movements.
const MOVES: usize = 15;
pub const OPENING_PLIES: usize = 6;
const PAPER_SCOUT_NODES: (u64, u64) = (76, 1041);
const PAPER_SCOUT_MS: (f64, f64) = (73.0, 1014.0);
const PAPER_ALPHABETA_FIRST: u64 = 26_264;
/// The end of figure 6's time axis (6 x 10^5 ms), read from the figure: the paper gives no
/// alpha-beta time in its text.
const PAPER_ALPHABETA_MAX_MS: f64 = 600_000.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Engine {
    Scout,
    AlphaBeta,
    /// PVS with Ply's default ordering and a table: what the app plays with.
    PlyPvs,
}

impl Engine {
    fn label(self) -> &'static str {
        match self {
            Engine::Scout => "SCOUT",
            Engine::AlphaBeta => "alpha-beta",
            Engine::PlyPvs => "Ply PVS with ordering and table",
        }
    }

    fn config(self, depth: u32) -> SearchConfig {
        let (algorithm, ordering, tt_bytes) = match self {
            Engine::Scout => (Algorithm::Scout, OrderingConfig::none(), 0),
            Engine::AlphaBeta => (Algorithm::AlphaBeta, OrderingConfig::none(), 0),
            Engine::PlyPvs => (Algorithm::Pvs, OrderingConfig::default(), 16 << 20),
        };
        SearchConfig {
            algorithm,
            depth: Some(depth),
            ordering,
            tt_bytes,
            iterative: false,
            ..SearchConfig::default()
        }
    }
}

const ENGINES: [Engine; 3] = [Engine::Scout, Engine::AlphaBeta, Engine::PlyPvs];

#[derive(Debug, Clone, Serialize)]
pub struct Measure {
    pub trial: usize,
    pub turn: usize,
    pub engine: Engine,
    pub nodes: u64,
    pub time_ms: f64,
    pub score: i32,
    /// Where this search ran among the engines' searches of its position, from 0.
    pub order: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct EngineSummary {
    pub engine: Engine,
    pub nodes: Interval,
    pub min_nodes: u64,
    pub max_nodes: u64,
    pub time_ms: Interval,
    pub min_ms: f64,
    pub max_ms: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub depth: u32,
    /// Trials run, the distinct ones (an opening whose position is one already played, up to
    /// the board's eight symmetries, is skipped) and their openings (`openings.txt`).
    pub trials: usize,
    pub distinct: usize,
    pub openings: Vec<String>,
    pub searches: usize,
    /// Searches where SCOUT's and alpha-beta's values differ (must be 0).
    pub disagreements: usize,
    pub engines: Vec<EngineSummary>,
    /// SCOUT / alpha-beta per trial (the mean over its moves), geometric mean with its interval.
    pub scout_over_alphabeta_nodes: Interval,
    pub scout_over_alphabeta_time: Interval,
    /// SCOUT's nodes per move, geometric mean over the trials of each trial's mean.
    pub scout_nodes_per_trial: Interval,
    /// The claims' verdicts (nodes range, nodes ratio, time ratio) after Holm's correction.
    pub judged: Vec<Judged>,
    /// The smallest proof tree of the start position at `depth` (no table).
    pub start_minimal_tree: u64,
    /// The full minimax tree of the start position at `depth`.
    pub start_minimax_tree: u64,
    /// The smallest proof tree after f5 (the first move SCOUT faces as White; the four first
    /// moves are symmetric).
    pub reply_minimal_tree: u64,
}

/// Whether `pos` is new to `played`, up to the board's eight symmetries (then it is recorded):
/// a rotation or reflection of a position already played is that position seen another way,
/// not an independent trial.
fn first_time(played: &mut HashSet<(u64, u64, u8)>, pos: &Othello) -> bool {
    played.insert(canonical(pos))
}

pub fn run(run: &Run, out: &Path) -> Result<Summary> {
    let trials = run.trials(10, 2);
    let depth: u32 = if run.quick { 4 } else { 8 };
    let moves = if run.quick { 3 } else { MOVES };
    let eval = Othello::heuristic("paper-2019").map_err(|e| anyhow!("{e}"))?;
    let opponent = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        depth: Some(2),
        ..SearchConfig::default()
    };
    let bar = run.progress((trials * moves) as u64, "moves");
    let mut measures = Vec::new();
    let mut disagreements = 0;
    let mut list = Vec::new();
    let mut openings: Vec<String> = Vec::new();
    let mut played = HashSet::new();
    // The engines search each position in a seeded random order, so that none always runs first
    // (on a cold cache, or after another's allocations); its own generator keeps the openings.
    let mut order_rng = super::order_rng(run.seed);
    for trial in 0..trials {
        let mut rng = SmallRng::seed_from_u64(run.seed.wrapping_add(trial as u64));
        let mut pos = Othello::start();
        let mut line = Vec::new();
        for _ in 0..OPENING_PLIES {
            pos.legal_moves(&mut list);
            let mv = list[rng.random_range(0..list.len())];
            line.push(pos.format_move(mv));
            pos.play(mv);
        }
        if !first_time(&mut played, &pos) {
            bar.inc(moves as u64);
            continue;
        }
        openings.push(line.join(" "));
        let measured = pos.side_to_move();
        let mut turn = 0;
        while turn < moves && pos.outcome().is_none() {
            let config = if pos.side_to_move() == measured {
                let mut scout_move = None;
                let mut values = Vec::new();
                let mut order = ENGINES;
                order.shuffle(&mut order_rng);
                for (place, engine) in order.into_iter().enumerate() {
                    let r = search(&pos, &*eval, &engine.config(depth), &StopToken::new());
                    if engine == Engine::Scout {
                        scout_move = r.best_move;
                    }
                    if engine != Engine::PlyPvs {
                        values.push(r.score);
                    }
                    measures.push(Measure {
                        trial,
                        turn,
                        engine,
                        nodes: r.stats.nodes,
                        time_ms: r.stats.time_ms,
                        score: r.score,
                        order: place,
                    });
                }
                disagreements += usize::from(values.windows(2).any(|w| w[0] != w[1]));
                turn += 1;
                bar.inc(1);
                match scout_move {
                    Some(mv) => {
                        pos.play(mv);
                        continue;
                    }
                    None => break,
                }
            } else {
                &opponent
            };
            match search(&pos, &*eval, config, &StopToken::new()).best_move {
                Some(mv) => pos.play(mv),
                None => break,
            }
        }
    }
    bar.finish_and_clear();

    let floor = minimal_tree(&Othello::start(), &*eval, depth);
    let after_f5 = Othello::parse_position("f5").map_err(|e| anyhow!("f5: {e}"))?;
    let reply_floor = minimal_tree(&after_f5, &*eval, depth);
    let column = |engine: Engine, f: fn(&Measure) -> f64| -> Vec<f64> {
        measures
            .iter()
            .filter(|m| m.engine == engine)
            .map(f)
            .collect()
    };
    let nodes = |m: &Measure| m.nodes as f64;
    let time = |m: &Measure| m.time_ms;
    let engines = ENGINES
        .iter()
        .map(|&engine| {
            let n = column(engine, nodes);
            let t = column(engine, time);
            Ok(EngineSummary {
                engine,
                nodes: geometric_interval(&n, 0.95).ok_or_else(|| anyhow!("no search ran"))?,
                min_nodes: n.iter().cloned().fold(f64::MAX, f64::min) as u64,
                max_nodes: n.iter().cloned().fold(0.0, f64::max) as u64,
                time_ms: geometric_interval(&t, 0.95).ok_or_else(|| anyhow!("no search ran"))?,
                min_ms: t.iter().cloned().fold(f64::MAX, f64::min),
                max_ms: t.iter().cloned().fold(0.0, f64::max),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    // The moves of one game are not independent: the unit of the tests is the trial.
    let per_trial = |engine: Engine, f: fn(&Measure) -> f64| -> Vec<f64> {
        let mut ids: Vec<usize> = measures.iter().map(|m| m.trial).collect();
        ids.dedup();
        ids.iter()
            .map(|&t| {
                let xs: Vec<f64> = measures
                    .iter()
                    .filter(|m| m.trial == t && m.engine == engine)
                    .map(f)
                    .collect();
                mean(&xs)
            })
            .collect()
    };
    let ratio = |f| {
        ratio_interval(
            &per_trial(Engine::Scout, f),
            &per_trial(Engine::AlphaBeta, f),
            0.95,
        )
        .ok_or_else(|| anyhow!("no search ran"))
    };
    let paired_p = |f| {
        wilcoxon_log(
            &per_trial(Engine::Scout, f),
            &per_trial(Engine::AlphaBeta, f),
        )
        .map_or(1.0, |w| w.p)
    };
    let scout_trials = per_trial(Engine::Scout, nodes);
    let scout_nodes_per_trial =
        geometric_interval(&scout_trials, 0.95).ok_or_else(|| anyhow!("no search ran"))?;
    let (node_ratio, time_ratio) = (ratio(nodes)?, ratio(time)?);
    // The family: SCOUT's node range (fewer than the paper's 1,041 is its direction), and the
    // two ratios against the paper's 76 / 26,264 on the first move and, for time, its figure
    // 6's axis (about 600 s) against 1,014 ms.
    let upper = vec![PAPER_SCOUT_NODES.1 as f64; scout_trials.len()];
    let bound = PAPER_SCOUT_NODES.1 as f64;
    let over_bound = Interval {
        mean: scout_nodes_per_trial.mean / bound,
        lo: scout_nodes_per_trial.lo / bound,
        hi: scout_nodes_per_trial.hi / bound,
        ..scout_nodes_per_trial
    };
    let family = [
        Some(Evidence::ratio(
            wilcoxon_log(&upper, &scout_trials).map_or(1.0, |w| w.p),
            &over_bound,
            None,
            false,
        )),
        Some(Evidence::ratio(
            paired_p(nodes),
            &node_ratio,
            Some(PAPER_SCOUT_NODES.0 as f64 / PAPER_ALPHABETA_FIRST as f64),
            false,
        )),
        Some(Evidence::ratio(
            paired_p(time),
            &time_ratio,
            Some(PAPER_SCOUT_MS.1 / PAPER_ALPHABETA_MAX_MS),
            false,
        )),
        None,
    ];
    let summary = Summary {
        depth,
        trials,
        distinct: openings.len(),
        openings,
        searches: measures.len() / ENGINES.len(),
        disagreements,
        engines,
        scout_over_alphabeta_nodes: node_ratio,
        scout_over_alphabeta_time: time_ratio,
        scout_nodes_per_trial,
        judged: judge(&family),
        start_minimal_tree: floor.tree_nodes,
        start_minimax_tree: floor.minimax_nodes,
        reply_minimal_tree: reply_floor.tree_nodes,
    };
    write_outputs(run, out, &measures, &summary, trials, moves)?;
    Ok(summary)
}

fn write_outputs(
    run: &Run,
    out: &Path,
    measures: &[Measure],
    s: &Summary,
    trials: usize,
    moves: usize,
) -> Result<()> {
    let rows: Vec<Vec<String>> = measures
        .iter()
        .map(|m| {
            vec![
                m.trial.to_string(),
                m.turn.to_string(),
                m.engine.label().to_string(),
                m.nodes.to_string(),
                format!("{:.3}", m.time_ms),
                m.score.to_string(),
                m.order.to_string(),
            ]
        })
        .collect();
    write(
        out,
        "measurements.csv",
        &csv(
            &[
                "trial", "turn", "engine", "nodes", "time_ms", "score", "order",
            ],
            &rows,
        ),
    )?;
    write(out, "summary.json", &serde_json::to_string_pretty(s)?)?;
    write(out, "openings.txt", &(s.openings.join("\n") + "\n"))?;
    for (file, engine, title) in [
        (
            "scout.svg",
            Engine::Scout,
            "SCOUT: nodes and time per move (the paper's figure 5)",
        ),
        (
            "alphabeta.svg",
            Engine::AlphaBeta,
            "Alpha-beta: nodes and time per move (figure 6)",
        ),
    ] {
        let points = measures
            .iter()
            .filter(|m| m.engine == engine)
            .map(|m| (m.time_ms, m.nodes as f64))
            .collect();
        let series = [Series {
            name: engine.label().into(),
            points,
            joined: false,
        }];
        write(
            out,
            file,
            &line_chart(
                &format!("{title}, depth {}", s.depth),
                "time (ms)",
                "nodes",
                true,
                &series,
            ),
        )?;
    }

    let engines: Vec<Vec<String>> = s
        .engines
        .iter()
        .map(|e| {
            vec![
                e.engine.label().into(),
                format!(
                    "{} [{}, {}]",
                    grouped(e.nodes.mean.round() as i64),
                    grouped(e.nodes.lo.round() as i64),
                    grouped(e.nodes.hi.round() as i64)
                ),
                format!(
                    "{} - {}",
                    grouped(e.min_nodes as i64),
                    grouped(e.max_nodes as i64)
                ),
                format!(
                    "{} [{}, {}]",
                    num(e.time_ms.mean),
                    num(e.time_ms.lo),
                    num(e.time_ms.hi)
                ),
                format!("{} - {}", num(e.min_ms), num(e.max_ms)),
            ]
        })
        .collect();
    let scout = &s.engines[0];
    let ratio = |i: &Interval| format!("{}x [{}, {}]", num(i.mean), num(i.lo), num(i.hi));
    let floor = s.start_minimal_tree.min(s.reply_minimal_tree);
    let below_floor = PAPER_SCOUT_NODES.0 < floor;
    let v = |i: usize| {
        s.judged.get(i).map_or("-".to_string(), |j| {
            format!(
                "**{}** (p Holm {})",
                j.verdict,
                j.p_holm.map_or("-".into(), super::report::p_value)
            )
        })
    };
    let claims = vec![
        vec![
            format!("SCOUT explores 76 to 1,041 nodes a move at depth {} (section 6.1, figure 5)", s.depth),
            format!("{} - {}", PAPER_SCOUT_NODES.0, PAPER_SCOUT_NODES.1),
            format!(
                "{} - {} (per trial, geometric mean {} [{}, {}]); measured: the smallest proof tree has {} nodes from the start and {} after f5{}",
                grouped(scout.min_nodes as i64),
                grouped(scout.max_nodes as i64),
                grouped(s.scout_nodes_per_trial.mean.round() as i64),
                grouped(s.scout_nodes_per_trial.lo.round() as i64),
                grouped(s.scout_nodes_per_trial.hi.round() as i64),
                grouped(s.start_minimal_tree as i64),
                grouped(s.reply_minimal_tree as i64),
                if below_floor {
                    format!(", so any search without a table that returns the exact depth-{} value of a first move (either side's) visits at least {}, more than the paper's 76", s.depth, grouped(floor as i64))
                } else {
                    String::new()
                }
            ),
            v(0),
        ],
        vec![
            "SCOUT explores far fewer nodes than alpha-beta (figures 5 and 6)".into(),
            format!(
                "76 against {} on the first move ({}x fewer); about 300x at the extremes",
                grouped(PAPER_ALPHABETA_FIRST as i64),
                num(PAPER_ALPHABETA_FIRST as f64 / PAPER_SCOUT_NODES.0 as f64)
            ),
            format!(
                "SCOUT / alpha-beta nodes per trial {}",
                ratio(&s.scout_over_alphabeta_nodes)
            ),
            v(1),
        ],
        vec![
            "SCOUT answers faster than alpha-beta (figures 5 and 6)".into(),
            format!(
                "{} - {} ms against up to about 600 s (figure 6's axis)",
                PAPER_SCOUT_MS.0, PAPER_SCOUT_MS.1
            ),
            format!(
                "SCOUT / alpha-beta time per trial {}",
                ratio(&s.scout_over_alphabeta_time)
            ),
            v(2),
        ],
        vec![
            "\"Alpha-Beta allowed us to reach a maximum depth of 8 without ceasing to respond the mobile device due to a lack of memory\" (section 6.1)".into(),
            "depth 8 was the deepest it reached; deeper, the phone ran out of memory".into(),
            "the paper's phone and implementation are not available; Ply's depth-first alpha-beta holds one move list per ply, so its memory does not say what the paper's did".into(),
            format!("**{}**", Verdict::NotTestable),
        ],
        vec![
            "SCOUT beats human players more often than alpha-beta (30 games each, section 6.2)".into(),
            "SCOUT 20-7-3, alpha-beta 6-10-14".into(),
            "needs the same three human players".into(),
            format!("**{}**", Verdict::NotTestable),
        ],
    ];
    let report = format!(
        "# Othello: SCOUT against alpha-beta at depth {}\n\n\
         J. Hernandez, K. Daza, H. Florez, \"Alpha-Beta vs Scout Algorithms for the Othello Game\" \
         (2019), section 6 and figures 5-6, re-run with Ply's engines \
         (`ply experiment othello-scout-vs-alphabeta`).\n\n{}\n\n\
         Protocol: trials: {trials}, {} of them distinct (no opening's position the same as \
         another's or a rotation or reflection of it; listed in `openings.txt`); each plays its \
         own random \
         {OPENING_PLIES}-ply opening (seeded; the paper states none), then a game in \
         which the measured side plays SCOUT's move and the other side a 2-ply alpha-beta; at each \
         of the measured side's first {moves} turns ({} searches per engine) SCOUT and alpha-beta \
         search at depth {} with the paper's weighted heuristic (Ply's `paper-2019` preset) in \
         generation order without a table, and Ply's PVS (default ordering, 16 MiB table) for \
         reference; the three search each position one at a time, in a seeded random order (the \
         column `order` of `measurements.csv`), so that none always runs first. SCOUT and alpha-beta returned different values in {} searches (must be 0). \
         The moves of one game are not independent, so the unit of the tests is the trial (its \
         mean over its moves): the ratios are geometric means of the per-trial ratios with their \
         95 % intervals, each tested by a Wilcoxon signed-rank test of the paired per-trial \
         log ratios, SCOUT's node range by a Wilcoxon test of the per-trial means against the paper's \
         1,041; Holm's correction over the three, and the verdict rule of \
         `docs/experiments/README.md` (reproduced: significant and the ratio between half and \
         twice the paper's; contradicted: significant the other way, or the interval excludes \
         the paper's ratio). Per engine, geometric means over every search with their 95 % intervals on \
         the log scale.\n\n\
         ## Does it reproduce?\n\n{}\n\
         ## Per engine\n\n{}\n\
         The floor: from the start position, the smallest proof tree at depth {} has {} nodes \
         (full minimax: {}), and after f5 {}; a search without a table that returns the exact \
         value visits at least that many.\n\n\
         ![SCOUT](scout.svg) ![alpha-beta](alphabeta.svg)\n\n\
         Data: `measurements.csv` (one row per search), `summary.json`, `openings.txt`.\n",
        s.depth,
        super::provenance(run),
        s.distinct,
        s.searches,
        s.depth,
        s.disagreements,
        table(&["claim", "paper", "Ply", "verdict"], &claims),
        table(&["engine", "nodes", "range", "ms", "range ms"], &engines),
        s.depth,
        grouped(s.start_minimal_tree as i64),
        grouped(s.start_minimax_tree as i64),
        grouped(s.reply_minimal_tree as i64),
    );
    write(out, "report.md", &report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// f5 d6 turned and mirrored is e6 f4, d3 c5 and c4 e3: one trial among the four; another
    /// second move is another position.
    #[test]
    fn an_opening_turned_or_mirrored_is_not_a_new_trial() {
        let mut played = HashSet::new();
        let kept: Vec<bool> = ["f5 d6", "e6 f4", "d3 c5", "c4 e3", "f5 f6", "f5 d6"]
            .iter()
            .map(|line| {
                let pos = Othello::parse_position(line).expect("an opening");
                first_time(&mut played, &pos)
            })
            .collect();
        assert_eq!(kept, [true, false, false, false, true, false]);
    }
}
