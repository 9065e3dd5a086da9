//! Benchmark (not a test): disk bytes per budgeted byte. Stores records as a device would
//! (through the same validation and storing code) and compares what the database grew by
//! with what the storage budget charged the device for them (`devices.stored_bytes`).
//!
//! Two collections, each on a fresh database: honest games (the engines' own names), and the
//! probe's hostile ones (every computer seat named with 64 characters, every computer move
//! carrying statistics, the longest games the generator plays).
//!
//! ```text
//! cargo run --release -p ply-server --example disk -- [--records 2000] [--db sqlite|postgres]
//! ```

// A benchmark run by hand: a failed setup (the database, the server, a client) ends it with
// its reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use ply_core::games::GameKind;
use ply_server::db::{Db, NewDevice, StoredRecord};
use ply_server::ingest;
use ply_server::testing::TempDatabase;
use ply_server::testing::games::{Seats, play_kind};
use rand::SeedableRng;
use rand::rngs::SmallRng;

struct Args {
    records: usize,
    db: String,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        records: 2000,
        db: "sqlite".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--records" => {
                args.records = value()?.parse().map_err(|e| format!("--records: {e}"))?;
            }
            "--db" => args.db = value()?,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(args)
}

/// `n` records of two-player and multi-player games between computers, as stored rows; with
/// `hostile`, every computer seat's algorithm is a different 64-character name.
fn records(n: usize, hostile: bool) -> Vec<StoredRecord> {
    let mut rng = SmallRng::seed_from_u64(47);
    let kinds = [
        GameKind::Othello,
        GameKind::Draughts,
        GameKind::ConnectFour,
        GameKind::Focus,
    ];
    (0..n)
        .map(|i| {
            let mut record = play_kind(kinds[i % kinds.len()], &mut rng, Seats::ComputerVsComputer);
            if hostile {
                for (seat, player) in record.players.iter_mut().enumerate() {
                    if let Some(engine) = player.engine.as_mut() {
                        engine.algorithm = format!("{:0>64}", format!("e{i}x{seat}"));
                    }
                }
            }
            let json = record.to_json().expect("json");
            ingest::check(&json).unwrap_or_else(|e| panic!("record {i} refused: {e:?}"))
        })
        .collect()
}

/// Bytes the database occupies now (SQLite: the file and its write-ahead log after a
/// checkpoint; PostgreSQL: every table of the schema with its indexes and TOAST).
async fn disk_bytes(db: &Db, url: &str) -> u64 {
    match db {
        Db::Sqlite(pool, _) => {
            sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(pool)
                .await
                .expect("checkpoint");
            let path = url.trim_start_matches("sqlite://");
            let size = |p: &str| std::fs::metadata(p).map_or(0, |m| m.len());
            size(path) + size(&format!("{path}-wal"))
        }
        Db::Postgres(pool) => {
            sqlx::query("CHECKPOINT").execute(pool).await.ok();
            let total: i64 = sqlx::query_scalar(
                "SELECT CAST(COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS BIGINT) \
                 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE n.nspname = 'public' AND c.relkind = 'r'",
            )
            .fetch_one(pool)
            .await
            .expect("relation sizes");
            u64::try_from(total).unwrap_or(0)
        }
    }
}

/// A fresh database of `kind` (made outside any async runtime: PostgreSQL's is created on a
/// runtime of its own).
fn database(kind: &str) -> Result<TempDatabase, String> {
    match kind {
        "sqlite" => TempDatabase::sqlite().map_err(|e| e.to_string()),
        "postgres" => TempDatabase::postgres_from_env("disk")
            .ok_or_else(|| "set PLY_TEST_POSTGRES_URL for --db postgres".to_owned()),
        other => Err(format!("--db sqlite|postgres, not '{other}'")),
    }
}

async fn measure(
    temp: &TempDatabase,
    kind: &str,
    name: &str,
    rows: &[StoredRecord],
) -> Result<(), String> {
    let db = Db::connect(&temp.url).await.map_err(|e| e.to_string())?;
    db.insert_device(&NewDevice {
        id: "disk".into(),
        token_sha256: "0".repeat(64),
        platform: "cli".into(),
        app_version: "1".into(),
        created_at_ms: 0,
    })
    .await
    .map_err(|e| e.to_string())?;
    let before = disk_bytes(&db, &temp.url).await;
    let started = Instant::now();
    for batch in rows.chunks(50) {
        db.store_batch("disk", batch, ply_core::record::now_ms() as i64)
            .await
            .map_err(|e| e.to_string())?;
    }
    let after = disk_bytes(&db, &temp.url).await;
    let usage = db
        .device_usage("disk", ply_core::record::now_ms() as i64)
        .await
        .map_err(|e| e.to_string())?;
    let bodies: usize = rows.iter().map(|r| r.body.len()).sum();
    let grown = after.saturating_sub(before);
    println!(
        "| {kind} | {name} | {} | {:.1} | {:.1} | {:.1} | {:.2} | {:.0} s |",
        rows.len(),
        bodies as f64 / 1048576.0,
        usage.stored_bytes as f64 / 1048576.0,
        grown as f64 / 1048576.0,
        grown as f64 / usage.stored_bytes.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
    db.close().await;
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("disk: {e}");
            std::process::exit(2);
        }
    };
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    println!(
        "| database | records | n | bodies MiB | budgeted MiB | on disk MiB | disk / budgeted | time |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, hostile) in [("honest", false), ("64-char engine names", true)] {
        let rows = records(args.records, hostile);
        let measured =
            database(&args.db).and_then(|temp| rt.block_on(measure(&temp, &args.db, name, &rows)));
        if let Err(e) = measured {
            eprintln!("disk: {e}");
            std::process::exit(1);
        }
    }
}
