//! The collection's figures under attack: hostile numbers and forged starts cannot move what
//! `GET /v1/stats` reports, rows out of bounds already stored are skipped and counted (never a
//! 500), and the protocol's limits are the server's. Each test runs on SQLite and (with
//! PLY_TEST_POSTGRES_URL) PostgreSQL.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use axum::http::StatusCode;
use common::{ADMIN, TestServer, with_device_on_each_backend};
use ply_core::game::{EndReason, Game};
use ply_core::games::othello::Othello;
use ply_core::record::{
    EngineSettings, GameRecord, GameResult, MoveStats, PlayerInfo, RecordMeta, limits, now_ms,
    record_from_line, validate,
};
use ply_core::sync::wire::{MAX_BATCH_BYTES, MAX_BATCH_RECORDS, UploadResponse, UploadStatus};
use ply_server::Config;
use ply_server::db::NewDevice;
use ply_server::ingest;
use ply_server::testing::games::{self, Seats};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};

fn value(record: &GameRecord) -> Value {
    serde_json::to_value(record).expect("record to JSON")
}

/// The statistics as JSON, asserting 200.
async fn stats(server: &TestServer, query: &str) -> Value {
    let reply = server.get(&format!("/v1/stats{query}"), Some(ADMIN)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// Uploads one record and returns its verdict's status and code.
async fn upload_one(server: &TestServer, token: &str, record: &Value) -> (UploadStatus, String) {
    let reply = server.upload(token, std::slice::from_ref(record)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let answer: UploadResponse = serde_json::from_slice(&reply.body).expect("an UploadResponse");
    let result = answer.results.into_iter().next().expect("one result");
    let code = result.reason.map(|r| r.code).unwrap_or_default();
    (result.status, code)
}

/// A few genuine games, so the figures a hostile record could move are not empty.
async fn baseline(server: &TestServer, token: &str) {
    let played: Vec<Value> = games::mixed(3, 21).iter().map(value).collect();
    let reply = server.upload(token, &played).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(server.stored_records().await, played.len() as i64);
}

fn computer_game(seed: u64) -> GameRecord {
    let mut rng = SmallRng::seed_from_u64(seed);
    games::play::<Othello>(&mut rng, Seats::ComputerVsComputer)
}

fn fresh_id(v: &mut Value, n: u32) {
    v["id"] = json!(format!("aaaaaaaa-bbbb-4ccc-8ddd-{n:012}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_search_numbers_are_refused_and_leave_the_figures_unchanged() {
    with_device_on_each_backend("hostile_numbers", |server, token| async move {
        baseline(&server, &token).await;
        let before = stats(&server, "").await;
        let good = value(&computer_game(40));
        let near_2_63 = json!(i64::MAX - 1);
        // (what, field of two moves' stats, value, time to go with it)
        let attacks: Vec<(&str, &str, Value)> = vec![
            ("nodes near 2^63 (the overflow)", "nodes", near_2_63.clone()),
            ("nodes at u64::MAX", "nodes", json!(u64::MAX)),
            (
                "nodes just over the bound",
                "nodes",
                json!(limits::MAX_MOVE_NODES + 1),
            ),
            ("time near 2^63", "time_ms", near_2_63),
            (
                "time just over an hour",
                "time_ms",
                json!(limits::MAX_MOVE_TIME_MS + 1),
            ),
            ("depth 2^32 - 1", "depth", json!(u32::MAX)),
            ("score i32::MIN", "score", json!(i32::MIN)),
            // Within every bound alone, but 10^11 nodes in 1 ms is no device.
            (
                "impossible node rate",
                "nodes",
                json!(limits::MAX_MOVE_NODES),
            ),
        ];
        for (n, (what, field, hostile)) in attacks.into_iter().enumerate() {
            let mut v = good.clone();
            fresh_id(&mut v, n as u32);
            for i in [0, 1] {
                v["moves"][i]["stats"][field] = hostile.clone();
                if field == "nodes" {
                    v["moves"][i]["stats"]["time_ms"] = json!(0);
                }
            }
            let (status, code) = upload_one(&server, &token, &v).await;
            assert_eq!(status, UploadStatus::Rejected, "{what}");
            assert!(
                matches!(code.as_str(), "out_of_bounds" | "malformed"),
                "{what}: {code}"
            );
            assert_eq!(stats(&server, "").await, before, "{what} moved the figures");
        }
        // The largest plausible numbers are accepted and summed without trouble.
        let mut v = good.clone();
        fresh_id(&mut v, 99);
        let moves = v["moves"].as_array_mut().expect("moves");
        for m in moves.iter_mut() {
            m["stats"]["nodes"] = json!(limits::MAX_MOVE_NODES);
            m["stats"]["time_ms"] = json!(limits::MAX_MOVE_TIME_MS);
        }
        let count = moves.len() as u64;
        let thinking = count * limits::MAX_MOVE_TIME_MS;
        let end = v["ended_at_ms"].as_u64().expect("end");
        v["started_at_ms"] = json!(end - thinking);
        let (status, code) = upload_one(&server, &token, &v).await;
        assert_eq!(status, UploadStatus::Accepted, "{code}");
        let after = stats(&server, "").await;
        let total: f64 = after["nodes_per_move"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r["nodes"].as_f64().expect("nodes"))
            .sum();
        // Every move of that game at the bound, on top of the genuine games' nodes.
        assert!(total >= (count * limits::MAX_MOVE_NODES) as f64, "{total}");
    })
    .await;
}

/// A stored row of `record` with every number out of bounds, as an older server could have
/// stored it: two move rows near 2^63 (the sum that overflowed) and seats at depth 10 000.
fn poisoned_row(record: &GameRecord) -> ply_server::db::StoredRecord {
    let validated = validate(record).expect("a valid record");
    let mut row = ingest::to_row(record, &validated).expect("row");
    row.moves.truncate(2);
    for m in &mut row.moves {
        m.nodes = i64::MAX - 1;
        m.time_ms = i64::MAX - 1;
    }
    for p in &mut row.players {
        p.depth = 10_000;
    }
    row
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rows_out_of_bounds_already_stored_are_skipped_and_counted() {
    with_device_on_each_backend("poisoned_rows", |server, token| async move {
        baseline(&server, &token).await;
        let before = stats(&server, "").await;
        assert_eq!(before["skipped"], json!({"player_rows": 0, "move_rows": 0}));
        let db = server.state.db();
        db.insert_device(&NewDevice {
            id: "old-server".into(),
            token_sha256: "0".repeat(64),
            platform: "cli".into(),
            app_version: "0".into(),
            created_at_ms: 0,
        })
        .await
        .expect("device");
        let row = poisoned_row(&computer_game(41));
        db.store_batch("old-server", &[row], now_ms() as i64)
            .await
            .expect("stored as an older server would");

        for query in ["", "?start=any"] {
            let after = stats(&server, query).await;
            assert_eq!(
                after["skipped"],
                json!({"player_rows": 2, "move_rows": 2}),
                "{query}"
            );
            for figure in ["results", "nodes_per_move", "nodes_by_phase"] {
                assert_eq!(after[figure], before[figure], "{figure} {query}");
            }
            assert_eq!(
                after["records"],
                json!(before["records"].as_i64().unwrap() + 1)
            );
        }
        // The library call the CLI's `ply records stats` makes answers the same.
        let direct = db.stats().await.expect("stats");
        assert_eq!(direct.skipped.move_rows, 2);
    })
    .await;
}

fn engine(algorithm: &str, depth: u32) -> EngineSettings {
    EngineSettings {
        algorithm: algorithm.into(),
        depth: Some(depth),
        ..EngineSettings::default()
    }
}

/// The attacker's seats: "scout depth 30" (seat 0) beats a human.
fn forged_players() -> Vec<PlayerInfo> {
    vec![
        PlayerInfo::computer(engine("scout", 30)),
        PlayerInfo::human(),
    ]
}

fn meta(players: Vec<PlayerInfo>) -> RecordMeta {
    let now = now_ms();
    RecordMeta {
        id: None,
        players,
        started_at_ms: now - 60_000,
        ended_at_ms: now,
        client: ply_core::record::ClientInfo {
            app_version: "0.1.0".into(),
            platform: ply_core::record::Platform::Cli,
            ram_bucket: ply_core::record::RamBucket::Unknown,
        },
    }
}

/// Rows of `results` for `engine` at `depth`.
fn result_rows<'a>(stats: &'a Value, engine: &str, depth: i64) -> Vec<&'a Value> {
    stats["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|r| r["engine"] == engine && r["depth"] == depth)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wins_forged_from_set_up_positions_stay_out_of_the_results() {
    with_device_on_each_backend("forged_starts", |server, token| async move {
        baseline(&server, &token).await;
        let before = stats(&server, "").await;
        let base = computer_game(42);

        // 1. 64 black discs, no moves, "scout depth 30 wins": refused.
        let mut forged = base.clone();
        forged.id = "aaaaaaaa-bbbb-4ccc-8ddd-000000000001".into();
        forged.start_position = Some(Othello::from_colors(u64::MAX, 0, 0).format_position());
        forged.moves.clear();
        forged.players = forged_players();
        forged.result = GameResult {
            winner: Some(0),
            reason: EndReason::NoMovesForEither,
            margin: Some(64),
        };
        let (status, code) = upload_one(&server, &token, &value(&forged)).await;
        assert_eq!(
            (status, code.as_str()),
            (UploadStatus::Rejected, "no_moves")
        );
        assert_eq!(stats(&server, "").await, before);

        // 2. The near variant: one move from a set-up board. A legal game, stored and exported
        // but flagged, and out of the results.
        let pos = Othello::parse_position(&("X".repeat(62) + "O- X")).expect("position");
        let mut line = ply_core::line::GameLine::new(pos);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        line.play(legal[0]).expect("h8");
        let stats_h8 = [Some(MoveStats {
            nodes: 1,
            depth: 30,
            time_ms: 1,
            score: 64,
        })];
        let one_move = record_from_line(&line, &stats_h8, None, meta(forged_players()))
            .expect("a legal one-move game");
        let (status, code) = upload_one(&server, &token, &value(&one_move)).await;
        assert_eq!(status, UploadStatus::Accepted, "{code}");

        // 3. A resignation before the first move: accepted, no game played.
        let mut resigned = base.clone();
        resigned.id = "aaaaaaaa-bbbb-4ccc-8ddd-000000000003".into();
        resigned.moves.clear();
        resigned.players = forged_players();
        resigned.result = GameResult {
            winner: Some(0),
            reason: EndReason::Resignation,
            margin: None,
        };
        let (status, code) = upload_one(&server, &token, &value(&resigned)).await;
        assert_eq!(status, UploadStatus::Accepted, "{code}");

        let after = stats(&server, "").await;
        assert_eq!(after["results"], before["results"], "results moved");
        assert_eq!(after["custom_start_records"], json!(1));
        assert_eq!(after["results_include_custom_starts"], json!(false));
        assert!(result_rows(&after, "scout", 30).is_empty());
        // Asked for, the set-up game counts; the resignation never does.
        let any = stats(&server, "?start=any").await;
        let rows = result_rows(&any, "scout", 30);
        assert_eq!(rows.len(), 1, "{any}");
        assert_eq!(
            (rows[0]["games"].as_i64(), rows[0]["wins"].as_i64()),
            (Some(1), Some(1))
        );
        // Both are stored and exported as sent.
        let exported: Vec<String> = server
            .export_all(None, 100)
            .await
            .iter()
            .map(|v| v["id"].as_str().unwrap_or_default().to_owned())
            .collect();
        assert!(exported.contains(&one_move.id) && exported.contains(&resigned.id));

        // 4. The standard start spelled out is the standard start: counted.
        let mut spelled = base.clone();
        spelled.id = "aaaaaaaa-bbbb-4ccc-8ddd-000000000004".into();
        spelled.start_position = Some(Othello::start().format_position());
        let (status, code) = upload_one(&server, &token, &value(&spelled)).await;
        assert_eq!(status, UploadStatus::Accepted, "{code}");
        let counted = stats(&server, "").await;
        assert_ne!(counted["results"], before["results"]);
        assert_eq!(counted["custom_start_records"], json!(1));

        let reply = server.get("/v1/stats?start=sometimes", Some(ADMIN)).await;
        let msg = reply.assert_error(StatusCode::BAD_REQUEST, "invalid_query");
        assert!(msg.contains("'start'"), "{msg}");
    })
    .await;
}

/// The numbers `docs/sync-protocol.md` promises for one upload.
fn documented_limits() -> (usize, usize) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/sync-protocol.md");
    let doc = std::fs::read_to_string(path).expect("the protocol document");
    let flat = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let (_, rest) = flat
        .split_once("(at most ")
        .expect("the protocol states its batch bound as '(at most N records and M MiB'");
    let mut words = rest.split(' ');
    let records = words.next().and_then(|w| w.parse().ok()).expect("N");
    assert_eq!(words.next(), Some("records"));
    assert_eq!(words.next(), Some("and"));
    let mib: usize = words.next().and_then(|w| w.parse().ok()).expect("M");
    assert!(words.next().is_some_and(|w| w.starts_with("MiB")));
    (records, mib << 20)
}

/// `n` with a comma between thousands, as the documents write numbers.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[test]
fn the_protocol_document_states_the_default_budgets_and_body_bounds() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/sync-protocol.md");
    let doc = std::fs::read_to_string(path).expect("the protocol document");
    let flat = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let b = ply_server::budget::StorageBudget::default();
    let c = ply_server::conn::ConnectionLimits::default();
    for promise in [
        format!(
            "{} records and {} MiB on its first days; then {} what it stored",
            b.first_records,
            b.first_bytes >> 20,
            if b.earn_factor == 2 {
                "twice".to_owned()
            } else {
                format!("{} times", b.earn_factor)
            }
        ),
        format!(
            "up to {} records and {} MiB",
            thousands(b.max_records),
            b.max_bytes >> 20
        ),
        format!(
            "| {} records, {} MiB |",
            thousands(b.address_records),
            b.address_bytes >> 20
        ),
        format!(
            "| {} records, {} MiB |",
            thousands(b.pool_records),
            b.pool_bytes >> 20
        ),
        format!(
            "| one registration body | {} KiB |",
            c.registration_body_limit >> 10
        ),
        "256 KiB of JSON (`record::limits::MAX_RECORD_BYTES`)".to_owned(),
    ] {
        assert!(
            flat.contains(&promise),
            "docs/sync-protocol.md should say: {promise}"
        );
    }
    assert_eq!(ply_core::record::limits::MAX_RECORD_BYTES, 256 << 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_protocol_document_and_the_server_state_the_same_limits() {
    let (records, bytes) = documented_limits();
    assert_eq!((records, bytes), (MAX_BATCH_RECORDS, MAX_BATCH_BYTES));
    let config = Config::default();
    assert_eq!(config.max_batch_records, MAX_BATCH_RECORDS);
    assert_eq!(config.body_limit, MAX_BATCH_BYTES);

    with_device_on_each_backend("protocol_limits", |server, token| async move {
        // A full batch is accepted; one record more is refused whole.
        let mut rng = SmallRng::seed_from_u64(3);
        let game =
            games::play::<ply_core::games::connect4::ConnectFour>(&mut rng, Seats::HumanVsComputer);
        let full: Vec<Value> = (0..MAX_BATCH_RECORDS)
            .map(|n| {
                let mut v = value(&game);
                fresh_id(&mut v, n as u32);
                v
            })
            .collect();
        let reply = server.upload(&token, &full).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let mut over = full.clone();
        over.push(full[0].clone());
        let reply = server.upload(&token, &over).await;
        reply.assert_error(StatusCode::PAYLOAD_TOO_LARGE, "too_many_records");
        // A body one byte over the bound is refused before it is read.
        let padding = " ".repeat(MAX_BATCH_BYTES + 1 - r#"{"records":[]}"#.len());
        let reply = server
            .post_games(Some(&token), format!(r#"{{"records":[]}}{padding}"#))
            .await;
        reply.assert_error(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
    })
    .await;
}
