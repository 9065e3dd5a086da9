//! What the platforms' raw facts mean, so that no shell decides it: Android's trim levels and
//! network capabilities, iOS's network path, the background worker's policy and the transport's
//! limits. The shells send the facts as the platform gives them (`Event::TrimMemory`,
//! `Event::NetworkCapabilities`, `Event::NetworkPath`) and read the policies from here.

use super::MemoryPressure;
use super::background::{BackgroundOutcome, retry_base_seconds};

// Android's `ComponentCallbacks2.TRIM_MEMORY_*` values (stable since API 14).
const TRIM_MEMORY_RUNNING_MODERATE: i32 = 5;
const TRIM_MEMORY_RUNNING_LOW: i32 = 10;
const TRIM_MEMORY_RUNNING_CRITICAL: i32 = 15;
const TRIM_MEMORY_UI_HIDDEN: i32 = 20;
const TRIM_MEMORY_BACKGROUND: i32 = 40;
const TRIM_MEMORY_MODERATE: i32 = 60;
const TRIM_MEMORY_COMPLETE: i32 = 80;

impl MemoryPressure {
    /// The pressure an Android `onTrimMemory(level)` reports; `None` for a level that asks
    /// nothing of the app (a future or unknown value).
    pub fn from_android_trim_level(level: i32) -> Option<MemoryPressure> {
        match level {
            TRIM_MEMORY_UI_HIDDEN | TRIM_MEMORY_BACKGROUND => Some(MemoryPressure::Backgrounded),
            TRIM_MEMORY_RUNNING_MODERATE | TRIM_MEMORY_RUNNING_LOW | TRIM_MEMORY_MODERATE => {
                Some(MemoryPressure::Low)
            }
            TRIM_MEMORY_RUNNING_CRITICAL | TRIM_MEMORY_COMPLETE => Some(MemoryPressure::Critical),
            _ => None,
        }
    }
}

/// Whether the network can be used and whether it costs: `(online, metered)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetworkState {
    pub online: bool,
    pub metered: bool,
}

impl NetworkState {
    /// Android's default network: online with `NET_CAPABILITY_INTERNET`, metered without
    /// `NET_CAPABILITY_NOT_METERED` (a lost network: neither capability).
    pub fn from_android(internet: bool, not_metered: bool) -> NetworkState {
        NetworkState {
            online: internet,
            metered: !not_metered,
        }
    }

    /// iOS's `NWPath`: online when `.satisfied`; metered when expensive (cellular, a personal
    /// hotspot) or constrained (Low Data Mode), both of which the person pays for or asked to spare.
    pub fn from_ios_path(satisfied: bool, expensive: bool, constrained: bool) -> NetworkState {
        NetworkState {
            online: satisfied,
            metered: expensive || constrained,
        }
    }
}

/// What a platform's background worker does around the core's `background_sync`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyncWorkerPolicy {
    /// How long a worker waits for the core to start in a process started for the work.
    pub start_timeout_ms: u64,
    /// The worker's outcome when the core did not start in that time: run again later (giving
    /// up would end the unique work, and with it every sync until the app is opened).
    pub core_not_started: BackgroundOutcome,
    /// The outcome when the platform stopped the worker before the run began: run again.
    pub stopped_before_run: BackgroundOutcome,
    /// The first delay of the platform's exponential backoff, in seconds (the core's own).
    pub backoff_base_seconds: u64,
}

/// The background worker's policy (the same on every platform).
pub fn sync_worker_policy() -> SyncWorkerPolicy {
    let retry = BackgroundOutcome::RetryAfter {
        seconds: retry_base_seconds(),
    };
    SyncWorkerPolicy {
        start_timeout_ms: 30_000,
        core_not_started: retry,
        stopped_before_run: retry,
        backoff_base_seconds: retry_base_seconds(),
    }
}

/// The limits a shell's HTTP transport keeps for the core's requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TransportLimits {
    /// The largest response body read; a larger one is a transport error (the collector's
    /// answers are a few hundred bytes: this only bounds a wrong server).
    pub max_body_bytes: u64,
    /// The longest request timeout honoured, in ms (a larger `timeout_ms` is cut to it).
    pub max_timeout_ms: u64,
    /// How long past the request's own timeout a shell waits before it gives a stuck request
    /// up (the request's timeout fires first; this only guards against a task that never ends).
    pub stuck_margin_ms: u64,
}

/// The transport's limits, the same for both shells.
pub const TRANSPORT_LIMITS: TransportLimits = TransportLimits {
    max_body_bytes: 4 * 1024 * 1024,
    max_timeout_ms: 3_600_000,
    stuck_margin_ms: 5_000,
};
