//! The multi-player Virus Game through `ply perft`, `ply show` and `ply search`: counts equal
//! the library's perft, positions round-trip, each engine answers in its documented shape, and
//! bad input is refused with a message naming what is wrong.

mod common;

use common::{ply, stdout, text};
use ply_core::Game;
use ply_core::games::virus::{Adjacency, Virus, VirusConfig};
use serde_json::Value;

fn ok(args: &[&str]) -> String {
    let o = ply(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    stdout(&o)
}

fn refused(args: &[&str], needle: &str) {
    let o = ply(args);
    assert!(!o.status.success(), "{args:?} should fail");
    let err = text(&o.stderr);
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn perft_counts_are_the_librarys_and_divide_adds_up() {
    for players in 2..=4u8 {
        let start = Virus::new(VirusConfig {
            players,
            ..VirusConfig::default()
        })
        .expect("a start");
        let p = players.to_string();
        for depth in 1..=5u32 {
            let d = depth.to_string();
            let total: u64 = ok(&["perft", "virus", &d, "--players", &p])
                .trim()
                .parse()
                .expect("a count");
            assert_eq!(
                total,
                ply_core::perft(&start, depth),
                "{players} players, depth {depth}"
            );
        }
        let out = ok(&["perft", "virus", "5", "--players", &p, "--divide"]);
        let mut lines: Vec<&str> = out.lines().collect();
        let total: u64 = lines.pop().expect("total").parse().expect("a count");
        let sum: u64 = lines
            .iter()
            .map(|l| {
                l.rsplit(' ')
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .expect("move count")
            })
            .sum();
        assert_eq!(sum, total);
    }
}

#[test]
fn a_position_round_trips_through_show_and_perft_takes_it() {
    let mut pos = Virus::new(VirusConfig {
        size: 6,
        players: 3,
        adjacency: Adjacency::Four,
        claim_empty: true,
        turn_limit: 30,
    })
    .expect("a start");
    let mut moves = Vec::new();
    for i in 0..5 {
        pos.legal_moves(&mut moves);
        pos.play(moves[i % moves.len()]);
    }
    let text = pos.format_position();
    let shown = ok(&["show", "virus", "--position", &text]);
    assert!(shown.contains(&format!("position: {text}")), "{shown}");
    let count: u64 = ok(&["perft", "virus", "3", "--position", &text])
        .trim()
        .parse()
        .expect("a count");
    assert_eq!(count, ply_core::perft(&pos, 3));
}

#[test]
fn each_engine_answers_in_its_shape() {
    for (algo, per_player) in [
        ("paranoid", false),
        ("brs", false),
        ("maxn", true),
        ("mcts", true),
    ] {
        let out = ok(&[
            "search",
            "virus",
            "--players",
            "3",
            "--algo",
            algo,
            "--depth",
            "3",
            "--playouts",
            "500",
            "--ordering",
            "killer,history,ads-mtf,threat-ads",
            "--json",
        ]);
        let v: Value = serde_json::from_str(&out).expect("json");
        assert!(v["best_move"].is_string(), "{algo}: {v}");
        assert_eq!(v["completed"], true);
        if per_player {
            assert_eq!(v["scores"].as_array().map(Vec::len), Some(3), "{algo}: {v}");
            assert!(v["score"].is_null());
        } else {
            assert!(v["score"].is_i64() && v["scores"].is_null(), "{algo}: {v}");
        }
    }
    // The ordering changes the work, not the value (BRS with and without its orderings).
    let value = |ordering: &str| -> Value {
        let out = ok(&[
            "search",
            "virus",
            "--depth",
            "4",
            "--ordering",
            ordering,
            "--json",
        ]);
        serde_json::from_str::<Value>(&out).expect("json")["score"].clone()
    };
    assert_eq!(
        value("none"),
        value("killer,history,ads-transpose,threat-ads-transpose")
    );
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    refused(&["perft", "virus", "3", "--players", "5"], "2 to 4 players");
    refused(
        &["perft", "othello", "3", "--players", "3"],
        "two-player game",
    );
    refused(
        &["search", "virus", "--algo", "pvs"],
        "paranoid, maxn, brs or mcts",
    );
    refused(&["search", "virus", "--ordering", "tt,bogus"], "'bogus'");
    refused(&["search", "othello", "--algo", "maxn"], "--algo");
    refused(
        &["perft", "virus", "2", "--position", "a.b/c 0"],
        "bad --position for virus",
    );
    refused(&["show", "virus", "--svg", "x.svg"], "not in the apps");
    refused(
        &[
            "tournament",
            "virus",
            "--player",
            "a=depth=1",
            "--player",
            "b=depth=2",
        ],
        "multi-player",
    );
    refused(&["perft", "chess", "1"], "unknown game 'chess'");
}

#[test]
fn play_seats_people_and_the_computer_around_one_terminal() {
    // The computer in every seat plays the game to its end, each move a legal one.
    let out = ok(&["play", "virus", "--seats", "c,c,c", "--depth", "2"]);
    assert!(out.contains("game over:"), "{out}");
    let mut pos = Virus::new(VirusConfig {
        players: 3,
        ..VirusConfig::default()
    })
    .expect("a start");
    for line in out.lines().filter(|l| l.contains("(computer) plays ")) {
        let mv = line.rsplit(' ').next().expect("a move");
        let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{line}: {e}"));
        pos.play(m);
    }
    assert!(pos.outcome().is_some(), "the moves printed end the game");
    assert!(
        out.contains(&format!(
            "player {} wins",
            (b'A' + pos.outcome().and_then(|o| o.winner).unwrap_or(0)) as char
        )) || out.contains("a draw")
    );

    // A person's bad move is refused with the reason and asked again; quit leaves the game.
    let o = common::ply_with_stdin(
        &["play", "virus", "--seats", "human,computer"],
        "z9\nb1\nquit\n",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("'z9' is not a move here"), "{out}");
    assert!(out.contains("player B (computer) plays"), "{out}");
    assert!(out.contains("game left unfinished"), "{out}");

    refused(
        &["play", "virus", "--seats", "human,robot"],
        "seat 2 is 'robot'",
    );
    refused(
        &["play", "virus", "--players", "3", "--seats", "h,c"],
        "--players 3",
    );
    refused(&["play", "othello", "--seats", "h,c"], "multi-player games");
    refused(
        &["play", "virus", "--level", "5"],
        "--level is for the two-player games",
    );
}

#[test]
fn focus_through_perft_show_search_and_play() {
    use ply_core::games::focus::Focus;
    for players in 2..=4u8 {
        let start = Focus::new(players).expect("a start");
        let p = players.to_string();
        for depth in 1..=2u32 {
            let d = depth.to_string();
            let total: u64 = ok(&["perft", "focus", &d, "--players", &p])
                .trim()
                .parse()
                .expect("a count");
            assert_eq!(
                total,
                ply_core::perft(&start, depth),
                "{players} players, depth {depth}"
            );
        }
    }
    let mut pos = Focus::new(3).expect("a start");
    let mut moves = Vec::new();
    for i in 0..7 {
        pos.legal_moves(&mut moves);
        pos.play(moves[(i * 7) % moves.len()]);
    }
    let position = pos.format_position();
    assert!(
        ok(&["show", "focus", "--position", &position]).contains(&format!("position: {position}"))
    );
    let out = ok(&[
        "search",
        "focus",
        "--position",
        &position,
        "--algo",
        "maxn",
        "--depth",
        "2",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["scores"].as_array().map(Vec::len), Some(3), "{v}");
    let mv = v["best_move"].as_str().expect("a move");
    assert!(pos.parse_move(mv).is_ok(), "{mv} is legal");

    let o = common::ply_with_stdin(
        &["play", "focus", "--seats", "human,computer"],
        "b2-b3\nquit\n",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("player 2 (computer) plays"), "{out}");
    // Engines alone stop at the unattended limit if they circle (Focus has no repetition rule).
    let out = ok(&["play", "focus", "--seats", "c,c", "--depth", "1"]);
    assert!(
        out.contains("game over") || out.contains("no end after"),
        "{out}"
    );
    refused(&["perft", "focus", "1", "--players", "5"], "focus");
}

#[test]
fn chinese_checkers_through_perft_show_search_and_play() {
    use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig, GoalRule};
    let start = |players: u8, goal_rule: GoalRule, goal_lock: bool| {
        ChineseCheckers::new(ChineseCheckersConfig {
            players,
            goal_rule,
            goal_lock,
            turn_limit: 0,
        })
        .expect("a start")
    };
    for players in [2u8, 3, 4, 6] {
        let p = players.to_string();
        let total: u64 = ok(&["perft", "chinese-checkers", "3", "--players", &p])
            .trim()
            .parse()
            .expect("a count");
        let pos = start(players, GoalRule::Filled, false);
        assert_eq!(total, ply_core::perft(&pos, 3), "{players} players");
    }
    // The variant names the rules, which the position text then carries.
    let out = ok(&[
        "show",
        "sternhalma",
        "--players",
        "2",
        "--variant",
        "classic+lock",
    ]);
    let classic = start(2, GoalRule::OwnPieces, true).format_position();
    assert!(out.contains(&format!("position: {classic}")), "{out}");

    let out = ok(&[
        "search",
        "chinese-checkers",
        "--players",
        "6",
        "--algo",
        "maxn",
        "--depth",
        "2",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["scores"].as_array().map(Vec::len), Some(6), "{v}");
    let mv = v["best_move"].as_str().expect("a move");
    assert!(start(6, GoalRule::Filled, false).parse_move(mv).is_ok());

    // Two engines play a whole game, every printed move legal, to a filled target.
    let out = ok(&["play", "chinese-checkers", "--seats", "c,c", "--depth", "2"]);
    let mut pos = start(2, GoalRule::Filled, false);
    for line in out.lines().filter(|l| l.contains("(computer) plays ")) {
        let mv = line.rsplit(' ').next().expect("a move");
        let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{line}: {e}"));
        pos.play(m);
    }
    let winner = pos.outcome().and_then(|o| o.winner).expect("a winner");
    assert!(
        out.contains(&format!("player {} wins", (b'A' + winner) as char)),
        "{out}"
    );

    refused(
        &["perft", "chinese-checkers", "1", "--players", "5"],
        "2, 3, 4 or 6 players, not 5",
    );
    refused(
        &["show", "chinese-checkers", "--variant", "open"],
        "no variant 'open'",
    );
    // The weighted heuristic: presets, weights on the command line, and their errors.
    let base = ["search", "chinese-checkers", "--depth", "2", "--json"];
    let value = |extra: &[&str]| -> Value {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        serde_json::from_str(&ok(&args)).expect("json")
    };
    assert_eq!(
        value(&[])["score"],
        value(&["--heuristic", "progress=1"])["score"],
        "the default preset is progress alone"
    );
    assert!(value(&["--heuristic", "no-stragglers"])["best_move"].is_string());
    refused(
        &["search", "focus", "--heuristic", "stacks=-1"],
        "not negative",
    );
    refused(
        &["search", "virus", "--heuristic", "nope"],
        "known: default, frontier",
    );
    refused(
        &["show", "chinese-checkers", "--position", "a/b c 2 fill"],
        "17",
    );
}
