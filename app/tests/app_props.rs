//! Random sequences of events, platform events at any moment, and command results delivered in
//! any order or late: the app core never panics, and the board it shows is always the board a
//! fresh replay of its moves gives.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::Session;
use ply_app::app::view::{ReviewStatus, ReviewView, ViewModel};
use ply_app::app::{
    AfterGameEvent, AppTab, BoardEvent, ConfirmationEvent, Effect, Event, HistoryEvent, HomeEvent,
    MemoryPressure, Msg, NavigationEvent, PlatformEvent, PlayMode, PonderMode, ReviewEvent, Screen,
    ScreenView, SettingsEvent,
};
use ply_app::session::PlayerKind;
use ply_app::settings::GameKind;
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Op {
    Event(Event),
    /// Tap the n-th legal cell (mod their number), or any cell.
    TapLegal(usize),
    ChooseLegal(usize),
    /// Run the oldest command and deliver its result.
    Step,
    /// Run a queued command now but deliver its result only after the next few operations.
    Hold(usize),
    Release,
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        prop::sample::select(ply_app::GameKind::ALL.to_vec())
            .prop_map(|v| Event::Home(HomeEvent::ChooseGame(v))),
        prop::sample::select(ply_app::RulesVariant::ALL.to_vec())
            .prop_map(|v| Event::Home(HomeEvent::ChooseRules(v))),
        (0u32..8).prop_map(|v| Event::Home(HomeEvent::ChoosePlayers(v))),
        (0u32..7, any::<bool>())
            .prop_map(|(seat, human)| Event::Home(HomeEvent::ChooseSeat { seat, human })),
        (0u32..7, 0u8..=2)
            .prop_map(|(seat, level)| Event::Home(HomeEvent::ChooseSeatLevel { seat, level })),
        prop::sample::select(PlayMode::ALL.to_vec())
            .prop_map(|v| Event::Home(HomeEvent::ChooseMode(v))),
        (0u8..=3).prop_map(|v| Event::Home(HomeEvent::ChooseLevel(v))),
        Just(Event::Home(HomeEvent::NewGame)),
        Just(Event::Navigation(NavigationEvent::OpenBoard)),
        Just(Event::Navigation(NavigationEvent::OpenHome)),
        Just(Event::Navigation(NavigationEvent::OpenHistory)),
        Just(Event::Navigation(NavigationEvent::OpenSettings)),
        Just(Event::Navigation(NavigationEvent::OpenAfterGame)),
        Just(Event::Navigation(NavigationEvent::Back)),
        prop::sample::select(vec![AppTab::Play, AppTab::History, AppTab::Settings])
            .prop_map(|v| Event::Navigation(NavigationEvent::SelectTab(v))),
        Just(Event::Confirmation(ConfirmationEvent::Accept)),
        Just(Event::Confirmation(ConfirmationEvent::Cancel)),
        Just(Event::Board(BoardEvent::Undo)),
        Just(Event::Board(BoardEvent::Redo)),
        Just(Event::Board(BoardEvent::Hint)),
        Just(Event::Board(BoardEvent::Resign)),
        Just(Event::Board(BoardEvent::Pause)),
        Just(Event::Board(BoardEvent::Resume)),
        Just(Event::AfterGame(AfterGameEvent::ReviewGame)),
        (0u32..80).prop_map(|v| Event::Review(ReviewEvent::Step(v))),
        Just(Event::Review(ReviewEvent::Close)),
        Just(Event::Board(BoardEvent::CancelSelection)),
        (0u32..4).prop_map(|v| Event::Board(BoardEvent::ChoosePath(v))),
        (0u32..70).prop_map(|v| Event::Board(BoardEvent::TapCell(v))),
        "[a-h1-8x\\- ]{0,6}".prop_map(|v| Event::Board(BoardEvent::PlayNotation(v))),
        Just(Event::Platform(PlatformEvent::ScreenShown)),
        Just(Event::Platform(PlatformEvent::ScreenHidden)),
        Just(Event::Platform(PlatformEvent::Foreground)),
        Just(Event::Platform(PlatformEvent::Background)),
        (any::<bool>(), any::<bool>()).prop_map(|(online, metered)| Event::Platform(
            PlatformEvent::Network { online, metered }
        )),
        Just(Event::Platform(PlatformEvent::Inactive)),
        prop::sample::select(vec![
            MemoryPressure::Backgrounded,
            MemoryPressure::Low,
            MemoryPressure::Critical
        ])
        .prop_map(|v| Event::Platform(PlatformEvent::MemoryPressure(v))),
        prop::sample::select(vec![0u64, 1 << 20, 3 << 30]).prop_map(|available_ram_bytes| {
            Event::Platform(PlatformEvent::DeviceMemory {
                available_ram_bytes,
            })
        }),
        any::<bool>().prop_map(|labels| Event::Platform(PlatformEvent::Accessibility { labels })),
        prop::sample::select(vec!["en-US", "de-DE", "fr", "", "de_AT.UTF-8"]).prop_map(|tag| {
            Event::Platform(PlatformEvent::Languages {
                preferred: vec![tag.to_owned()],
            })
        }),
        Just(Event::Board(BoardEvent::Pass)),
        Just(Event::History(HistoryEvent::SyncNow)),
        prop::sample::select(vec![PonderMode::On, PonderMode::Off, PonderMode::ByLevel])
            .prop_map(|v| Event::Settings(SettingsEvent::SetPonder(v))),
        "[ -~]{0,20}".prop_map(|v| Event::Platform(PlatformEvent::RestoreUi(v))),
        // Never a position of any game (the replay below starts from the standard start).
        "\\?[ -~]{0,8}".prop_map(|t| Event::Home(HomeEvent::ChooseStartPosition(Some(t)))),
        "\\?[ -~]{0,8}".prop_map(|v| Event::Home(HomeEvent::EditStartPosition(v))),
        "[ -~]{0,12}".prop_map(|json| Event::Settings(SettingsEvent::EditWeights {
            game: GameKind::Othello,
            json
        })),
        "[ -~]{0,30}".prop_map(|v| Event::Settings(SettingsEvent::SetServerUrl(v))),
        any::<bool>().prop_map(|v| Event::Settings(SettingsEvent::SetSyncEnabled(v))),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => event().prop_map(Op::Event),
        3 => (0usize..40).prop_map(Op::TapLegal),
        3 => (0usize..40).prop_map(Op::ChooseLegal),
        4 => Just(Op::Step),
        1 => (0usize..4).prop_map(Op::Hold),
        1 => Just(Op::Release),
    ]
}

fn check_board(d: &Driver) {
    let Some(b) = d.app.board_view() else { return };
    let seats = vec![PlayerKind::Human; b.players.len()];
    let replay = Session::with_rules(b.game, b.rules, seats, None).expect("session");
    for m in &b.moves {
        replay.play(m.clone()).expect("every move shown replays");
    }
    let s = replay.snapshot().expect("snapshot");
    let pieces: Vec<_> = s.cells.iter().map(|c| c.piece).collect();
    let shown: Vec<_> = b.cells.iter().map(|c| c.piece).collect();
    assert_eq!(shown, pieces);
    let owners: Vec<_> = s.cells.iter().map(|c| (c.seat, c.stack.clone())).collect();
    let shown: Vec<_> = b.cells.iter().map(|c| (c.seat, c.stack.clone())).collect();
    assert_eq!(shown, owners);
    let counts: Vec<u32> = b.players.iter().map(|p| p.count).collect();
    assert_eq!(counts, s.counts);
    assert_eq!(
        (b.first_count, b.second_count),
        (s.first_count, s.second_count)
    );
    if !b.finished && !b.legal_moves.is_empty() {
        let legal: Vec<_> = s.legal_moves.iter().map(|m| m.notation.clone()).collect();
        let offered: Vec<_> = b.legal_moves.iter().map(|m| m.notation.clone()).collect();
        assert_eq!(offered, legal);
    }
    assert!(b.cells.iter().filter(|c| c.selected).count() <= 1);
    assert!(!(b.can_pause && b.can_resume));
    // A review shown belongs to the game as it ended, and steps within its moves.
    if let Some(review) = d.app.after_game_view().and_then(|a| a.review) {
        assert!(b.finished);
        if let Some(step) = review.step {
            assert!((1..=b.moves.len() as u32).contains(&step.ply));
            assert_eq!(step.board.cells.len(), b.cells.len());
            assert!(!step.board.accepts_input && step.board.legal_moves.is_empty());
        }
        assert!(review.moves.len() <= b.moves.len());
    }
}

/// A batch of effects holds at most one `Render`, and last, no `RenderProgress` beside it, and
/// at most one `SaveUiState`: the shells perform every effect in order, reading the view models
/// once, at the end, and keeping each saved state, with no batching rule of their own.
/// Returns whether it asks for a redraw.
fn check_batch(fx: &[Effect]) -> bool {
    let renders = fx.iter().filter(|e| **e == Effect::Render).count();
    assert!(renders <= 1, "{fx:?}");
    let saves = fx
        .iter()
        .filter(|e| matches!(e, Effect::SaveUiState(_)))
        .count();
    assert!(saves <= 1, "{fx:?}");
    assert!(
        renders == 0 || !fx.contains(&Effect::RenderProgress),
        "{fx:?}"
    );
    if renders == 1 {
        assert_eq!(fx.last(), Some(&Effect::Render), "{fx:?}");
    }
    renders == 1
}

/// The view with the counters `Effect::RenderProgress` redraws masked: the thinking line's
/// positions and a running review's moves done, as numbers and in their texts (the rest of each
/// text must still match).
fn without_progress(mut v: ViewModel) -> ViewModel {
    fn review(r: &mut ReviewView) {
        if let ReviewStatus::Running { done, .. } = &mut r.status {
            *done = 0;
            r.status_text = masked(&r.status_text);
        }
    }
    match &mut v.screen {
        ScreenView::Board { board } => {
            if let Some(t) = board.thinking.as_mut() {
                t.nodes = 0;
                t.text = masked(&t.text);
            }
        }
        ScreenView::AfterGame { after_game } => {
            if let Some(r) = after_game.review.as_mut() {
                review(r);
            }
        }
        ScreenView::History { history } => {
            if let Some(p) = history.review.as_mut() {
                review(&mut p.review);
            }
        }
        ScreenView::Home { .. } | ScreenView::Settings { .. } => {}
    }
    v
}

/// `text` with each number (its digits and grouping marks) replaced by `#`.
fn masked(text: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in text.chars() {
        let part =
            c.is_ascii_digit() || (in_number && matches!(c, ',' | '.' | '\u{a0}' | '\u{202f}'));
        if part {
            if !in_number {
                out.push('#');
            }
        } else {
            out.push(c);
        }
        in_number = part;
    }
    out
}

/// The view model's navigation is consistent: the tab holds the screen, the Play tab shows a
/// play screen, and a question is about a game and keeps back in the app.
fn check_navigation(d: &Driver) {
    let v = d.app.view();
    assert_eq!(v.screen.screen(), d.app.screen());
    let tab = match v.screen.screen() {
        Screen::Home | Screen::Board | Screen::AfterGame => AppTab::Play,
        Screen::History => AppTab::History,
        Screen::Settings => AppTab::Settings,
    };
    assert_eq!(v.tab, tab);
    assert!(matches!(
        v.play_screen,
        Screen::Home | Screen::Board | Screen::AfterGame
    ));
    if v.play_screen == Screen::Board {
        assert!(d.app.board_view().is_some(), "no board without a game");
    }
    if v.confirmation.is_some() {
        assert!(d.app.board_view().is_some(), "a question is about a game");
        assert!(!v.back_leaves_app, "back answers the question");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_events_never_break_the_core(ops in prop::collection::vec(op(), 1..60)) {
        let mut d = Driver::new();
        d.send(Event::Home(HomeEvent::ChooseLevel(1)));
        let device = d.app.limits();
        let mut held: Vec<Msg> = Vec::new();
        // What a shell that reads the view model only on `Render` shows.
        let mut shown = d.app.view();
        for op in ops {
            let mut rendered = false;
            match op {
                Op::Event(e) => rendered |= check_batch(&d.send(e)),
                Op::TapLegal(n) => {
                    if let Some(b) = d.app.board_view() {
                        let legal: Vec<u32> = b.cells.iter().filter(|c| c.legal).map(|c| c.index).collect();
                        if !legal.is_empty() {
                            rendered |= check_batch(&d.send(Event::Board(BoardEvent::TapCell(legal[n % legal.len()]))));
                        }
                    }
                }
                Op::ChooseLegal(n) => {
                    if let Some(b) = d.app.board_view()
                        && !b.legal_moves.is_empty()
                    {
                        rendered |= check_batch(&d.send(Event::Board(BoardEvent::ChooseMove(b.legal_moves[n % b.legal_moves.len()].index))));
                    }
                }
                Op::Step => rendered |= check_batch(&d.step().unwrap_or_default()),
                Op::Hold(i) => {
                    if !d.queue.is_empty() {
                        let i = i % d.queue.len();
                        if let Some(m) = d.run_held(i) {
                            held.push(m);
                        }
                    }
                }
                Op::Release => {
                    for m in held.drain(..) {
                        rendered |= check_batch(&d.deliver(m));
                    }
                }
            }
            if rendered {
                shown = d.app.view();
            }
            // A batch without a `Render` changed nothing the shell draws, but for the live
            // counters a progress tick redraws (a search or review counts on its own thread).
            prop_assert_eq!(without_progress(shown.clone()), without_progress(d.app.view()));
            check_board(&d);
            // Memory pressure cuts the table, never below 1 MiB, never above the device's
            // (the device memory events below report at most what the start did).
            let tt = d.app.limits().tt_bytes;
            prop_assert!((1 << 20..=device.tt_bytes).contains(&tt), "{tt}");
            let _ = d.app.view();
            check_navigation(&d);
            let _ = d.app.home_view();
            let _ = d.app.history_view();
            let _ = d.app.settings_view();
            let _ = d.app.after_game_view();
        }
        for m in held.drain(..) {
            d.deliver(m);
        }
        d.settle();
        check_board(&d);
    }
}
