//! The router, its shared state and the serving loop with graceful shutdown.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use tokio::net::TcpListener;

use crate::auth::KnownTokens;
use crate::budget::DailyBuckets;
use crate::config::{Config, check_admin_token};
use crate::db::Db;
use crate::error::ApiError;
use crate::ratelimit::RateLimiter;
use crate::routes;
use crate::routes::health::HealthCache;
use crate::routes::stats::StatsCache;

/// How often registrations prune the devices that never stored anything.
const PRUNE_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

/// What every request handler shares: the database, the configuration and the rate limiters.
#[derive(Debug, Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    db: Db,
    config: Config,
    token_limiter: RateLimiter,
    registration_limiter: RateLimiter,
    auth_failure_limiter: RateLimiter,
    admin_limiter: RateLimiter,
    throttled_lookup_limiter: RateLimiter,
    throttled_lookup_total: RateLimiter,
    known_tokens: KnownTokens,
    health_limiter: RateLimiter,
    health: HealthCache,
    /// Whether the admin token passes the strength rule (see [`crate::extract::Admin`]).
    admin_token_strong: bool,
    address_budget: DailyBuckets,
    new_device_pool: DailyBuckets,
    address_cap: DailyBuckets,
    /// Registrations of all addresses together.
    registrations_total: RateLimiter,
    /// The key of address tags, read from the database once.
    address_key: tokio::sync::OnceCell<String>,
    /// When idle devices were last pruned.
    pruned_at: std::sync::Mutex<Option<Instant>>,
    stats_cache: StatsCache,
}

impl AppState {
    /// State over `db` with `config`.
    pub fn new(db: Db, config: Config) -> Self {
        AppState {
            inner: Arc::new(Inner {
                token_limiter: RateLimiter::new(config.rate_limit),
                registration_limiter: RateLimiter::new(config.registration_limit),
                auth_failure_limiter: RateLimiter::new(config.auth_failure_limit),
                admin_limiter: RateLimiter::new(config.admin_limit),
                throttled_lookup_limiter: RateLimiter::new(config.throttled_lookups_per_address),
                throttled_lookup_total: RateLimiter::new(config.throttled_lookups),
                known_tokens: KnownTokens::default(),
                health_limiter: RateLimiter::new(config.health_limit),
                health: HealthCache::default(),
                admin_token_strong: config
                    .admin_token
                    .as_deref()
                    .is_some_and(|t| check_admin_token(t, false).is_ok()),
                address_budget: DailyBuckets::new(
                    config.budget.address_records,
                    config.budget.address_bytes,
                ),
                new_device_pool: DailyBuckets::new(
                    config.budget.pool_records,
                    config.budget.pool_bytes,
                ),
                address_cap: DailyBuckets::new(
                    config.budget.address_cap_records,
                    config.budget.address_cap_bytes,
                ),
                registrations_total: RateLimiter::new(config.registrations_total),
                address_key: tokio::sync::OnceCell::new(),
                pruned_at: std::sync::Mutex::new(None),
                stats_cache: StatsCache::new(config.stats_cache),
                db,
                config,
            }),
        }
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    pub(crate) fn token_limiter(&self) -> &RateLimiter {
        &self.inner.token_limiter
    }

    pub(crate) fn registration_limiter(&self) -> &RateLimiter {
        &self.inner.registration_limiter
    }

    pub(crate) fn auth_failure_limiter(&self) -> &RateLimiter {
        &self.inner.auth_failure_limiter
    }

    pub(crate) fn admin_limiter(&self) -> &RateLimiter {
        &self.inner.admin_limiter
    }

    /// Token look-ups per throttled address.
    pub(crate) fn throttled_lookup_limiter(&self) -> &RateLimiter {
        &self.inner.throttled_lookup_limiter
    }

    /// Token look-ups for all throttled addresses together.
    pub(crate) fn throttled_lookup_total(&self) -> &RateLimiter {
        &self.inner.throttled_lookup_total
    }

    pub(crate) fn known_tokens(&self) -> &KnownTokens {
        &self.inner.known_tokens
    }

    /// `/healthz` calls per client address.
    pub(crate) fn health_limiter(&self) -> &RateLimiter {
        &self.inner.health_limiter
    }

    /// The cached database check of `/healthz`.
    pub fn health(&self) -> &HealthCache {
        &self.inner.health
    }

    /// Whether the configured admin token passes [`check_admin_token`]'s rule (not one
    /// allowed only by `--allow-weak-admin-token`).
    pub(crate) fn admin_token_strong(&self) -> bool {
        self.inner.admin_token_strong
    }

    /// New devices' storage per address (see [`crate::budget`]).
    pub(crate) fn address_budget(&self) -> &DailyBuckets {
        &self.inner.address_budget
    }

    /// New devices' storage, all together.
    pub(crate) fn new_device_pool(&self) -> &DailyBuckets {
        &self.inner.new_device_pool
    }

    /// Everything one address stores per day, all its devices together.
    pub(crate) fn address_cap(&self) -> &DailyBuckets {
        &self.inner.address_cap
    }

    /// Registrations from all addresses together.
    pub(crate) fn registrations_total(&self) -> &RateLimiter {
        &self.inner.registrations_total
    }

    /// The tag of client address key `client` ([`Db::address_tag`]), the database's key read
    /// once.
    pub(crate) async fn address_tag(&self, client: &str) -> Result<String, sqlx::Error> {
        let key = self
            .inner
            .address_key
            .get_or_try_init(|| self.inner.db.address_key())
            .await?;
        Ok(crate::db::tag_with(key, client))
    }

    /// Whether idle devices are due to be pruned (at most once an hour); marks them pruned.
    pub(crate) fn prune_due(&self) -> bool {
        let mut at = self
            .inner
            .pruned_at
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if at.is_some_and(|t| t.elapsed() < PRUNE_EVERY) {
            return false;
        }
        *at = Some(Instant::now());
        true
    }

    /// The statistics answered lately.
    pub(crate) fn stats_cache(&self) -> &StatsCache {
        &self.inner.stats_cache
    }
}

/// The collector's HTTP API over `state`.
///
/// - `GET /healthz`: liveness and database reachability (checked at most once a second), no
///   token, throttled per address.
/// - `POST /v1/devices`: registers an install, answers a fresh bearer token.
/// - `POST /v1/games`: a batch of records (device token).
/// - `GET /v1/games?since=&game=&limit=`: JSONL export (admin token).
/// - `GET /v1/stats`: aggregates (admin token).
/// - `GET /v1/stats/charts/NAME.svg`: one of them drawn (admin token).
pub fn app(state: AppState) -> Router {
    let body_limit = state.config().body_limit;
    Router::new()
        .route("/healthz", get(routes::health::healthz))
        .route("/v1/devices", post(routes::devices::register))
        .route(
            "/v1/games",
            post(routes::games::upload).get(routes::export::export),
        )
        .route("/v1/stats", get(routes::stats::stats))
        .route("/v1/stats/charts/{file}", get(routes::stats::chart))
        .fallback(|| async { ApiError::not_found() })
        .method_not_allowed_fallback(|| async { ApiError::method_not_allowed() })
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(middleware::from_fn(log_request))
        .with_state(state)
}

/// One structured log line per request: method, path, status, latency, client.
async fn log_request(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip().to_string());
    let response = next.run(request).await;
    let status = response.status().as_u16();
    let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
    if response.status().is_server_error() {
        tracing::warn!(%method, %path, status, latency_ms, client, "request");
    } else {
        tracing::info!(%method, %path, status, latency_ms, client, "request");
    }
    response
}

/// Serves `state` on `listener` until `shutdown` completes, then stops taking connections,
/// lets in-flight requests finish for `Config::connections.shutdown_grace`, closes the
/// connections still open and the database pool.
///
/// HTTP/1.1 only, through our own accept loop ([`crate::conn`]): header, keep-alive and body
/// timeouts, per-address and global connection caps, a global budget of request-body memory and
/// the registration endpoint's small body bound, which `axum::serve` cannot enforce.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let db = state.db().clone();
    let config = state.config();
    let server = crate::conn::Server::new(
        config.connections.clone(),
        config.body_limit,
        config.trusted_proxies.clone(),
    );
    let router = app(state);
    let result = server.serve(listener, router, shutdown).await;
    db.close().await;
    result
}

/// Completes on ctrl-c or (on Unix) SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %err, "cannot listen for ctrl-c");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(err) => {
                tracing::error!(error = %err, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("ctrl-c received, shutting down"),
        () = terminate => tracing::info!("SIGTERM received, shutting down"),
    }
}

/// Milliseconds since the Unix epoch now.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
