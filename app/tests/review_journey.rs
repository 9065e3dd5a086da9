//! The after-game review as a person meets it: asked for on the after-game screen, running in
//! the background with its progress, then each side's accuracy, the value graph, the mistakes,
//! and a step through the game with the played move beside the best one. What it shows is the
//! core's review of the same moves (tested against the solvers in `core/tests/review.rs`); the
//! boards are the game replayed. A review is dropped (and its search stopped) when it is closed,
//! when the game is taken back, and when a new game starts.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::app::{
    AfterGameEvent, BoardEvent, Command, ConfirmationEvent, Effect, Event, HomeEvent,
    MemoryPressure, MoveLabel, NavigationEvent, PlatformEvent, PlayMode, ReviewEvent, ReviewStatus,
    ReviewView,
};
use ply_app::settings::GameKind;
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::review::judge::Reviewable;
use ply_core::review::label::Label;
use ply_core::search::StopToken;

/// Two people on one phone: the first stacks column 1 and wins on the 7th move; the second's
/// 6th move ignores the threat.
const MOVES: [&str; 7] = ["1", "2", "1", "2", "1", "2", "1"];

fn finished_connect_four() -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    for m in MOVES {
        d.send(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    d.settle();
    assert!(d.board().finished);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    d
}

fn review(d: &Driver) -> Option<ReviewView> {
    d.app.after_game_view().expect("after-game").review
}

#[test]
fn a_finished_game_is_reviewed_then_stepped_through() {
    let mut d = finished_connect_four();
    let after = d.app.after_game_view().expect("after-game");
    assert!(after.can_review && after.review.is_none());

    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    assert_eq!(d.queued_reviews(), 1);
    let running = review(&d).expect("a review");
    assert_eq!(running.status, ReviewStatus::Running { done: 0, total: 7 });
    assert!(!d.app.after_game_view().expect("after-game").can_review);
    // Asking again while it runs starts nothing more.
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    assert_eq!(d.queued_reviews(), 1);

    d.take_effects();
    d.settle();
    let r = review(&d).expect("a review");
    assert_eq!(r.status, ReviewStatus::Ready);
    assert!(d.take_effects().iter().any(
        |e| matches!(e, Effect::Announce(t) if t.starts_with("Review ready. Black (X): Accuracy") || t.starts_with("Review ready. Red (X): Accuracy"))
    ), "the result is announced");

    // The same judgement as the core's review of these moves.
    let start = ConnectFour::start();
    let mut pos = start;
    let mut moves = Vec::new();
    for m in MOVES {
        let mv = pos.parse_move(m).expect("move");
        moves.push(mv);
        pos.play(mv);
    }
    let core = ply_core::review::review(
        &start,
        &moves,
        &ConnectFour::review_config(),
        &StopToken::new(),
        &mut |_, _| {},
    );
    assert_eq!(r.moves.len(), core.moves.len());
    for (shown, judged) in r.moves.iter().zip(&core.moves) {
        assert_eq!(shown.ply as usize, judged.ply);
        assert_eq!((&shown.played, &shown.best), (&judged.played, &judged.best));
        let label = match (judged.forced, judged.label) {
            (true, _) => MoveLabel::Forced,
            _ if judged.book => MoveLabel::Book,
            (_, Label::Best) => MoveLabel::Best,
            (_, Label::Good) => MoveLabel::Good,
            (_, Label::Inaccuracy) => MoveLabel::Inaccuracy,
            (_, Label::Mistake) => MoveLabel::Mistake,
            (_, Label::Blunder) => MoveLabel::Blunder,
            (_, Label::NotProven) => MoveLabel::NotProven,
        };
        assert_eq!(shown.label, label, "move {}", shown.ply);
        let first = if judged.mover == 0 {
            judged.expected_after
        } else {
            100.0 - judged.expected_after
        };
        assert!((shown.first_expected - first).abs() < 1e-9);
        assert_eq!(shown.exact, judged.exact);
    }
    // The winning move is the best one, solved; after it the first player's score is 100.
    let last = r.moves.last().expect("moves");
    assert_eq!(
        (last.label, last.exact, last.first_expected),
        (MoveLabel::Best, true, 100.0)
    );
    // The second player's 6th move threw a won position away (see core/tests/review.rs).
    let sixth = &r.moves[5];
    assert_eq!(sixth.best, "1", "blocking was the move");
    assert_eq!(sixth.label, MoveLabel::Blunder);
    assert_eq!(sixth.text, "3… 2: blunder, best 1");
    // A best move's text names no other.
    for m in r.moves.iter().filter(|m| m.label == MoveLabel::Best) {
        assert!(!m.text.contains(", best"), "{}", m.text);
    }
    let bad: Vec<u32> = r
        .moves
        .iter()
        .filter(|m| {
            matches!(
                m.label,
                MoveLabel::Inaccuracy | MoveLabel::Mistake | MoveLabel::Blunder
            )
        })
        .map(|m| m.ply)
        .collect();
    assert_eq!(r.mistakes.iter().map(|m| m.ply).collect::<Vec<_>>(), bad);
    assert_eq!(
        r.moves
            .iter()
            .filter(|m| m.flagged)
            .map(|m| m.ply)
            .collect::<Vec<_>>(),
        bad
    );
    assert_eq!(r.players.len(), 2);
    for (p, judged) in r.players.iter().zip(&core.players) {
        assert_eq!(p.accuracy, judged.accuracy);
    }

    // The step shown first is the first mistake (or the first move), on the board before it.
    let step = r.step.expect("a step");
    assert_eq!(step.ply, bad.first().copied().unwrap_or(1));

    // Move 6 on its board: the position after five moves, the played stone's cell (column b,
    // third from the bottom: row 3 from the top of six) and the best one's (column a, fourth
    // from the bottom: row 2) marked.
    d.send(Event::Review(ReviewEvent::Step(6)));
    let step = review(&d).and_then(|r| r.step).expect("step 6");
    assert_eq!(step.ply, 6);
    let mut board = ConnectFour::start();
    for m in &MOVES[..5] {
        let mv = board.parse_move(m).expect("move");
        board.play(mv);
    }
    let pieces: Vec<_> = step.board.cells.iter().map(|c| c.piece).collect();
    let replayed = {
        let s = ply_app::Session::new(
            GameKind::ConnectFour,
            ply_app::PlayerKind::Human,
            ply_app::PlayerKind::Human,
            None,
        )
        .expect("session");
        for m in &MOVES[..5] {
            s.play((*m).to_owned()).expect("move");
        }
        s.snapshot().expect("snapshot")
    };
    assert_eq!(
        pieces,
        replayed.cells.iter().map(|c| c.piece).collect::<Vec<_>>()
    );
    let played: Vec<u32> = step
        .board
        .cells
        .iter()
        .filter(|c| c.last_move)
        .map(|c| c.index)
        .collect();
    let best: Vec<u32> = step
        .board
        .cells
        .iter()
        .filter(|c| c.hint)
        .map(|c| c.index)
        .collect();
    assert_eq!(played, vec![3 * 7 + 1], "b3 (row 3 from the top)");
    assert_eq!(best, vec![2 * 7], "a4 (row 2 from the top)");
    assert_eq!(step.text, "3… 2 was a blunder; 1 was best.");
    assert_eq!((step.previous_ply, step.next_ply), (Some(5), Some(7)));
    // A board the shells draw as the game's, taking no input.
    assert!(!step.board.accepts_input && step.board.legal_moves.is_empty());
    assert_eq!(step.board.moves, MOVES[..5].to_vec());
    assert_eq!(step.board.status, step.text);

    // Out of range steps change nothing; the ends have no further step.
    d.send(Event::Review(ReviewEvent::Step(0)));
    d.send(Event::Review(ReviewEvent::Step(8)));
    assert_eq!(review(&d).and_then(|r| r.step).map(|s| s.ply), Some(6));
    d.send(Event::Review(ReviewEvent::Step(1)));
    let first = review(&d).and_then(|r| r.step).expect("step 1");
    assert_eq!((first.previous_ply, first.next_ply), (None, Some(2)));
    assert!(
        first
            .board
            .cells
            .iter()
            .all(|c| c.piece == ply_app::Piece::Empty)
    );
    d.send(Event::Review(ReviewEvent::Step(7)));
    assert_eq!(
        review(&d).and_then(|r| r.step).and_then(|s| s.next_ply),
        None
    );

    // Closing puts it away; it can be asked for again.
    d.send(Event::Review(ReviewEvent::Close));
    assert!(review(&d).is_none());
    assert!(d.app.after_game_view().expect("after-game").can_review);
}

/// An Othello game that opened with a known line: the review names its moves as the opening
/// book's, never as errors, and counts them in nobody's accuracy.
#[test]
fn book_moves_are_marked_as_the_books_in_an_othello_review() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    // The Tiger's main line.
    let line = ["f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2"];
    for m in line {
        d.send(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    d.settle();
    assert_eq!(d.board().moves.len(), line.len());
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.settle();
    assert!(d.board().finished);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    d.settle();
    let r = review(&d).expect("a review");
    assert_eq!(r.status, ReviewStatus::Ready);
    let book = ply_core::book::othello::builtin().expect("the book");
    let mut pos = ply_core::games::othello::Othello::start();
    for shown in &r.moves {
        let in_book = book
            .sound_moves(&pos)
            .iter()
            .any(|b| pos.format_move(b.mv) == shown.played);
        assert_eq!(shown.label == MoveLabel::Book, in_book, "{}", shown.text);
        if in_book {
            assert!(!shown.flagged);
            assert!(shown.text.ends_with(": book"), "{}", shown.text);
        }
        pos.play(pos.parse_move(&shown.played).expect("legal"));
    }
    assert!(r.moves[..4].iter().all(|m| m.label == MoveLabel::Book));
    d.send(Event::Review(ReviewEvent::Step(1)));
    let step = review(&d).and_then(|r| r.step).expect("a step");
    assert_eq!(step.text, "1. f5 is in the opening book of real games.");
}

#[test]
fn taking_back_a_move_or_a_new_game_drops_the_review_and_stops_it() {
    let mut d = finished_connect_four();
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    // Taken back before the review ran: the review goes, and its search is stopped.
    d.send(Event::Navigation(NavigationEvent::OpenBoard));
    d.send(Event::Board(BoardEvent::Undo));
    assert!(!d.board().finished);
    let Some(Command::Review { stop, ticket, .. }) = d
        .queue
        .iter()
        .find(|c| matches!(c, Command::Review { .. }))
        .cloned()
    else {
        panic!("the review was queued");
    };
    assert!(stop.is_stopped(), "the dropped review's search is stopped");
    // Its late result is ignored.
    d.settle();
    d.send(Event::Board(BoardEvent::PlayNotation("1".into())));
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    assert!(
        review(&d).is_none(),
        "ticket {ticket}'s result belongs to no review"
    );

    // Reviewing, then a new game: the review's search is stopped, and the new game has none.
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    let stop = d.queued_review_stop();
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::NewGame));
    assert!(stop.is_stopped());
    d.settle();
    assert!(d.app.after_game_view().is_none_or(|a| a.review.is_none()));

    // Closing a running review stops it too.
    let mut d = finished_connect_four();
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    let stop = d.queued_review_stop();
    d.send(Event::Review(ReviewEvent::Close));
    assert!(stop.is_stopped());
}

#[test]
fn hiding_the_app_stops_a_running_review_and_keeps_a_finished_one() {
    for hide in [
        Event::Platform(PlatformEvent::ScreenHidden),
        Event::Platform(PlatformEvent::Background),
        Event::Platform(PlatformEvent::MemoryPressure(MemoryPressure::Critical)),
    ] {
        let mut d = finished_connect_four();
        d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
        let stop = d.queued_review_stop();
        d.send(hide.clone());
        assert!(stop.is_stopped(), "{hide:?} stops the review's search");
        assert!(review(&d).is_none());
        d.settle();
        assert!(review(&d).is_none(), "its late result is dropped");
        d.send(Event::Platform(PlatformEvent::ScreenShown));
        d.send(Event::Platform(PlatformEvent::Foreground));
        assert!(d.app.after_game_view().expect("after-game").can_review);
    }
    // A finished review stays through a trip to the background.
    let mut d = finished_connect_four();
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    d.settle();
    d.send(Event::Platform(PlatformEvent::Background));
    d.send(Event::Platform(PlatformEvent::Foreground));
    assert_eq!(review(&d).map(|r| r.status), Some(ReviewStatus::Ready));
}
