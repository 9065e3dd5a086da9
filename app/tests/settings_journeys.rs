//! The settings and home screens as the shells draw them: every field's text lives in the core
//! (the shells send each edit and draw the view model), every option list and its labels come
//! from the core, and a collector the platform refuses to reach over plain http is named as such.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Collector, Driver};
use ply_app::app::{
    BoardEvent, ConfirmationEvent, Effect, Event, HistoryEvent, HomeEvent, HomeView, LevelOption,
    MemoryPressure, NavigationEvent, PlatformEvent, PlayMode, PonderMode, Screen, SettingsEvent,
    SyncProblem, SyncState,
};
use ply_app::settings::GameKind;
use std::sync::atomic::Ordering;

/// Sends `text` as a person types it: one event per character.
fn type_into(d: &mut Driver, text: &str, event: fn(String) -> Event) {
    for end in text.char_indices().map(|(i, c)| i + c.len_utf8()) {
        d.send(event(text[..end].to_string()));
    }
}

fn quick_win(d: &mut Driver) {
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    for col in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(col.into())));
    }
    assert!(d.board().finished);
}

/// Records waiting in the outbox, as its directory holds them.
fn outbox_records(d: &Driver) -> usize {
    let dir = d.dir.path().join(ply_app::app::store::OUTBOX_DIR);
    ply_core::sync::Outbox::open(dir)
        .expect("outbox")
        .list()
        .expect("listed")
        .len()
}

/// The iOS shell sent the address only on Return, so sync turned on right after typing said the
/// address was empty. Every keystroke is an event now, and turning sync on takes the address as
/// typed, whatever the platform reported while the person typed.
#[test]
fn a_typed_address_turns_sync_on_without_return() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    type_into(&mut d, "http://coll", |v| {
        Event::Settings(SettingsEvent::SetServerUrl(v))
    });
    d.send(Event::Platform(PlatformEvent::Network {
        online: true,
        metered: false,
    }));
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de".into()],
    }));
    d.send(Event::Platform(PlatformEvent::Background));
    d.send(Event::Platform(PlatformEvent::Foreground));
    type_into(&mut d, "http://collector.test/", |v| {
        Event::Settings(SettingsEvent::SetServerUrl(v))
    });
    let s = d.app.settings_view();
    assert_eq!(s.server_url, "http://collector.test/", "drawn as typed");
    assert_eq!(s.server_url_error, None);
    assert!(!s.sync_enabled);
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    let s = d.app.settings_view();
    assert!(s.sync_enabled, "{:?}", s.server_url_error);
    assert_eq!(s.server_url_error, None);
    // The stored address is the typed one, and the next finished game goes there.
    d.settle();
    let d = &mut d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    assert!(d.app.settings_view().sync_enabled);
    assert_eq!(d.app.settings_view().server_url, "http://collector.test");
    quick_win(d);
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 1);
    assert_eq!(d.app.history_view().entries[0].sync, SyncState::Synced);
}

/// A half-typed address is shown as typed with what is wrong, and turning sync on then refuses
/// it; the stored address stays the last valid one.
#[test]
fn a_half_typed_address_cannot_turn_sync_on() {
    let mut d = Driver::new();
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    type_into(&mut d, "http:/", |v| {
        Event::Settings(SettingsEvent::SetServerUrl(v))
    });
    let s = d.app.settings_view();
    assert_eq!(s.server_url, "http:/");
    assert!(s.server_url_error.is_some());
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    assert!(!d.app.settings_view().sync_enabled);
    assert_eq!(d.app.settings_view().server_url, "http:/", "the text stays");
}

/// The weights editor draws the core's text: each edit is kept, applying stores what the
/// engine accepts, a refusal keeps the text with the reason until the next edit.
#[test]
fn the_weights_editor_text_lives_in_the_core() {
    let mut d = Driver::new();
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    let good =
        ply_app::heuristic_weights_json(GameKind::Othello, "default".into()).expect("preset");
    let edit = |json: &str| {
        Event::Settings(SettingsEvent::EditWeights {
            game: GameKind::Othello,
            json: json.into(),
        })
    };
    d.send(edit("{ \"weights\": {\"nonsense\": 3} }"));
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Critical,
    )));
    let w = d.app.settings_view().weights[0].clone();
    assert_eq!(w.game, GameKind::Othello);
    assert_eq!(
        w.json, "{ \"weights\": {\"nonsense\": 3} }",
        "drawn as typed"
    );
    assert!(!w.custom && w.error.is_none(), "nothing applied yet");
    // Apply sends the view's own text.
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: w.game,
        json: w.json.clone(),
    }));
    let w = d.app.settings_view().weights[0].clone();
    assert!(
        w.error.as_deref().is_some_and(|e| e.contains("nonsense")),
        "{w:?}"
    );
    assert!(!w.custom);
    assert_eq!(
        w.json, "{ \"weights\": {\"nonsense\": 3} }",
        "the text stays"
    );
    d.send(edit(&good));
    let w = d.app.settings_view().weights[0].clone();
    assert_eq!(
        w.error, None,
        "the refusal was about the text before the edit"
    );
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: w.game,
        json: w.json,
    }));
    let w = d.app.settings_view().weights[0].clone();
    assert!(w.custom && w.error.is_none(), "{w:?}");
    assert_eq!(w.json, good.trim());
    // Another game's editor is its own.
    assert_eq!(d.app.settings_view().weights[1].json, "");
    // An edit not applied is gone when the screen opens again; the stored weights are shown.
    d.send(edit("{"));
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    assert_eq!(d.app.settings_view().weights[0].json, good.trim());
}

fn stones(b: &ply_app::app::BoardView) -> usize {
    b.cells
        .iter()
        .filter(|c| c.piece != ply_app::Piece::Empty)
        .count()
}

/// The start position field draws the core's text; New game starts from what was typed,
/// and a text that is no position keeps the game from starting and says why.
#[test]
fn a_typed_start_position_is_the_one_a_new_game_starts_from() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    type_into(&mut d, "4453", |v| {
        Event::Home(HomeEvent::EditStartPosition(v))
    });
    d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: false,
    }));
    let home = d.app.home_view();
    assert_eq!(home.start_position_text, "4453");
    assert_eq!(home.start_position, None, "typed, not applied");
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(d.app.screen(), Screen::Board);
    let b = d.board();
    assert_eq!(stones(&b), 4, "four stones from the position");
    assert!(b.moves.is_empty());
    d.send(Event::Board(BoardEvent::PlayNotation("1".into())));
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    let home = d.app.home_view();
    assert_eq!(home.start_position.as_deref(), Some("4453"));
    assert_eq!(home.start_position_text, "4453", "the chosen position");

    // Not a position: New game does not start and the home view says why.
    type_into(&mut d, "4448", |v| {
        Event::Home(HomeEvent::EditStartPosition(v))
    });
    let fx = d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(d.app.screen(), Screen::Home);
    assert!(
        d.app.view().confirmation.is_none(),
        "refused before asking to replace the game"
    );
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Announce(t) if t.starts_with("'4448' is not"))),
        "said for screen readers too: {fx:?}"
    );
    let home = d.app.home_view();
    assert_eq!(home.start_position_text, "4448", "the text stays");
    assert!(
        home.start_position_error
            .as_deref()
            .is_some_and(|e| e.starts_with("'4448' is not a start position: ")),
        "{:?}",
        home.start_position_error
    );
    assert_eq!(d.board().moves, ["1"], "the game in progress is untouched");
    // Applying the field's text is what the shells' button does.
    d.send(Event::Home(HomeEvent::EditStartPosition("44".into())));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        d.app.home_view().start_position_text,
    ))));
    let home = d.app.home_view();
    assert_eq!(home.start_position.as_deref(), Some("44"));
    assert_eq!(home.start_position_error, None);
    // A blank field is the standard start.
    d.send(Event::Home(HomeEvent::EditStartPosition(String::new())));
    d.send(Event::Home(HomeEvent::NewGame));
    assert!(
        d.app.view().confirmation.is_some(),
        "the game being played is not replaced unasked"
    );
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert_eq!(stones(&d.board()), 0);

    // Another game, or another number of players, clears what was typed.
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::EditStartPosition("44".into())));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    assert_eq!(d.app.home_view().start_position_text, "");
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Virus)));
    d.send(Event::Home(HomeEvent::EditStartPosition("x".into())));
    d.send(Event::Home(HomeEvent::ChoosePlayers(3)));
    assert_eq!(d.app.home_view().start_position_text, "");
}

fn selected_count<T>(list: &[T], selected: impl Fn(&T) -> bool) -> usize {
    list.iter().filter(|o| selected(o)).count()
}

/// Each list a picker draws has exactly one choice marked (a list may be empty when it does not
/// apply), so a shell never falls back on a choice of its own.
fn assert_one_choice_each(home: &HomeView, context: &str) {
    let lists = [
        ("games", selected_count(&home.games, |o| o.selected), false),
        (
            "modes",
            selected_count(&home.modes, |o| o.selected),
            home.modes.is_empty(),
        ),
        (
            "sides",
            selected_count(&home.sides, |o| o.selected),
            home.sides.is_empty(),
        ),
        (
            "player counts",
            selected_count(&home.player_counts, |o| o.selected),
            home.player_counts.is_empty(),
        ),
        (
            "levels",
            selected_count(&home.levels, |o| o.selected),
            false,
        ),
        (
            "algorithms",
            selected_count(&home.algorithms, |o| o.selected),
            false,
        ),
        (
            "orderings",
            selected_count(&home.orderings, |o| o.selected),
            false,
        ),
        (
            "heuristics",
            selected_count(&home.heuristics, |o| o.selected),
            false,
        ),
    ];
    for (name, selected, empty) in lists {
        assert_eq!(selected, usize::from(!empty), "{context}: {name}");
    }
    for seat in &home.seats {
        assert_eq!(
            seat.levels
                .iter()
                .filter(|l| l.selected)
                .map(|l| l.level)
                .collect::<Vec<_>>(),
            [seat.level],
            "{context}: seat {}",
            seat.seat
        );
    }
}

#[test]
fn every_option_list_has_exactly_one_choice_marked() {
    let mut d = Driver::new();
    for custom in [false, true] {
        if custom {
            let good = ply_app::heuristic_weights_json(GameKind::Othello, "default".into())
                .expect("preset");
            d.send(Event::Navigation(NavigationEvent::OpenSettings));
            d.send(Event::Settings(SettingsEvent::SetWeights {
                game: GameKind::Othello,
                json: good,
            }));
            d.send(Event::Navigation(NavigationEvent::OpenHome));
        }
        for game in ply_app::GameKind::ALL {
            d.send(Event::Home(HomeEvent::ChooseGame(game)));
            for mode in PlayMode::ALL {
                d.send(Event::Home(HomeEvent::ChooseMode(mode)));
                for level in 1..=10 {
                    d.send(Event::Home(HomeEvent::ChooseLevel(level)));
                    let home = d.app.home_view();
                    assert_one_choice_each(&home, &format!("{game:?} {mode:?} level {level}"));
                    if level == 1 {
                        // Every preset the list offers can be chosen, and is then the one marked.
                        for h in &home.heuristics {
                            d.send(Event::Home(HomeEvent::ChooseHeuristic(h.preset.clone())));
                            let after = d.app.home_view();
                            assert_one_choice_each(&after, &format!("{game:?} {:?}", h.preset));
                            assert!(
                                after
                                    .heuristics
                                    .iter()
                                    .any(|o| o.selected && o.preset == h.preset),
                                "{game:?}: {:?}",
                                h.preset
                            );
                        }
                        d.send(Event::Home(HomeEvent::ChooseHeuristic(None)));
                    }
                }
            }
            for count in home_player_counts(&d) {
                d.send(Event::Home(HomeEvent::ChoosePlayers(count)));
                d.send(Event::Home(HomeEvent::ChooseSeat {
                    seat: 1,
                    human: true,
                }));
                assert_one_choice_each(&d.app.home_view(), &format!("{game:?} {count} players"));
            }
        }
    }
}

fn home_player_counts(d: &Driver) -> Vec<u32> {
    d.app
        .home_view()
        .player_counts
        .iter()
        .map(|c| c.count)
        .collect()
}

fn levels(list: &[LevelOption]) -> Vec<(u8, String, bool)> {
    list.iter()
        .map(|l| (l.level, l.label.clone(), l.selected))
        .collect()
}

/// The level pickers' values and labels, and the clamp of a level out of range, are the core's.
#[test]
fn the_levels_and_their_clamp_are_the_cores() {
    let mut d = Driver::new();
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseLevel(4)));
    let home = d.app.home_view();
    let expected: Vec<_> = (1..=10u8)
        .map(|l| (l, format!("Level {l}"), l == 4))
        .collect();
    assert_eq!(levels(&home.levels), expected);
    assert_eq!((home.min_level, home.max_level), (1, 10));
    d.send(Event::Home(HomeEvent::ChooseLevel(0)));
    assert_eq!(d.app.home_view().level, 1);
    assert!(d.app.home_view().levels[0].selected);
    d.send(Event::Home(HomeEvent::ChooseLevel(u8::MAX)));
    assert_eq!(d.app.home_view().level, 10);
    assert!(d.app.home_view().levels[9].selected);
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-CH".into()],
    }));
    assert_eq!(d.app.home_view().levels[2].label, "Stufe 3");

    // A seat's level: its own list, clamped the same way.
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Virus)));
    d.send(Event::Home(HomeEvent::ChoosePlayers(3)));
    d.send(Event::Home(HomeEvent::ChooseSeat {
        seat: 2,
        human: false,
    }));
    d.send(Event::Home(HomeEvent::ChooseSeatLevel {
        seat: 2,
        level: 0,
    }));
    let seat = d.app.home_view().seats[2].clone();
    assert_eq!(seat.level, 1);
    assert_eq!(
        seat.levels
            .iter()
            .filter(|l| l.selected)
            .map(|l| l.level)
            .collect::<Vec<_>>(),
        [1]
    );
    d.send(Event::Home(HomeEvent::ChooseSeatLevel {
        seat: 2,
        level: 77,
    }));
    assert_eq!(d.app.home_view().seats[2].level, 10);
    assert_eq!(d.app.home_view().seats[2].levels.len(), 10);
}

/// The player counts a multi-player game offers, and their labels, are the core's (the shells
/// drew the bare number): the games' rules (Virus Game 2-4, Chinese Checkers 2, 3, 4 or 6), in
/// the person's language, the table's size marked.
#[test]
fn the_player_counts_and_their_labels_are_the_cores() {
    let mut d = Driver::new();
    let counts = |d: &Driver| -> Vec<(u32, String, bool)> {
        d.app
            .home_view()
            .player_counts
            .iter()
            .map(|c| (c.count, c.label.clone(), c.selected))
            .collect()
    };
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Virus)));
    d.send(Event::Home(HomeEvent::ChoosePlayers(3)));
    assert_eq!(
        counts(&d),
        [
            (2, "2 players".to_string(), false),
            (3, "3 players".to_string(), true),
            (4, "4 players".to_string(), false),
        ]
    );
    d.send(Event::Home(HomeEvent::ChooseGame(
        GameKind::ChineseCheckers,
    )));
    d.send(Event::Home(HomeEvent::ChoosePlayers(6)));
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-DE".into()],
    }));
    assert_eq!(
        counts(&d),
        [
            (2, "2 Spieler".to_string(), false),
            (3, "3 Spieler".to_string(), false),
            (4, "4 Spieler".to_string(), false),
            (6, "6 Spieler".to_string(), true),
        ]
    );
    // The two-player games offer modes instead.
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    assert!(counts(&d).is_empty());
}

/// The ponder choices and their labels come from the core, in the person's language, and the
/// one chosen is marked.
#[test]
fn the_ponder_choices_and_their_labels_are_the_cores() {
    let mut d = Driver::new();
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    let labels = |d: &Driver| -> Vec<(PonderMode, String, bool)> {
        d.app
            .settings_view()
            .ponder_options
            .iter()
            .map(|o| (o.mode, o.label.clone(), o.selected))
            .collect()
    };
    assert_eq!(
        labels(&d),
        [
            (PonderMode::ByLevel, "From level 7 up".to_string(), true),
            (PonderMode::On, "Always".to_string(), false),
            (PonderMode::Off, "Never".to_string(), false),
        ]
    );
    let off = d.app.settings_view().ponder_options[2].mode;
    d.send(Event::Settings(SettingsEvent::SetPonder(off)));
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de".into()],
    }));
    assert_eq!(
        labels(&d),
        [
            (PonderMode::ByLevel, "Ab Stufe 7".to_string(), false),
            (PonderMode::On, "Immer".to_string(), false),
            (PonderMode::Off, "Nie".to_string(), true),
        ]
    );
    assert_eq!(d.app.settings_view().ponder, PonderMode::Off);
}

/// `ply-server` serves plain http. Where the phone refuses plain http to the collector's address
/// (Android's network security configuration, iOS App Transport Security), the history and the
/// settings say the address needs https, in the person's language; the games stay queued, and
/// the next run that gets through clears the problem.
#[test]
fn a_collector_the_phone_refuses_over_plain_http_needs_https_and_nothing_is_lost() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.collector.set(Collector::CleartextRefused);
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    type_into(&mut d, "http://collector.test", |v| {
        Event::Settings(SettingsEvent::SetServerUrl(v))
    });
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    quick_win(&mut d);
    d.take_effects();
    d.settle();
    assert_eq!(outbox_records(&d), 1, "the game waits in the outbox");
    assert!(
        d.effects
            .iter()
            .any(|e| matches!(e, Effect::ScheduleSync { .. })),
        "another attempt is scheduled: {:?}",
        d.effects
    );
    let h = d.app.history_view();
    assert_eq!(h.entries[0].sync, SyncState::Waiting);
    assert!(
        h.sync_status.starts_with(
            "1 game waiting to sync. Last attempt: this address needs https: the system does not allow unencrypted http to it (CLEARTEXT communication to collector.test"
        ),
        "{}",
        h.sync_status
    );
    assert!(h.can_sync_now);
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    let problem = d.app.settings_view().sync_problem.expect("settings say it");
    assert!(
        problem.starts_with("Last attempt: this address needs https"),
        "{problem}"
    );
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-DE".into()],
    }));
    let problem = d.app.settings_view().sync_problem.expect("in German");
    assert!(
        problem.starts_with("Letzter Versuch: diese Adresse braucht https"),
        "{problem}"
    );
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["en".into()],
    }));

    // The platform lets it through now (an https address, a build that allows it): the person
    // asks, the game is sent, and the problem is gone.
    d.collector.set(Collector::Accepting);
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    d.send(Event::History(HistoryEvent::SyncNow));
    d.settle();
    assert_eq!(outbox_records(&d), 0);
    let h = d.app.history_view();
    assert_eq!(h.entries[0].sync, SyncState::Synced);
    assert!(!h.sync_status.contains("https"), "{}", h.sync_status);
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    assert_eq!(d.app.settings_view().sync_problem, None);

    // Registered now: a refusal of the upload itself (not the registration) says the same.
    d.collector.set(Collector::CleartextRefused);
    quick_win(&mut d);
    d.settle();
    assert_eq!(outbox_records(&d), 1);
    let last = d.effects.iter().rev().find_map(|e| match e {
        Effect::StoreToken(t) => Some(t.clone()),
        _ => None,
    });
    assert_eq!(
        last,
        Some(Some("ply_test_token".into())),
        "the token is kept"
    );
    assert!(
        d.app
            .history_view()
            .sync_status
            .contains("Last attempt: this address needs https"),
        "{}",
        d.app.history_view().sync_status
    );
}

/// A platform's background run that the platform refused reports the typed problem too.
#[test]
fn a_background_run_refused_over_plain_http_reports_the_typed_problem() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    d.send(Event::Settings(SettingsEvent::SetServerUrl(
        "http://collector.test".into(),
    )));
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    d.collector.set(Collector::CleartextRefused);
    // In the background the core leaves the run to the platform's worker.
    d.send(Event::Platform(PlatformEvent::Background));
    quick_win(&mut d);
    d.settle();
    assert_eq!(d.collector.registrations.load(Ordering::Relaxed), 0);
    let job = d.app.background_job().expect("a run for the platform");
    let outbox = d.dir.path().join(ply_app::app::store::OUTBOX_DIR);
    let result = ply_app::app::sync_job::run_sync(&outbox, &d.collector, &job);
    assert!(
        matches!(&result.problem, Some(SyncProblem::CleartextRefused { detail }) if detail.contains("CLEARTEXT")),
        "{result:?}"
    );
    assert_eq!(result.remaining, 1);
    d.send(Event::Platform(PlatformEvent::SyncFinished(result)));
    assert!(
        d.app.history_view().sync_status.contains("needs https"),
        "{}",
        d.app.history_view().sync_status
    );
}
