//! A game of computers alone goes at the pace the settings choose (issue #50: a watch game ended
//! in 6 s, too fast to follow or to pause); where a person plays, the computer answers as soon
//! as it has its move.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::app::runtime::{Runtime, Shell};
use ply_app::app::{
    BoardEvent, Command, Effect, Event, HomeEvent, PlatformEvent, PlayMode, SettingsEvent,
    ThinkKind, WatchPace,
};
use ply_app::settings::GameKind;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The searches the core has asked for, with the pace of each.
fn queued(d: &Driver) -> Vec<(ThinkKind, Duration)> {
    d.queue
        .iter()
        .filter_map(|c| match c {
            Command::Think { kind, pace, .. } => Some((*kind, *pace)),
            _ => None,
        })
        .collect()
}

/// A new game of `game` in `mode` at level 1, with the watch pace set first when given.
fn new_game(game: GameKind, mode: PlayMode, pace: Option<WatchPace>) -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    if let Some(p) = pace {
        d.send(Event::Settings(SettingsEvent::SetWatchPace(p)));
    }
    d.send(Event::Home(HomeEvent::ChooseGame(game)));
    d.send(Event::Home(HomeEvent::ChooseMode(mode)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn only_a_game_of_computers_alone_is_paced_and_at_the_chosen_pace() {
    // A new install watches at a move a second; each setting is the least time a move takes.
    let d = new_game(GameKind::Othello, PlayMode::ComputerVsComputer, None);
    assert_eq!(d.app.settings_view().watch_pace, WatchPace::Normal);
    assert_eq!(queued(&d), [(ThinkKind::Move, SECOND)]);
    for (pace, least) in [
        (WatchPace::Fast, Duration::ZERO),
        (WatchPace::Normal, SECOND),
        (WatchPace::Slow, 3 * SECOND),
    ] {
        let d = new_game(
            GameKind::ConnectFour,
            PlayMode::ComputerVsComputer,
            Some(pace),
        );
        assert_eq!(queued(&d), [(ThinkKind::Move, least)], "{pace:?}");
        let view = d.app.settings_view();
        let selected: Vec<WatchPace> = view
            .watch_pace_options
            .iter()
            .filter(|o| o.selected)
            .map(|o| o.pace)
            .collect();
        assert_eq!(selected, [pace]);
    }
    let labels: Vec<String> = d
        .app
        .settings_view()
        .watch_pace_options
        .into_iter()
        .map(|o| o.label)
        .collect();
    assert_eq!(labels, ["At once", "1 s a move", "3 s a move"]);

    // Against a person the computer's reply is never held, nor is a hint.
    let mut d = new_game(
        GameKind::ConnectFour,
        PlayMode::VsComputer,
        Some(WatchPace::Slow),
    );
    assert_eq!(queued(&d), []);
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    assert_eq!(queued(&d), [(ThinkKind::Move, Duration::ZERO)]);
    d.settle();
    d.send(Event::Board(BoardEvent::Hint));
    assert_eq!(queued(&d), [(ThinkKind::Hint, Duration::ZERO)]);
}

#[test]
fn a_multi_player_game_is_paced_once_no_person_sits_at_it() {
    let seated = |humans: &[bool]| {
        let mut d = Driver::new();
        d.send(Event::Platform(PlatformEvent::ScreenShown));
        d.send(Event::Settings(SettingsEvent::SetWatchPace(
            WatchPace::Slow,
        )));
        d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Virus)));
        d.send(Event::Home(HomeEvent::ChoosePlayers(humans.len() as u32)));
        for (seat, &human) in humans.iter().enumerate() {
            d.send(Event::Home(HomeEvent::ChooseSeat {
                seat: seat as u32,
                human,
            }));
        }
        d.send(Event::Home(HomeEvent::NewGame));
        d
    };
    let d = seated(&[false, false, false]);
    assert_eq!(queued(&d), [(ThinkKind::Move, 3 * SECOND)]);
    // A person in the last seat: the computers before them answer at once.
    let d = seated(&[false, false, true]);
    assert_eq!(queued(&d), [(ThinkKind::Move, Duration::ZERO)]);
}

struct NoShell;

impl Shell for NoShell {
    fn effects(&self, _: Vec<Effect>) {}
}

fn moves(rt: &Runtime) -> Vec<String> {
    rt.read(|a| a.board_view()).expect("a board").moves
}

/// On the core's own threads: each move of a watch game waits out its pace after the search
/// that found it began, and a pause while a found move waits drops it at once.
#[test]
fn a_watch_games_moves_wait_for_the_pace_and_a_pause_drops_a_waiting_move() {
    let dir = tempfile::tempdir().expect("dir");
    let rt = Runtime::new(common::config(dir.path()), Arc::new(NoShell), None);
    for e in [
        Event::Platform(PlatformEvent::ScreenShown),
        Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)),
        Event::Home(HomeEvent::ChooseMode(PlayMode::ComputerVsComputer)),
        Event::Home(HomeEvent::ChooseLevel(1)),
    ] {
        rt.dispatch(e);
    }
    // Level 1 finds a move in well under a millisecond; each search begins after the move
    // before it was played, so three moves take at least three paces, however loaded the
    // machine is.
    let began = Instant::now();
    rt.dispatch(Event::Home(HomeEvent::NewGame));
    common::wait_for_board(&rt, "three moves", |b| b.moves.len() >= 3);
    let three = began.elapsed();
    assert!(three >= 3 * SECOND, "three moves in {three:?}");

    rt.dispatch(Event::Board(BoardEvent::Pause));
    assert!(rt.wait_idle(Duration::from_secs(30)));
    let before = moves(&rt);
    rt.dispatch(Event::Settings(SettingsEvent::SetWatchPace(
        WatchPace::Slow,
    )));
    rt.dispatch(Event::Board(BoardEvent::Resume));
    // The move is found at once and waits for the rest of its 3 s; the pause stops the wait.
    std::thread::sleep(Duration::from_millis(300));
    let paused = Instant::now();
    rt.dispatch(Event::Board(BoardEvent::Pause));
    assert!(rt.wait_idle(Duration::from_secs(30)));
    let stopped = paused.elapsed();
    assert!(
        stopped < Duration::from_millis(2_000),
        "a pause ended the wait after {stopped:?}, not at once"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(moves(&rt), before, "the waiting move was not played");

    // Fast plays on without waiting, from where the game stood.
    rt.dispatch(Event::Settings(SettingsEvent::SetWatchPace(
        WatchPace::Fast,
    )));
    rt.dispatch(Event::Board(BoardEvent::Resume));
    common::wait_for_board(&rt, "the end", |b| b.finished);
    let end = moves(&rt);
    assert_eq!(end[..before.len()], before[..]);
}
