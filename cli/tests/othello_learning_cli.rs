//! `ply train`, `ply book`, `ply judgement` and `ply probcut` on the two WTHOR years in `tests/data/wthor/`:
//! the files they write read back as the core reads its own, the book they build holds what the
//! games played, and bad input is refused with a message that names it.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ply, stderr, stdout, temp_dir};
use ply_core::Game;
use ply_core::book::othello::Book;
use ply_core::games::othello::Othello;
use ply_core::heuristic::othello::pattern::PatternWeights;

fn data() -> String {
    format!("{}/../tests/data/wthor", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn train_writes_a_weight_file_that_reads_back() {
    let dir = temp_dir("train");
    let out = dir.path().join("w.bin");
    let o = ply(&[
        "train",
        "othello",
        "--games",
        &data(),
        "--out",
        out.to_str().expect("path"),
        "--epochs",
        "2",
        "--solve-empties",
        "0",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A directory gives both years: 12 + 160 games.
    assert!(
        stderr(&o).starts_with("172 games read from 2 files"),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("held-out mean absolute error"),
        "{}",
        stdout(&o)
    );
    let weights =
        PatternWeights::from_bytes(&std::fs::read(&out).expect("written")).expect("reads");
    assert!(
        weights.metadata().contains("WTH_1977.wtb WTH_1980.wtb"),
        "{}",
        weights.metadata()
    );
}

#[test]
fn book_writes_the_games_openings() {
    let dir = temp_dir("book");
    let out = dir.path().join("b.bin");
    let file = format!("{}/WTH_1980.wtb", data());
    let o = ply(&[
        "book",
        "othello",
        "--games",
        &file,
        "--out",
        out.to_str().expect("path"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let book = Book::from_bytes(&std::fs::read(&out).expect("written")).expect("reads");
    // Every one of the 160 games opens with f5 (or an image of it): the start is in the book.
    assert_eq!(book.moves(&Othello::start()).len(), 4);
    let line = stdout(&o);
    let first = line
        .lines()
        .find_map(|l| l.strip_prefix("the book's own line from the start: "))
        .expect("the line");
    let mut pos = Othello::start();
    for mv in first.split(' ') {
        let m = pos.parse_move(mv).expect("a move");
        assert!(pos.is_legal(m), "{first}");
        pos.play(m);
    }
}

#[test]
fn judgement_prints_both_evaluations_side_by_side() {
    let file = format!("{}/WTH_1980.wtb", data());
    let o = ply(&[
        "judgement",
        "othello",
        "--games",
        &file,
        "--positions",
        "3",
        "--from",
        "1",
        "--to",
        "3",
        "--solve-empties",
        "0",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("160 games"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("pattern ")), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("weighted (default)")),
        "{text}"
    );
}

#[test]
fn probcut_measures_every_pair_and_fits_the_model() {
    let file = format!("{}/WTH_1980.wtb", data());
    let o = ply(&[
        "probcut",
        "othello",
        "--games",
        &file,
        "--positions",
        "40",
        "--max-depth",
        "6",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("40 positions"), "{text}");
    // Depths 3..=6, each with the shallow depths the search tries for it.
    for deep in 3..=6 {
        for shallow in ply_core::search::probcut::shallow_depths(deep) {
            let pair = format!("{shallow:>7} {deep:>4}");
            assert!(text.contains(&pair), "{pair}: {text}");
        }
    }
    assert!(text.contains("    sigma: ["), "{text}");
}

/// `ply search --probcut` cuts with the built-in calibration: a smaller tree than full width,
/// and the cuts counted.
#[test]
fn search_with_probcut_searches_fewer_nodes() {
    let nodes = |extra: &[&str]| {
        let mut args = vec![
            "search",
            "othello",
            "--position",
            "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3",
            "--heuristic",
            "pattern",
            "--depth",
            "8",
            "--json",
        ];
        args.extend_from_slice(extra);
        let o = ply(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
        (
            v["nodes"].as_u64().expect("nodes"),
            v["probcuts"].as_u64().expect("probcuts"),
        )
    };
    let (full, no_cuts) = nodes(&[]);
    let (cut, cuts) = nodes(&["--probcut", "1.5"]);
    assert_eq!(no_cuts, 0);
    assert!(
        cuts > 0 && cut < full,
        "{cut} nodes, {cuts} cuts against {full}"
    );
    let o = ply(&["search", "othello", "--probcut", "0"]);
    assert!(stderr(&o).contains("--probcut 0"), "{}", stderr(&o));
    let o = ply(&["search", "othello", "--probcut", "1.5", "--algo", "scout"]);
    assert!(stderr(&o).contains("not in scout"), "{}", stderr(&o));
}

#[test]
fn bad_input_is_refused_and_named() {
    let dir = temp_dir("bad");
    let out = dir.path().join("x.bin");
    let out = out.to_str().expect("path");
    let file = format!("{}/WTH_1980.wtb", data());
    let readme = format!("{}/../README.md", env!("CARGO_MANIFEST_DIR"));
    let cases: [(Vec<&str>, &str); 6] = [
        (
            vec!["train", "connect4", "--games", &file, "--out", out],
            "only othello",
        ),
        (
            vec!["book", "othello", "--games", "/no/such.wtb", "--out", out],
            "/no/such.wtb",
        ),
        (
            vec![
                "train",
                "othello",
                "--games",
                &file,
                "--out",
                out,
                "--solve-empties",
                "30",
            ],
            "at most 20",
        ),
        (
            vec![
                "train",
                "othello",
                "--games",
                &file,
                "--out",
                out,
                "--held-out",
                "0.9",
            ],
            "--held-out 0.9",
        ),
        (
            vec![
                "judgement",
                "othello",
                "--games",
                &file,
                "--from",
                "5",
                "--to",
                "4",
            ],
            "--from 5 --to 4",
        ),
        (
            vec!["train", "othello", "--games", &readme, "--out", out],
            "README.md",
        ),
    ];
    for (args, needle) in cases {
        let o = ply(&args);
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
    assert!(!std::path::Path::new(out).exists(), "nothing written");
}
