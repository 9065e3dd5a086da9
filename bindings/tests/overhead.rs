//! Benchmarks of the binding layer on the Rust side (not timed tests): `computer_move` against
//! the same search called directly, the time `computer_move` spends outside the engine's clock,
//! what `play_index` + `snapshot` cost before Kotlin sees the buffer, and the Rust side of the
//! Kotlin `computerMove` comparison. Run with:
//! `cargo test -p ply-ffi --test overhead -- --ignored --nocapture` (the test profile is
//! optimised).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_app::recommended_limits;
use ply_core::engine::search;
use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::StopToken;
use ply_core::{Game, Outcome};
use ply_ffi::{GameKind, GameSession, PlayerKind, settings_for_difficulty};
use std::time::Instant;

#[test]
#[ignore = "benchmark: prints timings"]
fn computer_move_overhead_over_a_direct_search() {
    let mut settings = settings_for_difficulty(GameKind::Othello, 5).expect("level 5");
    settings.depth = Some(7);
    settings.time_ms = None;
    settings.tt_bytes = 16 << 20;
    let limits = recommended_limits(0, 0, 8);
    let eval = Othello::heuristic("default").expect("default preset");
    let (mut direct, mut session_ms) = (0.0f64, 0.0f64);
    for _ in 0..3 {
        let session = GameSession::new(
            GameKind::Othello,
            PlayerKind::Computer {
                settings: settings.clone(),
            },
            PlayerKind::Computer {
                settings: settings.clone(),
            },
            None,
        )
        .expect("session");
        session.set_limits(limits);
        let mut pos = Othello::start();
        for _ in 0..10 {
            let config =
                ply_app::settings::search_config(&settings, None, &limits, GameKind::Othello);
            let t = Instant::now();
            let r = search(&pos, eval.as_ref(), &config, &StopToken::new());
            direct += t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            let m = session.computer_move(None).expect("move");
            session_ms += t.elapsed().as_secs_f64() * 1e3;
            let best = r.best_move.expect("a move");
            assert_eq!(
                pos.format_move(best),
                m.played.notation,
                "same search, same move"
            );
            pos.play(best);
            let over: Option<Outcome> = pos.outcome();
            if over.is_some() {
                break;
            }
        }
    }
    println!(
        "direct search {direct:.1} ms, computer_move {session_ms:.1} ms: overhead {:.2}%",
        100.0 * (session_ms - direct) / direct
    );
}

/// The Rust half of the Kotlin `playIndex` + `snapshot` round trip: the session calls and the
/// lowering of the snapshot into the buffer UniFFI hands to Kotlin.
#[test]
#[ignore = "benchmark: prints timings"]
fn play_and_snapshot_cost_on_the_rust_side() {
    use uniffi::Lower;
    for kind in [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts] {
        let mut times = Vec::new();
        let mut lowering = Vec::new();
        let mut bytes = 0usize;
        let mut seed = 1u64;
        while times.len() < 20_000 {
            let session = GameSession::new(kind, PlayerKind::Human, PlayerKind::Human, None)
                .expect("session");
            let mut s = session.snapshot().expect("snapshot");
            while matches!(s.status, ply_ffi::GameStatus::Playing) && s.move_number < 200 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = &s.legal_moves[(seed >> 33) as usize % s.legal_moves.len()];
                let t = Instant::now();
                session.play_index(m.index).expect("legal");
                s = session.snapshot().expect("snapshot");
                times.push(t.elapsed().as_secs_f64() * 1e6);
                // Cloned before the clock: the real call lowers the snapshot it made, no copy.
                let copy = s.clone();
                let t = Instant::now();
                let buf = <ply_ffi::Snapshot as Lower<ply_ffi::UniFfiTag>>::lower(copy);
                lowering.push(t.elapsed().as_secs_f64() * 1e6);
                bytes += buf.len();
                buf.destroy();
            }
        }
        times.sort_by(f64::total_cmp);
        lowering.sort_by(f64::total_cmp);
        println!(
            "{kind:?}: play_index + snapshot median {:.1} µs, lowering median {:.1} µs, {} bytes a snapshot",
            times[times.len() / 2],
            lowering[lowering.len() / 2],
            bytes / lowering.len()
        );
    }
}

#[test]
#[ignore = "benchmark: prints timings"]
fn computer_move_wall_time_over_the_engine_clock() {
    for depth in [1, 3, 7, 9] {
        let mut settings = settings_for_difficulty(GameKind::Othello, 5).expect("level 5");
        settings.depth = Some(depth);
        settings.time_ms = None;
        settings.tt_bytes = 0;
        let mut over = Vec::new();
        for _ in 0..if depth > 7 { 2 } else { 40 } {
            let player = PlayerKind::Computer {
                settings: settings.clone(),
            };
            let session =
                GameSession::new(GameKind::Othello, player.clone(), player, None).expect("session");
            for _ in 0..8 {
                let t = Instant::now();
                let m = session.computer_move(None).expect("move");
                let wall = t.elapsed().as_secs_f64() * 1e3;
                over.push((wall - m.stats.time_ms, wall));
            }
        }
        over.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (ms, wall) = over[over.len() / 2];
        println!(
            "depth {depth}: computer_move outside the engine clock: median {ms:.4} ms of {wall:.3} ms"
        );
    }
}

/// The depths both halves of the Kotlin comparison measure, with how many games each plays: depth
/// 5 is the app's default level (moves of about 0.2 ms), depth 9 a move a player waits for; the
/// depths between show from which move length the fixed cost of a call falls under 1 %.
const DEPTHS_AND_GAMES: [(u32, usize); 5] = [(5, 30), (6, 20), (7, 10), (8, 5), (9, 3)];

/// The Rust half of the Kotlin benchmark `computerMoveAgainstRust`: the same moves (Othello from
/// the start, both sides the level-5 settings at a fixed depth without a table, so every game is
/// the same 10 moves) played through `GameSession::computer_move` in Rust. The sum of the
/// per-move median wall times is comparable with the figure Kotlin prints; their difference is
/// what the FFI adds (the definition of the overhead).
#[test]
#[ignore = "benchmark: prints timings"]
fn computer_move_wall_time_for_the_kotlin_comparison() {
    for (depth, games) in DEPTHS_AND_GAMES {
        let mut settings = settings_for_difficulty(GameKind::Othello, 5).expect("level 5");
        settings.depth = Some(depth);
        settings.time_ms = None;
        settings.tt_bytes = 0;
        let mut walls: Vec<Vec<f64>> = vec![Vec::new(); 10];
        let mut outside: Vec<f64> = Vec::new();
        for _ in 0..games {
            let player = PlayerKind::Computer {
                settings: settings.clone(),
            };
            let session =
                GameSession::new(GameKind::Othello, player.clone(), player, None).expect("session");
            for per_move in walls.iter_mut() {
                let t = Instant::now();
                let m = session.computer_move(None).expect("move");
                let wall = t.elapsed().as_secs_f64() * 1e3;
                per_move.push(wall);
                outside.push(wall - m.stats.time_ms);
            }
        }
        let median = |xs: &mut Vec<f64>| {
            xs.sort_by(f64::total_cmp);
            xs[xs.len() / 2]
        };
        let total: f64 = walls.iter_mut().map(median).sum();
        println!(
            "depth {depth}: GameSession::computer_move, 10 moves from the start: sum of per-move medians {total:.3} ms over {games} games; outside the engine clock median {:.4} ms",
            median(&mut outside)
        );
    }
}

/// What `computer_move` does besides searching, piece by piece (Othello, level-5 settings,
/// depth 5, no table): building the evaluator from the preset, making and dropping the
/// `Searcher`, and the whole call's time outside the engine clock.
#[test]
#[ignore = "benchmark: prints timings"]
fn computer_move_fixed_costs() {
    use ply_core::search::Searcher;
    let mut settings = settings_for_difficulty(GameKind::Othello, 5).expect("level 5");
    settings.depth = Some(5);
    settings.time_ms = None;
    let limits = recommended_limits(0, 0, 8);
    let time = |f: &mut dyn FnMut()| {
        let mut xs: Vec<f64> = (0..2000)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        xs.sort_by(f64::total_cmp);
        xs[xs.len() / 2]
    };
    let eval = time(&mut || {
        std::hint::black_box(Othello::heuristic("default").expect("default preset"));
    });
    for tt in [0u64, 1 << 20, 16 << 20] {
        settings.tt_bytes = tt;
        let config = ply_app::settings::search_config(&settings, None, &limits, GameKind::Othello);
        let searcher = time(&mut || {
            std::hint::black_box(Searcher::<Othello>::new(&config));
        });
        println!(
            "table {} MiB: Searcher::new + drop (untouched table) median {searcher:.2} µs",
            tt >> 20
        );
    }
    println!("Othello::heuristic(\"default\") median {eval:.2} µs");
}
