//! Journeys through the app's life on the platform (`app/src/app/lifecycle.rs`): memory
//! pressure at any moment and what each level does, the device's memory reported again on the
//! way back, and an interruption (iOS `.inactive`) that must lose nothing.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Driver, config, start};
use ply_app::app::{
    AfterGameEvent, App, BoardEvent, Command, Effect, Event, HomeEvent, MemoryPressure,
    NavigationEvent, PlatformEvent, PlayMode, PonderMode, ReviewStatus, SettingsEvent, SyncState,
    ThinkKind,
};
use ply_app::settings::GameKind;
use ply_core::search::StopToken;

const MIB: u64 = 1 << 20;

/// The table the game in progress searches with (what the core gave its session).
fn session_table(d: &Driver) -> u64 {
    d.app.session().expect("a game").limits().tt_bytes
}

fn hinted(d: &Driver) -> bool {
    d.board().cells.iter().any(|c| c.hint)
}

fn queued(d: &Driver, kind: ThinkKind) -> usize {
    d.queue
        .iter()
        .filter(|c| matches!(c, Command::Think { kind: k, .. } if *k == kind))
        .count()
}

/// A two-player Connect Four game that Red wins in seven moves, on its after-game screen.
fn finished_connect_four() -> Driver {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    for m in ["4", "3", "4", "3", "4", "3", "4"] {
        d.send(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    d.settle();
    assert!(d.board().finished);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    d
}

fn queued_review_stop(d: &Driver) -> StopToken {
    d.queue
        .iter()
        .find_map(|c| match c {
            Command::Review { stop, .. } => Some(stop.clone()),
            _ => None,
        })
        .expect("a review is queued")
}

fn review_status(d: &Driver) -> Option<ReviewStatus> {
    d.app
        .after_game_view()
        .expect("after-game")
        .review
        .map(|r| r.status)
}

/// Android sends `Backgrounded` each time the app is cached (API 34+): the old core halved the
/// table at each, and after six trips the computer searched with 1 MiB for the rest of the
/// process. However many trips, the computer is back to the device's table in the foreground.
#[test]
fn many_trips_to_the_background_end_with_the_full_table() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    let device = d.app.limits();
    assert_eq!(device.tt_bytes, 128 * MIB, "the test device's table");
    for trip in 0..12 {
        d.send(Event::Platform(PlatformEvent::ScreenHidden));
        d.send(Event::Platform(PlatformEvent::Background));
        d.send(Event::Platform(PlatformEvent::MemoryPressure(
            MemoryPressure::Backgrounded,
        )));
        assert_eq!(
            d.app.limits(),
            device,
            "trip {trip}: being cached cuts nothing"
        );
        if trip % 3 == 1 {
            d.send(Event::Platform(PlatformEvent::MemoryPressure(
                MemoryPressure::Low,
            )));
            d.send(Event::Platform(PlatformEvent::MemoryPressure(
                MemoryPressure::Low,
            )));
            assert_eq!(
                d.app.limits().tt_bytes,
                device.tt_bytes / 4,
                "a share, not halvings"
            );
            assert_eq!(
                session_table(&d),
                device.tt_bytes / 4,
                "the game's searches too"
            );
        }
        if trip % 3 == 2 {
            d.send(Event::Platform(PlatformEvent::MemoryPressure(
                MemoryPressure::Critical,
            )));
            d.send(Event::Platform(PlatformEvent::MemoryPressure(
                MemoryPressure::Low,
            )));
            assert_eq!(
                d.app.limits().tt_bytes,
                device.tt_bytes / 16,
                "a milder level does not lift a worse one"
            );
        }
        d.send(Event::Platform(PlatformEvent::DeviceMemory {
            available_ram_bytes: 2 << 30,
        }));
        d.send(Event::Platform(PlatformEvent::Foreground));
        d.send(Event::Platform(PlatformEvent::ScreenShown));
        assert_eq!(
            d.app.limits(),
            device,
            "trip {trip}: the device's caps again"
        );
        assert_eq!(session_table(&d), device.tt_bytes);
    }
    // The game goes on with them: the person moves, the computer answers.
    let m = d.board().legal_moves[0].index;
    d.send(Event::Board(BoardEvent::ChooseMove(m)));
    d.settle();
    assert_eq!(d.board().moves.len(), 2);
}

/// A warning in the foreground lasts until the app has been away: a second `Foreground` (iOS
/// sends one after every interruption) does not lift it.
#[test]
fn a_warning_in_the_foreground_lasts_until_the_app_has_been_away() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    let device = d.app.limits();
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Low,
    )));
    d.send(Event::Platform(PlatformEvent::Inactive));
    d.send(Event::Platform(PlatformEvent::Foreground));
    assert_eq!(d.app.limits().tt_bytes, device.tt_bytes / 4);
    d.send(Event::Platform(PlatformEvent::Background));
    d.send(Event::Platform(PlatformEvent::Inactive));
    assert_eq!(d.app.limits(), device, "back through .inactive");
}

/// A critical warning while the computer thinks: its search starts again with the small table
/// and the computer still plays a legal move; no pondering follows until the foreground.
#[test]
fn a_critical_warning_while_the_computer_thinks_still_yields_a_legal_move() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Settings(SettingsEvent::SetPonder(PonderMode::On)));
    let device = d.app.limits();
    let m = d.board().legal_moves[0].index;
    d.send(Event::Board(BoardEvent::ChooseMove(m)));
    assert_eq!(queued(&d, ThinkKind::Move), 1, "the computer thinks");
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Critical,
    )));
    assert_eq!(session_table(&d), device.tt_bytes / 16);
    assert_eq!(
        queued(&d, ThinkKind::Move),
        2,
        "the search begun with the large table is cancelled and asked for again"
    );
    d.settle();
    let b = d.board();
    assert_eq!(b.moves.len(), 2, "the computer played: {}", b.status);
    assert!(b.accepts_input && b.thinking.is_none(), "{}", b.status);
    let replay = ply_app::Session::new(
        GameKind::Othello,
        ply_app::session::PlayerKind::Human,
        ply_app::session::PlayerKind::Human,
        None,
    )
    .expect("session");
    for mv in &b.moves {
        replay.play(mv.clone()).expect("every move is legal");
    }
    assert_eq!(queued(&d, ThinkKind::Ponder), 0, "no pondering after it");

    // After a trip away, pondering and the device's table come back.
    d.send(Event::Platform(PlatformEvent::Background));
    d.send(Event::Platform(PlatformEvent::Foreground));
    assert_eq!(session_table(&d), device.tt_bytes);
    assert_eq!(queued(&d, ThinkKind::Ponder), 1, "pondering again");
}

/// A critical warning stops a hint the person asked for (asked again, it runs) and a running
/// review; a low one lets both finish.
#[test]
fn a_critical_warning_stops_optional_searches_and_a_low_one_lets_them_finish() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::Hint));
    assert_eq!(queued(&d, ThinkKind::Hint), 1);
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Low,
    )));
    d.settle();
    assert!(hinted(&d), "a low warning: the hint is shown");

    d.send(Event::Board(BoardEvent::Hint));
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Critical,
    )));
    assert!(d.board().thinking.is_none(), "the hint stopped");
    d.settle();
    assert!(!hinted(&d), "its late result is dropped");
    d.send(Event::Board(BoardEvent::Hint));
    d.settle();
    assert!(hinted(&d), "asked again, it runs");

    let mut d = finished_connect_four();
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    let stop = queued_review_stop(&d);
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Low,
    )));
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Backgrounded,
    )));
    assert!(!stop.is_stopped(), "a low warning lets the review run");
    d.settle();
    assert_eq!(review_status(&d), Some(ReviewStatus::Ready));

    let mut d = finished_connect_four();
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    let stop = queued_review_stop(&d);
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Critical,
    )));
    assert!(stop.is_stopped(), "a critical one stops it");
    d.settle();
    assert_eq!(review_status(&d), None);
    assert!(d.app.after_game_view().expect("after-game").can_review);
}

/// Warnings at any moment of a platform's background sync change nothing about it: the record
/// is sent and the run asks for no other.
#[test]
fn warnings_during_a_background_sync_leave_it_alone() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Settings(SettingsEvent::SetServerUrl(
        "http://collector.test".into(),
    )));
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    d.send(Event::Platform(PlatformEvent::Network {
        online: false,
        metered: false,
    }));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    for m in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    d.settle();
    d.send(Event::Platform(PlatformEvent::ScreenHidden));
    d.send(Event::Platform(PlatformEvent::Background));
    d.send(Event::Platform(PlatformEvent::Network {
        online: true,
        metered: false,
    }));
    d.settle();
    let job = d.app.background_job().expect("a run: a game waits");
    d.take_effects();
    for level in [
        MemoryPressure::Backgrounded,
        MemoryPressure::Critical,
        MemoryPressure::Low,
    ] {
        d.send(Event::Platform(PlatformEvent::MemoryPressure(level)));
    }
    let outbox = d.dir.path().join(ply_app::app::store::OUTBOX_DIR);
    let result = ply_app::app::sync_job::run_sync(&outbox, &d.collector, &job);
    assert_eq!((result.accepted, result.remaining), (1, 0));
    d.deliver(ply_app::app::Msg::Synced(result));
    d.settle();
    assert_eq!(
        d.app.history_view().entries[0].sync,
        SyncState::Synced,
        "the game was sent"
    );
    assert!(
        !d.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::ScheduleSync { .. })),
        "nothing else to ask for"
    );
}

/// A process started for a background sync while memory was short computed tiny caps; the
/// device's memory reported on the way to the foreground gives the person the device's table.
#[test]
fn the_device_memory_reported_with_the_foreground_recomputes_the_caps() {
    let dir = tempfile::tempdir().expect("dir");
    let mut cold = config(dir.path());
    cold.available_ram_bytes = 40 * MIB;
    let mut d = Driver::with(dir, App::new(cold));
    d.send(Event::Platform(PlatformEvent::Background));
    assert_eq!(d.app.limits().tt_bytes, 4 * MIB, "40 MiB free at start");
    d.send(Event::Platform(PlatformEvent::DeviceMemory {
        available_ram_bytes: 2 << 30,
    }));
    d.send(Event::Platform(PlatformEvent::Foreground));
    let device = d.app.limits();
    assert_eq!(
        device.tt_bytes,
        128 * MIB,
        "4 GiB, 2 GiB free: the device's"
    );
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(session_table(&d), 128 * MIB);
    // Under pressure a new reading moves the share with it, and unknown memory is no cut.
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Low,
    )));
    d.send(Event::Platform(PlatformEvent::DeviceMemory {
        available_ram_bytes: 256 * MIB,
    }));
    assert_eq!(session_table(&d), 8 * MIB, "a quarter of 32 MiB");
    d.send(Event::Platform(PlatformEvent::DeviceMemory {
        available_ram_bytes: 0,
    }));
    assert_eq!(session_table(&d), 32 * MIB, "a quarter of 128 MiB");
}

/// Control Centre pulled down and up while the computer thinks (iOS `.inactive`, then
/// `.active`): the search goes on and its move is played; nothing is asked twice.
#[test]
fn an_interruption_during_a_search_loses_nothing() {
    let mut d = start(GameKind::Othello, PlayMode::ComputerVsComputer);
    assert_eq!(d.thinks(), 1, "the first computer thinks");
    let jobs = d.queue.len();
    d.send(Event::Platform(PlatformEvent::Inactive));
    d.send(Event::Platform(PlatformEvent::DeviceMemory {
        available_ram_bytes: 2 << 30,
    }));
    d.send(Event::Platform(PlatformEvent::Foreground));
    assert_eq!(d.queue.len(), jobs, "no search cancelled, none asked again");
    d.think();
    assert_eq!(d.board().moves.len(), 1, "the search's move was played");
    assert_eq!(d.thinks(), 1, "and the next computer thinks");
    // Interrupted again, then sent away: only then does the search stop.
    d.send(Event::Platform(PlatformEvent::Inactive));
    d.send(Event::Platform(PlatformEvent::Background));
    d.think();
    assert_eq!(
        d.board().moves.len(),
        1,
        "a hidden app's search is cancelled"
    );
    // Back through .inactive: the board is seen again and the computers go on.
    d.send(Event::Platform(PlatformEvent::Inactive));
    assert_eq!(d.thinks(), 1);
    d.think();
    assert_eq!(d.board().moves.len(), 2);
}

/// The same interruption during a review: the review runs to its end and is shown.
#[test]
fn an_interruption_during_a_review_loses_nothing() {
    let mut d = finished_connect_four();
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    let stop = queued_review_stop(&d);
    d.send(Event::Platform(PlatformEvent::Inactive));
    d.send(Event::Platform(PlatformEvent::Foreground));
    assert!(!stop.is_stopped(), "the review's search goes on");
    assert!(matches!(
        review_status(&d),
        Some(ReviewStatus::Running { .. })
    ));
    d.settle();
    assert_eq!(review_status(&d), Some(ReviewStatus::Ready));
}
