//! `GET /healthz`: the process is up and the database answers.
//!
//! Anyone may call it (load balancers do, without a token), so it must cost next to nothing:
//! the database is asked at most once per [`HEALTH_TTL`] whatever the number of callers (they
//! share the last answer, and concurrent callers wait for the one check in flight), and each
//! client address is throttled like the other unauthenticated endpoints.

use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::app::AppState;
use crate::db::{Db, Dialect};
use crate::error::ApiError;
use crate::extract::ClientKey;

/// How long a database check's answer is reused.
pub const HEALTH_TTL: Duration = Duration::from_secs(1);

/// The last database check and how many were made.
#[derive(Debug, Default)]
pub struct HealthCache {
    last: Mutex<Option<(Instant, bool)>>,
    checks: std::sync::atomic::AtomicU64,
}

impl HealthCache {
    /// Whether the database answered, asking it only if the last answer is older than
    /// [`HEALTH_TTL`].
    pub async fn database_up(&self, db: &Db) -> bool {
        let mut last = self.last.lock().await;
        if let Some((at, up)) = *last
            && at.elapsed() < HEALTH_TTL
        {
            return up;
        }
        self.checks
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let up = tokio::time::timeout(HEALTH_TTL * 2, db.ping())
            .await
            .is_ok_and(|r| r.is_ok());
        *last = Some((Instant::now(), up));
        up
    }

    /// Database checks made so far.
    pub fn checks(&self) -> u64 {
        self.checks.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// `200 {"status":"ok","database":"sqlite"|"postgres"}`, 503 when the database is down, 429
/// when this address asks too often.
pub async fn healthz(
    State(state): State<AppState>,
    ClientKey(client): ClientKey,
) -> Result<Json<Value>, ApiError> {
    state
        .health_limiter()
        .check(&client)
        .map_err(|wait| ApiError::rate_limited("for /healthz from this address", wait))?;
    if !state.health().database_up(state.db()).await {
        return Err(ApiError {
            retry_after_secs: Some(1),
            ..ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                "the database is unavailable; retry later",
            )
        });
    }
    let database = match state.db().dialect() {
        Dialect::Sqlite => "sqlite",
        Dialect::Postgres => "postgres",
    };
    Ok(Json(json!({ "status": "ok", "database": database })))
}
