//! The questions the core asks before what cannot be taken back (replacing a game still being
//! played, resigning): when it asks and when not, the answers, platform events and the
//! computer's moves arriving while a question is up, and a question surviving process death
//! through the saved UI state. Both shells draw `ViewModel::confirmation` and send the answer.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::app::{
    BoardEvent, ConfirmView, ConfirmationEvent, Effect, Event, HomeEvent, MemoryPressure,
    NavigationEvent, PlatformEvent, PlayMode, Screen,
};
use ply_app::settings::GameKind;
use ply_app::snapshot::Side;

fn start(game: GameKind, mode: PlayMode) -> Driver {
    let mut d = Driver::new().with_depth(2);
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(game)));
    d.send(Event::Home(HomeEvent::ChooseMode(mode)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

/// Othello against the computer after the person's f5 and the computer's answer.
fn othello_under_way() -> Driver {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.settle();
    assert_eq!(d.board().moves.len(), 2);
    d
}

/// Connect Four against the computer (yellow) from a position where both have three in a
/// column and red, the person, is to move: red plays elsewhere, and yellow's reply wins.
fn connect_four_yellow_about_to_win() -> Driver {
    let mut d = Driver::new().with_depth(2);
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    d.send(Event::Home(HomeEvent::ChooseSide(Side::First)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "121212".into(),
    ))));
    assert_eq!(d.app.home_view().start_position_error, None);
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Board(BoardEvent::PlayNotation("7".into())));
    assert_eq!(d.board().moves, ["7"]);
    assert_eq!(
        d.thinks(),
        1,
        "the computer's winning reply is being searched"
    );
    d
}

fn question(d: &Driver) -> Option<ConfirmView> {
    d.app.view().confirmation
}

fn saves(fx: &[Effect]) -> usize {
    fx.iter()
        .filter(|e| matches!(e, Effect::SaveUiState(_)))
        .count()
}

fn new_game_question() -> ConfirmView {
    ConfirmView {
        question: "Start a new game?".into(),
        detail: "The game in progress will be lost.".into(),
        confirm: "New game".into(),
        cancel: "Cancel".into(),
    }
}

fn resign_question() -> ConfirmView {
    ConfirmView {
        question: "Resign this game?".into(),
        detail: "Your opponent wins. The game goes to your history.".into(),
        confirm: "Resign".into(),
        cancel: "Cancel".into(),
    }
}

#[test]
fn a_new_game_in_place_of_one_being_played_is_asked_about_from_home_and_from_the_board() {
    for from_home in [true, false] {
        let mut d = othello_under_way();
        if from_home {
            d.send(Event::Navigation(NavigationEvent::OpenHome));
        }
        let screen = d.app.screen();
        let fx = d.send(Event::Home(HomeEvent::NewGame));
        assert_eq!(question(&d), Some(new_game_question()));
        assert_eq!(saves(&fx), 1, "the question is part of the saved UI state");
        assert_eq!(d.app.screen(), screen, "asked where the person is");
        assert_eq!(d.board().moves.len(), 2, "nothing replaced yet");
        assert!(!d.app.view().back_leaves_app, "back answers the question");

        d.send(Event::Confirmation(ConfirmationEvent::Cancel));
        assert_eq!(question(&d), None);
        assert_eq!(d.board().moves.len(), 2, "cancelled: the same game");
        assert_eq!(d.app.screen(), screen);

        d.send(Event::Home(HomeEvent::NewGame));
        d.send(Event::Confirmation(ConfirmationEvent::Accept));
        assert_eq!(question(&d), None);
        assert_eq!(d.app.screen(), Screen::Board);
        let b = d.board();
        assert!(b.moves.is_empty() && !b.finished, "a new game: {b:?}");
        // An answer with no question up does nothing.
        d.send(Event::Confirmation(ConfirmationEvent::Accept));
        assert!(d.board().moves.is_empty());
    }
}

#[test]
fn nothing_to_lose_nothing_asked() {
    // No game yet, a game without a move, a finished game: a new game starts at once.
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    assert_eq!(question(&d), None);
    assert_eq!(d.app.screen(), Screen::Board);
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(
        question(&d),
        None,
        "a game without a move is only its setup"
    );
    assert_eq!(d.app.screen(), Screen::Board);

    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    for c in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(c.into())));
    }
    assert!(d.board().finished);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(question(&d), None, "a finished game is in the history");
    assert!(d.board().moves.is_empty());
    assert_eq!(d.app.screen(), Screen::Board);

    // No resignation to ask about where none is possible.
    let mut d = start(GameKind::Othello, PlayMode::ComputerVsComputer);
    d.send(Event::Board(BoardEvent::Resign));
    assert_eq!(question(&d), None);
}

#[test]
fn resigning_is_asked_and_only_a_yes_resigns() {
    let mut d = othello_under_way();
    d.send(Event::Board(BoardEvent::Resign));
    assert_eq!(question(&d), Some(resign_question()));
    assert!(!d.board().finished);

    d.send(Event::Confirmation(ConfirmationEvent::Cancel));
    assert_eq!(question(&d), None);
    assert!(!d.board().finished, "cancelled: the game goes on");

    // Back (Android's system back, a top bar's) puts the question away and goes nowhere.
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(question(&d), None);
    assert_eq!(
        d.app.screen(),
        Screen::Board,
        "back only answered the question"
    );
    assert!(!d.board().finished);

    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    let b = d.board();
    assert!(
        b.finished && b.status.ends_with("(Black resigned)."),
        "{}",
        b.status
    );
    assert_eq!(question(&d), None);
    d.settle();
    assert_eq!(d.app.history_view().entries.len(), 1);
}

#[test]
fn resigning_before_the_first_move_says_the_game_is_not_kept() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::Resign));
    let q = question(&d).expect("asked");
    assert_eq!(
        q.detail,
        "Your opponent wins. A game without a move is not kept in your history."
    );
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.settle();
    assert!(d.board().finished);
    assert!(
        d.app.history_view().entries.is_empty(),
        "as the question said"
    );
}

#[test]
fn platform_events_leave_the_question_up() {
    let mut d = othello_under_way();
    d.send(Event::Board(BoardEvent::Resign));
    for e in [
        Event::Platform(PlatformEvent::ScreenHidden),
        Event::Platform(PlatformEvent::Background),
        Event::Platform(PlatformEvent::MemoryPressure(MemoryPressure::Critical)),
        Event::Platform(PlatformEvent::Network {
            online: false,
            metered: false,
        }),
        Event::Platform(PlatformEvent::Accessibility { labels: false }),
        Event::Platform(PlatformEvent::Foreground),
        Event::Platform(PlatformEvent::ScreenShown),
    ] {
        d.send(e.clone());
        d.settle();
        assert_eq!(question(&d), Some(resign_question()), "after {e:?}");
    }
    // The phone's language changes: the question is asked again in the new language.
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-DE".into()],
    }));
    assert_eq!(
        question(&d).map(|q| q.question),
        Some("Diese Partie aufgeben?".into())
    );
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert!(d.board().finished);
}

#[test]
fn the_computers_move_arriving_under_a_resign_question_leaves_it_up_until_the_game_ends() {
    // The computer answers while the person reads the question: still theirs to resign.
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    assert_eq!(d.thinks(), 1);
    d.send(Event::Board(BoardEvent::Resign));
    d.think();
    assert_eq!(d.board().moves.len(), 2, "the computer moved");
    assert_eq!(question(&d), Some(resign_question()));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert!(d.board().finished);

    // The computer's reply ends the game: there is nothing left to resign.
    let mut d = connect_four_yellow_about_to_win();
    d.send(Event::Board(BoardEvent::Resign));
    assert!(question(&d).is_some());
    d.take_effects();
    d.think();
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    assert_eq!(question(&d), None, "the question went with the game");
    assert!(
        !d.saved_ui().contains("Resign"),
        "and is not restored after process death: {}",
        d.saved_ui()
    );
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert!(
        !d.board().status.contains("resigned"),
        "{}",
        d.board().status
    );
}

#[test]
fn the_computers_move_ending_the_game_under_a_new_game_question_keeps_the_persons_request() {
    let mut d = connect_four_yellow_about_to_win();
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(question(&d), Some(new_game_question()));
    d.think();
    assert!(d.board().finished);
    assert_eq!(
        question(&d),
        Some(new_game_question()),
        "the person asked for a new game"
    );
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    let b = d.board();
    assert!(b.moves.is_empty() && !b.finished, "{b:?}");
}

#[test]
fn leaving_the_screen_puts_the_question_away() {
    let mut d = othello_under_way();
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    assert_eq!(d.app.screen(), Screen::History);
    assert_eq!(question(&d), None);
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    assert_eq!(question(&d), None, "not asked again on return");
    assert!(!d.board().finished);
}

#[test]
fn a_question_up_at_process_death_is_up_again_after_the_restore() {
    for (resign, screen) in [(true, Screen::Board), (false, Screen::Home)] {
        let mut d = othello_under_way();
        if screen == Screen::Home {
            d.send(Event::Navigation(NavigationEvent::OpenHome));
        }
        d.send(if resign {
            Event::Board(BoardEvent::Resign)
        } else {
            Event::Home(HomeEvent::NewGame)
        });
        let asked = question(&d).expect("asked");
        let blob = d.saved_ui();
        // Killed with the question up: the file writes happened, the search did not.
        d.run_all_but_searches();
        let mut d = d.restart();
        d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
        d.send(Event::Platform(PlatformEvent::ScreenShown));
        assert_eq!(d.app.screen(), screen);
        assert_eq!(
            question(&d),
            Some(asked),
            "the same question, on {screen:?}"
        );
        assert_eq!(d.board().moves.len(), 2, "the game it is about");
        assert!(!d.app.view().back_leaves_app);
        d.send(Event::Confirmation(ConfirmationEvent::Accept));
        let b = d.board();
        if resign {
            assert!(b.finished, "{}", b.status);
        } else {
            assert!(b.moves.is_empty() && !b.finished, "{b:?}");
        }
    }
}

#[test]
fn a_restored_question_whose_action_no_longer_applies_is_not_asked() {
    let mut d = othello_under_way();
    d.send(Event::Board(BoardEvent::Resign));
    let stale = d.saved_ui();
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert!(d.board().finished);
    let answered = d.saved_ui();
    d.settle();

    // The last blob saved says no question.
    let mut restored = d.restart();
    restored.send(Event::Platform(PlatformEvent::RestoreUi(answered)));
    assert_eq!(question(&restored), None);

    // An older blob (a platform that lost the last save) asks about a finished game: not asked.
    let mut d = restored.restart();
    d.send(Event::Platform(PlatformEvent::RestoreUi(stale)));
    assert_eq!(question(&d), None);
    assert_eq!(d.app.screen(), Screen::Board);
    assert!(!d.saved_ui().contains("Resign"), "{}", d.saved_ui());
}
