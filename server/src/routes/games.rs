//! `POST /v1/games` (device token): a batch of records, each validated by replaying it through
//! `ply-core`, stored exactly once within the device's storage budget, and answered one result
//! per record in request order.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::app::{AppState, now_ms};
use crate::budget::{DAY_MS, DeviceUsage, Remaining};
use crate::db::{StoreOutcome, StoredRecord};
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
    // A device with no room left is answered before its records are replayed: the replay is
    // the expensive part, and a token farm would otherwise buy CPU with every refused upload.
    // Records it already stored are still replayed and answered as duplicates.
    let (stored_only, wait_before) = match before_replay(&state, &device, &body).await? {
        BeforeReplay::Proceed => (None, None),
        BeforeReplay::Exhausted(wait) => return Err(ApiError::budget_exhausted(wait)),
        BeforeReplay::StoredOnly { stored, wait } => (Some(stored), Some(wait)),
    };
    // Validate everything first (CPU only, off the async workers), then store the valid
    // records in one transaction.
    let checked = tokio::task::spawn_blocking(move || match stored_only {
        None => ingest::check_batch(&body, max),
        Some(stored) => ingest::check_stored_only(&body, max, &stored, DEFERRED),
    })
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
        let mut hold = SharedHold::reserve(&state, &device, &valid, started).await?;
        let batch = state
            .db()
            .store_batch_within(&device.id, &valid, now_ms(), &budget, hold.held)
            .await?;
        if batch.remaining.draws_on_shared() {
            hold.used = accepted_size(&valid, &batch.outcomes);
        }
        Some(batch)
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
                        UploadResult::deferred(record.id, DEFERRED)
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
            UploadStatus::Deferred | UploadStatus::Unknown => 3,
        }] += 1;
        results.push(result);
    }
    let [accepted, duplicate, rejected, deferred] = counts;
    tracing::info!(device = %device.id, accepted, duplicate, rejected, deferred, "batch stored");
    let wait = match (&batch, first_deferred) {
        (Some(batch), Some(first)) => Some(retry_wait(
            &state,
            &device.client,
            &batch.usage,
            &batch.remaining,
            first.body.len() as u64,
            started,
        )),
        _ => None,
    };
    let Some(wait) = wait.max(wait_before) else {
        return Ok(Json(UploadResponse { results }).into_response());
    };
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

/// What a deferred record's result says.
const DEFERRED: &str = "the storage allowance for the day (this device's, its address's or all \
                        new devices') is used up; send it again after Retry-After";

/// What a new device's upload holds of its address's and the pool's allowances while it is
/// stored: reserved from both at once, so concurrent uploads cannot each count on the whole
/// allowance, and given back when dropped (also when the client goes away mid-store), less
/// what the batch stored.
struct SharedHold {
    state: AppState,
    client: String,
    at: Instant,
    /// Records and bytes reserved.
    held: (u64, u64),
    /// Of which the batch stored.
    used: (u64, u64),
}

impl SharedHold {
    async fn reserve(
        state: &AppState,
        device: &Device,
        valid: &[StoredRecord],
        now: Instant,
    ) -> Result<SharedHold, ApiError> {
        let mut hold = SharedHold {
            state: state.clone(),
            client: device.client.clone(),
            at: now,
            held: (0, 0),
            used: (0, 0),
        };
        let budget = state.config().budget;
        // An established device draws on nothing shared; being established only grows more
        // certain with time, so this read needs no lock.
        let established = !budget.enabled || {
            let usage = state.db().device_usage(&device.id, now_ms()).await?;
            !budget.is_new(&usage)
        };
        if established {
            hold.held = (u64::MAX, u64::MAX);
            hold.used = hold.held;
            return Ok(hold);
        }
        let want = (
            valid.len() as u64,
            valid.iter().map(|r| r.body.len() as u64).sum(),
        );
        let address = state
            .address_budget()
            .reserve(&hold.client, want.0, want.1, now);
        let pool = state
            .new_device_pool()
            .reserve(POOL, address.0, address.1, now);
        state
            .address_budget()
            .refund(&hold.client, address.0 - pool.0, address.1 - pool.1, now);
        hold.held = pool;
        Ok(hold)
    }
}

impl Drop for SharedHold {
    fn drop(&mut self) {
        let unused = (
            self.held.0 - self.used.0.min(self.held.0),
            self.held.1 - self.used.1.min(self.held.1),
        );
        if unused != (0, 0) {
            self.state
                .address_budget()
                .refund(&self.client, unused.0, unused.1, self.at);
            self.state
                .new_device_pool()
                .refund(POOL, unused.0, unused.1, self.at);
        }
    }
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
    usage: &DeviceUsage,
    remaining: &Remaining,
    bytes: u64,
    now: Instant,
) -> Duration {
    let mut wait = Duration::ZERO;
    if remaining.refused_by_device {
        let oldest = usage.oldest_in_window_ms.unwrap_or_else(now_ms);
        let ms = (oldest + DAY_MS - now_ms()).clamp(0, DAY_MS);
        wait = wait.max(Duration::from_millis(ms.unsigned_abs()));
    }
    if remaining.refused_by_shared {
        wait = wait
            .max(state.address_budget().wait_for(client, bytes, now))
            .max(state.new_device_pool().wait_for(POOL, bytes, now));
    }
    wait
}

/// What to do with an upload before its records are replayed.
enum BeforeReplay {
    /// Replay and store as usual.
    Proceed,
    /// No room for even one record, and nothing of the batch is stored yet: `429` at once.
    Exhausted(Duration),
    /// No room, but some of the batch is stored already: replay only those (answered as
    /// duplicates), defer the rest, `Retry-After` the wait.
    StoredOnly {
        stored: HashSet<String>,
        wait: Duration,
    },
}

/// Whether the device has room for a record now, and if not, which of the batch's records are
/// stored already (see [`BeforeReplay`]).
async fn before_replay(
    state: &AppState,
    device: &Device,
    body: &[u8],
) -> Result<BeforeReplay, ApiError> {
    let budget = state.config().budget;
    if !budget.enabled {
        return Ok(BeforeReplay::Proceed);
    }
    let now = Instant::now();
    let usage = state.db().device_usage(&device.id, now_ms()).await?;
    let shared = if budget.is_new(&usage) {
        let address = state.address_budget().available(&device.client, now);
        let pool = state.new_device_pool().available(POOL, now);
        (address.0.min(pool.0), address.1.min(pool.1))
    } else {
        (u64::MAX, u64::MAX)
    };
    let mut remaining = Remaining::new(&budget, &usage, shared);
    if remaining.take(1) {
        return Ok(BeforeReplay::Proceed);
    }
    let ids = ingest::batch_ids(body);
    // An empty or oversized batch is refused by the replay's own checks.
    if ids.is_empty() || ids.len() > state.config().max_batch_records {
        return Ok(BeforeReplay::Proceed);
    }
    let stored = state.db().stored_ids(&ids).await?;
    let wait = retry_wait(state, &device.client, &usage, &remaining, 1, now);
    Ok(if stored.is_empty() {
        BeforeReplay::Exhausted(wait)
    } else {
        BeforeReplay::StoredOnly { stored, wait }
    })
}
