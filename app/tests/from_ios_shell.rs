//! Journeys the iOS shell relies on, which its deleted Swift tests (GameController, SyncPolicy,
//! settings validation) checked on the shell's own logic and the other journeys do not cover:
//! tab switches (`SelectTab`: the shell sends the tab picked and nothing else), the Play tab
//! returning to the screen it left, the saved UI state, and the home screen's option lists.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Driver, start};
use ply_app::app::{
    AppTab, BoardEvent, Effect, Event, HistoryEvent, HomeEvent, NavigationEvent, PlatformEvent,
    PlayMode, ReviewEvent, Screen,
};
use ply_app::settings::GameKind;
use std::collections::HashSet;

/// A tab switch is one event, and the scene stays shown: the board on another tab does not
/// play on, and coming back the game is the same game and continues (the old shell closed it and
/// the board went dead).
#[test]
fn a_tab_switch_hides_the_board_and_coming_back_continues_the_same_game() {
    let mut d = start(GameKind::Othello, PlayMode::ComputerVsComputer);
    d.think();
    let before = d.board().moves.clone();
    assert_eq!(before.len(), 1);
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    d.settle();
    assert_eq!(d.app.screen(), Screen::History);
    assert_eq!(d.app.view().tab, AppTab::History);
    assert_eq!(
        d.app.view().play_screen,
        Screen::Board,
        "the Play tab keeps its board"
    );
    assert_eq!(
        d.board().moves,
        before,
        "no move while the board is on another tab"
    );
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    assert_eq!(d.app.screen(), Screen::Board);
    d.settle();
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    assert_eq!(b.moves[0], before[0], "the same game went on");
}

/// A computer-against-computer game paused before a tab switch stays paused after it.
#[test]
fn a_paused_game_stays_paused_across_a_tab_switch() {
    let mut d = start(GameKind::ConnectFour, PlayMode::ComputerVsComputer);
    d.think();
    d.send(Event::Board(BoardEvent::Pause));
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::Settings,
    )));
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    d.settle();
    let b = d.board();
    assert_eq!(b.moves.len(), 1, "still paused");
    assert!(b.can_resume && !b.can_pause);
}

/// The Play tab returns to the screen it left: home without a game, the board during one, the
/// after-game screen once it was open, and never to a board that no longer applies.
#[test]
fn the_play_tab_returns_to_the_screen_it_left() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    assert_eq!(d.app.screen(), Screen::Home, "no game: home");
    assert!(!d.app.home_view().can_resume);

    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::Settings,
    )));
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    assert_eq!(d.app.screen(), Screen::Board, "a game: its board");

    // The saved UI state remembers the play screen across a force-quit.
    let blob = d
        .send(Event::Navigation(NavigationEvent::SelectTab(
            AppTab::Settings,
        )))
        .into_iter()
        .find_map(|e| match e {
            Effect::SaveUiState(b) => Some(b),
            _ => None,
        })
        .expect("a saved UI state");
    d.settle();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
    // Bundle.main.preferredLocalizations of a phone set to German.
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de".into()],
    }));
    assert_eq!(d.app.screen(), Screen::Settings);
    assert_eq!(d.app.view().tab, AppTab::Settings, "the restored tab");
    assert!(d.app.settings_view().memory.starts_with("Suchen nutzen"));
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    assert_eq!(
        d.app.screen(),
        Screen::Board,
        "the game and its board came back"
    );

    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    assert_eq!(d.app.screen(), Screen::Home, "home was left, home it is");

    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    for mv in ["4", "3", "4", "3", "4", "3", "4"] {
        d.send(Event::Board(BoardEvent::PlayNotation(mv.into())));
    }
    assert!(d.board().finished);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    assert_eq!(
        d.app.screen(),
        Screen::AfterGame,
        "the after-game screen it left"
    );
}

/// The home screen's choices come back after a force-quit through the saved UI state (the
/// shell keeps the last SaveUiState blob in UserDefaults); a blob that does not parse changes
/// nothing.
#[test]
fn the_saved_ui_state_restores_the_home_choices_and_garbage_is_ignored() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseLevel(3)));
    let blob = d
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::SaveUiState(s) => Some(s),
            _ => None,
        })
        .next_back()
        .expect("a choice saves the UI state");
    d.settle();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::RestoreUi(
        "not the core's blob".into(),
    )));
    let home = d.app.home_view();
    assert!(
        home.games.iter().any(|g| g.selected),
        "a game is still selected"
    );
    d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
    let home = d.app.home_view();
    let selected: Vec<_> = home.games.iter().filter(|g| g.selected).collect();
    assert_eq!(selected.len(), 1);
    assert_eq!(selected[0].game, GameKind::ConnectFour);
    assert_eq!(home.level, 3);
}

/// Each option list of the home screen offers each value once with exactly one selected (the
/// shell's pickers select by position).
#[test]
fn every_home_option_list_has_unique_values_and_one_selection() {
    for game in [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts] {
        let mut d = Driver::new();
        d.send(Event::Home(HomeEvent::ChooseGame(game)));
        d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
        let h = d.app.home_view();
        assert!(h.engine_choices && !h.sides.is_empty());
        let counts = [
            h.games.iter().filter(|o| o.selected).count(),
            h.modes.iter().filter(|o| o.selected).count(),
            h.sides.iter().filter(|o| o.selected).count(),
            h.algorithms.iter().filter(|o| o.selected).count(),
            h.orderings.iter().filter(|o| o.selected).count(),
            h.heuristics.iter().filter(|o| o.selected).count(),
        ];
        assert_eq!(counts, [1; 6], "{game:?}");
        let presets: HashSet<_> = h.heuristics.iter().map(|o| o.preset.clone()).collect();
        assert_eq!(
            presets.len(),
            h.heuristics.len(),
            "{game:?}: a heuristic twice"
        );
        let labels: HashSet<_> = h.heuristics.iter().map(|o| o.label.clone()).collect();
        assert_eq!(labels.len(), h.heuristics.len(), "{game:?}: a label twice");
        assert!(h.min_level <= h.level && h.level <= h.max_level);
    }
}

/// The History tab: a row that can be reviewed is a button (`ReviewPastGame` with its id); the
/// review's own close button (`CloseReview`) returns to the list, and a tab switch meanwhile
/// keeps a ready review.
#[test]
fn a_history_row_is_tapped_to_review_it_and_closed_from_the_tab() {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    for mv in ["4", "3", "4", "3", "4", "3", "4"] {
        d.send(Event::Board(BoardEvent::PlayNotation(mv.into())));
    }
    d.settle();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send_settled(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    let row = d.drawn_history().entries[0].clone();
    assert!(row.can_review && row.review_refusal.is_none());
    d.send_settled(Event::History(HistoryEvent::ReviewPastGame { id: row.id }));
    let ready = d.drawn_history().review;
    assert!(ready.is_some());
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    assert_eq!(d.drawn_history().review, ready);
    d.send(Event::Review(ReviewEvent::Close));
    let h = d.drawn_history();
    assert!(h.review.is_none());
    assert_eq!(h.entries.len(), 1);
    assert_eq!(d.app.screen(), Screen::History);
}
