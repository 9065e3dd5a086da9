//! A platform's background run (WorkManager, BGTaskScheduler) and its whole policy: whether
//! there is anything to send, and what the platform's scheduler is told after the run (done,
//! run again after a while, give up). The shells only translate the [`BackgroundOutcome`].
//!
//! While such a run is under way the core asks for no other background sync: the run's outcome
//! says whether another is needed (and a request replacing the running work would cancel it).

use super::sync_job::{SyncJob, SyncProblem, SyncResult};
use super::{App, Effect};
use ply_core::record::now_ms;
use ply_core::sync::BackoffPolicy;

/// What a background run tells the platform's scheduler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum BackgroundOutcome {
    /// Nothing is left to send, or nothing can be sent until the person changes a setting or
    /// finishes another game (the core asks again then): WorkManager `Result.success()`, a BGTask
    /// completed with success.
    Done,
    /// Records wait and a later run may send them: run again, no earlier than `seconds` from
    /// now. WorkManager: `Result.retry()`, whose exponential backoff starts at
    /// [`retry_base_seconds`] (a run that comes before the core's time sends nothing and says
    /// when); iOS submits a new request for that time.
    RetryAfter { seconds: u64 },
    /// More runs now would fail the same way (the collector unreachable
    /// [`GIVE_UP_AFTER_FAILURES`] times in a row, the collector refusing a new token, no
    /// transport, the outbox unreadable): WorkManager `Result.failure()`, a BGTask completed
    /// without success. The records stay, and the core asks again at its next event (a finished
    /// game, going to the background, the network back).
    GiveUp,
}

/// A background run: its outcome for the platform, and the sync result when one ran (which
/// the core has learnt already).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackgroundRun {
    pub outcome: BackgroundOutcome,
    pub result: Option<SyncResult>,
}

/// Failed attempts in a row (the outbox counts them, foreground and background alike, across
/// processes) after which a background run gives up. With the backoff's 30 s doubling, six span
/// about half an hour; then one attempt per occasion the core finds (each failing at once).
pub const GIVE_UP_AFTER_FAILURES: u32 = 6;

/// How long a run that found a metered network it may not use waits for another: BGTaskScheduler
/// cannot ask for an unmetered one, and a suspended app hears of no network change.
pub const NETWORK_WAIT_SECONDS: u64 = 15 * 60;

/// The first delay of the sync backoff, in seconds (also the shortest `RetryAfter`): WorkManager's
/// backoff starts here, the same as the core's own.
pub fn retry_base_seconds() -> u64 {
    BackoffPolicy::default().base_ms / 1000
}

/// `RetryAfter` until `at_ms` (unix ms; `None`: the shortest wait), never sooner than the
/// backoff's first step: a platform rerun at once would only find the core backing off.
fn retry_at(at_ms: Option<u64>, now_ms: u64) -> BackgroundOutcome {
    let wait = at_ms.map_or(0, |at| at.saturating_sub(now_ms).div_ceil(1000));
    BackgroundOutcome::RetryAfter {
        seconds: wait.max(retry_base_seconds()),
    }
}

impl App {
    /// The sync run a platform's background worker should make now, or, when there is none, the
    /// outcome to report. The core counts the run as under way until its result arrives
    /// (`Msg::Synced` or `PlatformEvent::SyncFinished`), and asks for no other background sync
    /// meanwhile.
    pub fn background_job(&mut self) -> Result<SyncJob, BackgroundOutcome> {
        let Some(url) = self.sync_configured() else {
            return Err(BackgroundOutcome::Done);
        };
        if self.pending() == 0 {
            return Err(BackgroundOutcome::Done);
        }
        if self.syncing {
            // The core's own run: if it leaves records, its end may ask for a sync while this
            // work still counts as running, and WorkManager would drop the request.
            return Err(retry_at(None, now_ms()));
        }
        // BGTaskScheduler cannot ask for an unmetered network: the setting is applied here.
        if !self.network_allows() {
            return Err(BackgroundOutcome::RetryAfter {
                seconds: NETWORK_WAIT_SECONDS,
            });
        }
        self.syncing = true;
        self.background_run = true;
        Ok(SyncJob {
            server_url: url,
            token: self.token.clone(),
            respect_backoff: true,
            platform: self.config.platform,
            app_version: self.config.app_version.clone(),
        })
    }

    /// What the platform is told when it ends a background run's time: run again, at the
    /// backoff's first step (nothing failed).
    pub fn stopped_outcome(now_ms: u64) -> BackgroundOutcome {
        retry_at(None, now_ms)
    }

    /// What the platform is told after a background run that ended with `result`, the outbox
    /// counting `failures` failed attempts in a row, at `now_ms`.
    pub fn background_outcome(
        result: &SyncResult,
        failures: u32,
        now_ms: u64,
    ) -> BackgroundOutcome {
        let retry_or_give_up = || {
            if failures >= GIVE_UP_AFTER_FAILURES {
                BackgroundOutcome::GiveUp
            } else {
                retry_at(result.next_attempt_at_ms, now_ms)
            }
        };
        match &result.problem {
            // Rejected records are set aside with the collector's reason: sending them again
            // would be rejected again, so they count as handled.
            None if result.remaining == 0 => BackgroundOutcome::Done,
            // Records written while the run sent the others.
            None => retry_at(None, now_ms),
            Some(SyncProblem::Waiting { until_ms }) => retry_at(Some(*until_ms), now_ms),
            // The platform ended the run's time: the rest goes at the next run, which is no
            // failure to back off from (the platform ignores this answer after its own stop,
            // and runs the work again by its own rules).
            Some(SyncProblem::Stopped) => Self::stopped_outcome(now_ms),
            Some(
                SyncProblem::Unreachable { .. }
                | SyncProblem::Registration { .. }
                | SyncProblem::TokenRefused { detail: Some(_) },
            ) => retry_or_give_up(),
            // A token the collector issued in this very run was refused: so would the next.
            // The platform refusing plain http to this address refuses it again until the
            // person changes the address (which asks for a sync itself).
            Some(
                SyncProblem::TokenRefused { detail: None }
                | SyncProblem::Outbox { .. }
                | SyncProblem::NoTransport
                | SyncProblem::CleartextRefused { .. },
            ) => BackgroundOutcome::GiveUp,
        }
    }

    /// Asks the platform for a background sync no earlier than `at_ms` (unix ms), unless the
    /// platform's own background run is under way: its outcome says whether to run again.
    pub(super) fn ask_for_sync(&self, at_ms: u64, fx: &mut Vec<Effect>) {
        if self.background_run {
            return;
        }
        fx.push(Effect::ScheduleSync {
            not_before_ms: at_ms,
            metered_ok: self.prefs.sync_on_metered,
        });
    }

    /// Going to the background with records waiting: the platform's run sends them.
    pub(super) fn schedule_background_sync(&mut self, fx: &mut Vec<Effect>) {
        if self.sync_configured().is_some() && self.pending() > 0 {
            self.ask_for_sync(self.retry_at().max(now_ms()), fx);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(remaining: u64, problem: Option<SyncProblem>, next: Option<u64>) -> SyncResult {
        SyncResult {
            remaining,
            next_attempt_at_ms: next,
            ..SyncResult::failed(SyncProblem::NoTransport, false)
        }
        .with_problem(problem)
    }

    impl SyncResult {
        fn with_problem(mut self, problem: Option<SyncProblem>) -> SyncResult {
            self.problem = problem;
            self
        }
    }

    const NOW: u64 = 1_800_000_000_000;

    #[test]
    fn each_ending_of_a_run_has_its_outcome() {
        use BackgroundOutcome::*;
        let down = || {
            Some(SyncProblem::Unreachable {
                detail: "down".into(),
            })
        };
        let outcome = App::background_outcome;
        assert_eq!(outcome(&result(0, None, None), 0, NOW), Done);
        assert_eq!(
            outcome(&result(0, None, None), 9, NOW),
            Done,
            "success resets"
        );
        assert_eq!(
            outcome(&result(2, None, None), 0, NOW),
            RetryAfter { seconds: 30 },
            "records came during the run"
        );
        // The collector down: the core's backoff time, never under the first step.
        assert_eq!(
            outcome(&result(2, down(), Some(NOW + 95_500)), 2, NOW),
            RetryAfter { seconds: 96 }
        );
        assert_eq!(
            outcome(&result(2, down(), Some(NOW + 1_000)), 1, NOW),
            RetryAfter { seconds: 30 }
        );
        assert_eq!(
            outcome(
                &result(2, down(), Some(NOW + 1_000)),
                GIVE_UP_AFTER_FAILURES - 1,
                NOW
            ),
            RetryAfter { seconds: 30 }
        );
        assert_eq!(
            outcome(
                &result(2, down(), Some(NOW + 1_000)),
                GIVE_UP_AFTER_FAILURES,
                NOW
            ),
            GiveUp
        );
        let registration = Some(SyncProblem::Registration {
            detail: "503".into(),
        });
        assert_eq!(
            outcome(&result(2, registration, None), 1, NOW),
            RetryAfter { seconds: 30 }
        );
        let waiting = Some(SyncProblem::Waiting {
            until_ms: NOW + 3_600_000,
        });
        assert_eq!(
            outcome(&result(2, waiting, None), GIVE_UP_AFTER_FAILURES + 3, NOW),
            RetryAfter { seconds: 3_600 },
            "backing off is no failure"
        );
        let refused_again = Some(SyncProblem::TokenRefused { detail: None });
        assert_eq!(outcome(&result(2, refused_again, None), 0, NOW), GiveUp);
        let register_failed = Some(SyncProblem::TokenRefused {
            detail: Some("timeout".into()),
        });
        assert_eq!(
            outcome(&result(2, register_failed, None), 0, NOW),
            RetryAfter { seconds: 30 }
        );
        assert_eq!(
            outcome(&result(0, Some(SyncProblem::NoTransport), None), 0, NOW),
            GiveUp
        );
        let outbox = Some(SyncProblem::Outbox {
            detail: "EACCES".into(),
        });
        assert_eq!(outcome(&result(0, outbox, None), 0, NOW), GiveUp);
        let cleartext = Some(SyncProblem::CleartextRefused {
            detail: "CLEARTEXT communication not permitted".into(),
        });
        assert_eq!(outcome(&result(2, cleartext, None), 0, NOW), GiveUp);
        // Stopped by the platform: no failure, even after many.
        assert_eq!(
            outcome(
                &result(10, Some(SyncProblem::Stopped), None),
                GIVE_UP_AFTER_FAILURES + 1,
                NOW
            ),
            RetryAfter { seconds: 30 }
        );
    }

    #[test]
    fn the_first_retry_is_the_backoffs_first_step() {
        assert_eq!(retry_base_seconds(), 30);
        assert_eq!(
            retry_at(Some(NOW - 5_000), NOW),
            BackgroundOutcome::RetryAfter { seconds: 30 }
        );
    }
}
