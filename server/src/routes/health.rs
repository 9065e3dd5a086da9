//! `GET /healthz`: the process is up and the database answers.

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use crate::app::AppState;
use crate::db::Dialect;
use crate::error::ApiError;

/// `200 {"status":"ok","database":"sqlite"|"postgres"}`, or 503 when the database is down.
pub async fn healthz(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    state.db().ping().await?;
    let database = match state.db().dialect() {
        Dialect::Sqlite => "sqlite",
        Dialect::Postgres => "postgres",
    };
    Ok(Json(json!({ "status": "ok", "database": database })))
}
