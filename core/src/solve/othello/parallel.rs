//! The parallel part of the endgame search: a node's remaining children searched by several
//! threads at once (Young Brothers Wait: only after its first child, so that a cutoff node
//! usually cuts before any split, and the window is known). See [`crate::solve::split`] for
//! how threads are budgeted and stopped.
//!
//! The value is exact whatever the timing: each child is searched with the best alpha known
//! when it starts; a fail-high whose value another thread has overtaken meanwhile is tested
//! again against the new alpha, so every value combined is either exact, a lower bound at or
//! above beta, or an upper bound at or below the alpha that its node returns. The table is
//! shared, and every entry in it is a true bound (see [`super::tt`]).

use super::search::{MoveEntry, Searcher};
use crate::solve::split::{StopChain, run_split};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// From this many empties on, a node's children may be split among threads: below, a subtree
/// is too small to pay for starting a thread (tens of microseconds).
pub const SPLIT_MIN_EMPTIES: u32 = 12;

/// What the threads at one split point know together.
struct Shared {
    alpha: i32,
    best: i32,
    best_move: Option<usize>,
    cutoff: bool,
}

struct SplitPoint<'a> {
    stop: StopChain<'a>,
    moves: &'a [MoveEntry],
    next: AtomicUsize,
    p: u64,
    o: u64,
    beta: i32,
    shared: Mutex<Shared>,
}

impl SplitPoint<'_> {
    fn shared(&self) -> std::sync::MutexGuard<'_, Shared> {
        // A thread that panicked holding the lock panics the whole solve anyway.
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn alpha(&self) -> i32 {
        self.shared().alpha
    }

    /// Records a child's value (exact, or a bound as described in the module's doc).
    fn record(&self, v: i32, sq: usize) {
        let mut s = self.shared();
        if v > s.best {
            s.best = v;
            s.best_move = Some(sq);
            if v > s.alpha {
                s.alpha = v;
                if v >= self.beta {
                    s.cutoff = true;
                    self.stop.raise();
                }
            }
        }
    }

    /// Takes children one at a time until none is left, the split point is cut off, or the
    /// search is stopped.
    fn work(&self, s: &mut Searcher) {
        let beta = self.beta;
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(m) = self.moves.get(i) else { return };
            let sq = m.square as usize;
            let (cp, co) = (self.o ^ m.flips, self.p | m.flips | (1u64 << sq));
            let v = loop {
                let a = self.alpha();
                if a >= beta {
                    return;
                }
                let v = -s.search(cp, co, -a - 1, -a);
                if s.aborted {
                    return;
                }
                if v <= a || v >= beta {
                    break v;
                }
                let now = self.alpha();
                if v > now {
                    let r = -s.search(cp, co, -beta, -v);
                    if s.aborted {
                        return;
                    }
                    break r;
                }
                // Another thread raised alpha past this fail-high: test again against it.
            };
            self.record(v, sq);
        }
    }
}

/// Searches `moves`, the children of `(p, o)` left after the first, on this thread and the
/// idle threads of the pool, with the window `(alpha, beta)` (`-64 <= alpha < beta <= 64`) and
/// `best`/`best_move` from the children already searched. `None` when no thread is idle (the
/// caller goes on alone); else the node's best value and move. With `s.aborted` set afterwards
/// the result is incomplete, as after any stopped search.
#[allow(clippy::too_many_arguments)]
pub fn split(
    s: &mut Searcher,
    p: u64,
    o: u64,
    moves: &[MoveEntry],
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: Option<usize>,
) -> Option<(i32, Option<usize>)> {
    let pool = s.pool()?;
    if moves.len() < 2 || !pool.has_idle() {
        return None;
    }
    let helpers = pool.reserve(moves.len() - 1);
    if helpers == 0 {
        return None;
    }
    let point = SplitPoint {
        stop: StopChain::new(s.split_point()),
        moves,
        next: AtomicUsize::new(0),
        p,
        o,
        beta,
        shared: Mutex::new(Shared {
            alpha,
            best,
            best_move,
            cutoff: false,
        }),
    };
    let helpers = (0..helpers).map(|_| s.helper(&point.stop)).collect();
    let own = s.helper(&point.stop);
    let (nodes, aborted) = run_split(
        pool,
        helpers,
        own,
        |h| point.work(h),
        |h| (h.nodes, h.aborted),
    );
    s.nodes += nodes;
    let shared = point.shared();
    if aborted && !shared.cutoff {
        s.aborted = true;
    }
    Some((shared.best, shared.best_move))
}
