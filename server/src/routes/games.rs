//! `POST /v1/games` (device token): a batch of records, each validated by replaying it through
//! `ply-core`, stored exactly once, and answered one result per record in request order.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::app::{AppState, now_ms};
use crate::db::StoreOutcome;
use crate::error::ApiError;
use crate::extract::{Device, RawBody, parse_json};
use crate::ingest::{self, RecordResult};

/// The batch envelope; each record is kept raw so one bad record is rejected alone.
#[derive(Debug, Deserialize)]
struct Batch<'a> {
    #[serde(borrow)]
    records: Vec<&'a RawValue>,
}

/// Per-record results (see [`ingest::UploadResponse`]).
pub async fn upload(
    State(state): State<AppState>,
    device: Device,
    RawBody(body): RawBody,
) -> Result<Json<ingest::UploadResponse>, ApiError> {
    let batch: Batch<'_> = parse_json(&body)?;
    let max = state.config().max_batch_records;
    if batch.records.len() > max {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_records",
            format!(
                "batch has {} records; at most {max} are accepted per request",
                batch.records.len()
            ),
        ));
    }

    // Validate everything first (CPU only), then store the valid ones in one transaction.
    let checked: Vec<Result<_, RecordResult>> =
        batch.records.iter().map(|raw| ingest::check(raw)).collect();
    let valid: Vec<_> = checked
        .iter()
        .filter_map(|c| c.as_ref().ok())
        .cloned()
        .collect();
    let outcomes = if valid.is_empty() {
        Vec::new()
    } else {
        state.db().store_batch(&device.id, &valid, now_ms()).await?
    };

    let mut outcomes = outcomes.into_iter();
    let mut results = Vec::with_capacity(checked.len());
    let (mut accepted, mut duplicate, mut rejected) = (0u32, 0u32, 0u32);
    for check in checked {
        let result = match check {
            Err(rejection) => rejection,
            Ok(record) => match outcomes.next() {
                Some(StoreOutcome::Accepted { .. }) => RecordResult::accepted(record.id),
                Some(StoreOutcome::Duplicate { .. }) => RecordResult::duplicate(record.id),
                Some(StoreOutcome::Conflict) => RecordResult::conflict(record.id),
                None => {
                    return Err(ApiError::new(
                        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                        "internal",
                        "storage answered fewer results than records",
                    ));
                }
            },
        };
        match result.status {
            ingest::Status::Accepted => accepted += 1,
            ingest::Status::Duplicate => duplicate += 1,
            ingest::Status::Rejected => rejected += 1,
        }
        results.push(result);
    }
    tracing::info!(device = %device.id, accepted, duplicate, rejected, "batch stored");
    Ok(Json(ingest::UploadResponse { results }))
}
