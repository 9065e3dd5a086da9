//! Shared test harness: a fresh database per test on every backend, and request helpers that
//! drive the router in-process.
#![allow(dead_code)] // each test file uses a different subset

use std::future::Future;
use std::net::SocketAddr;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use ply_server::budget::StorageBudget;
use ply_server::testing::TempDatabase;
use ply_server::{AppState, Config, Db, app};
use serde_json::Value;
use tower::ServiceExt;

/// Admin token configured in [`TestServer::start`].
pub const ADMIN: &str = "test-admin-token";

/// Runs `test` once per available backend, each time on a fresh database. Without
/// `PLY_TEST_POSTGRES_URL` the PostgreSQL case is skipped, and said so on stderr.
pub async fn on_each_backend<F, Fut>(test_name: &str, test: F)
where
    F: Fn(TempDatabase) -> Fut,
    Fut: Future<Output = ()>,
{
    let name = test_name.to_owned();
    // `TempDatabase` creates PostgreSQL databases on a runtime of its own, which cannot be
    // started from inside the test's runtime.
    let databases = tokio::task::spawn_blocking(move || TempDatabase::all_backends(&name))
        .await
        .expect("create the test databases");
    for db in databases {
        test(db).await;
    }
}

/// Like [`on_each_backend`], with a server started on the database (default config and
/// [`ADMIN`]).
pub async fn with_server_on_each_backend<F, Fut>(test_name: &str, test: F)
where
    F: Fn(TestServer) -> Fut,
    Fut: Future<Output = ()>,
{
    on_each_backend(test_name, |db| {
        let test = &test;
        async move {
            // `db` outlives the server: it is dropped (and the database removed) at the end.
            test(TestServer::start(&db).await).await;
        }
    })
    .await;
}

/// Like [`with_server_on_each_backend`], with a device registered: the set-up most upload
/// tests share.
pub async fn with_device_on_each_backend<F, Fut>(test_name: &str, test: F)
where
    F: Fn(TestServer, String) -> Fut,
    Fut: Future<Output = ()>,
{
    with_server_on_each_backend(test_name, |server| {
        let test = &test;
        async move {
            let token = server.register().await;
            test(server, token).await;
        }
    })
    .await;
}

/// A server's router over one test database, driven in-process.
#[derive(Clone)]
pub struct TestServer {
    /// The router.
    pub router: Router,
    /// Its state (database, config).
    pub state: AppState,
}

impl TestServer {
    /// Connects to `db` with the default config plus an admin token, without storage budgets
    /// (most tests upload more in a second than a new device may in a day; `hostile.rs` and
    /// `bounded.rs` test them) and without reusing statistics.
    pub async fn start(db: &TempDatabase) -> TestServer {
        Self::with_config(
            db,
            Config {
                admin_token: Some(ADMIN.to_owned()),
                budget: StorageBudget::unlimited(),
                // Tests write to the database directly too, and read the statistics at once.
                stats_cache: std::time::Duration::ZERO,
                ..Config::default()
            },
        )
        .await
    }

    /// Connects to `db` with `config`.
    pub async fn with_config(db: &TempDatabase, config: Config) -> TestServer {
        let pool = Db::connect_with(&db.url, 8).await.expect("connect");
        let state = AppState::new(pool, config);
        TestServer {
            router: app(state.clone()),
            state,
        }
    }

    /// Sends one request and returns status, headers and body.
    pub async fn send(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: impl Into<Body>,
    ) -> Reply {
        self.send_from(None, &[], method, uri, token, body).await
    }

    /// [`TestServer::send`] as if from TCP peer `peer` (what `serve` records for every
    /// connection; absent: no connection info, as in plain in-process tests), with extra
    /// `headers`.
    pub async fn send_from(
        &self,
        peer: Option<SocketAddr>,
        headers: &[(&str, &str)],
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: impl Into<Body>,
    ) -> Reply {
        let mut request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let mut request = request.body(body.into()).expect("request");
        if let Some(peer) = peer {
            request.extensions_mut().insert(ConnectInfo(peer));
        }
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible");
        let status = response.status();
        let headers = response.headers().clone();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("body");
        Reply {
            status,
            headers,
            body,
        }
    }

    /// `GET uri` without a body.
    pub async fn get(&self, uri: &str, token: Option<&str>) -> Reply {
        self.send(Method::GET, uri, token, Body::empty()).await
    }

    /// `POST /v1/games` with `body` as it is, valid or not.
    pub async fn post_games(&self, token: Option<&str>, body: impl Into<Body>) -> Reply {
        self.send(Method::POST, "/v1/games", token, body).await
    }

    /// How many records the database holds.
    pub async fn stored_records(&self) -> i64 {
        self.state
            .db()
            .count_records()
            .await
            .expect("count records")
    }

    /// Registers a device and returns its token.
    pub async fn register(&self) -> String {
        let reply = self
            .send(
                Method::POST,
                "/v1/devices",
                None,
                r#"{"platform":"cli","app_version":"0.1.0-test"}"#,
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
        reply.json()["token"]
            .as_str()
            .expect("token in the answer")
            .to_owned()
    }

    /// Uploads `records` (JSON values) with `token`.
    pub async fn upload(&self, token: &str, records: &[Value]) -> Reply {
        let body = serde_json::json!({ "records": records }).to_string();
        self.post_games(Some(token), body).await
    }

    /// Every exported record, following the cursor through all pages of size `page`.
    pub async fn export_all(&self, game: Option<&str>, page: i64) -> Vec<Value> {
        let mut since = 0i64;
        let mut out = Vec::new();
        loop {
            let mut uri = format!("/v1/games?since={since}&limit={page}");
            if let Some(g) = game {
                uri.push_str(&format!("&game={g}"));
            }
            let reply = self.get(&uri, Some(ADMIN)).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
            for line in reply.text().lines() {
                out.push(serde_json::from_str(line).expect("export line is JSON"));
            }
            let next: i64 = reply.headers["x-next-cursor"]
                .to_str()
                .expect("ascii")
                .parse()
                .expect("cursor");
            if reply.headers["x-more"] != "true" {
                return out;
            }
            assert!(next > since, "cursor must advance");
            since = next;
        }
    }
}

/// A response, fully read.
pub struct Reply {
    /// HTTP status.
    pub status: StatusCode,
    /// Response headers.
    pub headers: HeaderMap,
    /// Body bytes.
    pub body: Bytes,
}

impl Reply {
    /// Body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// Body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}): {}", self.text()))
    }

    /// Asserts a JSON error with `status` and `code`, and returns its message.
    pub fn assert_error(&self, status: StatusCode, code: &str) -> String {
        assert_eq!(self.status, status, "body: {}", self.text());
        let v = self.json();
        assert_eq!(v["error"]["code"], code, "body: {}", self.text());
        v["error"]["message"]
            .as_str()
            .expect("error message")
            .to_owned()
    }
}
