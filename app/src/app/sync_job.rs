//! One sync run: register when there is no token (or the server refused it), then upload the
//! outbox. The app core's runtime runs it on its worker; a platform's background worker
//! (WorkManager, BGTaskScheduler) runs the same function and reports the result to the core.

use crate::session::ClientPlatform;
use ply_core::record::now_ms;
use ply_core::sync::protocol::load_state;
use ply_core::sync::{HttpRequest, HttpResponse, TransportError};
use ply_core::sync::{
    HttpTransport, Outbox, SyncClient, SyncConfig, SyncError, SyncOutcome, SyncReport,
    wire::RegisterDeviceRequest,
};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What a sync run needs besides the transport.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyncJob {
    pub server_url: String,
    /// The stored bearer token, if the install registered before.
    pub token: Option<String>,
    /// Honour the backoff (scheduled runs); a run the person asked for ignores it.
    pub respect_backoff: bool,
    pub platform: ClientPlatform,
    pub app_version: String,
}

/// How a sync run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SyncResult {
    /// A token issued during this run (store it; it replaces the old one).
    pub new_token: Option<String>,
    /// The old token was refused and no new one could be had: forget it.
    pub token_refused: bool,
    pub sent: u64,
    pub accepted: u64,
    pub duplicates: u64,
    pub rejected: u64,
    /// Records still waiting.
    pub remaining: u64,
    /// The core's backoff: do not try before this (unix ms).
    pub next_attempt_at_ms: Option<u64>,
    /// `None` when every record was handled, else why not (for the history screen).
    pub problem: Option<SyncProblem>,
}

/// Why a sync run left records waiting. The history screen says it in the person's language;
/// `detail` is the transport's or the collector's own words (English).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SyncProblem {
    /// The outbox directory could not be read.
    Outbox { detail: String },
    /// The collector could not be reached, or did not answer as the protocol says.
    Unreachable { detail: String },
    /// Registering this install with the collector failed.
    Registration { detail: String },
    /// The collector refused this install's token; `detail`: why registering again failed.
    TokenRefused { detail: Option<String> },
    /// The core's backoff after a failure: nothing is sent before `until_ms` (unix ms).
    Waiting { until_ms: u64 },
    /// The app was built without a network transport.
    NoTransport,
    /// The platform ended the background run's time ([`run_sync_stopping`]) before every
    /// record was sent; the rest waits for the next run, with no backoff.
    Stopped,
    /// The platform refused plain `http` to the collector's address (Android's network security
    /// configuration, iOS App Transport Security): the address needs `https`.
    CleartextRefused { detail: String },
}

impl std::fmt::Display for SyncProblem {
    /// The technical sentence the outbox's failure record keeps (the logs' language).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SyncProblem::Outbox { detail } => write!(f, "the outbox cannot be opened: {detail}"),
            SyncProblem::Unreachable { detail } => write!(f, "server unreachable: {detail}"),
            SyncProblem::Registration { detail } => write!(f, "registration failed: {detail}"),
            SyncProblem::TokenRefused { detail: None } => {
                write!(f, "the server refused this install's token")
            }
            SyncProblem::TokenRefused {
                detail: Some(detail),
            } => write!(
                f,
                "the token was refused and registering again failed: {detail}"
            ),
            SyncProblem::Waiting { until_ms } => {
                write!(f, "waiting after a failure until {until_ms}")
            }
            SyncProblem::NoTransport => write!(f, "this app has no network transport"),
            SyncProblem::Stopped => write!(f, "stopped before everything was sent"),
            SyncProblem::CleartextRefused { detail } => {
                write!(f, "the platform refused plain http: {detail}")
            }
        }
    }
}

impl SyncResult {
    /// A run that sent nothing because of `problem`.
    pub fn failed(problem: SyncProblem, token_refused: bool) -> SyncResult {
        SyncResult {
            new_token: None,
            token_refused,
            sent: 0,
            accepted: 0,
            duplicates: 0,
            rejected: 0,
            remaining: 0,
            next_attempt_at_ms: None,
            problem: Some(problem),
        }
    }
}

/// The transport as one run uses it, remembering whether the platform refused plain http: the
/// sync client reports a failed request in its own words, and the refusal needs the person to
/// change the address, not to wait.
struct Watched<'a> {
    inner: &'a dyn HttpTransport,
    cleartext_refused: Mutex<Option<String>>,
}

impl HttpTransport for Watched<'_> {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let result = self.inner.send(request);
        if let Err(TransportError::CleartextRefused { reason: why }) = &result {
            let mut seen = match self.cleartext_refused.lock() {
                Ok(seen) => seen,
                Err(poisoned) => poisoned.into_inner(),
            };
            *seen = Some(why.clone());
        }
        result
    }
}

/// Runs `job` against the outbox in `outbox_dir` with `transport`.
pub fn run_sync(outbox_dir: &Path, transport: &dyn HttpTransport, job: &SyncJob) -> SyncResult {
    run_sync_stopping(outbox_dir, transport, job, Arc::new(AtomicBool::new(false)))
}

/// [`run_sync`] that sends no further request once `stop` is set: a request under way ends
/// and its answer is applied (the outbox deletes only what the collector acknowledged), and
/// the run reports [`SyncProblem::Stopped`] with what is left.
pub fn run_sync_stopping(
    outbox_dir: &Path,
    transport: &dyn HttpTransport,
    job: &SyncJob,
    stop: Arc<AtomicBool>,
) -> SyncResult {
    let watched = Watched {
        inner: transport,
        cleartext_refused: Mutex::new(None),
    };
    let mut result = run(outbox_dir, &watched, job, stop);
    let refused = match watched.cleartext_refused.into_inner() {
        Ok(refused) => refused,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let (Some(detail), Some(_)) = (refused, &result.problem) {
        result.problem = Some(SyncProblem::CleartextRefused { detail });
    }
    result
}

fn run(
    outbox_dir: &Path,
    transport: &dyn HttpTransport,
    job: &SyncJob,
    stop: Arc<AtomicBool>,
) -> SyncResult {
    let failed = SyncResult::failed;
    let outbox = match Outbox::open(outbox_dir) {
        Ok(o) => o,
        Err(e) => {
            let detail = e.to_string();
            return failed(SyncProblem::Outbox { detail }, false);
        }
    };
    // Registering is an attempt too: a run that honours the backoff makes none before its time.
    if job.respect_backoff
        && let Ok(state) = load_state(&outbox)
        && state.next_attempt_at_ms > now_ms()
    {
        return SyncResult {
            remaining: outbox.list().map_or(0, |l| l.len() as u64),
            next_attempt_at_ms: Some(state.next_attempt_at_ms),
            ..failed(
                SyncProblem::Waiting {
                    until_ms: state.next_attempt_at_ms,
                },
                false,
            )
        };
    }
    let stopped = |outbox: &Outbox, new_token: Option<String>| SyncResult {
        new_token,
        remaining: outbox.list().map_or(0, |l| l.len() as u64),
        ..failed(SyncProblem::Stopped, false)
    };
    if stop.load(Ordering::Relaxed) {
        return stopped(&outbox, None);
    }
    let client = SyncClient::new(SyncConfig::new(job.server_url.clone())).stopping_on(stop);
    let register = || {
        client.register(
            transport,
            &RegisterDeviceRequest {
                platform: job.platform.into(),
                app_version: job.app_version.clone(),
            },
        )
    };
    let upload = |token: &str| -> Result<SyncReport, SyncError> {
        if job.respect_backoff {
            client.sync_once(&outbox, transport, token, now_ms())
        } else {
            client.sync_now(&outbox, transport, token, now_ms())
        }
    };
    let backoff = |problem: SyncProblem, token_refused: bool| {
        let reason = problem.to_string();
        let mut result = failed(problem, token_refused);
        match client.record_failure(&outbox, now_ms(), reason) {
            Ok(at) => result.next_attempt_at_ms = Some(at),
            Err(e) => log::warn!("sync backoff not recorded: {e}"),
        }
        result.remaining = outbox.list().map_or(0, |l| l.len() as u64);
        result
    };
    let mut new_token = None;
    let mut token = match &job.token {
        Some(t) => t.clone(),
        None => match register() {
            Ok(t) => {
                new_token = Some(t.clone());
                t
            }
            Err(e) => {
                let detail = e.to_string();
                return backoff(SyncProblem::Registration { detail }, false);
            }
        },
    };
    let unreachable = |e: SyncError| SyncProblem::Unreachable {
        detail: e.to_string(),
    };
    let mut report = match upload(&token) {
        Ok(r) => r,
        Err(e) => return failed(unreachable(e), false),
    };
    if report.outcome == SyncOutcome::NeedsRegistration && new_token.is_none() {
        if client.stopped() {
            return stopped(&outbox, None);
        }
        match register() {
            Ok(t) => {
                token = t.clone();
                new_token = Some(t);
                report = match upload(&token) {
                    Ok(r) => r,
                    Err(e) => return failed(unreachable(e), false),
                };
            }
            Err(e) => {
                let detail = Some(e.to_string());
                return failed(SyncProblem::TokenRefused { detail }, true);
            }
        }
    }
    SyncResult {
        new_token,
        token_refused: report.outcome == SyncOutcome::NeedsRegistration,
        sent: report.sent as u64,
        accepted: report.accepted as u64,
        duplicates: report.duplicates as u64,
        rejected: (report.rejected + report.rejected_locally) as u64,
        remaining: report.remaining as u64,
        next_attempt_at_ms: report.next_attempt_at_ms,
        problem: match report.outcome {
            SyncOutcome::Done => None,
            SyncOutcome::NotDue { until_ms } => Some(SyncProblem::Waiting { until_ms }),
            SyncOutcome::RetryLater { reason } => Some(SyncProblem::Unreachable { detail: reason }),
            SyncOutcome::NeedsRegistration => Some(SyncProblem::TokenRefused { detail: None }),
            SyncOutcome::Stopped => Some(SyncProblem::Stopped),
        },
    }
}
