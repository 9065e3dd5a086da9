//! The parallel part of the Connect Four search: a node's remaining children searched by
//! several threads at once, after its first child (Young Brothers Wait). Threads are budgeted
//! and stopped as [`crate::solve::split`] describes.
//!
//! The search is fail-hard: each child is searched with the best alpha known when it starts; a
//! value above that alpha and below beta is exact, one at or below it is at most that alpha,
//! so the node's alpha after all children is its value as with one thread.

use super::node::Node;
use super::search::Search;
use crate::games::connect4::bitboard::column_of;
use crate::solve::split::{StopChain, run_split};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Nodes with fewer stones than this may split their children among threads; nearer the end a
/// subtree is too small to pay for starting a thread.
pub const SPLIT_BEFORE_MOVE: usize = 24;

/// The node being split: its position, its non-losing moves as bits, the columns left to
/// search (in order), and beta.
pub struct Split<'a> {
    pub node: &'a Node,
    pub next: u64,
    pub moves: &'a [u8],
    pub beta: i32,
}

/// What the threads at one split point know together.
struct Shared {
    alpha: i32,
    best: u8,
    /// A child's score at or above beta, and its column.
    cutoff: Option<(i32, u8)>,
}

struct Point<'a> {
    split: &'a Split<'a>,
    stop: StopChain<'a>,
    taken: AtomicUsize,
    shared: Mutex<Shared>,
}

impl Point<'_> {
    fn shared(&self) -> std::sync::MutexGuard<'_, Shared> {
        // A thread that panicked holding the lock panics the whole solve anyway.
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn work(&self, s: &mut Search) {
        let beta = self.split.beta;
        loop {
            let i = self.taken.fetch_add(1, Ordering::Relaxed);
            let Some(&col) = self.split.moves.get(i) else {
                return;
            };
            let alpha = {
                let shared = self.shared();
                if shared.cutoff.is_some() {
                    return;
                }
                shared.alpha
            };
            let child = self
                .split
                .node
                .play_bit(self.split.next & column_of(col as usize));
            let score = -s.negamax(&child, -beta, -alpha);
            if s.stopped {
                return;
            }
            let mut shared = self.shared();
            if score >= beta {
                if shared.cutoff.is_none() {
                    shared.cutoff = Some((score, col));
                    self.stop.raise();
                }
                return;
            }
            if score > shared.alpha {
                shared.alpha = score;
                shared.best = col;
            }
        }
    }
}

/// Searches the children `split.moves` on this thread and the idle threads of the pool, with
/// the window `(alpha, split.beta)` and `best` the best column so far. `None` when no thread is
/// idle (the caller goes on alone); `Some(Err((score, column)))` for a cutoff; else the node's
/// alpha and best column. With `s.stopped` set afterwards the result is incomplete.
pub fn split(
    s: &mut Search,
    split: &Split,
    alpha: i32,
    best: u8,
) -> Option<Result<(i32, u8), (i32, u8)>> {
    let pool = s.pool?;
    if split.moves.len() < 2 || !pool.has_idle() {
        return None;
    }
    let helpers = pool.reserve(split.moves.len() - 1);
    if helpers == 0 {
        return None;
    }
    let point = Point {
        split,
        stop: StopChain::new(s.split),
        taken: AtomicUsize::new(0),
        shared: Mutex::new(Shared {
            alpha,
            best,
            cutoff: None,
        }),
    };
    let helpers = (0..helpers).map(|_| s.helper(&point.stop)).collect();
    let own = s.helper(&point.stop);
    let (nodes, stopped) = run_split(
        pool,
        helpers,
        own,
        |h| point.work(h),
        |h| (h.nodes, h.stopped),
    );
    s.nodes += nodes;
    let shared = point.shared();
    if let Some(cut) = shared.cutoff {
        return Some(Err(cut));
    }
    if stopped {
        s.stopped = true;
    }
    Some(Ok((shared.alpha, shared.best)))
}
