//! What a hostile client could do with free registrations and forged records, each against the
//! defended behaviour: storage budgets that token and address rotation cannot multiply, no
//! computer resignation in any result, start positions stored in canonical form and no text
//! that breaks an export, strict JSON, and exports that refuse what their format cannot hold.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::net::SocketAddr;

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use common::{ADMIN, Reply, TestServer, on_each_backend};
use ply_core::game::Game;
use ply_core::games::GameKind;
use ply_core::games::othello::Othello;
use ply_core::record::{GameRecord, validate};
use ply_core::sync::wire::{UploadResponse, UploadStatus};
use ply_server::budget::{DAY_MS, StorageBudget};
use ply_server::testing::games::{self, Seats};
use ply_server::testing::unthrottled_config;
use ply_server::{Config, ingest};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};

fn peer(last: u8) -> Option<SocketAddr> {
    Some(SocketAddr::from(([127, 0, 0, last], 50_000)))
}

/// Small budgets, so a test reaches every limit with a few records; no rate limits.
fn budget_config() -> Config {
    Config {
        budget: StorageBudget {
            enabled: true,
            first_records: 3,
            first_bytes: 1 << 20,
            earn_factor: 2,
            max_records: 100,
            max_bytes: 32 << 20,
            address_records: 5,
            address_bytes: 8 << 20,
            pool_records: 8,
            pool_bytes: 256 << 20,
            ..StorageBudget::default()
        },
        ..unthrottled_config(ADMIN)
    }
}

async fn register_at(server: &TestServer, from: u8) -> String {
    let reply = server
        .send_from(peer(from), &[], Method::POST, "/v1/devices", None, "")
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
    reply.json()["token"].as_str().expect("token").to_owned()
}

async fn upload_at(server: &TestServer, from: u8, token: &str, records: &[Value]) -> Reply {
    server
        .send_from(
            peer(from),
            &[],
            Method::POST,
            "/v1/games",
            Some(token),
            json!({ "records": records }).to_string(),
        )
        .await
}

/// `n` distinct valid games.
fn games(n: usize, seed: u64) -> Vec<Value> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let record =
                games::play_kind(GameKind::ConnectFour, &mut rng, Seats::ComputerVsComputer);
            serde_json::to_value(record).expect("json")
        })
        .collect()
}

fn statuses(reply: &Reply) -> Vec<UploadStatus> {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let parsed: UploadResponse = serde_json::from_str(&reply.text()).expect("upload response");
    parsed.results.iter().map(|r| r.status).collect()
}

fn count(statuses: &[UploadStatus], status: UploadStatus) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

fn retry_after(reply: &Reply) -> u64 {
    reply.headers[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rotating_tokens_or_addresses_buys_no_more_than_the_new_devices_budgets() {
    on_each_backend("budgets", |db| async move {
        let server = TestServer::with_config(&db, budget_config()).await;

        // One new device: its first day's three records, the rest deferred (kept by the
        // client), with a Retry-After no later than the day.
        let first = register_at(&server, 2).await;
        let batch = games(5, 1);
        let reply = upload_at(&server, 2, &first, &batch).await;
        let got = statuses(&reply);
        assert_eq!(count(&got, UploadStatus::Accepted), 3, "{got:?}");
        assert_eq!(&got[3..], [UploadStatus::Deferred; 2]);
        // The device's own day is used up: it can send again when its first record of the
        // day leaves the window, a day after it was stored.
        let wait = retry_after(&reply);
        assert!(
            (86_000..=DAY_MS as u64 / 1000 + 1).contains(&wait),
            "{wait}"
        );
        // Nothing fits now: 429 naming when to retry.
        let reply = upload_at(&server, 2, &first, &batch[3..]).await;
        reply.assert_error(StatusCode::TOO_MANY_REQUESTS, "budget_exhausted");
        assert!(retry_after(&reply) >= 86_000);
        // A re-send of what was stored costs nothing: still answered as duplicates.
        let got = statuses(&upload_at(&server, 2, &first, &batch[..3]).await);
        assert_eq!(got, [UploadStatus::Duplicate; 3]);
        // Stored and new records together (issue 47: all got 429 for a day): the stored one
        // is a duplicate the client may delete, the new one is deferred until the window
        // moves on.
        let mixed = [batch[1].clone(), batch[4].clone()];
        let reply = upload_at(&server, 2, &first, &mixed).await;
        assert_eq!(
            statuses(&reply),
            [UploadStatus::Duplicate, UploadStatus::Deferred]
        );
        assert!(retry_after(&reply) >= 86_000, "{}", retry_after(&reply));

        // Rotating tokens at the same address: the address's five records in all.
        let mut from_address = 3;
        for n in 0..3 {
            let token = register_at(&server, 2).await;
            let got = statuses_or_none(&upload_at(&server, 2, &token, &games(3, 10 + n)).await);
            from_address += count(&got, UploadStatus::Accepted);
        }
        assert_eq!(from_address, 5);

        // Rotating addresses too: the pool of eight new-device records in all.
        let mut from_all = from_address;
        for last in 10..20u8 {
            let token = register_at(&server, last).await;
            let got = statuses_or_none(
                &upload_at(&server, last, &token, &games(3, u64::from(last) * 7)).await,
            );
            from_all += count(&got, UploadStatus::Accepted);
        }
        assert_eq!(from_all, 8);
        assert_eq!(server.stored_records().await, 8);

        // An established device (ten records stored two days ago) earns twenty a day and does
        // not draw on the exhausted pool: an honest upload meanwhile succeeds.
        let honest = register_at(&server, 30).await;
        let id = device_id(&server, &honest).await;
        let old: Vec<_> = games(10, 99)
            .iter()
            .map(|v| {
                let record: GameRecord = serde_json::from_value(v.clone()).expect("record");
                ingest::to_row(&record, &validate(&record).expect("valid")).expect("row")
            })
            .collect();
        let two_days_ago = ply_core::record::now_ms() as i64 - 2 * DAY_MS;
        server
            .state
            .db()
            .store_batch(&id, &old, two_days_ago)
            .await
            .expect("history");
        let got = statuses(&upload_at(&server, 30, &honest, &games(5, 123)).await);
        assert_eq!(got, [UploadStatus::Accepted; 5]);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_new_devices_of_one_address_share_its_allowance() {
    on_each_backend("budgets_concurrent", |db| async move {
        let server = TestServer::with_config(&db, budget_config()).await;
        let mut tokens = Vec::new();
        for _ in 0..8 {
            tokens.push(register_at(&server, 40).await);
        }
        // Eight new devices upload at once: the address's five records in all, not five each
        // (the allowance is reserved before the store, not read and charged after it).
        let tasks: Vec<_> = tokens
            .into_iter()
            .enumerate()
            .map(|(n, token)| {
                let server = server.clone();
                tokio::spawn(async move {
                    let reply = upload_at(&server, 40, &token, &games(3, 500 + n as u64)).await;
                    count(&statuses_or_none(&reply), UploadStatus::Accepted)
                })
            })
            .collect();
        let mut accepted = 0;
        for task in tasks {
            accepted += task.await.expect("task");
        }
        assert_eq!(accepted, 5);
        assert_eq!(server.stored_records().await, 5);
    })
    .await;
}

/// Statuses of a 200, or none for a 429 (nothing stored).
fn statuses_or_none(reply: &Reply) -> Vec<UploadStatus> {
    if reply.status == StatusCode::TOO_MANY_REQUESTS {
        reply.assert_error(StatusCode::TOO_MANY_REQUESTS, "budget_exhausted");
        return Vec::new();
    }
    statuses(reply)
}

async fn device_id(server: &TestServer, token: &str) -> String {
    let hash = ply_server::auth::sha256_hex(token.as_bytes());
    server
        .state
        .db()
        .device_by_token_hash(&hash)
        .await
        .expect("query")
        .expect("registered")
}

/// An Othello game between a person (seat 0) and a level-10 computer, cut after one move and
/// ended by `resigner`'s resignation.
fn resigned_after_one_move(resigner: u8) -> Value {
    let mut rng = SmallRng::seed_from_u64(5);
    let record = games::play_kind(GameKind::Othello, &mut rng, Seats::HumanVsComputer);
    let mut v = serde_json::to_value(record).expect("json");
    v["players"][1]["engine"]["level"] = json!(10);
    v["moves"].as_array_mut().expect("moves").truncate(1);
    v["result"] = json!({ "winner": 1 - resigner, "reason": "resignation" });
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_never_resigns_in_a_stored_result() {
    common::with_device_on_each_backend("computer_resigns", |server, token| async move {
        let reply = server.upload(&token, &[resigned_after_one_move(1)]).await;
        let body = reply.json();
        assert_eq!(body["results"][0]["status"], "rejected", "{body}");
        assert_eq!(body["results"][0]["reason"]["code"], "computer_resigned");
        // A hundred of them leave level 10 without a game.
        let forged: Vec<Value> = (0..100u32)
            .map(|n| {
                let mut v = resigned_after_one_move(1);
                v["id"] = json!(format!("aaaaaaaa-bbbb-4ccc-8ddd-{n:012}"));
                v
            })
            .collect();
        for batch in forged.chunks(50) {
            let reply = server.upload(&token, batch).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        }
        assert_eq!(server.stored_records().await, 0);
        let stats = server.get("/v1/stats", Some(ADMIN)).await.json();
        assert_eq!(stats["human_by_level"], json!([]), "{stats}");
        // The person resigning is a result like any other.
        let reply = server.upload(&token, &[resigned_after_one_move(0)]).await;
        assert_eq!(reply.json()["results"][0]["status"], "accepted");
    })
    .await;
}

/// Issue 47 item 7: people were recognised by an engine named `human`, so six games between
/// engines, one of them a computer whose algorithm is named "human", put level 10 at Elo -1200
/// "against people". People are now recognised by their seat's kind, and the computer's name
/// counts as an unknown engine's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_named_human_is_no_person() {
    on_each_backend("computer_named_human", |db| async move {
        let server = TestServer::with_config(&db, unthrottled_config(ADMIN)).await;
        let token = register_at(&server, 60).await;
        let mut rng = SmallRng::seed_from_u64(47);
        let mut forged = Vec::new();
        while forged.len() < 6 {
            let mut v = serde_json::to_value(games::play_kind(
                GameKind::Othello,
                &mut rng,
                Seats::ComputerVsComputer,
            ))
            .expect("json");
            // The level-10 computer at seat 1 loses to the "person" at seat 0.
            if v["result"]["winner"] != json!(0) {
                continue;
            }
            v["players"][0]["engine"]["algorithm"] = json!("human");
            v["players"][1]["engine"]["level"] = json!(10);
            forged.push(v);
        }
        let got = statuses(&upload_at(&server, 60, &token, &forged).await);
        assert_eq!(got, [UploadStatus::Accepted; 6]);
        let stats = server.get("/v1/stats", Some(ADMIN)).await.json();
        assert_eq!(
            stats["human_by_level"],
            json!([]),
            "{}",
            stats["human_by_level"]
        );
        let engines: Vec<&str> = stats["results"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r["engine"].as_str().expect("engine"))
            .collect();
        assert!(!engines.contains(&"human"), "{engines:?}");
        assert!(engines.contains(&"other"), "{engines:?}");
        // The body keeps the name as sent.
        let exported = server.get("/v1/games", Some(ADMIN)).await.text();
        assert_eq!(exported.matches("\"algorithm\":\"human\"").count(), 6);
        // An honest device meanwhile: a person's two games against level 10, accepted within
        // the bound and the only ones counted against people.
        let honest = register_at(&server, 61).await;
        let people: Vec<Value> = (0..2)
            .map(|_| {
                let mut v = serde_json::to_value(games::play_kind(
                    GameKind::Othello,
                    &mut rng,
                    Seats::HumanVsComputer,
                ))
                .expect("json");
                v["players"][1]["engine"]["level"] = json!(10);
                v
            })
            .collect();
        let started = std::time::Instant::now();
        let got = statuses(&upload_at(&server, 61, &honest, &people).await);
        assert_eq!(got, [UploadStatus::Accepted; 2]);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        let stats = server.get("/v1/stats", Some(ADMIN)).await.json();
        let levels = stats["human_by_level"].as_array().expect("rows");
        assert_eq!(levels.len(), 1, "{levels:?}");
        assert_eq!(levels[0]["level"], json!(10), "{levels:?}");
        assert_eq!(
            levels[0]["games"],
            json!(2),
            "only the person's games: {levels:?}"
        );
    })
    .await;
}

/// A valid game from a set-up start: the position after the game's first two moves.
fn from_setup(kind: GameKind, seed: u64, start: &str) -> Value {
    let mut rng = SmallRng::seed_from_u64(seed);
    let record = games::play_kind(kind, &mut rng, Seats::ComputerVsComputer);
    let mut v = serde_json::to_value(record).expect("json");
    v["start_position"] = json!(start);
    v
}

fn reason(reply: &Reply) -> String {
    let body = reply.json();
    assert_eq!(body["results"][0]["status"], "rejected", "{body}");
    body["results"][0]["reason"]["code"]
        .as_str()
        .expect("code")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_positions_are_stored_canonical_and_no_text_can_break_an_export() {
    common::with_device_on_each_backend("canonical_starts", |server, token| async move {
        let standard = Othello::start().format_position();
        // What the probe sent: a second FEN tag inside the first, a transcript split in two,
        // Unicode line separators and a C1 control.
        let injections = [
            (
                GameKind::Draughts,
                "\n[FEN \"B:W21-32:B1-12\"]\n".to_owned(),
            ),
            (GameKind::Othello, "e6\nf4".to_owned()),
            (GameKind::Othello, format!("{standard}\u{2028}")),
            (GameKind::Othello, format!("{standard}\u{0085}")),
            (GameKind::Othello, format!("{standard}\r")),
        ];
        for (kind, start) in injections {
            let reply = server.upload(&token, &[from_setup(kind, 1, &start)]).await;
            assert_eq!(reason(&reply), "invalid_field", "{start:?}");
        }
        // Spellings of the standard start that parse: stored as the standard start (no
        // position), counted as standard, and in the WTHOR export.
        let spelled = from_setup(GameKind::Othello, 2, &format!("  {standard}  "));
        let reply = server.upload(&token, &[spelled]).await;
        assert_eq!(
            reply.json()["results"][0]["status"],
            "accepted",
            "{}",
            reply.text()
        );
        let exported = server.export_all(None, 100).await;
        assert_eq!(exported.len(), 1);
        assert!(
            exported[0].get("start_position").is_none(),
            "{}",
            exported[0]
        );
        let stats = server.get("/v1/stats", Some(ADMIN)).await.json();
        assert_eq!(stats["custom_start_records"], 0);
        let wthor = server
            .get("/v1/games?format=wthor&game=othello", Some(ADMIN))
            .await;
        assert_eq!(wthor.status, StatusCode::OK);
        assert_eq!(wthor.headers["x-skipped"], "0");
        // Every line of the transcript export is one game.
        let transcript = server
            .get("/v1/games?format=transcript&game=othello", Some(ADMIN))
            .await
            .text();
        let lines = transcript.lines().count();
        assert_eq!(lines, server.export_all(Some("othello"), 100).await.len());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_that_names_a_key_twice_is_refused() {
    common::with_device_on_each_backend("duplicate_keys", |server, token| async move {
        let good = games(1, 4).remove(0).to_string();
        // The record names its variant twice: the last would win in serde_json.
        let twice = good.replacen("\"variant\":", "\"variant\":\"x\",\"variant\":", 1);
        let reply = server
            .post_games(Some(&token), format!("{{\"records\":[{twice}]}}"))
            .await;
        assert_eq!(reason(&reply), "duplicate_key");
        // The envelope names `records` twice.
        let reply = server
            .post_games(
                Some(&token),
                format!("{{\"records\":[],\"records\":[{good}]}}"),
            )
            .await;
        reply.assert_error(StatusCode::BAD_REQUEST, "duplicate_key");
        assert_eq!(server.stored_records().await, 0);
        // A registration naming its platform twice.
        let reply = server
            .send(
                Method::POST,
                "/v1/devices",
                None,
                r#"{"platform":"ios","platform":"android","app_version":"1"}"#,
            )
            .await;
        reply.assert_error(StatusCode::BAD_REQUEST, "duplicate_key");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exports_honour_every_filter_and_refuse_what_a_format_cannot_hold() {
    common::with_device_on_each_backend("export_filters", |server, token| async move {
        let records: Vec<Value> = games::mixed(2, 8)
            .iter()
            .map(|r| serde_json::to_value(r).expect("json"))
            .collect();
        let reply = server.upload(&token, &records).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        for kind in GameKind::ALL {
            let page = server.export_all(Some(kind.name()), 100).await;
            assert_eq!(page.len(), 2, "{}", kind.name());
            assert!(page.iter().all(|r| r["game"] == kind.name()));
        }
        for (format, game) in [
            ("wthor", "checkers"),
            ("wthor", "virus"),
            ("pdn", "othello"),
            ("transcript", "virus"),
            ("transcript", "checkers"),
        ] {
            let reply = server
                .get(
                    &format!("/v1/games?format={format}&game={game}"),
                    Some(ADMIN),
                )
                .await;
            let message = reply.assert_error(StatusCode::BAD_REQUEST, "invalid_query");
            assert!(
                message.contains(format) && message.contains(game),
                "{message}"
            );
        }
        let pdn = server
            .send(
                Method::GET,
                "/v1/games?format=pdn&game=checkers",
                Some(ADMIN),
                Body::empty(),
            )
            .await;
        assert_eq!(pdn.status, StatusCode::OK);
        assert_eq!(pdn.text().matches("[Event").count(), 2, "{}", pdn.text());
    })
    .await;
}
