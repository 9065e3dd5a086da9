//! Where a tap's time goes on the Rust side (benchmark, not a test):
//! `cargo test --release -p ply-app --test tap_cost -- --ignored --nocapture`.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::app::{BoardEvent, Event, HomeEvent, PlatformEvent, PlayMode};
use ply_app::settings::GameKind;
use std::time::Instant;

#[test]
#[ignore = "benchmark: prints timings"]
fn a_tap_through_the_app_core() {
    let cases = [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts]
        .into_iter()
        .flat_map(|game| [(game, true), (game, false)]);
    for (game, labels) in cases {
        let mut d = Driver::new();
        d.send(Event::Platform(PlatformEvent::ScreenShown));
        d.send(Event::Platform(PlatformEvent::Accessibility { labels }));
        d.send(Event::Home(HomeEvent::ChooseGame(game)));
        d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
        let (mut update, mut view) = (Vec::new(), Vec::new());
        let mut n = 0u64;
        while update.len() < 3000 {
            d.send(Event::Home(HomeEvent::NewGame));
            d.queue.clear();
            loop {
                let b = d.board();
                if b.finished || b.moves.len() > 200 {
                    break;
                }
                n = n
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = b.legal_moves[(n >> 33) as usize % b.legal_moves.len()].index;
                let t = Instant::now();
                let out = d.app.update(Event::Board(BoardEvent::ChooseMove(m)));
                update.push(t.elapsed().as_secs_f64() * 1e6);
                // Its commands (the game's write) are not run: only the update is measured.
                drop(out);
                let t = Instant::now();
                let _ = d.app.board_view();
                view.push(t.elapsed().as_secs_f64() * 1e6);
            }
        }
        update.sort_by(f64::total_cmp);
        view.sort_by(f64::total_cmp);
        println!(
            "{game:?} (cell labels {}): update median {:.1} µs, board_view median {:.1} µs",
            if labels { "on" } else { "off" },
            update[update.len() / 2],
            view[view.len() / 2]
        );
    }
}
