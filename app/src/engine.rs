//! The games a session can play (board view plus the weighted heuristic), and one search.

use crate::board::BoardView;
use crate::error::AppError;
use crate::settings::{HeuristicChoice, SearchAlgorithm};
use crate::snapshot::SearchInfo;
use ply_core::Evaluator;
use ply_core::engine::search;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::Othello;
use ply_core::heuristic::{HasHeuristic, Weights};
use ply_core::review::ReviewConfig;
use ply_core::review::judge::Reviewable;
use ply_core::search::{SearchConfig, SearchResult, Searcher, StopToken};
use std::sync::Arc;

/// A game with a board view and the weighted heuristic's presets.
pub trait Playable: BoardView + HasHeuristic + Reviewable {}

/// The result of a search, with moves already turned into the position's legal-move index and
/// notation (so it can cross threads and be applied after re-locking the session).
#[derive(Clone)]
pub struct Found {
    pub index: Option<u32>,
    pub info: SearchInfo,
}

/// Runs `config` on `pos` until done, out of time, or `stop`ped.
pub fn run<G: Playable>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    config: &SearchConfig,
    algorithm: SearchAlgorithm,
    stop: &StopToken,
) -> Found {
    found(pos, search(pos, eval, config, stop), algorithm)
}

/// Like [`run`] with a searcher kept between searches (its table keeps what earlier searches,
/// pondering included, learned).
pub fn run_kept<G: Playable>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    searcher: &mut Searcher<G>,
    algorithm: SearchAlgorithm,
    stop: &StopToken,
) -> Found {
    found(pos, searcher.search(pos, eval, stop), algorithm)
}

fn found<G: Playable>(pos: &G, result: SearchResult<G::Move>, algorithm: SearchAlgorithm) -> Found {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let index = result
        .best_move
        .and_then(|m| legal.iter().position(|x| *x == m))
        .map(|i| i as u32);
    let mut pv = Vec::with_capacity(result.pv.len());
    let mut p = *pos;
    for mv in &result.pv {
        if !p.is_legal(*mv) {
            break;
        }
        pv.push(p.format_move(*mv));
        p.play(*mv);
    }
    let s = &result.stats;
    Found {
        index,
        info: SearchInfo {
            algorithm,
            nodes: s.nodes,
            leaf_evals: s.leaf_evals,
            cutoffs: s.cutoffs,
            tt_probes: s.tt_probes,
            tt_hits: s.tt_hits,
            test_calls: s.test_calls,
            re_searches: s.re_searches,
            depth: result.depth,
            time_ms: s.time_ms,
            nodes_per_sec: s.nodes_per_sec,
            score: result.score,
            pv,
            completed: result.completed,
        },
    }
}

/// The evaluator of a heuristic choice: a named preset, or explicit weights as JSON.
pub fn evaluator<G: HasHeuristic>(
    choice: &HeuristicChoice,
) -> Result<Arc<dyn Evaluator<G>>, AppError> {
    match choice {
        HeuristicChoice::Preset { name } => Ok(G::heuristic(name)?),
        HeuristicChoice::CustomWeights { json } => {
            let weights = Weights::from_json(json)?;
            Ok(G::heuristic_from_weights(&weights)?)
        }
    }
}

/// The move a review of `pos` with `config` calls best, as a search's result (its value the
/// review's, in the review's units); `None` as [`ply_core::review::best_move`].
///
/// What a two-player game's hint is: a hint from the level's own search could be a move the
/// after-game review calls a blunder (Connect Four's review is exact, Othello's from 20
/// empties, and the review searches deeper than the low levels), so a person following every
/// hint would be told they played badly.
pub fn reviews_best<G: Playable>(
    pos: &G,
    config: &ReviewConfig,
    algorithm: SearchAlgorithm,
    stop: &StopToken,
) -> Option<Found> {
    let started = std::time::Instant::now();
    let (judged, nodes) = ply_core::review::best_move(pos, config, stop)?;
    let best = judged.best?;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let index = legal.iter().position(|m| *m == best)? as u32;
    let time_ms = started.elapsed().as_secs_f64() * 1000.0;
    Some(Found {
        index: Some(index),
        info: SearchInfo {
            algorithm,
            nodes,
            leaf_evals: 0,
            cutoffs: 0,
            tt_probes: 0,
            tt_hits: 0,
            test_calls: 0,
            re_searches: 0,
            depth: config.depth,
            time_ms,
            nodes_per_sec: if time_ms > 0.0 {
                nodes as f64 * 1000.0 / time_ms
            } else {
                0.0
            },
            score: judged.value,
            pv: vec![pos.format_move(best)],
            completed: true,
        },
    })
}

impl Playable for Othello {}
impl Playable for ConnectFour {}
