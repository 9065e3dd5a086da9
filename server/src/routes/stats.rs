//! `GET /v1/stats[?start=standard|any]` (admin token): counts, win rates and nodes per move.
//!
//! `start=standard` (the default) counts results of games from the standard start only;
//! `start=any` adds games from set-up positions.

use axum::Json;
use axum::extract::{Query, State};
use serde::Deserialize;

use crate::app::AppState;
use crate::db::{Stats, StatsQuery};
use crate::error::ApiError;
use crate::extract::Admin;

/// Query parameters, kept as text so a bad value gets a JSON error naming it.
#[derive(Debug, Deserialize)]
pub struct StatsParams {
    start: Option<String>,
}

/// The [`Stats`] of the whole collection as JSON.
pub async fn stats(
    State(state): State<AppState>,
    _admin: Admin,
    params: Result<Query<StatsParams>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Stats>, ApiError> {
    let Query(params) = params.map_err(|e| {
        ApiError::bad_request("invalid_query", format!("query string: {}", e.body_text()))
    })?;
    let include_custom_starts = match params.start.as_deref() {
        None | Some("") | Some("standard") => false,
        Some("any") => true,
        Some(other) => {
            return Err(ApiError::bad_request(
                "invalid_query",
                format!("query parameter 'start' must be 'standard' or 'any', got '{other}'"),
            ));
        }
    };
    let query = StatsQuery {
        include_custom_starts,
    };
    Ok(Json(state.db().stats_with(query).await?))
}
