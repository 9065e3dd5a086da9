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

/// The most threads [`threads_for_level`] gives a level.
pub const LEVEL_THREADS_CAP: u32 = 4;

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

/// How many threads a level of the apps should search with on a device with `device_cores`
/// cores (0: unknown) and a table of `table_bytes` (the level's table within the device's
/// memory cap): between 1 and [`LEVEL_THREADS_CAP`].
///
/// - Levels 1-4 search alone: their moves take 0.1-1.6 s at shallow depths, where a second
///   thread saves little, and the weakest levels keep no table to share.
/// - From level 5 one thread more every two levels: 2 at levels 5-6, 3 at 7-8, 4 at 9-10.
/// - Never more than the cores, less one on a device of four cores or more (left to the
///   interface and the system; a phone's small cores are slow ones).
/// - At least 2 MiB of table per thread: the threads share one table (more threads never
///   mean more table), and a hypothesis, not measured here, is that a table much smaller
///   than what the threads fill between two visits of a position stops carrying their work.
pub fn threads_for_level(level: u8, device_cores: u32, table_bytes: u64) -> u32 {
    const PER_THREAD_TABLE: u64 = 2 << 20;
    let by_level = match level {
        0..=4 => 1,
        5 | 6 => 2,
        7 | 8 => 3,
        _ => 4,
    };
    let by_cores = match device_cores {
        0 => 1,
        1..=3 => device_cores,
        _ => device_cores - 1,
    };
    let by_table = u32::try_from(table_bytes / PER_THREAD_TABLE).unwrap_or(u32::MAX);
    by_level
        .min(by_cores)
        .min(by_table)
        .clamp(1, LEVEL_THREADS_CAP)
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

    #[test]
    fn level_threads_are_bounded_by_level_cores_and_table() {
        const MIB: u64 = 1 << 20;
        // The level's own bound on a big device.
        let by_level: Vec<u32> = (1..=10)
            .map(|l| threads_for_level(l, 8, 256 * MIB))
            .collect();
        assert_eq!(by_level, vec![1, 1, 1, 1, 2, 2, 3, 3, 4, 4]);
        // Cores: all of 2, all but one of 4 or more, one when unknown.
        assert_eq!(threads_for_level(10, 2, 256 * MIB), 2);
        assert_eq!(threads_for_level(10, 4, 256 * MIB), 3);
        assert_eq!(threads_for_level(10, 0, 256 * MIB), 1);
        assert_eq!(threads_for_level(10, 1, 256 * MIB), 1);
        // Table: 2 MiB a thread, and never none.
        assert_eq!(threads_for_level(10, 8, 4 * MIB), 2);
        assert_eq!(threads_for_level(10, 8, 0), 1);
        // Never above the cap, whatever the device.
        assert_eq!(threads_for_level(10, 64, u64::MAX), LEVEL_THREADS_CAP);
        assert_eq!(threads_for_level(u8::MAX, 64, u64::MAX), LEVEL_THREADS_CAP);
    }
}
