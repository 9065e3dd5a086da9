//! Search engines for two-player zero-sum games, generic over [`crate::Game`] (negamax form).
//!
//! - [`Algorithm::Minimax`]: plain minimax, no pruning (the papers' baseline);
//! - [`Algorithm::AlphaBeta`]: fail-soft alpha-beta with optional transposition table;
//! - [`Algorithm::Pvs`]: principal variation search / NegaScout;
//! - [`Algorithm::Scout`]: Pearl's SCOUT exactly as published (TEST and EVAL);
//! - [`Algorithm::Mcts`]: Monte Carlo tree search with UCT;
//! - an iterative-deepening driver with time budget, aspiration windows and a step of one or
//!   more plies per iteration ([`SearchConfig::deepening_step`]), quiescence search,
//!   pluggable move ordering (static, TT move, killers, history, History-ADS), a fixed-budget
//!   transposition table, statistics for every search and cancellation from another thread;
//! - a parallel search on several threads sharing one lockless table (Lazy SMP, [`smp`]) for
//!   alpha-beta and PVS, when [`SearchConfig::threads`] asks for more than one.
//!
//! # Using it
//! ```no_run
//! # use ply_core::search::*;
//! # fn demo<G: ply_core::Game>(pos: &G, eval: &dyn ply_core::Evaluator<G>) {
//! let config = SearchConfig { depth: Some(8), ..SearchConfig::default() };
//! let stop = StopToken::new(); // keep a clone to call `stop()` from another thread
//! let result = search(pos, eval, &config, &stop);
//! println!("{:?} {} nodes", result.best_move, result.stats.nodes);
//! # }
//! ```
//! To keep the table between the moves of a game, hold a [`Searcher`] instead.
//!
//! [`minimal_tree::minimal_tree`] computes the floor under all of them: the smallest proof of a
//! position's value at a depth (the minimal alpha-beta tree), for the benchmarks.
//!
//! # Scores
//! See [`score`]: heuristic values inside ±`EVAL_LIMIT`, finished games beyond it, preferring
//! bigger margins, then faster wins and slower losses.
//!
//! # What the engines do not do
//! - Repetition draws need the game's history ([`crate::GameLine`]); inside the search tree
//!   positions are judged by [`crate::Game::outcome`] alone, so a draughts repetition is not
//!   scored as a draw during search (the 40-move counter, kept in the position, is).
//! - SCOUT uses no transposition table (as published); MCTS shares the byte budget for its tree.
//! - With `tt_reuse_deeper` (the default), deeper table entries answer shallower searches, which
//!   is stronger but can differ from fixed-depth minimax where a position recurs at different
//!   depths; the equivalence tests switch it off.
//!
//! # Memory
//! A search uses the transposition table (exactly its byte budget, allocated once when the
//! [`Searcher`] is made and shared by all its threads; MCTS uses the same budget for its tree),
//! and per thread history tables of `2 × MOVE_KEY_SPACE` counters, and O(depth) per-ply move
//! buffers, killer slots and ADS lists (plus a triangular PV of depth² moves), all reused across
//! searches.

mod alphabeta;
pub mod cancel;
pub mod config;
mod context;
mod iterative;
pub mod mcts;
pub mod minimal_tree;
mod minimax;
pub mod multi;
pub mod ordering;
pub mod probcut;
mod pv;
pub mod pvs;
mod quiescence;
pub mod root;
pub mod score;
mod scout;
pub mod smp;
pub mod stats;
pub mod tt;
pub(crate) mod uct;

pub use cancel::StopToken;
pub use config::{
    AdsConfig, AdsUpdate, Algorithm, HistoryIncrement, KillerMode, MctsConfig, Ordering,
    OrderingConfig, Playout, SearchConfig, UnknownName,
};
pub use root::{ExactSolve, RootOracle};
pub use score::ExactEvaluator;

pub use stats::SearchStats;
pub use tt::TranspositionTable;

use crate::game::{Evaluator, Game};
use cancel::Budget;
use smp::ThreadState;

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SearchResult<M> {
    /// The move to play; `None` only if the game is already over.
    pub best_move: Option<M>,
    /// Score of `best_move` from the side to move's view (see [`score`]).
    pub score: i32,
    /// Depth of the last completed iteration (MCTS: deepest tree ply reached); 0 for the opening
    /// book's move (`stats.book`).
    pub depth: u32,
    /// Principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    pub stats: SearchStats,
    /// False if the search was stopped from outside, or a fixed-depth search ran out of time,
    /// before the result was final (the move is then the best found so far).
    pub completed: bool,
}

impl<M> SearchResult<M> {
    fn empty() -> Self {
        SearchResult {
            best_move: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            stats: SearchStats::default(),
            completed: false,
        }
    }

    /// The same result with moves converted (e.g. to text for JSON).
    pub fn map_moves<T>(self, mut f: impl FnMut(M) -> T) -> SearchResult<T> {
        SearchResult {
            best_move: self.best_move.map(&mut f),
            score: self.score,
            depth: self.depth,
            pv: self.pv.into_iter().map(f).collect(),
            stats: self.stats,
            completed: self.completed,
        }
    }
}

/// An engine with its long-lived memory (table, ordering tables, buffers), reusable across the
/// moves of a game. The table keeps its entries between searches (older ones are replaced first);
/// killers, history and ADS lists start empty at every search so results are reproducible (with
/// one thread: see [`SearchConfig::threads`]).
pub struct Searcher<G: Game> {
    config: SearchConfig,
    /// The game's book and solver for [`SearchConfig::book`] and
    /// [`SearchConfig::exact_empties`] ([`Searcher::with_root`]); without, both are off.
    root: Option<&'static dyn RootOracle<G>>,
    tt: TranspositionTable,
    main: ThreadState<G>,
    /// The helper threads' own memory, for a parallel search ([`smp`]).
    helpers: Vec<ThreadState<G>>,
}

impl<G: Game> Searcher<G> {
    /// Allocates the table (`config.tt_bytes`, unless the algorithm cannot use it): one table
    /// whatever the number of threads.
    pub fn new(config: &SearchConfig) -> Self {
        assert!(
            G::NUM_PLAYERS == 2,
            "the search engines are for two-player games"
        );
        let tt = TranspositionTable::new(config.table_bytes());
        // A search that will fill its table maps the pages first (see `tt::prefault`): a time
        // budget alone does not say so when a low depth cap ends the search first (level 5's
        // depth-5 move in 0.2 ms would pay 5.5 ms for its 16 MB).
        use crate::search::tt::{MAP_PAGES_FROM_DEPTH, MAP_PAGES_FROM_MS};
        if config.search_threads() > 1
            || (config.time_ms.is_some_and(|t| t >= MAP_PAGES_FROM_MS)
                && config.depth.is_none_or(|d| d >= MAP_PAGES_FROM_DEPTH))
        {
            tt.map_pages();
        }
        let helpers = config.search_threads() as usize - 1;
        Searcher {
            config: *config,
            root: None,
            tt,
            main: ThreadState::new(config),
            helpers: (0..helpers).map(|_| ThreadState::new(config)).collect(),
        }
    }

    /// The same searcher playing the book and solving the root with `root`, when the
    /// configuration asks ([`crate::engine::searcher`] gives each game's own).
    pub fn with_root(mut self, root: Option<&'static dyn RootOracle<G>>) -> Self {
        self.root = root;
        self
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the depth limit, keeping the table (a ladder of depths on one position).
    pub fn set_depth(&mut self, depth: Option<u32>) {
        self.config.depth = depth;
    }

    /// Forgets the table's contents.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Bytes held by the transposition table.
    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Threads a depth-first search uses: [`SearchConfig::threads`], or 1 where there is no
    /// table for them to share (SCOUT, minimax, no budget).
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Searches `pos`. Returns within a few milliseconds of `stop.stop()` or the time budget.
    pub fn search(
        &mut self,
        pos: &G,
        eval: &dyn Evaluator<G>,
        stop: &StopToken,
    ) -> SearchResult<G::Move> {
        let outer = Budget::new(stop, self.config.time_ms);
        let booked = self.book_root(pos, eval);
        let solved = if booked.is_none() {
            self.solve_root(pos, &outer)
        } else {
            None
        };
        let budget = outer.restarted();
        let mut result = if let Some(booked) = booked {
            booked
        } else if let Some(exact) = solved {
            exact
        } else if self.config.algorithm == Algorithm::Mcts {
            mcts::run_mcts(pos, eval, &self.config, &budget)
        } else {
            self.tt.new_search();
            if self.helpers.is_empty() {
                let (result, _) = smp::run_thread(
                    pos,
                    &self.config,
                    eval,
                    &self.tt,
                    &mut self.main,
                    &budget,
                    None,
                );
                result
            } else {
                smp::run_team(
                    pos,
                    &self.config,
                    eval,
                    &self.tt,
                    &mut self.main,
                    &mut self.helpers,
                    &budget,
                )
            }
        };
        let stats = &mut result.stats;
        stats.time_ms = outer.elapsed_ms();
        stats.nodes_per_sec = if stats.time_ms > 0.0 {
            stats.nodes as f64 / (stats.time_ms / 1000.0)
        } else {
            0.0
        };
        stop.publish_nodes(stats.nodes);
        result
    }
}

impl<G: Game> Searcher<G> {
    /// The opening book's move at the root, valued by the evaluation of the position it leads
    /// to, when the configuration asks for the book and the position is in it.
    fn book_root(&self, pos: &G, eval: &dyn Evaluator<G>) -> Option<SearchResult<G::Move>> {
        if !self.config.book || self.config.algorithm == Algorithm::Mcts {
            return None;
        }
        let book = self.root?;
        let mv = *book.book_moves(pos).first()?;
        if !pos.is_legal(mv) {
            return None;
        }
        let mut child = *pos;
        child.play(mv);
        // The reply the book expects, for pondering.
        let mut pv = vec![mv];
        pv.extend(book.book_moves(&child).first().copied());
        Some(SearchResult {
            best_move: Some(mv),
            score: -score::clamp_eval(eval.evaluate(&child)),
            // No search iteration chose it: what says "book" where a result is shown.
            depth: 0,
            pv,
            stats: SearchStats {
                nodes: 1,
                leaf_evals: 1,
                book: true,
                ..SearchStats::default()
            },
            completed: true,
        })
    }

    /// The root solved exactly, when the configuration asks for it and the game's solver
    /// finishes within the budget.
    fn solve_root(&self, pos: &G, budget: &Budget) -> Option<SearchResult<G::Move>> {
        if self.config.exact_empties == 0 || self.config.algorithm == Algorithm::Mcts {
            return None;
        }
        // The oracle's share of the time at most: a solve that does not finish leaves the
        // search the rest.
        let root = self.root?;
        let share = root.solve_share().clamp(0.0, 1.0);
        let deadline = budget
            .deadline
            .map(|d| budget.started + d.saturating_duration_since(budget.started).mul_f64(share));
        // The search's table stays allocated meanwhile: the solver's is a quarter of its size,
        // so that both together stay near the budget the device gave the search.
        let solved = root.solve_exact(
            pos,
            self.config.exact_empties,
            (self.config.tt_bytes / 4).max(1 << 20),
            usize::try_from(self.config.threads.max(1)).unwrap_or(1),
            budget.token.flag(),
            deadline,
        )?;
        let mover = pos.side_to_move();
        let plies = solved.plies;
        let outcome = crate::game::Outcome {
            winner: match solved.sign {
                1 => Some(mover),
                -1 => Some(1 - mover),
                _ => None,
            },
            margin: solved.margin,
            // `terminal_score` reads only the winner and the margin.
            reason: crate::game::EndReason::NoMovesForEither,
        };
        let stats = SearchStats {
            nodes: solved.nodes,
            ..SearchStats::default()
        };
        Some(SearchResult {
            best_move: solved.best_move,
            score: score::terminal_score(&outcome, mover, plies),
            depth: plies,
            pv: solved.pv,
            stats,
            completed: true,
        })
    }
}

/// Searches `pos` once with a fresh [`Searcher`] (the table is allocated for this search),
/// without a book or an exact solve at the root ([`crate::engine::search`] has them).
pub fn search<G: Game>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: &StopToken,
) -> SearchResult<G::Move> {
    Searcher::new(config).search(pos, eval, stop)
}
