//! `GET /v1/stats[?start=standard|any]` (admin token): counts, win rates, nodes per move, and
//! people's results and accuracy against each engine level; `GET /v1/stats/charts/NAME.svg`
//! draws one of them ([`crate::charts::CHARTS`]).
//!
//! `start=standard` (the default) counts results of games from the standard start only;
//! `start=any` adds games from set-up positions.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;

use crate::app::AppState;
use crate::charts;
use crate::db::{Stats, StatsQuery};
use crate::error::ApiError;
use crate::extract::Admin;

/// Query parameters, kept as text so a bad value gets a JSON error naming it.
#[derive(Debug, Deserialize)]
pub struct StatsParams {
    start: Option<String>,
}

type Params = Result<Query<StatsParams>, axum::extract::rejection::QueryRejection>;

fn query(params: Params) -> Result<StatsQuery, ApiError> {
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
    Ok(StatsQuery {
        include_custom_starts,
    })
}

/// The [`Stats`] of the whole collection as JSON.
pub async fn stats(
    State(state): State<AppState>,
    _admin: Admin,
    params: Params,
) -> Result<Json<Stats>, ApiError> {
    let query = query(params)?;
    Ok(Json(state.db().stats_with(query).await?))
}

/// One chart of the statistics as SVG: `results.svg`, `nodes.svg`, `levels.svg` or
/// `accuracy.svg`.
pub async fn chart(
    State(state): State<AppState>,
    _admin: Admin,
    Path(file): Path<String>,
    params: Params,
) -> Result<impl IntoResponse, ApiError> {
    let unknown = || {
        ApiError::bad_request(
            "unknown_chart",
            format!(
                "no chart '{file}': the charts are {}",
                charts::CHARTS.map(|c| format!("{c}.svg")).join(", ")
            ),
        )
    };
    let name = file.strip_suffix(".svg").ok_or_else(unknown)?;
    if !charts::CHARTS.contains(&name) {
        return Err(unknown());
    }
    let stats = state.db().stats_with(query(params)?).await?;
    let svg = charts::chart(name, &stats).ok_or_else(unknown)?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}
