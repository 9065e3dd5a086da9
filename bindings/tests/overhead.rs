//! `computer_move` overhead over the same search called directly in Rust (a benchmark, not a
//! timed test). Run with: `cargo test -p ply-ffi --test overhead -- --ignored --nocapture` (the test
//! profile is optimised).

use ply_core::games::othello::Othello;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{StopToken, search};
use ply_core::{Game, Outcome};
use ply_ffi::limits::recommended_limits;
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
                ply_ffi::settings::search_config(&settings, None, &limits, GameKind::Othello);
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
