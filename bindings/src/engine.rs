//! The games a session can play: board view plus evaluator, and running one search.

use crate::board::BoardView;
use crate::error::PlyError;
use crate::settings::{HeuristicChoice, SearchAlgorithm};
use crate::snapshot::SearchInfo;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::Othello;
use ply_core::search::{SearchConfig, StopToken, search};
use ply_core::{Evaluator, Game};
use std::sync::Arc;

/// A game with a board view and evaluators for the engine settings' heuristic choice.
pub(crate) trait Playable: BoardView {
    fn evaluator(choice: &HeuristicChoice) -> Result<Arc<dyn Evaluator<Self>>, PlyError>;
}

/// The result of a search, with moves already turned into the position's legal-move index and
/// notation (so it can cross threads and be applied after re-locking the session).
pub(crate) struct Found {
    pub index: Option<u32>,
    pub info: SearchInfo,
}

/// Runs `config` on `pos` until done, out of time, or `stop`ped.
pub(crate) fn run<G: Playable>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    config: &SearchConfig,
    algorithm: SearchAlgorithm,
    stop: &StopToken,
) -> Found {
    let result = search(pos, eval, config, stop);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let index = result.best_move.and_then(|m| legal.iter().position(|x| *x == m)).map(|i| i as u32);
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

pub(crate) fn preset_only(choice: &HeuristicChoice) -> Result<(), PlyError> {
    match choice {
        HeuristicChoice::Preset { name } if name == "default" => Ok(()),
        HeuristicChoice::Preset { name } => {
            Err(PlyError::settings(format!("unknown heuristic preset '{name}' (known: default)")))
        }
        HeuristicChoice::CustomWeights { .. } => {
            Err(PlyError::settings("custom weights need the weighted heuristic, not built in yet"))
        }
    }
}

/// Fallback Othello evaluation until the weighted heuristic lands: corners, mobility, discs.
struct OthelloFallback;

impl Evaluator<Othello> for OthelloFallback {
    fn evaluate(&self, pos: &Othello) -> i32 {
        const CORNERS: u64 = 0x8100_0000_0000_0081;
        let mut other = *pos;
        other.pass();
        let mobility = pos.move_mask().count_ones() as i32 - other.move_mask().count_ones() as i32;
        let corners = (pos.player() & CORNERS).count_ones() as i32 - (pos.opponent() & CORNERS).count_ones() as i32;
        let discs = pos.player().count_ones() as i32 - pos.opponent().count_ones() as i32;
        25 * corners + 5 * mobility + discs
    }
}

impl Playable for Othello {
    fn evaluator(choice: &HeuristicChoice) -> Result<Arc<dyn Evaluator<Self>>, PlyError> {
        preset_only(choice)?;
        Ok(Arc::new(OthelloFallback))
    }
}

/// Fallback Connect Four evaluation: stones in the centre column.
struct ConnectFourFallback;

impl Evaluator<ConnectFour> for ConnectFourFallback {
    fn evaluate(&self, pos: &ConnectFour) -> i32 {
        let me = usize::from(pos.side_to_move());
        pos.columns_played()
            .enumerate()
            .filter(|(_, c)| *c == 3)
            .map(|(n, _)| if n % 2 == me { 1 } else { -1 })
            .sum()
    }
}

impl Playable for ConnectFour {
    fn evaluator(choice: &HeuristicChoice) -> Result<Arc<dyn Evaluator<Self>>, PlyError> {
        preset_only(choice)?;
        Ok(Arc::new(ConnectFourFallback))
    }
}
