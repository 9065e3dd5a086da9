//! Parallel search (Lazy SMP, as Stockfish and Egaroucid search the middle game): every thread
//! runs the same iterative-deepening alpha-beta or PVS from the same root on one shared
//! transposition table ([`crate::search::tt`], lockless), each with its own killers, history,
//! move buffers and principal variation. The threads share nothing else; what one proves, the
//! others read from the table, so together they finish iterations sooner than one alone.
//!
//! # How the helpers add depth
//! A helper skips some iterations (Stockfish's skip blocks, by helper index: the first helper
//! searches every other depth, later ones skip in longer blocks at other phases), so at any
//! moment the threads work at different depths, and a helper's deeper search fills the table
//! with entries the main thread's next iteration cuts on. The last depth asked for is never
//! skipped. The main thread decides when the deepening stops (its time used up, or the depth
//! asked for reached); helpers search until their team ends.
//!
//! # Which answer, and how it stops
//! The first thread to finish its search (the depth asked for, or a tree searched to the end)
//! ends its team; the main thread ends it on its way out in any case (its time used up, the
//! caller's stop, the deadline). The answer is the result of the deepest completed iteration
//! among the threads, the main thread's on a tie. Every thread checks the caller's stop token,
//! the team flag and the deadline at the same intervals as a single-threaded search, so the
//! call returns as promptly; the threads are scoped, so none outlives the call.
//!
//! With `threads: 1` (the default) none of this runs: the search is the single-threaded,
//! deterministic one every node-count test and experiment compares.

use crate::game::{Evaluator, Game};
use crate::search::SearchResult;
use crate::search::cancel::Budget;
use crate::search::config::SearchConfig;
use crate::search::context::{Ctx, RootProgress};
use crate::search::ordering::MoveOrderer;
use crate::search::pv::PvTable;
use crate::search::stats::SearchStats;
use crate::search::tt::TranspositionTable;

/// The most threads a search uses (more are clamped to this).
pub const MAX_THREADS: u32 = 64;

/// The memory of one search thread besides the shared table: ordering tables, move buffers,
/// principal variation. Reused from one search to the next.
pub(crate) struct ThreadState<G: Game> {
    pub orderer: MoveOrderer<G>,
    pub buffers: Vec<Vec<G::Move>>,
    pub pv: PvTable<G::Move>,
}

impl<G: Game> ThreadState<G> {
    pub fn new(config: &SearchConfig) -> Self {
        ThreadState {
            orderer: MoveOrderer::new(config.ordering),
            buffers: Vec::new(),
            pv: PvTable::new(),
        }
    }
}

/// Stockfish's skip blocks (version 9 onwards): helper `i` skips depth `d` when
/// `((d + PHASE[i % 20]) / SIZE[i % 20])` is odd.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper `helper` (0 for the first helper) leaves out the iteration at `depth`.
pub(crate) fn skips(helper: usize, depth: u32) -> bool {
    let i = helper % SKIP_SIZE.len();
    let (size, phase) = (SKIP_SIZE[i], SKIP_PHASE[i]);
    ((depth + phase) / size) % 2 == 1
}

/// One thread's iterative deepening on the shared table. `helper`: see [`Ctx::helper`].
/// Returns the result (with this thread's statistics) and whether the thread ended on its
/// own (rather than stopped).
pub(crate) fn run_thread<G: Game>(
    pos: &G,
    config: &SearchConfig,
    eval: &dyn Evaluator<G>,
    tt: &TranspositionTable,
    state: &mut ThreadState<G>,
    budget: &Budget,
    helper: Option<usize>,
) -> (SearchResult<G::Move>, bool) {
    state.orderer.clear();
    let mut ctx = Ctx {
        config,
        eval,
        use_tt: !tt.is_empty(),
        tt,
        orderer: &mut state.orderer,
        buffers: &mut state.buffers,
        pv: &mut state.pv,
        budget,
        stats: SearchStats::default(),
        aborted: false,
        horizon: 0,
        root: RootProgress::new(0, 0),
        root_first: None,
        probcut_nesting: 0,
        helper,
    };
    let mut result = ctx.run_depth_first(pos);
    // Every ProbCut try closes what it opened, aborted or not.
    debug_assert_eq!(ctx.probcut_nesting, 0);
    result.stats = ctx.stats;
    (result, !ctx.aborted)
}

/// The parallel search: the main thread here, `helpers.len()` more on scoped threads (fewer if
/// the system refuses to start some). See the module documentation.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_team<G: Game>(
    pos: &G,
    config: &SearchConfig,
    eval: &dyn Evaluator<G>,
    tt: &TranspositionTable,
    main: &mut ThreadState<G>,
    helpers: &mut [ThreadState<G>],
    outer: &Budget,
) -> SearchResult<G::Move> {
    let budget = outer.for_team();
    let budget = &budget;
    std::thread::scope(|scope| {
        let handles: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .filter_map(|(i, state)| {
                std::thread::Builder::new()
                    .name(format!("ply-search-{}", i + 1))
                    .spawn_scoped(scope, move || {
                        let (result, finished) =
                            run_thread(pos, config, eval, tt, state, budget, Some(i));
                        if finished {
                            budget.end_team();
                        }
                        result
                    })
                    .ok()
            })
            .collect();
        // Ends the team however the main thread leaves, a panic included, so that the scope
        // does not wait for helpers that would otherwise search on.
        struct EndTeam<'b>(&'b Budget);
        impl Drop for EndTeam<'_> {
            fn drop(&mut self) {
                self.0.end_team();
            }
        }
        let end = EndTeam(budget);
        let (main_result, _) = run_thread(pos, config, eval, tt, main, budget, None);
        drop(end);
        let mut results = vec![main_result];
        for handle in handles {
            match handle.join() {
                Ok(result) => results.push(result),
                // A helper's panic is the search's: the same as a single thread's.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        merge(results)
    })
}

/// The deepest completed iteration's result (the first, the main thread's, on a tie), with
/// every thread's work counted in its statistics.
fn merge<M: Copy>(results: Vec<SearchResult<M>>) -> SearchResult<M> {
    let main_completed = results.first().is_some_and(|r| r.completed);
    let mut chosen = 0;
    for (i, r) in results.iter().enumerate() {
        let best = &results[chosen];
        if r.best_move.is_some() && (best.best_move.is_none() || r.depth > best.depth) {
            chosen = i;
        }
    }
    let mut stats = results[chosen].stats.clone();
    for (i, r) in results.iter().enumerate() {
        if i != chosen {
            stats.add_counts(&r.stats);
        }
    }
    let mut result = results
        .into_iter()
        .nth(chosen)
        .unwrap_or_else(SearchResult::empty);
    result.completed |= main_completed;
    result.stats = stats;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_helper_searches_every_other_depth_and_later_ones_other_phases() {
        let searched = |h: usize| (1..=12).filter(|&d| !skips(h, d)).collect::<Vec<_>>();
        assert_eq!(searched(0), vec![2, 4, 6, 8, 10, 12]);
        assert_eq!(searched(1), vec![1, 3, 5, 7, 9, 11]);
        assert_eq!(searched(2), vec![1, 4, 5, 8, 9, 12]);
        // The 21st helper repeats the first's pattern.
        assert_eq!(searched(20), searched(0));
    }
}
