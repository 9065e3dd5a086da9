//! `GET /v1/stats` (admin token): counts, win rates and nodes per move.

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::db::Stats;
use crate::error::ApiError;
use crate::extract::Admin;

/// The [`Stats`] of the whole collection as JSON.
pub async fn stats(State(state): State<AppState>, _admin: Admin) -> Result<Json<Stats>, ApiError> {
    Ok(Json(state.db().stats().await?))
}
