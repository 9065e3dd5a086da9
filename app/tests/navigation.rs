//! Where back goes from every screen (every back sends `Back`: Android's system back and its
//! top bars, iOS's board toolbar), and the tabs of a tabbed shell (iOS): the tab the view model
//! selects, the one event a picked tab sends, what the Play tab shows, and the tab after a
//! restore. The shells hold no route of their own.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::app::{
    AppTab, BoardEvent, Command, Effect, Event, HomeEvent, NavigationEvent, PlatformEvent,
    PlayMode, Screen, SettingsEvent,
};
use ply_app::settings::GameKind;

fn two_players(game: GameKind) -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(game)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

fn win_connect_four(d: &mut Driver) {
    for c in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(c.into())));
    }
    assert!(d.board().finished);
}

/// Opens `screen` the way a shell's buttons do.
fn open(d: &mut Driver, screen: Screen) {
    let e = match screen {
        Screen::Home => Event::Navigation(NavigationEvent::OpenHome),
        Screen::Board => Event::Navigation(NavigationEvent::OpenBoard),
        Screen::AfterGame => Event::Navigation(NavigationEvent::OpenAfterGame),
        Screen::History => Event::Navigation(NavigationEvent::OpenHistory),
        Screen::Settings => Event::Navigation(NavigationEvent::OpenSettings),
    };
    d.send(e);
    assert_eq!(d.app.screen(), screen);
}

#[test]
fn back_from_every_screen_goes_where_the_core_says() {
    // (screen, where back goes; None: back leaves the app and the shell lets the system have it)
    let during = [
        (Screen::Home, None),
        (Screen::Board, Some(Screen::Home)),
        (Screen::History, Some(Screen::Home)),
        (Screen::Settings, Some(Screen::Home)),
    ];
    let mut d = two_players(GameKind::ConnectFour);
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    for (screen, target) in during {
        open(&mut d, screen);
        let v = d.app.view();
        assert_eq!(v.back_leaves_app, target.is_none(), "{screen:?}");
        d.send(Event::Navigation(NavigationEvent::Back));
        assert_eq!(
            d.app.screen(),
            target.unwrap_or(screen),
            "back from {screen:?}"
        );
    }
    // After the game, back returns to its board.
    open(&mut d, Screen::Board);
    d.send(Event::Board(BoardEvent::Undo));
    win_connect_four(&mut d);
    open(&mut d, Screen::AfterGame);
    assert!(!d.app.view().back_leaves_app);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::Board);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::Home);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::Home, "home: nothing to go back to");
}

#[test]
fn back_from_the_board_stops_the_computer_and_coming_back_lets_it_go_on() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(
        PlayMode::ComputerVsComputer,
    )));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(d.thinks(), 1);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::Home);
    d.settle();
    assert!(
        d.board().moves.is_empty(),
        "the search stopped with the board gone"
    );
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    assert_eq!(d.thinks(), 1, "the computer thinks again on its board");
}

#[test]
fn the_tab_follows_the_screen_and_the_play_tab_keeps_its_place() {
    let mut d = Driver::new();
    let v = d.app.view();
    assert_eq!((v.tab, v.play_screen), (AppTab::Play, Screen::Home));

    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    let v = d.app.view();
    assert_eq!(
        (v.screen.screen(), v.tab),
        (Screen::History, AppTab::History)
    );
    assert_eq!(
        v.play_screen,
        Screen::Home,
        "no game: the Play tab shows home"
    );

    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::Settings,
    )));
    let v = d.app.view();
    assert_eq!(
        (v.screen.screen(), v.tab),
        (Screen::Settings, AppTab::Settings)
    );
    assert_eq!(v.play_screen, Screen::Board, "the Play tab keeps the board");

    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    win_connect_four(&mut d);
    open(&mut d, Screen::AfterGame);
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    assert_eq!(d.app.view().play_screen, Screen::AfterGame);
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    let v = d.app.view();
    assert_eq!(
        (v.screen.screen(), v.tab),
        (Screen::AfterGame, AppTab::Play)
    );
}

#[test]
fn the_tab_already_shown_changes_nothing() {
    let mut d = Driver::new();
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::Settings,
    )));
    d.send(Event::Settings(SettingsEvent::SetServerUrl(
        "not an address".into(),
    )));
    d.settle();
    let before = d.app.settings_view();
    for tab in [AppTab::Settings, AppTab::Settings] {
        let fx = d.send(Event::Navigation(NavigationEvent::SelectTab(tab)));
        assert!(
            !fx.iter().any(|e| matches!(e, Effect::SaveUiState(_))),
            "{fx:?}"
        );
    }
    assert_eq!(d.app.settings_view(), before, "the typed address is kept");

    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    d.settle();
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        AppTab::History,
    )));
    assert!(
        !d.queue.iter().any(|c| matches!(c, Command::ScanOutbox)),
        "the outbox is read when the tab opens, not again"
    );
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
    assert_eq!(d.app.screen(), Screen::Home);
}

#[test]
fn a_restored_process_opens_on_the_tab_it_left() {
    for (tab, screen) in [
        (AppTab::History, Screen::History),
        (AppTab::Settings, Screen::Settings),
        (AppTab::Play, Screen::Board),
    ] {
        let mut d = two_players(GameKind::ConnectFour);
        d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
        d.send(Event::Navigation(NavigationEvent::SelectTab(tab)));
        if tab == AppTab::Play {
            // Already on Play: the board.
            assert_eq!(d.app.screen(), Screen::Board);
            d.send(Event::Navigation(NavigationEvent::SelectTab(
                AppTab::History,
            )));
            d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
        }
        let blob = d.saved_ui();
        d.settle();
        let mut d = d.restart();
        d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
        let v = d.app.view();
        assert_eq!(
            (v.screen.screen(), v.tab),
            (screen, tab),
            "restored on {tab:?}"
        );
        assert_eq!(
            v.play_screen,
            Screen::Board,
            "with the game on the Play tab"
        );
        d.send(Event::Navigation(NavigationEvent::SelectTab(AppTab::Play)));
        assert_eq!(d.board().moves, ["4"]);
    }
}

#[test]
fn a_restored_board_without_its_game_opens_home() {
    let mut d = two_players(GameKind::ConnectFour);
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    let blob = d.saved_ui();
    d.settle();
    std::fs::remove_file(d.app.data_dir().join("game.json")).expect("the game file");
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
    let v = d.app.view();
    assert_eq!(
        (v.screen.screen(), v.tab, v.play_screen),
        (Screen::Home, AppTab::Play, Screen::Home)
    );
    assert!(v.back_leaves_app);
}
