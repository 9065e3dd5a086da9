//! Shared test harness: a fresh database per test on every backend, and request helpers that
//! drive the router in-process.
#![allow(dead_code)] // each test file uses a different subset

use std::future::Future;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use ply_server::{AppState, Config, Db, app};
use rand::Rng;
use serde_json::Value;
use tower::ServiceExt;

/// Environment variable naming a PostgreSQL server the tests may create databases on.
pub const PG_ENV: &str = "PLY_TEST_POSTGRES_URL";

/// Admin token configured in [`TestServer::start`].
pub const ADMIN: &str = "test-admin-token";

/// A database created for one test and removed when dropped.
pub struct TestDb {
    /// URL to connect to it.
    pub url: String,
    /// `sqlite` or `postgres`.
    pub backend: &'static str,
    _dir: Option<tempfile::TempDir>,
    pg_drop: Option<(String, String)>,
}

impl TestDb {
    /// A fresh SQLite file in a temporary directory.
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("ply.db").display());
        TestDb {
            url,
            backend: "sqlite",
            _dir: Some(dir),
            pg_drop: None,
        }
    }

    /// A fresh database with a random name on the server at `PLY_TEST_POSTGRES_URL`.
    pub async fn postgres(base: &str) -> TestDb {
        let name = format!("ply_t_{:016x}", rand::rng().random::<u64>());
        let admin = pg_admin(base).await;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await
            .expect("create test database");
        admin.close().await;
        let url = replace_db_name(base, &name);
        TestDb {
            url,
            backend: "postgres",
            _dir: None,
            pg_drop: Some((base.to_owned(), name)),
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((base, name)) = self.pg_drop.take() {
            // Drop runs outside async: use a private runtime on its own thread.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("runtime");
                rt.block_on(async {
                    let admin = pg_admin(&base).await;
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                });
            })
            .join();
        }
    }
}

/// A one-connection pool on the server database `url` (for CREATE/DROP DATABASE).
async fn pg_admin(url: &str) -> sqlx::PgPool {
    sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .expect("connect to PLY_TEST_POSTGRES_URL")
}

/// `base` with its database name replaced by `name` (query string kept).
fn replace_db_name(base: &str, name: &str) -> String {
    let (head, query) = match base.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (base, None),
    };
    let scheme_end = head.find("://").map_or(0, |i| i + 3);
    let path_start = head[scheme_end..]
        .find('/')
        .map_or(head.len(), |i| scheme_end + i);
    let mut url = format!("{}/{}", &head[..path_start], name);
    if let Some(q) = query {
        url.push('?');
        url.push_str(q);
    }
    url
}

/// Runs `test` once per available backend, each time on a fresh database. Without
/// `PLY_TEST_POSTGRES_URL` the PostgreSQL case is skipped, and said so on stderr.
pub async fn on_each_backend<F, Fut>(test_name: &str, test: F)
where
    F: Fn(TestDb) -> Fut,
    Fut: Future<Output = ()>,
{
    test(TestDb::sqlite()).await;
    match std::env::var(PG_ENV) {
        Ok(base) if !base.is_empty() => test(TestDb::postgres(&base).await).await,
        _ => eprintln!("{test_name}: SKIPPED on PostgreSQL: {PG_ENV} is not set"),
    }
}

/// A server's router over one test database, driven in-process.
pub struct TestServer {
    /// The router.
    pub router: Router,
    /// Its state (database, config).
    pub state: AppState,
}

impl TestServer {
    /// Connects to `db` with the default config plus an admin token.
    pub async fn start(db: &TestDb) -> TestServer {
        Self::with_config(
            db,
            Config {
                admin_token: Some(ADMIN.to_owned()),
                ..Config::default()
            },
        )
        .await
    }

    /// Connects to `db` with `config`.
    pub async fn with_config(db: &TestDb, config: Config) -> TestServer {
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
        let mut request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let request = request.body(body.into()).expect("request");
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
        self.send(Method::POST, "/v1/games", Some(token), body)
            .await
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
            let reply = self
                .send(Method::GET, &uri, Some(ADMIN), Body::empty())
                .await;
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
