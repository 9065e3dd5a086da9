//! `GET /v1/games?since=&game=&limit=&format=` (admin token): the collection as JSON Lines, or
//! with `format=wthor|pdn|transcript` each page in its field's format (a page is then a whole
//! WTHOR file of its Othello games, PDN of its draughts games, or one move string a line of its
//! Othello and Connect Four games; records of other games are counted in `X-Skipped`); with
//! `reviews=true` each reviewed game's stored review is a comment after each move.
//!
//! Paginated by the server-assigned sequence number: `since` is exclusive (0 = from the start);
//! the answer carries `X-Next-Cursor` (pass it as the next `since`) and `X-More: true|false`.
//! `game` takes the names `ply` uses (`othello`, `connect4`, `checkers`, `virus`, `focus`,
//! `chinese_checkers`; a `format` that cannot hold that game is a 400); `limit` is clamped to
//! the server's page size (1000 by default).

use axum::extract::{Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use ply_core::games::GameKind;
use ply_core::record::export::{FieldFormat, export_field_with_comments};
use ply_core::record::{GameRecord, now_ms, parse_record};
use ply_core::review::move_comments;
use serde::Deserialize;
use std::collections::HashMap;

use crate::app::AppState;
use crate::error::ApiError;
use crate::extract::Admin;

/// Header naming the cursor of the next page.
pub const NEXT_CURSOR_HEADER: &str = "x-next-cursor";
/// Header telling whether another page follows.
pub const MORE_HEADER: &str = "x-more";

/// Query parameters, all optional, kept as text so a bad value gets a JSON error naming it.
#[derive(Debug, Deserialize)]
pub struct ExportQuery {
    since: Option<String>,
    game: Option<String>,
    limit: Option<String>,
    format: Option<String>,
    /// `true`: write each game's stored review as a comment after each move.
    reviews: Option<String>,
}

/// Header counting the page's records the format could not hold.
pub const SKIPPED_HEADER: &str = "x-skipped";

fn parse_param(name: &str, value: Option<&str>, default: i64) -> Result<i64, ApiError> {
    match value {
        None | Some("") => Ok(default),
        Some(text) => text.parse::<i64>().ok().filter(|v| *v >= 0).ok_or_else(|| {
            ApiError::bad_request(
                "invalid_query",
                format!("query parameter '{name}' must be a non-negative integer, got '{text}'"),
            )
        }),
    }
}

/// The move comments of the page's reviewed games, by record seq (a review that does not read
/// back, such as a game that could not be replayed, gives none).
async fn page_comments(
    state: &AppState,
    since: i64,
    records: &[(i64, String)],
) -> Result<HashMap<i64, Vec<String>>, ApiError> {
    let until = records.last().map_or(since, |(seq, _)| *seq);
    let reviews = state.db().reviews_between(since, until).await?;
    Ok(reviews
        .into_iter()
        .filter_map(|(seq, json)| move_comments(&json).ok().map(|c| (seq, c)))
        .collect())
}

/// One page of records, one canonical JSON per line.
pub async fn export(
    State(state): State<AppState>,
    _admin: Admin,
    query: Result<Query<ExportQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| {
        ApiError::bad_request("invalid_query", format!("query string: {}", e.body_text()))
    })?;
    let max = state.config().export_max_page;
    let since = parse_param("since", query.since.as_deref(), 0)?;
    let limit = parse_param("limit", query.limit.as_deref(), max)?.clamp(1, max);
    let game = match query.game.as_deref().filter(|g| !g.is_empty()) {
        None => None,
        Some(name) => Some(name.parse::<GameKind>().map_err(|e| {
            ApiError::bad_request("invalid_query", format!("query parameter 'game': {e}"))
        })?),
    };
    let format = match query.format.as_deref().filter(|f| !f.is_empty()) {
        None | Some("jsonl") => None,
        Some(name) => Some(FieldFormat::from_name(name).map_err(|e| {
            ApiError::bad_request("invalid_query", format!("query parameter 'format': {e}"))
        })?),
    };
    if let (Some(game), Some(format)) = (game, format)
        && !format.holds().contains(&game)
    {
        // As `ply records export` says: an empty file would read as "no games".
        return Err(ApiError::bad_request(
            "invalid_query",
            format!(
                "format '{}' cannot hold {} games (it holds {})",
                format.name(),
                game.name(),
                format
                    .holds()
                    .iter()
                    .map(|g| g.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let page = state
        .db()
        .export_page(since, game.map(GameKind::name), limit)
        .await?;
    let with_reviews = match query.reviews.as_deref() {
        None | Some("") | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::bad_request(
                "invalid_query",
                format!("query parameter 'reviews' must be true or false, got '{other}'"),
            ));
        }
    };
    if let Some(format) = format {
        let comments = if with_reviews {
            page_comments(&state, since, &page.records).await?
        } else {
            HashMap::new()
        };
        let mut records = Vec::with_capacity(page.records.len());
        for (seq, body) in &page.records {
            // Stored records were validated on upload; one that no longer parses is a server
            // fault worth naming, not a reason to drop the page.
            records.push(parse_record(body.as_bytes()).map_err(|e| {
                ApiError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    "stored_record_unreadable",
                    format!("stored record #{seq} does not parse: {e}"),
                )
            })?);
        }
        let none: &[String] = &[];
        let annotated = records
            .iter()
            .zip(&page.records)
            .map(|(record, (seq, _))| (record, comments.get(seq).map_or(none, Vec::as_slice)));
        let annotated: Vec<(GameRecord, Vec<String>)> = annotated
            .map(|(record, comments)| (record.clone(), comments.to_vec()))
            .collect();
        // Every record is replayed again before it is written: CPU work, off the async workers.
        let exported = tokio::task::spawn_blocking(move || {
            export_field_with_comments(
                format,
                annotated.iter().map(|(r, c)| (r, c.as_slice())),
                now_ms(),
            )
        })
        .await
        .map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("export failed: {e}"),
            )
        })?;
        let mut response = exported.bytes.into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(format.content_type()),
        );
        headers.insert(NEXT_CURSOR_HEADER, HeaderValue::from(page.next_cursor));
        headers.insert(
            MORE_HEADER,
            HeaderValue::from_static(if page.more { "true" } else { "false" }),
        );
        headers.insert(
            SKIPPED_HEADER,
            HeaderValue::from(exported.other_games + exported.refused.len()),
        );
        return Ok(response);
    }
    let mut body = String::with_capacity(page.records.iter().map(|(_, b)| b.len() + 1).sum());
    for (_, record) in &page.records {
        body.push_str(record);
        body.push('\n');
    }
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    headers.insert(NEXT_CURSOR_HEADER, HeaderValue::from(page.next_cursor));
    headers.insert(
        MORE_HEADER,
        HeaderValue::from_static(if page.more { "true" } else { "false" }),
    );
    Ok(response)
}
