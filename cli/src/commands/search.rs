//! `ply search`: one engine on one position; best move, score, principal variation and
//! statistics, as text or JSON. Also home of the engine options `ply play` and `ply bench` share.

use crate::games::GameArgs;
use anyhow::{Context, Result, anyhow, bail};
use ply_core::engine::search;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::score::judgement;
use ply_core::search::{
    Algorithm, MctsConfig, OrderingConfig, Playout, SearchConfig, SearchResult, StopToken,
};
use ply_core::{Evaluator, Game};
use serde_json::json;
use std::io::Write;
use std::sync::Arc;

/// Engine options shared by `ply search`, `ply play` and `ply bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct EngineArgs {
    /// minimax, alphabeta, pvs (default), scout or mcts; for the multi-player games paranoid,
    /// maxn, brs (default) or mcts
    #[arg(long)]
    pub algo: Option<String>,
    /// Depth limit in plies (default 6 without --time-ms; unlimited deepening with it).
    #[arg(long, short = 'd')]
    pub depth: Option<u32>,
    /// Time budget in milliseconds (iterative deepening; MCTS runs until it is used up).
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Comma-separated move orderings: none, static, tt, killer, killer-global, history,
    /// history-2d, ads-mtf, ads-transpose, eval (alphabeta and pvs: where 3 or more plies are
    /// left, the moves after the table's sorted by the evaluation after each); the multi-player games take static,
    /// killer, history, ads-mtf, ads-transpose, threat-ads and threat-ads-transpose.
    #[arg(long, default_value = "static,tt,killer,history")]
    pub ordering: String,
    /// History-ADS list length bound N (also the global killer list's length); unbounded if absent.
    #[arg(long)]
    pub ads_limit: Option<usize>,
    /// One History-ADS list per tree level.
    #[arg(long)]
    pub ads_per_level: bool,
    /// Transposition-table size in MiB (0 = no table; MCTS uses it as its tree budget).
    #[arg(long, default_value_t = 16.0)]
    pub tt_mb: f64,
    /// Heuristic preset name.
    #[arg(long, default_value = "default")]
    pub heuristic: String,
    /// Extend tactical moves (draughts captures) at the horizon.
    #[arg(long)]
    pub quiescence: bool,
    /// Aspiration half-window for iterative deepening.
    #[arg(long)]
    pub aspiration: Option<i32>,
    /// Deepen iteratively even with a fixed depth.
    #[arg(long)]
    pub iterative: bool,
    /// Plies per iteration when deepening (2 = 2, 4, ..., depth).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub deepening_step: u32,
    /// MCTS playouts (default 10000 without --time-ms or --node-budget).
    #[arg(long)]
    pub playouts: Option<u64>,
    /// MCTS: stop after this many nodes (tree steps plus playout plies).
    #[arg(long)]
    pub node_budget: Option<u64>,
    /// MCTS exploration constant.
    #[arg(long, default_value_t = std::f64::consts::SQRT_2)]
    pub exploration: f64,
    /// MCTS playout policy: random, greedy:EPSILON, cutoff:PLIES
    #[arg(long, default_value = "random")]
    pub playout: String,
    /// MCTS random seed.
    #[arg(long, default_value_t = 0x5eed)]
    pub seed: u64,
    /// Solve exactly instead when this close to the end (Othello: empty squares; 0 = never).
    #[arg(long, default_value_t = 0)]
    pub exact_empties: u32,
    /// Play the opening book's move where the position is in it (Othello).
    #[arg(long)]
    pub book: bool,
    /// Multi-ProbCut with this confidence in standard deviations (Othello's pattern evaluation
    /// is calibrated; other evaluations never cut).
    #[arg(long)]
    pub probcut: Option<f64>,
    /// Threads for alphabeta and pvs with a table (Lazy SMP on one shared table of --tt-mb);
    /// 1 is the deterministic single-threaded search; other algorithms search on one.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// Search the nodes one ply above the horizon without the table or null-window probes, as
    /// the apps' levels do (without --quiescence).
    #[arg(long)]
    pub lean_frontier: bool,
}

impl EngineArgs {
    /// The search configuration these options describe.
    pub fn config(&self) -> Result<SearchConfig> {
        let ordering =
            OrderingConfig::parse_list(&self.ordering, self.ads_limit, self.ads_per_level)
                .map_err(|e| anyhow!("--ordering: {e}"))?;
        if !(self.tt_mb.is_finite() && (0.0..=65536.0).contains(&self.tt_mb)) {
            bail!("--tt-mb must be between 0 and 65536, got {}", self.tt_mb);
        }
        if self.depth == Some(0) {
            bail!("--depth must be at least 1");
        }
        if let Some(t) = self.probcut
            && !ply_core::search::probcut::is_confidence(t)
        {
            bail!("--probcut {t}: want a confidence above 0 and at most 10 standard deviations");
        }
        if self.exact_empties > crate::tournament::spec::MAX_EXACT_EMPTIES {
            bail!(
                "--exact-empties {} would solve for hours: at most {}",
                self.exact_empties,
                crate::tournament::spec::MAX_EXACT_EMPTIES
            );
        }
        let mcts = MctsConfig {
            playouts: self
                .playouts
                .or(if self.time_ms.is_some() || self.node_budget.is_some() {
                    None
                } else {
                    Some(10_000)
                }),
            max_nodes: None,
            exploration: self.exploration,
            playout: parse_playout(&self.playout)?,
            seed: self.seed,
            node_budget: self.node_budget,
            threads: 1,
        };
        let algorithm = match self.algo.as_deref() {
            None => Algorithm::Pvs,
            Some(name) => name
                .parse::<Algorithm>()
                .map_err(|e| anyhow!("--algo: {e}"))?,
        };
        if self.probcut.is_some() && !matches!(algorithm, Algorithm::Pvs | Algorithm::AlphaBeta) {
            bail!("--probcut cuts in pvs and alphabeta only, not in {algorithm}");
        }
        Ok(SearchConfig {
            algorithm,
            depth: self.depth,
            time_ms: self.time_ms,
            iterative: self.iterative,
            deepening_step: self.deepening_step,
            ordering,
            tt_bytes: (self.tt_mb * 1024.0 * 1024.0) as usize,
            tt_reuse_deeper: true,
            quiescence: self.quiescence,
            quiescence_depth: 16,
            aspiration: self.aspiration,
            mcts,
            exact_empties: self.exact_empties,
            book: self.book,
            probcut: self.probcut,
            threads: self.threads,
            lean_frontier: self.lean_frontier,
        })
    }
}

fn parse_playout(text: &str) -> Result<Playout> {
    let (kind, arg) = text.split_once(':').unwrap_or((text, ""));
    match kind {
        "random" => Ok(Playout::Random),
        "greedy" | "epsilon-greedy" => {
            let epsilon = if arg.is_empty() {
                0.1
            } else {
                arg.parse().context("--playout greedy:EPSILON")?
            };
            Ok(Playout::EpsilonGreedy { epsilon })
        }
        "cutoff" => {
            let plies = if arg.is_empty() {
                8
            } else {
                arg.parse().context("--playout cutoff:PLIES")?
            };
            Ok(Playout::Cutoff {
                plies,
                scale: 200.0,
            })
        }
        _ => bail!("unknown --playout '{text}' (expected random, greedy:EPSILON or cutoff:PLIES)"),
    }
}

/// The evaluator of a heuristic preset (`ply_core::heuristic::HasHeuristic`).
pub fn evaluator<G: HasHeuristic>(preset: &str) -> Result<Arc<dyn Evaluator<G>>> {
    G::heuristic(preset).map_err(|e| anyhow!("--heuristic: {e}"))
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<()> {
    ply_core::with_game_kind!(args.game.game,
        two_player G => run_for::<G>(&args),
        multi m => crate::multi::search(m, &args.game, &args.engine, args.json))
}

fn run_for<G: HasHeuristic>(args: &Args) -> Result<()> {
    let pos: G = args.game.position()?;
    let config = args.engine.config()?;
    let eval = evaluator::<G>(&args.engine.heuristic)?;
    let result = search(&pos, &*eval, &config, &StopToken::new());
    // Written with `write!` so a closed pipe (`ply search ... | head`) is an error, not a panic.
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&result_json(&pos, &result, &config))?
        )?;
    } else {
        write!(out, "{}", result_text(&pos, &result))?;
    }
    Ok(())
}

/// Moves of a line in notation, each formatted in the position where it is played.
pub fn line_text<G: Game>(pos: &G, line: &[G::Move]) -> Vec<String> {
    let mut cur = *pos;
    line.iter()
        .map(|&m| {
            let s = cur.format_move(m);
            cur.play(m);
            s
        })
        .collect()
}

/// The JSON form of a search result (fields `best_move`, `score`, `depth`, `nodes`,
/// `leaf_evals`, `cutoffs`, `time_ms`, `pv` and more).
pub fn result_json<G: Game>(
    pos: &G,
    result: &SearchResult<G::Move>,
    config: &SearchConfig,
) -> serde_json::Value {
    let s = &result.stats;
    json!({
        "game": G::NAME,
        "position": pos.format_position(),
        "best_move": result.best_move.map(|m| pos.format_move(m)),
        "score": result.score,
        "score_text": judgement(result.score),
        "book": s.book,
        "depth": result.depth,
        "completed": result.completed,
        "pv": line_text(pos, &result.pv),
        "nodes": s.nodes,
        "leaf_evals": s.leaf_evals,
        "terminal_nodes": s.terminal_nodes,
        "qnodes": s.qnodes,
        "cutoffs": s.cutoffs,
        "tt_probes": s.tt_probes,
        "tt_hits": s.tt_hits,
        "tt_cutoffs": s.tt_cutoffs,
        "test_calls": s.test_calls,
        "re_searches": s.re_searches,
        "probcuts": s.probcuts,
        "seldepth": s.seldepth,
        "iterations": s.iterations,
        "playouts": s.playouts,
        "time_ms": s.time_ms,
        "nodes_per_sec": s.nodes_per_sec,
        "config": config,
    })
}

/// The text form of a search result.
pub fn result_text<G: Game>(pos: &G, result: &SearchResult<G::Move>) -> String {
    let s = &result.stats;
    let mut out = String::new();
    let best = result
        .best_move
        .map_or_else(|| "none (game over)".to_string(), |m| pos.format_move(m));
    if s.book {
        out += &format!("best move: {best} (opening book: no search chose it)\n");
    } else {
        out += &format!("best move: {best}\n");
    }
    // One scale for a judgement, as `ply play` and `ply review` write it; the engine's own
    // value after it, for the laboratory.
    out += &format!(
        "score: {} for the side to move (engine value {:+})\n",
        judgement(result.score),
        result.score
    );
    if s.book {
        out += "depth: 0 (book)\n";
    } else {
        out += &format!(
            "depth: {}{}\n",
            result.depth,
            if result.completed {
                ""
            } else {
                " (incomplete)"
            }
        );
    }
    out += &format!("pv: {}\n", line_text(pos, &result.pv).join(" "));
    out += &format!(
        "nodes: {}  leaf evals: {}  cutoffs: {}  tt probes/hits: {}/{}  test calls: {}  re-searches: {}\n",
        s.nodes, s.leaf_evals, s.cutoffs, s.tt_probes, s.tt_hits, s.test_calls, s.re_searches
    );
    if s.playouts > 0 {
        out += &format!("playouts: {}  tree nodes: {}\n", s.playouts, s.tree_nodes);
    }
    if s.probcuts > 0 {
        out += &format!("probcuts: {}\n", s.probcuts);
    }
    out += &format!(
        "time: {:.1} ms  ({:.0} nodes/s)\n",
        s.time_ms, s.nodes_per_sec
    );
    out
}
