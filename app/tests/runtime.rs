//! The app core with its real worker threads, as a shell drives it.

mod common;

use ply_app::app::runtime::{Runtime, Shell};
use ply_app::app::{App, Effect, Event, PlayMode};
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
    for e in [
        Event::ScreenShown,
        Event::ChooseGame(GameKind::ConnectFour),
        Event::ChooseLevel(2),
        Event::NewGame,
    ] {
        rt.dispatch(e);
    }
    for _ in 0..30 {
        idle(&rt);
        let b = rt.read(|a| a.board_view()).expect("board");
        if b.finished {
            break;
        }
        let m = b.legal_moves.first().expect("a move").index;
        rt.dispatch(Event::ChooseMove(m));
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
    let again = App::new(common::config(dir.path()));
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
    rt.dispatch(Event::ScreenShown);
    rt.dispatch(Event::ChooseMode(PlayMode::TwoPlayers));
    rt.dispatch(Event::ChooseGame(GameKind::Othello));
    rt.dispatch(Event::NewGame);
    let before = rt.jobs_started();
    for _ in 0..40 {
        let m = rt.read(|a| a.board_view()).expect("board").legal_moves[0].index;
        rt.dispatch(Event::ChooseMove(m));
    }
    idle(&rt);
    assert_eq!(
        rt.jobs_started() - before,
        40,
        "one write asked for per move"
    );
    let shown = rt.read(|a| a.board_view()).expect("board");
    drop(rt);
    let again = App::new(common::config(dir.path()));
    assert_eq!(again.board_view().expect("restored").moves, shown.moves);
}
