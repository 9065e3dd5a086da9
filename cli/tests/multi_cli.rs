//! The multi-player games through `ply perft`, `ply show`, `ply search` and `ply play`: counts
//! equal the library's perft, positions round-trip, each engine answers in its documented
//! shape, `ply play` plays through the app core to a recorded end, and bad input is refused
//! with a message naming what is wrong.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

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

/// `ply play ARGS` with a data directory of its own and `input` on stdin; must succeed.
fn play(args: &[&str], input: &str) -> String {
    let dir = common::temp_dir("multi-play");
    let d = dir.path().to_string_lossy().into_owned();
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--data-dir", &d]);
    let o = common::ply_with_stdin(&all, input);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    let records = std::fs::read_dir(dir.path().join("outbox"))
        .map(|r| {
            r.filter_map(|e| e.ok())
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .count()
        })
        .unwrap_or(0);
    format!("{out}\n[records in the outbox: {records}]")
}

/// Replays the moves the terminal announced ("» Blue (computer) played c3") on `start`.
fn replay_announced<G: Game>(out: &str, start: G) -> G {
    let mut pos = start;
    for line in out.lines().filter(|l| l.contains(" played ")) {
        let mv = line.rsplit(' ').next().expect("a move");
        let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(pos.is_legal(m), "{line}");
        pos.play(m);
    }
    pos
}

/// The seat colour the app core names player `p` by.
fn seat(p: u8) -> &'static str {
    ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"][usize::from(p)]
}

#[test]
fn play_seats_people_and_the_computer_around_one_terminal() {
    // The computer in every seat plays the game to its end through the app core, each move a
    // legal one, and the finished game goes to the outbox.
    let out = play(
        &[
            "virus", "--seats", "c,c,c", "--depth", "2", "--pace", "fast",
        ],
        "",
    );
    let pos = replay_announced(
        &out,
        Virus::new(VirusConfig {
            players: 3,
            ..VirusConfig::default()
        })
        .expect("a start"),
    );
    let outcome = pos.outcome().expect("the moves announced end the game");
    let result = match outcome.winner {
        Some(w) => format!("Game over: {} (computer) wins", seat(w)),
        None => "Game over: Draw".into(),
    };
    assert!(out.contains(&result), "{result}: {out}");
    assert!(out.contains("[records in the outbox: 1]"), "{out}");
    // Every computer move has its engine line, naming the seat that moved.
    let movers: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("» ")?.split_once(" played "))
        .map(|(who, _)| who)
        .collect();
    let engine_lines: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("engine: "))
        .filter_map(|l| l.split(" for ").nth(1)?.split(": ").next())
        .collect();
    assert!(movers.len() > 10, "{out}");
    assert_eq!(engine_lines, movers, "{out}");

    // A person's bad move is refused with the reason; the computer answers a good one; quit
    // leaves the game kept.
    let out = play(&["virus", "--seats", "human,computer"], "z9\nb1\nquit\n");
    assert!(
        out.contains("'z9': 'z' is not a file of this board (a-e)"),
        "{out}"
    );
    assert!(out.contains("» Blue (computer) played"), "{out}");
    assert!(out.contains("Your move (Red)."), "{out}");

    refused(
        &["play", "virus", "--seats", "human,robot"],
        "seat 2 is 'robot'",
    );
    refused(
        &["play", "virus", "--players", "3", "--seats", "h,c"],
        "--players 3",
    );
    refused(
        &["play", "virus", "--players", "5"],
        "Virus is not played by 5 players, but by 2, 3 or 4.",
    );
    refused(&["play", "othello", "--seats", "h,c"], "multi-player games");
    refused(
        &["play", "virus", "--mode", "watch"],
        "--mode is for the two-player games",
    );
    refused(
        &["play", "virus", "--algo", "maxn"],
        "ply search virus --algo",
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

    let out = play(&["focus", "--seats", "human,computer"], "b2-b3\nquit\n");
    assert!(out.contains("» Blue (computer) played"), "{out}");
    // (Engines alone that circle are stopped at a record's 1,000 moves by the app core:
    // `app/tests/multi_journey.rs`.)
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

    // Two engines play a whole game, every announced move legal, to a filled target, recorded.
    let out = play(
        &[
            "chinese-checkers",
            "--seats",
            "c,c",
            "--depth",
            "2",
            "--pace",
            "fast",
        ],
        "",
    );
    let pos = replay_announced(&out, start(2, GoalRule::Filled, false));
    let winner = pos.outcome().and_then(|o| o.winner).expect("a winner");
    assert!(
        out.contains(&format!("Game over: {} (computer) wins", seat(winner))),
        "{out}"
    );
    assert!(out.contains("[records in the outbox: 1]"), "{out}");
    // The star has its row letters, q at the top to a at the bottom, as `ply show` draws it.
    let board: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Chinese Checkers"))
        .skip(1)
        .take(17)
        .collect();
    let letters: String = board
        .iter()
        .filter_map(|l| l.trim_start().chars().next())
        .collect();
    assert_eq!(letters, "qponmlkjihgfedcba", "{out}");

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

/// One default player count per game, the apps' (the Virus Game and Focus four, Chinese
/// Checkers three), in every command that seats players without `--players`: `perft` counts
/// from that start, `show` draws it, `search` scores that many, `play` seats that many.
#[test]
fn every_command_seats_the_same_default_players() {
    use ply_core::games::chinese_checkers::ChineseCheckers;
    use ply_core::games::focus::Focus;
    fn players_of(name: &str, position: &str) -> usize {
        match name {
            "virus" => usize::from(Virus::parse_position(position).expect("virus").players()),
            "focus" => Focus::parse_position(position).expect("focus").players(),
            _ => usize::from(
                ChineseCheckers::parse_position(position)
                    .expect("chinese checkers")
                    .players(),
            ),
        }
    }
    for (name, title, n) in [
        ("virus", "Virus", 4usize),
        ("focus", "Focus", 4),
        ("chinese-checkers", "Chinese Checkers", 3),
    ] {
        let count = n.to_string();
        assert_eq!(
            ok(&["perft", name, "2"]),
            ok(&["perft", name, "2", "--players", &count]),
            "{name}: perft"
        );
        let shown = ok(&["show", name]);
        let position = shown
            .lines()
            .find_map(|l| l.strip_prefix("position: "))
            .expect("a position line");
        assert_eq!(players_of(name, position), n, "{name}: show");
        let v: Value = serde_json::from_str(&ok(&[
            "search", name, "--algo", "maxn", "--depth", "1", "--json",
        ]))
        .expect("json");
        assert_eq!(
            v["scores"].as_array().map(Vec::len),
            Some(n),
            "{name}: search"
        );
        let out = play(&[name], "quit\n");
        assert!(
            out.contains(&format!("{title}: {n} players")),
            "{name}: play\n{out}"
        );
    }
}

/// `stacks` in `ply play focus` lists every stack's pieces bottom to top by seat letter, as
/// `ply show` draws them; other games have none.
#[test]
fn play_lists_focus_stacks_bottom_to_top() {
    let out = play(&["focus", "--seats", "h,h"], "b2-c2\nd2-c2\nstacks\nquit\n");
    let listed = out
        .split("> stacks\n")
        .nth(1)
        .and_then(|rest| rest.split("> quit").next())
        .expect("the stacks' lines");
    assert_eq!(
        listed,
        "Stacks, bottom to top:\n\
         2: c2 AAB, e2 B, f2 A, g2 A\n\
         3: b3 B, c3 B, d3 A, e3 A, f3 B, g3 B\n\
         4: b4 A, c4 A, d4 B, e4 B, f4 A, g4 A\n\
         5: b5 B, c5 B, d5 A, e5 A, f5 B, g5 B\n\
         6: b6 A, c6 A, d6 B, e6 B, f6 A, g6 A\n\
         7: b7 B, c7 B, d7 A, e7 A, f7 B, g7 B\n"
    );
    let mut pos = ply_core::games::focus::Focus::new(2).expect("a start");
    for mv in ["b2-c2", "d2-c2"] {
        let m = pos.parse_move(mv).expect("a move");
        pos.play(m);
    }
    let shown = ok(&["show", "focus", "--position", &pos.format_position()]);
    assert!(
        shown.contains("2 |     #     .   AAB     .     B     A     A     #"),
        "{shown}"
    );
    let out = play(&["virus", "--seats", "h,h"], "stacks\nquit\n");
    assert!(out.contains("> stacks\nOnly Focus has stacks.\n"), "{out}");
}
