//! Stopping a search from another thread, and watching its progress.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A shareable stop flag plus a live node counter. Clone it, hand one copy to the search and
/// keep the other: [`StopToken::stop`] makes the search return promptly (its result is flagged
/// incomplete) and [`StopToken::nodes`] shows how far it got ("thinking… 1.2 M nodes").
#[derive(Clone, Debug, Default)]
pub struct StopToken {
    stop: Arc<AtomicBool>,
    nodes: Arc<AtomicU64>,
}

impl StopToken {
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this token to stop.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The stop flag itself, for the exact solvers' cancel flag.
    pub fn flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Clears the stop flag and the node counter so the token can be used again.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.nodes.store(0, Ordering::Relaxed);
    }

    /// Nodes searched so far by the search using this token (updated every
    /// [`PUBLISH_INTERVAL`] nodes and at the end).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub(crate) fn publish_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }
}

/// How often (in nodes) the search checks the stop flag.
pub const STOP_CHECK_INTERVAL: u64 = 32;
/// How often (in nodes) the search also checks the clock.
pub const CHECK_INTERVAL: u64 = 256;
/// How often (in nodes) the search publishes its node count to the token.
pub const PUBLISH_INTERVAL: u64 = 1024;

/// The limits of one search: the caller's token and an optional deadline, and for a parallel
/// search the flag that ends every thread of it (set by the thread that finishes first, or by
/// the main thread on its way out).
#[derive(Debug)]
pub(crate) struct Budget {
    pub token: StopToken,
    pub started: Instant,
    pub deadline: Option<Instant>,
    pub team: Option<Arc<AtomicBool>>,
}

impl Budget {
    pub fn new(token: &StopToken, time_ms: Option<u64>) -> Self {
        let started = Instant::now();
        Budget {
            token: token.clone(),
            started,
            deadline: time_ms.map(|ms| started + Duration::from_millis(ms)),
            team: None,
        }
    }

    /// True when the caller stopped the search or its team has finished (no clock read).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.token.is_stopped()
            || self
                .team
                .as_ref()
                .is_some_and(|t| t.load(Ordering::Relaxed))
    }

    /// True when the search must stop now.
    pub fn expired(&self) -> bool {
        self.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The same limits for the threads of a parallel search, with a team flag of its own.
    pub fn for_team(&self) -> Budget {
        Budget {
            token: self.token.clone(),
            started: self.started,
            deadline: self.deadline,
            team: Some(Arc::new(AtomicBool::new(false))),
        }
    }

    /// Ends every thread of the team (no effect on a single-threaded search's budget).
    pub fn end_team(&self) {
        if let Some(t) = &self.team {
            t.store(true, Ordering::Relaxed);
        }
    }

    /// The same deadline, its time counted from now: a search that starts after part of the
    /// budget went elsewhere (an exact solve that did not finish) reports its own time.
    pub fn restarted(&self) -> Budget {
        Budget {
            token: self.token.clone(),
            started: Instant::now(),
            deadline: self.deadline,
            team: self.team.clone(),
        }
    }

    pub fn elapsed_ms(&self) -> f64 {
        self.started.elapsed().as_secs_f64() * 1000.0
    }

    /// Fraction of the time budget used (0 without a deadline).
    pub fn used_fraction(&self) -> f64 {
        match self.deadline {
            None => 0.0,
            Some(d) => {
                let total = d
                    .saturating_duration_since(self.started)
                    .as_secs_f64()
                    .max(1e-9);
                self.started.elapsed().as_secs_f64() / total
            }
        }
    }
}
