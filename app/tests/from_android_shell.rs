//! Journeys the Android shell relies on, which its deleted Kotlin tests (GameController,
//! BoardViewState, SavedGame, the settings and history helpers) checked on the shell's own logic
//! and the other journeys do not cover: capture paths that end on the same square, the cells a
//! screen reader skips, labels and animations as the Canvas and TalkBack use them, the process
//! lifecycle (ON_STOP/ON_START, sent twice or around a restore), and undo not replaying an
//! animation.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::Piece;
use ply_app::app::{
    AnimationStep, BoardEvent, CellView, Event, HistoryEvent, HomeEvent, NavigationEvent,
    PlatformEvent, PlayMode, Screen, ThinkingKind,
};
use ply_app::settings::GameKind;

fn start(game: GameKind, mode: PlayMode) -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(game)));
    d.send(Event::Home(HomeEvent::ChooseMode(mode)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

/// The cell whose label starts with `name` ("d3", "14").
fn cell(d: &Driver, name: &str) -> CellView {
    let prefix = format!("{name},");
    d.board()
        .cells
        .into_iter()
        .find(|c| c.label.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no cell {name}"))
}

/// A white king on 14 reaches 30 by 14x23x30 or by 14x7x16x23x30: the second tap offers both
/// paths and plays nothing until one is chosen (the Android board shows them in a dialog).
#[test]
fn capture_paths_ending_on_the_same_square_are_offered_and_the_chosen_one_is_played() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Draughts)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "W:WK14:B10,11,18,19,26,27".into(),
    ))));
    assert_eq!(d.app.home_view().start_position_error, None);
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Board(BoardEvent::TapCell(cell(&d, "14").index)));
    d.send(Event::Board(BoardEvent::TapCell(cell(&d, "30").index)));
    let b = d.board();
    let mut choices: Vec<_> = b.path_choices.iter().map(|m| m.notation.clone()).collect();
    choices.sort();
    assert_eq!(choices, ["14x23x30", "14x7x16x23x30"]);
    assert!(b.moves.is_empty(), "nothing played before the choice");
    let long = b
        .path_choices
        .iter()
        .find(|m| m.notation == "14x7x16x23x30")
        .expect("the long path")
        .index;
    d.send(Event::Board(BoardEvent::ChoosePath(long)));
    let b = d.board();
    assert_eq!(b.moves, ["14x7x16x23x30"]);
    assert!(b.path_choices.is_empty());
    let captured: Vec<_> = b
        .animation
        .iter()
        .filter_map(|s| match s {
            AnimationStep::Jump { captured, .. } => *captured,
            _ => None,
        })
        .collect();
    assert_eq!(captured.len(), 4, "four pieces jumped: {:?}", b.animation);
    for n in ["7", "16", "23", "30"] {
        assert!(cell(&d, n).last_move, "{n} is on the path");
    }
}

/// Cancelling the path dialog leaves the position and the selection as they were.
#[test]
fn cancelling_the_path_choice_plays_nothing() {
    let mut d = Driver::new();
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Draughts)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "W:WK14:B10,11,18,19,26,27".into(),
    ))));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Board(BoardEvent::TapCell(cell(&d, "14").index)));
    d.send(Event::Board(BoardEvent::TapCell(cell(&d, "30").index)));
    assert_eq!(d.board().path_choices.len(), 2);
    d.send(Event::Board(BoardEvent::CancelSelection));
    let b = d.board();
    assert!(b.path_choices.is_empty() && b.moves.is_empty());
    assert!(b.accepts_input);
}

/// TalkBack walks only the 32 dark squares: the light ones are marked unplayable, never hold a
/// piece, never light up, carry no more than their name, and a tap on one changes nothing.
#[test]
fn a_draughts_board_marks_its_light_squares_unplayable() {
    let mut d = start(GameKind::Draughts, PlayMode::TwoPlayers);
    let b = d.board();
    assert_eq!(b.cells.len(), 64);
    assert_eq!(b.cells.iter().filter(|c| c.playable).count(), 32);
    for c in b.cells.iter().filter(|c| !c.playable) {
        assert_eq!((c.row + c.col) % 2, 0, "light squares alternate: {c:?}");
        assert_eq!(c.piece, Piece::Empty);
        assert!(!c.legal && !c.hint && !c.last_move && !c.selected, "{c:?}");
        assert!(
            !c.label.contains(", "),
            "a light square says no more: {:?}",
            c.label
        );
    }
    let light = b
        .cells
        .iter()
        .find(|c| !c.playable)
        .expect("a light square")
        .index;
    let before = d.board();
    d.send(Event::Board(BoardEvent::TapCell(light)));
    let after = d.board();
    assert_eq!(after.moves, before.moves);
    assert_eq!(after.cells, before.cells, "no selection, no highlight");
    // Square 9 holds a black man that can move; selecting it shows its two destinations.
    assert_eq!(cell(&d, "9").label, "9, black man, legal move");
    d.send(Event::Board(BoardEvent::TapCell(cell(&d, "9").index)));
    assert_eq!(cell(&d, "9").label, "9, black man, selected");
    let mut targets: Vec<_> = d
        .board()
        .cells
        .iter()
        .filter(|c| c.legal)
        .map(|c| c.label.clone())
        .collect();
    targets.sort();
    assert_eq!(targets, ["13, empty, legal move", "14, empty, legal move"]);
}

/// What the Canvas and TalkBack read in Othello and Connect Four: the labels, the refused tap
/// with its reason, the flips and the drop of the last move.
#[test]
fn othello_and_connect_four_cells_say_what_they_hold_and_animate_the_last_move() {
    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    assert_eq!(cell(&d, "e4").label, "e4, black disc");
    assert_eq!(cell(&d, "d4").label, "d4, white disc");
    assert_eq!(cell(&d, "d3").label, "d3, empty, legal move");
    let mut legal: Vec<_> = d
        .board()
        .cells
        .iter()
        .filter(|c| c.legal)
        .map(|c| c.label.split(',').next().unwrap_or_default().to_string())
        .collect();
    legal.sort();
    assert_eq!(legal, ["c4", "d3", "e6", "f5"]);
    d.send(Event::Board(BoardEvent::TapCell(cell(&d, "a1").index)));
    let b = d.board();
    assert_eq!(b.message.as_deref(), Some("Not a legal move"));
    assert!(b.moves.is_empty());
    d.send(Event::Board(BoardEvent::TapCell(cell(&d, "f5").index)));
    let b = d.board();
    assert_eq!(b.moves, ["f5"]);
    assert_eq!(b.message, None, "a move clears the remark");
    assert_eq!((b.first_count, b.second_count), (4, 1));
    let e5 = cell(&d, "e5").index;
    let f5 = cell(&d, "f5").index;
    assert!(
        b.animation.contains(&AnimationStep::Place { cell: f5 }),
        "{:?}",
        b.animation
    );
    assert!(
        b.animation
            .iter()
            .any(|s| matches!(s, AnimationStep::Flip { cells } if cells == &vec![e5])),
        "e5 turns over: {:?}",
        b.animation
    );
    assert_eq!(cell(&d, "f5").label, "f5, black disc, last move");

    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    // A tap anywhere in column d (here its top cell) drops the stone to d1.
    let top_of_d = d
        .board()
        .cells
        .iter()
        .find(|c| c.row == 0 && c.col == 3)
        .expect("top of d")
        .index;
    d.send(Event::Board(BoardEvent::TapCell(top_of_d)));
    let d1 = cell(&d, "d1");
    assert_eq!(d1.label, "d1, red stone, last move");
    assert_eq!(cell(&d, "d2").label, "d2, empty, legal move");
    assert_eq!(
        d.board().animation,
        [AnimationStep::Drop {
            column: 3,
            cell: d1.index
        }]
    );
}

/// Undo shows the position before the move without replaying an animation (`BoardView.animation`:
/// "empty at the start and after undo"); redo animates the move again. The Android board plays
/// whatever animation a new position carries.
#[test]
fn undo_does_not_replay_an_animation() {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    d.send(Event::Board(BoardEvent::PlayNotation("5".into())));
    d.send(Event::Board(BoardEvent::Undo));
    let b = d.board();
    assert_eq!(b.moves, ["4"]);
    assert!(b.animation.is_empty(), "{:?}", b.animation);
    d.send(Event::Board(BoardEvent::Redo));
    let b = d.board();
    assert_eq!(b.moves, ["4", "5"]);
    assert!(matches!(
        b.animation.as_slice(),
        [AnimationStep::Drop { column: 4, .. }]
    ));
}

/// The app going to the background (ON_STOP of ProcessLifecycleOwner: ScreenHidden, then
/// Background) while the computer thinks: no move until ON_START (Foreground, ScreenShown),
/// then one search, even when ON_START's events arrive twice.
#[test]
fn on_stop_and_on_start_pause_and_resume_the_computer_once() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    d.send(Event::Home(HomeEvent::ChooseSide(ply_app::Side::Second)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(d.thinks(), 1, "the computer opens");
    d.send(Event::Platform(PlatformEvent::ScreenHidden));
    d.send(Event::Platform(PlatformEvent::Background));
    d.settle();
    let away = d.board();
    assert!(away.moves.is_empty(), "no move while hidden");
    assert_eq!(away.thinking, None);
    d.send(Event::Platform(PlatformEvent::Foreground));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Platform(PlatformEvent::Foreground));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    assert_eq!(
        d.thinks(),
        1,
        "one search, however often the screen is shown"
    );
    assert_eq!(d.board().thinking.map(|t| t.kind), Some(ThinkingKind::Move));
    d.settle();
    let back = d.board();
    assert_eq!(back.moves.len(), 1);
    assert!(back.accepts_input);
}

/// A process started with no UI (WorkManager's sync) hears Background before any ScreenShown:
/// a game restored on the board does not think until the app is opened.
#[test]
fn a_process_started_in_the_background_does_not_think() {
    let mut d = start(GameKind::Othello, PlayMode::ComputerVsComputer);
    d.think();
    let moves = d.board().moves.clone();
    assert_eq!(moves.len(), 1);
    // Killed while the next search was queued: only the file writes happened.
    d.run_all_but_searches();
    let blob = d
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            ply_app::app::Effect::SaveUiState(s) => Some(s),
            _ => None,
        })
        .next_back()
        .expect("the board saved the UI state");
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
    d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: false,
    }));
    // Configuration.locales of a phone set to German, then English.
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-DE".into(), "en-US".into()],
    }));
    d.send(Event::Platform(PlatformEvent::Background));
    d.settle();
    assert_eq!(d.app.screen(), Screen::Board);
    assert!(
        d.board().status.ends_with(" ist am Zug."),
        "{}",
        d.board().status
    );
    assert_eq!(d.board().moves, moves, "no move with no UI");
    assert!(d.board().cells.iter().all(|c| c.label.is_empty()));
    d.send(Event::Platform(PlatformEvent::Foreground));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    assert_eq!(d.thinks(), 1, "the computer goes on once the app is shown");
}

/// The system back: the shell sends `Back` unless the view model says back leaves the app
/// (home). After-game goes back to its board, board, history and settings to home.
#[test]
fn back_goes_where_the_core_says_and_leaves_the_app_from_home() {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    assert!(!d.app.view().back_leaves_app);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::Home);
    assert!(d.app.view().back_leaves_app);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(
        d.app.screen(),
        Screen::Home,
        "on home, back is the system's"
    );
    for screen in [
        Event::Navigation(NavigationEvent::OpenHistory),
        Event::Navigation(NavigationEvent::OpenSettings),
    ] {
        d.send(screen);
        assert!(!d.app.view().back_leaves_app);
        d.send(Event::Navigation(NavigationEvent::Back));
        assert_eq!(d.app.screen(), Screen::Home);
    }
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    for mv in ["4", "3", "4", "3", "4", "3", "4"] {
        d.send(Event::Board(BoardEvent::PlayNotation(mv.into())));
    }
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    assert_eq!(d.app.screen(), Screen::AfterGame);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(
        d.app.screen(),
        Screen::Board,
        "after-game goes back to its board"
    );
}

/// A history row the view model says can be reviewed is tapped (`ReviewPastGame` with its id);
/// the review takes the list's place, and the system back (the view model does not let the
/// system have it) returns to the list, then home.
#[test]
fn a_history_row_is_tapped_to_review_it_and_back_returns_to_the_list() {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    for mv in ["4", "3", "4", "3", "4", "3", "4"] {
        d.send(Event::Board(BoardEvent::PlayNotation(mv.into())));
    }
    d.settle();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send_settled(Event::Navigation(NavigationEvent::OpenHistory));
    let row = d.drawn_history().entries[0].clone();
    assert!(row.can_review);
    d.send_settled(Event::History(HistoryEvent::ReviewPastGame { id: row.id }));
    let past = d.drawn_history().review.expect("the review");
    assert_eq!(past.review.moves.len(), 7);
    assert!(!d.app.view().back_leaves_app);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::History);
    assert!(d.drawn_history().review.is_none());
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::Home);
}
