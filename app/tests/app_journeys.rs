//! User journeys through the app core, each as a person and a platform would drive it, with the
//! test deciding when each search, file write and sync run finishes.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Collector, Driver, start};
use ply_app::app::{
    BackgroundOutcome, BoardEvent, ConfirmationEvent, Effect, Event, HistoryEvent, HomeEvent, Msg,
    NavigationEvent, PlatformEvent, PlayMode, Screen, ScreenView, SettingsEvent, SyncState,
    ThinkingKind,
};
use ply_app::session::PlayerKind;
use ply_app::settings::GameKind;
use ply_app::{RulesVariant, Session};
use std::sync::atomic::Ordering;

/// The board rebuilt by replaying the game's moves in a fresh session: what the view model's
/// pieces and legal moves must equal.
fn replayed(game: GameKind, rules: RulesVariant, moves: &[String]) -> ply_app::Snapshot {
    let s = Session::with_rules(game, rules, vec![PlayerKind::Human; 2], None).expect("session");
    for m in moves {
        s.play(m.clone()).expect("a move of the game replays");
    }
    s.snapshot().expect("snapshot")
}

fn assert_matches_replay(d: &Driver) {
    let b = d.board();
    let s = replayed(b.game, b.rules, &b.moves);
    let pieces: Vec<_> = s.cells.iter().map(|c| c.piece).collect();
    let shown: Vec<_> = b.cells.iter().map(|c| c.piece).collect();
    assert_eq!(shown, pieces, "the board drawn is the board replayed");
    assert_eq!(
        (b.first_count, b.second_count),
        (s.first_count, s.second_count)
    );
}

fn play_to_the_end(d: &mut Driver) {
    for _ in 0..600 {
        d.settle();
        let b = d.board();
        if b.finished {
            return;
        }
        assert!(
            b.accepts_input,
            "after the computer moved, the person is to move: {}",
            b.status
        );
        let first = b.legal_moves.first().expect("a move to play").index;
        d.send(Event::Board(BoardEvent::ChooseMove(first)));
    }
    panic!("the game did not end");
}

#[test]
fn a_whole_game_of_each_kind_against_the_computer() {
    for game in [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts] {
        let mut d = start(game, PlayMode::VsComputer);
        let b = d.board();
        assert!(b.status.starts_with("You play"), "{}", b.status);
        assert!(b.accepts_input && !b.legal_moves.is_empty());
        play_to_the_end(&mut d);
        d.settle();
        assert_matches_replay(&d);
        let b = d.board();
        assert!(b.finished && b.turn.is_none() && !b.accepts_input);
        assert!(
            b.status.contains("win") || b.status.starts_with("Draw"),
            "{}",
            b.status
        );
        // The end was announced, and the game is in the history and the outbox.
        assert!(
            d.effects
                .iter()
                .any(|e| *e == Effect::Announce(b.status.clone()))
        );
        let json = d.app.record_json().expect("the finished game's record");
        let record = ply_core::record::parse_record(json.as_bytes()).expect("a valid record");
        d.send(Event::Navigation(NavigationEvent::OpenHistory));
        d.settle();
        let h = d.app.history_view();
        assert_eq!(h.entries.len(), 1, "{game:?}");
        assert_eq!(h.entries[0].id, record.id);
        assert_eq!(
            h.entries[0].sync,
            SyncState::Local,
            "sync is off by default"
        );
        // The after-game screen charts every computer move.
        d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
        let ScreenView::AfterGame { after_game: a } = d.app.view().screen else {
            panic!("the after-game screen");
        };
        let computer_moves = record.moves.iter().filter(|m| m.stats.is_some()).count();
        assert_eq!(a.points.len(), computer_moves, "{game:?}");
        // Each point is the search the record keeps for that move.
        let searched: Vec<_> = record
            .moves
            .iter()
            .enumerate()
            .filter_map(|(ply, m)| {
                m.stats
                    .as_ref()
                    .map(|s| (ply as u32, s.nodes, s.depth, s.score))
            })
            .collect();
        let charted: Vec<_> = a
            .points
            .iter()
            .map(|p| (p.ply, p.nodes, p.depth, p.score))
            .collect();
        assert_eq!(charted, searched, "{game:?}");
        assert!(a.share_text.contains(&a.result));
        // The texts the shells draw are the same numbers, written out.
        let en = ply_app::i18n::Lang::En;
        let positions =
            |n: u64| format!("{} position{}", en.group(n), if n == 1 { "" } else { "s" });
        for p in &a.points {
            let ms = en.group(p.time_ms.round() as u64);
            let want = format!("depth {}, {}, {ms} ms", p.depth, positions(p.nodes));
            assert_eq!(p.text, want, "{game:?}");
        }
        let ms = en.group(a.total_time_ms.round() as u64);
        assert_eq!(
            a.total_text,
            format!("{} in {ms} ms", positions(a.total_nodes))
        );
    }
}

#[test]
fn undo_and_redo_while_the_computer_thinks() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    assert_eq!(
        d.thinks(),
        1,
        "the computer starts thinking after the person's move"
    );
    assert!(
        d.board()
            .thinking
            .is_some_and(|t| t.kind == ThinkingKind::Move)
    );
    d.send(Event::Board(BoardEvent::Undo));
    let b = d.board();
    assert!(b.moves.is_empty() && b.thinking.is_none() && b.accepts_input);
    // The search asked for before the undo now runs (late): it must not play.
    let late = d
        .run_held(d.think_index().expect("queued search"))
        .expect("a result");
    d.deliver(late);
    assert!(
        d.board().moves.is_empty(),
        "a stale search changed the game"
    );
    d.send(Event::Board(BoardEvent::Redo));
    assert_eq!(d.board().moves, vec!["f5".to_string()]);
    assert_eq!(d.thinks(), 1, "the computer thinks again after redo");
    d.settle();
    assert_eq!(d.board().moves.len(), 2);
    assert_matches_replay(&d);
}

#[test]
fn hiding_the_screen_stops_thinking_and_showing_it_resumes() {
    let mut d = start(GameKind::ConnectFour, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::ChooseMove(3)));
    assert_eq!(d.thinks(), 1);
    d.send(Event::Platform(PlatformEvent::ScreenHidden));
    assert!(d.board().thinking.is_none());
    // The worker picks up the queued search only now: it must not start.
    let msg = d
        .run_held(d.think_index().expect("queued"))
        .expect("result");
    assert!(matches!(
        msg,
        Msg::Thought {
            result: Err(ply_app::AppError::Cancelled),
            ..
        }
    ));
    d.deliver(msg);
    assert_eq!(d.board().moves.len(), 1, "no move while hidden");
    assert_eq!(d.thinks(), 0, "no search starts while hidden");
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    assert_eq!(d.thinks(), 1);
    d.settle();
    assert_eq!(d.board().moves.len(), 2);
}

#[test]
fn background_and_foreground() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("d3".into())));
    d.send(Event::Platform(PlatformEvent::Background));
    d.settle();
    assert_eq!(d.board().moves.len(), 1, "no move in the background");
    d.send(Event::Platform(PlatformEvent::Foreground));
    assert_eq!(d.thinks(), 1);
    d.settle();
    assert_eq!(d.board().moves.len(), 2);
}

#[test]
fn a_game_survives_process_death_on_the_board() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.settle();
    d.send(Event::Board(BoardEvent::PlayNotation(
        d.board().legal_moves[0].notation.clone(),
    )));
    // Killed while the computer's search was queued: only the file writes happened.
    d.run_all_but_searches();
    let before = d.board();
    let blob = d.saved_ui();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
    assert_eq!(d.app.screen(), Screen::Board);
    let after = d.board();
    assert_eq!(after.moves, before.moves);
    assert_eq!(after.cells, before.cells);
    assert_eq!(
        d.thinks(),
        0,
        "a restored game stays still until the screen is shown"
    );
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    assert_eq!(d.thinks(), 1);
    d.settle();
    assert_eq!(d.board().moves.len(), before.moves.len() + 1);
    assert_matches_replay(&d);
}

#[test]
fn a_game_survives_process_death_on_home() {
    let mut d = start(GameKind::ConnectFour, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::ChooseMove(3)));
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.settle();
    assert_eq!(
        d.board().moves.len(),
        1,
        "leaving the board stops the computer"
    );
    let blob = d.saved_ui();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    assert_eq!(d.app.screen(), Screen::Home);
    assert_eq!(d.thinks(), 0, "no search while on Home");
    let home = d.app.home_view();
    assert!(home.can_resume && home.resume_label.contains("Connect Four"));
    assert!(
        home.games
            .iter()
            .any(|g| g.game == GameKind::ConnectFour && g.selected)
    );
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    assert_eq!(d.thinks(), 1);
    d.settle();
    assert_eq!(d.board().moves.len(), 2);
}

#[test]
fn computer_against_computer_with_pause_and_resume() {
    let mut d = start(GameKind::Othello, PlayMode::ComputerVsComputer);
    assert!(d.board().can_pause && !d.board().can_resign);
    d.think();
    assert_eq!(d.board().moves.len(), 1);
    d.send(Event::Board(BoardEvent::Pause));
    let b = d.board();
    assert!(b.can_resume && !b.can_pause && b.status.starts_with("Paused"));
    d.settle();
    assert_eq!(d.board().moves.len(), 1, "paused: no move");
    d.send(Event::Board(BoardEvent::Resume));
    d.settle();
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    assert_matches_replay(&d);
    let record = d.app.record_json().expect("record");
    let r = ply_core::record::parse_record(record.as_bytes()).expect("valid");
    assert!(
        r.moves.iter().all(|m| m.stats.is_some()),
        "every move was the computer's"
    );
}

#[test]
fn two_players_on_one_device() {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    for (i, col) in ["4", "5", "4", "5", "4", "5", "4"].into_iter().enumerate() {
        let b = d.board();
        let who = if i % 2 == 0 {
            "Red (X) to move."
        } else {
            "Yellow (O) to move."
        };
        assert_eq!(b.status, who);
        d.send(Event::Board(BoardEvent::PlayNotation(col.into())));
        assert_eq!(d.thinks(), 0, "nobody thinks for two people");
    }
    let b = d.board();
    assert_eq!(b.status, "Red wins (four in a row).");
    assert!(b.finished);
    // A tap on a full column is refused with a reason; nothing is lost.
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    for _ in 0..6 {
        d.send(Event::Board(BoardEvent::TapCell(0)));
    }
    d.send(Event::Board(BoardEvent::TapCell(7)));
    assert_eq!(d.board().message.as_deref(), Some("That column is full"));
    assert_eq!(d.board().moves.len(), 6);
}

#[test]
fn draughts_selection_and_refusals() {
    let mut d = start(GameKind::Draughts, PlayMode::TwoPlayers);
    let b = d.board();
    // Black moves first from the top rows; a square that holds no movable piece is refused.
    let empty = b
        .cells
        .iter()
        .find(|c| c.playable && c.piece == ply_app::Piece::Empty)
        .expect("empty square");
    d.send(Event::Board(BoardEvent::TapCell(empty.index)));
    assert_eq!(
        d.board().message.as_deref(),
        Some("Select a piece to move first")
    );
    let from = b
        .cells
        .iter()
        .find(|c| c.legal)
        .expect("a movable piece")
        .index;
    d.send(Event::Board(BoardEvent::TapCell(from)));
    let b = d.board();
    assert!(b.cells[from as usize].selected);
    let to = b
        .cells
        .iter()
        .find(|c| c.legal)
        .expect("a destination")
        .index;
    d.send(Event::Board(BoardEvent::TapCell(to)));
    assert_eq!(d.board().moves.len(), 1);
    assert!(matches!(
        d.board().animation.first(),
        Some(ply_app::app::AnimationStep::Jump { .. })
    ));
    assert_matches_replay(&d);
}

fn enable_sync(d: &mut Driver) {
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    d.send(Event::Settings(SettingsEvent::SetServerUrl(
        "http://collector.test".into(),
    )));
    d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
    assert!(d.app.settings_view().sync_enabled);
    d.send(Event::Navigation(NavigationEvent::OpenHome));
}

fn quick_win(d: &mut Driver) {
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    for col in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(col.into())));
    }
}

#[test]
fn a_finished_game_syncs_backs_off_and_keeps_the_retry_time_in_the_background() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    enable_sync(&mut d);
    d.settle();
    d.collector.set(Collector::Down);
    quick_win(&mut d);
    d.take_effects();
    let before = ply_core::record::now_ms();
    d.settle();
    let fx = d.take_effects();
    let retry = fx
        .iter()
        .find_map(|e| match e {
            Effect::ScheduleSync { not_before_ms, .. } => Some(*not_before_ms),
            _ => None,
        })
        .expect("a failed attempt schedules the next one");
    assert!(retry >= before, "the core's backoff");
    let h = d.app.history_view();
    assert_eq!(h.entries[0].sync, SyncState::Waiting);
    assert!(
        h.sync_status
            .starts_with("1 game waiting to sync. Last attempt: registering this device failed ("),
        "{}",
        h.sync_status
    );
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de".into()],
    }));
    assert!(
        d.app.history_view().sync_status.starts_with(
            "1 Partie wartet auf Synchronisierung. Letzter Versuch: die Anmeldung dieses Geräts ist fehlgeschlagen ("
        ),
        "{}",
        d.app.history_view().sync_status
    );
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["en".into()],
    }));
    // Backgrounding schedules the platform's work at the core's retry time, not a default.
    let fx = d.send(Event::Platform(PlatformEvent::Background));
    assert!(
        fx.contains(&Effect::ScheduleSync {
            not_before_ms: retry,
            metered_ok: false,
        }),
        "{fx:?}"
    );
    // Back in the foreground with the network: while the backoff lasts nothing is sent (the
    // backoff has full jitter, so it may already be over: then the upload goes).
    d.collector.set(Collector::Accepting);
    let backing_off = retry > ply_core::record::now_ms() + 1_000;
    d.send(Event::Platform(PlatformEvent::Foreground));
    d.send(Event::Platform(PlatformEvent::Network {
        online: true,
        metered: false,
    }));
    d.settle();
    if backing_off {
        assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 0);
        assert_eq!(d.collector.registrations.load(Ordering::Relaxed), 0);
    }
    // The person asks: sent now, whatever the backoff; the token is handed to the platform.
    d.send(Event::History(HistoryEvent::SyncNow));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 1);
    assert_eq!(
        d.collector.registrations.load(Ordering::Relaxed),
        1,
        "registered once, when needed"
    );
    assert!(
        d.effects
            .contains(&Effect::StoreToken(Some("ply_test_token".into())))
    );
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    d.settle();
    let h = d.app.history_view();
    assert_eq!(h.entries[0].sync, SyncState::Synced);
    assert!(!h.can_sync_now);
}

#[test]
fn metered_networks_wait_unless_allowed() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Platform(PlatformEvent::Network {
        online: true,
        metered: true,
    }));
    enable_sync(&mut d);
    quick_win(&mut d);
    d.settle();
    assert_eq!(
        d.collector.uploads.load(Ordering::Relaxed),
        0,
        "no upload on mobile data"
    );
    // The platform's work waits for an unmetered network, and a background run the platform
    // starts anyway (iOS cannot ask for unmetered) sends nothing.
    assert!(d.effects.iter().any(|e| matches!(
        e,
        Effect::ScheduleSync {
            metered_ok: false,
            ..
        }
    )));
    d.send(Event::Platform(PlatformEvent::Background));
    assert_eq!(
        d.app.background_job(),
        Err(BackgroundOutcome::RetryAfter {
            seconds: ply_app::app::background::NETWORK_WAIT_SECONDS
        }),
        "no run on mobile data: the platform tries again later"
    );
    d.send(Event::Settings(SettingsEvent::SetSyncOnMetered(true)));
    assert!(
        d.send(Event::Platform(PlatformEvent::Background))
            .iter()
            .any(|e| matches!(
                e,
                Effect::ScheduleSync {
                    metered_ok: true,
                    ..
                }
            )),
        "allowed now: the work may run on any connection"
    );
    // The platform's run now sends the game.
    let job = d
        .app
        .background_job()
        .expect("a run on mobile data, now allowed");
    let outbox = d.dir.path().join(ply_app::app::store::OUTBOX_DIR);
    let result = ply_app::app::sync_job::run_sync(&outbox, &d.collector, &job);
    d.deliver(ply_app::app::Msg::Synced(result));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 1);
    d.send(Event::Platform(PlatformEvent::Foreground));
    d.send(Event::Platform(PlatformEvent::Network {
        online: false,
        metered: true,
    }));
    d.send(Event::Platform(PlatformEvent::Network {
        online: true,
        metered: true,
    }));
    d.settle();
    assert_eq!(d.collector.uploads.load(Ordering::Relaxed), 1);
}

#[test]
fn history_shows_every_sync_state() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    quick_win(&mut d);
    d.settle();
    assert_eq!(d.app.history_view().entries[0].sync, SyncState::Local);
    d.collector.set(Collector::Down);
    enable_sync(&mut d);
    d.settle();
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    d.settle();
    assert_eq!(d.app.history_view().entries[0].sync, SyncState::Waiting);
    d.collector.set(Collector::Rejecting);
    d.send(Event::History(HistoryEvent::SyncNow));
    d.settle();
    assert!(matches!(
        &d.app.history_view().entries[0].sync,
        SyncState::Rejected { reason } if reason.contains("not wanted")
    ));
    d.collector.set(Collector::Accepting);
    quick_win(&mut d);
    d.send(Event::History(HistoryEvent::SyncNow));
    d.settle();
    let h = d.app.history_view();
    assert_eq!(h.entries.len(), 2);
    assert_eq!(h.entries[0].sync, SyncState::Synced, "newest first");
    assert!(matches!(h.entries[1].sync, SyncState::Rejected { .. }));
}

#[test]
fn every_invalid_setting_is_refused_with_its_field_named() {
    let mut d = Driver::new();
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    for bad in [
        "",
        "collector.test",
        "ftp://collector.test",
        "http://",
        "http://a b",
        "http://h:70000",
    ] {
        d.send(Event::Settings(SettingsEvent::SetServerUrl(bad.into())));
        let s = d.app.settings_view();
        assert!(s.server_url_error.is_some(), "{bad:?} accepted");
        assert_eq!(s.server_url, bad, "what was typed stays in the field");
        d.send(Event::Settings(SettingsEvent::SetSyncEnabled(true)));
        assert!(
            !d.app.settings_view().sync_enabled,
            "sync turned on with {bad:?}"
        );
    }
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Othello,
        json: "{\"weights\": {\"nonsense\": 3}}".into(),
    }));
    let w = &d.app.settings_view().weights[0];
    assert!(
        w.error.as_deref().is_some_and(|e| e.contains("nonsense")),
        "{w:?}"
    );
    assert!(!w.custom, "refused weights are not stored");
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Othello,
        json: "{ not json".into(),
    }));
    assert!(d.app.settings_view().weights[0].error.is_some());
    let good =
        ply_app::heuristic_weights_json(GameKind::Othello, "default".into()).expect("preset");
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Othello,
        json: good,
    }));
    let w = &d.app.settings_view().weights[0];
    assert!(w.custom && w.error.is_none());
    // The home screen now offers the custom weights, selected.
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    assert!(
        d.app
            .home_view()
            .heuristics
            .iter()
            .any(|h| h.preset.is_none() && h.selected)
    );
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Othello,
        json: "  ".into(),
    }));
    assert!(!d.app.settings_view().weights[0].custom, "blank clears");
    // Levels are clamped to what exists; unknown presets are not chosen.
    d.send(Event::Home(HomeEvent::ChooseLevel(0)));
    assert_eq!(d.app.home_view().level, 1);
    d.send(Event::Home(HomeEvent::ChooseLevel(200)));
    assert_eq!(d.app.home_view().level, 10);
    d.send(Event::Home(HomeEvent::ChooseHeuristic(Some(
        "no-such-preset".into(),
    ))));
    // Without a choice the home screen marks the level's own evaluation: Othello's level 10
    // judges with the patterns learned from real games.
    assert!(
        d.app
            .home_view()
            .heuristics
            .iter()
            .any(|h| h.preset.as_deref() == Some("pattern") && h.selected)
    );
    d.send(Event::Home(HomeEvent::ChooseLevel(2)));
    assert!(
        d.app
            .home_view()
            .heuristics
            .iter()
            .any(|h| h.preset.as_deref() == Some("default") && h.selected)
    );
    // Settings survive a restart; drafts do not.
    d.settle();
    let d = d.restart();
    assert!(!d.app.settings_view().sync_enabled);
}

#[test]
fn hints_mark_the_board_and_a_move_clears_them() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::Hint));
    assert!(
        d.board()
            .thinking
            .is_some_and(|t| t.kind == ThinkingKind::Hint)
    );
    d.settle();
    let b = d.board();
    let hinted: Vec<_> = b.cells.iter().filter(|c| c.hint).collect();
    assert_eq!(hinted.len(), 1, "one cell carries the hint");
    assert!(hinted[0].legal && hinted[0].label.contains("hint"));
    assert!(
        b.message
            .as_deref()
            .is_some_and(|m| m.starts_with("Hint: "))
    );
    d.send(Event::Board(BoardEvent::TapCell(hinted[0].index)));
    assert!(d.board().cells.iter().all(|c| !c.hint));
}

#[test]
fn resigning_ends_the_game_for_the_person_and_counts_as_played() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.settle();
    d.send(Event::Board(BoardEvent::Resign));
    assert!(!d.board().finished, "the person is asked first");
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    let b = d.board();
    assert!(b.finished && !b.can_resign && !b.accepts_input);
    assert!(
        b.status.starts_with("The computer wins") && b.status.ends_with("(Black resigned)."),
        "{}",
        b.status
    );
    let record = d.app.record_json().expect("record");
    let r = ply_core::record::parse_record(record.as_bytes()).expect("valid");
    assert_eq!(r.moves.len(), 2);
    d.settle();
    assert_eq!(d.app.history_view().entries.len(), 1);
}

#[test]
fn a_game_resigned_before_any_move_is_neither_kept_nor_sent() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert!(d.board().finished, "the resignation ends the game");
    d.settle();
    assert!(
        d.app.history_view().entries.is_empty(),
        "no game was played"
    );
    let outbox = d.app.data_dir().join("outbox");
    let pending = std::fs::read_dir(&outbox)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(pending, 0, "nothing to upload");
}

#[test]
fn a_table_of_computers_cannot_resign() {
    // The collector refuses a record in which a computer resigns, so a watched game has no
    // resignation to make: the event changes nothing, and the game plays on.
    let mut d = start(GameKind::Othello, PlayMode::ComputerVsComputer);
    let before = d.board();
    assert!(!before.can_resign);
    d.send(Event::Board(BoardEvent::Resign));
    assert!(d.app.view().confirmation.is_none(), "nothing to ask");
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    let after = d.board();
    assert!(!after.finished, "{}", after.status);
    assert_eq!(after.status, before.status);
    assert!(d.app.record_json().is_none(), "no finished game to record");
}

/// Leaves the opening book (the person plays the book's moves, the computer answers from it, until
/// the person has a move no real game played), lets the computer answer with a search of its
/// own, and returns the computer's move with the reply its search expects next.
fn computer_answer_with_expectation(d: &mut Driver) -> Vec<String> {
    use ply_core::Game;
    use ply_core::games::othello::Othello;
    let book = ply_core::book::othello::builtin().expect("the book");
    let mut legal = Vec::new();
    let out_of_book = loop {
        let snapshot = d
            .app
            .session()
            .expect("a game")
            .snapshot()
            .expect("a snapshot");
        let here = Othello::parse_position(&snapshot.position).expect("a position");
        here.legal_moves(&mut legal);
        let leaving = legal.iter().find(|&&m| {
            let mut next = here;
            next.play(m);
            book.moves(&next).is_empty()
        });
        if let Some(&m) = leaving {
            break here.format_move(m);
        }
        // Every move here keeps the game in the book: play the book's own and let the computer
        // answer from it.
        let mv = book.best(&here).map_or(legal[0], |b| b.mv);
        d.send(Event::Board(BoardEvent::PlayNotation(here.format_move(mv))));
        d.settle();
    };
    d.send(Event::Board(BoardEvent::PlayNotation(out_of_book)));
    let msg = d
        .run_held(d.think_index().expect("the computer's search"))
        .expect("result");
    let pv = match &msg {
        Msg::Thought { result: Ok(cm), .. } => cm.stats.pv.clone(),
        other => panic!("no computer move: {other:?}"),
    };
    d.deliver(msg);
    pv
}

fn pondering_game() -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Settings(SettingsEvent::SetPonder(
        ply_app::app::PonderMode::On,
    )));
    d.send(Event::Home(HomeEvent::ChooseLevel(4)));
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

#[test]
fn pondering_hit_answers_from_the_ponder_search() {
    let mut d = pondering_game();
    let pv = computer_answer_with_expectation(&mut d);
    let expected = pv.get(1).expect("the search expects a reply").clone();
    assert_eq!(d.thinks(), 1, "the computer ponders on the person's time");
    let b = d.board();
    assert!(
        b.thinking.is_none() && b.accepts_input,
        "pondering does not block the person: {b:?}"
    );
    d.think();
    let session = d.app.session().expect("session");
    let ponder_nodes = session.thinking_nodes();
    assert!(ponder_nodes > 0, "the ponder search ran");
    d.send(Event::Board(BoardEvent::PlayNotation(expected)));
    let msg = d
        .run_held(d.think_index().expect("the answer"))
        .expect("result");
    let cm = match &msg {
        Msg::Thought { result: Ok(cm), .. } => cm.clone(),
        other => panic!("no answer: {other:?}"),
    };
    assert_eq!(
        cm.stats.nodes, ponder_nodes,
        "answered from the ponder search"
    );
    // The count was cleared when the move was asked for; a search would have left its own.
    assert_eq!(session.thinking_nodes(), 0, "no new search ran");
    let before = d.board().moves.len();
    d.deliver(msg);
    assert_eq!(d.board().moves.len(), before + 1);
    assert_matches_replay(&d);
}

#[test]
fn pondering_miss_searches_and_a_move_or_hiding_stops_pondering() {
    let mut d = pondering_game();
    let pv = computer_answer_with_expectation(&mut d);
    d.think();
    let session = d.app.session().expect("session");
    let ponder_nodes = session.thinking_nodes();
    let other = d
        .board()
        .legal_moves
        .iter()
        .map(|m| m.notation.clone())
        .find(|n| Some(n) != pv.get(1))
        .expect("another move");
    d.send(Event::Board(BoardEvent::PlayNotation(other)));
    let msg = d
        .run_held(d.think_index().expect("the answer"))
        .expect("result");
    match &msg {
        Msg::Thought { result: Ok(cm), .. } => {
            assert_eq!(
                cm.stats.nodes,
                session.thinking_nodes(),
                "a search of its own"
            );
            assert_ne!(session.thinking_nodes(), ponder_nodes);
        }
        other => panic!("no answer: {other:?}"),
    }
    d.deliver(msg);
    // A ponder queued when the person moves (or the screen hides) never starts.
    assert_eq!(d.thinks(), 1, "pondering again");
    d.send(Event::Platform(PlatformEvent::ScreenHidden));
    let msg = d
        .run_held(d.think_index().expect("ponder"))
        .expect("result");
    assert!(matches!(msg, Msg::Pondered { .. }));
    assert_eq!(
        session.thinking_nodes(),
        d.app.session().expect("s").thinking_nodes()
    );
    d.deliver(msg);
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    let before = d.board().moves.len();
    d.send(Event::Board(BoardEvent::PlayNotation(
        d.board().legal_moves[0].notation.clone(),
    )));
    let ponder = d
        .queue
        .iter()
        .filter(|c| {
            matches!(
                c,
                ply_app::app::Command::Think {
                    kind: ply_app::app::ThinkKind::Ponder,
                    ..
                }
            )
        })
        .count();
    let moves = d
        .queue
        .iter()
        .filter(|c| {
            matches!(
                c,
                ply_app::app::Command::Think {
                    kind: ply_app::app::ThinkKind::Move,
                    ..
                }
            )
        })
        .count();
    assert_eq!(
        (ponder, moves),
        (1, 1),
        "the stale ponder is queued before the answer"
    );
    d.settle();
    assert_eq!(d.board().moves.len(), before + 2);
    assert_matches_replay(&d);
}

#[test]
fn a_late_result_of_the_previous_game_leaves_the_new_game_alone() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    // The old game's search ends just as the person starts a new game.
    let late = d
        .run_held(d.think_index().expect("search"))
        .expect("result");
    assert!(matches!(late, Msg::Thought { result: Ok(_), .. }));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.take_effects();
    d.deliver(late);
    let b = d.board();
    assert!(b.moves.is_empty() && b.accepts_input, "{b:?}");
    assert!(!d.effects.iter().any(|e| matches!(e, Effect::Announce(_))));
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    assert_eq!(
        d.app.screen(),
        Screen::Board,
        "the new game is not finished"
    );
}

#[test]
fn two_players_get_hints_at_the_level_they_chose() {
    for level in [1, 7] {
        let mut d = Driver::new();
        d.send(Event::Platform(PlatformEvent::ScreenShown));
        d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
        d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
        d.send(Event::Home(HomeEvent::ChooseLevel(level)));
        d.send(Event::Home(HomeEvent::NewGame));
        for m in ["f5", "d6", "c3"] {
            d.send(Event::Board(BoardEvent::PlayNotation(m.into())));
        }
        d.send(Event::Board(BoardEvent::Hint));
        d.settle();
        let hint = d.board().message.expect("the hint is shown");
        let nodes = d.app.session().expect("a game").thinking_nodes();

        // The same position searched as a computer of that level would search it.
        let settings =
            ply_app::settings::settings_for_difficulty(GameKind::Othello, level).expect("level");
        let s = Session::new(
            GameKind::Othello,
            PlayerKind::Human,
            PlayerKind::Human,
            None,
        )
        .expect("session");
        s.set_hint_settings(Some(settings));
        s.set_limits(d.app.limits());
        for m in ["f5", "d6", "c3"] {
            s.play(m.into()).expect("legal");
        }
        let expected = s.hint(None).expect("a hint");
        assert_eq!(nodes, expected.stats.nodes, "level {level}");
        assert_eq!(
            hint,
            format!("Hint: {}", expected.played.notation),
            "level {level}"
        );
    }
}

#[test]
fn a_game_starts_from_a_chosen_position_and_a_bad_one_is_refused_with_its_reason() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "4453".into(),
    ))));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "4448".into(),
    ))));
    let home = d.app.home_view();
    assert_eq!(home.start_position.as_deref(), Some("4453"), "kept");
    let error = home.start_position_error.expect("the refusal is shown");
    assert!(
        error.starts_with("'4448' is not a start position: "),
        "{error}"
    );
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    let s = Session::new(
        GameKind::ConnectFour,
        PlayerKind::Human,
        PlayerKind::Human,
        Some("4453".into()),
    )
    .expect("session")
    .snapshot()
    .expect("snapshot");
    let pieces: Vec<_> = b.cells.iter().map(|c| c.piece).collect();
    assert_eq!(pieces, s.cells.iter().map(|c| c.piece).collect::<Vec<_>>());
    assert_eq!(b.status, "Red (X) to move.");
    assert!(b.moves.is_empty(), "no move played yet in this game");
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    d.settle();
    // The position survives a restart with the game.
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    let after = Session::new(
        GameKind::ConnectFour,
        PlayerKind::Human,
        PlayerKind::Human,
        Some("44534".into()),
    )
    .expect("session")
    .snapshot()
    .expect("snapshot");
    let pieces: Vec<_> = d.board().cells.iter().map(|c| c.piece).collect();
    assert_eq!(
        pieces,
        after.cells.iter().map(|c| c.piece).collect::<Vec<_>>()
    );
    assert_eq!(d.board().moves, vec!["4".to_string()]);
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    let record = d.app.record_json().expect("record");
    let r = ply_core::record::parse_record(record.as_bytes()).expect("valid");
    assert_eq!(r.start_position.as_deref(), Some("4453"), "a set-up start");
    // A position belongs to its game: another game starts from its own start.
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    let home = d.app.home_view();
    assert!(home.start_position.is_none() && home.start_position_error.is_none());
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "  ".into(),
    ))));
    assert!(d.app.home_view().start_position.is_none());
}

#[test]
fn cell_labels_are_built_only_while_an_accessibility_service_reads_them() {
    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    let with = d.board();
    assert!(with.cells.iter().all(|c| !c.label.is_empty()));
    assert!(
        with.cells
            .iter()
            .any(|c| c.label == "f5, black disc, last move")
    );
    d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: false,
    }));
    let without = d.board();
    assert!(without.cells.iter().all(|c| c.label.is_empty()));
    assert!(
        without.legal_moves_label.is_empty(),
        "no description to read"
    );
    let strip = |b: &ply_app::app::BoardView| {
        let mut b = b.clone();
        b.cells.iter_mut().for_each(|c| c.label.clear());
        b.legal_moves_label.clear();
        b
    };
    assert_eq!(
        strip(&with),
        without,
        "only the labels and the board's description differ"
    );
    d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: true,
    }));
    assert_eq!(d.board(), with);
}

/// A game against the computer at the apps' default level reaches the outbox as a record the
/// core validates, its engine described (a comma in the engine's ordering once made every game
/// against level 3 or stronger unrecordable, and only level-1 games were recorded in tests).
#[test]
fn a_game_against_the_default_level_reaches_the_outbox() {
    let mut d = Driver::new().with_depth(2);
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::NewGame));
    for _ in 0..21 {
        d.settle();
        let b = d.board();
        if b.finished {
            break;
        }
        let first = b.legal_moves.first().expect("a move").index;
        d.send(Event::Board(BoardEvent::ChooseMove(first)));
    }
    d.settle();
    assert!(d.board().finished);
    let records: Vec<_> = std::fs::read_dir(d.dir.path().join("outbox"))
        .expect("the outbox")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| !p.ends_with(ply_core::sync::protocol::STATE_FILE))
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    let bytes = std::fs::read(&records[0]).expect("the record");
    let (record, _) = ply_core::record::validate_json(&bytes).expect("a valid record");
    let engine = record.players[1].engine.as_ref().expect("the computer");
    assert_eq!(engine.level, Some(ply_app::app::setup::DEFAULT_LEVEL));
    assert_eq!(d.app.history_view().entries.len(), 1);
}

#[test]
fn a_person_with_no_move_passes() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    // Black's one disc on b1 sits beside White's corner: Black has no move, White takes c1.
    let position = format!("OX{} X", "-".repeat(62));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(position))));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    assert!(b.must_pass && b.accepts_input, "{}", b.status);
    assert_eq!(b.status, "Black (X) has no move: pass.");
    d.send(Event::Board(BoardEvent::Pass));
    let b = d.board();
    assert!(!b.must_pass);
    assert_eq!(b.status, "White (O) to move.");
    assert_eq!(b.moves.len(), 1);
    // With a move to play, a pass is refused and nothing changes.
    d.send(Event::Board(BoardEvent::Pass));
    let b = d.board();
    assert_eq!(b.message.as_deref(), Some("Not a legal move"));
    assert_eq!(b.moves.len(), 1);
}

#[test]
fn a_typed_move_is_read_in_every_form_the_game_knows_and_a_refusal_says_why() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Draughts)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    // Black's man on 6 must jump twice: 6x15x24.
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "B:W10,19,28:B1,6".into(),
    ))));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Board(BoardEvent::PlayNotation("1-5".into())));
    assert_eq!(
        d.board().message.as_deref(),
        Some("'1-5': not a legal move here (a capture is compulsory)")
    );
    d.send(Event::Board(BoardEvent::PlayNotation("6x15".into())));
    assert_eq!(
        d.board().message.as_deref(),
        Some("'6x15': not a legal move here (the jump continues: 6x24)")
    );
    d.send(Event::Board(BoardEvent::PlayNotation("6x33".into())));
    assert_eq!(
        d.board().message.as_deref(),
        Some("'6x33': square 33 is outside 1-32")
    );
    assert!(d.board().moves.is_empty(), "nothing played by a refusal");
    // The jump with its landing squares, as the README writes it, and the short form.
    d.send(Event::Board(BoardEvent::PlayNotation("6x15x24".into())));
    assert_eq!(d.board().moves, vec!["6x24".to_string()]);
    d.send(Event::Board(BoardEvent::Undo));
    d.send(Event::Board(BoardEvent::PlayNotation(" 6X24 ".into())));
    assert_eq!(d.board().moves, vec!["6x24".to_string()]);

    // Othello: the square is named, and why a square is not a move.
    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    d.send(Event::Board(BoardEvent::PlayNotation("z9".into())));
    assert_eq!(
        d.board().message.as_deref(),
        Some("'z9': not a square: expected a file letter a..h (or pass)")
    );
    d.send(Event::Board(BoardEvent::PlayNotation("d4".into())));
    assert_eq!(d.board().message.as_deref(), Some("'d4': d4 is occupied"));
    d.send(Event::Board(BoardEvent::PlayNotation("F5".into())));
    assert_eq!(d.board().moves, vec!["f5".to_string()]);
}

#[test]
fn a_new_search_does_not_show_the_last_ones_count() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.settle();
    assert_eq!(d.board().moves.len(), 2, "the computer answered");
    assert!(d.app.move_stats().last().is_some_and(|s| s.nodes > 0));
    let reply = d.board().legal_moves[0].notation.clone();
    d.send(Event::Board(BoardEvent::PlayNotation(reply)));
    // The computer's search is asked for but has not started.
    assert_eq!(d.thinks(), 1);
    let thinking = d.board().thinking.expect("thinking");
    assert_eq!(thinking.nodes, 0, "{}", thinking.text);
    assert_eq!(
        d.app.move_stats().last().map(|s| s.seat),
        Some(Some(1)),
        "the move's stats name the seat that played it"
    );
}

#[test]
fn the_four_in_a_row_that_won_is_marked_and_named() {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers);
    d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: true,
    }));
    for col in ["4", "3", "4", "3", "4", "3"] {
        d.send(Event::Board(BoardEvent::PlayNotation(col.into())));
    }
    assert!(
        d.board().cells.iter().all(|c| !c.winning),
        "no line before the game is won"
    );
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    let b = d.board();
    assert!(b.finished);
    // Column 4 (index 3), the bottom four rows; cells run row by row from the top.
    let marked: Vec<u32> = b
        .cells
        .iter()
        .filter(|c| c.winning)
        .map(|c| c.index)
        .collect();
    assert_eq!(marked, vec![17, 24, 31, 38]);
    let top = b.cells.iter().find(|c| c.index == 17).expect("d3");
    assert!(
        top.label.ends_with("part of the four in a row"),
        "{}",
        top.label
    );
    // Undoing the winning move takes the mark away.
    d.send(Event::Board(BoardEvent::Undo));
    assert!(d.board().cells.iter().all(|c| !c.winning));
}

#[test]
fn a_move_typed_in_capitals_is_the_same_move() {
    let mut d = start(GameKind::Focus, PlayMode::TwoPlayers);
    let first = d.board().legal_moves[0].notation.clone();
    d.send(Event::Board(BoardEvent::PlayNotation(
        first.to_ascii_uppercase(),
    )));
    assert_eq!(d.board().moves, vec![first]);
    // A square that is no move says so in the player's language.
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de".into()],
    }));
    d.send(Event::Board(BoardEvent::PlayNotation("a1-a2".into())));
    let message = d.board().message.expect("refused");
    assert!(message.starts_with("„a1-a2“"), "{message}");
}

/// A real game with passes (the FFO's archive), played by two people through the board's
/// notation: the after-game screen and the history count its moves, not its passes, and the
/// move list it shows reads back (passes left out) to the same game.
#[test]
fn a_game_with_passes_counts_its_moves_and_its_list_reads_back() {
    use ply_core::Game;
    use ply_core::games::othello::Othello;
    use ply_core::record::wthor::decode_file;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/wthor/WTH_1980.wtb"
    );
    let bytes = std::fs::read(path).expect("the archive's file");
    let game = decode_file(&bytes)
        .expect("reads")
        .games
        .into_iter()
        .find(|g| g.finished() && g.moves.iter().any(|m| m.is_pass()))
        .expect("a finished game with a pass");
    let mut pos = Othello::start();
    let written: Vec<String> = game
        .moves
        .iter()
        .map(|&m| {
            let text = pos.format_move(m);
            pos.play(m);
            text
        })
        .collect();
    let squares = written.iter().filter(|t| *t != "pass").count();
    assert!(squares < written.len(), "the game has a pass");

    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    for text in &written {
        d.send(Event::Board(BoardEvent::PlayNotation(text.clone())));
    }
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    assert_eq!(
        b.moves, written,
        "the board's list holds the passes it played"
    );
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    let after = d.app.after_game_view().expect("after the game");
    assert_eq!(after.move_count as usize, squares);
    assert_eq!(after.move_count_text, format!("{squares} moves"));
    assert!(
        after
            .share_text
            .contains(&format!("After {squares} moves.")),
        "the shared text counts moves too: {}",
        after.share_text
    );
    d.settle();
    let history = d.app.history_view();
    assert_eq!(history.entries[0].moves as usize, squares);
    let left_out: Vec<String> = b.moves.iter().filter(|t| *t != "pass").cloned().collect();
    let replayed = ply_core::review::replay(&Othello::start(), &left_out).expect("reads back");
    assert_eq!(replayed, game.moves);
}

/// Draughts is one game on the home screen; its rules are chosen beside it, and relaxed rules
/// let a capture go (under the standard rules the same step is refused: a capture is
/// compulsory).
#[test]
fn relaxed_draughts_is_chosen_as_the_games_rules_and_lets_a_capture_go() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    let home = d.app.home_view();
    let games: Vec<GameKind> = home.games.iter().map(|g| g.game).collect();
    assert_eq!(games, GameKind::ALL, "six games, each once");
    // Othello has one set of rules: no choice, and a variant it does not take is ignored.
    assert!(home.variants.is_empty());
    d.send(Event::Home(HomeEvent::ChooseRules(RulesVariant::Relaxed)));
    assert_eq!(d.app.home_view().rules, RulesVariant::Standard);

    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Draughts)));
    let offered = |d: &Driver| -> Vec<(RulesVariant, String, bool)> {
        d.app
            .home_view()
            .variants
            .iter()
            .map(|v| (v.rules, v.label.clone(), v.selected))
            .collect()
    };
    assert_eq!(
        offered(&d),
        [
            (RulesVariant::Standard, "Captures compulsory".into(), true),
            (RulesVariant::Relaxed, "Captures optional".into(), false),
        ]
    );
    d.send(Event::Home(HomeEvent::ChooseRules(RulesVariant::Relaxed)));
    assert_eq!(d.app.home_view().rules, RulesVariant::Relaxed);
    assert_eq!(
        offered(&d).iter().map(|o| o.2).collect::<Vec<_>>(),
        [false, true]
    );
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    // Black's man on 6 can jump 10; the man on 1 can also step to 5.
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "B:W10,19,28:B1,6".into(),
    ))));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    assert!(
        b.title.starts_with("Draughts (captures optional)"),
        "{}",
        b.title
    );
    let steps: Vec<String> = b.legal_moves.iter().map(|m| m.notation.clone()).collect();
    assert!(steps.contains(&"1-5".to_string()), "{steps:?}");
    assert!(steps.contains(&"6x24".to_string()), "{steps:?}");
    assert_eq!(b.rules, RulesVariant::Relaxed);
    d.send(Event::Board(BoardEvent::PlayNotation("1-5".into())));
    assert_eq!(d.board().moves, vec!["1-5".to_string()]);

    // The game in progress comes back under its rules in a new process.
    d.settle();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    assert_eq!(d.board().moves, vec!["1-5".to_string()]);
    assert_eq!(d.app.home_view().rules, RulesVariant::Relaxed);

    // The standard rules refuse the same step; another game forgets the draughts rules.
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::ChooseRules(RulesVariant::Standard)));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.send(Event::Board(BoardEvent::PlayNotation("1-5".into())));
    assert_eq!(
        d.board().message.as_deref(),
        Some("'1-5': not a legal move here (a capture is compulsory)")
    );
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::ChooseRules(RulesVariant::Relaxed)));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Draughts)));
    assert_eq!(d.app.home_view().rules, RulesVariant::Standard);
}

/// A game in progress saved by a version whose app had its own game list, with relaxed draughts
/// as one of its games, is restored as draughts under relaxed rules: its first move, a step
/// past a capture, replays only under them.
#[test]
fn a_relaxed_draughts_game_saved_in_the_old_format_is_restored_under_relaxed_rules() {
    let dir = tempfile::tempdir().expect("temp dir");
    let old = r#"{"setup":{"game":"RelaxedDraughts","mode":"TwoPlayers","human_side":"First","level":1,"algorithm":"ByLevel","ordering":"ByLevel","heuristic":null,"start_position":"B:W10,19,28:B1,6","seats":[]},"moves":["1-5"],"resigned_by":null,"stats":[],"paused":false,"recorded":false}"#;
    std::fs::write(dir.path().join("game.json"), old).expect("write");
    let app = ply_app::app::App::new(common::config(dir.path()));
    let mut d = Driver::with(dir, app);
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    let b = d.board();
    assert_eq!(
        (b.game, b.moves.clone()),
        (GameKind::Draughts, vec!["1-5".to_string()])
    );
    assert!(
        b.title.starts_with("Draughts (captures optional)"),
        "{}",
        b.title
    );
    let home = d.app.home_view();
    assert_eq!(
        (home.game, home.rules),
        (GameKind::Draughts, RulesVariant::Relaxed)
    );
    // Written back in today's form, it reads again.
    let reply = b
        .legal_moves
        .first()
        .expect("White has a move")
        .notation
        .clone();
    d.send(Event::Board(BoardEvent::PlayNotation(reply.clone())));
    d.settle();
    let saved = std::fs::read_to_string(d.dir.path().join("game.json")).expect("saved");
    assert!(
        saved.contains(r#""game":"checkers","rules":"relaxed""#),
        "{saved}"
    );
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    assert_eq!(d.board().moves, vec!["1-5".to_string(), reply]);
}
