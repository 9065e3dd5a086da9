//! Syncing finished games: the shells' HTTP stack as a foreign trait, the outbox, and one sync run.
//!
//! The shells decide *when* to sync (connectivity, app lifecycle, WorkManager/BGTaskScheduler);
//! the core decides *what* (`ply_core::sync`): batches, acknowledgements, rejected records,
//! backoff with jitter (kept in the outbox directory).

use crate::remote::{ClientPlatform, PlyError};
use crate::session::GameSession;
use ply_app::guard::{guard, guard_or};
use ply_core::record::now_ms;
use ply_core::sync as core;
use std::sync::Arc;

/// One HTTP header line.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpHeader {
    pub name: String,
    pub value: String,
}

/// A request the core wants sent.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpRequest {
    /// `GET` or `POST`.
    pub method: String,
    pub url: String,
    pub headers: Vec<HttpHeader>,
    pub body: Vec<u8>,
    /// Give up after this long (connect plus response).
    pub timeout_ms: u64,
}

/// The server's answer, whatever its status.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<HttpHeader>,
    pub body: Vec<u8>,
}

/// The request produced no response at all (no network, DNS, refused, timeout, TLS, plain http
/// the platform does not allow...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum TransportError {
    #[error("no connection: {reason}")]
    Connect { reason: String },
    #[error("timed out: {reason}")]
    Timeout { reason: String },
    #[error("transport failure: {reason}")]
    Other { reason: String },
    /// The platform refused plain `http` to this host: Android's network security configuration
    /// (`java.net.UnknownServiceException` "CLEARTEXT communication ... not permitted"), iOS App
    /// Transport Security (`NSURLErrorAppTransportSecurityRequiresSecureConnection`, -1022).
    #[error("cleartext http refused by the platform: {reason}")]
    CleartextRefused { reason: String },
}

impl From<uniffi::UnexpectedUniFFICallbackError> for TransportError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> Self {
        // An unexpected exception in the Kotlin/Swift implementation is a failed request, not a crash.
        TransportError::Other { reason: e.reason }
    }
}

/// Sends one HTTP request with the platform's stack (OkHttp/HttpURLConnection, URLSession).
/// Return the response of any status; throw `TransportException` only when no response arrived.
/// Do not follow redirects for POST and do not retry (the core decides about retries).
#[uniffi::export(with_foreign)]
pub trait HttpTransport: Send + Sync {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError>;
}

/// The foreign transport seen as the core's trait.
pub(crate) struct Bridge(pub(crate) Arc<dyn HttpTransport>);

fn headers_in(h: Vec<core::HttpHeader>) -> Vec<HttpHeader> {
    h.into_iter()
        .map(|h| HttpHeader {
            name: h.name,
            value: h.value,
        })
        .collect()
}

impl core::HttpTransport for Bridge {
    fn send(&self, r: core::HttpRequest) -> Result<core::HttpResponse, core::TransportError> {
        let request = HttpRequest {
            method: r.method,
            url: r.url,
            headers: headers_in(r.headers),
            body: r.body,
            timeout_ms: r.timeout_ms,
        };
        match self.0.send(request) {
            Ok(resp) => Ok(core::HttpResponse {
                status: resp.status,
                headers: resp
                    .headers
                    .into_iter()
                    .map(|h| core::HttpHeader::new(h.name, h.value))
                    .collect(),
                body: resp.body,
            }),
            Err(TransportError::Connect { reason }) => Err(core::TransportError::Connect(reason)),
            Err(TransportError::Timeout { reason }) => Err(core::TransportError::Timeout(reason)),
            Err(TransportError::Other { reason }) => Err(core::TransportError::Other(reason)),
            Err(TransportError::CleartextRefused { reason }) => {
                Err(core::TransportError::CleartextRefused(reason))
            }
        }
    }
}

/// A pending record as the history screen lists it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct OutboxItem {
    pub id: String,
    pub size_bytes: u64,
    pub written_at_ms: u64,
}

/// A record the server (or the outbox itself) set aside, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RejectedItem {
    pub id: String,
    pub reason: String,
}

/// Counts for the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct OutboxSummary {
    pub pending: u64,
    pub pending_bytes: u64,
    pub rejected: u64,
    pub soft_cap_bytes: u64,
    /// The outbox is larger than its soft cap (nothing is dropped; the UI may warn).
    pub over_soft_cap: bool,
}

/// How a sync run ended.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum SyncOutcome {
    /// Every pending record was handled.
    Done,
    /// Backing off: nothing sent; try again at `until_ms`.
    NotDue { until_ms: u64 },
    /// The server could not be reached or refused for now; records stay.
    RetryLater { reason: String },
    /// The token was refused: register again (`register_device`), then sync.
    NeedsRegistration,
}

/// What a sync run did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SyncSummary {
    pub sent: u64,
    pub accepted: u64,
    pub duplicates: u64,
    pub rejected: u64,
    pub rejected_locally: u64,
    pub remaining: u64,
    pub next_attempt_at_ms: Option<u64>,
    pub outcome: SyncOutcome,
}

fn storage(e: impl std::fmt::Display) -> PlyError {
    PlyError::Storage {
        reason: e.to_string(),
    }
}

fn sync_error(e: core::SyncError) -> PlyError {
    match e {
        core::SyncError::Outbox(o) => storage(o),
        other => PlyError::Sync {
            reason: other.to_string(),
        },
    }
}

/// The durable directory of finished games waiting for upload (one file per record, written
/// atomically; survives the app being killed at any instant).
#[derive(uniffi::Object)]
pub struct Outbox {
    inner: core::Outbox,
}

#[uniffi::export]
impl Outbox {
    /// Opens (creating if needed) the outbox in `dir` (the app's files / Application Support dir).
    #[uniffi::constructor]
    pub fn open(dir: String) -> Result<Arc<Self>, PlyError> {
        guard("Outbox.open", || {
            Ok(Arc::new(Outbox {
                inner: core::Outbox::open(dir).map_err(storage)?,
            }))
        })
    }

    /// Stores the record of a finished session; returns its id. Adding the same record again
    /// changes nothing. `BadRecord` while the game is still being played.
    pub fn add_session(&self, session: Arc<GameSession>) -> Result<String, PlyError> {
        guard("Outbox.add_session", || {
            let record = session.inner.build_record()?;
            self.inner.write(&record).map_err(storage)?;
            Ok(record.id)
        })
    }

    /// Stores a record given as JSON (validated first); returns its id.
    pub fn add_record_json(&self, json: String) -> Result<String, PlyError> {
        guard("Outbox.add_record_json", || {
            let record = ply_core::record::parse_record(json.as_bytes()).map_err(|e| {
                PlyError::BadRecord {
                    reason: e.to_string(),
                }
            })?;
            self.inner.write(&record).map_err(storage)?;
            Ok(record.id)
        })
    }

    /// Number of records waiting for upload.
    pub fn pending_count(&self) -> Result<u64, PlyError> {
        guard("Outbox.pending_count", || {
            Ok(self.inner.list().map_err(storage)?.len() as u64)
        })
    }

    /// Counts and sizes for the UI.
    pub fn summary(&self) -> Result<OutboxSummary, PlyError> {
        guard("Outbox.summary", || {
            let s = self.inner.status().map_err(storage)?;
            Ok(OutboxSummary {
                pending: s.pending as u64,
                pending_bytes: s.pending_bytes,
                rejected: s.rejected as u64,
                soft_cap_bytes: s.soft_cap_bytes,
                over_soft_cap: s.over_soft_cap,
            })
        })
    }

    /// The pending records.
    pub fn pending(&self) -> Result<Vec<OutboxItem>, PlyError> {
        guard("Outbox.pending", || {
            Ok(self
                .inner
                .list()
                .map_err(storage)?
                .into_iter()
                .map(|e| OutboxItem {
                    id: e.id,
                    size_bytes: e.size_bytes,
                    written_at_ms: e.written_at_ms,
                })
                .collect())
        })
    }

    /// Records set aside with the reason (never deleted silently).
    pub fn rejected(&self) -> Result<Vec<RejectedItem>, PlyError> {
        guard("Outbox.rejected", || {
            Ok(self
                .inner
                .rejected()
                .map_err(storage)?
                .into_iter()
                .map(|e| RejectedItem {
                    id: e.id,
                    reason: e.reason,
                })
                .collect())
        })
    }

    /// The directory this outbox lives in.
    pub fn dir(&self) -> String {
        guard_or("Outbox.dir", String::new(), || {
            self.inner.dir().display().to_string()
        })
    }
}

/// Uploads every pending record to `server` (base URL) with the bearer `token`, ignoring the
/// backoff (the user asked, or connectivity came back): deletes what the server acknowledged,
/// keeps rejected records aside with the reason, and records the backoff on failure.
/// Network trouble is reported in the summary's outcome, not thrown.
#[uniffi::export]
pub fn sync_now(
    outbox: Arc<Outbox>,
    transport: Arc<dyn HttpTransport>,
    server: String,
    token: String,
) -> Result<SyncSummary, PlyError> {
    guard("sync_now", || {
        run_sync(&outbox, transport, server, &token, false)
    })
}

/// Like `sync_now` but respects the backoff (for periodic background work): returns
/// `NotDue` without sending while backing off.
#[uniffi::export]
pub fn sync_when_due(
    outbox: Arc<Outbox>,
    transport: Arc<dyn HttpTransport>,
    server: String,
    token: String,
) -> Result<SyncSummary, PlyError> {
    guard("sync_when_due", || {
        run_sync(&outbox, transport, server, &token, true)
    })
}

fn run_sync(
    outbox: &Outbox,
    transport: Arc<dyn HttpTransport>,
    server: String,
    token: &str,
    respect_backoff: bool,
) -> Result<SyncSummary, PlyError> {
    let client = core::SyncClient::new(core::SyncConfig::new(server));
    let bridge = Bridge(transport);
    let report = if respect_backoff {
        client.sync_once(&outbox.inner, &bridge, token, now_ms())
    } else {
        client.sync_now(&outbox.inner, &bridge, token, now_ms())
    }
    .map_err(sync_error)?;
    Ok(SyncSummary {
        sent: report.sent as u64,
        accepted: report.accepted as u64,
        duplicates: report.duplicates as u64,
        rejected: report.rejected as u64,
        rejected_locally: report.rejected_locally as u64,
        remaining: report.remaining as u64,
        next_attempt_at_ms: report.next_attempt_at_ms,
        outcome: match report.outcome {
            core::SyncOutcome::Done => SyncOutcome::Done,
            core::SyncOutcome::NotDue { until_ms } => SyncOutcome::NotDue { until_ms },
            core::SyncOutcome::RetryLater { reason } => SyncOutcome::RetryLater { reason },
            core::SyncOutcome::NeedsRegistration => SyncOutcome::NeedsRegistration,
            // This client is never told to stop (the app core's background run is, through
            // `AppCore::cancel_background_sync`).
            core::SyncOutcome::Stopped => SyncOutcome::RetryLater {
                reason: "stopped".into(),
            },
        },
    })
}

/// Registers this install with the collector at `server`; returns the bearer token (store it
/// securely). `Sync` error if the server refuses.
#[uniffi::export]
pub fn register_device(
    transport: Arc<dyn HttpTransport>,
    server: String,
    platform: ClientPlatform,
    app_version: String,
) -> Result<String, PlyError> {
    guard("register_device", || {
        let client = core::SyncClient::new(core::SyncConfig::new(server));
        let request = ply_core::sync::wire::RegisterDeviceRequest {
            platform: platform.into(),
            app_version,
        };
        client
            .register(&Bridge(transport), &request)
            .map_err(sync_error)
    })
}
