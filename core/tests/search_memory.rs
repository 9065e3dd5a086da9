//! Search memory is the table budget plus O(depth): measured with a counting global allocator.
//! (One test function only: the allocator counts every thread of this test binary.)

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::othello::Othello;
use ply_core::search::{
    AdsConfig, AdsUpdate, Algorithm, HistoryIncrement, KillerMode, MctsConfig, OrderingConfig,
    SearchConfig, Searcher, StopToken, search,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every allocation and release is the system allocator's, with the caller's layout;
// the counters only watch.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is `System.alloc`'s.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, that is from `System`, with this layout.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Peak bytes allocated above the level at the start of `f`.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = CURRENT.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let out = f();
    (out, PEAK.load(Ordering::SeqCst) - base)
}

struct Mobility;
impl ply_core::Evaluator<Othello> for Mobility {
    fn evaluate(&self, pos: &Othello) -> i32 {
        pos.count_moves() as i32
    }
}

const MB16: usize = 16 << 20;
/// Everything besides the table: move buffers, PV lines, killers, history, ADS lists.
const SMALL: usize = 256 << 10;

#[test]
fn search_memory_is_the_table_budget_plus_o_depth() {
    let pos = Othello::parse_position("f5d6c3d3c4f4c5b3c2e6").expect("midgame");
    let ordering = OrderingConfig {
        static_order: true,
        tt_move: true,
        killers: KillerMode::PerPly,
        history: Some(HistoryIncrement::DepthSquared),
        ads: Some(AdsConfig {
            update: AdsUpdate::MoveToFront,
            limit: None,
            per_level: true,
        }),
        evaluation: true,
    };
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Scout] {
        for depth in [4, 8] {
            let config = SearchConfig {
                algorithm,
                depth: Some(depth),
                ordering,
                tt_bytes: MB16,
                ..SearchConfig::default()
            };
            let (r, peak) = peak_during(|| search(&pos, &Mobility, &config, &StopToken::new()));
            assert!(r.completed);
            let table = if algorithm == Algorithm::Scout {
                0
            } else {
                MB16
            };
            assert!(
                peak <= table + SMALL,
                "{algorithm} depth {depth}: peak {peak} bytes"
            );
            assert!(
                peak >= table,
                "{algorithm}: the table is allocated up front"
            );
        }
    }

    // A searcher allocates its table once; searching then needs only O(depth) more, and a deeper
    // search needs hardly more than a shallow one.
    let config = SearchConfig {
        depth: Some(9),
        ordering,
        tt_bytes: MB16,
        ..SearchConfig::default()
    };
    let (mut searcher, made) = peak_during(|| Searcher::<Othello>::new(&config));
    assert!((MB16..=MB16 + 4096).contains(&made));
    let (_, first) = peak_during(|| searcher.search(&pos, &Mobility, &StopToken::new()));
    let (_, again) =
        peak_during(|| searcher.search(&Othello::start(), &Mobility, &StopToken::new()));
    assert!(
        first < SMALL && again < SMALL,
        "per-search memory {first} / {again}"
    );

    // MCTS keeps its tree inside the same budget.
    let config = SearchConfig {
        algorithm: Algorithm::Mcts,
        tt_bytes: 1 << 20,
        mcts: MctsConfig {
            playouts: Some(200_000),
            ..MctsConfig::default()
        },
        ..SearchConfig::default()
    };
    let (r, peak) = peak_during(|| search(&pos, &Mobility, &config, &StopToken::new()));
    assert!(r.best_move.is_some());
    assert!(peak <= (1 << 20) + SMALL, "mcts peak {peak}");
}
