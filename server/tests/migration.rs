//! Migrations on a database an older server filled. Migration 5: the move totals equal the
//! figures the move rows give (rows out of bounds counted apart), each device's stored counts
//! are filled, and a computer's resignation stored before it was refused no longer counts in
//! the results. Migration 7: engine names normalised, people recognised by their seat's kind,
//! the move rows turned into histograms and dropped, costs counted as the budget does.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::on_each_backend;
use ply_core::games::GameKind;
use ply_core::record::validate;
use ply_server::db::{Db, StoredRecord};
use ply_server::ingest;
use ply_server::testing::games::{self, Seats};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;

/// Runs `sql` on whichever pool `db` holds.
async fn exec(db: &Db, sql: &str) {
    let result = match db {
        Db::Sqlite(pool, _) => sqlx::query(sql).execute(pool).await.map(|_| ()),
        Db::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(|_| ()),
    };
    result.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// Inserts `row` as schema version 4 stores it (no budget columns, no totals).
async fn insert_v4(db: &Db, row: &StoredRecord, seq: i64) {
    exec(
        db,
        &format!(
            "INSERT INTO records (id, body_sha256, body, game, variant, result, plies, \
             device_id, received_at_ms, standard_start) VALUES ({}, {}, {}, {}, {}, {}, {}, \
             'old', {seq}, 1)",
            quoted(&row.id),
            quoted(&row.body_sha256),
            quoted(&row.body),
            quoted(&row.game),
            quoted(&row.variant),
            quoted(&row.result),
            row.plies
        ),
    )
    .await;
    for p in &row.players {
        let level = p.level.map_or("NULL".to_owned(), |l| l.to_string());
        exec(
            db,
            &format!(
                "INSERT INTO record_players (record_id, seat, engine, depth, outcome, level) \
                 VALUES ({}, {}, {}, {}, {}, {level})",
                quoted(&row.id),
                p.seat,
                quoted(&p.engine),
                p.depth,
                quoted(&p.outcome)
            ),
        )
        .await;
    }
    for m in &row.moves {
        exec(
            db,
            &format!(
                "INSERT INTO record_moves (record_id, ply, seat, engine, depth, phase, nodes, \
                 time_ms) VALUES ({}, {}, {}, {}, {}, {}, {}, {})",
                quoted(&row.id),
                m.ply,
                m.seat,
                quoted(&m.engine),
                m.depth,
                quoted(&m.phase),
                m.nodes,
                m.time_ms
            ),
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migration_5_fills_the_totals_and_drops_forged_resignations_from_the_results() {
    on_each_backend("migration_5", |db| async move {
        let pool = Db::connect_unmigrated(&db.url, 4).await.expect("connect");
        pool.migrate_up_to(4).await.expect("schema 4");
        exec(
            &pool,
            "INSERT INTO devices (id, token_sha256, platform, app_version, created_at_ms) \
             VALUES ('old', 'x', 'cli', '0', 0)",
        )
        .await;
        // Games between computers, every move with statistics; two rows out of bounds.
        let mut rng = SmallRng::seed_from_u64(9);
        let mut rows: Vec<StoredRecord> = (0..4)
            .map(|_| {
                let r = games::play_kind(GameKind::Othello, &mut rng, Seats::ComputerVsComputer);
                ingest::to_row(&r, &validate(&r).expect("valid")).expect("row")
            })
            .collect();
        rows[0].moves[0].nodes = i64::MAX - 1;
        rows[1].moves[3].time_ms = i64::MAX - 1;
        // A person "beating" a level-10 computer that resigned after one move, as an older
        // server accepted it.
        let person = games::play_kind(GameKind::Othello, &mut rng, Seats::HumanVsComputer);
        let mut forged = person.clone();
        forged.moves.truncate(1);
        forged.players[1].engine.as_mut().expect("engine").level = Some(10);
        let mut forged_row =
            ingest::to_row(&person, &validate(&person).expect("valid")).expect("row");
        forged_row.id = "aaaaaaaa-bbbb-4ccc-8ddd-000000000001".into();
        let mut body: serde_json::Value = serde_json::to_value(&forged).expect("json");
        body["id"] = json!(forged_row.id);
        body["result"] = json!({"winner": 0, "reason": "resignation"});
        forged_row.body = body.to_string();
        forged_row.result = "win:0".into();
        forged_row.plies = 1;
        forged_row.moves.clear();
        for p in &mut forged_row.players {
            p.outcome = if p.seat == 0 { "win" } else { "loss" }.into();
            if p.seat == 1 {
                p.level = Some(10);
            }
        }
        for (n, row) in rows.iter().chain([&forged_row]).enumerate() {
            insert_v4(&pool, row, n as i64 + 1).await;
        }

        pool.migrate().await.expect("migration 5");
        let stats = pool.stats().await.expect("stats");
        // The totals: what the in-bounds move rows give, by game, engine and depth.
        let mut expected = std::collections::BTreeMap::new();
        for m in rows.iter().flat_map(|r| &r.moves) {
            if m.nodes <= 100_000_000_000 && m.time_ms <= 3_600_000 {
                let e = expected
                    .entry((m.engine.clone(), m.depth))
                    .or_insert((0i64, 0i64));
                e.0 += 1;
                e.1 += m.nodes;
            }
        }
        let got: std::collections::BTreeMap<_, _> = stats
            .nodes_per_move
            .iter()
            .map(|r| ((r.engine.clone(), r.depth), (r.moves, r.nodes)))
            .collect();
        assert_eq!(got, expected, "{}", db.backend);
        assert_eq!(stats.skipped.move_rows, 2);
        // The forged resignation is stored, but no level has played a game.
        assert_eq!(stats.records, 5);
        assert!(
            stats.human_by_level.is_empty(),
            "{:?}",
            stats.human_by_level
        );
        assert!(
            stats.results.iter().all(|r| r.engine != "human"),
            "{:?}",
            stats.results
        );
        // The device's counts, from which its allowance is earned.
        let usage = pool.device_usage("old", i64::MAX / 2).await.expect("usage");
        assert_eq!(usage.stored_records, 5);
        // Counted as the budget now counts a record: its body and its rows (migration 7).
        let bytes: u64 = rows.iter().chain([&forged_row]).map(|r| r.cost()).sum();
        assert_eq!(usage.stored_bytes, bytes);
        pool.close().await;
    })
    .await;
}

/// Whether the database still has a `record_moves` table.
async fn has_move_rows(db: &Db) -> bool {
    match db {
        Db::Sqlite(pool, _) => sqlx::query_scalar::<_, String>(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'record_moves'",
        )
        .fetch_optional(pool)
        .await
        .expect("catalogue")
        .is_some(),
        Db::Postgres(pool) => sqlx::query_scalar::<_, Option<String>>(
            "SELECT CAST(to_regclass('record_moves') AS TEXT)",
        )
        .fetch_one(pool)
        .await
        .expect("catalogue")
        .is_some(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migration_7_normalises_engines_finds_people_by_kind_and_drops_the_move_rows() {
    on_each_backend("migration_7", |db| async move {
        let pool = Db::connect_unmigrated(&db.url, 4).await.expect("connect");
        pool.migrate_up_to(4).await.expect("schema 4");
        exec(
            &pool,
            "INSERT INTO devices (id, token_sha256, platform, app_version, created_at_ms) \
             VALUES ('old', 'x', 'cli', '0', 0)",
        )
        .await;
        // As an older server stored them: the engine names as sent, in every seat and move row.
        let mut rng = SmallRng::seed_from_u64(7);
        let mut rows = Vec::new();
        for n in 0..4 {
            let mut r = games::play_kind(GameKind::Othello, &mut rng, Seats::ComputerVsComputer);
            let names = ["Alpha-Beta".to_owned(), format!("{:x>64}", n)];
            for (player, name) in r.players.iter_mut().zip(&names) {
                player.engine.as_mut().expect("engine").algorithm = name.clone();
            }
            let mut row = ingest::to_row(&r, &validate(&r).expect("valid")).expect("row");
            for p in &mut row.players {
                p.engine = names[p.seat as usize].clone();
            }
            for m in &mut row.moves {
                m.engine = names[m.seat as usize].clone();
            }
            rows.push(row);
        }
        // A person against a computer whose algorithm is named "human" (level 10), which an
        // older server counted as a second person.
        let mut r = games::play_kind(GameKind::Othello, &mut rng, Seats::HumanVsComputer);
        while r.result.reason == ply_core::game::EndReason::Resignation {
            r = games::play_kind(GameKind::Othello, &mut rng, Seats::HumanVsComputer);
        }
        let engine = r.players[1].engine.as_mut().expect("engine");
        engine.algorithm = "human".into();
        engine.level = Some(10);
        let mut row = ingest::to_row(&r, &validate(&r).expect("valid")).expect("row");
        row.players[1].engine = "human".into();
        for m in &mut row.moves {
            m.engine = "human".into();
        }
        rows.push(row);
        for (n, row) in rows.iter().enumerate() {
            insert_v4(&pool, row, n as i64 + 1).await;
        }
        pool.migrate_up_to(6).await.expect("schema 6");
        // What schema 6 holds: the names as sent, and the moves summed under them.
        let scalar = |sql: &'static str| {
            let pool = pool.clone();
            async move {
                match &pool {
                    Db::Sqlite(p, _) => sqlx::query_scalar::<_, i64>(sql).fetch_one(p).await,
                    Db::Postgres(p) => sqlx::query_scalar::<_, i64>(sql).fetch_one(p).await,
                }
                .expect(sql)
            }
        };
        assert!(has_move_rows(&pool).await);
        assert_eq!(
            scalar("SELECT COUNT(*) FROM record_players WHERE LENGTH(engine) = 64").await,
            4
        );
        let moves_before = scalar("SELECT CAST(SUM(moves) AS BIGINT) FROM move_totals").await;

        pool.migrate().await.expect("migration 7");
        assert!(
            !has_move_rows(&pool).await,
            "{}: the move rows are gone",
            db.backend
        );
        let stats = pool.stats().await.expect("stats");
        let engines: std::collections::BTreeSet<&str> =
            stats.results.iter().map(|r| r.engine.as_str()).collect();
        assert_eq!(
            engines,
            ["alphabeta", "human", "other"].into_iter().collect(),
            "{}",
            db.backend
        );
        // One person played, not two; the computer named "human" is an "other" engine.
        let people: i64 = stats
            .results
            .iter()
            .filter(|r| r.engine == "human")
            .map(|r| r.games)
            .sum();
        assert_eq!(people, 1);
        assert_eq!(stats.human_by_level.len(), 1);
        assert_eq!(stats.human_by_level[0].games, 1);
        // The same moves as before, now with medians from the histograms.
        let moves: i64 = stats.nodes_per_move.iter().map(|r| r.moves).sum();
        assert_eq!(moves, moves_before);
        assert!(
            stats
                .nodes_per_move
                .iter()
                .all(|r| r.median_nodes.is_some())
        );
        let ab = stats
            .nodes_per_move
            .iter()
            .find(|r| r.engine == "alphabeta")
            .expect("alphabeta row");
        let mut nodes: Vec<i64> = rows[..4]
            .iter()
            .flat_map(|r| &r.moves)
            .filter(|m| m.seat == 0)
            .map(|m| m.nodes)
            .collect();
        nodes.sort_unstable();
        let exact = nodes[nodes.len() / 2] as f64;
        let median = ab.median_nodes.expect("median");
        assert!(
            (median / exact - 1.0).abs() < 0.2,
            "{}: median {median}, exact {exact}",
            db.backend
        );
        // Costs as the budget counts them.
        let usage = pool.device_usage("old", i64::MAX / 2).await.expect("usage");
        assert_eq!(
            usage.stored_bytes,
            rows.iter().map(|r| r.cost()).sum::<u64>()
        );
        // The server goes on storing, and a second start changes nothing.
        let next = games::play_kind(GameKind::Othello, &mut rng, Seats::ComputerVsComputer);
        let row = ingest::to_row(&next, &validate(&next).expect("valid")).expect("row");
        pool.store_batch("old", &[row], 1).await.expect("store");
        pool.migrate().await.expect("again");
        assert_eq!(pool.count_records().await.expect("count"), 6);
        pool.close().await;
    })
    .await;
}
