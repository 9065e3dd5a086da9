//! The app core with its real worker threads, as a shell drives it.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use ply_app::app::runtime::{Runtime, Shell};
use ply_app::app::{
    App, BoardEvent, Effect, Event, HomeEvent, PlatformEvent, PlayMode, SettingsEvent,
};
use ply_app::settings::GameKind;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Default)]
struct Recorder(Mutex<Vec<Effect>>);

impl Shell for Recorder {
    fn effects(&self, effects: Vec<Effect>) {
        self.0.lock().expect("effects").extend(effects);
    }
}

fn idle(rt: &Runtime) {
    assert!(
        rt.wait_idle(Duration::from_secs(60)),
        "the core's workers did not finish"
    );
}

#[test]
fn a_game_against_the_computer_on_the_core_threads() {
    let dir = tempfile::tempdir().expect("dir");
    let shell = Arc::new(Recorder::default());
    let rt = Runtime::new(common::config(dir.path()), shell.clone(), None);
    // As a shell does: an event's effects come back from `dispatch`, the rest from the workers.
    let send = |e: Event| {
        let fx = rt.dispatch(e);
        shell.0.lock().expect("effects").extend(fx);
    };
    for e in [
        Event::Platform(PlatformEvent::ScreenShown),
        Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)),
        Event::Home(HomeEvent::ChooseLevel(2)),
        Event::Home(HomeEvent::NewGame),
    ] {
        send(e);
    }
    for _ in 0..30 {
        idle(&rt);
        let b = rt.read(|a| a.board_view()).expect("board");
        if b.finished {
            break;
        }
        let m = b.legal_moves.first().expect("a move").index;
        send(Event::Board(BoardEvent::ChooseMove(m)));
    }
    idle(&rt);
    let b = rt.read(|a| a.board_view()).expect("board");
    assert!(b.finished, "{}", b.status);
    let fx = shell.0.lock().expect("effects").clone();
    assert!(fx.iter().any(
        |e| matches!(e, Effect::Announce(t) if t.starts_with("The computer (Yellow) played"))
    ));
    assert!(fx.iter().filter(|e| **e == Effect::Render).count() > 10);
    // The finished game is in the outbox and the history, also for the next process.
    let outbox = ply_core::sync::Outbox::open(dir.path().join("outbox")).expect("outbox");
    assert_eq!(outbox.list().expect("list").len(), 1);
    drop(rt);
    let (again, _) = App::new(common::config(dir.path()));
    assert_eq!(again.history_view().entries.len(), 1);
    assert_eq!(again.board_view().expect("restored").moves, b.moves);
}

#[test]
fn a_burst_of_moves_is_saved_as_its_last_state() {
    let dir = tempfile::tempdir().expect("dir");
    let rt = Runtime::new(
        common::config(dir.path()),
        Arc::new(Recorder::default()),
        None,
    );
    rt.dispatch(Event::Platform(PlatformEvent::ScreenShown));
    rt.dispatch(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    rt.dispatch(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    rt.dispatch(Event::Home(HomeEvent::NewGame));
    let before = rt.jobs_started();
    for _ in 0..40 {
        let m = rt.read(|a| a.board_view()).expect("board").legal_moves[0].index;
        rt.dispatch(Event::Board(BoardEvent::ChooseMove(m)));
    }
    idle(&rt);
    assert_eq!(
        rt.jobs_started() - before,
        40,
        "one write asked for per move"
    );
    let shown = rt.read(|a| a.board_view()).expect("board");
    drop(rt);
    let (again, _) = App::new(common::config(dir.path()));
    assert_eq!(again.board_view().expect("restored").moves, shown.moves);
}

#[test]
fn an_event_returns_its_effects_and_finished_work_calls_the_shell() {
    let dir = tempfile::tempdir().expect("dir");
    let shell = Arc::new(Recorder::default());
    let rt = Runtime::new(common::config(dir.path()), shell.clone(), None);
    idle(&rt);
    shell.0.lock().expect("effects").clear();
    // Nothing the shell draws changed: no redraw asked.
    assert_eq!(
        rt.dispatch(Event::Platform(PlatformEvent::ScreenShown)),
        vec![]
    );
    let fx = rt.dispatch(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    assert_eq!(fx.last(), Some(&Effect::Render), "{fx:?}");
    rt.dispatch(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    rt.dispatch(Event::Home(HomeEvent::ChooseLevel(1)));
    let fx = rt.dispatch(Event::Home(HomeEvent::NewGame));
    assert!(fx.contains(&Effect::Render), "{fx:?}");
    // The person plays black: the computer answers on its worker, whose effects reach the shell.
    let m = rt.read(|a| a.board_view()).expect("board").legal_moves[0].index;
    let fx = rt.dispatch(Event::Board(BoardEvent::ChooseMove(m)));
    assert!(fx.contains(&Effect::Render), "{fx:?}");
    idle(&rt);
    let later = shell.0.lock().expect("effects").clone();
    assert!(
        later.iter().any(
            |e| matches!(e, Effect::Announce(t) if t.starts_with("The computer (White) played"))
        ),
        "{later:?}"
    );
    assert!(
        !later.iter().any(|e| matches!(e, Effect::SaveUiState(_))),
        "the events' own effects were not sent to the shell as well: {later:?}"
    );
}

/// A WorkManager or BGTaskScheduler run starts the process and asks for a sync at once, before
/// the core's own start has read the outbox: the game a previous process finished offline is
/// still sent.
#[test]
fn a_background_sync_right_after_a_cold_start_sends_what_the_outbox_holds() {
    let dir = tempfile::tempdir().expect("dir");
    {
        let rt = Runtime::new(
            common::config(dir.path()),
            Arc::new(Recorder::default()),
            None,
        );
        for e in [
            Event::Platform(PlatformEvent::ScreenShown),
            Event::Platform(PlatformEvent::Network {
                online: false,
                metered: false,
            }),
            Event::Settings(SettingsEvent::SetServerUrl("http://collector.test".into())),
            Event::Settings(SettingsEvent::SetSyncEnabled(true)),
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
        assert!(rt.read(|a| a.board_view()).expect("board").finished);
        assert_eq!(rt.read(|a| a.history_view()).entries.len(), 1);
    }
    let collector = Arc::new(common::FakeCollector::new(common::Collector::Accepting));
    let rt = Runtime::new(
        common::config(dir.path()),
        Arc::new(Recorder::default()),
        Some(collector.clone()),
    );
    rt.dispatch(Event::Platform(PlatformEvent::Background));
    // No run only if the start's own scan won the race and synced first (still in the
    // foreground then); either way the record must be sent by the time the core is idle.
    let run = rt.background_sync();
    if let Some(result) = run.result {
        assert_eq!((result.sent, result.accepted, result.remaining), (1, 1, 0));
    }
    assert_eq!(run.outcome, ply_app::app::BackgroundOutcome::Done);
    idle(&rt);
    assert_eq!(
        collector.uploads.load(std::sync::atomic::Ordering::Relaxed),
        1
    );
    assert_eq!(
        rt.read(|a| a.history_view()).entries[0].sync,
        ply_app::app::SyncState::Synced
    );
}

/// Each batch of effects the workers hand the shell, as they come.
#[derive(Default)]
struct Batches(Mutex<Vec<Vec<Effect>>>);

impl Shell for Batches {
    fn effects(&self, effects: Vec<Effect>) {
        self.0.lock().expect("batches").push(effects);
    }
}

impl Batches {
    fn take(&self) -> Vec<Vec<Effect>> {
        std::mem::take(&mut *self.0.lock().expect("batches"))
    }
}

/// Polls the board until `done` holds (at most 30 s).
/// The computer's search ticks every 100 ms: each tick reaches the shell as a batch of its own
/// asking for the progress alone, never a whole render; pondering, which shows nothing, sends
/// none at all.
#[test]
fn a_search_ticks_as_progress_redraws_and_pondering_does_not_tick() {
    let dir = tempfile::tempdir().expect("dir");
    let shell = Arc::new(Batches::default());
    let rt = Runtime::new(common::config(dir.path()), shell.clone(), None);
    for e in [
        Event::Platform(PlatformEvent::ScreenShown),
        Event::Home(HomeEvent::ChooseGame(GameKind::Othello)),
        Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)),
        // Searches on its time (no depth cap), and ponders.
        Event::Home(HomeEvent::ChooseLevel(10)),
        Event::Settings(SettingsEvent::SetPonder(ply_app::app::PonderMode::On)),
        Event::Home(HomeEvent::NewGame),
    ] {
        rt.dispatch(e);
    }
    // Out of the book (f5 d6 c3 d3 from the book, then c7): a real search, seconds long.
    for (m, after) in [("f5", 2), ("c3", 4)] {
        rt.dispatch(Event::Board(BoardEvent::PlayNotation(m.into())));
        common::wait_for_board(&rt, "the answer", |b| {
            b.moves.len() == after && b.accepts_input
        });
    }
    // How many ticks a search gets depends on how soon it ends on this machine (its time
    // budget, the depth cap): every tick seen until then must be a progress redraw alone. A
    // search that ends before its first tick checks nothing: play on (the first legal move)
    // until one runs long enough.
    let mut human = "c7".to_string();
    let mut plies = 6;
    let mut ticks = Vec::new();
    // Other batches (the move's own, if the search ends here) are looked at below.
    let mut kept = Vec::new();
    for _ in 0..10 {
        shell.take();
        rt.dispatch(Event::Board(BoardEvent::PlayNotation(human.clone())));
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        let mut searching = true;
        while searching && ticks.len() < 3 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
            let progress = rt.read(|a| a.progress_view());
            searching = progress.thinking.is_some();
            let nodes = progress.thinking.map(|t| t.nodes);
            for batch in shell.take() {
                if batch.contains(&Effect::RenderProgress) {
                    assert_eq!(batch, [Effect::RenderProgress], "a tick alone");
                    ticks.push(nodes);
                } else {
                    kept.push(batch);
                }
            }
        }
        if ticks.iter().any(|n| n.is_some()) {
            break;
        }
        common::wait_for_board(&rt, "the computer's move", |b| {
            b.moves.len() == plies && b.accepts_input
        });
        let board = rt.read(|a| a.board_view()).expect("a game");
        let Some(mv) = board.legal_moves.first() else {
            break;
        };
        human = mv.notation.clone();
        plies += 2;
        ticks.clear();
        kept.clear();
    }
    assert!(
        ticks.iter().any(|n| n.is_some()),
        "a tick while the search ran, its progress with the count: {ticks:?}"
    );

    // The computer's move; then it ponders on the reply it expects, and nothing ticks: the
    // only render is the one when the ponder search ends (a tick used to be a render). A ponder
    // the table answers at once (the move's own search reached the depth cap there) checks
    // nothing: play on, the first legal move each time, until one ponders long enough to tick.
    let mut batches = kept;
    let mut pondered = Duration::ZERO;
    for _ in 0..10 {
        common::wait_for_board(&rt, "the computer's move", |b| {
            b.moves.len() == plies && b.accepts_input
        });
        let pondering = std::time::Instant::now();
        idle(&rt);
        pondered = pondering.elapsed();
        batches.extend(shell.take());
        if pondered >= Duration::from_millis(150) {
            break;
        }
        // Looked at again from the next move of the computer on.
        batches.clear();
        let board = rt.read(|a| a.board_view()).expect("a game");
        let Some(mv) = board.legal_moves.first() else {
            break;
        };
        rt.dispatch(Event::Board(BoardEvent::PlayNotation(mv.notation.clone())));
        plies += 2;
    }
    assert!(
        pondered >= Duration::from_millis(150),
        "the ponder search ran long enough to tick ({pondered:?}), else this checked nothing"
    );
    // What came after the last move's own batch (its announcement). On a loaded machine the
    // batch of the move before can reach the shell only after `idle` of the last round, and is
    // then taken together with this one.
    let moved = batches
        .iter()
        .rposition(|b| b.iter().any(|e| matches!(e, Effect::Announce(_))))
        .expect("the computer's move");
    let ponder_batches = &batches[moved + 1..];
    assert!(
        ponder_batches
            .iter()
            .flat_map(|b| b.iter())
            .all(|e| *e == Effect::Render),
        "{batches:?}"
    );
    assert!(ponder_batches.len() <= 1, "{batches:?}");
    rt.dispatch(Event::Platform(PlatformEvent::ScreenHidden));
    idle(&rt);
}
