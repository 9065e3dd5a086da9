//! The state of one running depth-first search, shared by minimax, alpha-beta, PVS and SCOUT.

use crate::game::{Evaluator, Game, Outcome};
use crate::search::cancel::{Budget, CHECK_INTERVAL, PUBLISH_INTERVAL, STOP_CHECK_INTERVAL};
use crate::search::config::SearchConfig;
use crate::search::ordering::MoveOrderer;
use crate::search::pv::PvTable;
use crate::search::score::{clamp_eval, terminal_score};
use crate::search::stats::SearchStats;
use crate::search::tt::TranspositionTable;

/// What the root has found so far in the current iteration (for cancelled searches).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootProgress<M> {
    /// Best fully searched root move and its score.
    pub best: Option<(M, i32)>,
    /// Score of the first root move searched (the previous iteration's best, when deepening).
    pub first_score: Option<i32>,
    /// A move other than the first was searched to an exact score strictly above the first's.
    pub improved: bool,
    /// The root window of the current attempt (scores strictly inside are exact).
    pub window: (i32, i32),
}

impl<M> RootProgress<M> {
    pub fn new(alpha: i32, beta: i32) -> Self {
        RootProgress {
            best: None,
            first_score: None,
            improved: false,
            window: (alpha, beta),
        }
    }
}

/// Borrowed long-lived memory plus per-search counters.
pub(crate) struct Ctx<'a, G: Game> {
    pub config: &'a SearchConfig,
    pub eval: &'a dyn Evaluator<G>,
    pub tt: &'a TranspositionTable,
    /// Whether alpha-beta/PVS consult the table (non-empty table and not switched off).
    pub use_tt: bool,
    pub orderer: &'a mut MoveOrderer<G>,
    /// One move buffer per ply, reused (taken out while the node is open, then put back).
    pub buffers: &'a mut Vec<Vec<G::Move>>,
    pub pv: &'a mut PvTable<G::Move>,
    pub budget: &'a Budget,
    pub stats: SearchStats,
    pub aborted: bool,
    /// Depth-0 leaves and table cut-offs that may carry heuristic information: if an iteration
    /// adds none, it searched every line to the end of the game.
    pub horizon: u64,
    pub root: RootProgress<G::Move>,
    /// Move to try first at the root (previous iteration's best), whatever the ordering.
    pub root_first: Option<G::Move>,
    /// How many ProbCut shallow searches are open on the current line.
    pub probcut_nesting: u32,
    /// `Some(i)` in the i-th helper thread of a parallel search (see [`crate::search::smp`]),
    /// `None` in the main thread or a single-threaded search.
    pub helper: Option<usize>,
}

impl<'a, G: Game> Ctx<'a, G> {
    /// Counts a node about to be searched; checks the clock and the stop flag every
    /// [`CHECK_INTERVAL`] nodes. Returns false when the search must unwind.
    #[inline]
    pub fn enter(&mut self, ply: u32) -> bool {
        if self.aborted {
            return false;
        }
        self.stats.nodes += 1;
        if ply > self.stats.seldepth {
            self.stats.seldepth = ply;
        }
        // The stop flag is one relaxed load: check it often; the clock less often.
        if self.stats.nodes.is_multiple_of(STOP_CHECK_INTERVAL) {
            if self.stats.nodes.is_multiple_of(PUBLISH_INTERVAL) && self.helper.is_none() {
                self.budget.token.publish_nodes(self.stats.nodes);
            }
            let expired = if self.stats.nodes.is_multiple_of(CHECK_INTERVAL) {
                self.budget.expired()
            } else {
                self.budget.stopped()
            };
            if expired {
                self.aborted = true;
                return false;
            }
        }
        true
    }

    #[inline]
    pub fn evaluate(&mut self, pos: &G) -> i32 {
        self.stats.leaf_evals += 1;
        clamp_eval(self.eval.evaluate(pos))
    }

    #[inline]
    pub fn terminal(&mut self, outcome: &Outcome, pos: &G, ply: u32) -> i32 {
        self.stats.terminal_nodes += 1;
        terminal_score(outcome, pos.side_to_move(), ply)
    }

    /// Takes the move buffer of `ply` (fills it with the legal moves of `pos`).
    pub fn moves(&mut self, pos: &G, ply: u32) -> Vec<G::Move> {
        let i = ply as usize;
        if self.buffers.len() <= i {
            self.buffers.resize_with(i + 1, Vec::new);
        }
        let mut buf = self
            .buffers
            .get_mut(i)
            .map(std::mem::take)
            .unwrap_or_default();
        pos.legal_moves(&mut buf);
        buf
    }

    pub fn put_back(&mut self, ply: u32, buf: Vec<G::Move>) {
        if let Some(slot) = self.buffers.get_mut(ply as usize) {
            *slot = buf;
        }
    }

    /// Orders a node's moves; `tt_key` is the table's best-move key, if any.
    pub fn order(&mut self, pos: &G, moves: &mut [G::Move], ply: u32, tt_key: Option<usize>) {
        let first = self.first_move(moves, ply, tt_key);
        self.orderer.order(pos, moves, ply as usize, first);
    }

    /// [`Ctx::order`]'s order, each move after those brought to the front found when
    /// [`MoveOrderer::pick`] asks for it; only where the children are leaves (see
    /// [`MoveOrderer::order_lazily`]).
    ///
    /// [`MoveOrderer::pick`]: crate::search::ordering::MoveOrderer::pick
    /// [`MoveOrderer::order_lazily`]: crate::search::ordering::MoveOrderer::order_lazily
    pub fn order_lazily(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        ply: u32,
        tt_key: Option<usize>,
    ) {
        let first = self.first_move(moves, ply, tt_key);
        self.orderer.order_lazily(pos, moves, ply as usize, first);
    }

    /// The move to search first: at the root the last iteration's best, elsewhere the table's.
    fn first_move(&self, moves: &[G::Move], ply: u32, tt_key: Option<usize>) -> Option<G::Move> {
        if ply == 0 && self.root_first.is_some() {
            self.root_first
        } else if self.orderer.uses_tt_move() {
            tt_key.and_then(|k| moves.iter().copied().find(|&m| G::move_key(m) == k))
        } else {
            None
        }
    }

    /// Records a fully searched root move.
    pub fn root_result(&mut self, mv: G::Move, score: i32) {
        match self.root.first_score {
            None => self.root.first_score = Some(score),
            Some(first) => {
                let (alpha, beta) = self.root.window;
                if score > first && score > alpha && score < beta {
                    self.root.improved = true;
                }
            }
        }
        if self.root.best.is_none_or(|(_, s)| score > s) {
            self.root.best = Some((mv, score));
        }
    }

    /// The start every full-width engine shares: count the node, clear its PV, and settle it
    /// without children when the search is stopping (0, discarded by the caller), the game is over,
    /// or the horizon is reached (`leaf` with the given window and pruning). `None`: search the
    /// children.
    #[inline(always)]
    pub fn settle(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        window: (i32, i32),
        prune: bool,
    ) -> Option<i32> {
        if !self.enter(ply) {
            return Some(0);
        }
        self.pv.clear(ply);
        if let Some(outcome) = pos.outcome() {
            return Some(self.terminal(&outcome, pos, ply));
        }
        if depth == 0 {
            return Some(self.leaf(pos, ply, window.0, window.1, prune));
        }
        None
    }

    /// Value of a non-terminal node at depth 0: the evaluation, or quiescence search if on.
    pub fn leaf(&mut self, pos: &G, ply: u32, alpha: i32, beta: i32, prune: bool) -> i32 {
        self.horizon += 1;
        if self.config.quiescence {
            let q = self.config.quiescence_depth;
            self.quiesce(pos, ply, alpha, beta, q, prune)
        } else {
            self.stats.leaf_evals += 1;
            clamp_eval(self.eval.evaluate_unfinished(pos))
        }
    }
}
