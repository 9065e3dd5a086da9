//! The storage layer on its own: exactly-once storage under repeats, conflicts and concurrent
//! writers (two instances on one database), export pagination, and the statistics against
//! sums computed here by hand. Runs on SQLite and (with PLY_TEST_POSTGRES_URL) PostgreSQL.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;

use common::on_each_backend;
use ply_server::auth::sha256_hex;
use ply_server::db::{Db, MoveRow, NewDevice, PlayerRow, StoreOutcome, StoredRecord};
use ply_server::testing::TempDatabase;

async fn device(db: &Db, id: &str) -> String {
    db.insert_device(&NewDevice {
        id: id.to_owned(),
        token_sha256: sha256_hex(id.as_bytes()),
        platform: "test".into(),
        app_version: "0".into(),
        created_at_ms: 0,
    })
    .await
    .expect("insert device");
    id.to_owned()
}

/// A pool on `t` holding one device, `d1`, for the tests that store as a single client.
async fn connect_with_device(t: &TempDatabase) -> (Db, String) {
    let db = Db::connect(&t.url).await.expect("connect");
    let dev = device(&db, "d1").await;
    (db, dev)
}

/// A synthetic row: game `game`, seat 0 `engine0` at depth `d0` wins against seat 1.
fn row(n: u32, game: &str, engine0: &str, d0: i64, nodes: &[i64]) -> StoredRecord {
    let id = format!("00000000-0000-4000-8000-{n:012}");
    let body = format!(r#"{{"id":"{id}","n":{n}}}"#);
    StoredRecord {
        body_sha256: sha256_hex(body.as_bytes()),
        body,
        game: game.into(),
        variant: "standard".into(),
        result: "win:0".into(),
        plies: nodes.len() as i64,
        standard_start: true,
        players: vec![
            PlayerRow {
                seat: 0,
                human: false,
                engine: engine0.into(),
                depth: d0,
                outcome: "win".into(),
                level: None,
            },
            PlayerRow {
                seat: 1,
                human: true,
                engine: "human".into(),
                depth: 0,
                outcome: "loss".into(),
                level: None,
            },
        ],
        moves: nodes
            .iter()
            .enumerate()
            .map(|(i, &n)| MoveRow {
                ply: 2 * i as i64,
                seat: 0,
                engine: engine0.into(),
                depth: d0,
                phase: if i == 0 { "opening" } else { "middlegame" }.into(),
                nodes: n,
                time_ms: 2,
            })
            .collect(),
        id,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_is_stored_once_however_often_it_is_sent() {
    on_each_backend("stored_once", |t| async move {
        let (db, dev) = connect_with_device(&t).await;
        let batch: Vec<_> = (0..5)
            .map(|n| row(n, "othello", "scout", 4, &[10]))
            .collect();
        let first = db.store_batch(&dev, &batch, 1).await.unwrap();
        assert!(
            first
                .iter()
                .all(|o| matches!(o, StoreOutcome::Accepted { .. }))
        );
        let second = db.store_batch(&dev, &batch, 2).await.unwrap();
        for (a, b) in first.iter().zip(&second) {
            let (StoreOutcome::Accepted { seq: s1 }, StoreOutcome::Duplicate { seq: s2 }) = (a, b)
            else {
                panic!("expected accepted then duplicate, got {a:?} then {b:?}");
            };
            assert_eq!(s1, s2, "a duplicate names the original row");
        }
        // The same record twice inside one batch: stored once.
        let twice = vec![
            row(9, "othello", "scout", 4, &[1]),
            row(9, "othello", "scout", 4, &[1]),
        ];
        let out = db.store_batch(&dev, &twice, 3).await.unwrap();
        assert!(matches!(out[0], StoreOutcome::Accepted { .. }));
        assert!(matches!(out[1], StoreOutcome::Duplicate { .. }));
        assert_eq!(db.count_records().await.unwrap(), 6);
        // Side tables were written once per stored record.
        let stats = db.stats().await.unwrap();
        let games: i64 = stats.results.iter().map(|r| r.games).sum();
        assert_eq!(games, 12, "two seats per stored record");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_different_body_under_an_existing_id_is_a_conflict_and_changes_nothing() {
    on_each_backend("conflict", |t| async move {
        let (db, dev) = connect_with_device(&t).await;
        let original = row(1, "othello", "scout", 4, &[10]);
        db.store_batch(&dev, std::slice::from_ref(&original), 1)
            .await
            .unwrap();
        let mut forged = row(1, "connect4", "alphabeta", 9, &[999]);
        forged.body = format!(r#"{{"id":"{}","forged":true}}"#, forged.id);
        forged.body_sha256 = sha256_hex(forged.body.as_bytes());
        let out = db.store_batch(&dev, &[forged], 2).await.unwrap();
        assert_eq!(out, vec![StoreOutcome::Conflict]);
        let page = db.export_page(0, None, 10).await.unwrap();
        assert_eq!(page.records.len(), 1);
        assert_eq!(page.records[0].1, original.body);
        let stats = db.stats().await.unwrap();
        assert!(stats.nodes_per_move.iter().all(|r| r.engine == "scout"));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_writers_on_two_instances_store_each_record_once() {
    on_each_backend("concurrent_writers", |t| async move {
        // Two pools stand for two server instances sharing the database.
        let a = Db::connect(&t.url).await.unwrap();
        let b = Db::connect(&t.url).await.unwrap();
        let dev = device(&a, "d1").await;
        let records: Vec<_> = (0..60)
            .map(|n| row(n, "othello", "pvs", 6, &[5, 6]))
            .collect();
        let mut tasks = Vec::new();
        for (i, db) in [a.clone(), b.clone(), a.clone(), b.clone()]
            .into_iter()
            .enumerate()
        {
            let dev = dev.clone();
            // Each writer sends every record, in batches of 7, starting at a different offset.
            let mut mine = records.clone();
            mine.rotate_left(i * 13);
            tasks.push(tokio::spawn(async move {
                let mut outcomes = Vec::new();
                for chunk in mine.chunks(7) {
                    let out = db.store_batch(&dev, chunk, 0).await.expect("store");
                    outcomes.extend(chunk.iter().map(|r| r.id.clone()).zip(out));
                }
                outcomes
            }));
        }
        let mut accepted = BTreeSet::new();
        let mut duplicates = 0;
        for task in tasks {
            for (id, outcome) in task.await.unwrap() {
                match outcome {
                    StoreOutcome::Accepted { .. } => assert!(accepted.insert(id), "accepted twice"),
                    StoreOutcome::Duplicate { .. } => duplicates += 1,
                    other => panic!("no {other:?} expected"),
                }
            }
        }
        assert_eq!(accepted.len(), 60);
        assert_eq!(duplicates, 3 * 60);
        assert_eq!(a.count_records().await.unwrap(), 60);
        let exported = a.export_page(0, None, 1000).await.unwrap();
        let ids: BTreeSet<_> = exported
            .records
            .iter()
            .map(|(_, body)| body.clone())
            .collect();
        assert_eq!(ids.len(), 60);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_pages_follow_the_cursor_without_gaps_or_repeats() {
    on_each_backend("export_pages", |t| async move {
        let (db, dev) = connect_with_device(&t).await;
        let records: Vec<_> = (0..23)
            .map(|n| {
                row(
                    n,
                    if n % 3 == 0 { "connect4" } else { "othello" },
                    "scout",
                    4,
                    &[1],
                )
            })
            .collect();
        for chunk in records.chunks(4) {
            db.store_batch(&dev, chunk, 0).await.unwrap();
        }
        for (game, expected) in [(None, 23), (Some("connect4"), 8), (Some("othello"), 15)] {
            let mut since = 0;
            let mut seen = Vec::new();
            loop {
                let page = db.export_page(since, game, 5).await.unwrap();
                assert!(page.records.len() <= 5);
                for (seq, body) in &page.records {
                    assert!(*seq > since);
                    seen.push(body.clone());
                }
                if !page.more {
                    break;
                }
                since = page.next_cursor;
            }
            let want: Vec<_> = records
                .iter()
                .filter(|r| game.is_none_or(|g| r.game == g))
                .map(|r| r.body.clone())
                .collect();
            assert_eq!(seen.len(), expected);
            assert_eq!(seen, want, "export is in upload order, each record once");
        }
        // Past the end: empty, cursor unchanged.
        let page = db.export_page(1_000_000, None, 5).await.unwrap();
        assert!(page.records.is_empty() && !page.more);
        assert_eq!(page.next_cursor, 1_000_000);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_match_sums_computed_by_hand() {
    on_each_backend("stats", |t| async move {
        let (db, dev) = connect_with_device(&t).await;
        let mut records = vec![
            row(1, "othello", "scout", 4, &[100, 300]),
            row(2, "othello", "scout", 4, &[200]),
            row(3, "othello", "alphabeta", 4, &[1000, 3000]),
            row(4, "connect4", "alphabeta", 8, &[7]),
        ];
        // Record 5: a draw between two engines.
        let mut draw = row(5, "othello", "scout", 6, &[50]);
        draw.result = "draw".into();
        draw.players[0].outcome = "draw".into();
        draw.players[1] = PlayerRow {
            seat: 1,
            human: false,
            engine: "alphabeta".into(),
            depth: 6,
            outcome: "draw".into(),
            level: None,
        };
        records.push(draw);
        db.store_batch(&dev, &records, 0).await.unwrap();

        let s = db.stats().await.unwrap();
        assert_eq!(s.records, 5);
        assert_eq!(s.devices, 1);
        let count = |g: &str| s.games.iter().find(|c| c.game == g).map(|c| c.records);
        assert_eq!(count("othello"), Some(4));
        assert_eq!(count("connect4"), Some(1));

        let result = |g: &str, e: &str, d: i64| {
            s.results
                .iter()
                .find(|r| r.game == g && r.engine == e && r.depth == d)
                .unwrap_or_else(|| panic!("no result row {g} {e} {d}: {:?}", s.results))
        };
        let scout4 = result("othello", "scout", 4);
        assert_eq!(
            (scout4.games, scout4.wins, scout4.draws, scout4.losses),
            (2, 2, 0, 0)
        );
        assert_eq!(scout4.win_rate, 1.0);
        let human = result("othello", "human", 0);
        assert_eq!((human.games, human.losses), (3, 3));
        assert_eq!(human.win_rate, 0.0);
        let ab6 = result("othello", "alphabeta", 6);
        assert_eq!((ab6.games, ab6.draws), (1, 1));
        assert_eq!(ab6.score_rate, 0.5);

        let nodes = |g: &str, e: &str, d: i64| {
            s.nodes_per_move
                .iter()
                .find(|r| r.game == g && r.engine == e && r.depth == d)
                .unwrap_or_else(|| panic!("no nodes row {g} {e} {d}"))
        };
        // Scout depth 4: moves 100, 300, 200 → 600 / 3.
        let n = nodes("othello", "scout", 4);
        assert_eq!((n.moves, n.nodes), (3, 600));
        assert_eq!(n.avg_nodes, 200.0);
        assert_eq!(n.avg_time_ms, 2.0);
        // Alpha-beta depth 4: 1000, 3000 → 2000.
        assert_eq!(nodes("othello", "alphabeta", 4).avg_nodes, 2000.0);
        assert_eq!(nodes("connect4", "alphabeta", 8).nodes, 7);

        let phase = |e: &str, p: &str| {
            s.nodes_by_phase
                .iter()
                .find(|r| r.game == "othello" && r.engine == e && r.phase == p)
                .map(|r| (r.moves, r.avg_nodes))
        };
        // Scout openings: 100 (rec 1), 200 (rec 2), 50 (rec 5) → 350 / 3.
        assert_eq!(phase("scout", "opening"), Some((3, 350.0 / 3.0)));
        assert_eq!(phase("scout", "middlegame"), Some((1, 300.0)));
    })
    .await;
}
