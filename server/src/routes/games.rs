//! `POST /v1/games` (device token): a batch of records, each validated by replaying it through
//! `ply-core`, stored exactly once within the device's storage budget, and answered one result
//! per record in request order.

use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::app::{AppState, now_ms};
use crate::budget::DAY_MS;
use crate::db::{StoreOutcome, StoredBatch, StoredRecord};
use crate::error::ApiError;
use crate::extract::{Device, RawBody};
use crate::ingest;
use ply_core::sync::wire::{UploadResponse, UploadResult, UploadStatus};

/// The key of the one pool all new devices share.
const POOL: &str = "new-devices";

/// One [`ply_core::sync::wire::UploadResult`] per record, in request order; `429` when the
/// budget left room for none of them.
pub async fn upload(
    State(state): State<AppState>,
    device: Device,
    RawBody(body): RawBody,
) -> Result<Response, ApiError> {
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
    let valid: Vec<StoredRecord> = checked
        .iter()
        .filter_map(|c| c.as_ref().ok())
        .cloned()
        .collect();
    let budget = state.config().budget;
    let started = Instant::now();
    let batch = if valid.is_empty() {
        None
    } else {
        let shared = reserve_shared(&state, &device.client, &valid, started);
        let stored = state
            .db()
            .store_batch_within(&device.id, &valid, now_ms(), &budget, shared)
            .await;
        // What the batch did not store (all of it for an established device, or on an error)
        // goes back to the address and the pool.
        let used = match &stored {
            Ok(batch) if batch.remaining.draws_on_shared() => {
                accepted_size(&valid, &batch.outcomes)
            }
            _ => (0, 0),
        };
        if budget.enabled {
            let unused = (
                shared.0 - used.0.min(shared.0),
                shared.1 - used.1.min(shared.1),
            );
            state
                .address_budget()
                .refund(&device.client, unused.0, unused.1, started);
            state
                .new_device_pool()
                .refund(POOL, unused.0, unused.1, started);
        }
        Some(stored?)
    };

    let mut outcomes = batch.iter().flat_map(|b| b.outcomes.iter().copied());
    let mut results = Vec::with_capacity(checked.len());
    let mut counts = [0u32; 4];
    let mut first_deferred: Option<&StoredRecord> = None;
    let mut valid_records = valid.iter();
    for check in checked {
        let result = match check {
            Err(rejection) => rejection,
            Ok(record) => {
                let stored = valid_records.next();
                match outcomes.next() {
                    Some(StoreOutcome::Accepted { .. }) => UploadResult::accepted(record.id),
                    Some(StoreOutcome::Duplicate { .. }) => UploadResult::duplicate(record.id),
                    Some(StoreOutcome::Conflict) => ingest::conflict(&record.id),
                    Some(StoreOutcome::Deferred) => {
                        first_deferred = first_deferred.or(stored);
                        UploadResult::deferred(
                            record.id,
                            "this device's storage allowance for the day is used up; \
                             send it again after Retry-After",
                        )
                    }
                    None => {
                        return Err(ApiError::new(
                            StatusCode::INTERNAL_SERVER_ERROR,
                            "internal",
                            "storage answered fewer results than records",
                        ));
                    }
                }
            }
        };
        counts[match result.status {
            UploadStatus::Accepted => 0,
            UploadStatus::Duplicate => 1,
            UploadStatus::Rejected => 2,
            UploadStatus::Deferred => 3,
        }] += 1;
        results.push(result);
    }
    let [accepted, duplicate, rejected, deferred] = counts;
    tracing::info!(device = %device.id, accepted, duplicate, rejected, deferred, "batch stored");
    let (Some(batch), Some(first)) = (batch, first_deferred) else {
        return Ok(Json(UploadResponse { results }).into_response());
    };
    let wait = retry_wait(&state, &device.client, &batch, first, started);
    if accepted + duplicate + rejected == 0 {
        return Err(ApiError::budget_exhausted(wait));
    }
    let mut response = Json(UploadResponse { results }).into_response();
    response.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from(wait.as_secs().saturating_add(1)),
    );
    Ok(response)
}

/// Reserves, from the address's and the pool's allowances at once, what the batch could use
/// if the device is new: concurrent uploads from one address (or from many) cannot each count
/// on the whole allowance. Unused, it is refunded after the store.
fn reserve_shared(
    state: &AppState,
    client: &str,
    valid: &[StoredRecord],
    now: Instant,
) -> (u64, u64) {
    if !state.config().budget.enabled {
        return (u64::MAX, u64::MAX);
    }
    let want = (
        valid.len() as u64,
        valid.iter().map(|r| r.body.len() as u64).sum(),
    );
    let address = state.address_budget().reserve(client, want.0, want.1, now);
    let pool = state
        .new_device_pool()
        .reserve(POOL, address.0, address.1, now);
    state
        .address_budget()
        .refund(client, address.0 - pool.0, address.1 - pool.1, now);
    pool
}

/// Records and bytes the batch stored.
fn accepted_size(valid: &[StoredRecord], outcomes: &[StoreOutcome]) -> (u64, u64) {
    valid
        .iter()
        .zip(outcomes)
        .filter(|(_, o)| matches!(o, StoreOutcome::Accepted { .. }))
        .fold((0, 0), |(n, b), (r, _)| (n + 1, b + r.body.len() as u64))
}

/// How long until the first deferred record would fit: the device's oldest record of the day
/// leaving the window, or the shared allowances refilling.
fn retry_wait(
    state: &AppState,
    client: &str,
    batch: &StoredBatch,
    first: &StoredRecord,
    now: Instant,
) -> Duration {
    let mut wait = Duration::ZERO;
    if batch.remaining.refused_by_device {
        let oldest = batch.usage.oldest_in_window_ms.unwrap_or_else(now_ms);
        let ms = (oldest + DAY_MS - now_ms()).clamp(0, DAY_MS);
        wait = wait.max(Duration::from_millis(ms.unsigned_abs()));
    }
    if batch.remaining.refused_by_shared {
        let bytes = first.body.len() as u64;
        wait = wait
            .max(state.address_budget().wait_for(client, bytes, now))
            .max(state.new_device_pool().wait_for(POOL, bytes, now));
    }
    wait
}
