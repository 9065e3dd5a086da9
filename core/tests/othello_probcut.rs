//! Multi-ProbCut on Othello's pattern evaluation, against full-width search and against real
//! positions its calibration was not fitted on (the WTHOR years 1977 and 1980).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod unseen_games;

use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::heuristic::othello::pattern::PatternEvaluator;
use ply_core::heuristic::othello::pattern::probcut::BUILTIN;
use ply_core::search::probcut::calibrate::{depth_values, samples};
use ply_core::search::probcut::shallow_depths;
use ply_core::search::{Algorithm, SearchConfig, SearchResult, StopToken, search};
use ply_core::{Evaluator, Game, ProbCutError};
use std::collections::BTreeSet;
use std::sync::Mutex;
use unseen_games::unseen_positions;

fn pattern() -> PatternEvaluator {
    PatternEvaluator::builtin().expect("the shipped weights")
}

fn fixed(depth: u32, probcut: Option<f64>) -> SearchConfig {
    SearchConfig {
        algorithm: Algorithm::Pvs,
        depth: Some(depth),
        tt_bytes: 4 << 20,
        probcut,
        ..SearchConfig::default()
    }
}

fn run(
    pos: &Othello,
    eval: &dyn Evaluator<Othello>,
    config: &SearchConfig,
) -> SearchResult<ply_core::games::othello::OthelloMove> {
    search(pos, eval, config, &StopToken::new())
}

/// Middle-game positions: 20 to 44 discs.
fn middle_games(count: usize) -> Vec<Othello> {
    unseen_positions(count, |i| 20 + (i as u32 % 25))
}

/// The calibration says how often a shallow search misses a deep one by more than `t` standard
/// deviations: about as often as a normal error would, on positions it never saw.
#[test]
fn the_calibrated_spread_holds_on_unseen_positions() {
    let eval = pattern();
    let mut beyond = [0usize; 2];
    let mut pairs = 0;
    for pos in middle_games(40) {
        let values = depth_values(&pos, &eval, 8);
        for s in samples(pos.empty_count(), &values) {
            let e = BUILTIN.error(s.empties, s.shallow, s.deep);
            let z = ((s.diff - e.mean) / e.sigma).abs();
            pairs += 1;
            beyond[0] += usize::from(z > 1.0);
            beyond[1] += usize::from(z > 2.0);
        }
    }
    let share = |n: usize| n as f64 / pairs as f64;
    // A normal error: 31.7 % beyond one sigma, 4.6 % beyond two; ~240 pairs, so +-3 standard
    // errors of a share is about +-9 and +-4 points.
    assert!(pairs >= 200, "{pairs}");
    assert!(
        (0.20..=0.43).contains(&share(beyond[0])),
        "beyond 1 sigma: {}",
        share(beyond[0])
    );
    assert!(
        share(beyond[1]) <= 0.10,
        "beyond 2 sigma: {}",
        share(beyond[1])
    );
}

/// ProbCut searches a fraction of the full-width tree and mostly finds its judgement: the same
/// move, a value a disc or two away.
#[test]
fn probcut_searches_a_fraction_of_the_tree_and_keeps_its_judgement() {
    let eval = pattern();
    let (mut full_nodes, mut cut_nodes, mut same_move, mut gap) = (0u64, 0u64, 0, 0.0);
    let positions = middle_games(24);
    for pos in &positions {
        let full = run(pos, &eval, &fixed(8, None));
        let cut = run(pos, &eval, &fixed(8, Some(1.5)));
        assert_eq!(full.stats.probcuts, 0);
        full_nodes += full.stats.nodes;
        cut_nodes += cut.stats.nodes;
        same_move += usize::from(full.best_move == cut.best_move);
        gap += f64::from((full.score - cut.score).abs()) / 16.0;
    }
    let n = positions.len();
    let ratio = cut_nodes as f64 / full_nodes as f64;
    assert!(
        ratio < 0.6,
        "nodes: {cut_nodes} against {full_nodes} full width"
    );
    assert!(same_move * 10 >= n * 6, "same move in {same_move} of {n}");
    assert!(
        gap / (n as f64) < 2.0,
        "mean value gap {:.2} discs",
        gap / n as f64
    );
}

/// An evaluation without a calibration is searched in full whatever the setting: the same value,
/// move and tree.
#[test]
fn an_uncalibrated_evaluation_never_cuts() {
    let weighted = Othello::heuristic("default").expect("preset");
    let uncalibrated = PatternEvaluator::new(pattern().weights().clone());
    for pos in middle_games(6) {
        for eval in [weighted.as_ref(), &uncalibrated as &dyn Evaluator<Othello>] {
            let full = run(&pos, eval, &fixed(6, None));
            let asked = run(&pos, eval, &fixed(6, Some(1.0)));
            assert_eq!(asked.stats.probcuts, 0);
            assert_eq!(
                (asked.score, asked.best_move, asked.stats.nodes),
                (full.score, full.best_move, full.stats.nodes)
            );
        }
    }
}

/// Where the search reaches the end of the game no shallow guess stands in for it (a cut on a
/// draw window could turn a win into a draw): no cut at all, the exact result and move.
#[test]
fn probcut_keeps_exact_endgames_exact() {
    let eval = pattern();
    for pos in unseen_positions(8, |_| 52) {
        let depth = pos.empty_count() + 2;
        let full = run(&pos, &eval, &fixed(depth, None));
        let cut = run(&pos, &eval, &fixed(depth, Some(1.5)));
        assert_eq!(cut.stats.probcuts, 0, "{}", pos.format_position());
        assert_eq!(
            (cut.score, cut.best_move),
            (full.score, full.best_move),
            "{}",
            pos.format_position()
        );
    }
}

/// The pattern evaluation, recording every pair of depths a search asks it to predict.
struct Recording {
    inner: PatternEvaluator,
    asked: Mutex<BTreeSet<(u32, u32)>>,
}

impl Evaluator<Othello> for Recording {
    fn evaluate(&self, pos: &Othello) -> i32 {
        self.inner.evaluate(pos)
    }
    fn probcut(&self, pos: &Othello, shallow: u32, deep: u32) -> Option<ProbCutError> {
        if let Ok(mut asked) = self.asked.lock() {
            asked.insert((shallow, deep));
        }
        self.inner.probcut(pos, shallow, deep)
    }
}

/// Multi-ProbCut tries the schedule's shallower depth first and its second where the first does
/// not cut, and a shallow search tries cuts of its own, one level and no more: a search to 14
/// plies asks for both pairs of every depth from 10 to 13 (the root's children are searched to 13)
/// and opens two shallow searches at once,
/// never three (three would be possible from 13 plies: 13 -> 7 -> 3 -> 1).
#[test]
fn multi_probcut_tries_each_shallow_depth_and_nests_one_level() {
    let eval = Recording {
        inner: pattern(),
        asked: Mutex::new(BTreeSet::new()),
    };
    let mut nesting = 0;
    for pos in middle_games(4) {
        let r = run(&pos, &eval, &fixed(14, Some(1.5)));
        assert!(r.stats.probcuts > 0 && r.stats.probcut_tries > r.stats.probcuts);
        nesting = nesting.max(r.stats.probcut_nesting);
    }
    assert_eq!(nesting, 2, "shallow searches open at once");
    let asked = eval.asked.lock().map(|a| a.clone()).unwrap_or_default();
    for deep in 10..=13 {
        for &shallow in shallow_depths(deep) {
            assert!(
                asked.contains(&(shallow, deep)),
                "{shallow} for {deep}: {asked:?}"
            );
        }
    }
    // Nothing but the schedule is asked.
    for &(shallow, deep) in &asked {
        assert!(
            shallow_depths(deep).contains(&shallow),
            "{shallow} for {deep}"
        );
    }
}
