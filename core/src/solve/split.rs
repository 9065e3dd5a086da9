//! What the parallel exact solvers share: the budget of threads a solve may run at once, and
//! the chain of stop flags of the split points a thread works under.
//!
//! Both solvers split Young Brothers Wait style: a node searches its first child alone, and
//! only then, if a thread of the budget is idle, hands its remaining children to helper threads
//! (scoped, spawned at the split and joined before the node returns). A thread waiting at a
//! join gives its place in the budget back, so the threads still working below can split in
//! turn: at most `threads` threads search at any moment. A cutoff at a split point raises its
//! stop flag, and every thread below it (its helpers and their own helpers) sees the flag on
//! its next look at the cancel flag.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The most threads a solve searches with (more are clamped to it): each thread waiting at a
/// join still holds a system thread, so the system's limit must stay far away.
pub const MAX_THREADS: usize = crate::search::smp::MAX_THREADS as usize;

/// The threads a parallel solve may keep busy.
pub struct Pool {
    threads: usize,
    busy: AtomicUsize,
    /// Nanoseconds helpers ran, and threads waited at joins: what [`Pool::mean_busy`] needs.
    helper_nanos: AtomicU64,
    waiting_nanos: AtomicU64,
}

impl Pool {
    /// A budget of `threads` threads (1 to [`MAX_THREADS`]), the calling thread counted as busy.
    pub fn new(threads: usize) -> Pool {
        Pool {
            threads: threads.clamp(1, MAX_THREADS),
            busy: AtomicUsize::new(1),
            helper_nanos: AtomicU64::new(0),
            waiting_nanos: AtomicU64::new(0),
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether a thread of the budget is idle now (a cheap look before preparing a split).
    #[inline]
    pub fn has_idle(&self) -> bool {
        self.busy.load(Ordering::Relaxed) < self.threads
    }

    /// Claims up to `wanted` idle threads; returns how many it got (each to be given back with
    /// [`Pool::release`] when its helper ends).
    pub fn reserve(&self, wanted: usize) -> usize {
        let mut busy = self.busy.load(Ordering::Relaxed);
        loop {
            let take = self.threads.saturating_sub(busy).min(wanted);
            if take == 0 {
                return 0;
            }
            match self.busy.compare_exchange_weak(
                busy,
                busy + take,
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => return take,
                Err(now) => busy = now,
            }
        }
    }

    /// Gives `n` threads back to the budget.
    pub fn release(&self, n: usize) {
        self.busy.fetch_sub(n, Ordering::AcqRel);
    }

    /// Notes that a helper ran for `time` (its own waits at joins included).
    pub fn helper_ran(&self, time: Duration) {
        self.helper_nanos
            .fetch_add(time.as_nanos() as u64, Ordering::Relaxed);
    }

    /// Notes that a thread waited `time` at a join.
    pub fn waited(&self, time: Duration) {
        self.waiting_nanos
            .fetch_add(time.as_nanos() as u64, Ordering::Relaxed);
    }

    /// How many threads were searching on average over a solve that took `wall` on the calling
    /// thread: the parallelism the splitting found, whatever share of the cores the machine
    /// gave it (a thread waiting for a core counts as searching).
    pub fn mean_busy(&self, wall: Duration) -> f64 {
        let wall_ns = wall.as_nanos() as f64;
        if wall_ns == 0.0 {
            return 1.0;
        }
        let helpers = self.helper_nanos.load(Ordering::Relaxed) as f64;
        let waits = self.waiting_nanos.load(Ordering::Relaxed) as f64;
        ((wall_ns + helpers - waits) / wall_ns).max(0.0)
    }

    /// Counts the calling thread busy again after a join, waiting for a place if the threads
    /// still working elsewhere took them all meanwhile (they never wait for this one, so a
    /// place comes free): at most `threads` threads search at any moment.
    pub fn resume(&self) {
        let mut busy = self.busy.load(Ordering::Relaxed);
        loop {
            if busy >= self.threads {
                std::thread::yield_now();
                busy = self.busy.load(Ordering::Relaxed);
                continue;
            }
            match self.busy.compare_exchange_weak(
                busy,
                busy + 1,
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => return,
                Err(now) => busy = now,
            }
        }
    }
}

/// A split point's stop flag, linked to the flags of the split points above it.
pub struct StopChain<'a> {
    stop: AtomicBool,
    parent: Option<&'a StopChain<'a>>,
}

impl<'a> StopChain<'a> {
    pub fn new(parent: Option<&'a StopChain<'a>>) -> StopChain<'a> {
        StopChain {
            stop: AtomicBool::new(false),
            parent,
        }
    }

    /// Stops every thread working under this split point.
    pub fn raise(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether this split point or one above it was stopped.
    pub fn raised(&self) -> bool {
        let mut link = Some(self);
        while let Some(s) = link {
            if s.stop.load(Ordering::Relaxed) {
                return true;
            }
            link = s.parent;
        }
        false
    }
}

/// A helper's clock: started when it is spawned, read when it ends.
pub fn clock() -> Instant {
    Instant::now()
}

/// The number of threads to use when the caller says "all cores".
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Joins a helper, passing its panic on to the caller.
pub fn join<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Runs a split point's work: `own` on the calling thread and each of `helpers` on a scoped
/// thread of its own (their places already reserved with [`Pool::reserve`]), each calling
/// `work` until the point's moves are taken. The calling thread gives its place back while it
/// waits for the helpers and takes one again after. Returns the nodes all of them searched and
/// whether any was stopped (`tally` reads both from a finished worker).
pub fn run_split<H: Send>(
    pool: &Pool,
    helpers: Vec<H>,
    mut own: H,
    work: impl Fn(&mut H) + Sync,
    tally: impl Fn(&H) -> (u64, bool) + Sync,
) -> (u64, bool) {
    std::thread::scope(|scope| {
        let (work, tally) = (&work, &tally);
        let handles: Vec<_> = helpers
            .into_iter()
            .map(|mut h| {
                scope.spawn(move || {
                    let began = clock();
                    work(&mut h);
                    pool.helper_ran(began.elapsed());
                    pool.release(1);
                    tally(&h)
                })
            })
            .collect();
        work(&mut own);
        // Waiting for the helpers, this thread leaves its place to whoever can split below.
        pool.release(1);
        let waiting = clock();
        let mut total = tally(&own);
        for handle in handles {
            let (n, stopped) = join(handle);
            total = (total.0 + n, total.1 || stopped);
        }
        pool.waited(waiting.elapsed());
        pool.resume();
        total
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pool_never_hands_out_more_than_its_threads() {
        let pool = Pool::new(4);
        assert_eq!(pool.reserve(2), 2);
        assert_eq!(pool.reserve(5), 1);
        assert!(!pool.has_idle());
        assert_eq!(pool.reserve(1), 0);
        pool.release(2);
        assert_eq!(pool.reserve(3), 2);
        assert_eq!(
            Pool::new(0).reserve(1),
            0,
            "zero threads means one: the caller"
        );
    }

    #[test]
    fn a_raised_flag_stops_everything_below_it() {
        let top = StopChain::new(None);
        let mid = StopChain::new(Some(&top));
        let low = StopChain::new(Some(&mid));
        assert!(!low.raised());
        mid.raise();
        assert!(low.raised() && mid.raised() && !top.raised());
    }
}
