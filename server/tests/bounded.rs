//! Storage and statistics bounded in what is stored (issue 47 items 3 to 5), each attack against
//! the defended behaviour while an honest device's uploads go on within a bound:
//! - disk bytes per budgeted byte, with engine names as long as the format allows;
//! - a farm of established devices that earned the largest allowance, against the ceilings per
//!   address and for the whole collection;
//! - a flood of engine names, depths and outliers against the statistics' size, time and median;
//! - registrations from many addresses against the device rows they add.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use common::{ADMIN, Reply, TestServer, on_each_backend};
use ply_core::games::GameKind;
use ply_core::record::{GameRecord, validate};
use ply_core::sync::wire::{UploadResponse, UploadStatus};
use ply_server::budget::{DAY_MS, StorageBudget};
use ply_server::db::Db;
use ply_server::testing::games::{self, Seats};
use ply_server::testing::unthrottled_config;
use ply_server::{Config, ingest};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

/// How long an honest upload may take while an attack goes on.
const HONEST: Duration = Duration::from_secs(2);

/// The device id the collector gave `token` (the device must be registered).
async fn device_id(server: &TestServer, token: &str) -> String {
    let hash = ply_server::auth::sha256_hex(token.as_bytes());
    server
        .state
        .db()
        .device_by_token_hash(&hash)
        .await
        .expect("query")
        .expect("a registered device")
}

/// What the budget charged the device of `token` so far.
async fn charged(server: &TestServer, token: &str) -> u64 {
    let id = device_id(server, token).await;
    server
        .state
        .db()
        .device_usage(&id, ply_core::record::now_ms() as i64)
        .await
        .expect("usage")
        .stored_bytes
}

fn peer(a: u8, b: u8) -> Option<SocketAddr> {
    Some(SocketAddr::from(([127, 0, a, b], 50_000)))
}

async fn register_at(server: &TestServer, from: Option<SocketAddr>) -> Reply {
    server
        .send_from(from, &[], Method::POST, "/v1/devices", None, "")
        .await
}

async fn token_at(server: &TestServer, from: Option<SocketAddr>) -> String {
    let reply = register_at(server, from).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
    reply.json()["token"].as_str().expect("token").to_owned()
}

async fn upload_at(
    server: &TestServer,
    from: Option<SocketAddr>,
    token: &str,
    records: &[Value],
) -> Reply {
    server
        .send_from(
            from,
            &[],
            Method::POST,
            "/v1/games",
            Some(token),
            json!({ "records": records }).to_string(),
        )
        .await
}

/// The statuses of a 200, none for a 429 `budget_exhausted`.
fn statuses(reply: &Reply) -> Vec<UploadStatus> {
    if reply.status == StatusCode::TOO_MANY_REQUESTS {
        reply.assert_error(StatusCode::TOO_MANY_REQUESTS, "budget_exhausted");
        return Vec::new();
    }
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let parsed: UploadResponse = serde_json::from_str(&reply.text()).expect("upload response");
    parsed.results.iter().map(|r| r.status).collect()
}

fn accepted(reply: &Reply) -> usize {
    statuses(reply)
        .iter()
        .filter(|s| **s == UploadStatus::Accepted)
        .count()
}

fn retry_after(reply: &Reply) -> u64 {
    reply.headers[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds")
}

fn records(kind: GameKind, n: usize, seed: u64) -> Vec<GameRecord> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n)
        .map(|_| games::play_kind(kind, &mut rng, Seats::ComputerVsComputer))
        .collect()
}

fn values(records: &[GameRecord]) -> Vec<Value> {
    records
        .iter()
        .map(|r| serde_json::to_value(r).expect("json"))
        .collect()
}

/// Every computer seat renamed with a different name of the format's longest (64 characters).
fn long_names(records: &mut [GameRecord], salt: usize) {
    for (i, record) in records.iter_mut().enumerate() {
        for (seat, player) in record.players.iter_mut().enumerate() {
            if let Some(engine) = player.engine.as_mut() {
                engine.algorithm = format!("{:0>64}", format!("x{salt}y{i}z{seat}"));
            }
        }
    }
}

/// A device with 30 records stored two days ago: established, allowed 60 records a day.
async fn established(server: &TestServer, from: Option<SocketAddr>, seed: u64) -> String {
    let token = token_at(server, from).await;
    let id = device_id(server, &token).await;
    let history: Vec<_> = records(GameKind::ConnectFour, 30, seed)
        .iter()
        .map(|r| ingest::to_row(r, &validate(r).expect("valid")).expect("row"))
        .collect();
    let two_days_ago = ply_core::record::now_ms() as i64 - 2 * DAY_MS;
    server
        .state
        .db()
        .store_batch(&id, &history, two_days_ago)
        .await
        .expect("history");
    token
}

/// An honest established device's upload of `n` fresh games: every one accepted, in time.
async fn honest_upload(server: &TestServer, token: &str, seed: u64) -> Duration {
    let batch = values(&records(GameKind::Othello, 3, seed));
    let started = Instant::now();
    let reply = upload_at(server, peer(200, 1), token, &batch).await;
    let took = started.elapsed();
    assert_eq!(
        statuses(&reply),
        [UploadStatus::Accepted; 3],
        "{}",
        reply.text()
    );
    assert!(took < HONEST, "an honest upload took {took:?}");
    took
}

/// Bytes the database occupies now, as `examples/disk.rs` measures them.
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

/// Issue 47 item 4: move rows repeated 64-character engine names, and 14.9 MiB the budget
/// counted took 57.4 MiB on disk. Now the budget counts bytes on disk (the body and a fixed
/// amount per row) and no row grows with the moves or a name's length: a device storing
/// records with the longest names allowed takes at most what it was charged, plus a tenth for
/// the pages' slack (counting the body alone, without the rows, gives about 1.2 on SQLite).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn disk_bytes_stay_within_what_the_budget_counted() {
    on_each_backend("disk_per_budgeted_byte", |db| async move {
        let config = Config {
            budget: StorageBudget {
                first_records: 1_000,
                first_bytes: 256 << 20,
                address_records: 1_000,
                address_bytes: 256 << 20,
                ..StorageBudget::default()
            },
            ..unthrottled_config(ADMIN)
        };
        let server = TestServer::with_config(&db, config).await;
        let honest = established(&server, peer(200, 1), 1).await;
        let attacker = token_at(&server, peer(1, 1)).await;
        let mut hostile = records(GameKind::Othello, 150, 2);
        hostile.extend(records(GameKind::Focus, 50, 3));
        long_names(&mut hostile, 0);
        let before = disk_bytes(server.state.db(), &db.url).await;
        let honest_before = charged(&server, &honest).await;
        let mut honest_times = Vec::new();
        for (n, chunk) in values(&hostile).chunks(50).enumerate() {
            let reply = upload_at(&server, peer(1, 1), &attacker, chunk).await;
            assert_eq!(accepted(&reply), chunk.len(), "{}", reply.text());
            honest_times.push(honest_upload(&server, &honest, 100 + n as u64).await);
        }
        let after = disk_bytes(server.state.db(), &db.url).await;
        // The honest uploads grew the database too: count what they were charged.
        let charged =
            charged(&server, &attacker).await + charged(&server, &honest).await - honest_before;
        let grown = after.saturating_sub(before);
        let ratio = grown as f64 / charged as f64;
        eprintln!(
            "{}: {grown} bytes on disk for {charged} budgeted ({ratio:.2}); honest uploads {:?}",
            db.backend, honest_times
        );
        assert!(ratio <= 1.1, "{}: disk / budgeted = {ratio:.2}", db.backend);
    })
    .await;
}

/// A configuration whose ceilings a test reaches with a few uploads: 30 records a day per
/// address, 100 for the collection, devices' own allowances as by default.
fn ceilings() -> Config {
    Config {
        budget: StorageBudget {
            address_cap_records: 30,
            total_cap_records: 100,
            ..StorageBudget::default()
        },
        ..unthrottled_config(ADMIN)
    }
}

/// Issue 47 item 3: allowances grow with what a device stored (a farm's total tripled a day:
/// 30, 59, 177, 529 MiB a day for 50 devices on 10 addresses), and nothing bounded the whole.
/// Established devices on one address now store at most the address's ceiling a day however
/// much they earned, the collection at most its ceiling, the refused records are deferred with
/// a Retry-After within the day, and an honest device elsewhere is served meanwhile until the
/// collection's ceiling is reached.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_farm_stores_no_more_than_the_ceilings() {
    on_each_backend("farm_ceilings", |db| async move {
        let server = TestServer::with_config(&db, ceilings()).await;
        let honest = established(&server, peer(200, 1), 1).await;
        // Five established devices on 127.0.1.1, each allowed 60 records a day, and one on
        // each of six more addresses.
        let mut farm = Vec::new();
        for n in 0..5 {
            farm.push(established(&server, peer(1, 1), 10 + n).await);
        }
        let mut more = Vec::new();
        for a in 2..8u8 {
            more.push((
                a,
                established(&server, peer(a, 1), 100 + u64::from(a)).await,
            ));
        }
        let stored_before = server.stored_records().await;
        let mut stored = 0;
        let mut waits = Vec::new();
        for (n, token) in farm.iter().enumerate() {
            for round in 0..2u64 {
                let batch = values(&records(
                    GameKind::ConnectFour,
                    10,
                    1000 + 10 * n as u64 + round,
                ));
                let reply = upload_at(&server, peer(1, 1), token, &batch).await;
                stored += accepted(&reply);
                if reply.headers.contains_key(header::RETRY_AFTER) {
                    waits.push(retry_after(&reply));
                }
            }
            honest_upload(&server, &honest, 500 + n as u64).await;
        }
        assert_eq!(stored, 30, "the address's ceiling, not 5 x 60");
        assert!(
            !waits.is_empty(),
            "the refused records were told when to come back"
        );
        for wait in &waits {
            assert!((1..=DAY_MS as u64 / 1000 + 1).contains(wait), "{wait}");
        }
        // More addresses: the collection's 100 records a day in all, the honest ones included
        // (3 x 5 = 15 so far).
        let mut total = stored + 15;
        for (a, token) in &more {
            let a = *a;
            for round in 0..4u64 {
                let batch = values(&records(
                    GameKind::ConnectFour,
                    10,
                    2000 + 10 * u64::from(a) + round,
                ));
                let reply = upload_at(&server, peer(a, 1), token, &batch).await;
                total += accepted(&reply);
            }
        }
        assert_eq!(total, 100, "the collection's ceiling");
        assert_eq!(server.stored_records().await - stored_before, 100);
        // The honest device now waits too: its records are deferred, not lost or refused.
        let reply = upload_at(
            &server,
            peer(200, 1),
            &honest,
            &values(&records(GameKind::Othello, 2, 9)),
        )
        .await;
        assert!(statuses(&reply).is_empty() || statuses(&reply) == [UploadStatus::Deferred; 2]);
        assert!(retry_after(&reply) <= DAY_MS as u64 / 1000 + 1);
    })
    .await;
}

/// An Othello game with statistics on every computer move.
fn computer_game(seed: u64) -> GameRecord {
    records(GameKind::Othello, 1, seed).remove(0)
}

/// Issue 47 item 5: one day's new-device pool gave `/v1/stats` 7.6 MB with 10,002 result rows,
/// `nodes.svg` 720,234 px tall, and one record at the bounds moved the "alphabeta d4" average
/// from about 1e3 to 2e10 nodes a move. A flood of 64-character names, every depth and such a
/// record now leaves the answer and the charts bounded, the median of alphabeta d4 where the
/// honest games put it, and the statistics answered in time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_statistics_stay_small_and_robust_whatever_is_uploaded() {
    on_each_backend("stats_flood", |db| async move {
        let server = TestServer::with_config(&db, unthrottled_config(ADMIN)).await;
        let honest = token_at(&server, peer(200, 1)).await;
        // Honest alphabeta depth 4 games: about a thousand nodes a move.
        let mut rng = SmallRng::seed_from_u64(4);
        let mut honest_games = Vec::new();
        for n in 0..20 {
            let mut g = computer_game(100 + n);
            for p in &mut g.players {
                p.engine.as_mut().expect("engine").algorithm = "alphabeta".into();
            }
            for m in &mut g.moves {
                if let Some(s) = m.stats.as_mut() {
                    s.nodes = rng.random_range(500..1500);
                }
            }
            honest_games.push(g);
        }
        let reply = upload_at(&server, peer(200, 1), &honest, &values(&honest_games)).await;
        assert_eq!(accepted(&reply), 20, "{}", reply.text());
        let stats = server.get("/v1/stats", Some(ADMIN)).await.json();
        let row = |s: &Value| -> Value {
            s["nodes_per_move"]
                .as_array()
                .expect("rows")
                .iter()
                .find(|r| r["engine"] == "alphabeta" && r["depth"] == 4 && r["game"] == "othello")
                .cloned()
                .expect("alphabeta d4")
        };
        let honest_median = row(&stats)["median_nodes"].as_f64().expect("median");
        assert!((500.0..1500.0).contains(&honest_median), "{honest_median}");

        // The flood: 600 Connect Four games, every seat a different 64-character name or a
        // known engine at a random depth, and one Othello game at the bounds.
        let attacker = token_at(&server, peer(1, 1)).await;
        let mut flood = records(GameKind::ConnectFour, 600, 5);
        long_names(&mut flood[..300], 1);
        for g in &mut flood[300..] {
            for p in &mut g.players {
                let engine = p.engine.as_mut().expect("engine");
                engine.algorithm = ["alphabeta", "scout", "pvs", "mcts", "Alpha-Beta"]
                    [rng.random_range(0..5)]
                .into();
                engine.depth = Some(rng.random_range(0..=255));
            }
        }
        let mut outlier = computer_game(7);
        outlier.players[1]
            .engine
            .as_mut()
            .expect("engine")
            .algorithm = "alphabeta".into();
        let mut thinking = 0;
        for m in &mut outlier.moves {
            if let Some(s) = m.stats.as_mut() {
                s.nodes = ply_core::record::limits::MAX_MOVE_NODES;
                s.time_ms = 200_000;
                thinking += 200_000;
            }
        }
        outlier.started_at_ms = outlier.ended_at_ms - thinking;
        flood.push(outlier);
        for chunk in values(&flood).chunks(50) {
            let reply = upload_at(&server, peer(1, 1), &attacker, chunk).await;
            assert_eq!(accepted(&reply), chunk.len(), "{}", reply.text());
        }
        honest_upload_fresh(&server, &honest).await;

        let started = Instant::now();
        let reply = server.get("/v1/stats", Some(ADMIN)).await;
        let took = started.elapsed();
        assert_eq!(reply.status, StatusCode::OK);
        let stats = reply.json();
        let rows = |name: &str| stats[name].as_array().expect("rows").len();
        eprintln!(
            "{}: /v1/stats {} bytes in {took:?}: {} result rows, {} nodes rows, {} phase rows; \
             folded {}",
            db.backend,
            reply.body.len(),
            rows("results"),
            rows("nodes_per_move"),
            rows("nodes_by_phase"),
            stats["folded"]
        );
        assert!(took < Duration::from_secs(5), "{took:?}");
        assert!(reply.body.len() < 200_000, "{} bytes", reply.body.len());
        let limit = ply_server::db::MAX_ROWS;
        assert!(rows("results") <= limit, "{}", rows("results"));
        assert!(
            rows("nodes_per_move") <= limit,
            "{}",
            rows("nodes_per_move")
        );
        assert!(stats["folded"]["results"].as_i64().expect("folded") > 0);
        // Every engine is one the statistics know, a person, "other", or a game's rest row.
        for r in stats["results"].as_array().expect("rows") {
            let engine = r["engine"].as_str().expect("engine");
            assert!(engine.len() <= 9, "{engine}");
        }
        // Nothing was lost in the folding: every seat played is counted.
        let games: i64 = stats["results"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r["games"].as_i64().expect("games"))
            .sum();
        assert_eq!(games, 2 * (20 + 601 + 3));
        // One record at the bounds: the mean moves by orders of magnitude, the median not.
        let ab = row(&stats);
        let median = ab["median_nodes"].as_f64().expect("median");
        eprintln!(
            "{}: alphabeta d4 median {honest_median:.0} -> {median:.0}, mean {:.3e}",
            db.backend,
            ab["avg_nodes"].as_f64().unwrap_or(0.0)
        );
        assert!(
            (median / honest_median - 1.0).abs() < 0.25,
            "median {honest_median} -> {median}"
        );
        assert!(ab["avg_nodes"].as_f64().expect("mean") > 1e6);
        // Charts of a bounded size.
        for chart in ["results", "nodes", "levels", "accuracy"] {
            let reply = server
                .get(&format!("/v1/stats/charts/{chart}.svg"), Some(ADMIN))
                .await;
            assert_eq!(reply.status, StatusCode::OK);
            let svg = reply.text();
            let height: f64 = svg
                .split("height=\"")
                .nth(1)
                .and_then(|h| h.split('"').next())
                .and_then(|h| h.parse().ok())
                .expect("height");
            assert!(height < 7_000.0, "{chart}: {height} px");
            assert!(svg.len() < 150_000, "{chart}: {} bytes", svg.len());
        }
    })
    .await;
}

/// One more honest upload from the honest device's address (fresh games).
async fn honest_upload_fresh(server: &TestServer, token: &str) {
    let started = Instant::now();
    let reply = upload_at(
        server,
        peer(200, 1),
        token,
        &values(&records(GameKind::Othello, 3, 77)),
    )
    .await;
    assert_eq!(statuses(&reply), [UploadStatus::Accepted; 3]);
    assert!(started.elapsed() < HONEST);
}

/// The statistics are computed once for every request while nothing new is stored through
/// the instance (a flood of chart requests costs one computation), and afresh after an
/// upload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_statistics_are_reused_until_something_is_stored() {
    on_each_backend("stats_cache", |db| async move {
        let config = Config {
            stats_cache: Duration::from_secs(60),
            ..unthrottled_config(ADMIN)
        };
        let server = TestServer::with_config(&db, config).await;
        let token = token_at(&server, peer(200, 1)).await;
        let reply = upload_at(
            &server,
            peer(200, 1),
            &token,
            &values(&records(GameKind::Othello, 2, 1)),
        )
        .await;
        assert_eq!(accepted(&reply), 2);
        let first = server.get("/v1/stats", Some(ADMIN)).await.json();
        assert_eq!(first["records"], 2);
        // Written behind the instance's back: not seen while the answer is reused...
        let rows: Vec<_> = records(GameKind::Othello, 1, 2)
            .iter()
            .map(|r| ingest::to_row(r, &validate(r).expect("valid")).expect("row"))
            .collect();
        let id = device_id(&server, &token).await;
        server
            .state
            .db()
            .store_batch(&id, &rows, 0)
            .await
            .expect("store");
        for _ in 0..20 {
            let again = server.get("/v1/stats", Some(ADMIN)).await.json();
            assert_eq!(again, first);
        }
        // ...and an upload through it is seen at once.
        let reply = upload_at(
            &server,
            peer(200, 1),
            &token,
            &values(&records(GameKind::Othello, 1, 3)),
        )
        .await;
        assert_eq!(accepted(&reply), 1);
        let fresh = server.get("/v1/stats", Some(ADMIN)).await.json();
        assert_eq!(fresh["records"], 4);
    })
    .await;
}

/// Issue 47 item 6: device rows were not budgeted. Registrations from all addresses together
/// are bounded (here five, no refill), and a device that never stored anything is deleted a
/// week after registering, while established devices upload meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn device_rows_are_budgeted() {
    on_each_backend("device_rows", |db| async move {
        let config = Config {
            registrations_total: ply_server::ratelimit::RateLimit {
                per_second: 0.0001,
                burst: 6.0,
            },
            ..unthrottled_config(ADMIN)
        };
        let server = TestServer::with_config(&db, config).await;
        // An idle device registered eight days ago, and one that stored something.
        let old = |id: &str| ply_server::db::NewDevice {
            id: id.into(),
            token_sha256: ply_server::auth::sha256_hex(id.as_bytes()),
            platform: "cli".into(),
            app_version: "0".into(),
            created_at_ms: ply_core::record::now_ms() as i64 - 8 * DAY_MS,
        };
        server
            .state
            .db()
            .insert_device(&old("idle"))
            .await
            .expect("idle");
        server
            .state
            .db()
            .insert_device(&old("kept"))
            .await
            .expect("kept");
        let rows: Vec<_> = records(GameKind::ConnectFour, 1, 5)
            .iter()
            .map(|r| ingest::to_row(r, &validate(r).expect("valid")).expect("row"))
            .collect();
        server
            .state
            .db()
            .store_batch("kept", &rows, 0)
            .await
            .expect("store");
        // The first registration prunes (at most once an hour).
        let honest = token_at(&server, peer(200, 1)).await;
        // Registrations from many addresses: five more at most, whatever the addresses.
        let mut created = 0;
        for a in 1..=40u8 {
            let reply = register_at(&server, peer(a, 1)).await;
            match reply.status {
                StatusCode::CREATED => created += 1,
                _ => {
                    reply.assert_error(StatusCode::TOO_MANY_REQUESTS, "rate_limited");
                }
            }
        }
        assert_eq!(created, 5);
        honest_upload_fresh(&server, &honest).await;
        // The idle device is gone (pruned off the request's path), the other kept.
        let deadline = Instant::now() + Duration::from_secs(5);
        let gone = loop {
            let found = server
                .state
                .db()
                .device_by_token_hash(&ply_server::auth::sha256_hex(b"idle"))
                .await
                .expect("query");
            if found.is_none() || Instant::now() > deadline {
                break found.is_none();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert!(gone, "the idle device is deleted");
        assert!(
            server
                .state
                .db()
                .device_by_token_hash(&ply_server::auth::sha256_hex(b"kept"))
                .await
                .expect("query")
                .is_some()
        );
        assert_eq!(
            server.state.db().count_devices().await.expect("count"),
            1 + 1 + 5
        );
    })
    .await;
}

/// Statistics and export reach nothing without the admin token (the flood tests above read them
/// with it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_statistics_need_the_admin_token() {
    on_each_backend("stats_admin", |db| async move {
        let server = TestServer::with_config(&db, unthrottled_config(ADMIN)).await;
        let reply = server
            .send(
                Method::GET,
                "/v1/stats",
                Some("ply_not_admin"),
                Body::empty(),
            )
            .await;
        reply.assert_error(StatusCode::FORBIDDEN, "forbidden");
    })
    .await;
}
