//! Every endpoint's behaviour that does not need game records: health, registration, tokens,
//! limits, error bodies. Each test runs on SQLite and (when PLY_TEST_POSTGRES_URL is set) on
//! PostgreSQL.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use common::{
    ADMIN, TestServer, on_each_backend, with_device_on_each_backend, with_server_on_each_backend,
};
use ply_server::Config;
use ply_server::auth::sha256_hex;
use ply_server::db::Db;
use ply_server::ratelimit::RateLimit;
use ply_server::testing::TempDatabase;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_reports_the_backend() {
    on_each_backend("healthz_reports_the_backend", |db| async move {
        let server = TestServer::start(&db).await;
        let reply = server.get("/healthz", None).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.json()["status"], "ok");
        assert_eq!(reply.json()["database"], db.backend);
    })
    .await;
}

/// Issue 47: `/healthz` is open to anyone and cost a database query each call. The database
/// is now asked at most once a second however many calls come, a stale answer never outlives
/// that second, and each address is throttled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_asks_the_database_at_most_once_a_second_and_is_throttled() {
    on_each_backend("healthz_cached", |db| async move {
        let config = Config {
            health_limit: RateLimit {
                per_second: 0.001,
                burst: 50.0,
            },
            ..Config::default()
        };
        let server = TestServer::with_config(&db, config).await;
        let peer = |n: u8| Some(std::net::SocketAddr::from(([127, 0, 1, n], 9000)));
        let healthz = |n: u8| {
            let server = server.clone();
            async move {
                server
                    .send_from(peer(n), &[], Method::GET, "/healthz", None, Body::empty())
                    .await
            }
        };
        let started = std::time::Instant::now();
        // 200 calls from four addresses, 50 each, half of them at once.
        let tasks: Vec<_> = (0..200u8).map(|i| tokio::spawn(healthz(i % 4))).collect();
        // A device registers and uploads meanwhile, within the bound.
        let honest = {
            let server = server.clone();
            tokio::spawn(async move {
                let started = std::time::Instant::now();
                let token = server.register().await;
                let reply = server.upload(&token, &[]).await;
                assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
                started.elapsed()
            })
        };
        for task in tasks {
            let reply = task.await.expect("task");
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        }
        let took = honest.await.expect("honest device");
        assert!(took < std::time::Duration::from_secs(2), "{took:?}");
        let secs = started.elapsed().as_secs();
        let checks = server.state.health().checks();
        assert!(checks <= secs + 1, "{checks} checks in {secs} s");
        // The 51st call from one address is throttled; another address is served.
        let reply = healthz(0).await;
        reply.assert_error(StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        assert!(reply.headers.contains_key(header::RETRY_AFTER));
        assert_eq!(healthz(9).await.status, StatusCode::OK);
        // A database gone is seen within the second the answer is kept.
        server.state.db().close().await;
        tokio::time::sleep(ply_server::routes::health::HEALTH_TTL).await;
        let reply = healthz(10).await;
        reply.assert_error(StatusCode::SERVICE_UNAVAILABLE, "unavailable");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_returns_a_fresh_token_and_stores_only_its_hash() {
    with_server_on_each_backend("registration_stores_only_hash", |server| async move {
        let a = server.register().await;
        let b = server.register().await;
        assert_ne!(a, b);
        // An empty body is a valid registration too.
        let reply = server
            .send(Method::POST, "/v1/devices", None, Body::empty())
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
        assert!(reply.json()["device_id"].is_string());

        let pool = server.state.db();
        assert_eq!(pool.count_devices().await.unwrap(), 3);
        for token in [&a, &b] {
            assert!(
                pool.device_by_token_hash(&sha256_hex(token.as_bytes()))
                    .await
                    .unwrap()
                    .is_some()
            );
            // The token itself appears nowhere in the table.
            let sql = "SELECT COUNT(*) FROM devices WHERE token_sha256 = $1 OR id = $1 \
                       OR platform = $1 OR app_version = $1";
            let hits: i64 = match pool {
                Db::Sqlite(p, _) => sqlx::query_scalar(sql).bind(token).fetch_one(p).await,
                Db::Postgres(p) => sqlx::query_scalar(sql).bind(token).fetch_one(p).await,
            }
            .unwrap();
            assert_eq!(hits, 0);
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_rejects_bad_bodies() {
    with_server_on_each_backend("registration_rejects_bad_bodies", |server| async move {
        let long = "1".repeat(65);
        for (body, code, names) in [
            ("{\"platform\": ", "malformed_json", "line 1"),
            (r#"{"app_version":"1.0"}"#, "invalid_request", "platform"),
            (
                r#"{"platform":"toaster","app_version":"1.0"}"#,
                "invalid_request",
                "toaster",
            ),
            (
                r#"{"platform":"ios","app_version":"1.0 beta"}"#,
                "invalid_request",
                "app_version",
            ),
            (
                &format!(r#"{{"platform":"ios","app_version":"{long}"}}"#),
                "invalid_request",
                "app_version",
            ),
        ] {
            let reply = server
                .send(Method::POST, "/v1/devices", None, body.to_owned())
                .await;
            let msg = reply.assert_error(StatusCode::BAD_REQUEST, code);
            assert!(msg.contains(names), "{body}: {msg}");
        }
        assert_eq!(server.state.db().count_devices().await.unwrap(), 0);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_need_a_registered_device_token() {
    with_server_on_each_backend("uploads_need_a_device_token", |server| async move {
        let body = r#"{"records":[]}"#;
        let reply = server.post_games(None, body).await;
        let msg = reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        assert!(msg.contains("missing"), "{msg}");
        let reply = server.post_games(Some("ply_not_a_token"), body).await;
        let msg = reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        assert!(msg.contains("unknown"), "{msg}");
        // The admin token is not a device token.
        let reply = server.post_games(Some(ADMIN), body).await;
        reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        // Wrong scheme.
        let request = axum::http::Request::builder()
            .method(Method::POST)
            .uri("/v1/games")
            .header(header::AUTHORIZATION, "Basic dXNlcjpwYXNz")
            .body(Body::from(body))
            .unwrap();
        let response = tower::ServiceExt::oneshot(server.router.clone(), request)
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        // A valid token with an empty batch is fine and stores nothing.
        let token = server.register().await;
        let reply = server.post_games(Some(&token), body).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        assert_eq!(reply.json()["results"], serde_json::json!([]));
        assert_eq!(server.stored_records().await, 0);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_and_stats_need_the_admin_token() {
    on_each_backend("export_and_stats_need_admin", |db| async move {
        let server = TestServer::start(&db).await;
        let device = server.register().await;
        for uri in ["/v1/games", "/v1/stats"] {
            let reply = server.get(uri, None).await;
            reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
            let reply = server.get(uri, Some(&device)).await;
            let msg = reply.assert_error(StatusCode::FORBIDDEN, "forbidden");
            assert!(msg.contains("admin"), "{msg}");
            let reply = server.get(uri, Some(ADMIN)).await;
            assert_eq!(reply.status, StatusCode::OK, "{uri}: {}", reply.text());
        }
        // Without a configured admin token the collection cannot be read at all.
        let closed = TestServer::with_config(&db, Config::default()).await;
        for uri in ["/v1/games", "/v1/stats"] {
            let reply = closed.get(uri, Some(ADMIN)).await;
            let msg = reply.assert_error(StatusCode::FORBIDDEN, "forbidden");
            assert!(msg.contains("disabled"), "{msg}");
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_rejects_bad_query_parameters() {
    with_server_on_each_backend("export_rejects_bad_query", |server| async move {
        for uri in [
            "/v1/games?since=abc",
            "/v1/games?since=-1",
            "/v1/games?limit=1.5",
            "/v1/games?game=chess",
        ] {
            let reply = server.get(uri, Some(ADMIN)).await;
            let msg = reply.assert_error(StatusCode::BAD_REQUEST, "invalid_query");
            let param = ["since", "limit", "game"]
                .into_iter()
                .find(|p| uri.contains(p))
                .unwrap();
            assert!(msg.contains(param), "{uri}: {msg}");
        }
        let reply = server.get("/v1/games?since=0&limit=5", Some(ADMIN)).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.headers["content-type"], "application/x-ndjson");
        assert_eq!(reply.headers["x-next-cursor"], "0");
        assert_eq!(reply.headers["x-more"], "false");
        assert!(reply.body.is_empty());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_bodies_get_413_after_the_token_check() {
    on_each_backend("oversized_bodies_get_413", |db| async move {
        let config = Config {
            admin_token: Some(ADMIN.to_owned()),
            body_limit: 64 * 1024,
            ..Config::default()
        };
        let server = TestServer::with_config(&db, config).await;
        let token = server.register().await;
        let big = format!(r#"{{"records":["{}"]}}"#, "x".repeat(100 * 1024));
        let reply = server.post_games(Some(&token), big.clone()).await;
        let msg = reply.assert_error(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
        assert!(msg.contains("65536"), "{msg}");
        // Without a token the body is never read: 401 first.
        let reply = server.post_games(None, big).await;
        reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        // Too many records in one batch.
        let config = Config {
            max_batch_records: 3,
            ..Config::default()
        };
        let server = TestServer::with_config(&db, config).await;
        let token = server.register().await;
        let reply = server
            .post_games(Some(&token), r#"{"records":[{},{},{},{}]}"#)
            .await;
        let msg = reply.assert_error(StatusCode::PAYLOAD_TOO_LARGE, "too_many_records");
        assert!(msg.contains("4 records"), "{msg}");
        assert_eq!(server.stored_records().await, 0);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_batches_are_400_and_store_nothing() {
    with_device_on_each_backend("malformed_batches_are_400", |server, token| async move {
        for (body, code) in [
            ("{", "malformed_json"),
            ("not json", "malformed_json"),
            (r#"{"records": 5}"#, "invalid_request"),
            (r#"{"games": []}"#, "invalid_request"),
            (r#"[1,2]"#, "invalid_request"),
        ] {
            let reply = server.post_games(Some(&token), body).await;
            reply.assert_error(StatusCode::BAD_REQUEST, code);
        }
        assert_eq!(server.stored_records().await, 0);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_token_is_rate_limited_with_retry_after() {
    on_each_backend("each_token_is_rate_limited", |db| async move {
        let config = Config {
            rate_limit: RateLimit {
                per_second: 0.5,
                burst: 3.0,
            },
            ..Config::default()
        };
        let server = TestServer::with_config(&db, config).await;
        let a = server.register().await;
        let b = server.register().await;
        let body = r#"{"records":[]}"#;
        for _ in 0..3 {
            let reply = server.post_games(Some(&a), body).await;
            assert_eq!(reply.status, StatusCode::OK);
        }
        let reply = server.post_games(Some(&a), body).await;
        reply.assert_error(StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        let retry: u64 = reply.headers[header::RETRY_AFTER]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=3).contains(&retry), "Retry-After {retry}");
        // Another device is not affected.
        let reply = server.post_games(Some(&b), body).await;
        assert_eq!(reply.status, StatusCode::OK);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_paths_and_methods_answer_json_errors() {
    let db = TempDatabase::sqlite().expect("temporary SQLite directory");
    let server = TestServer::start(&db).await;
    let reply = server.get("/v2/nothing", None).await;
    reply.assert_error(StatusCode::NOT_FOUND, "not_found");
    let reply = server
        .send(Method::DELETE, "/v1/games", None, Body::empty())
        .await;
    reply.assert_error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
    let reply = server
        .send(Method::PUT, "/v1/devices", None, Body::empty())
        .await;
    reply.assert_error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connecting_twice_reapplies_no_migration() {
    on_each_backend("connecting_twice", |db| async move {
        let first = Db::connect(&db.url).await.expect("first connect");
        let second = Db::connect(&db.url)
            .await
            .expect("second connect migrates nothing");
        assert_eq!(first.count_records().await.unwrap(), 0);
        assert_eq!(second.count_devices().await.unwrap(), 0);
    })
    .await;
}

#[tokio::test]
async fn unsupported_database_urls_are_refused_by_name() {
    let err = Db::connect("mysql://localhost/ply").await.unwrap_err();
    assert!(err.to_string().contains("mysql://localhost/ply"), "{err}");
}
