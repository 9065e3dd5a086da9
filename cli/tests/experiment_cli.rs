//! `ply experiment ... --quick`: each report's structure and invariants (not the papers' numbers).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ply, stdout, temp_dir};
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use serde_json::Value;
use std::path::Path;

fn run(name: &str, out: &Path, seed: u64) -> String {
    let o = out.to_string_lossy();
    let seed = seed.to_string();
    let r = ply(&["experiment", name, "--quick", "--out", &o, "--seed", &seed]);
    assert!(r.status.success(), "{}", common::stderr(&r));
    stdout(&r)
}

/// The report names the commit the binary was built from and the command that made it.
fn assert_stamped(report: &str, name: &str) {
    let commit = env!("PLY_COMMIT");
    assert!(
        report.contains(&format!("Commit: {commit}.")),
        "no commit stamp"
    );
    assert!(
        report.contains(&format!("Command: `ply experiment {name} --quick")),
        "no command stamp"
    );
}

/// The verdict words of the rule in docs/experiments/README.md, and nothing else.
const VERDICTS: [&str; 5] = [
    "reproduced",
    "reproduced in direction only",
    "inconclusive",
    "contradicted",
    "not testable",
];

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The CSV's rows as maps from column name to field (no field here holds a comma).
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().expect("a header").split(',').collect();
    lines
        .map(|l| {
            head.iter()
                .map(|h| h.to_string())
                .zip(l.split(',').map(str::to_string))
                .collect()
        })
        .collect()
}

#[test]
fn connect4_variants_report_and_invariants() {
    let (a, b) = (temp_dir("c4-a"), temp_dir("c4-b"));
    let printed = run("connect4-variants", a.path(), 5);
    run("connect4-variants", b.path(), 5);
    assert!(printed.contains("report: "), "{printed}");
    let report = read(a.path(), "report.md");
    assert_stamped(&report, "connect4-variants");
    for section in [
        "## Does it reproduce?",
        "## Table 2",
        "## Table 3",
        "## Nodes per move",
    ] {
        assert!(report.contains(section), "{section}");
    }
    for svg in ["time.svg", "nodes.svg"] {
        let s = read(a.path(), svg);
        assert!(
            s.starts_with("<svg") && s.matches("<polyline").count() == 4,
            "{svg}"
        );
    }
    let summary: Value = serde_json::from_str(&read(a.path(), "summary.json")).expect("json");
    assert_eq!(
        summary["disagreements"], 0,
        "every algorithm returns the same value"
    );
    let positions = summary["positions"].as_u64().expect("positions");
    assert!(positions >= 1);
    // Each trial its own opening: the distinct ones are listed once each, and only they are
    // measured.
    let openings: Vec<&str> = summary["openings"]
        .as_array()
        .expect("openings")
        .iter()
        .map(|o| o.as_str().expect("an opening"))
        .collect();
    let unique: std::collections::HashSet<&str> = openings.iter().copied().collect();
    assert_eq!(unique.len(), openings.len());
    assert_eq!(summary["distinct"], openings.len() as u64);
    assert!(summary["trials"].as_u64() >= summary["distinct"].as_u64());
    for c in summary["claims"].as_array().expect("claims") {
        assert!(
            VERDICTS.contains(&c["verdict"].as_str().expect("verdict")),
            "{c}"
        );
    }

    let ra = rows(&read(a.path(), "measurements.csv"));
    let rb = rows(&read(b.path(), "measurements.csv"));
    let depths = summary["depths"].as_array().expect("depths").len() as u64;
    // Four algorithms, three searches each, per position and depth, in an order that changes:
    // more than one algorithm runs first somewhere.
    assert_eq!(ra.len() as u64, positions * depths * 4 * 3);
    let first: std::collections::HashSet<&str> = ra
        .iter()
        .filter(|r| r["order"] == "0")
        .map(|r| r["algorithm"].as_str())
        .collect();
    assert!(first.len() > 1, "{first:?} always runs first");
    // The same seed gives the same positions, node counts and values (times aside).
    let fixed = |r: &std::collections::HashMap<String, String>| {
        ["position", "depth", "algorithm", "nodes", "score"].map(|k| r[k].clone())
    };
    assert_eq!(
        ra.iter().map(fixed).collect::<Vec<_>>(),
        rb.iter().map(fixed).collect::<Vec<_>>()
    );
    for r in &ra {
        let pos = ConnectFour::parse_position(&r["position"]).expect("a position");
        let nodes: u64 = r["nodes"].parse().expect("nodes");
        // At depth 1, plain minimax visits the root and each of its moves, no more.
        if r["algorithm"] == "minimax" && r["depth"] == "1" {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            assert_eq!(nodes, 1 + moves.len() as u64, "{}", r["position"]);
        }
        // Alpha-beta never visits more than minimax on the same search.
        if r["algorithm"] == "alpha-beta" {
            let mm = ra
                .iter()
                .find(|m| {
                    m["algorithm"] == "minimax"
                        && m["position"] == r["position"]
                        && m["depth"] == r["depth"]
                })
                .expect("the minimax row");
            assert!(nodes <= mm["nodes"].parse::<u64>().expect("nodes"));
        }
    }
}

#[test]
fn history_ads_report_and_invariants() {
    let (a, b, c) = (temp_dir("ha-a"), temp_dir("ha-b"), temp_dir("ha-c"));
    run("history-ads", a.path(), 9);
    run("history-ads", b.path(), 9);
    run("history-ads", c.path(), 10);
    let report = read(a.path(), "report.md");
    assert_stamped(&report, "history-ads");
    for section in [
        "## Does it reproduce?",
        "## All rows",
        "Mann-Whitney",
        "Wilcoxon",
        "Holm",
        "Glass's delta",
    ] {
        assert!(report.contains(section), "{section}");
    }
    let summary =
        |d: &Path| -> Value { serde_json::from_str(&read(d, "summary.json")).expect("json") };
    let (sa, sb, sc) = (summary(a.path()), summary(b.path()), summary(c.path()));
    let rows = sa["rows"].as_array().expect("rows");
    for game in [
        "Othello",
        "Relaxed Checkers",
        "Virus",
        "Focus, 2 players",
        "Focus, 4 players",
        "Chinese Checkers, 4 players",
        "Chinese Checkers, 6 players",
    ] {
        assert!(rows.iter().any(|r| r["game"] == game), "{game} rows");
    }
    let mut midgame_distinct = 0;
    for r in rows {
        assert_eq!(r["values_agree"], true, "an ADS changed a value: {r}");
        assert_eq!(r["trials_run"], 3, "--quick runs 3 trials");
        // Only distinct games are kept, and each is named once.
        let distinct = r["distinct"].as_u64().expect("distinct") as usize;
        let games: Vec<&str> = r["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| g.as_str().expect("a game id"))
            .collect();
        let unique: std::collections::HashSet<&str> = games.iter().copied().collect();
        assert!((1..=3).contains(&distinct), "{r}");
        assert_eq!((games.len(), unique.len()), (distinct, distinct), "{r}");
        assert_eq!(r["trials"].as_array().expect("trials").len(), distinct);
        if r["midgame"] == true && r["variant"] == "none" {
            midgame_distinct += distinct;
        }
        // The row without an ADS is the baseline: no saving or test of its own.
        assert_eq!(r["variant"] == "none", r["saving"].is_null(), "{r}");
        assert_eq!(r["variant"] == "none", r["paired"].is_null(), "{r}");
    }
    // Each midgame trial draws its own opening: three trials are (nearly always) three games.
    let midgame_rows = rows
        .iter()
        .filter(|r| r["midgame"] == true && r["variant"] == "none")
        .count();
    assert!(midgame_distinct > 2 * midgame_rows, "{midgame_distinct}");
    for c in sa["claims"].as_array().expect("claims") {
        let v = c["verdict"].as_str().expect("verdict");
        assert!(VERDICTS.contains(&v), "{c}");
        assert!(report.contains(&format!("**{v}**")), "{v}");
    }
    assert_eq!(
        sa["rows"], sb["rows"],
        "the same seed gives the same node counts"
    );
    assert_ne!(sa["rows"], sc["rows"], "another seed gives other games");
    // Beside the report, each game, depth and start lists its distinct trials: the seeds of
    // the row without an ADS, in order, each with its game's id.
    let openings = read(a.path(), "openings.txt");
    let mut blocks: Vec<Vec<&str>> = Vec::new();
    for line in openings.lines() {
        match line.strip_prefix("# ") {
            Some(head) => blocks.push(vec![head]),
            None => blocks.last_mut().expect("a heading first").push(line),
        }
    }
    let baselines: Vec<&Value> = rows.iter().filter(|r| r["variant"] == "none").collect();
    assert_eq!(blocks.len(), baselines.len(), "{openings}");
    for (block, r) in blocks.iter().zip(&baselines) {
        let phase = if r["midgame"] == true {
            "midgame"
        } else {
            "start"
        };
        let head = format!(
            "{}, depth {}, {phase}",
            r["game"].as_str().expect("game"),
            r["depth"]
        );
        assert!(block[0].starts_with(&head), "{head}: {block:?}");
        let listed: Vec<(u64, &str)> = block
            .iter()
            .skip(1)
            .map(|l| {
                let mut f = l.split(' ');
                let seed = f.next().and_then(|s| s.parse().ok()).expect("a seed");
                (seed, f.next().expect("a game id"))
            })
            .collect();
        let seeds: Vec<u64> = r["seeds"]
            .as_array()
            .expect("seeds")
            .iter()
            .map(|s| s.as_u64().expect("seed"))
            .collect();
        let games: Vec<&str> = r["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| g.as_str().expect("id"))
            .collect();
        assert_eq!(
            listed.iter().map(|l| l.0).collect::<Vec<_>>(),
            seeds,
            "{head}"
        );
        assert_eq!(
            listed.iter().map(|l| l.1).collect::<Vec<_>>(),
            games,
            "{head}"
        );
    }
}

#[test]
fn othello_scout_report_and_invariants() {
    let (a, b) = (temp_dir("os-a"), temp_dir("os-b"));
    run("othello-scout-vs-alphabeta", a.path(), 4);
    run("othello-scout-vs-alphabeta", b.path(), 4);
    let report = read(a.path(), "report.md");
    assert_stamped(&report, "othello-scout-vs-alphabeta");
    for section in ["## Does it reproduce?", "## Per engine", "The floor"] {
        assert!(report.contains(section), "{section}");
    }
    for svg in ["scout.svg", "alphabeta.svg"] {
        let s = read(a.path(), svg);
        assert!(s.starts_with("<svg") && s.contains("<circle"), "{svg}");
    }
    let summary: Value = serde_json::from_str(&read(a.path(), "summary.json")).expect("json");
    assert_eq!(
        summary["disagreements"], 0,
        "SCOUT and alpha-beta agree on every value"
    );
    // --quick searches at depth 4: the full tree from the start is 1 + the published perft
    // counts of depths 1 to 4 (4, 12, 56, 244); the proof tree is smaller, but not empty.
    assert_eq!(summary["start_minimax_tree"], 1 + 4 + 12 + 56 + 244);
    let floor = summary["start_minimal_tree"].as_u64().expect("floor");
    assert!(floor > 1 && floor < 317, "{floor}");
    assert!(
        summary["reply_minimal_tree"]
            .as_u64()
            .is_some_and(|n| n > 1)
    );
    let openings: Vec<&str> = summary["openings"]
        .as_array()
        .expect("openings")
        .iter()
        .map(|o| o.as_str().expect("an opening"))
        .collect();
    assert_eq!(summary["distinct"], openings.len() as u64);
    assert_eq!(read(a.path(), "openings.txt"), openings.join("\n") + "\n");
    // Each trial its own position: no opening's position is another's, turned or mirrored
    // (the eight images made here square by square, not by the experiment's bitboards).
    let mut seen = std::collections::HashSet::new();
    for line in &openings {
        let pos = ply_core::games::othello::Othello::parse_position(line).expect("an opening");
        let text = pos.format_position();
        let (board, side) = text.split_at(64);
        let cells: Vec<char> = board.chars().collect();
        let images: Vec<String> = (0..8)
            .map(|k| {
                let mut image: String = (0..64)
                    .map(|i| {
                        let (r, c) = (i / 8, i % 8);
                        let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
                        let r = if k & 2 != 0 { 7 - r } else { r };
                        let c = if k & 1 != 0 { 7 - c } else { c };
                        cells[r * 8 + c]
                    })
                    .collect();
                image.push_str(side);
                image
            })
            .collect();
        assert!(
            images.iter().all(|i| !seen.contains(i)),
            "{line} repeats an earlier opening's position"
        );
        seen.insert(images[0].clone());
    }
    for j in summary["judged"].as_array().expect("judged") {
        assert!(
            VERDICTS.contains(&j["verdict"].as_str().expect("verdict")),
            "{j}"
        );
    }
    let searches = summary["searches"].as_u64().expect("searches");
    let ra = rows(&read(a.path(), "measurements.csv"));
    let rb = rows(&read(b.path(), "measurements.csv"));
    assert_eq!(ra.len() as u64, 3 * searches);
    let fixed = |r: &std::collections::HashMap<String, String>| {
        ["trial", "turn", "engine", "nodes", "score"].map(|k| r[k].clone())
    };
    assert_eq!(
        ra.iter().map(fixed).collect::<Vec<_>>(),
        rb.iter().map(fixed).collect::<Vec<_>>(),
        "the same seed gives the same searches"
    );
}

#[test]
fn draughts_agents_report_and_invariants() {
    use ply_core::games::draughts::Draughts;
    let (a, b) = (temp_dir("da-a"), temp_dir("da-b"));
    run("draughts-agents", a.path(), 6);
    run("draughts-agents", b.path(), 6);
    let report = read(a.path(), "report.md");
    for section in [
        "## Does it reproduce?",
        "## Alpha-beta against UCT by node budget",
        "## UCT's exploration constant",
        "## Killer moves",
        "## Quiescence",
    ] {
        assert!(report.contains(section), "{section}");
    }
    let svg = read(a.path(), "budget.svg");
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"));
    let ga = rows(&read(a.path(), "games.csv"));
    let gb = rows(&read(b.path(), "games.csv"));
    // Games run on every core; the same seed still gives the same games, move for move.
    let fixed = |r: &std::collections::HashMap<String, String>| {
        ["part", "first", "second", "moves", "score"].map(|k| r[k].clone())
    };
    assert_eq!(
        ga.iter().map(fixed).collect::<Vec<_>>(),
        gb.iter().map(fixed).collect::<Vec<_>>()
    );
    for g in &ga {
        // Every game replays under the rules, and its score is the rules' verdict: a finished
        // game's result for the measured agent, or a draw at the framework's 100-ply limit.
        let mut pos = Draughts::start();
        for mv in g["moves"].split_whitespace() {
            assert!(
                pos.outcome().is_none(),
                "a move after the end: {}",
                g["moves"]
            );
            let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
            pos.play(m);
        }
        let plies: u32 = g["plies"].parse().expect("plies");
        let measured = if g["measured_first"] == "true" { 0 } else { 1 };
        let score: f64 = g["score"].parse().expect("score");
        match pos.outcome() {
            Some(o) => assert_eq!(score, f64::from(o.sign_for(measured) + 1) / 2.0, "{g:?}"),
            None => assert!(plies == 100 && score == 0.5, "{g:?}"),
        }
    }
    let summary: Value = serde_json::from_str(&read(a.path(), "summary.json")).expect("json");
    for p in summary["pairings"].as_array().expect("pairings") {
        let n = |k: &str| p[k].as_u64().expect(k);
        assert_eq!(n("wins") + n("draws") + n("losses"), n("games"), "{p}");
        // Each opening twice, colours swapped.
        assert!(n("games") >= 2 && n("games") % 2 == 0, "{p}");
        let rate = (n("wins") as f64 + n("draws") as f64 / 2.0) / n("games") as f64;
        let s = &p["score"];
        assert!((s["mean"].as_f64().expect("mean") - rate).abs() < 1e-12);
        assert!(s["lo"].as_f64() <= s["mean"].as_f64() && s["mean"].as_f64() <= s["hi"].as_f64());
    }
    let k = &summary["killers"];
    assert!(k["searches"].as_u64().is_some_and(|n| n > 0), "{k}");
    // Every search of the killer games is in killers.csv, paired with and without killers.
    let kc = rows(&read(a.path(), "killers.csv"));
    assert_eq!(kc.len() as u64, k["searches"].as_u64().expect("searches"));
    assert_stamped(&report, "draughts-agents");
    // The openings of a part are distinct positions: no game is played twice.
    for part in ["budget", "quiescence", "killers"] {
        let mut seen = std::collections::HashSet::new();
        for g in ga.iter().filter(|g| g["part"] == part) {
            let key = (
                g["first"].clone(),
                g["second"].clone(),
                g["opening"].clone(),
            );
            assert!(seen.insert(key), "{part}: a repeated game {g:?}");
        }
    }
    for c in summary["claims"].as_array().expect("claims") {
        assert!(
            VERDICTS.contains(&c["verdict"].as_str().expect("verdict")),
            "{c}"
        );
    }
}

#[test]
fn othello_heuristics_report_and_invariants() {
    let (a, b) = (temp_dir("oh-a"), temp_dir("oh-b"));
    run("othello-heuristics", a.path(), 3);
    run("othello-heuristics", b.path(), 3);
    let report = read(a.path(), "report.md");
    for section in [
        "## Does it reproduce?",
        "## One component against another (tables 4.1-4.4)",
        "## The full heuristic minus one component (tables 4.5-4.6)",
        "## Four weightings (tables 4.7-4.9)",
        "## Component-wise against the static board (section 4.4)",
    ] {
        assert!(report.contains(section), "{section}");
    }
    assert_stamped(&report, "othello-heuristics");
    assert_eq!(
        read(a.path(), "pairings.csv"),
        read(b.path(), "pairings.csv"),
        "the same seed gives the same games"
    );
    let summary: Value = serde_json::from_str(&read(a.path(), "summary.json")).expect("json");
    let pairings = summary["pairings"].as_array().expect("pairings");
    let count = |part: &str| pairings.iter().filter(|p| p["part"] == part).count();
    // Round robins of four (six pairings) and the full heuristic against each of its four
    // components removed, per depth; one duel.
    assert_eq!((count("singles"), count("ablation")), (6, 4));
    assert_eq!(count("ablation-combine-2"), 4);
    assert_eq!((count("combinations"), count("static")), (6, 1));
    for p in pairings {
        let n = |k: &str| p[k].as_u64().expect(k);
        assert_eq!(n("wins") + n("draws") + n("losses"), n("games"), "{p}");
        assert_eq!(n("games"), 2, "--quick: one opening, both colours");
        assert_eq!(n("openings"), 1, "{p}");
        assert_eq!(p["opening_scores"].as_array().expect("scores").len(), 1);
    }
    // The openings are written beside the report: six plies, two characters a move.
    let written = read(a.path(), "openings.txt");
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 1, "--quick: one opening");
    assert_eq!(lines[0].len(), 12, "{written}");
    assert_eq!(summary["openings"][0], lines[0]);
    for c in summary["claims"].as_array().expect("claims") {
        assert!(
            VERDICTS.contains(&c["verdict"].as_str().expect("verdict")),
            "{c}"
        );
    }
    // In a round robin every game gives out one point: the standings' points add up to the
    // games played, and each player played three opponents twice.
    for part in ["singles", "combinations"] {
        let rows: Vec<&Value> = summary["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .filter(|s| s["part"] == part)
            .collect();
        assert_eq!(rows.len(), 4);
        let points: f64 = rows
            .iter()
            .map(|s| s["score"]["mean"].as_f64().expect("score") * 6.0)
            .sum();
        assert!((points - 12.0).abs() < 1e-9, "{part}: {points}");
        for s in rows {
            assert_eq!(s["games"], 6);
            // Discs on the board at the end: never more than 64 a game between the two.
            let won = s["discs_won_per_game"].as_f64().expect("won");
            let lost = s["discs_lost_per_game"].as_f64().expect("lost");
            assert!(won + lost <= 64.0 + 1e-9, "{s}");
        }
    }
}

/// The "Does it reproduce?" table of docs/reproduction.md uses the verdict rule's words and
/// nothing else, in bold as the reports print them.
#[test]
fn reproduction_table_uses_the_rule_words() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/reproduction.md");
    let text = std::fs::read_to_string(&path).expect("docs/reproduction.md");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| claim") && !l.starts_with("| ---"))
        .collect();
    assert!(rows.len() >= 10, "{} rows", rows.len());
    for row in rows {
        let verdict = row
            .trim_end_matches('|')
            .rsplit('|')
            .next()
            .expect("a verdict column")
            .trim();
        let word = verdict.trim_start_matches("**").trim_end_matches("**");
        assert!(VERDICTS.contains(&word), "{word:?} in {row}");
    }
}
