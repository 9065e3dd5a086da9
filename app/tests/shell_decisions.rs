//! What the phone shells used to decide each on their own and now read from the core (#46), so
//! that Android and iOS show the same: the buttons of the board and after-game screens, the
//! level control and its title, the pickers' selections, which cells accessibility presses, the
//! after-game chart's series, what iOS's scene phases mean, iOS's assistive technologies, and
//! iOS's background task.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Driver, start};
use ply_app::app::background::BackgroundOutcome;
use ply_app::app::{
    ActionKind, ActionStyle, ActionView, AfterGameEvent, AlgorithmChoice, BoardEvent, ChartMark,
    ConfirmationEvent, Effect, Event, HomeEvent, IosTaskKind, NavigationEvent, OrderingChoice,
    PlatformEvent, PlayMode, ScenePhase, Screen, SettingsEvent, ios_sync_request, ios_task_end,
};
use ply_app::settings::GameKind;
use ply_app::snapshot::Side;

fn kinds(actions: &[ActionView]) -> Vec<ActionKind> {
    actions.iter().map(|a| a.kind).collect()
}

fn find(actions: &[ActionView], kind: ActionKind) -> ActionView {
    actions
        .iter()
        .find(|a| a.kind == kind)
        .cloned()
        .unwrap_or_else(|| panic!("no {kind:?} in {actions:?}"))
}

/// Presses a button as a shell does: sends its event.
fn press(d: &mut Driver, actions: &[ActionView], kind: ActionKind) -> Vec<Effect> {
    let a = find(actions, kind);
    assert!(a.enabled, "{kind:?} is dimmed");
    let e = a.event.unwrap_or_else(|| panic!("{kind:?} sends no event"));
    d.send(e)
}

/// A game against the computer: the tools and the way out beside the board, each enabled as its
/// flag says and each sending what it names; once the game is resigned, the summary instead.
#[test]
fn the_board_offers_its_buttons_in_order_with_their_events() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    let b = d.board();
    use ActionKind::*;
    assert_eq!(kinds(&b.actions), [Hint, Undo, Redo, Resign, NewGame]);
    assert_eq!(find(&b.actions, Hint).enabled, b.can_hint);
    assert!(b.can_hint, "the person moves first");
    assert!(!find(&b.actions, Undo).enabled && !find(&b.actions, Redo).enabled);
    assert_eq!(find(&b.actions, Resign).style, ActionStyle::Destructive);
    assert_eq!(find(&b.actions, Undo).label, "Undo");

    // A move, the computer's reply: undo is offered and takes both back.
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.think();
    let b = d.board();
    assert_eq!(b.moves.len(), 2);
    assert!(find(&b.actions, Undo).enabled);
    press(&mut d, &b.actions, Undo);
    let b = d.board();
    assert!(b.moves.len() < 2, "{:?}", b.moves);
    assert!(find(&b.actions, Redo).enabled);

    // Resign asks first (the core's question), then the game is over: no hint, no resign,
    // the summary offered as the main way on.
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.think();
    let b = d.board();
    press(&mut d, &b.actions, Resign);
    assert!(d.app.view().confirmation.is_some(), "resigning asks first");
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.settle();
    let b = d.board();
    assert!(b.finished);
    assert_eq!(kinds(&b.actions), [Undo, Redo, NewGame, GameSummary]);
    assert_eq!(find(&b.actions, GameSummary).style, ActionStyle::Primary);
    press(&mut d, &b.actions, GameSummary);
    assert_eq!(d.app.screen(), Screen::AfterGame);

    // In German, the same buttons in German.
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-DE".into()],
    }));
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    assert_eq!(find(&d.board().actions, NewGame).label, "Neues Spiel");
}

/// The computers' table pauses and resumes from the first button; a person with no move
/// passes from it; the star offers its zoom and the way back to the whole board.
#[test]
fn pause_pass_and_zoom_come_first_when_the_game_offers_them() {
    use ActionKind::*;
    let mut d = start(GameKind::ConnectFour, PlayMode::ComputerVsComputer);
    let b = d.board();
    assert_eq!(b.actions[0].kind, Pause);
    press(&mut d, &b.actions, Pause);
    let b = d.board();
    assert!(b.can_resume);
    assert_eq!(b.actions[0].kind, Resume);
    assert!(!kinds(&b.actions).contains(&Pause));

    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(format!(
        "OX{} X",
        "-".repeat(62)
    )))));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    assert!(b.must_pass);
    assert_eq!(b.actions[0].kind, Pass);
    press(&mut d, &b.actions, Pass);
    assert!(!kinds(&d.board().actions).contains(&Pass));
    assert_eq!(d.board().moves.len(), 1);

    let mut d = start(GameKind::ChineseCheckers, PlayMode::TwoPlayers);
    let b = d.board();
    assert!(kinds(&b.actions).contains(&ZoomIn) && !b.zoomed);
    press(&mut d, &b.actions, ZoomIn);
    let b = d.board();
    assert!(b.zoomed);
    assert!(kinds(&b.actions).contains(&FitBoard) && !kinds(&b.actions).contains(&ZoomIn));
    // The grids offer no zoom.
    let d = start(GameKind::Othello, PlayMode::TwoPlayers);
    let k = kinds(&d.board().actions);
    assert!(!k.contains(&ZoomIn) && !k.contains(&FitBoard));
}

fn finished_connect_four(mode: PlayMode) -> Driver {
    let mut d = Driver::new().with_depth(2);
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(mode)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    if mode == PlayMode::TwoPlayers {
        // The first person stacks column 1 and wins on the 7th move.
        for c in ["1", "2", "1", "2", "1", "2", "1"] {
            d.send(Event::Board(BoardEvent::PlayNotation(c.into())));
        }
    }
    // Against the computer, the person plays the first legal column each turn; the board
    // fills at the latest.
    for _ in 0..42 {
        if d.board().finished {
            break;
        }
        let b = d.board();
        if b.accepts_input {
            d.send(Event::Board(BoardEvent::ChooseMove(b.legal_moves[0].index)));
        }
        d.settle();
    }
    assert!(d.board().finished, "{}", d.board().status);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    d
}

/// After a game: its review first, sharing (the platform's, no event), then its board, a new
/// game and home; a game with a review asked for no longer offers one.
#[test]
fn the_after_game_screen_offers_review_share_board_new_game_and_home() {
    use ActionKind::*;
    let mut d = finished_connect_four(PlayMode::TwoPlayers);
    let a = d.app.after_game_view().expect("after-game");
    assert_eq!(
        kinds(&a.actions),
        [ReviewGame, Share, BackToBoard, NewGame, Home]
    );
    assert_eq!(find(&a.actions, Share).event, None);
    assert!(!a.share_text.is_empty());
    press(&mut d, &a.actions, ReviewGame);
    let a = d.app.after_game_view().expect("after-game");
    assert!(a.review.is_some());
    assert_eq!(kinds(&a.actions), [Share, BackToBoard, NewGame, Home]);
    press(&mut d, &a.actions, BackToBoard);
    assert_eq!(d.app.screen(), Screen::Board);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    let a = d.app.after_game_view().expect("after-game");
    press(&mut d, &a.actions, Home);
    assert_eq!(d.app.screen(), Screen::Home);
}

/// The chart both shells draw: the positions of each computer move as bars and its time as a
/// line, each series on its own scale; no computer move, no chart.
#[test]
fn the_after_game_chart_draws_positions_as_bars_and_time_as_a_line() {
    let d = finished_connect_four(PlayMode::VsComputer);
    let a = d.app.after_game_view().expect("after-game");
    assert!(!a.points.is_empty());
    assert_eq!(a.chart.len(), 2);
    let (bars, line) = (&a.chart[0], &a.chart[1]);
    assert_eq!(bars.mark, ChartMark::Bars);
    assert_eq!(line.mark, ChartMark::Line);
    assert_eq!(bars.label, "Positions searched");
    let nodes: Vec<f64> = a.points.iter().map(|p| p.nodes as f64).collect();
    let times: Vec<f64> = a.points.iter().map(|p| p.time_ms).collect();
    assert_eq!(bars.values, nodes);
    assert_eq!(line.values, times);
    assert_eq!(bars.max, a.max_nodes as f64);
    assert_eq!(line.max, a.max_time_ms);
    for s in &a.chart {
        assert!(s.max >= 1.0 && s.values.iter().all(|v| *v >= 0.0 && *v <= s.max));
    }
    let d = finished_connect_four(PlayMode::TwoPlayers);
    let a = d.app.after_game_view().expect("after-game");
    assert!(a.points.is_empty() && a.chart.is_empty());
}

/// Accessibility presses every playable cell of the game's board, legal or not (a refused tap
/// says why), never a light draughts square, and no cell of a review's board.
#[test]
fn every_playable_cell_is_a_button_and_a_review_board_has_none() {
    let d = start(GameKind::Draughts, PlayMode::VsComputer);
    let b = d.board();
    assert!(b.cells.iter().all(|c| c.button == c.playable));
    assert!(
        b.cells.iter().any(|c| c.button && !c.legal),
        "not only the legal ones"
    );
    assert!(
        b.cells.iter().any(|c| !c.button),
        "the light squares are not"
    );

    let mut d = finished_connect_four(PlayMode::TwoPlayers);
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    d.settle();
    let a = d.app.after_game_view().expect("after-game");
    let step = a.review.and_then(|r| r.step).expect("a step");
    assert!(step.board.cells.iter().all(|c| !c.button));
    assert!(step.board.actions.is_empty());
}

/// The level control shows in every game with a title saying what it sets; each picker's
/// selection is a value the core gives, the option marked selected.
#[test]
fn the_level_shows_in_every_game_and_each_list_says_its_selection() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    let h = d.app.home_view();
    assert!(h.level_shown, "two people get hints at the level");
    assert_eq!(h.level_title, "The hints' level");
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    let h = d.app.home_view();
    assert!(h.level_shown);
    assert_eq!(h.level_title, "The computer's level");
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Virus)));
    assert!(d.app.home_view().level_shown);

    let selected = |d: &Driver| {
        let h = d.app.home_view();
        let game = h.games.iter().find(|o| o.selected).map(|o| o.game);
        let mode = h.modes.iter().find(|o| o.selected).map(|o| o.mode);
        let side = h.sides.iter().find(|o| o.selected).map(|o| o.side);
        let players = h.player_counts.iter().find(|o| o.selected).map(|o| o.count);
        let algorithm = h.algorithms.iter().find(|o| o.selected).map(|o| o.choice);
        let ordering = h.orderings.iter().find(|o| o.selected).map(|o| o.choice);
        let heuristic = h
            .heuristics
            .iter()
            .find(|o| o.selected)
            .map(|o| o.preset.clone());
        assert_eq!(game, Some(h.game));
        if !h.modes.is_empty() {
            assert_eq!(mode, Some(h.mode));
        }
        if !h.sides.is_empty() {
            assert_eq!(side, Some(h.side));
        }
        assert_eq!(players.unwrap_or(0), h.players);
        assert_eq!(algorithm, Some(h.algorithm));
        assert_eq!(ordering, Some(h.ordering));
        assert_eq!(heuristic, Some(h.heuristic.clone()));
        h
    };
    let h = selected(&d);
    assert_eq!(
        (h.game, h.players),
        (GameKind::Virus, 4),
        "the default table"
    );
    d.send(Event::Home(HomeEvent::ChoosePlayers(2)));
    assert_eq!(selected(&d).players, 2);
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    d.send(Event::Home(HomeEvent::ChooseSide(Side::Second)));
    d.send(Event::Home(HomeEvent::ChooseAlgorithm(
        AlgorithmChoice::ALL[1],
    )));
    d.send(Event::Home(HomeEvent::ChooseOrdering(
        OrderingChoice::ALL[1],
    )));
    let h = selected(&d);
    assert_eq!(
        (h.game, h.mode, h.side),
        (GameKind::Othello, PlayMode::VsComputer, Side::Second)
    );
    assert_eq!(
        (h.algorithm, h.ordering),
        (AlgorithmChoice::ALL[1], OrderingChoice::ALL[1])
    );
    assert_eq!(h.players, 0, "a two-player game has no player count");
    let preset = h.heuristics.last().and_then(|o| o.preset.clone());
    d.send(Event::Home(HomeEvent::ChooseHeuristic(preset.clone())));
    assert_eq!(selected(&d).heuristic, preset);
    // Custom weights: the custom option (no preset) is the selection.
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    let weights =
        ply_app::heuristic_weights_json(GameKind::Othello, "default".into()).expect("preset");
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Othello,
        json: weights,
    }));
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::ChooseHeuristic(None)));
    let h = selected(&d);
    assert_eq!(h.heuristic, None);
    assert!(
        h.heuristics
            .iter()
            .any(|o| o.preset.is_none() && o.selected)
    );
}

/// iOS's scene phases as the core reads them: active shows the board and lets the computer
/// think, inactive (Control Centre) stops nothing, background stops the search and keeps the
/// game; back to active, the same move is searched again and played. Only the background asks
/// the shell to let the writes finish.
#[test]
fn scene_phases_show_hide_and_resume_a_search() {
    let mut d = Driver::new();
    let active = |d: &mut Driver| {
        d.send(Event::Platform(PlatformEvent::ScenePhase {
            phase: ScenePhase::Active,
            available_ram_bytes: 2 << 30,
        }))
    };
    active(&mut d);
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    d.send(Event::Home(HomeEvent::ChooseSide(Side::Second)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(
        d.thinks(),
        1,
        "the computer, black, thinks on a shown board"
    );
    d.send(Event::Platform(PlatformEvent::ScenePhase {
        phase: ScenePhase::Inactive,
        available_ram_bytes: 0,
    }));
    assert!(d.board().thinking.is_some(), "Control Centre stops nothing");
    let fx = d.send(Event::Platform(PlatformEvent::ScenePhase {
        phase: ScenePhase::Background,
        available_ram_bytes: 0,
    }));
    assert!(
        d.board().thinking.is_none(),
        "the background stops the search: {fx:?}"
    );
    // The cancelled search's result comes back and is dropped.
    d.settle();
    assert!(d.board().moves.is_empty());
    active(&mut d);
    assert!(
        d.board().thinking.is_some(),
        "back on screen, the computer thinks again"
    );
    d.settle();
    assert_eq!(d.board().moves.len(), 1, "and plays its move");

    assert!(ScenePhase::Background.finishes_writes());
    assert!(!ScenePhase::Active.finishes_writes() && !ScenePhase::Inactive.finishes_writes());

    // A process launched for a background task starts in the background: nothing is searched.
    let mut d = Driver::new();
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(
        PlayMode::ComputerVsComputer,
    )));
    d.send(Event::Platform(PlatformEvent::ScenePhase {
        phase: ScenePhase::Background,
        available_ram_bytes: 0,
    }));
    d.send(Event::Home(HomeEvent::NewGame));
    assert_eq!(d.thinks(), 0);
}

/// The free memory an active scene reports sets the searches' caps (and a critical warning's
/// cut ends there); a memory warning cuts the table to a sixteenth meanwhile.
#[test]
fn an_active_scene_reports_memory_and_ends_a_warnings_cut() {
    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    let device = d.app.limits();
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        ply_app::app::MemoryPressure::Critical,
    )));
    assert_eq!(d.app.limits().tt_bytes, device.tt_bytes / 16);
    for phase in [ScenePhase::Inactive, ScenePhase::Background] {
        d.send(Event::Platform(PlatformEvent::ScenePhase {
            phase,
            available_ram_bytes: 0,
        }));
    }
    d.send(Event::Platform(PlatformEvent::ScenePhase {
        phase: ScenePhase::Active,
        available_ram_bytes: 2 << 30,
    }));
    assert_eq!(d.app.limits(), device, "the device's caps again");
    // Little memory free: a smaller table.
    d.send(Event::Platform(PlatformEvent::ScenePhase {
        phase: ScenePhase::Active,
        available_ram_bytes: 64 << 20,
    }));
    assert!(d.app.limits().tt_bytes < device.tt_bytes);
}

/// The cells' labels stay on for every assistive technology iOS reports (Voice Control reads
/// them and has no status of its own).
#[test]
fn ios_keeps_the_cells_labels_whatever_it_reports() {
    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    for (voice_over, switch_control) in [(false, false), (true, false), (false, true)] {
        d.send(Event::Platform(PlatformEvent::IosAccessibility {
            voice_over,
            switch_control,
        }));
        assert!(d.board().cells.iter().all(|c| !c.label.is_empty()));
    }
    // Android's own event still turns them off.
    d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: false,
    }));
    assert!(d.board().cells.iter().all(|c| c.label.is_empty()));
}

/// iOS's background task: an app refresh at the core's time; after a run, success when done,
/// a new request at the core's retry time when retrying, nothing when giving up.
#[test]
fn ios_background_tasks_are_app_refreshes_at_the_cores_times() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    d.send(Event::Settings(SettingsEvent::SetServerUrl(
        "http://collector.test".into(),
    )));
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    d.collector.set(common::Collector::Down);
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    for c in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(c.into())));
    }
    d.settle();
    let fx = d.send(Event::Platform(PlatformEvent::ScenePhase {
        phase: ScenePhase::Background,
        available_ram_bytes: 0,
    }));
    let (at, metered_ok) = fx
        .iter()
        .find_map(|e| match e {
            Effect::ScheduleSync {
                not_before_ms,
                metered_ok,
            } => Some((*not_before_ms, *metered_ok)),
            _ => None,
        })
        .expect("a game waits: the background asks for a run");
    let r = ios_sync_request(at, metered_ok);
    assert_eq!(r.kind, IosTaskKind::AppRefresh);
    assert_eq!(r.identifier, "dev.ply.sync");
    assert_eq!(r.earliest_begin_ms, at);
    assert!(!r.requires_network && !r.requires_external_power);

    let now = 1_800_000_000_000;
    let done = ios_task_end(BackgroundOutcome::Done, now);
    assert!(done.success && done.resubmit.is_none());
    let retry = ios_task_end(BackgroundOutcome::RetryAfter { seconds: 90 }, now);
    assert!(!retry.success);
    let again = retry.resubmit.expect("a new request");
    assert_eq!(again.earliest_begin_ms, now + 90_000);
    assert_eq!(again.kind, IosTaskKind::AppRefresh);
    let give_up = ios_task_end(BackgroundOutcome::GiveUp, now);
    assert!(!give_up.success && give_up.resubmit.is_none());
}
