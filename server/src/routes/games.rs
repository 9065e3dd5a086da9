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
use crate::budget::{DAY_MS, DeviceUsage, Held, Refusal, Remaining};
use crate::db::{CollectionUsage, StoreOutcome, StoredRecord};
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
        let mut hold = AllowanceHold::reserve(&state, &device, &valid, started).await?;
        let batch = state
            .db()
            .store_batch_within(&device.id, &valid, now_ms(), &budget, hold.held())
            .await?;
        hold.used = accepted_size(&valid, &batch.outcomes);
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
    if accepted > 0 {
        state.stats_cache().stored();
    }
    tracing::info!(device = %device.id, accepted, duplicate, rejected, deferred, "batch stored");
    let wait = match (&batch, first_deferred) {
        (Some(batch), Some(first)) => Some(retry_wait(
            &state,
            &device.client,
            &Usage {
                device: &batch.usage,
                collection: &batch.collection,
            },
            &batch.remaining,
            first.cost(),
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
const DEFERRED: &str = "the storage allowance for the day (this device's, its address's, all new \
                        devices' or the whole collection's) is used up; send it again after \
                        Retry-After";

/// What an upload holds of the allowances kept in memory while it is stored: its address's
/// ceiling, and for a new device its address's and the pool's allowances. Reserved at once
/// (concurrent uploads cannot each count on the whole of one) and given back when dropped
/// (also when the client goes away mid-store), less what the batch stored.
struct AllowanceHold {
    state: AppState,
    client: String,
    at: Instant,
    /// Records and bytes reserved of the address's ceiling.
    cap: (u64, u64),
    /// Records and bytes reserved of the new devices' allowances, if the device is new.
    shared: Option<(u64, u64)>,
    /// Of which the batch stored.
    used: (u64, u64),
}

impl AllowanceHold {
    async fn reserve(
        state: &AppState,
        device: &Device,
        valid: &[StoredRecord],
        now: Instant,
    ) -> Result<AllowanceHold, ApiError> {
        let mut hold = AllowanceHold {
            state: state.clone(),
            client: device.client.clone(),
            at: now,
            cap: (u64::MAX, u64::MAX),
            shared: None,
            used: (0, 0),
        };
        let budget = state.config().budget;
        if !budget.enabled {
            return Ok(hold);
        }
        let want = (
            valid.len() as u64,
            valid.iter().map(StoredRecord::cost).sum(),
        );
        hold.cap = state
            .address_cap()
            .reserve(&hold.client, want.0, want.1, now);
        // An established device draws on nothing else shared; being established only grows
        // more certain with time, so this read needs no lock.
        let usage = state.db().device_usage(&device.id, now_ms()).await?;
        if budget.is_new(&usage) {
            let address = state
                .address_budget()
                .reserve(&hold.client, hold.cap.0, hold.cap.1, now);
            let pool = state
                .new_device_pool()
                .reserve(POOL, address.0, address.1, now);
            state.address_budget().refund(
                &hold.client,
                address.0 - pool.0,
                address.1 - pool.1,
                now,
            );
            hold.shared = Some(pool);
        }
        Ok(hold)
    }

    /// What the store may take from these allowances.
    fn held(&self) -> Held {
        Held {
            address_cap: self.cap,
            shared: self.shared,
        }
    }
}

impl Drop for AllowanceHold {
    fn drop(&mut self) {
        if !self.state.config().budget.enabled {
            return;
        }
        let unused = |held: (u64, u64)| {
            (
                held.0 - self.used.0.min(held.0),
                held.1 - self.used.1.min(held.1),
            )
        };
        let cap = unused(self.cap);
        if cap != (0, 0) {
            self.state
                .address_cap()
                .refund(&self.client, cap.0, cap.1, self.at);
        }
        if let Some(shared) = self.shared.map(unused)
            && shared != (0, 0)
        {
            self.state
                .address_budget()
                .refund(&self.client, shared.0, shared.1, self.at);
            self.state
                .new_device_pool()
                .refund(POOL, shared.0, shared.1, self.at);
        }
    }
}

/// Records and bytes (as the budget counts them) the batch stored.
fn accepted_size(valid: &[StoredRecord], outcomes: &[StoreOutcome]) -> (u64, u64) {
    valid
        .iter()
        .zip(outcomes)
        .filter(|(_, o)| matches!(o, StoreOutcome::Accepted { .. }))
        .fold((0, 0), |(n, b), (r, _)| (n + 1, b + r.cost()))
}

/// What the device and the whole collection stored in the last day.
struct Usage<'a> {
    device: &'a DeviceUsage,
    collection: &'a CollectionUsage,
}

/// How long until the first deferred record (of `bytes`) would fit: the device's oldest record
/// of the day leaving the window, the allowances in memory refilling, or the collection's
/// oldest hour leaving its day.
fn retry_wait(
    state: &AppState,
    client: &str,
    usage: &Usage<'_>,
    remaining: &Remaining,
    bytes: u64,
    now: Instant,
) -> Duration {
    let ms = |ms: i64| Duration::from_millis(ms.clamp(0, DAY_MS).unsigned_abs());
    match remaining.refused_by {
        None => Duration::ZERO,
        Some(Refusal::Device) => {
            let oldest = usage.device.oldest_in_window_ms.unwrap_or_else(now_ms);
            ms(oldest + DAY_MS - now_ms())
        }
        Some(Refusal::Shared) => state
            .address_budget()
            .wait_for(client, bytes, now)
            .max(state.new_device_pool().wait_for(POOL, bytes, now)),
        Some(Refusal::AddressCap) => state.address_cap().wait_for(client, bytes, now),
        Some(Refusal::TotalCap) => ms(usage.collection.wait_ms(now_ms())),
    }
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
    let collection = state.db().collection_usage(now_ms()).await?;
    let held = Held {
        address_cap: state.address_cap().available(&device.client, now),
        shared: budget.is_new(&usage).then(|| {
            let address = state.address_budget().available(&device.client, now);
            let pool = state.new_device_pool().available(POOL, now);
            (address.0.min(pool.0), address.1.min(pool.1))
        }),
    };
    let mut remaining = Remaining::new(
        &budget,
        &usage,
        held,
        (collection.records, collection.bytes),
    );
    // The smallest record there is: whether anything at all could be stored now.
    if remaining.take(crate::budget::record_cost(0, 0)) {
        return Ok(BeforeReplay::Proceed);
    }
    let ids = ingest::batch_ids(body);
    // An empty or oversized batch is refused by the replay's own checks.
    if ids.is_empty() || ids.len() > state.config().max_batch_records {
        return Ok(BeforeReplay::Proceed);
    }
    let stored = state.db().stored_ids(&ids).await?;
    let usage = Usage {
        device: &usage,
        collection: &collection,
    };
    let wait = retry_wait(state, &device.client, &usage, &remaining, 1, now);
    Ok(if stored.is_empty() {
        BeforeReplay::Exhausted(wait)
    } else {
        BeforeReplay::StoredOnly { stored, wait }
    })
}
