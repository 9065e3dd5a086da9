//! `ply review` through the binary: a thrown-away win is a blunder in the printed review, the
//! JSON has a line per move and a summary per player, `--record` reviews what the apps store,
//! `--svg` draws the game, and bad moves are refused by number.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ply, stderr, stdout, temp_dir, text};
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::solve::connect4::Solver;
use serde_json::Value;

fn ok(args: &[&str]) -> String {
    let o = ply(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    stdout(&o)
}

#[test]
fn a_thrown_away_win_is_a_blunder_and_the_best_move_is_best() {
    // A won position of the test set (score 4 for the side to move), then a losing column
    // and then the best one, as the solver scores them.
    let line = include_str!("../../tests/data/connect4/Test_L2_R1")
        .lines()
        .next()
        .expect("a line");
    let (moves, _) = line.split_once(' ').expect("moves and score");
    let pos = ConnectFour::parse_position(moves).expect("a position");
    let mut solver = Solver::new(1 << 22);
    let scores = solver.analyze(&pos);
    let losing = scores
        .iter()
        .position(|s| s.is_some_and(|s| s < 0))
        .expect("a losing column");
    let best = solver.best_move(&pos).expect("a move").0;
    for (col, label) in [(losing, "blunder"), (usize::from(best), "best")] {
        let game = format!("{moves}{}", col + 1);
        let out = ok(&[
            "review",
            "connect4",
            &game,
            "--json",
            "--depth",
            "8",
            "--solver-nodes",
            "500000",
        ]);
        let v: Value = serde_json::from_str(&out).expect("json");
        let all = v["moves"].as_array().expect("moves");
        assert_eq!(all.len(), game.len());
        let last = all.last().expect("a move");
        assert_eq!(last["label"], label, "{game}: {last}");
        assert_eq!(last["exact"], true);
        assert_eq!(v["players"].as_array().map(Vec::len), Some(2));
    }
    // The text form: a line per move and the accuracy of both players.
    let game = format!("{moves}{}", losing + 1);
    let out = ok(&[
        "review",
        "connect4",
        &game,
        "--depth",
        "8",
        "--solver-nodes",
        "500000",
    ]);
    assert!(out.lines().last().is_some_and(|l| l.contains("accuracy")));
    assert!(out.contains("blunder") && out.contains("exact"), "{out}");
}

#[test]
fn a_stored_record_is_reviewed_and_drawn() {
    let dir = temp_dir("review");
    let records = dir.path().join("games.jsonl");
    let records_s = records.to_string_lossy().to_string();
    ok(&[
        "selfplay", "connect4", "--games", "1", "--depth", "2", "--out", &records_s,
    ]);
    let body = std::fs::read_to_string(&records).expect("records");
    let record: Value = serde_json::from_str(body.lines().next().expect("a record")).expect("json");
    let file = dir.path().join("game.json");
    std::fs::write(&file, record.to_string()).expect("write");
    let svg = dir.path().join("review.svg");
    let out = ok(&[
        "review",
        "--record",
        &file.to_string_lossy(),
        "--json",
        "--depth",
        "8",
        "--solver-nodes",
        "500000",
        "--svg",
        &svg.to_string_lossy(),
    ]);
    let v: Value = serde_json::from_str(&out).expect("json");
    let moves = record["moves"].as_array().expect("moves");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(moves.len()));
    assert_eq!(v["game"], "connect4");
    // Near the end the solver settles every position.
    assert_eq!(v["moves"][moves.len() - 1]["exact"], true);
    let picture = std::fs::read_to_string(&svg).expect("svg");
    assert!(picture.starts_with("<svg") && picture.contains("<path"));

    std::fs::write(&file, "{\"schema_version\": 1}").expect("write");
    let o = ply(&["review", "--record", &file.to_string_lossy()]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("not a valid game record"));
}

/// An Othello game with a pass (move 57), run together as players paste transcripts, and
/// spaced: the same review (the pass was cut into "pa" and "ss").
#[test]
fn an_othello_transcript_with_a_pass_is_reviewed() {
    let game = "c4e3f2e2f3c3c5b5a6d3b6c6d7f4g5g4e1d2c1f5b4h6e6d6b3c2g6f1d1b1e7a3h4h5h7f6h3f7e8c8\
                c7g3h2g8g2a4a5h1g1h8a2g7a1b2f8d8passb8b7a7a8";
    let fast = ["--depth", "2", "--exact-empties", "6", "--json"];
    let mut together = vec!["review", "othello", game];
    together.extend(fast);
    let review: serde_json::Value = serde_json::from_str(&ok(&together)).expect("json");
    let moves = review["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 61);
    assert_eq!(moves[56]["played"], "pass");
    assert_eq!(moves[56]["forced"], true);
    let spaced: Vec<String> = moves
        .iter()
        .map(|m| m["played"].as_str().expect("a move").to_string())
        .collect();
    let mut again = vec!["review", "othello"];
    again.extend(spaced.iter().map(String::as_str));
    again.extend(fast);
    let second: serde_json::Value = serde_json::from_str(&ok(&again)).expect("json");
    assert_eq!(second["moves"], review["moves"]);
}

#[test]
fn bad_moves_are_refused_by_number() {
    let o = ply(&["review", "othello", "f5d6z9"]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("move 3 'z9'"),
        "{}",
        text(&o.stderr)
    );
    let o = ply(&["review", "checkers", "11-15", "11-15"]);
    assert!(
        text(&o.stderr).contains("move 2 '11-15'"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn an_annotated_pdn_is_read_back_and_reviewed_the_same() {
    let dir = temp_dir("review-pdn");
    let args = ["--depth", "4", "--annotate"];
    let mut first = vec![
        "review", "checkers", "11-15", "22-18", "15x22", "25x18", "8-11",
    ];
    first.extend(args);
    let pdn = ok(&first);
    assert!(
        pdn.starts_with("[Event") && pdn.contains("{forced}"),
        "{pdn}"
    );
    let file = dir.path().join("game.pdn");
    std::fs::write(&file, &pdn).expect("write");
    let file_s = file.to_string_lossy().to_string();
    let mut again = vec!["review", "--pdn", &file_s];
    again.extend(args);
    assert_eq!(ok(&again), pdn);
    // The game word may be given with --pdn, as with moves.
    let mut worded = vec!["review", "checkers", "--pdn", &file_s];
    worded.extend(args);
    assert_eq!(ok(&worded), pdn);
    // Connect Four: the moves with a comment after each.
    let out = ok(&["review", "connect4", "4453", "--depth", "4", "--annotate"]);
    assert_eq!(out.matches('{').count(), 4, "{out}");
    // The opening book's outcomes: the centre wins for the first player (Allis 1988).
    assert!(
        out.starts_with("4 {best win -> win (exact)} 4 {best loss -> loss (exact)}"),
        "{out}"
    );
}

#[test]
fn a_pdn_variant_tag_sets_the_rules() {
    // 8-11 leaves 15x22 untaken: legal only where captures are optional.
    let dir = temp_dir("review-variant");
    let relaxed = dir.path().join("relaxed.pdn");
    std::fs::write(
        &relaxed,
        "[Variant \"relaxed\"]\n1. 11-15 22-18 2. 8-11 *\n",
    )
    .expect("write");
    let out = ok(&[
        "review",
        "--pdn",
        &relaxed.to_string_lossy(),
        "--depth",
        "2",
    ]);
    assert!(out.contains("8-11"), "{out}");
    let standard = dir.path().join("standard.pdn");
    std::fs::write(&standard, "1. 11-15 22-18 2. 8-11 *\n").expect("write");
    let o = ply(&["review", "--pdn", &standard.to_string_lossy()]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("move 3 '8-11'"),
        "{}",
        text(&o.stderr)
    );
}

/// The 4th game of the 1977 archive file as a transcript, read straight from its bytes (it has
/// no pass, unlike most of that year's): 68 bytes a game after a 16-byte header, moves from
/// byte 8, `10 * rank + file`.
fn wthor_1977_game_4() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/wthor/WTH_1977.wtb"
    );
    let bytes = std::fs::read(path).expect("the archive file");
    let game = &bytes[16 + 68 * 3..16 + 68 * 4];
    game[8..]
        .iter()
        .take_while(|&&b| b != 0)
        .map(|&b| format!("{}{}", char::from(b'a' + b % 10 - 1), b / 10))
        .collect()
}

#[test]
fn a_game_of_a_wthor_file_is_reviewed_as_its_transcript() {
    let wthor = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/wthor/WTH_1977.wtb"
    );
    let quick = ["--depth", "2", "--exact-empties", "8", "--json"];
    let mut from_file = vec!["review", "othello", "--wthor", wthor, "--game", "4"];
    from_file.extend(quick);
    let a = ply(&from_file);
    assert!(a.status.success(), "{}", stderr(&a));
    let transcript = wthor_1977_game_4();
    assert_eq!(transcript.len(), 120, "a full game without passes");
    let mut from_moves = vec!["review", "othello", transcript.as_str()];
    from_moves.extend(quick);
    let b = ply(&from_moves);
    assert!(b.status.success(), "{}", stderr(&b));
    assert_eq!(stdout(&a), stdout(&b));

    let e = ply(&["review", "--wthor", wthor, "--game", "13"]);
    assert!(!e.status.success());
    assert!(
        stderr(&e).contains("WTH_1977.wtb holds 12 games; --game takes 1 to 12"),
        "{}",
        stderr(&e)
    );
    let e = ply(&["review", "connect4", "--wthor", wthor]);
    assert_eq!(stderr(&e).trim(), "error: a WTHOR file holds Othello games");
}

/// Two kings shuffling until the position has stood three times: a draw the game's line knows
/// and its last position alone does not; the annotated PDN says `1-1`, not `*`.
#[test]
fn a_draw_by_repetition_is_annotated_as_a_draw() {
    let dir = temp_dir("repetition");
    let pdn = dir.path().join("repetition.pdn");
    std::fs::write(
        &pdn,
        "[FEN \"W:WK32:BK1\"]\n\n1... 32-28 2. 1-5 28-32 3. 5-1 32-28 4. 1-5 28-32 5. 5-1 *\n",
    )
    .expect("write");
    let o = ply(&[
        "review",
        "--pdn",
        pdn.to_str().expect("path"),
        "--annotate",
        "--depth",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("[Result \"1-1\"]"), "{out}");
    assert!(out.trim_end().ends_with("1-1"), "{out}");
}

/// `ply review --threads N` solves on N threads with the same values: an Othello game reviewed
/// exactly from 14 empties, and a Connect Four game, with 1 and 2 threads.
#[test]
fn review_threads_give_the_same_review() {
    let othello = "c4e3f2e2f3c3c5b5a6d3b6c6d7f4g5g4e1d2c1f5b4h6e6d6b3c2g6f1d1b1e7a3h4h5h7f6h3f7e8c8\
                   c7g3h2g8g2a4a5h1g1h8a2g7a1b2f8d8passb8b7a7a8";
    let runs = |args: &[&str]| -> Vec<serde_json::Value> {
        ["1", "2"]
            .iter()
            .map(|t| {
                let mut all = args.to_vec();
                all.extend(["--json", "--threads", t]);
                serde_json::from_str(&ok(&all)).expect("json")
            })
            .collect()
    };
    let o = runs(&[
        "review",
        "othello",
        othello,
        "--depth",
        "2",
        "--exact-empties",
        "14",
    ]);
    assert_eq!(o[0]["moves"], o[1]["moves"]);
    let c = runs(&["review", "connect4", "4453726", "--depth", "4"]);
    assert_eq!(c[0]["moves"], c[1]["moves"]);
    let e = ply(&["review", "connect4", "44", "--threads", "0"]);
    assert!(!e.status.success());
    assert!(
        stderr(&e).contains("--threads must be at least 1"),
        "{}",
        stderr(&e)
    );
}
