//! What the platforms' raw facts mean, so that no shell decides it: Android's trim levels and
//! network capabilities, iOS's network path, the background worker's policy and the transport's
//! limits. The shells send the facts as the platform gives them (`PlatformEvent::TrimMemory`,
//! `PlatformEvent::NetworkCapabilities`, `PlatformEvent::NetworkPath`) and read the policies from
//! here.

use super::background::{BackgroundOutcome, retry_base_seconds};
use super::{Event, MemoryPressure, PlatformEvent};

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
    /// hotspot) or constrained (Low Data Mode), both of which the person pays for or asked to
    /// spare.
    pub fn from_ios_path(satisfied: bool, expensive: bool, constrained: bool) -> NetworkState {
        NetworkState {
            online: satisfied,
            metered: expensive || constrained,
        }
    }
}

/// What a platform's background worker does around the core's `background_sync`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
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
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
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

/// iOS's scene phase (`ScenePhase` of SwiftUI).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ScenePhase {
    /// On screen and taking input.
    Active,
    /// On screen, covered (Control Centre, an alert, the app switcher): the board is still seen.
    Inactive,
    /// Off screen; the app is about to be suspended.
    Background,
}

impl ScenePhase {
    /// The lifecycle events the phase means, in order (`lifecycle.rs` says what each does): an
    /// active scene is in the foreground with its memory read again and shows the board; an
    /// inactive one is still seen (nothing stops; from the background it is the way back); a
    /// scene in the background hides the board, then leaves (Android's ON_STOP order).
    pub fn events(self, available_ram_bytes: u64) -> Vec<Event> {
        match self {
            ScenePhase::Active => vec![
                Event::Platform(PlatformEvent::DeviceMemory {
                    available_ram_bytes,
                }),
                Event::Platform(PlatformEvent::Foreground),
                Event::Platform(PlatformEvent::ScreenShown),
            ],
            ScenePhase::Inactive => vec![
                Event::Platform(PlatformEvent::Inactive),
                Event::Platform(PlatformEvent::ScreenShown),
            ],
            ScenePhase::Background => vec![
                Event::Platform(PlatformEvent::ScreenHidden),
                Event::Platform(PlatformEvent::Background),
            ],
        }
    }

    /// The shell keeps the app running (iOS `beginBackgroundTask`) until the core's writes asked
    /// for so far are done (`AppCore::finish_writes`, off the main thread): the app is suspended
    /// soon after it reaches the background, and the game in progress and the outbox must be on
    /// disk by then.
    pub fn finishes_writes(self) -> bool {
        self == ScenePhase::Background
    }
}

/// Whether the cells' labels are written on iOS, given the assistive technologies iOS reports:
/// always. Voice Control, which has no public status, speaks the labels ("tap d3"), and a
/// Swift shell pays little for them (unlike a JVM's strings, Android's `Accessibility(false)`).
pub fn ios_labels(_voice_over: bool, _switch_control: bool) -> bool {
    true
}

/// The identifier of iOS's background sync task (`BGTaskSchedulerPermittedIdentifiers`).
pub const IOS_SYNC_TASK_ID: &str = "dev.ply.sync";

/// Which kind of `BGTaskRequest` iOS gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum IosTaskKind {
    /// `BGAppRefreshTaskRequest`: runs soon after its date, in about 30 s of time (a sync sends
    /// a few small requests). Needs the `fetch` background mode.
    AppRefresh,
    /// `BGProcessingTaskRequest`: minutes of time, but only while the phone is idle (overnight,
    /// charging). Needs the `processing` background mode.
    Processing,
}

/// A background task request for iOS's `BGTaskScheduler`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct IosTaskRequest {
    pub identifier: String,
    pub kind: IosTaskKind,
    /// `earliestBeginDate` (unix ms): the core's time, never a default.
    pub earliest_begin_ms: u64,
    /// A processing request's `requiresNetworkConnectivity` (an app refresh has no such
    /// condition: the run checks the network itself).
    pub requires_network: bool,
    /// A processing request's `requiresExternalPower`.
    pub requires_external_power: bool,
}

/// The request for the core's `ScheduleSync`: an app refresh at the core's time. The sync is a
/// few small requests, which an app refresh has time for, and it runs within hours of its date
/// where a processing task waits for the night. `metered_ok` is not iOS's to ask for: the run
/// reads the network path and keeps a metered one for later when the settings say so.
pub fn ios_sync_request(not_before_ms: u64, _metered_ok: bool) -> IosTaskRequest {
    IosTaskRequest {
        identifier: IOS_SYNC_TASK_ID.to_string(),
        kind: IosTaskKind::AppRefresh,
        earliest_begin_ms: not_before_ms,
        requires_network: false,
        requires_external_power: false,
    }
}

/// How an iOS background task ends for the core's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct IosTaskEnd {
    /// `setTaskCompleted(success:)`.
    pub success: bool,
    /// A request to submit before completing (iOS runs a task once: a retry is a new request).
    pub resubmit: Option<IosTaskRequest>,
}

/// The end of a background task whose run (or expiration) gave `outcome`, at `now_ms`: done is a
/// success; a retry submits a new request for the core's time and fails this run; giving up
/// fails it and asks nothing (the core asks again at its next event).
pub fn ios_task_end(outcome: BackgroundOutcome, now_ms: u64) -> IosTaskEnd {
    match outcome {
        BackgroundOutcome::Done => IosTaskEnd {
            success: true,
            resubmit: None,
        },
        BackgroundOutcome::RetryAfter { seconds } => IosTaskEnd {
            success: false,
            resubmit: Some(ios_sync_request(
                now_ms.saturating_add(seconds.saturating_mul(1000)),
                true,
            )),
        },
        BackgroundOutcome::GiveUp => IosTaskEnd {
            success: false,
            resubmit: None,
        },
    }
}
