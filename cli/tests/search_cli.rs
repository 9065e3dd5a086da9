//! `ply search`, `ply play` and `ply bench` driven as a user would: arguments and piped stdin.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{ply_with_stdin, stderr, stdout};

#[test]
fn search_json_has_the_documented_fields() {
    let o = ply_with_stdin(&["search", "connect4", "--depth", "6", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    for field in [
        "best_move",
        "score",
        "depth",
        "nodes",
        "leaf_evals",
        "cutoffs",
        "time_ms",
        "pv",
    ] {
        assert!(v.get(field).is_some(), "missing {field}");
    }
    assert_eq!(v["depth"], 6);
    let best = v["best_move"].as_str().expect("move");
    assert!(("1"..="7").contains(&best));
    assert_eq!(v["pv"][0].as_str(), Some(best));
    assert!(v["nodes"].as_u64().expect("nodes") > 0);
}

#[test]
fn every_algorithm_agrees_on_the_value() {
    let score = |algo: &str, ordering: &str| {
        let o = ply_with_stdin(
            &[
                "search",
                "othello",
                "--position",
                "f5d6c3",
                "--algo",
                algo,
                "--depth",
                "4",
                "--ordering",
                ordering,
                "--json",
            ],
            "",
        );
        assert!(o.status.success(), "{algo}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
        v["score"].as_i64().expect("score")
    };
    let reference = score("minimax", "none");
    for (algo, ordering) in [
        ("alphabeta", "ads-mtf"),
        ("pvs", "static,tt,killer,history"),
        ("alphabeta", "tt,eval"),
        ("scout", "ads-transpose"),
    ] {
        assert_eq!(score(algo, ordering), reference, "{algo} {ordering}");
    }
}

#[test]
fn search_text_shows_move_score_pv_and_stats() {
    let o = ply_with_stdin(
        &[
            "search",
            "othello",
            "--depth",
            "3",
            "--algo",
            "scout",
            "--ordering",
            "ads-mtf",
            "--ads-limit",
            "5",
            "--ads-per-level",
        ],
        "",
    );
    assert!(o.status.success());
    let text = stdout(&o);
    for needle in [
        "best move:",
        "score:",
        "pv:",
        "nodes:",
        "test calls:",
        "time:",
    ] {
        assert!(text.contains(needle), "{needle} in {text}");
    }
}

#[test]
fn bad_engine_options_are_rejected_with_a_reason() {
    let o = ply_with_stdin(&["search", "othello", "--algo", "magic"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("magic"));
    let o = ply_with_stdin(&["search", "othello", "--ordering", "static,bogus"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bogus"));
    let o = ply_with_stdin(&["search", "othello", "--heuristic", "nonsense"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("nonsense"));
}

#[test]
fn deepening_step_keeps_the_value_and_the_depth() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "search", "othello", "--algo", "pvs", "--depth", "6", "--json",
        ];
        args.extend_from_slice(extra);
        let o = ply_with_stdin(&args, "");
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).expect("json")
    };
    let fixed = run(&["--tt-mb", "0"]);
    for step in ["1", "2", "3"] {
        let v = run(&["--iterative", "--deepening-step", step]);
        assert_eq!(v["score"], fixed["score"], "step {step}");
        assert_eq!(v["depth"], 6, "step {step}");
    }
    let o = ply_with_stdin(&["search", "othello", "--deepening-step", "0"], "");
    assert!(!o.status.success(), "a step of 0 is refused");
}

#[test]
fn bench_prints_ratios_and_stop_latency() {
    let o = ply_with_stdin(
        &[
            "bench",
            "othello",
            "--depth",
            "3",
            "--algos",
            "minimax,alphabeta",
            "--orderings",
            "none;static,tt",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("midgame-10"), "{text}");
    assert!(text.contains("x "), "{text}");
    assert!(text.contains("stop latency"), "{text}");
    // The floor row: at depth 3 from the start every node's proof is small enough to compute.
    assert!(text.contains("minimal tree"), "{text}");
    assert!(text.contains("id+2"), "{text}");
}

#[test]
fn threads_search_to_the_same_depth_and_bad_counts_are_refused() {
    // Two threads with entries used at any depth: the same depth reached, a legal move, and the
    // configuration says how many threads searched.
    let run = |threads: &str| {
        let o = ply_with_stdin(
            &[
                "search",
                "othello",
                "--position",
                "f5d6c3d3c4f4c5b3c2e6",
                "--depth",
                "6",
                "--iterative",
                "--threads",
                threads,
                "--json",
            ],
            "",
        );
        assert!(o.status.success(), "{threads}: {}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).expect("json")
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(two["depth"], 6);
    assert_eq!(two["config"]["threads"], 2);
    assert_eq!(one["config"]["threads"], 1);
    assert!(two["best_move"].as_str().is_some_and(|m| m.len() == 2));
    for bad in ["0", "65", "many"] {
        let o = ply_with_stdin(&["search", "othello", "--threads", bad], "");
        assert!(!o.status.success(), "--threads {bad}");
        assert!(stderr(&o).contains("--threads"), "{bad}: {}", stderr(&o));
    }
}

/// The score on the one scale of every judgement: the side to move's expected score in percent,
/// `100 σ(v / 100)` of the engine's value `v` (computed here from the value printed beside it);
/// a move from the opening book is named as the book's, not as a one-node search.
#[test]
fn search_names_book_moves_and_gives_its_score_a_scale() {
    let percent_of = |text: &str| -> (f64, f64) {
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix("score: "))
            .expect("a score line");
        let (judged, rest) = line
            .split_once("% expected for the side to move (engine value ")
            .expect("the judgement and the engine's value");
        let value: f64 = rest
            .trim_end_matches(')')
            .parse()
            .expect("the engine value");
        (judged.parse().expect("a percent"), value)
    };
    let o = ply_with_stdin(&["search", "othello", "--depth", "4", "--book"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("(opening book: no search chose it)\n") && text.contains("depth: 0 (book)\n"),
        "{text}"
    );
    let o = ply_with_stdin(
        &["search", "connect4", "--position", "4453", "--depth", "6"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(!text.contains("opening book"), "{text}");
    let (judged, value) = percent_of(&text);
    let expected = (100.0 / (1.0 + (-value / 100.0).exp()))
        .round()
        .clamp(1.0, 99.0);
    assert_eq!(judged, expected, "{text}");
}
