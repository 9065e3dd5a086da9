//! `ply-server farms` and `ply-server purge` on a database a farm uploaded to (issue 47 item 3:
//! a documented way to see and purge a farm): the farm's registration address comes first, its
//! devices are listed by address, a purge without --yes changes nothing, and with it the farm's
//! devices, records and their moves in the statistics go while an honest device's stay and it
//! keeps uploading.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::net::SocketAddr;
use std::process::Command;

use axum::http::{Method, StatusCode};
use common::{ADMIN, TestServer, on_each_backend};
use ply_core::games::GameKind;
use ply_core::record::validate;
use ply_core::sync::wire::{UploadResponse, UploadStatus};
use ply_server::ingest;
use ply_server::testing::games::{self, Seats};
use ply_server::testing::unthrottled_config;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};

fn peer(a: u8) -> Option<SocketAddr> {
    Some(SocketAddr::from(([127, 0, a, 5], 50_000)))
}

fn games_of(n: usize, seed: u64) -> Vec<Value> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let g = games::play_kind(GameKind::Othello, &mut rng, Seats::ComputerVsComputer);
            serde_json::to_value(g).expect("json")
        })
        .collect()
}

async fn register(server: &TestServer, a: u8) -> String {
    let reply = server
        .send_from(peer(a), &[], Method::POST, "/v1/devices", None, "")
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
    reply.json()["token"].as_str().expect("token").to_owned()
}

async fn upload(server: &TestServer, a: u8, token: &str, records: &[Value]) -> StatusCode {
    let reply = server
        .send_from(
            peer(a),
            &[],
            Method::POST,
            "/v1/games",
            Some(token),
            json!({ "records": records }).to_string(),
        )
        .await;
    if reply.status == StatusCode::OK {
        let parsed: UploadResponse = serde_json::from_str(&reply.text()).expect("answer");
        assert!(
            parsed
                .results
                .iter()
                .all(|r| r.status == UploadStatus::Accepted),
            "{}",
            reply.text()
        );
    }
    reply.status
}

/// Runs `ply-server` with `args`; its exit status and standard output.
fn ply_server(args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_ply-server"))
        .args(args)
        .output()
        .expect("run ply-server");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    (
        output.status.code().unwrap_or(-1),
        format!("{stdout}{stderr}"),
    )
}

/// Computer moves the statistics count.
async fn counted_moves(server: &TestServer) -> i64 {
    let stats = server.state.db().stats().await.expect("stats");
    stats.nodes_per_move.iter().map(|r| r.moves).sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_farm_is_seen_by_its_address_and_purged_with_what_it_stored() {
    on_each_backend("farms", |db| async move {
        let server = TestServer::with_config(&db, unthrottled_config(ADMIN)).await;
        let honest = register(&server, 6).await;
        let honest_games = games_of(3, 1);
        assert_eq!(
            upload(&server, 6, &honest, &honest_games).await,
            StatusCode::OK
        );
        let honest_moves = counted_moves(&server).await;
        let mut farm = Vec::new();
        for n in 0..3 {
            let token = register(&server, 5).await;
            assert_eq!(
                upload(&server, 5, &token, &games_of(4, 10 + n)).await,
                StatusCode::OK
            );
            farm.push(token);
        }
        assert!(counted_moves(&server).await > honest_moves);
        let url = db.url.as_str();

        // The farm's address first, with its three devices and twelve records.
        let (status, out) = ply_server(&["farms", "--db", url]);
        assert_eq!(status, 0, "{out}");
        let first = out.lines().nth(2).unwrap_or_else(|| panic!("a row: {out}"));
        let cells: Vec<&str> = first.split_whitespace().collect();
        assert_eq!(cells.get(1..3), Some(&["3", "12"][..]), "{out}");
        let tag = cells[0].to_owned();
        // Listed by address or by tag alike.
        let (status, by_address) = ply_server(&["farms", "--db", url, "--address", "127.0.5.5"]);
        assert_eq!(status, 0, "{by_address}");
        assert!(
            by_address.contains(&format!("registered from {tag}: 3")),
            "{by_address}"
        );
        let (_, by_tag) = ply_server(&["farms", "--db", url, "--tag", &tag]);
        assert_eq!(by_tag, by_address);

        // Without --yes, nothing goes.
        let (status, out) = ply_server(&["purge", "--db", url, "--address", "127.0.5.5"]);
        assert_eq!(status, 0, "{out}");
        assert!(out.contains("would delete 3 devices, 12 records"), "{out}");
        assert_eq!(server.stored_records().await, 15);
        // A purge naming nothing is refused.
        let (status, out) = ply_server(&["purge", "--db", url]);
        assert_eq!(status, 2, "{out}");

        let (status, out) = ply_server(&["purge", "--db", url, "--tag", &tag, "--yes"]);
        assert_eq!(status, 0, "{out}");
        assert!(out.contains("deleted 3 devices, 12 records"), "{out}");
        assert_eq!(server.stored_records().await, 3);
        assert_eq!(
            counted_moves(&server).await,
            honest_moves,
            "the farm's moves are gone"
        );
        let exported = server.export_all(None, 100).await;
        assert_eq!(exported.len(), 3);
        // The farm's tokens stop working; the honest device goes on.
        for token in &farm {
            assert_eq!(
                upload(&server, 5, token, &games_of(1, 99)).await,
                StatusCode::UNAUTHORIZED
            );
        }
        assert_eq!(
            upload(&server, 6, &honest, &games_of(2, 50)).await,
            StatusCode::OK
        );
        // What is left still adds up: one more record's moves on top of the honest ones.
        let row = {
            let v = &games_of(2, 50)[0];
            let r: ply_core::record::GameRecord =
                serde_json::from_value(v.clone()).expect("record");
            ingest::to_row(&r, &validate(&r).expect("valid")).expect("row")
        };
        assert!(counted_moves(&server).await >= honest_moves + row.moves.len() as i64);
    })
    .await;
}
