//! `POST /v1/games` with real records: every record replayed through `ply-core` before it is
//! stored, per-record verdicts, idempotency, conflicts, concurrent uploads, and the export and
//! statistics of what was stored. Each test runs on SQLite and (with PLY_TEST_POSTGRES_URL)
//! PostgreSQL.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use axum::http::StatusCode;
use common::{TestServer, on_each_backend, with_device_on_each_backend};
use ply_core::record::GameRecord;
use ply_core::sync::wire::{UploadResponse, UploadResult, UploadStatus};
use ply_server::testing::games;
use serde_json::{Value, json};

fn values(records: &[GameRecord]) -> Vec<Value> {
    records
        .iter()
        .map(|r| serde_json::to_value(r).expect("record to JSON"))
        .collect()
}

async fn upload(server: &TestServer, token: &str, records: &[Value]) -> UploadResponse {
    let reply = server.upload(token, records).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    serde_json::from_slice(&reply.body).expect("an UploadResponse")
}

fn code(result: &UploadResult) -> &str {
    result.reason.as_ref().map_or("", |r| r.code.as_str())
}

fn sorted(mut records: Vec<GameRecord>) -> Vec<GameRecord> {
    records.sort_by(|a, b| a.id.cmp(&b.id));
    records
}

async fn exported(server: &TestServer) -> Vec<GameRecord> {
    server
        .export_all(None, 4)
        .await
        .into_iter()
        .map(|v| serde_json::from_value(v).expect("export line is a record"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn valid_games_are_accepted_once_and_exported_as_sent() {
    with_device_on_each_backend("valid_games_accepted", |server, token| async move {
        let played = games::mixed(4, 11);
        let sent = values(&played);

        let first = upload(&server, &token, &sent).await;
        assert_eq!(first.results.len(), played.len());
        for (result, record) in first.results.iter().zip(&played) {
            assert_eq!(
                result.id.as_ref(),
                Some(&record.id),
                "results come in request order"
            );
            assert_eq!(result.status, UploadStatus::Accepted, "{result:?}");
            assert_eq!(result.reason, None);
        }
        // The same batch again: all duplicates, nothing new stored.
        let second = upload(&server, &token, &sent).await;
        assert!(
            second
                .results
                .iter()
                .all(|r| r.status == UploadStatus::Duplicate)
        );
        assert_eq!(server.stored_records().await, played.len() as i64);
        assert_eq!(sorted(exported(&server).await), sorted(played.clone()));

        // Filtered export: only that game, in upload order.
        let othello: Vec<_> = server
            .export_all(Some("othello"), 2)
            .await
            .into_iter()
            .map(|v| v["id"].as_str().unwrap().to_owned())
            .collect();
        let want: Vec<_> = played
            .iter()
            .filter(|g| g.game.name() == "othello")
            .map(|g| g.id.clone())
            .collect();
        assert_eq!(othello, want);
    })
    .await;
}

/// A valid record, and broken variants of it, each with the code its rejection must carry.
fn broken_records() -> (Value, Vec<(&'static str, Value, &'static str)>) {
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(5);
    let game = games::play::<ply_core::games::othello::Othello>(
        &mut rng,
        games::Seats::ComputerVsComputer,
    );
    let good = serde_json::to_value(&game).unwrap();
    let fresh_id = |v: &mut Value, n: u32| {
        v["id"] = json!(format!("11111111-2222-4333-8444-{n:012}"));
    };
    let mut cases = Vec::new();

    let mut v = good.clone();
    fresh_id(&mut v, 1);
    v["schema_version"] = json!(2);
    cases.push(("wrong schema version", v, "unsupported_schema_version"));

    let mut v = good.clone();
    fresh_id(&mut v, 2);
    // Othello's first move played twice: the second is illegal (occupied square, or not
    // the same side's move).
    let first = v["moves"][0].clone();
    v["moves"][1] = first;
    cases.push(("illegal move sequence", v, "illegal_move"));

    let mut v = good.clone();
    fresh_id(&mut v, 3);
    let winner = v["result"]["winner"].clone();
    v["result"]["winner"] = match winner.as_u64() {
        Some(0) => json!(1),
        Some(_) => json!(0),
        None => json!(0),
    };
    cases.push(("forged result", v, "result_mismatch"));

    let mut v = good.clone();
    fresh_id(&mut v, 4);
    let moves = v["moves"].as_array().unwrap().len();
    v["moves"].as_array_mut().unwrap().truncate(moves - 1);
    cases.push(("game cut short", v, "result_mismatch"));

    let mut v = good.clone();
    v["id"] = json!("not-a-uuid");
    cases.push(("bad id", v, "bad_id"));

    let mut v = good.clone();
    fresh_id(&mut v, 5);
    v["moves"][0]["notation"] = json!("a1");
    cases.push(("notation disagrees with the move", v, "notation_mismatch"));

    let mut v = good.clone();
    fresh_id(&mut v, 6);
    v["owner_email"] = json!("someone@example.org");
    cases.push(("unknown field", v, "malformed"));

    cases.push(("not an object", json!([1, 2, 3]), "malformed"));
    cases.push(("empty object", json!({}), "malformed"));

    (good, cases)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_records_are_rejected_with_their_reason_and_nothing_of_them_is_stored() {
    with_device_on_each_backend("invalid_records_rejected", |server, token| async move {
        let (good, cases) = broken_records();

        // Each alone.
        for (what, record, code) in &cases {
            let answer = upload(&server, &token, std::slice::from_ref(record)).await;
            let result = &answer.results[0];
            assert_eq!(result.status, UploadStatus::Rejected, "{what}: {result:?}");
            let reason = result.reason.as_ref().expect("a rejection has a reason");
            assert_eq!(&reason.code, code, "{what}: {}", reason.message);
            assert!(!reason.message.is_empty());
            if let Some(id) = record.get("id").and_then(Value::as_str) {
                assert_eq!(result.id.as_deref(), Some(id), "{what}: the id is echoed");
            }
        }
        assert_eq!(server.stored_records().await, 0);

        // Mixed with a valid record: only the valid one is stored, verdicts in order.
        let mut batch: Vec<Value> = cases.iter().map(|(_, r, _)| r.clone()).collect();
        batch.insert(3, good.clone());
        let answer = upload(&server, &token, &batch).await;
        for (i, result) in answer.results.iter().enumerate() {
            let want = if i == 3 {
                UploadStatus::Accepted
            } else {
                UploadStatus::Rejected
            };
            assert_eq!(result.status, want, "record {i}: {result:?}");
        }
        assert_eq!(server.stored_records().await, 1);
        let stored = exported(&server).await;
        assert_eq!(serde_json::to_value(&stored[0]).unwrap(), good);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_record_is_rejected_alone() {
    with_device_on_each_backend("oversized_record", |server, token| async move {
        let played = games::mixed(1, 3);
        let mut big = serde_json::to_value(&played[0]).unwrap();
        big["id"] = json!("22222222-2222-4333-8444-000000000001");
        // Inflate past the record limit with a long (valid-looking) engine option.
        big["players"][1]["engine"]["options"] =
            json!({ "padding": "x".repeat(ply_core::record::limits::MAX_RECORD_BYTES) });
        let mut batch = values(&played);
        batch.push(big);
        let answer = upload(&server, &token, &batch).await;
        let last = answer.results.last().unwrap();
        assert_eq!(last.status, UploadStatus::Rejected);
        assert_eq!(code(last), "too_large", "{last:?}");
        assert_eq!(server.stored_records().await, played.len() as i64);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_different_record_under_a_stored_id_is_rejected_as_a_conflict() {
    with_device_on_each_backend("id_conflict", |server, token| async move {
        let played = games::mixed(1, 21);
        let (a, b) = (&played[0], &played[1]);
        upload(&server, &token, &values(std::slice::from_ref(a))).await;
        let mut impostor = b.clone();
        impostor.id = a.id.clone();
        let answer = upload(&server, &token, &values(&[impostor])).await;
        let result = &answer.results[0];
        assert_eq!(result.status, UploadStatus::Rejected);
        assert_eq!(code(result), "id_conflict", "{result:?}");
        assert_eq!(
            exported(&server).await,
            vec![a.clone()],
            "the original is kept"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_uploads_of_the_same_records_from_two_clients_store_each_once() {
    on_each_backend("concurrent_uploads", |db| async move {
        // Two server instances on one database, a device on each.
        let one = TestServer::start(&db).await;
        let two = TestServer::start(&db).await;
        let t1 = one.register().await;
        let t2 = two.register().await;
        let played = games::mixed(5, 31);
        let sent = values(&played);
        let mut reversed = sent.clone();
        reversed.reverse();

        let mut tasks = Vec::new();
        for round in 0..3 {
            for (server, token, batch) in [(&one, &t1, &sent), (&two, &t2, &reversed)] {
                let server = server.clone();
                let token = token.clone();
                let chunks: Vec<Vec<Value>> =
                    batch.chunks(4 + round).map(<[Value]>::to_vec).collect();
                tasks.push(tokio::spawn(async move {
                    let mut statuses = Vec::new();
                    for chunk in chunks {
                        let answer = upload(&server, &token, &chunk).await;
                        statuses.extend(answer.results.into_iter().map(|r| (r.id, r.status)));
                    }
                    statuses
                }));
            }
        }
        let mut accepted: BTreeMap<String, usize> = BTreeMap::new();
        for task in tasks {
            for (id, status) in task.await.unwrap() {
                assert_ne!(status, UploadStatus::Rejected, "{id:?}");
                if status == UploadStatus::Accepted {
                    *accepted.entry(id.expect("id echoed")).or_default() += 1;
                }
            }
        }
        assert_eq!(
            accepted.len(),
            played.len(),
            "every record accepted by someone"
        );
        assert!(
            accepted.values().all(|&n| n == 1),
            "and by exactly one upload"
        );
        assert_eq!(sorted(exported(&one).await), sorted(played));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_agree_with_the_uploaded_games() {
    with_device_on_each_backend("stats_agree", |server, token| async move {
        let played = games::mixed(6, 41);
        upload(&server, &token, &values(&played)).await;

        let reply = server.get("/v1/stats", Some(common::ADMIN)).await;
        assert_eq!(reply.status, StatusCode::OK);
        let stats: ply_server::db::Stats = serde_json::from_slice(&reply.body).unwrap();
        assert_eq!(stats.records, played.len() as i64);

        // Independent tallies straight from the records.
        let mut wins: BTreeMap<(String, String), (i64, i64)> = BTreeMap::new();
        let mut nodes: BTreeMap<(String, String), (i64, i64)> = BTreeMap::new();
        for g in &played {
            for (seat, p) in g.players.iter().enumerate() {
                let engine = p
                    .engine
                    .as_ref()
                    .map_or("human".to_owned(), |e| e.algorithm.clone());
                let e = wins.entry((g.game.name().to_owned(), engine)).or_default();
                e.0 += 1;
                if g.result.winner == Some(seat as u8) {
                    e.1 += 1;
                }
            }
            // Who played each move: the replay says (in multi-player games a player out of
            // the game is skipped).
            let movers = ply_core::record::validate(g).expect("valid").moves;
            for (m, mover) in g.moves.iter().zip(&movers) {
                if let Some(st) = m.stats {
                    let seat = &g.players[usize::from(mover.mover)];
                    let engine = seat.engine.as_ref().expect("stats only on computer moves");
                    let e = nodes
                        .entry((g.game.name().to_owned(), engine.algorithm.clone()))
                        .or_default();
                    e.0 += 1;
                    e.1 += st.nodes as i64;
                }
            }
        }
        for ((game, engine), (games_played, won)) in &wins {
            let rows: Vec<_> = stats
                .results
                .iter()
                .filter(|r| &r.game == game && &r.engine == engine)
                .collect();
            let total: i64 = rows.iter().map(|r| r.games).sum();
            let total_wins: i64 = rows.iter().map(|r| r.wins).sum();
            assert_eq!(
                (total, total_wins),
                (*games_played, *won),
                "{game} {engine}"
            );
        }
        for ((game, engine), (moves, sum)) in &nodes {
            let rows: Vec<_> = stats
                .nodes_per_move
                .iter()
                .filter(|r| &r.game == game && &r.engine == engine)
                .collect();
            let got_moves: i64 = rows.iter().map(|r| r.moves).sum();
            let got_nodes: i64 = rows.iter().map(|r| r.nodes).sum();
            assert_eq!((got_moves, got_nodes), (*moves, *sum), "{game} {engine}");
        }
        let want_moves: i64 = nodes.values().map(|v| v.0).sum();
        let phase_moves: i64 = stats.nodes_by_phase.iter().map(|r| r.moves).sum();
        assert_eq!(phase_moves, want_moves);
    })
    .await;
}

/// `format=` gives a page in its field's format: the same bytes `export_field` writes for the
/// page's records (the CLI's export), the other games counted as skipped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_in_the_fields_formats() {
    use ply_core::games::GameKind;
    use ply_core::record::export::{FieldFormat, export_field};
    with_device_on_each_backend("export_field_formats", |server, token| async move {
        let played = games::mixed(3, 5);
        upload(&server, &token, &values(&played)).await;
        for format in FieldFormat::ALL {
            let uri = format!("/v1/games?format={}", format.name());
            let reply = server.get(&uri, Some(common::ADMIN)).await;
            assert_eq!(reply.status, StatusCode::OK, "{uri}: {}", reply.text());
            assert_eq!(reply.headers["content-type"], format.content_type());
            let held = played
                .iter()
                .filter(|r| format.holds().contains(&r.game))
                .count();
            let want = export_field(format, &played, ply_core::record::now_ms());
            assert_eq!(
                reply.headers["x-skipped"],
                (played.len() - held + want.refused.len()).to_string()
            );
            if format == FieldFormat::Wthor {
                // The header's date is the day of the export: compare the games.
                assert_eq!(reply.body.len(), want.bytes.len());
                assert_eq!(&reply.body[4..], &want.bytes[4..]);
                let othello = played
                    .iter()
                    .filter(|r| r.game == GameKind::Othello)
                    .count();
                assert_eq!(want.games + want.refused.len(), othello);
            } else {
                assert_eq!(reply.text(), String::from_utf8(want.bytes).expect("text"));
            }
        }
        let reply = server
            .get("/v1/games?format=sgf", Some(common::ADMIN))
            .await;
        let msg = reply.assert_error(StatusCode::BAD_REQUEST, "invalid_query");
        assert!(msg.contains("format") && msg.contains("sgf"), "{msg}");
    })
    .await;
}

/// `reviews=true` writes each reviewed game's stored review as a comment after each move (the
/// same bytes `export_field_with_comments` writes); games without a review stay plain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_with_the_stored_reviews() {
    use ply_core::record::export::{FieldFormat, export_field_with_comments};
    with_device_on_each_backend("export_reviews", |server, token| async move {
        let played = games::mixed(2, 8);
        upload(&server, &token, &values(&played)).await;
        // Every other stored game gets a review of two comments.
        let db = server.state.db();
        let claim = db.claim_unreviewed(100).await.expect("claim");
        let reviewed: Vec<(i64, String)> = claim
            .records
            .iter()
            .step_by(2)
            .map(|(seq, _)| {
                let review = serde_json::json!({ "moves": [
                    { "ply": 1, "mover": 0, "played": "a", "value_before": 1, "played_value": 0,
                      "best": "b", "loss": 1, "exact": false, "expected_before": 50.0,
                      "expected_after": 49.0, "label": "good", "forced": false },
                    { "ply": 2, "mover": 1, "played": "c", "value_before": 0, "played_value": 0,
                      "best": "c", "loss": 0, "exact": true, "expected_before": 50.0,
                      "expected_after": 50.0, "label": "best", "forced": false }
                ]});
                (*seq, review.to_string())
            })
            .collect();
        // Only the two-player games are claimed: a review covers nothing else.
        let claimed: Vec<(i64, String)> = claim
            .records
            .iter()
            .map(|(seq, body)| {
                let record = ply_core::record::parse_record(body.as_bytes()).expect("stored");
                (*seq, record.id)
            })
            .collect();
        let two_player: Vec<&str> = played
            .iter()
            .filter(|g| !g.game.is_multi_player())
            .map(|g| g.id.as_str())
            .collect();
        let claimed_ids: Vec<&str> = claimed.iter().map(|(_, id)| id.as_str()).collect();
        assert_eq!(claimed_ids, two_player);
        claim
            .finish(db, "test", &reviewed, 0)
            .await
            .expect("store reviews");
        let comments: Vec<Vec<String>> = played
            .iter()
            .map(|g| {
                claimed
                    .iter()
                    .find(|(_, id)| *id == g.id)
                    .and_then(|(seq, _)| reviewed.iter().find(|(s, _)| s == seq))
                    .map(|(_, json)| ply_core::review::move_comments(json).expect("comments"))
                    .unwrap_or_default()
            })
            .collect();
        for format in [FieldFormat::Pdn, FieldFormat::Transcript] {
            let uri = format!("/v1/games?format={}&reviews=true", format.name());
            let reply = server.get(&uri, Some(common::ADMIN)).await;
            assert_eq!(reply.status, StatusCode::OK, "{uri}: {}", reply.text());
            let want = export_field_with_comments(
                format,
                played.iter().zip(comments.iter().map(Vec::as_slice)),
                ply_core::record::now_ms(),
            );
            assert_eq!(reply.text(), String::from_utf8(want.bytes).expect("text"));
            assert!(
                reply.text().contains("{good 50% -> 49%, best b (search)}"),
                "{}",
                reply.text()
            );
        }
        let reply = server
            .get("/v1/games?format=pdn&reviews=maybe", Some(common::ADMIN))
            .await;
        let msg = reply.assert_error(StatusCode::BAD_REQUEST, "invalid_query");
        assert!(msg.contains("reviews"), "{msg}");
    })
    .await;
}
