//! The sync client: uploads the outbox in bounded batches, deletes only what the server
//! acknowledged, sets aside what it rejected, and backs off exponentially with full jitter when
//! the server cannot be reached or is overloaded. The shells decide *when* to call it
//! (connectivity, app lifecycle, [`SyncReport::next_attempt_at_ms`]); this decides *what*.
//!
//! Backoff state lives in the outbox directory (`sync-state.json`), so a restarted app keeps
//! backing off instead of hammering a struggling server.

use super::outbox::{Outbox, OutboxError};
use super::transport::{HttpHeader, HttpRequest, HttpResponse, HttpTransport, TransportError};
use super::wire::{
    DEVICES_PATH, ErrorBody, GAMES_PATH, MAX_BATCH_BYTES, MAX_BATCH_RECORDS, RegisterDeviceRequest,
    RegisterDeviceResponse, UploadRequest, UploadResponse, UploadStatus,
};
use crate::record::limits::MAX_RECORD_BYTES;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// File in the outbox directory holding [`SyncState`].
pub const STATE_FILE: &str = "sync-state.json";

/// Exponential backoff with full jitter: after the n-th consecutive failure the next attempt is
/// a uniformly random delay in `0..=min(max_ms, base_ms * 2^(n-1))` away (at least what a
/// server's `Retry-After` asks, still capped by `max_ms`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackoffPolicy {
    pub base_ms: u64,
    pub max_ms: u64,
}

impl Default for BackoffPolicy {
    /// 30 s doubling up to 6 h: a phone retries soon after a blip, rarely during a long outage.
    fn default() -> Self {
        BackoffPolicy {
            base_ms: 30_000,
            max_ms: 6 * 3600 * 1000,
        }
    }
}

impl BackoffPolicy {
    /// Upper bound of the delay after `failures` consecutive failures (0 failures: no delay).
    pub fn ceiling_ms(&self, failures: u32) -> u64 {
        if failures == 0 {
            return 0;
        }
        let shift = (failures - 1).min(62);
        self.base_ms.saturating_mul(1u64 << shift).min(self.max_ms)
    }
}

/// Persisted sync state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyncState {
    /// Failed attempts since the last success.
    pub consecutive_failures: u32,
    /// Do not try before this (unix ms); 0 = any time.
    pub next_attempt_at_ms: u64,
    /// The server refused the token (401/403): register again to get a new one.
    pub needs_registration: bool,
    /// What the last failure was, for the UI and logs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
}

/// Reads the sync state of an outbox (a missing or unreadable state file means a fresh start).
pub fn load_state(outbox: &Outbox) -> Result<SyncState, SyncError> {
    match outbox.read_state_file(STATE_FILE)? {
        None => Ok(SyncState::default()),
        Some(bytes) => Ok(serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            log::warn!("outbox sync state unreadable ({e}); starting afresh");
            SyncState::default()
        })),
    }
}

fn save_state(outbox: &Outbox, state: &SyncState) -> Result<(), SyncError> {
    let bytes = serde_json::to_vec(state).map_err(|e| SyncError::BadResponse(e.to_string()))?;
    outbox.write_state_file(STATE_FILE, &bytes)?;
    Ok(())
}

/// Failures that stop a sync run for a local reason (the outbox cannot be read or written).
/// Network and server trouble is not an error: it is reported in [`SyncReport`].
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error(transparent)]
    Outbox(#[from] OutboxError),
    #[error(transparent)]
    Transport(#[from] TransportError),
    /// The server answered with an error status (registration).
    #[error("server answered {status}: {message}")]
    Http { status: u16, message: String },
    #[error("unreadable server response: {0}")]
    BadResponse(String),
}

/// How a sync run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyncOutcome {
    /// Every pending record was handled; the outbox is empty.
    Done,
    /// Backing off: nothing was sent, try again at `until_ms`.
    NotDue { until_ms: u64 },
    /// The server could not be reached or refused for now; records stay, retry later.
    RetryLater { reason: String },
    /// The token was refused: register the device again, then sync.
    NeedsRegistration,
    /// The run was told to stop ([`SyncClient::stopping_on`]) and sent no further request; what
    /// the collector answered before that is applied, the rest stays for the next run. Not a
    /// failure: the backoff is left as it was.
    Stopped,
}

/// What a sync run did, for the UI and the scheduler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncReport {
    /// Records sent in requests that got an answer.
    pub sent: usize,
    pub accepted: usize,
    pub duplicates: usize,
    /// Rejected by the server, now kept aside with the reason.
    pub rejected: usize,
    /// Set aside without sending (too large to upload, or a corrupt file).
    pub rejected_locally: usize,
    /// Still pending after the run.
    pub remaining: usize,
    /// When to try again (unix ms), if the run is backing off.
    pub next_attempt_at_ms: Option<u64>,
    pub outcome: SyncOutcome,
}

impl SyncReport {
    /// A report with every count zero, nothing remaining and no retry time.
    fn nothing_sent(outcome: SyncOutcome) -> SyncReport {
        SyncReport {
            sent: 0,
            accepted: 0,
            duplicates: 0,
            rejected: 0,
            rejected_locally: 0,
            remaining: 0,
            next_attempt_at_ms: None,
            outcome,
        }
    }
}

/// Limits and backoff of the sync client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncConfig {
    /// Base URL of the collector, e.g. `https://games.example.org` (no trailing path needed).
    pub server_url: String,
    pub max_batch_records: usize,
    pub max_batch_bytes: usize,
    pub backoff: BackoffPolicy,
    /// Per-request timeout given to the transport.
    pub timeout_ms: u64,
}

impl SyncConfig {
    pub fn new(server_url: impl Into<String>) -> Self {
        SyncConfig {
            server_url: server_url.into(),
            max_batch_records: MAX_BATCH_RECORDS,
            max_batch_bytes: MAX_BATCH_BYTES,
            backoff: BackoffPolicy::default(),
            timeout_ms: 30_000,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.server_url.trim_end_matches('/'))
    }
}

/// The sync client. Holds only configuration and the jitter source; all state is in the outbox.
pub struct SyncClient {
    config: SyncConfig,
    rng: Mutex<SmallRng>,
    stop: Option<Arc<AtomicBool>>,
}

/// Bytes of `{"records":[` + `]}` around the records.
const ENVELOPE_BYTES: usize = 16;

impl SyncClient {
    pub fn new(config: SyncConfig) -> Self {
        SyncClient {
            config,
            rng: Mutex::new(SmallRng::from_os_rng()),
            stop: None,
        }
    }

    /// A client with reproducible jitter (tests).
    pub fn with_seed(config: SyncConfig, seed: u64) -> Self {
        SyncClient {
            config,
            rng: Mutex::new(SmallRng::seed_from_u64(seed)),
            stop: None,
        }
    }

    /// This client's runs end, before their next request, once `stop` is set (a platform
    /// ending the background time it gave): a request under way is not interrupted, and its
    /// answer is applied, so nothing the collector accepted is sent again.
    pub fn stopping_on(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Whether the run was told to stop.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    pub fn config(&self) -> &SyncConfig {
        &self.config
    }

    /// Registers this install and returns its bearer token (the shell stores it securely).
    pub fn register(
        &self,
        transport: &dyn HttpTransport,
        request: &RegisterDeviceRequest,
    ) -> Result<String, SyncError> {
        let body =
            serde_json::to_vec(request).map_err(|e| SyncError::BadResponse(e.to_string()))?;
        let response = transport.send(HttpRequest {
            method: "POST".into(),
            url: self.config.url(DEVICES_PATH),
            headers: vec![
                HttpHeader::new("Content-Type", "application/json"),
                HttpHeader::new("Accept", "application/json"),
            ],
            body,
            timeout_ms: self.config.timeout_ms,
        })?;
        if !(200..300).contains(&response.status) {
            return Err(SyncError::Http {
                status: response.status,
                message: error_message(&response),
            });
        }
        let parsed: RegisterDeviceResponse = serde_json::from_slice(&response.body)
            .map_err(|e| SyncError::BadResponse(e.to_string()))?;
        if parsed.token.is_empty() {
            return Err(SyncError::BadResponse("empty token".into()));
        }
        Ok(parsed.token)
    }

    /// One sync run, unless the outbox is backing off (then nothing is sent and the report says
    /// until when). Uploads every pending record in batches until the outbox is empty or a
    /// request fails.
    pub fn sync_once(
        &self,
        outbox: &Outbox,
        transport: &dyn HttpTransport,
        token: &str,
        now_ms: u64,
    ) -> Result<SyncReport, SyncError> {
        let state = load_state(outbox)?;
        if now_ms < state.next_attempt_at_ms {
            return Ok(SyncReport {
                remaining: outbox.list()?.len(),
                next_attempt_at_ms: Some(state.next_attempt_at_ms),
                ..SyncReport::nothing_sent(SyncOutcome::NotDue {
                    until_ms: state.next_attempt_at_ms,
                })
            });
        }
        self.sync_now(outbox, transport, token, now_ms)
    }

    /// A sync run that ignores the backoff (the user asked, or connectivity just came back).
    pub fn sync_now(
        &self,
        outbox: &Outbox,
        transport: &dyn HttpTransport,
        token: &str,
        now_ms: u64,
    ) -> Result<SyncReport, SyncError> {
        let mut state = load_state(outbox)?;
        let mut report = SyncReport::nothing_sent(SyncOutcome::Done);
        let mut max_records = self.config.max_batch_records.max(1);
        // Below a few KiB no real record fits; a tiny configured limit would set everything aside.
        let max_bytes = self.config.max_batch_bytes.max(4096);
        // Every round either removes at least one pending file or halves the batch size, so the
        // loop ends; the bound is a guard against a misbehaving server.
        let mut rounds_left = outbox.list()?.len() * 2 + 64;
        loop {
            if rounds_left == 0 {
                report.outcome = self.fail(
                    outbox,
                    &mut state,
                    now_ms,
                    "too many rounds in one run".into(),
                    None,
                )?;
                break;
            }
            rounds_left -= 1;
            if self.stopped() {
                report.outcome = SyncOutcome::Stopped;
                break;
            }
            let batch = self.next_batch(outbox, max_records, max_bytes, &mut report)?;
            if batch.is_empty() {
                if outbox.list()?.is_empty() {
                    break;
                }
                continue;
            }
            let ids: Vec<String> = batch.iter().map(|(id, _)| id.clone()).collect();
            let body = serde_json::to_vec(&UploadRequest {
                records: batch.into_iter().map(|(_, v)| v).collect(),
            })
            .map_err(|e| SyncError::BadResponse(e.to_string()))?;
            let request = HttpRequest {
                method: "POST".into(),
                url: self.config.url(GAMES_PATH),
                headers: vec![
                    HttpHeader::new("Content-Type", "application/json"),
                    HttpHeader::new("Accept", "application/json"),
                    HttpHeader::new("Authorization", format!("Bearer {token}")),
                ],
                body,
                timeout_ms: self.config.timeout_ms,
            };
            let response = match transport.send(request) {
                Ok(r) => r,
                Err(e) => {
                    report.outcome = self.fail(outbox, &mut state, now_ms, e.to_string(), None)?;
                    break;
                }
            };
            match response.status {
                200..=299 => {
                    let parsed: UploadResponse = match serde_json::from_slice(&response.body) {
                        Ok(p) => p,
                        Err(e) => {
                            let reason = format!("unreadable upload response: {e}");
                            report.outcome = self.fail(outbox, &mut state, now_ms, reason, None)?;
                            break;
                        }
                    };
                    let answered = apply_results(outbox, &ids, &parsed, &mut report)?;
                    report.sent += ids.len();
                    if answered.handled == 0 {
                        let reason = "the server answered for none of the records sent".to_string();
                        report.outcome = self.fail(outbox, &mut state, now_ms, reason, None)?;
                        break;
                    }
                    if let Some(reason) = answered.deferred {
                        // The rest waits for the budget: sending it now would be deferred too.
                        let retry_after = retry_after_ms(&response);
                        report.outcome =
                            self.fail(outbox, &mut state, now_ms, reason, retry_after)?;
                        break;
                    }
                    if state != SyncState::default() {
                        state = SyncState::default();
                        save_state(outbox, &state)?;
                    }
                }
                401 | 403 => {
                    state.needs_registration = true;
                    state.last_error = Some(format!(
                        "token refused ({}): {}",
                        response.status,
                        error_message(&response)
                    ));
                    save_state(outbox, &state)?;
                    report.outcome = SyncOutcome::NeedsRegistration;
                    break;
                }
                413 if ids.len() > 1 => {
                    // The server's body limit is below ours: retry with smaller batches.
                    max_records = (ids.len() / 2).max(1);
                }
                413 => {
                    let id = ids.first().cloned().unwrap_or_default();
                    outbox.reject(
                        &id,
                        &format!(
                            "the server refused the record as too large (413): {}",
                            error_message(&response)
                        ),
                    )?;
                    report.rejected_locally += 1;
                }
                status => {
                    let retry_after = retry_after_ms(&response);
                    let reason = format!("server answered {status}: {}", error_message(&response));
                    report.outcome = self.fail(outbox, &mut state, now_ms, reason, retry_after)?;
                    break;
                }
            }
        }
        report.remaining = outbox.list()?.len();
        if matches!(report.outcome, SyncOutcome::RetryLater { .. }) {
            report.next_attempt_at_ms = Some(state.next_attempt_at_ms);
        }
        Ok(report)
    }

    /// Records for the next request, oldest first, within the count and byte bounds. Files that
    /// cannot be read as records, and records too large for any request, are set aside.
    fn next_batch(
        &self,
        outbox: &Outbox,
        max_records: usize,
        max_bytes: usize,
        report: &mut SyncReport,
    ) -> Result<Vec<(String, serde_json::Value)>, SyncError> {
        let mut batch = Vec::new();
        let mut bytes = ENVELOPE_BYTES;
        for entry in outbox.list()? {
            let value = match outbox.read_value(&entry.id) {
                Ok(v) => v,
                Err(OutboxError::Corrupt { reason, .. }) => {
                    outbox.reject(
                        &entry.id,
                        &format!("corrupt outbox file, not sent: {reason}"),
                    )?;
                    report.rejected_locally += 1;
                    continue;
                }
                Err(OutboxError::NotFound(_)) => continue,
                Err(e) => return Err(e.into()),
            };
            let size = serde_json::to_vec(&value)
                .map(|v| v.len())
                .unwrap_or(usize::MAX);
            let limit = MAX_RECORD_BYTES.min(max_bytes.saturating_sub(ENVELOPE_BYTES));
            if size > limit {
                outbox.reject(
                    &entry.id,
                    &format!("record of {size} bytes is over the upload limit of {limit} bytes"),
                )?;
                report.rejected_locally += 1;
                continue;
            }
            if !batch.is_empty() && bytes + size + 1 > max_bytes {
                break;
            }
            bytes += size + 1;
            batch.push((entry.id, value));
            if batch.len() >= max_records {
                break;
            }
        }
        Ok(batch)
    }

    /// Records an attempt that failed before any upload (registration could not reach the
    /// server): the same backoff as a failed upload. Returns when to try again (unix ms).
    pub fn record_failure(
        &self,
        outbox: &Outbox,
        now_ms: u64,
        reason: String,
    ) -> Result<u64, SyncError> {
        let mut state = load_state(outbox)?;
        self.fail(outbox, &mut state, now_ms, reason, None)?;
        Ok(state.next_attempt_at_ms)
    }

    /// Records a failed attempt: grows the backoff with full jitter and persists it.
    fn fail(
        &self,
        outbox: &Outbox,
        state: &mut SyncState,
        now_ms: u64,
        reason: String,
        retry_after_ms: Option<u64>,
    ) -> Result<SyncOutcome, SyncError> {
        state.consecutive_failures = state.consecutive_failures.saturating_add(1);
        let ceiling = self.config.backoff.ceiling_ms(state.consecutive_failures);
        let jitter = match self.rng.lock() {
            Ok(mut rng) => rng.random_range(0..=ceiling),
            Err(poisoned) => poisoned.into_inner().random_range(0..=ceiling),
        };
        // The server's Retry-After is honoured even past our own ceiling (a storage budget
        // names the next day), up to two days so a wrong header cannot park the outbox for long.
        let delay = jitter
            .min(self.config.backoff.max_ms)
            .max(retry_after_ms.unwrap_or(0).min(MAX_RETRY_AFTER_MS));
        state.next_attempt_at_ms = now_ms.saturating_add(delay);
        state.last_error = Some(reason.clone());
        save_state(outbox, state)?;
        log::info!(
            "sync failed ({reason}); attempt {} backs off {delay} ms",
            state.consecutive_failures
        );
        Ok(SyncOutcome::RetryLater { reason })
    }
}

/// The longest `Retry-After` honoured (two days).
const MAX_RETRY_AFTER_MS: u64 = 48 * 3600 * 1000;

/// What the server's verdicts on one batch came to.
struct Answered {
    /// Records of the batch they covered.
    handled: usize,
    /// Why records were deferred, if any were (they stay in the outbox).
    deferred: Option<String>,
}

/// Applies the server's per-record verdicts.
fn apply_results(
    outbox: &Outbox,
    ids: &[String],
    response: &UploadResponse,
    report: &mut SyncReport,
) -> Result<Answered, SyncError> {
    let mut deferred = None;
    let mut handled = vec![false; ids.len()];
    for (index, result) in response.results.iter().enumerate() {
        // Match by id; a missing id (the server could not read one) falls back to the position.
        let position = match &result.id {
            None => Some(index).filter(|&i| i < ids.len()),
            Some(answered) => ids.iter().position(|id| id == answered),
        };
        let Some(position) = position else {
            log::warn!(
                "sync: server answered for record {:?} that was not sent",
                result.id
            );
            continue;
        };
        let Some(slot) = handled.get_mut(position) else {
            continue;
        };
        if *slot {
            continue;
        }
        *slot = true;
        let id = &ids[position];
        match result.status {
            UploadStatus::Accepted => {
                outbox.remove(id)?;
                report.accepted += 1;
            }
            UploadStatus::Duplicate => {
                outbox.remove(id)?;
                report.duplicates += 1;
            }
            UploadStatus::Rejected => {
                let reason = match &result.reason {
                    Some(r) => format!("rejected by the server: {} ({})", r.message, r.code),
                    None => "rejected by the server (no reason given)".to_string(),
                };
                match outbox.reject(id, &reason) {
                    Ok(()) | Err(OutboxError::NotFound(_)) => {}
                    Err(e) => return Err(e.into()),
                }
                report.rejected += 1;
            }
            UploadStatus::Deferred | UploadStatus::Unknown => {
                deferred.get_or_insert_with(|| match &result.reason {
                    Some(r) => format!("deferred by the server: {} ({})", r.message, r.code),
                    None => "deferred by the server".to_string(),
                });
            }
        }
    }
    Ok(Answered {
        handled: handled.iter().filter(|h| **h).count(),
        deferred,
    })
}

fn error_message(response: &HttpResponse) -> String {
    match serde_json::from_slice::<ErrorBody>(&response.body) {
        Ok(body) => format!("{}: {}", body.error.code, body.error.message),
        Err(_) => String::from_utf8_lossy(&response.body)
            .chars()
            .take(200)
            .collect(),
    }
}

/// `Retry-After` in seconds (the HTTP-date form is not used by our server and is ignored).
fn retry_after_ms(response: &HttpResponse) -> Option<u64> {
    response
        .header("Retry-After")?
        .trim()
        .parse::<u64>()
        .ok()
        .map(|s| s.saturating_mul(1000))
}

/// One sync run with default limits and backoff (see [`SyncClient::sync_once`]).
pub fn sync_once(
    outbox: &Outbox,
    transport: &dyn HttpTransport,
    server_url: &str,
    token: &str,
    now_ms: u64,
) -> Result<SyncReport, SyncError> {
    SyncClient::new(SyncConfig::new(server_url)).sync_once(outbox, transport, token, now_ms)
}
