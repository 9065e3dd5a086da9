//! The driver for the depth-first engines: one fixed-depth search, or iterative deepening with a
//! time budget, optional aspiration windows and a configurable step
//! ([`SearchConfig::deepening_step`]).
//!
//! # Which move a deepening search returns
//! The best move of the last completed iteration. The previous iteration's best move is always
//! searched first at the root, so when time runs out in the middle of an iteration we know that
//! move's score at the new depth; if another root move has by then been searched to an exact
//! score strictly above it, that move is proven better at the new depth and is returned instead.
//! `completed` is false only when the caller stopped the search, or a fixed-depth search ran out of
//! its time before it could finish (a time budget running out is the normal end of deepening). A cancelled fixed-depth search returns the best fully searched
//! root move so far, or the first legal move if none finished.
//!
//! Deepening stops early when an iteration reached no depth-0 leaf and took no table cut-off
//! from an entry that did: the whole game tree below was searched to its end, so deeper
//! iterations cannot differ.

use crate::game::Game;
use crate::search::config::Algorithm;
use crate::search::context::{Ctx, RootProgress};
use crate::search::score::{INFINITY, is_terminal_score};
use crate::search::smp;
use crate::search::{SearchConfig, SearchResult};

impl<G: Game> Ctx<'_, G> {
    /// One root search at `depth` in the window `(alpha, beta)`.
    fn root_search(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.root = RootProgress::new(alpha, beta);
        match self.config.algorithm {
            Algorithm::Minimax => self.minimax(pos, depth, 0),
            Algorithm::AlphaBeta => self.negamax::<false>(pos, depth, 0, alpha, beta),
            Algorithm::Scout => self.scout_eval(pos, depth, 0),
            // MCTS never comes here (see `mcts`); PVS is the default.
            Algorithm::Pvs | Algorithm::Mcts => self.negamax::<true>(pos, depth, 0, alpha, beta),
        }
    }

    /// The principal variation after a completed root search: the triangular line, extended
    /// through table moves where cut-offs shortened it.
    fn principal_variation(&self, pos: &G, depth: u32) -> Vec<G::Move> {
        let mut line = self.pv.line(0).to_vec();
        let mut cur = *pos;
        for &mv in &line {
            cur.play(mv);
        }
        let mut moves = Vec::new();
        while self.use_tt && (line.len() as u32) < depth && cur.outcome().is_none() {
            let Some(key) = self.tt.probe(cur.hash()).and_then(|e| e.move_key) else {
                break;
            };
            cur.legal_moves(&mut moves);
            let Some(mv) = moves.iter().copied().find(|&m| G::move_key(m) == key) else {
                break;
            };
            line.push(mv);
            cur.play(mv);
        }
        line
    }

    pub(crate) fn run_depth_first(&mut self, pos: &G) -> SearchResult<G::Move> {
        let config: &SearchConfig = self.config;
        let max_depth = config
            .depth
            .unwrap_or(if config.time_ms.is_some() {
                SearchConfig::MAX_DEPTH
            } else {
                SearchConfig::DEFAULT_DEPTH
            })
            .clamp(1, SearchConfig::MAX_DEPTH);
        let deepening = config.iterative || config.time_ms.is_some();

        let mut result = SearchResult::empty();
        if let Some(outcome) = pos.outcome() {
            result.score = self.terminal(&outcome, pos, 0);
            result.completed = true;
            return result;
        }
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        // Count back from the limit so the last iteration is exactly the depth asked for.
        let step = config.deepening_step.max(1);
        let first_depth = if deepening {
            (max_depth - 1) % step + 1
        } else {
            max_depth
        };

        for depth in (first_depth..=max_depth).step_by(step as usize) {
            if self
                .helper
                .is_some_and(|h| depth < max_depth && smp::skips(h, depth))
            {
                continue;
            }
            let horizon_before = self.horizon;
            let (mut alpha, mut beta) = (-INFINITY, INFINITY);
            if let (Some(half), true) = (config.aspiration, result.best_move.is_some())
                && !is_terminal_score(result.score)
                && half > 0
            {
                alpha = result.score.saturating_sub(half);
                beta = result.score.saturating_add(half);
            }
            let mut score = self.root_search(pos, depth, alpha, beta);
            if !self.aborted
                && (score <= alpha || score >= beta)
                && (alpha, beta) != (-INFINITY, INFINITY)
            {
                self.stats.re_searches += 1;
                score = self.root_search(pos, depth, -INFINITY, INFINITY);
            }
            if self.aborted {
                let partial = self.root;
                let use_partial = result.best_move.is_none() || partial.improved;
                if use_partial && let Some((mv, s)) = partial.best {
                    result.best_move = Some(mv);
                    result.score = s;
                    // The root's line was last set by this move's completed search (an aborted
                    // child never updates it): keep it, so a ponder has the reply to expect.
                    let line = self.pv.line(0);
                    result.pv = if line.first() == Some(&mv) {
                        line.to_vec()
                    } else {
                        vec![mv]
                    };
                    self.stats.partial_iteration = self.stats.iterations > 0;
                }
                break;
            }
            let best = self.root.best.map(|(mv, _)| mv);
            result.best_move = best.or(result.best_move);
            result.score = score;
            result.depth = depth;
            result.pv = self.principal_variation(pos, depth);
            if result.pv.first() != result.best_move.as_ref() {
                result.pv = result.best_move.into_iter().collect();
            }
            self.stats.depth = depth;
            self.stats.iterations += 1;
            self.root_first = result.best_move;
            if self.horizon == horizon_before {
                break;
            }
            // Another iteration starts while time is left, even one that cannot finish: a move
            // has no clock to save time for, and an unfinished iteration still plays a root
            // move it proved better (so it costs time, never quality). A helper deepens until
            // its team ends: the main thread decides when to stop.
            if self.helper.is_none() && self.budget.used_fraction() >= 1.0 {
                break;
            }
        }
        // A time budget running out is normal; only an outside stop or a fixed-depth search that
        // could not finish makes the result incomplete.
        let finished = !self.aborted || (config.time_ms.is_some() && self.stats.iterations > 0);
        result.completed = finished && !self.budget.token.is_stopped();
        if result.best_move.is_none() {
            result.best_move = legal.first().copied();
            result.pv = result.best_move.into_iter().collect();
        }
        result
    }
}
