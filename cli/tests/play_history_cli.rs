//! `ply play`'s history across sessions (#30): a game finished in one run is reviewed from the
//! history in a later run with the same data directory (`history`, then `review #N`), its review
//! checked against `ply_core::review` of the same moves; a multi-player game says it has no
//! review, in the session that played it and in a later one.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{play_in, temp_dir};
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::review::judge::Reviewable;
use ply_core::search::StopToken;

/// Red wins down column 4 while Yellow plays column 3.
const MOVES: [&str; 7] = ["4", "3", "4", "3", "4", "3", "4"];

#[test]
fn a_game_finished_in_one_session_is_reviewed_from_the_history_in_the_next() {
    let dir = temp_dir("play-history");
    let input = MOVES.join("\n") + "\nquit\n";
    let first = play_in(dir.path(), &["connect4", "--mode", "two-players"], &input);
    assert!(first.contains("Red wins (four in a row)."), "{first}");

    // A new process: nothing on the board is finished, so plain `review` points to the history.
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players"],
        "review\nhistory\nreview #2\nreview #1\nreview 6\nquit\n",
    );
    assert!(
        out.contains(
            "Review is for a finished game; history lists the past ones, review #N reviews one."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  #1 Connect Four, two players — Red wins (four in a row). 7 moves. On this device (sync is off)\n"
        ),
        "{out}"
    );
    assert!(out.contains("review #N reviews game N."), "{out}");
    assert!(
        out.contains("No game #2 in the history: it holds 1 game (history lists them)."),
        "{out}"
    );
    assert!(
        out.contains("#1 Connect Four, two players — Red wins (four in a row).\nReviewing…"),
        "{out}"
    );

    // The review printed is the core's review of the same moves: each move with the first
    // player's expected score after it.
    let start = ConnectFour::start();
    let mut pos = start;
    let mut played = Vec::new();
    for m in MOVES {
        let mv = pos.parse_move(m).expect("move");
        played.push(mv);
        pos.play(mv);
    }
    let core = ply_core::review::review(
        &start,
        &played,
        &ConnectFour::review_config(),
        &StopToken::new(),
        &mut |_, _| {},
    );
    let review = &out[out.find("Reviewing…").expect("a review")..];
    let lines: Vec<&str> = review
        .lines()
        .filter(|l| {
            l.starts_with("  ")
                && l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.ends_with('.') || w.ends_with('…'))
        })
        .collect();
    assert_eq!(lines.len(), core.moves.len(), "{review}");
    for (line, judged) in lines.iter().zip(&core.moves) {
        let first = if judged.mover == 0 {
            judged.expected_after
        } else {
            100.0 - judged.expected_after
        };
        assert!(
            line.contains(&format!("{:>5.1}", first)) && line.contains(&judged.played),
            "{line} / {judged:?}"
        );
    }
    assert!(review.contains("Red (X): "), "{review}");

    // `review 6` steps through the past game: the board before move 6, three Red stones and
    // two Yellow ones.
    let step = &out[out.rfind("> review 6").expect("the step")..];
    let board: String = step
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  |"))
        .collect();
    assert!(step.contains("3… 3 was the best move."), "{step}");
    assert_eq!(
        board.matches(" X ").count() + board.matches("[X]").count(),
        3,
        "{step}"
    );
    assert_eq!(
        board.matches(" O ").count() + board.matches("[O]").count(),
        2,
        "{step}"
    );
    assert!(!out.contains("No such move in the review"), "{out}");
}

#[test]
fn a_multi_player_game_says_it_has_no_review_then_and_later() {
    let dir = temp_dir("play-history-virus");
    let reason = "No review: the review judges the moves of two-player games only.";
    // Two computers play to the end.
    let out = play_in(
        dir.path(),
        &["virus", "--seats", "c,c", "--depth", "1", "--pace", "fast"],
        "",
    );
    assert!(out.contains("Game over"), "{out}");
    let out = play_in(
        dir.path(),
        &["virus", "--seats", "h,c"],
        "history\nreview #1\nquit\n",
    );
    assert!(out.contains(&format!("     {reason}\n")), "{out}");
    assert!(!out.contains("review #N reviews game N."), "{out}");
    // What `review #1` printed (the history above it lists the reason too).
    let answer = out
        .split_once("> review #1\n")
        .map(|(_, after)| after)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(answer.starts_with("#1 "), "{out}");
    assert!(answer.contains(&format!("{reason}\n")), "{out}");
    assert!(
        !out.contains("No review.") && !out.contains("Reviewing…"),
        "{out}"
    );
}
