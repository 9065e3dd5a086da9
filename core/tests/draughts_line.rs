//! Draughts draws that need the game history, through `GameLine`.

use ply_core::games::draughts::{Draughts, DraughtsRules};
use ply_core::{EndReason, Game, GameLine, Outcome, PlayError};

fn start(fen: &str) -> Draughts {
    Draughts::parse_position(fen).unwrap_or_else(|e| panic!("{e}"))
}

fn play(l: &mut GameLine<Draughts>, moves: &[&str]) {
    for m in moves {
        l.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

const CYCLE: [&str; 4] = ["4-8", "29-25", "8-4", "25-29"];

#[test]
fn threefold_repetition_draws() {
    let mut l = GameLine::new(start("B:WK29:BK4"));
    play(&mut l, &CYCLE);
    // Start position seen twice: not yet a draw.
    assert_eq!(l.outcome(), None);
    play(&mut l, &CYCLE[..3]);
    assert_eq!(l.outcome(), None);
    play(&mut l, &CYCLE[3..]);
    assert_eq!(l.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    assert_eq!(l.play_text("4-8"), Err(PlayError::GameOver));
    // The positions differ in their 40-move counter, yet repeat: the counter is no part of
    // the position's identity for repetition.
    assert_ne!(l.current(), l.start());
    assert!(l.current().same_position(l.start()));
    l.undo();
    assert_eq!(l.outcome(), None);
}

#[test]
fn repetition_limit_is_configurable() {
    let four = DraughtsRules {
        repetition_limit: Some(4),
        ..DraughtsRules::wcdf()
    };
    let mut l = GameLine::new(start("B:WK29:BK4").with_rules(four));
    play(&mut l, &CYCLE);
    play(&mut l, &CYCLE);
    assert_eq!(l.outcome(), None, "only three occurrences so far");
    play(&mut l, &CYCLE);
    assert_eq!(l.outcome(), Some(Outcome::draw(EndReason::Repetition)));

    let off = DraughtsRules {
        repetition_limit: None,
        ..DraughtsRules::wcdf()
    };
    let mut l = GameLine::new(start("B:WK29:BK4").with_rules(off));
    for _ in 0..5 {
        play(&mut l, &CYCLE);
    }
    assert_eq!(l.outcome(), None);
}

#[test]
fn a_man_move_breaks_the_repetition_chain() {
    let mut l = GameLine::new(start("B:WK29:BK4,1"));
    play(&mut l, &CYCLE);
    assert_eq!(l.outcome(), None, "start seen twice");
    // After the man move the count starts afresh: the start position can never recur.
    play(&mut l, &["1-5", "29-25", "4-8", "25-29", "8-4"]);
    assert_eq!(l.outcome(), None, "twice since the man move");
    play(&mut l, &["29-25", "4-8", "25-29"]);
    assert_eq!(l.outcome(), None);
    play(&mut l, &["8-4"]);
    assert_eq!(l.outcome(), Some(Outcome::draw(EndReason::Repetition)));
}

#[test]
fn forty_move_rule_through_the_line() {
    // Shuffling kings repeat positions, so switch repetition off to see the 40-move rule alone.
    let rules = DraughtsRules {
        repetition_limit: None,
        ..DraughtsRules::wcdf()
    };
    let mut l = GameLine::new(start("B:WK29:BK4").with_rules(rules));
    for i in 0..80 {
        assert_eq!(l.outcome(), None, "ply {i}");
        play(&mut l, &CYCLE[i % 4..i % 4 + 1]);
    }
    assert_eq!(l.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
    assert_eq!(l.current().quiet_plies(), 80);
    let mut moves = Vec::new();
    l.current().legal_moves(&mut moves);
    assert!(moves.is_empty());
}
