//! `POST /v1/games` (device token): a batch of records, each validated by replaying it through
//! `ply-core`, stored exactly once, and answered one result per record in request order.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use crate::app::{AppState, now_ms};
use crate::db::StoreOutcome;
use crate::error::ApiError;
use crate::extract::{Device, RawBody};
use crate::ingest;
use ply_core::sync::wire::{UploadResponse, UploadResult, UploadStatus};

/// One [`ply_core::sync::wire::UploadResult`] per record, in request order.
pub async fn upload(
    State(state): State<AppState>,
    device: Device,
    RawBody(body): RawBody,
) -> Result<Json<UploadResponse>, ApiError> {
    let max = state.config().max_batch_records;
    // Validate everything first (CPU only, off the async workers), then store the valid
    // records in one transaction.
    let checked = tokio::task::spawn_blocking(move || ingest::check_batch(&body, max))
        .await
        .map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("record validation failed: {e}"),
            )
        })??;
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
                Some(StoreOutcome::Accepted { .. }) => UploadResult::accepted(record.id),
                Some(StoreOutcome::Duplicate { .. }) => UploadResult::duplicate(record.id),
                Some(StoreOutcome::Conflict) => ingest::conflict(&record.id),
                None => {
                    return Err(ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "internal",
                        "storage answered fewer results than records",
                    ));
                }
            },
        };
        match result.status {
            UploadStatus::Accepted => accepted += 1,
            UploadStatus::Duplicate => duplicate += 1,
            UploadStatus::Rejected => rejected += 1,
        }
        results.push(result);
    }
    tracing::info!(device = %device.id, accepted, duplicate, rejected, "batch stored");
    Ok(Json(UploadResponse { results }))
}
