//! `AppCore`: the app core (`ply_app::app::Runtime`) for the phone shells. The shells send it
//! events, read view models, and perform the effects it hands to their `AppShell`.

use crate::error::PlyError;
use ply_app::EngineLimits;
use ply_app::app::runtime::{Runtime, Shell};
use ply_app::app::{
    AfterGameView, AppConfig, BackgroundOutcome, BoardView, Effect, Event, HistoryView, HomeView,
    SettingsView, ViewModel, WorkProgress,
};
use ply_app::guard::{guard, guard_or};
use ply_core::sync::HttpTransport;
use std::sync::Arc;

/// What the shell does with the effects of the core's own work: called on one of the core's
/// worker threads when a search (or its progress), a write or a sync run finishes. Hop to the
/// main thread to perform them; never block here. (An event's own effects are returned by
/// `dispatch` instead.)
#[uniffi::export(with_foreign)]
pub trait AppShell: Send + Sync {
    fn effects(&self, effects: Vec<Effect>);
}

struct ShellBridge(Arc<dyn AppShell>);

impl Shell for ShellBridge {
    fn effects(&self, effects: Vec<Effect>) {
        self.0.effects(effects)
    }
}

/// The reason the app's error screen shows when the core did not start (creating the
/// `AppCore` threw), in the first of `languages` (most preferred first, "de-AT") the core
/// speaks; `detail`: the error in the platform's words. Needs no `AppCore`.
#[uniffi::export]
pub fn start_failure_reason(languages: Vec<String>, detail: String) -> String {
    ply_app::app::lifecycle::start_failure_reason(&languages, &detail)
}

/// The first delay of the core's sync backoff in seconds: WorkManager's exponential backoff for
/// `BackgroundOutcome.RetryAfter` starts here.
#[uniffi::export]
pub fn sync_retry_base_seconds() -> u64 {
    ply_app::app::background::retry_base_seconds()
}

/// An event's effects and the board after it.
#[derive(uniffi::Record)]
pub struct BoardUpdate {
    pub effects: Vec<Effect>,
    /// `None` when no game is in progress.
    pub board: Option<BoardView>,
}

/// The app: create one per process with the shell's data directory and device facts.
#[derive(uniffi::Object)]
pub struct AppCore {
    runtime: Runtime,
}

#[uniffi::export]
impl AppCore {
    /// Starts the core: restores the game in progress (hidden until `ScreenShown`), the
    /// settings and the history from `config.data_dir`. `transport` sends sync requests.
    #[uniffi::constructor]
    pub fn new(
        config: AppConfig,
        shell: Arc<dyn AppShell>,
        transport: Option<Arc<dyn HttpTransport>>,
    ) -> Arc<Self> {
        Arc::new(AppCore {
            runtime: Runtime::new(config, Arc::new(ShellBridge(shell)), transport),
        })
    }

    /// Like the constructor, for a shell that shows an error screen when the core cannot
    /// start: creates the data directory first, and returns the error (a directory that cannot
    /// be made, a panic) instead of failing at the first call. Off the main thread: it reads
    /// the core's files. `startFailureReason` puts the error in the person's language.
    #[uniffi::constructor]
    pub fn start(
        config: AppConfig,
        shell: Arc<dyn AppShell>,
        transport: Option<Arc<dyn HttpTransport>>,
    ) -> Result<Arc<Self>, PlyError> {
        std::fs::create_dir_all(&config.data_dir).map_err(|e| PlyError::Storage {
            reason: format!("the data folder {} cannot be made: {e}", config.data_dir),
        })?;
        Ok(guard("AppCore.start", || {
            Ok(AppCore::new(config, shell, transport))
        })?)
    }

    /// Handles one event and returns its effects, for the caller to perform in order.
    pub fn dispatch(&self, event: Event) -> Vec<Effect> {
        guard_or("AppCore.dispatch", Vec::new(), || {
            self.runtime.dispatch(event)
        })
    }

    /// Everything to draw now: the screen on top and its view model.
    pub fn view(&self) -> Option<ViewModel> {
        guard_or("AppCore.view", None, || {
            Some(self.runtime.read(|a| a.view()))
        })
    }

    /// The board of the game in progress, whatever screen is on top.
    pub fn board_view(&self) -> Option<BoardView> {
        guard_or("AppCore.board_view", None, || {
            self.runtime.read(|a| a.board_view())
        })
    }

    /// `dispatch(event)` then `board_view()` in one call (one FFI crossing per tap).
    pub fn dispatch_and_board(&self, event: Event) -> BoardUpdate {
        guard_or(
            "AppCore.dispatch_and_board",
            BoardUpdate {
                effects: Vec::new(),
                board: None,
            },
            || {
                let effects = self.runtime.dispatch(event);
                let board = self.runtime.read(|a| a.board_view());
                BoardUpdate { effects, board }
            },
        )
    }

    /// What a progress tick changed (`Effect.RenderProgress`): the board's thinking line and a
    /// running review's progress; cheaper than any other view.
    pub fn progress_view(&self) -> WorkProgress {
        guard_or(
            "AppCore.progress_view",
            WorkProgress {
                thinking: None,
                review: None,
            },
            || self.runtime.read(|a| a.progress_view()),
        )
    }

    pub fn home_view(&self) -> Option<HomeView> {
        guard_or("AppCore.home_view", None, || {
            Some(self.runtime.read(|a| a.home_view()))
        })
    }

    pub fn after_game_view(&self) -> Option<AfterGameView> {
        guard_or("AppCore.after_game_view", None, || {
            self.runtime.read(|a| a.after_game_view())
        })
    }

    pub fn history_view(&self) -> Option<HistoryView> {
        guard_or("AppCore.history_view", None, || {
            Some(self.runtime.read(|a| a.history_view()))
        })
    }

    pub fn settings_view(&self) -> Option<SettingsView> {
        guard_or("AppCore.settings_view", None, || {
            Some(self.runtime.read(|a| a.settings_view()))
        })
    }

    /// The search caps the core applies on this device.
    pub fn limits(&self) -> EngineLimits {
        self.runtime.read(|a| a.limits())
    }

    /// For the platform's background worker: one sync run on the calling thread (blocking) if
    /// there is anything to send, and what to tell the platform's scheduler. The core learns the
    /// result itself.
    pub fn background_sync(&self) -> BackgroundOutcome {
        // A panic is a bug no retry fixes: the core asks again at its next event.
        guard_or("AppCore.background_sync", BackgroundOutcome::GiveUp, || {
            self.runtime.background_sync().outcome
        })
    }

    /// For the platform ending a background run's time (iOS's BGTask `expirationHandler`,
    /// WorkManager's `onStopped`), from any thread, while [`AppCore::background_sync`] runs on
    /// another: that run sends no further request, keeps in the outbox what it has not sent, and
    /// returns soon after (a request under way ends first, within its timeout). Returns what the
    /// platform's scheduler is to be told now, for a task that must end before the run returns.
    pub fn cancel_background_sync(&self) -> BackgroundOutcome {
        guard_or(
            "AppCore.cancel_background_sync",
            BackgroundOutcome::GiveUp,
            || self.runtime.cancel_background_sync(),
        )
    }

    /// For a shell about to be suspended (iOS going to the background): blocks until the core's
    /// file writes asked for so far are done, at most the core's own bound (10 s); true when
    /// they are. Never on the main thread.
    pub fn finish_writes(&self) -> bool {
        guard_or("AppCore.finish_writes", false, || {
            self.runtime.finish_writes()
        })
    }

    /// Waits up to `timeout_ms` until the core's workers are idle (tests, and an app about to
    /// be suspended that wants its last write done); true when idle.
    pub fn wait_idle(&self, timeout_ms: u64) -> bool {
        guard_or("AppCore.wait_idle", false, || {
            self.runtime
                .wait_idle(std::time::Duration::from_millis(timeout_ms))
        })
    }
}
