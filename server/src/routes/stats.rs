//! `GET /v1/stats[?start=standard|any]` (admin token): counts, win rates, nodes per move, and
//! people's results and accuracy against each engine level; `GET /v1/stats/charts/NAME.svg`
//! draws one of them ([`crate::charts::CHARTS`]).
//!
//! `start=standard` (the default) counts results of games from the standard start only;
//! `start=any` adds games from set-up positions.
//!
//! One computation serves every request that comes while it runs, and its answer is reused
//! for `Config::stats_cache` while nothing new was stored through this instance: the four
//! charts of a page cost one computation, and a flood of requests one at a time.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;

use crate::app::AppState;
use crate::charts;
use crate::db::{Db, Stats, StatsQuery};
use crate::error::ApiError;
use crate::extract::Admin;

/// The statistics answered lately, by query.
#[derive(Debug)]
pub struct StatsCache {
    ttl: Duration,
    /// Bumped whenever records are stored through this instance.
    generation: AtomicU64,
    answers: tokio::sync::Mutex<HashMap<bool, Answer>>,
}

/// An answer: when it was computed, the generation it saw, the statistics.
type Answer = (Instant, u64, Arc<Stats>);

impl StatsCache {
    /// Answers reused for `ttl` (zero: never).
    pub fn new(ttl: Duration) -> Self {
        StatsCache {
            ttl,
            generation: AtomicU64::new(0),
            answers: tokio::sync::Mutex::new(HashMap::new()),
        }
    }

    /// Records were stored: the next request computes afresh.
    pub fn stored(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The statistics for `query`, computed at most once at a time.
    pub async fn get(&self, db: &Db, query: StatsQuery) -> Result<Arc<Stats>, sqlx::Error> {
        let key = query.include_custom_starts;
        let mut answers = self.answers.lock().await;
        let generation = self.generation.load(Ordering::Relaxed);
        if let Some((at, seen, stats)) = answers.get(&key)
            && *seen == generation
            && at.elapsed() < self.ttl
        {
            return Ok(Arc::clone(stats));
        }
        let stats = Arc::new(db.stats_with(query).await?);
        answers.insert(key, (Instant::now(), generation, Arc::clone(&stats)));
        Ok(stats)
    }
}

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
    let stats = state.stats_cache().get(state.db(), query).await?;
    Ok(Json(Stats::clone(&stats)))
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
    let stats = state.stats_cache().get(state.db(), query(params)?).await?;
    let svg = charts::chart(name, &stats).ok_or_else(unknown)?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}
