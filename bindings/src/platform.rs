//! What the shells ask the core about their platform's machinery: the background worker's policy,
//! the transport's limits, and iOS's scene phases and background tasks. Each answer is
//! `ply_app::app`'s; these functions only export it.

use ply_app::app::{
    BackgroundOutcome, IosTaskEnd, IosTaskRequest, ScenePhase, SyncWorkerPolicy, TransportLimits,
};

/// The background worker's policy: the start timeout, the outcomes around the run, the backoff.
#[uniffi::export]
pub fn sync_worker_policy() -> SyncWorkerPolicy {
    ply_app::app::sync_worker_policy()
}

/// The transport's limits, the same for both shells.
#[uniffi::export]
pub fn transport_limits() -> TransportLimits {
    ply_app::app::TRANSPORT_LIMITS
}

/// After `Event.ScenePhase` with `phase`: keep the app running (`beginBackgroundTask`) while
/// `AppCore.finishWrites()` runs off the main thread.
#[uniffi::export]
pub fn scene_phase_finishes_writes(phase: ScenePhase) -> bool {
    phase.finishes_writes()
}

/// The `BGTaskScheduler` request for `Effect.ScheduleSync(not_before_ms, metered_ok)`.
#[uniffi::export]
pub fn ios_sync_request(not_before_ms: u64, metered_ok: bool) -> IosTaskRequest {
    ply_app::app::ios_sync_request(not_before_ms, metered_ok)
}

/// The identifier of iOS's background sync task, the one the app registers at launch.
#[uniffi::export]
pub fn ios_sync_task_id() -> String {
    ply_app::app::IOS_SYNC_TASK_ID.to_string()
}

/// How a background task ends whose run (or expiration) gave `outcome`, now.
#[uniffi::export]
pub fn ios_task_end(outcome: BackgroundOutcome) -> IosTaskEnd {
    ply_app::app::ios_task_end(outcome, ply_core::record::now_ms())
}
