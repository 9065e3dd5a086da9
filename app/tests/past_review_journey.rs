//! Reviewing a game of the history in a later session (#30): the history keeps every finished
//! game's moves, so a game is rebuilt and reviewed after the process that played it is gone.
//! What the review shows is checked against `ply_core::review` of the same moves run here; the
//! game in progress is left as it was; platform events during the review lose nothing; entries
//! that cannot be reviewed (kept before the moves were, multi-player games, an unknown id) say
//! why, and nothing changes.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::app::{
    BoardEvent, Command, ConfirmationEvent, Effect, Event, HistoryEvent, HomeEvent, MemoryPressure,
    Msg, NavigationEvent, PlatformEvent, PlayMode, ReviewEvent, ReviewStatus, Screen, store,
};
use ply_app::settings::GameKind;
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::review::judge::Reviewable;
use ply_core::search::StopToken;

/// Two people on one phone: the first stacks column 1 and wins on the 7th move.
const MOVES: [&str; 7] = ["1", "2", "1", "2", "1", "2", "1"];

/// A Connect Four game between two people played to its end (`moves`), on the after-game
/// screen.
fn finished_connect_four(d: &mut Driver, moves: &[&str]) {
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    for m in moves {
        d.send(Event::Board(BoardEvent::PlayNotation((*m).into())));
    }
    d.settle();
}

/// The core's own review of these Connect Four moves: the independent truth.
fn core_review(moves: &[&str]) -> ply_core::review::Review {
    let start = ConnectFour::start();
    let mut pos = start;
    let mut played = Vec::new();
    for m in moves {
        let mv = pos.parse_move(m).expect("move");
        played.push(mv);
        pos.play(mv);
    }
    ply_core::review::review(
        &start,
        &played,
        &ConnectFour::review_config(),
        &StopToken::new(),
        &mut |_, _| {},
    )
}

/// The history's only entry's id, after a restart.
fn only_entry(d: &mut Driver) -> String {
    d.send_settled(Event::Navigation(NavigationEvent::OpenHistory));
    let h = d.app.history_view();
    assert_eq!(h.entries.len(), 1);
    h.entries[0].id.clone()
}

#[test]
fn a_finished_game_is_reviewed_from_the_history_in_a_new_session() {
    let mut d = Driver::new();
    finished_connect_four(&mut d, &MOVES);
    assert!(d.board().finished);
    // The next game is under way when the process dies: two moves in.
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    d.send(Event::Board(BoardEvent::PlayNotation("4".into())));
    d.settle();
    let in_progress = d.board();
    assert_eq!(in_progress.moves, ["4", "4"]);

    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    let id = only_entry(&mut d);
    let entry = d.app.history_view().entries[0].clone();
    assert!(entry.can_review && entry.review_refusal.is_none());
    assert_eq!(entry.moves, 7);

    d.take_effects();
    d.send(Event::History(HistoryEvent::ReviewPastGame {
        id: id.clone(),
    }));
    assert_eq!(d.queued_reviews(), 1);
    assert!(
        d.take_effects()
            .contains(&Effect::Announce("Reviewing the game".into()))
    );
    let h = d.app.history_view();
    let past = h.review.expect("the past game under review");
    assert_eq!(past.id, id);
    assert_eq!(past.title, "Connect Four, two players");
    assert_eq!(
        past.review.status,
        ReviewStatus::Running { done: 0, total: 7 }
    );
    // Asked again while it runs: nothing more starts.
    d.send(Event::History(HistoryEvent::ReviewPastGame {
        id: id.clone(),
    }));
    assert_eq!(d.queued_reviews(), 1);
    // Its progress ticks redraw the progress alone, and the progress view is the past review's.
    let ticket = match &d.queue[d.queued_review_index()] {
        Command::Review { ticket, .. } => *ticket,
        _ => unreachable!(),
    };
    assert_eq!(
        d.deliver(Msg::Progress { ticket }),
        [Effect::RenderProgress]
    );
    assert_eq!(
        d.app.progress_view().review.map(|p| (p.done, p.total)),
        Some((0, 7))
    );

    d.settle();
    let past = d.app.history_view().review.expect("the review");
    assert_eq!(past.result, "Red wins (four in a row).");
    let r = past.review;
    assert_eq!(r.status, ReviewStatus::Ready);
    let core = core_review(&MOVES);
    assert_eq!(r.moves.len(), core.moves.len());
    for (shown, judged) in r.moves.iter().zip(&core.moves) {
        assert_eq!(
            (shown.ply as usize, &shown.played, &shown.best, shown.exact),
            (judged.ply, &judged.played, &judged.best, judged.exact)
        );
    }
    for (p, judged) in r.players.iter().zip(&core.players) {
        assert_eq!(p.accuracy, judged.accuracy);
    }

    // Stepping through it on the history screen: move 6 on the board after five moves.
    d.send(Event::Review(ReviewEvent::Step(6)));
    let step = d
        .app
        .history_view()
        .review
        .and_then(|p| p.review.step)
        .expect("step 6");
    assert_eq!(step.ply, 6);
    assert_eq!(step.board.moves, MOVES[..5]);

    // Back returns to the history's list, not home; back again leaves the history.
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::History);
    let h = d.app.history_view();
    assert!(h.review.is_none() && h.message.is_none());
    assert_eq!(h.entries.len(), 1);
    d.send(Event::Navigation(NavigationEvent::Back));
    assert_eq!(d.app.screen(), Screen::Home);

    // The game in progress is as it was, and its own after-game review is untouched.
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    let b = d.board();
    assert_eq!((b.moves.clone(), b.finished), (in_progress.moves, false));
    d.settle();
    assert_eq!(d.board().moves.len(), 2, "nobody moved for the people");
}

#[test]
fn a_resigned_game_is_rebuilt_with_its_resignation() {
    let mut d = Driver::new();
    finished_connect_four(&mut d, &["4", "3", "4"]);
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.settle();
    assert!(d.board().finished);
    let mut d = d.restart();
    let id = only_entry(&mut d);
    d.send_settled(Event::History(HistoryEvent::ReviewPastGame { id }));
    let past = d.app.history_view().review.expect("the review");
    assert_eq!(past.result, d.app.history_view().entries[0].result);
    assert!(past.result.contains("resigned"), "{}", past.result);
    assert_eq!(past.review.status, ReviewStatus::Ready);
    assert_eq!(past.review.moves.len(), 3);
    let core = core_review(&["4", "3", "4"]);
    for (shown, judged) in past.review.moves.iter().zip(&core.moves) {
        assert_eq!((&shown.played, &shown.best), (&judged.played, &judged.best));
    }
}

#[test]
fn platform_events_during_a_past_review_lose_nothing() {
    let mut d = Driver::new();
    finished_connect_four(&mut d, &MOVES);
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    let id = only_entry(&mut d);
    let history_file = std::fs::read(d.dir.path().join(store::HISTORY_FILE)).expect("history");

    // Backgrounded while it runs: the review's search stops and the review is put away; its late
    // result changes nothing.
    d.send(Event::History(HistoryEvent::ReviewPastGame {
        id: id.clone(),
    }));
    let stop = d.queued_review_stop();
    let late = d.run_held(d.queued_review_index());
    d.send(Event::Platform(PlatformEvent::Background));
    assert!(stop.is_stopped(), "the review's search stops");
    assert!(d.app.history_view().review.is_none());
    if let Some(m) = late {
        d.deliver(m);
    }
    assert!(d.app.history_view().review.is_none(), "a late result");
    d.send(Event::Platform(PlatformEvent::DeviceMemory {
        available_ram_bytes: 1 << 30,
    }));
    d.send(Event::Platform(PlatformEvent::Foreground));
    d.settle();
    assert_eq!(d.app.screen(), Screen::History);
    assert_eq!(d.queued_reviews(), 0, "nothing starts by itself");

    // Asked again, it runs to the end; the screen hidden and shown, an interruption, a
    // background trip and low memory pressure leave a ready review as it was.
    d.send_settled(Event::History(HistoryEvent::ReviewPastGame {
        id: id.clone(),
    }));
    let ready = d.app.history_view().review.expect("ready");
    assert_eq!(ready.review.status, ReviewStatus::Ready);
    for e in [
        Event::Platform(PlatformEvent::Inactive),
        Event::Platform(PlatformEvent::ScreenHidden),
        Event::Platform(PlatformEvent::Background),
        Event::Platform(PlatformEvent::MemoryPressure(MemoryPressure::Low)),
        Event::Platform(PlatformEvent::Foreground),
        Event::Platform(PlatformEvent::ScreenShown),
    ] {
        d.send_settled(e);
    }
    assert_eq!(d.app.history_view().review, Some(ready.clone()));

    // An interruption while it runs stops nothing; critical memory pressure puts it away.
    d.send(Event::Review(ReviewEvent::Close));
    d.send(Event::History(HistoryEvent::ReviewPastGame {
        id: id.clone(),
    }));
    d.send(Event::Platform(PlatformEvent::Inactive));
    assert!(!d.queued_review_stop().is_stopped());
    d.send(Event::Platform(PlatformEvent::MemoryPressure(
        MemoryPressure::Critical,
    )));
    assert!(d.queued_review_stop().is_stopped());
    assert!(d.app.history_view().review.is_none());
    d.settle();

    // Leaving the history and coming back keeps a ready review (a tab switched and back).
    d.send_settled(Event::History(HistoryEvent::ReviewPastGame {
        id: id.clone(),
    }));
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    assert_eq!(d.app.history_view().review, Some(ready));

    // Nothing of the history was lost or rewritten by reviewing.
    assert_eq!(d.app.history_view().entries.len(), 1);
    assert_eq!(
        std::fs::read(d.dir.path().join(store::HISTORY_FILE)).expect("history"),
        history_file
    );
}

#[test]
fn an_old_history_without_moves_loads_and_says_it_cannot_be_reviewed() {
    let mut d = Driver::new();
    finished_connect_four(&mut d, &MOVES);
    // The history as the versions before #30 wrote it: the same entries without their moves.
    let path = d.dir.path().join(store::HISTORY_FILE);
    let mut old: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).expect("history")).expect("JSON");
    for entry in old.as_array_mut().expect("a list") {
        let fields = entry.as_object_mut().expect("an entry");
        assert!(fields.remove("move_list").is_some(), "moves are kept now");
    }
    let old = serde_json::to_vec(&old).expect("JSON");
    std::fs::write(&path, &old).expect("write");

    let mut d = d.restart();
    let id = only_entry(&mut d);
    let entry = d.app.history_view().entries[0].clone();
    assert_eq!(entry.result, "Red wins (four in a row).");
    assert!(!entry.can_review);
    let reason = "No review: this game was kept before the history kept its moves.";
    assert_eq!(entry.review_refusal.as_deref(), Some(reason));

    d.take_effects();
    d.send(Event::History(HistoryEvent::ReviewPastGame { id }));
    assert_eq!(d.queued_reviews(), 0);
    let h = d.app.history_view();
    assert!(h.review.is_none());
    assert_eq!(h.message.as_deref(), Some(reason));
    assert!(d.take_effects().contains(&Effect::Announce(reason.into())));

    // An id the history does not hold: refused, nothing lost.
    d.send(Event::History(HistoryEvent::ReviewPastGame {
        id: "no-such-game".into(),
    }));
    assert_eq!(d.queued_reviews(), 0);
    let h = d.app.history_view();
    assert_eq!(
        h.message.as_deref(),
        Some("That game is no longer in the history.")
    );
    assert_eq!(h.entries.len(), 1);
    d.settle();
    assert_eq!(std::fs::read(&path).expect("history"), old);
    // Opening the history again puts the message away.
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    assert!(d.app.history_view().message.is_none());

    // In German too.
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-DE".into()],
    }));
    let entry = d.app.history_view().entries[0].clone();
    assert!(
        entry
            .review_refusal
            .is_some_and(|r| r.starts_with("Keine Analyse"))
    );
}

#[test]
fn a_multi_player_game_keeps_its_moves_and_says_it_has_no_review() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Virus)));
    d.send(Event::Home(HomeEvent::ChoosePlayers(2)));
    for seat in 0..2 {
        d.send(Event::Home(HomeEvent::ChooseSeat { seat, human: true }));
    }
    d.send(Event::Home(HomeEvent::NewGame));
    for _ in 0..100 {
        d.settle();
        let b = d.board();
        if b.finished {
            break;
        }
        d.send(Event::Board(BoardEvent::ChooseMove(b.legal_moves[0].index)));
    }
    d.settle();
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    let reason = "No review: the review judges the moves of two-player games only.";
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    let after = d.app.after_game_view().expect("after the game");
    assert!(!after.can_review);
    assert_eq!(after.review_refusal.as_deref(), Some(reason));

    let mut d = d.restart();
    let id = only_entry(&mut d);
    let entry = d.app.history_view().entries[0].clone();
    assert!(!entry.can_review);
    assert_eq!(entry.review_refusal.as_deref(), Some(reason));
    let kept: Vec<store::FinishedGame> = serde_json::from_slice(
        &std::fs::read(d.dir.path().join(store::HISTORY_FILE)).expect("history"),
    )
    .expect("history");
    assert_eq!(kept[0].move_list.as_deref(), Some(&b.moves[..]));
    d.send(Event::History(HistoryEvent::ReviewPastGame { id }));
    assert_eq!(d.queued_reviews(), 0);
    assert_eq!(d.app.history_view().message.as_deref(), Some(reason));
}

#[test]
fn leaving_the_history_puts_a_running_past_review_away_and_a_refusal_replaces_the_shown_one() {
    let mut d = Driver::new();
    finished_connect_four(&mut d, &MOVES);
    let mut d = d.restart();
    let id = only_entry(&mut d);

    // A running past review stops when the person leaves the history (the game in progress
    // would otherwise wait behind it on the one thinking thread).
    d.send(Event::History(HistoryEvent::ReviewPastGame {
        id: id.clone(),
    }));
    let stop = d.queued_review_stop();
    assert!(d.app.history_view().review.is_some());
    d.send(Event::Navigation(NavigationEvent::SelectTab(
        ply_app::app::AppTab::Play,
    )));
    assert!(stop.is_stopped(), "the past review's search is stopped");
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    assert!(d.app.history_view().review.is_none());

    // A refusal replaces the review shown: never one game's review under another's refusal.
    d.send(Event::History(HistoryEvent::ReviewPastGame { id }));
    d.settle();
    assert!(d.app.history_view().review.is_some());
    d.send(Event::History(HistoryEvent::ReviewPastGame {
        id: "no-such-game".into(),
    }));
    let h = d.app.history_view();
    assert!(
        h.review.is_none(),
        "the refused game's place holds no other review"
    );
    assert_eq!(
        h.message.as_deref(),
        Some("That game is no longer in the history.")
    );
}
