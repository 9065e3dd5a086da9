//! A platform's background run (WorkManager, BGTaskScheduler) through the core's runtime, as
//! the shells make it: what the run tells the platform's scheduler for each ending (nothing to
//! send, success, the collector rejecting or down), when it gives up, and that the core asks
//! for no other background sync while the run is under way.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Collector, FakeCollector};
use ply_app::app::background::GIVE_UP_AFTER_FAILURES;
use ply_app::app::runtime::{Runtime, Shell};
use ply_app::app::{
    BackgroundOutcome, BoardEvent, Effect, Event, HistoryEvent, HomeEvent, PlatformEvent, PlayMode,
    SettingsEvent, SyncState,
};
use ply_app::settings::GameKind;
use ply_core::sync::protocol::{STATE_FILE, SyncState as OutboxSyncState, load_state};
use ply_core::sync::{HttpRequest, HttpResponse, HttpTransport, Outbox, TransportError};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Default)]
struct Recorder(Mutex<Vec<Effect>>);

impl Shell for Recorder {
    fn effects(&self, effects: Vec<Effect>) {
        self.0.lock().expect("effects").extend(effects);
    }
}

impl Recorder {
    fn take(&self) -> Vec<Effect> {
        std::mem::take(&mut *self.0.lock().expect("effects"))
    }
}

fn schedules(fx: &[Effect]) -> usize {
    fx.iter()
        .filter(|e| matches!(e, Effect::ScheduleSync { .. }))
        .count()
}

/// The fake collector, whose first request after [`Gated::arm`] waits for the test's go.
struct Gated {
    collector: Arc<FakeCollector>,
    entered: Mutex<Option<Sender<()>>>,
    go: Mutex<Option<Receiver<()>>>,
}

impl Gated {
    fn new(collector: Arc<FakeCollector>) -> Gated {
        Gated {
            collector,
            entered: Mutex::new(None),
            go: Mutex::new(None),
        }
    }

    /// Returns a receiver told when the request arrives, and a sender that lets it go on.
    fn arm(&self) -> (Receiver<()>, Sender<()>) {
        let (entered_tx, entered_rx) = channel();
        let (go_tx, go_rx) = channel();
        *self.entered.lock().expect("gate") = Some(entered_tx);
        *self.go.lock().expect("gate") = Some(go_rx);
        (entered_rx, go_tx)
    }
}

impl HttpTransport for Gated {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        if let Some(entered) = self.entered.lock().expect("gate").take() {
            let _ = entered.send(());
            if let Some(go) = self.go.lock().expect("gate").take() {
                let _ = go.recv();
            }
        }
        self.collector.send(request)
    }
}

fn idle(rt: &Runtime) {
    assert!(
        rt.wait_idle(Duration::from_secs(60)),
        "the core stayed busy"
    );
}

/// A previous process finished a game offline, with sync on (or off).
fn game_waiting(dir: &Path, sync: bool) {
    let rt = Runtime::new(common::config(dir), Arc::new(Recorder::default()), None);
    for e in [
        Event::Platform(PlatformEvent::Network {
            online: false,
            metered: false,
        }),
        Event::Settings(SettingsEvent::SetServerUrl("http://collector.test".into())),
        Event::Settings(SettingsEvent::SetSyncEnabled(sync)),
        Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)),
        Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)),
        Event::Home(HomeEvent::NewGame),
    ] {
        rt.dispatch(e);
    }
    for m in ["4", "3", "4", "3", "4", "3", "4"] {
        rt.dispatch(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    idle(&rt);
    assert_eq!(rt.read(|a| a.history_view()).entries.len(), 1);
}

/// Time passes: the outbox's backoff is due, its count of failures kept.
fn backoff_due(dir: &Path) {
    let outbox_dir = dir.join("outbox");
    let outbox = Outbox::open(&outbox_dir).expect("outbox");
    let state = OutboxSyncState {
        next_attempt_at_ms: 0,
        ..load_state(&outbox).expect("state")
    };
    std::fs::write(
        outbox_dir.join(STATE_FILE),
        serde_json::to_vec(&state).expect("json"),
    )
    .expect("state written");
}

fn failures(dir: &Path) -> u32 {
    let outbox = Outbox::open(dir.join("outbox")).expect("outbox");
    load_state(&outbox).expect("state").consecutive_failures
}

/// A process the platform started for its work: in the background, the collector answering as
/// `mode`. (The core's own start, in the foreground until told, tries once against a collector
/// that is down; that failure is forgotten: a fresh outbox state.)
fn background_process(
    dir: &Path,
    mode: Collector,
) -> (Runtime, Arc<FakeCollector>, Arc<Recorder>, Arc<Gated>) {
    let collector = Arc::new(FakeCollector::new(Collector::Down));
    let gated = Arc::new(Gated::new(collector.clone()));
    let shell = Arc::new(Recorder::default());
    let rt = Runtime::new(common::config(dir), shell.clone(), Some(gated.clone()));
    idle(&rt);
    rt.dispatch(Event::Platform(PlatformEvent::Background));
    idle(&rt);
    std::fs::write(dir.join("outbox").join(STATE_FILE), b"{}").expect("fresh state");
    collector.set(mode);
    shell.take();
    (rt, collector, shell, gated)
}

#[test]
fn nothing_to_send_is_done() {
    // No game waiting.
    let dir = tempfile::tempdir().expect("dir");
    let collector = Arc::new(FakeCollector::new(Collector::Accepting));
    let rt = Runtime::new(
        common::config(dir.path()),
        Arc::new(Recorder::default()),
        Some(collector.clone()),
    );
    rt.dispatch(Event::Settings(SettingsEvent::SetServerUrl(
        "http://collector.test".into(),
    )));
    rt.dispatch(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    rt.dispatch(Event::Platform(PlatformEvent::Background));
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::Done);
    assert_eq!(run.result, None, "no run");
    // A game waiting, but sync is off: nothing to do until the person turns it on.
    let dir = tempfile::tempdir().expect("dir");
    game_waiting(dir.path(), false);
    let (rt, collector, _, _) = background_process(dir.path(), Collector::Accepting);
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::Done);
    assert_eq!(collector.uploads.load(Ordering::Relaxed), 0);
}

#[test]
fn a_run_that_sends_everything_is_done() {
    let dir = tempfile::tempdir().expect("dir");
    game_waiting(dir.path(), true);
    let (rt, collector, shell, _) = background_process(dir.path(), Collector::Accepting);
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::Done);
    let result = run.result.expect("a run");
    assert_eq!((result.accepted, result.remaining), (1, 0));
    assert_eq!(collector.uploads.load(Ordering::Relaxed), 1);
    idle(&rt);
    assert_eq!(
        rt.read(|a| a.history_view()).entries[0].sync,
        SyncState::Synced
    );
    let fx = shell.take();
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::StoreToken(Some(t)) if t == "ply_test_token")),
        "the new token reaches the shell: {fx:?}"
    );
    assert_eq!(schedules(&fx), 0);
}

/// Rejected records are set aside with the collector's reason: sending them again would be
/// rejected again, so the run is done.
#[test]
fn a_run_whose_records_the_collector_rejects_is_done() {
    let dir = tempfile::tempdir().expect("dir");
    game_waiting(dir.path(), true);
    let (rt, _, shell, _) = background_process(dir.path(), Collector::Rejecting);
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::Done);
    let result = run.result.expect("a run");
    assert_eq!((result.rejected, result.remaining), (1, 0));
    idle(&rt);
    assert!(matches!(
        rt.read(|a| a.history_view()).entries[0].sync,
        SyncState::Rejected { .. }
    ));
    assert_eq!(schedules(&shell.take()), 0);
}

/// The collector down: the platform is told to run again at the core's backoff time, and the
/// core asks for nothing itself (on Android `KEEP` would drop it while the work runs). Runs
/// before that time send nothing; after six failures in a row the run gives up, and the core
/// asks again at its next event.
#[test]
fn a_collector_down_is_retried_at_the_cores_time_then_given_up() {
    let dir = tempfile::tempdir().expect("dir");
    game_waiting(dir.path(), true);
    let (rt, collector, shell, _) = background_process(dir.path(), Collector::Down);
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::RetryAfter { seconds: 30 });
    assert_eq!(failures(dir.path()), 1);
    idle(&rt);
    assert_eq!(schedules(&shell.take()), 0, "the run's outcome says it all");

    // The platform runs again at once (WorkManager's backoff and the core's jitter differ):
    // nothing is tried, the core's time is repeated.
    let registrations = collector.registrations.load(Ordering::Relaxed);
    let run = rt.background_sync();
    assert!(
        matches!(run.outcome, BackgroundOutcome::RetryAfter { seconds } if seconds >= 30),
        "{run:?}"
    );
    assert_eq!(
        collector.registrations.load(Ordering::Relaxed),
        registrations
    );
    assert_eq!(failures(dir.path()), 1, "backing off is no failure");

    let mut outcomes = Vec::new();
    while failures(dir.path()) < GIVE_UP_AFTER_FAILURES {
        backoff_due(dir.path());
        outcomes.push(rt.background_sync().outcome);
        assert!(outcomes.len() < 10, "{outcomes:?}");
    }
    let (last, before) = outcomes.split_last().expect("runs");
    assert!(
        before
            .iter()
            .all(|o| matches!(o, BackgroundOutcome::RetryAfter { seconds } if *seconds >= 30)),
        "{outcomes:?}"
    );
    assert_eq!(*last, BackgroundOutcome::GiveUp);
    idle(&rt);
    assert_eq!(schedules(&shell.take()), 0);
    // Its next event: the core asks for a run at its backoff time.
    rt.dispatch(Event::Platform(PlatformEvent::Foreground));
    idle(&rt);
    let fx = rt.dispatch(Event::Platform(PlatformEvent::Background));
    assert_eq!(schedules(&fx), 1, "{fx:?}");
    // The collector back, the time come: done.
    collector.set(Collector::Accepting);
    backoff_due(dir.path());
    assert_eq!(rt.background_sync().outcome, BackgroundOutcome::Done);
    assert_eq!(failures(dir.path()), 0);
}

/// Events that would ask for a sync (going to the background, the network back) while the
/// platform's run is under way ask for none: the run's outcome covers them. After the run, they
/// ask again.
#[test]
fn nothing_asks_for_a_sync_while_the_platforms_run_is_under_way() {
    let dir = tempfile::tempdir().expect("dir");
    game_waiting(dir.path(), true);
    let (rt, _, shell, gated) = background_process(dir.path(), Collector::Down);
    let rt = Arc::new(rt);
    let (entered, go) = gated.arm();
    let worker = {
        let rt = Arc::clone(&rt);
        std::thread::spawn(move || rt.background_sync())
    };
    entered
        .recv_timeout(Duration::from_secs(30))
        .expect("the run reached the collector");
    let mut fx = Vec::new();
    for e in [
        Event::Platform(PlatformEvent::Foreground),
        Event::Platform(PlatformEvent::Background),
        Event::Platform(PlatformEvent::Network {
            online: false,
            metered: false,
        }),
        Event::Platform(PlatformEvent::Network {
            online: true,
            metered: false,
        }),
        Event::History(HistoryEvent::SyncNow),
    ] {
        fx.extend(rt.dispatch(e));
    }
    assert_eq!(schedules(&fx), 0, "{fx:?}");
    go.send(()).expect("go");
    let run = worker.join().expect("the run");
    assert!(matches!(run.outcome, BackgroundOutcome::RetryAfter { .. }));
    idle(&rt);
    assert_eq!(schedules(&shell.take()), 0);
    let fx = rt.dispatch(Event::Platform(PlatformEvent::Background));
    assert_eq!(
        schedules(&fx),
        1,
        "the run over, the core asks again: {fx:?}"
    );
}

/// The fake collector, counting each record it receives; its first upload waits, after telling
/// the test it arrived, until the test lets it go on.
struct HeldUpload {
    collector: FakeCollector,
    received: Mutex<HashMap<String, u32>>,
    held: Mutex<Option<(Sender<()>, Receiver<()>)>>,
}

impl HttpTransport for HeldUpload {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        if request.url.ends_with("/v1/games") {
            let body: serde_json::Value = serde_json::from_slice(&request.body).expect("json");
            let mut received = self.received.lock().expect("received");
            for r in body["records"].as_array().expect("records") {
                *received
                    .entry(r["id"].as_str().expect("id").to_string())
                    .or_default() += 1;
            }
            drop(received);
            if let Some((arrived, go)) = self.held.lock().expect("held").take() {
                arrived.send(()).expect("arrived");
                go.recv().expect("go");
            }
        }
        self.collector.send(request)
    }
}

/// The platform ends the background time in the middle of a run (iOS's expiration handler,
/// WorkManager's onStopped): the run sends no further request, nothing it had not sent leaves
/// the outbox, the batch under way is applied, nothing counts as a failure, and the next run
/// sends the rest, each record once.
#[test]
fn a_run_cancelled_midway_loses_nothing_and_the_next_sends_the_rest() {
    let dir = tempfile::tempdir().expect("dir");
    game_waiting(dir.path(), true);
    // 120 games waiting: three uploads of the collector's batch size (50).
    let outbox = Outbox::open(dir.path().join("outbox")).expect("outbox");
    let first = outbox.list().expect("list")[0].id.clone();
    let record = outbox.read(&first).expect("record");
    for i in 1..120u32 {
        let copy = ply_core::record::GameRecord {
            id: format!("00000000-0000-4000-8000-{i:012x}"),
            ..record.clone()
        };
        outbox.write(&copy).expect("written");
    }
    let waiting: Vec<String> = outbox
        .list()
        .expect("list")
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(waiting.len(), 120);

    let (arrived_tx, arrived) = channel();
    let (go, go_rx) = channel();
    // A process the platform started, as in `background_process`: the core's own run at its
    // start finds the collector down, and that failure is forgotten.
    let transport = Arc::new(HeldUpload {
        collector: FakeCollector::new(Collector::Down),
        received: Mutex::new(HashMap::new()),
        held: Mutex::new(Some((arrived_tx, go_rx))),
    });
    let rt = Runtime::new(
        common::config(dir.path()),
        Arc::new(Recorder::default()),
        Some(transport.clone()),
    );
    idle(&rt);
    rt.dispatch(Event::Platform(PlatformEvent::Background));
    idle(&rt);
    std::fs::write(dir.path().join("outbox").join(STATE_FILE), b"{}").expect("fresh state");
    transport.collector.set(Collector::Accepting);
    assert_eq!(transport.received.lock().expect("received").len(), 0);
    std::thread::scope(|s| {
        let worker = s.spawn(|| rt.background_sync());
        arrived
            .recv_timeout(Duration::from_secs(30))
            .expect("the run's first upload");
        let told = rt.cancel_background_sync();
        assert_eq!(told, BackgroundOutcome::RetryAfter { seconds: 30 });
        go.send(()).expect("go");
        let run = worker.join().expect("the run");
        assert_eq!(run.outcome, BackgroundOutcome::RetryAfter { seconds: 30 });
        let result = run.result.expect("a run");
        assert_eq!(
            result.problem,
            Some(ply_app::app::sync_job::SyncProblem::Stopped)
        );
        assert_eq!((result.accepted, result.remaining), (50, 70));
    });
    idle(&rt);
    assert_eq!(
        transport.received.lock().expect("received").len(),
        50,
        "one upload"
    );
    assert_eq!(failures(dir.path()), 0, "a stopped run is no failure");
    let left = outbox.list().expect("list").len();
    assert_eq!(left, 70, "only what the collector accepted left the outbox");

    // The next run: no stop left over from the last one.
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::Done, "{run:?}");
    assert!(outbox.list().expect("list").is_empty());
    let received = transport.received.lock().expect("received");
    assert_eq!(received.len(), 120);
    assert!(
        waiting.iter().all(|id| received.get(id) == Some(&1)),
        "each record sent once"
    );
}

/// The platform ends the time before its run has begun (Android's `onStopped` right after the
/// worker started, iOS's expiration while the run waits for its thread): that run sends nothing
/// and says to retry, and the one after it sends everything.
#[test]
fn a_cancel_before_the_run_begins_stops_that_run_only() {
    let dir = tempfile::tempdir().expect("dir");
    game_waiting(dir.path(), true);
    let (rt, collector, _, _) = background_process(dir.path(), Collector::Accepting);
    assert_eq!(
        rt.cancel_background_sync(),
        BackgroundOutcome::RetryAfter { seconds: 30 }
    );
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::RetryAfter { seconds: 30 });
    let result = run.result.expect("a run");
    assert_eq!(
        result.problem,
        Some(ply_app::app::sync_job::SyncProblem::Stopped)
    );
    assert_eq!(collector.uploads.load(Ordering::Relaxed), 0, "nothing sent");
    assert_eq!(failures(dir.path()), 0, "a stopped run is no failure");
    idle(&rt);
    let run = rt.background_sync();
    assert_eq!(run.outcome, BackgroundOutcome::Done, "{run:?}");
    assert_eq!(collector.uploads.load(Ordering::Relaxed), 1);
}

/// A shell about to be suspended waits for the core's last writes, not for its searches.
#[test]
fn finishing_the_writes_waits_for_the_game_to_be_saved() {
    let dir = tempfile::tempdir().expect("dir");
    let rt = Runtime::new(
        common::config(dir.path()),
        Arc::new(Recorder::default()),
        None,
    );
    for e in [
        Event::Platform(PlatformEvent::ScreenShown),
        Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)),
        Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)),
        Event::Home(HomeEvent::NewGame),
        Event::Board(BoardEvent::PlayNotation("4".into())),
        Event::Platform(PlatformEvent::ScreenHidden),
        Event::Platform(PlatformEvent::Background),
    ] {
        rt.dispatch(e);
    }
    assert!(rt.finish_writes());
    let (again, _) = ply_app::app::App::new(common::config(dir.path()));
    assert_eq!(again.board_view().expect("the game").moves, ["4"]);
}
