//! Migration 5 on a database an older server filled: the move totals equal the figures the
//! move rows give (rows out of bounds counted apart), each device's stored counts are filled,
//! and a computer's resignation stored before it was refused no longer counts in the results.

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
        let bytes: usize = rows.iter().chain([&forged_row]).map(|r| r.body.len()).sum();
        assert_eq!(usage.stored_bytes, bytes as u64);
        pool.close().await;
    })
    .await;
}
