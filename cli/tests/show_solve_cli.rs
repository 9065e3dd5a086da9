//! `ply show` and `ply solve` driven as a user would. The solver's answers are checked against
//! the exact scores of `tests/data/` (Connect Four `end.txt`, FForum Othello endgames).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{ply, stderr, stdout};
use std::path::PathBuf;

fn data(rel: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The legal moves `ply show` lists, sorted.
fn shown_moves(args: &[&str]) -> Vec<String> {
    let mut full = vec!["show"];
    full.extend_from_slice(args);
    let o = ply(&full);
    assert!(o.status.success(), "ply {full:?}: {}", stderr(&o));
    let text = stdout(&o);
    let list = text
        .lines()
        .find_map(|l| l.split_once("legal moves:").map(|(_, m)| m))
        .unwrap_or_else(|| panic!("no legal moves line in {text}"));
    let mut moves: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    moves.sort_unstable();
    moves
}

#[test]
fn show_lists_the_legal_moves() {
    assert_eq!(shown_moves(&["othello"]), ["c4", "d3", "e6", "f5"]);
    assert_eq!(
        shown_moves(&["connect4"]),
        ["1", "2", "3", "4", "5", "6", "7"]
    );
    assert_eq!(
        shown_moves(&["checkers"]),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    // A capture is compulsory: the white man on 11 must jump the man on 7 (and is crowned on 2).
    assert_eq!(
        shown_moves(&["checkers", "--position", "W:W11:B6,7"]),
        ["11x2"]
    );
    // Column 4 full: the other six columns.
    assert_eq!(
        shown_moves(&["connect4", "-p", "444444"]),
        ["1", "2", "3", "5", "6", "7"]
    );
}

#[test]
fn show_prints_the_position_back_and_the_side_to_move() {
    let o = ply(&["show", "othello", "--position", "f5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let position = text
        .lines()
        .find_map(|l| l.strip_prefix("position: "))
        .unwrap_or_else(|| panic!("no position line in {text}"));
    // The printed position reads back as the same one.
    let o2 = ply(&["show", "othello", "--position", position]);
    assert!(o2.status.success(), "{}", stderr(&o2));
    assert_eq!(stdout(&o2), text);
    assert!(text.contains("White (O) to move"), "{text}");
    let mut moves = shown_moves(&["othello", "-p", "f5"]);
    moves.sort_unstable();
    assert_eq!(moves, ["d6", "f4", "f6"]);
}

#[test]
fn show_reports_a_finished_game() {
    // X stacks four in column 1 while O plays column 2.
    let o = ply(&["show", "connect4", "-p", "1212121"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("game over"), "{text}");
    assert!(!text.contains("legal moves"), "{text}");
}

#[test]
fn show_rejects_a_bad_position() {
    let o = ply(&["show", "connect4", "-p", "12a"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("at character 2"), "{}", stderr(&o));
}

/// The last line of `ply ARGS`, which must succeed.
fn last_line(args: &[&str]) -> String {
    let o = ply(args);
    assert!(o.status.success(), "ply {args:?}: {}", stderr(&o));
    let text = stdout(&o);
    text.lines().last().unwrap_or_default().trim().to_string()
}

#[test]
fn solve_connect4_matches_the_listed_scores() {
    let file = data("connect4/end.txt");
    let lines: Vec<&str> = file.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(lines.len() >= 300, "end.txt has {} lines", lines.len());
    // Spread over the file rather than its first lines only.
    for line in lines.iter().step_by(60) {
        let (moves, score) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("not `moves score`: {line:?}"));
        assert_eq!(
            last_line(&["solve", "connect4", moves]),
            score.trim(),
            "{moves}"
        );
        // The same position given with --position.
        assert_eq!(
            last_line(&["solve", "connect4", "--position", moves]),
            score.trim(),
            "{moves}"
        );
    }
}

#[test]
fn solve_connect4_finished_and_bad_positions() {
    // X has four in column 1 already, made by the stone it played after 6 moves, which scores
    // (43 - 6) / 2 = 18 for X (tests/data/connect4/README.md), so -18 for O to move.
    let o = ply(&["solve", "connect4", "1212121"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("game over"), "{text}");
    assert!(text.contains("four in a row"), "{text}");
    assert_eq!(text.lines().last(), Some("-18"), "{text}");

    // The typed reason's words, as `ply play` says them, and the place of the '0'.
    let o = ply(&["solve", "connect4", "4408"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("'4408': not a column: a move is one digit 1-7 (at character 2)"),
        "{}",
        stderr(&o)
    );

    let o = ply(&["solve", "connect4", "44", "--position", "44"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not both"), "{}", stderr(&o));
}

#[test]
fn solve_othello_matches_the_fforum_scores() {
    let file = data("othello/fforum-1-19.obf");
    let lines: Vec<&str> = file.lines().filter(|l| !l.trim().is_empty()).collect();
    for (number, line) in [(1, lines[0]), (2, lines[1])] {
        // The best listed score: the first `MOVE:score` after the side to move.
        let best: i32 = line
            .split(';')
            .nth(1)
            .and_then(|entry| entry.split_once(':'))
            .and_then(|(_, s)| s.trim().trim_start_matches('+').parse().ok())
            .unwrap_or_else(|| panic!("no score in FFO #{number}: {line}"));
        let o = ply(&["solve", "othello", "--position", line]);
        assert!(o.status.success(), "FFO #{number}: {}", stderr(&o));
        let text = stdout(&o);
        let last = text.lines().last().unwrap_or_default().trim();
        assert_eq!(last, best.to_string(), "FFO #{number}: {text}");
        assert!(text.contains("(matches)"), "FFO #{number}: {text}");
        // The best move is one of those listed with the best score.
        let best_moves: Vec<String> = line
            .split(';')
            .skip(1)
            .filter_map(|e| e.split_once(':'))
            .filter(|(_, s)| s.trim().trim_start_matches('+').parse() == Ok(best))
            .map(|(m, _)| m.trim().to_lowercase())
            .collect();
        let played = text
            .lines()
            .find_map(|l| l.strip_prefix("best move: "))
            .unwrap_or_else(|| panic!("no best move in {text}"));
        assert!(
            best_moves.iter().any(|m| m == played),
            "FFO #{number}: {played} not in {best_moves:?}"
        );
        // The board alone (without the move list) solves to the same value.
        let board = line.split(';').next().unwrap_or_default();
        assert_eq!(
            last_line(&["solve", "othello", "-p", board]),
            best.to_string()
        );
    }
}

#[test]
fn solve_refuses_what_it_cannot_do() {
    let o = ply(&["solve", "checkers"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("checkers"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));

    let o = ply(&["solve", "othello"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--position"), "{}", stderr(&o));

    let o = ply(&["solve", "othello", "f5d6"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--position"), "{}", stderr(&o));

    // One reading of --tt-mb for both games: no table is an error, not a silent 1 MiB.
    for game in [&["connect4", "4453"][..], &["othello", "-p", "f5d6c3"][..]] {
        let mut args = vec!["solve"];
        args.extend_from_slice(game);
        args.extend(["--tt-mb", "0"]);
        let o = ply(&args);
        assert!(!o.status.success(), "{args:?}");
        assert!(
            stderr(&o).contains("--tt-mb must be at least 1"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn solve_connect4_warns_on_early_positions_and_time_ms_bounds_it() {
    // Six stones, and X wins at once: quick, but the note is printed before solving.
    let o = ply(&["solve", "connect4", "121212"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("may take minutes"), "{err}");
    assert!(err.contains("--time-ms"), "{err}");
    // 43 - 6 stones, X's next stone wins: (43 - 6) / 2 = 18.
    assert_eq!(stdout(&o).lines().last(), Some("18"));

    // Ten stones or more: no note.
    let file = data("connect4/end.txt");
    let (moves, score) = file.lines().next().unwrap().split_once(' ').unwrap();
    assert!(moves.len() >= 10, "{moves}");
    let o = ply(&["solve", "connect4", moves]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("may take minutes"), "{}", stderr(&o));
    // A generous bound changes nothing.
    let o = ply(&["solve", "connect4", moves, "--time-ms", "600000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some(score.trim()));

    // One stone on the board: minutes of work, stopped after 300 ms with status 3.
    let started = std::time::Instant::now();
    let o = ply(&["solve", "connect4", "4", "--time-ms", "300"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("not solved"), "{err}");
    assert!(err.contains("--time-ms 300"), "{err}");
    assert!(!err.contains("may take minutes"), "bounded: no note. {err}");
    // The centre first wins (Allis 1988): the book knows it at once.
    assert!(
        err.contains("the opening book says O (to move) loses with perfect play"),
        "{err}"
    );
    assert!(stdout(&o).is_empty(), "no score for an unfinished solve");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn show_svg_draws_the_app_cores_board_after_moves() {
    let dir = common::temp_dir("show-svg");
    let file = dir.path().join("win.svg");
    let f = file.to_string_lossy().into_owned();
    let o = ply(&["show", "connect4", "--svg", &f, "--moves", "4 3 4 3 4 3 4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&file).expect("the picture");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains(">Red wins (four in a row).</text>"), "{svg}");
    assert_eq!(svg.matches("fill=\"#d32f2f\"").count(), 4, "Red's stones");

    let hinted = dir.path().join("hint.svg");
    let h = hinted.to_string_lossy().into_owned();
    let o = ply(&["show", "othello", "--svg", &h, "--moves", "f5 d6", "--hint"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&hinted).expect("the picture");
    assert_eq!(svg.matches("class=\"hint-mark\"").count(), 1, "{svg}");
    assert_eq!(svg.matches("class=\"last-move-mark\"").count(), 1, "{svg}");

    // A move that is not legal names itself and its place; nothing is written.
    let bad = dir.path().join("bad.svg");
    let b = bad.to_string_lossy().into_owned();
    let o = ply(&["show", "othello", "--svg", &b, "--moves", "f5 a1"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("move 2 'a1' refused: 'a1': a1 flips no disc for white"),
        "{}",
        stderr(&o)
    );
    assert!(!bad.exists());
}

#[test]
fn solve_book_refuses_what_it_cannot_build() {
    for (args, says) in [
        (
            &["solve", "othello", "--book", "3"][..],
            "Connect Four's opening book",
        ),
        (
            &["solve", "connect4", "--book", "9"][..],
            "give 1 to 8 stones",
        ),
        (
            &["solve", "connect4", "--book", "0"][..],
            "give 1 to 8 stones",
        ),
        (
            &["solve", "connect4", "--book", "5", "--threads", "0"][..],
            "--threads must be at least 1",
        ),
        (
            &["solve", "connect4", "44", "--book", "5"][..],
            "cannot be used with",
        ),
    ] {
        let o = ply(args);
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

/// `--threads` (default every core) changes how a solve runs, never its score: FFO #3 and a
/// Connect Four position with 1, 2 and 4 threads; 0 threads is refused by name.
#[test]
fn solve_threads_give_the_same_score() {
    let file = data("othello/fforum-1-19.obf");
    let ffo3 = file
        .lines()
        .filter(|l| !l.trim().is_empty())
        .nth(2)
        .unwrap_or_default();
    let mut scores = Vec::new();
    for threads in ["1", "2", "4"] {
        let o = ply(&["solve", "othello", "-p", ffo3, "--threads", threads]);
        assert!(o.status.success(), "{threads}: {}", stderr(&o));
        let text = stdout(&o);
        assert!(text.contains(&format!("threads: {threads} (")), "{text}");
        assert!(text.contains("(matches)"), "{threads} threads: {text}");
        scores.push(text.lines().last().unwrap_or_default().to_string());
        let c4 = ply(&["solve", "connect4", "4455443", "--threads", threads]);
        assert!(c4.status.success(), "{threads}: {}", stderr(&c4));
        scores.push(stdout(&c4).lines().last().unwrap_or_default().to_string());
    }
    assert_eq!(scores[0..2], scores[2..4]);
    assert_eq!(scores[0..2], scores[4..6]);
    for game in [
        &["solve", "othello", "-p", ffo3][..],
        &["solve", "connect4", "4455443"],
    ] {
        let o = ply(&[game, &["--threads", "0"][..]].concat());
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains("--threads must be at least 1"),
            "{}",
            stderr(&o)
        );
    }
}

/// The progress a long solve or count shows (a spinner with the time spent) is for a terminal:
/// with stderr piped, as here, only the answer and the notes are written.
#[test]
fn progress_stays_off_a_piped_stderr() {
    let o = ply(&["solve", "connect4", "65736676536671"]);
    assert!(o.status.success());
    assert_eq!(stderr(&o), "", "solve");
    let o = ply(&["perft", "connect4", "6"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "117649");
    assert_eq!(stderr(&o), "", "perft");
}
