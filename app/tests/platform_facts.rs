//! The platforms' raw facts as the shells send them (Android's trim levels and network
//! capabilities, iOS's network path) and the policies the shells read (the background worker's,
//! the transport's): what each means is the core's, so both shells behave alike.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Driver, start};
use ply_app::app::background::{BackgroundOutcome, retry_base_seconds};
use ply_app::app::{
    BoardEvent, Event, HomeEvent, MemoryPressure, NavigationEvent, PlatformEvent, PlayMode,
    SettingsEvent, sync_worker_policy,
};
use ply_app::settings::GameKind;
use std::sync::atomic::Ordering;

fn enable_sync(d: &mut Driver) {
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    d.send(Event::Settings(SettingsEvent::SetServerUrl(
        "http://collector.test".into(),
    )));
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    d.send(Event::Navigation(NavigationEvent::OpenHome));
}

fn quick_win(d: &mut Driver) {
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    for col in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(col.into())));
    }
}

/// Android's `onTrimMemory` levels, sent as the platform gives them, cut the searches' table as
/// the matching pressure levels do; a level the core does not know changes nothing.
#[test]
fn android_trim_levels_sent_raw_cut_the_table_as_their_pressure_levels() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    let device = d.app.limits();
    // TRIM_MEMORY_UI_HIDDEN, then TRIM_MEMORY_BACKGROUND: being cached cuts nothing.
    d.send(Event::Platform(PlatformEvent::TrimMemory { level: 20 }));
    d.send(Event::Platform(PlatformEvent::TrimMemory { level: 40 }));
    assert_eq!(d.app.limits(), device);
    // TRIM_MEMORY_RUNNING_LOW: a quarter.
    d.send(Event::Platform(PlatformEvent::TrimMemory { level: 10 }));
    assert_eq!(d.app.limits().tt_bytes, device.tt_bytes / 4);
    // A level Android may add later asks nothing.
    d.send(Event::Platform(PlatformEvent::TrimMemory { level: 99 }));
    assert_eq!(d.app.limits().tt_bytes, device.tt_bytes / 4);
    // TRIM_MEMORY_COMPLETE: a sixteenth.
    d.send(Event::Platform(PlatformEvent::TrimMemory { level: 80 }));
    assert_eq!(d.app.limits().tt_bytes, device.tt_bytes / 16);
    // Every level of ComponentCallbacks2, by its documented value.
    let table = [
        (5, Some(MemoryPressure::Low)),
        (10, Some(MemoryPressure::Low)),
        (15, Some(MemoryPressure::Critical)),
        (20, Some(MemoryPressure::Backgrounded)),
        (40, Some(MemoryPressure::Backgrounded)),
        (60, Some(MemoryPressure::Low)),
        (80, Some(MemoryPressure::Critical)),
        (0, None),
        (-1, None),
    ];
    for (level, want) in table {
        assert_eq!(
            MemoryPressure::from_android_trim_level(level),
            want,
            "{level}"
        );
    }
}

/// Android's capabilities: a network without `NOT_METERED` holds the upload back until one
/// with it comes; a lost network (no capability) is offline.
#[test]
fn android_capabilities_decide_online_and_metered_in_the_core() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Platform(PlatformEvent::NetworkCapabilities {
        internet: true,
        not_metered: false,
    }));
    enable_sync(&mut d);
    quick_win(&mut d);
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 0, "metered");
    d.send(Event::Platform(PlatformEvent::NetworkCapabilities {
        internet: false,
        not_metered: false,
    }));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 0, "lost");
    d.send(Event::Platform(PlatformEvent::NetworkCapabilities {
        internet: true,
        not_metered: true,
    }));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 1, "Wi-Fi");
}

/// iOS's path: Low Data Mode (constrained) counts as metered as cellular (expensive) does; an
/// unsatisfied path is offline, and the satisfied unmetered one after it sends the game.
#[test]
fn ios_path_low_data_mode_is_metered_and_an_unsatisfied_path_offline() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Platform(PlatformEvent::NetworkPath {
        satisfied: true,
        expensive: false,
        constrained: true,
    }));
    enable_sync(&mut d);
    quick_win(&mut d);
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 0, "Low Data");
    d.send(Event::Platform(PlatformEvent::NetworkPath {
        satisfied: true,
        expensive: true,
        constrained: false,
    }));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 0, "cellular");
    d.send(Event::Platform(PlatformEvent::NetworkPath {
        satisfied: false,
        expensive: false,
        constrained: false,
    }));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 0, "offline");
    d.send(Event::Platform(PlatformEvent::NetworkPath {
        satisfied: true,
        expensive: false,
        constrained: false,
    }));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 1, "Wi-Fi");
}

/// A worker whose core did not start in time, or that was stopped before its run, runs again
/// (a give-up would end the platform's unique work, and every sync with it, until the app is
/// opened); its backoff starts at the core's own.
#[test]
fn the_worker_retries_when_the_core_is_late_or_it_was_stopped() {
    let p = sync_worker_policy();
    let retry = BackgroundOutcome::RetryAfter {
        seconds: retry_base_seconds(),
    };
    assert_eq!(p.core_not_started, retry);
    assert_eq!(p.stopped_before_run, retry);
    assert_eq!(p.backoff_base_seconds, retry_base_seconds());
    // WorkManager stops a worker after 10 minutes; BGTaskScheduler's runs are shorter still.
    assert!(p.start_timeout_ms > 0 && p.start_timeout_ms < 60_000);
}
