//! `ply records analyze` against a real collector database (SQLite, and PostgreSQL when
//! PLY_TEST_POSTGRES_URL is set): every stored game reviewed and stored once, a partial run
//! resumed, a dead worker's claim skipped and then taken over, and two workers sharing one
//! PostgreSQL database reviewing every game exactly once between them.
#![cfg(feature = "collector")]
// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ply, text};
use ply_core::record::GameRecord;
use ply_server::auth::sha256_hex;
use ply_server::db::{Db, NewDevice};
use ply_server::testing::{TempDatabase, games};
use serde_json::Value;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

/// A database holding `records`, stored as the collector stores uploads.
async fn stored(t: &TempDatabase, records: &[GameRecord]) -> Db {
    let db = Db::connect(&t.url).await.expect("connect");
    db.insert_device(&NewDevice {
        id: "d1".into(),
        token_sha256: sha256_hex(b"d1"),
        platform: "test".into(),
        app_version: "0".into(),
        created_at_ms: 0,
    })
    .await
    .expect("device");
    let rows: Vec<_> = records
        .iter()
        .map(|r| {
            let json = r.to_json().expect("json");
            ply_server::ingest::check(&json).unwrap_or_else(|e| panic!("{e:?}"))
        })
        .collect();
    db.store_batch("d1", &rows, 1).await.expect("store");
    db
}

/// Runs `ply records analyze` and returns (games reviewed, reviews stored) from its summary.
fn analyze(url: &str, extra: &[&str]) -> (usize, usize) {
    let mut args = vec!["records", "analyze", "--db", url, "--depth", "2"];
    args.extend(extra);
    let o = ply(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    summary(&text(&o.stderr))
}

fn summary(stderr: &str) -> (usize, usize) {
    let last = stderr.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split_whitespace().collect();
    let number = |i: usize| words.get(i).and_then(|w| w.parse().ok());
    match (number(0), number(3)) {
        (Some(a), Some(b)) => (a, b),
        _ => panic!("no summary in {stderr}"),
    }
}

/// The records a review covers, in their order.
fn two_player(records: &[GameRecord]) -> Vec<GameRecord> {
    records
        .iter()
        .filter(|g| !g.game.is_multi_player())
        .cloned()
        .collect()
}

#[test]
fn every_game_is_reviewed_once_and_a_partial_run_resumes() {
    let records = games::mixed(2, 5);
    for t in TempDatabase::all_backends("analyze") {
        let rt = runtime();
        let db = rt.block_on(stored(&t, &records));
        // The multi-player games are stored but never claimed: a review covers two players.
        let records = two_player(&records);
        // A run stopped after three games, then the rest.
        assert_eq!(analyze(&t.url, &["--limit", "3", "--batch", "2"]), (3, 3));
        assert_eq!(rt.block_on(db.count_reviews()).expect("count"), 3);
        let rest = records.len() - 3;
        assert_eq!(analyze(&t.url, &[]), (rest, rest), "{}", t.backend);
        assert_eq!(analyze(&t.url, &[]), (0, 0), "nothing left");
        let reviews = rt.block_on(db.reviews()).expect("reviews");
        assert_eq!(reviews.len(), records.len());
        // Each stored review covers its game's moves (records are stored in order).
        for ((_, _, json), record) in reviews.iter().zip(&records) {
            let v: Value = serde_json::from_str(json).expect("review json");
            assert_eq!(
                v["moves"].as_array().map(Vec::len),
                Some(record.moves.len()),
                "{}: {json}",
                t.backend
            );
            assert_eq!(v["complete"], true);
        }
        exports_carry_the_reviews(&t.url, &records, &reviews);
        rt.block_on(db.close());
    }
}

/// `ply records export --reviews`: the draughts games as PDN with each move's review as its
/// comment (read back by the PDN reader), the others' moves each followed by a comment.
fn exports_carry_the_reviews(url: &str, records: &[GameRecord], reviews: &[(i64, String, String)]) {
    let export = |format: &str| {
        let o = ply(&[
            "records",
            "export",
            "--db",
            url,
            "--format",
            format,
            "--reviews",
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let comments: Vec<Vec<String>> = reviews
        .iter()
        .map(|(_, _, json)| ply_core::review::move_comments(json).expect("a stored review"))
        .collect();
    let pdn = export("pdn");
    let games: Vec<String> = pdn
        .split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .map(|g| format!("[Event {g}"))
        .collect();
    let checkers: Vec<usize> = (0..records.len())
        .filter(|&i| records[i].game == ply_core::games::GameKind::Draughts)
        .collect();
    assert_eq!(games.len(), checkers.len());
    for (text, &i) in games.iter().zip(&checkers) {
        let game = ply_core::games::draughts::pdn::read_pdn(text)
            .unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(game.comments, comments[i]);
        assert_eq!(game.moves.len(), records[i].moves.len());
    }
    let transcripts = export("transcript");
    let others: Vec<usize> = (0..records.len())
        .filter(|&i| records[i].game != ply_core::games::GameKind::Draughts)
        .collect();
    let lines: Vec<&str> = transcripts.lines().collect();
    assert_eq!(lines.len(), others.len());
    for (line, &i) in lines.iter().zip(&others) {
        assert_eq!(line.matches('{').count(), records[i].moves.len(), "{line}");
        assert!(line.contains(&format!("{{{}}}", comments[i][0])), "{line}");
    }
    let o = ply(&[
        "records",
        "export",
        "--db",
        url,
        "--format",
        "wthor",
        "--reviews",
        "--out",
        "/dev/null",
    ]);
    assert!(
        text(&o.stderr).contains("--reviews goes with"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_dead_workers_claim_is_skipped_then_taken_over_on_postgres() {
    let Some(t) = TempDatabase::postgres_from_env("analyze-claim") else {
        return;
    };
    let records = games::mixed(1, 9);
    let rt = runtime();
    let db = rt.block_on(stored(&t, &records));
    let records = two_player(&records);
    // A worker holds two games and stalls: the others are reviewed around it.
    let held = rt.block_on(db.claim_unreviewed(2)).expect("claim");
    assert_eq!(held.records.len(), 2);
    let others = records.len() - 2;
    assert_eq!(analyze(&t.url, &[]), (others, others));
    // It dies: its transaction ends, and the next run reviews its games.
    rt.block_on(held.abandon()).expect("abandon");
    assert_eq!(analyze(&t.url, &[]), (2, 2));
    assert_eq!(
        rt.block_on(db.count_reviews()).expect("count"),
        records.len() as i64
    );
    rt.block_on(db.close());
}

#[test]
fn two_workers_on_one_postgres_review_every_game_exactly_once() {
    let Some(t) = TempDatabase::postgres_from_env("analyze-two") else {
        return;
    };
    let records = games::mixed(3, 13);
    let rt = runtime();
    let db = rt.block_on(stored(&t, &records));
    let records = two_player(&records);
    let spawn = |name: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
            .args([
                "records",
                "analyze",
                "--db",
                &t.url,
                "--depth",
                "2",
                "--batch",
                "1",
                "--threads",
                "1",
                "--worker",
                name,
            ])
            .output()
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| spawn("a"));
        let b = s.spawn(|| spawn("b"));
        (a.join(), b.join())
    });
    let (a, b) = (
        a.expect("thread").expect("worker a"),
        b.expect("thread").expect("worker b"),
    );
    assert!(a.status.success() && b.status.success());
    let (ra, sa) = summary(&text(&a.stderr));
    let (rb, sb) = summary(&text(&b.stderr));
    // Between them every game, none twice: what each reviewed it also stored.
    assert_eq!(ra + rb, records.len(), "a {ra}, b {rb}");
    assert_eq!((sa, sb), (ra, rb));
    let reviews = rt.block_on(db.reviews()).expect("reviews");
    assert_eq!(reviews.len(), records.len());
    rt.block_on(db.close());
}

/// `ply records stats` after `ply records analyze`: people against each level (results, the
/// level's Elo, accuracy from the real reviews) and by phase, as the library computes them, and
/// the four charts as the collector draws them.
#[test]
fn stats_show_people_against_each_level_after_analysis() {
    let records: Vec<GameRecord> = two_player(&games::mixed(3, 21))
        .into_iter()
        .filter(|g| {
            g.players
                .iter()
                .any(|p| p.kind == ply_core::record::PlayerKind::Human)
        })
        .enumerate()
        .map(|(i, mut g)| {
            for p in &mut g.players {
                if let Some(e) = &mut p.engine {
                    e.level = Some(if i % 2 == 0 { 3 } else { 7 });
                }
            }
            g
        })
        .collect();
    let t = TempDatabase::sqlite().expect("a temporary database");
    let rt = runtime();
    let db = rt.block_on(stored(&t, &records));
    assert_eq!(analyze(&t.url, &[]), (records.len(), records.len()));
    let stats = rt.block_on(db.stats()).expect("stats");
    rt.block_on(db.close());
    assert!(!stats.human_by_level.is_empty() && !stats.human_by_phase.is_empty());
    assert!(
        stats
            .human_by_level
            .iter()
            .all(|r| r.human_accuracy.is_some_and(|a| (0.0..=100.0).contains(&a)))
    );

    let dir = tempfile::tempdir().expect("dir");
    let charts = dir.path().to_string_lossy().into_owned();
    let o = ply(&["records", "stats", "--db", &t.url, "--charts", &charts]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let section = out
        .split("people against each engine level")
        .nth(1)
        .expect("the level table");
    for r in &stats.human_by_level {
        let line = section
            .lines()
            .find(|l| {
                let cells: Vec<&str> = l.split_whitespace().collect();
                cells.first() == Some(&r.game.as_str())
                    && cells.get(1) == Some(&r.level.to_string().as_str())
            })
            .unwrap_or_else(|| panic!("no row for {} level {}: {section}", r.game, r.level));
        assert!(line.contains(&r.level_elo.display()), "{line}");
    }
    assert!(out.contains("people's reviewed moves by game phase"));
    for name in ply_server::charts::CHARTS {
        let written = std::fs::read_to_string(dir.path().join(format!("{name}.svg"))).expect(name);
        assert_eq!(
            Some(written),
            ply_server::charts::chart(name, &stats),
            "{name}"
        );
    }
    // Without --charts nothing is written, in the working directory or anywhere.
    let cwd = tempfile::tempdir().expect("dir");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["records", "stats", "--db", &t.url])
        .current_dir(cwd.path())
        .output()
        .expect("run ply");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_dir(cwd.path()).expect("cwd").count(), 0);
    assert!(text(&o.stdout).contains("charts: --charts DIR writes them as SVG"));
}
