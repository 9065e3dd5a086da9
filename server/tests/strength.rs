//! People against the engine levels: results, each level's Elo against them, and their accuracy
//! by level and by game phase from the stored reviews, checked against tallies made here from
//! the uploaded records and reviews; the charts drawn from them; and a database of the previous
//! schema brought up to date (levels read from the stored bodies, review rows from the reviews).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use axum::http::StatusCode;
use common::{TestServer, with_device_on_each_backend};
use ply_core::record::{GameRecord, PlayerKind};
use ply_server::db::{Db, LevelRow, Stats};
use ply_server::testing::games;
use serde_json::{Value, json};

/// Two-player games of a person against a computer, each computer set to a level (1 to 4, by
/// position in the list); the multi-player and computer-only games are left out.
fn person_against_levels(seed: u64) -> Vec<GameRecord> {
    games::mixed(8, seed)
        .into_iter()
        .filter(|g| !g.game.is_multi_player())
        .filter(|g| g.players.iter().any(|p| p.kind == PlayerKind::Human))
        .enumerate()
        .map(|(i, mut g)| {
            for p in &mut g.players {
                if let Some(engine) = &mut p.engine {
                    engine.level = Some(1 + (i % 4) as u8);
                }
            }
            g
        })
        .collect()
}

async fn upload(server: &TestServer, token: &str, records: &[GameRecord]) {
    let values: Vec<Value> = records
        .iter()
        .map(|r| serde_json::to_value(r).expect("json"))
        .collect();
    let reply = server.upload(token, &values).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert!(!reply.text().contains("rejected"), "{}", reply.text());
}

async fn stats(server: &TestServer) -> Stats {
    let reply = server.get("/v1/stats", Some(common::ADMIN)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    serde_json::from_slice(&reply.body).expect("stats")
}

/// A made-up review of `record`: every move judged, the mover's expected score dropping by a
/// different amount each move, every fifth move forced.
fn review_of(record: &GameRecord) -> Value {
    let labels = ["best", "good", "inaccuracy", "mistake", "blunder"];
    let moves: Vec<Value> = record
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let drop = (i * 7 % 40) as f64;
            json!({
                "ply": i + 1, "mover": mover_of(record, i), "played": m.notation,
                "value_before": 0, "played_value": 0, "best": m.notation, "loss": 0,
                "exact": false, "expected_before": 60.0, "expected_after": 60.0 - drop,
                "label": labels[i % labels.len()], "forced": i % 5 == 4
            })
        })
        .collect();
    json!({ "game": record.game.name(), "moves": moves, "players": [], "complete": true })
}

/// Who played move `i`: the record's replay says (a pass is a move of its own).
fn mover_of(record: &GameRecord, i: usize) -> u8 {
    ply_core::record::validate(record).expect("valid").moves[i].mover
}

/// Lichess's accuracy of a move from its drop in expected score, written out here.
fn lichess_accuracy(drop: f64) -> f64 {
    (103.1668 * (-0.04354 * drop).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The phase of move `i` (0-based) of a two-player game by the documented ply thresholds.
fn phase(game: &str, i: usize) -> &'static str {
    let (mid, end) = match game {
        "othello" => (20, 40),
        "connect4" => (14, 28),
        _ => (20, 60),
    };
    if i < mid {
        "opening"
    } else if i < end {
        "middlegame"
    } else {
        "endgame"
    }
}

/// Per (game, level): the person's wins, draws, losses, and their reviewed moves' accuracy sum,
/// count and errors; per (game, phase): accuracy sum and count.
#[derive(Default)]
struct Tally {
    results: BTreeMap<(String, i64), (i64, i64, i64)>,
    by_level: BTreeMap<(String, i64), (f64, i64, i64)>,
    by_phase: BTreeMap<(String, String), (f64, i64)>,
}

fn tally(records: &[GameRecord]) -> Tally {
    let mut t = Tally::default();
    for g in records {
        let human = g
            .players
            .iter()
            .position(|p| p.kind == PlayerKind::Human)
            .expect("a person") as u8;
        let level = g
            .players
            .iter()
            .find_map(|p| p.engine.as_ref().and_then(|e| e.level))
            .expect("a level");
        let key = (g.game.name().to_owned(), i64::from(level));
        if !g.moves.is_empty() {
            let r = t.results.entry(key.clone()).or_default();
            match g.result.winner {
                Some(w) if w == human => r.0 += 1,
                None => r.1 += 1,
                Some(_) => r.2 += 1,
            }
        }
        let review = review_of(g);
        for (i, m) in review["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .enumerate()
        {
            if m["forced"] == true || m["mover"] != json!(human) {
                continue;
            }
            let drop = m["expected_before"].as_f64().expect("x")
                - m["expected_after"].as_f64().expect("x");
            let a = lichess_accuracy(drop);
            let l = t.by_level.entry(key.clone()).or_default();
            l.0 += a;
            l.1 += 1;
            if m["label"] == "mistake" || m["label"] == "blunder" {
                l.2 += 1;
            }
            let p = t
                .by_phase
                .entry((key.0.clone(), phase(&key.0, i).to_owned()))
                .or_default();
            p.0 += a;
            p.1 += 1;
        }
    }
    t
}

/// Claims every stored game and stores [`review_of`] for each.
async fn review_all(db: &Db, records: &[GameRecord]) {
    let claim = db.claim_unreviewed(1000).await.expect("claim");
    let reviews: Vec<(i64, String)> = claim
        .records
        .iter()
        .map(|(seq, body)| {
            let stored = ply_core::record::parse_record(body.as_bytes()).expect("stored");
            let record = records
                .iter()
                .find(|r| r.id == stored.id)
                .expect("uploaded");
            (*seq, review_of(record).to_string())
        })
        .collect();
    assert_eq!(reviews.len(), records.len());
    claim.finish(db, "test", &reviews, 0).await.expect("store");
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

fn check_levels(stats: &Stats, t: &Tally, reviewed: bool) {
    let rows: BTreeMap<(String, i64), &LevelRow> = stats
        .human_by_level
        .iter()
        .map(|r| ((r.game.clone(), r.level), r))
        .collect();
    assert_eq!(
        rows.keys().collect::<Vec<_>>(),
        t.results.keys().collect::<Vec<_>>()
    );
    for (key, &(w, d, l)) in &t.results {
        let row = rows[key];
        assert_eq!(
            (row.human_wins, row.human_draws, row.human_losses),
            (w, d, l),
            "{key:?}"
        );
        assert_eq!(row.games, w + d + l);
        // The level's Elo from its own score against the person: -400 log10(1/s - 1).
        let s = (l as f64 + d as f64 / 2.0) / (w + d + l) as f64;
        let elo = if s <= 0.0 {
            -1200.0
        } else if s >= 1.0 {
            1200.0
        } else {
            (-400.0 * (1.0 / s - 1.0).log10()).clamp(-1200.0, 1200.0)
        };
        assert!(
            close(row.level_elo.diff, elo),
            "{key:?}: {:?} vs {elo}",
            row.level_elo
        );
        assert!(row.level_elo.lo <= row.level_elo.diff && row.level_elo.diff <= row.level_elo.hi);
        if reviewed {
            let (sum, n, errors) = t.by_level[key];
            assert_eq!(row.reviewed_moves, n, "{key:?}");
            assert!(
                close(row.human_accuracy.expect("accuracy"), sum / n as f64),
                "{key:?}"
            );
            assert!(close(
                row.human_error_rate.expect("errors"),
                errors as f64 / n as f64
            ));
        } else {
            assert_eq!((row.reviewed_moves, row.human_accuracy), (0, None));
        }
    }
    if reviewed {
        let phases: BTreeMap<(String, String), (f64, i64)> = stats
            .human_by_phase
            .iter()
            .map(|r| ((r.game.clone(), r.phase.clone()), (r.accuracy, r.moves)))
            .collect();
        assert_eq!(phases.len(), t.by_phase.len());
        for (key, &(sum, n)) in &t.by_phase {
            let (accuracy, moves) = phases[key];
            assert_eq!(moves, n, "{key:?}");
            assert!(close(accuracy, sum / n as f64), "{key:?}");
        }
    } else {
        assert!(stats.human_by_phase.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_against_each_level_match_the_records_and_reviews() {
    with_device_on_each_backend("strength", |server, token| async move {
        let records = person_against_levels(17);
        assert!(records.len() >= 12, "{} games", records.len());
        // Games between people or computers only, and multi-player games, count for no level.
        let others: Vec<GameRecord> = games::mixed(2, 99)
            .into_iter()
            .filter(|g| {
                g.game.is_multi_player() || g.players.iter().all(|p| p.kind != PlayerKind::Human)
            })
            .collect();
        upload(&server, &token, &records).await;
        upload(&server, &token, &others).await;
        let t = tally(&records);
        check_levels(&stats(&server).await, &t, false);

        let db = server.state.db();
        review_all(
            db,
            &records
                .iter()
                .chain(others.iter().filter(|g| !g.game.is_multi_player()))
                .cloned()
                .collect::<Vec<_>>(),
        )
        .await;
        let after = stats(&server).await;
        check_levels(&after, &t, true);

        // The charts draw one row per level and per reviewed level and phase.
        let levels = server
            .get("/v1/stats/charts/levels.svg", Some(common::ADMIN))
            .await;
        assert_eq!(levels.status, StatusCode::OK);
        assert_eq!(levels.headers["content-type"], "image/svg+xml");
        let svg = levels.text();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(
            svg.matches("class=\"estimate\"").count(),
            after.human_by_level.len()
        );
        assert_eq!(
            svg.matches("class=\"interval\"").count(),
            after.human_by_level.len()
        );
        let accuracy = server
            .get("/v1/stats/charts/accuracy.svg", Some(common::ADMIN))
            .await
            .text();
        assert_eq!(
            accuracy.matches("class=\"accuracy\"").count(),
            after.human_by_level.len() + after.human_by_phase.len()
        );
        for name in ply_server::charts::CHARTS {
            let reply = server
                .get(
                    &format!("/v1/stats/charts/{name}.svg?start=any"),
                    Some(common::ADMIN),
                )
                .await;
            assert_eq!(reply.status, StatusCode::OK, "{name}");
        }
        let msg = server
            .get("/v1/stats/charts/elo.png", Some(common::ADMIN))
            .await
            .assert_error(StatusCode::BAD_REQUEST, "unknown_chart");
        assert!(msg.contains("levels.svg"), "{msg}");
        let denied = server.get("/v1/stats/charts/levels.svg", None).await;
        assert_eq!(denied.status, StatusCode::UNAUTHORIZED);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_collection_of_the_previous_schema_gains_levels_and_review_rows() {
    with_device_on_each_backend("strength_migration", |server, token| async move {
        let records = person_against_levels(23);
        upload(&server, &token, &records).await;
        let db = server.state.db();
        review_all(db, &records).await;
        let t = tally(&records);
        check_levels(&stats(&server).await, &t, true);

        // Back to what migration 3 left: no level column, no review rows, migration 4 unapplied.
        for sql in [
            "DROP TABLE review_moves",
            "ALTER TABLE record_players DROP COLUMN level",
            "DELETE FROM _sqlx_migrations WHERE version = 4",
        ] {
            match db {
                Db::Sqlite(pool, _) => sqlx::query(sql).execute(pool).await.map(|_| ()),
                Db::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(|_| ()),
            }
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
        db.migrate().await.expect("migrate");
        check_levels(&stats(&server).await, &t, true);
    })
    .await;
}
