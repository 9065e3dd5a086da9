//! `ply experiment`: the papers' experiments re-run with Ply's engines, each writing a Markdown
//! report beside its data (CSV, JSON) and SVG plots. One module per paper; the statistics, the
//! report and the plots are shared.

pub mod connect4_variants;
pub mod draughts_agents;
pub mod history_ads;
pub mod othello_heuristics;
pub mod othello_scout;
pub mod plot;
pub mod report;
pub mod stats;
pub mod verdict;

use indicatif::ProgressBar;
use std::time::Instant;

/// What every experiment is given.
#[derive(Debug, Clone)]
pub struct Run {
    pub quick: bool,
    /// Overrides the experiment's default number of trials.
    pub trials: Option<usize>,
    pub seed: u64,
    pub started: Instant,
}

impl Run {
    pub fn trials(&self, default: usize, quick: usize) -> usize {
        self.trials
            .unwrap_or(if self.quick { quick } else { default })
    }

    /// A progress bar with the time left, on stderr (hidden when stderr is not a terminal).
    pub fn progress(&self, len: u64, what: &str) -> ProgressBar {
        crate::progress::bar(len, what, false)
    }
}

/// Runs `f` on every item on every core, ticking `bar` once per item, and returns the results in
/// item order whatever the threads' timing: with items that are independent and seeded on their
/// own, the output is the same as a sequential run's. For node counts and game results; time
/// comparisons stay sequential (two searches sharing the cores would skew each other's clocks).
pub fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    bar: &ProgressBar,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    crate::tournament::play::run_pool(items, threads, f, |i, r| {
        if let Some(slot) = results.get_mut(i) {
            *slot = Some(r);
        }
        bar.inc(1);
    });
    results.into_iter().flatten().collect()
}

/// The generator of the order in which timed searches run (shuffled, so that no algorithm always
/// runs first): seeded by the run's seed, apart from the generators of the positions, so that the
/// positions do not depend on it.
pub fn order_rng(seed: u64) -> rand::rngs::SmallRng {
    use rand::SeedableRng;
    rand::rngs::SmallRng::seed_from_u64(seed ^ 0x0005_eed0_f0de)
}

/// Where and when the figures were measured, for the report's header.
pub fn provenance(run: &Run) -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "Commit: {}. Command: `{}`. Machine: {cpu}, {cores} cores{}. Seed {}{}. Wall time {:.1} s.",
        commit(),
        command(),
        if cfg!(debug_assertions) {
            " (debug build: times are not representative)"
        } else {
            ""
        },
        run.seed,
        if run.quick { ", --quick" } else { "" },
        run.started.elapsed().as_secs_f64()
    )
}

/// The commit the binary was built from (`cli/build.rs`).
pub fn commit() -> &'static str {
    env!("PLY_COMMIT")
}

/// The command that is running, as the user would type it (`ply experiment ...`).
pub fn command() -> String {
    std::iter::once("ply".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ")
}
