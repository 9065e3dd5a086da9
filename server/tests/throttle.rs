//! Throttling before identification: failed authentications, the admin endpoints and
//! registration are limited per client address, so one address guessing tokens is slowed
//! while a good client elsewhere is not. Client addresses are presented as the server sees
//! them: the TCP peer (`ConnectInfo`, set per request in-process, and from real sockets bound
//! to distinct 127.0.0.x addresses), or a trusted proxy's `X-Forwarded-For`.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use common::{ADMIN, Reply, TestServer, on_each_backend};
use ply_server::Config;
use ply_server::ratelimit::RateLimit;
use ply_server::testing::{RunningServer, TempDatabase};

/// Five failures (or admin calls, or registrations) allowed, and no refill during a test.
fn five() -> RateLimit {
    RateLimit {
        per_second: 0.001,
        burst: 5.0,
    }
}

fn throttled_config() -> Config {
    Config {
        admin_token: Some(ADMIN.to_owned()),
        auth_failure_limit: five(),
        admin_limit: RateLimit {
            per_second: 0.001,
            burst: 8.0,
        },
        registration_limit: five(),
        // Look-ups for throttled addresses: three each, five in all, no refill in a test.
        throttled_lookups_per_address: RateLimit {
            per_second: 0.001,
            burst: 3.0,
        },
        throttled_lookups: five(),
        ..Config::default()
    }
}

fn peer(last: u8) -> Option<SocketAddr> {
    Some(SocketAddr::from((
        [127, 0, 0, last],
        40_000 + u16::from(last),
    )))
}

async fn upload_from(server: &TestServer, from: u8, token: Option<&str>) -> Reply {
    server
        .send_from(
            peer(from),
            &[],
            Method::POST,
            "/v1/games",
            token,
            r#"{"records":[]}"#,
        )
        .await
}

async fn stats_from(server: &TestServer, from: u8, token: &str) -> Reply {
    server
        .send_from(
            peer(from),
            &[],
            Method::GET,
            "/v1/stats",
            Some(token),
            Body::empty(),
        )
        .await
}

async fn register_from(server: &TestServer, from: u8) -> Reply {
    server
        .send_from(
            peer(from),
            &[],
            Method::POST,
            "/v1/devices",
            None,
            Body::empty(),
        )
        .await
}

/// Asserts a 429 with a `Retry-After` of at least a second, and returns it.
fn assert_throttled(reply: &Reply) -> u64 {
    reply.assert_error(StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    let secs: u64 = reply.headers[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!(secs >= 1, "Retry-After {secs}");
    secs
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_tokens_from_one_address_are_throttled_and_others_are_not() {
    on_each_backend("bad_tokens_throttled", |db| async move {
        let server = TestServer::with_config(&db, throttled_config()).await;
        let reply = register_from(&server, 10).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
        let good = reply.json()["token"].as_str().expect("token").to_owned();

        // 127.0.0.2 guesses: five answers of 401, then 429 before any token is looked at.
        for n in 0..5 {
            let reply = upload_from(&server, 2, Some(&format!("ply_guess{n}"))).await;
            reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        }
        let retry = assert_throttled(&upload_from(&server, 2, Some("ply_guess5")).await);
        // About the 1000 s one failure takes to refill at 0.001 per second.
        assert!((900..=1001).contains(&retry), "{retry}");
        // A missing header learns nothing either.
        assert_throttled(&upload_from(&server, 2, None).await);
        // A device that authenticates correctly is not locked out by its address (a carrier
        // NAT it shares with the guesser): its token is known to be good...
        let reply = upload_from(&server, 2, Some(&good)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        // ...and after a restart, when nothing is known yet, it gets in through the look-up
        // a throttled address is still allowed, while guesses from there stay throttled.
        let restarted = TestServer::with_config(&db, throttled_config()).await;
        for n in 0..5 {
            let reply = upload_from(&restarted, 2, Some(&format!("ply_again{n}"))).await;
            reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        }
        assert_throttled(&upload_from(&restarted, 2, Some("ply_again5")).await);
        let reply = upload_from(&restarted, 2, Some(&good)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        assert_throttled(&upload_from(&restarted, 2, Some("ply_again6")).await);

        // A guesser at a throttled address cannot use up the look-ups a good device behind
        // another throttled address needs: it gets its own three, and the rest stay.
        let again = TestServer::with_config(&db, throttled_config()).await;
        for from in [2, 9] {
            for n in 0..5 {
                let reply = upload_from(&again, from, Some(&format!("ply_x{from}_{n}"))).await;
                reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
            }
        }
        for n in 0..20 {
            assert_throttled(&upload_from(&again, 2, Some(&format!("ply_more{n}"))).await);
        }
        let reply = upload_from(&again, 9, Some(&good)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());

        // A good client at 127.0.0.3 is not slowed, and its own mistakes are its own.
        let reply = upload_from(&server, 3, Some(&good)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let reply = upload_from(&server, 3, Some("ply_typo")).await;
        reply.assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        for _ in 0..20 {
            let reply = upload_from(&server, 3, Some(&good)).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_guesses_get_no_more_tries_than_the_allowance() {
    on_each_backend("concurrent_guesses", |db| async move {
        let server = TestServer::with_config(&db, throttled_config()).await;
        // 200 wrong tokens at once from one address: the check and the charge are one step,
        // so exactly the allowance of five is answered 401 (and at most the address's three
        // throttled look-ups reach the database besides).
        let tasks: Vec<_> = (0..200)
            .map(|n| {
                let server = server.clone();
                tokio::spawn(async move {
                    upload_from(&server, 7, Some(&format!("ply_burst{n}")))
                        .await
                        .status
                })
            })
            .collect();
        let mut counts = std::collections::BTreeMap::new();
        for task in tasks {
            *counts.entry(task.await.expect("task")).or_insert(0) += 1;
        }
        assert_eq!(
            counts.get(&StatusCode::UNAUTHORIZED),
            Some(&5),
            "{counts:?}"
        );
        assert_eq!(
            counts.get(&StatusCode::TOO_MANY_REQUESTS),
            Some(&195),
            "{counts:?}"
        );
        // A good device elsewhere is served at once meanwhile.
        let started = std::time::Instant::now();
        let token = register_from(&server, 8).await.json()["token"]
            .as_str()
            .expect("token")
            .to_owned();
        let reply = upload_from(&server, 8, Some(&token)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        assert!(started.elapsed() < Duration::from_secs(2));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_endpoints_are_throttled_per_address() {
    on_each_backend("admin_throttled", |db| async move {
        let server = TestServer::with_config(&db, throttled_config()).await;
        // Wrong admin tokens from 127.0.0.4, including ones of the right length and a prefix.
        let right_length = "x".repeat(ADMIN.len());
        for wrong in ["guess", &right_length, &ADMIN[..ADMIN.len() - 1], "a", "b"] {
            let reply = stats_from(&server, 4, wrong).await;
            reply.assert_error(StatusCode::FORBIDDEN, "forbidden");
        }
        // Then the right one from there is refused too, and the export as well.
        assert_throttled(&stats_from(&server, 4, ADMIN).await);
        let reply = server
            .send_from(
                peer(4),
                &[],
                Method::GET,
                "/v1/games",
                Some(ADMIN),
                Body::empty(),
            )
            .await;
        assert_throttled(&reply);
        // The admin at 127.0.0.5 is served.
        let reply = stats_from(&server, 5, ADMIN).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());

        // Good admin requests are limited too: 8 at once from 127.0.0.6, then 429.
        for _ in 0..8 {
            let reply = stats_from(&server, 6, ADMIN).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        }
        assert_throttled(&stats_from(&server, 6, ADMIN).await);
    })
    .await;
}

/// Issue 47: a correct admin token from an address a guesser had throttled got `429` (the
/// exemption for good device tokens did not cover the admin). A strong token now passes; a
/// wrong one from there is still throttled, guesses do not use up the admin's own allowance,
/// and a token allowed only by --allow-weak-admin-token stays behind the throttle (see
/// `the_admin_endpoints_are_throttled_per_address`, whose token is weak).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_right_admin_token_passes_an_address_a_guesser_throttled() {
    on_each_backend("admin_behind_a_guesser", |db| async move {
        let strong = ply_server::auth::new_admin_token();
        let config = Config {
            admin_token: Some(strong.clone()),
            ..throttled_config()
        };
        let server = TestServer::with_config(&db, config).await;
        // A guesser at 127.0.0.12: five wrong tokens answered 403, then 429, twenty times
        // over (more than the eight admin calls the address may make at once).
        for n in 0..5 {
            let reply = stats_from(&server, 12, &format!("plyadmin_guess{n}")).await;
            reply.assert_error(StatusCode::FORBIDDEN, "forbidden");
        }
        for n in 0..20 {
            assert_throttled(&stats_from(&server, 12, &format!("plyadmin_more{n}")).await);
        }
        assert_throttled(
            &server
                .send_from(peer(12), &[], Method::GET, "/v1/stats", None, Body::empty())
                .await,
        );
        // The admin behind the same address is served at once, statistics and export.
        let started = std::time::Instant::now();
        let reply = stats_from(&server, 12, &strong).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let reply = server
            .send_from(
                peer(12),
                &[],
                Method::GET,
                "/v1/games",
                Some(&strong),
                Body::empty(),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        assert!(started.elapsed() < Duration::from_secs(2));
        // An honest device elsewhere uploads meanwhile, within the bound.
        let started = std::time::Instant::now();
        let token = register_from(&server, 13).await.json()["token"]
            .as_str()
            .expect("token")
            .to_owned();
        let reply = upload_from(&server, 13, Some(&token)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        assert!(started.elapsed() < Duration::from_secs(2));
        // The guesser is still throttled, the right token notwithstanding.
        assert_throttled(&stats_from(&server, 12, &strong[..strong.len() - 1]).await);
        // The admin's own allowance (eight at once) still holds for the right token.
        for _ in 0..6 {
            let reply = stats_from(&server, 12, &strong).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        }
        assert_throttled(&stats_from(&server, 12, &strong).await);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_is_throttled_per_address() {
    on_each_backend("registration_throttled", |db| async move {
        let server = TestServer::with_config(&db, throttled_config()).await;
        for _ in 0..5 {
            let reply = register_from(&server, 7).await;
            assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
        }
        assert_throttled(&register_from(&server, 7).await);
        let reply = register_from(&server, 8).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
        assert_eq!(server.state.db().count_devices().await.unwrap(), 6);
    })
    .await;
}

async fn guess_via(server: &TestServer, forwarded: &str) -> Reply {
    server
        .send_from(
            peer(1),
            &[("x-forwarded-for", forwarded)],
            Method::POST,
            "/v1/games",
            Some("ply_guess"),
            r#"{"records":[]}"#,
        )
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_for_counts_only_from_a_trusted_proxy() {
    on_each_backend("forwarded_for", |db| async move {
        // Behind a proxy at 127.0.0.1: the forwarded address is the client.
        let config = Config {
            trusted_proxies: vec![IpAddr::from([127, 0, 0, 1])],
            ..throttled_config()
        };
        let server = TestServer::with_config(&db, config).await;
        for _ in 0..5 {
            guess_via(&server, "198.51.100.1")
                .await
                .assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        }
        assert_throttled(&guess_via(&server, "198.51.100.1").await);
        // Another client behind the same proxy has its own allowance...
        guess_via(&server, "198.51.100.2")
            .await
            .assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        // ...and the throttled one cannot escape by prepending a made-up address.
        assert_throttled(&guess_via(&server, "203.0.113.9, 198.51.100.1").await);

        // Without the proxy configured, the header is the client's own word: ignored.
        let server = TestServer::with_config(&db, throttled_config()).await;
        for n in 0..5 {
            guess_via(&server, &format!("198.51.100.{n}"))
                .await
                .assert_error(StatusCode::UNAUTHORIZED, "unauthorized");
        }
        assert_throttled(&guess_via(&server, "198.51.100.77").await);
    })
    .await;
}

/// One HTTP/1.1 request over a socket bound to `source`, as a client on that address would
/// send it; returns the status code and the `Retry-After` header, if any.
fn request_from(source: [u8; 4], server: SocketAddr, token: &str) -> (u16, Option<String>) {
    use std::io::{Read, Write};
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let stream = rt.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket
            .bind(SocketAddr::from((source, 0)))
            .expect("bind a loopback source address");
        socket.connect(server).await.expect("connect")
    });
    let mut stream = stream.into_std().expect("std stream");
    stream.set_nonblocking(false).expect("blocking");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let body = r#"{"records":[]}"#;
    write!(
        stream,
        "POST /v1/games HTTP/1.1\r\nHost: {server}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status code");
    let retry = response.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .strip_prefix("retry-after:")
            .map(|v| v.trim().to_owned())
    });
    (status, retry)
}

/// The deployment path: `serve` records each connection's peer, so clients on distinct
/// addresses (here 127.0.0.2 and 127.0.0.3, both loopback on Linux) have distinct allowances.
/// The backend plays no part in this, so SQLite alone.
#[test]
fn real_connections_are_throttled_by_their_source_address() {
    let db = TempDatabase::sqlite().expect("database");
    let server = RunningServer::start(&db.url, throttled_config()).expect("server");
    for _ in 0..5 {
        assert_eq!(
            request_from([127, 0, 0, 2], server.addr, "ply_guess").0,
            401
        );
    }
    let (status, retry) = request_from([127, 0, 0, 2], server.addr, "ply_guess");
    assert_eq!(status, 429);
    assert!(retry.is_some_and(|r| r.parse::<u64>().is_ok_and(|s| s >= 1)));
    assert_eq!(
        request_from([127, 0, 0, 3], server.addr, "ply_guess").0,
        401
    );
    server.stop();
}
