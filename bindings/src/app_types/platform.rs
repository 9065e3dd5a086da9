//! What the shells and the core say to each other: the start configuration, events, effects,
//! memory pressure, and the sync and background-run results.

use super::*;

/// What the shell tells the core at start.
#[uniffi::remote(Record)]
pub struct AppConfig {
    /// A private directory the core owns (the game in progress, settings, history, outbox).
    pub data_dir: String,
    pub platform: ClientPlatform,
    pub app_version: String,
    /// The device's memory and cores (zero: unknown), for the search caps.
    pub total_ram_bytes: u64,
    pub available_ram_bytes: u64,
    pub cpu_cores: u32,
    /// The collector token the platform's secure store holds, if any.
    pub token: Option<String>,
}

/// How a sync run ended.
#[uniffi::remote(Record)]
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

/// Why a sync run left records waiting; `detail` is the transport's or the collector's words.
#[uniffi::remote(Enum)]
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
    /// The platform ended the background run's time before every record was sent; the rest
    /// waits for the next run, with no backoff.
    Stopped,
    /// The platform refused plain `http` to the collector's address (Android's network security
    /// configuration, iOS App Transport Security): the address needs `https`.
    CleartextRefused { detail: String },
}

/// Something the person did or the platform reported.
#[uniffi::remote(Enum)]
pub enum Event {
    // Home: the choices of the next game.
    ChooseGame(GameKind),
    ChooseMode(PlayMode),
    ChooseSide(Side),
    /// A multi-player game: how many play (one of the home view's `player_counts`).
    ChoosePlayers(u32),
    /// A multi-player game: a person or the computer at seat `seat`.
    ChooseSeat {
        seat: u32,
        human: bool,
    },
    /// A multi-player game: the level of the computer at seat `seat`.
    ChooseSeatLevel {
        seat: u32,
        level: u8,
    },
    ChooseLevel(u8),
    ChooseAlgorithm(AlgorithmChoice),
    ChooseOrdering(OrderingChoice),
    /// A heuristic preset by name, or `None` for the custom weights (or `default`).
    ChooseHeuristic(Option<String>),
    /// Start the next game from this position in the game's notation (`None` or blank: the
    /// standard start); a text that does not parse is refused with the reason in the home view.
    ChooseStartPosition(Option<String>),
    /// The start position field's text as typed, with every edit (the home view's
    /// `start_position_text`); applied by `ChooseStartPosition` or `NewGame`.
    EditStartPosition(String),
    /// Starts a game from the home screen's choices and shows the board; while a game with
    /// moves is still being played, the view model asks first (`confirmation`).
    NewGame,
    /// Back to the game in progress (from home, history, settings or after-game).
    OpenBoard,
    OpenHome,
    OpenHistory,
    OpenSettings,
    OpenAfterGame,
    /// Every back, the platform's gesture or button and a top bar's: after-game goes back to its
    /// board, every other screen but home to home; with a question up, back cancels it. On home
    /// it does nothing ([`ViewModel::back_leaves_app`] tells the shell to let the system handle
    /// it).
    Back,
    /// The person picked a tab of a tabbed shell (iOS). Play shows whichever of home, board and
    /// after-game the person last left, as long as it still applies (no board without a game);
    /// the tab already shown changes nothing.
    SelectTab(AppTab),

    // A question the view model asks (`confirmation`).
    /// Yes: the action asked about is done.
    AcceptConfirmation,
    /// No, or the dialog was dismissed: nothing is done.
    CancelConfirmation,

    // Board.
    /// A tap on a cell (Connect Four: any cell of a column drops a stone there; draughts and
    /// Chinese Checkers: select a piece, then its destination; Focus: select a stack, then its
    /// destination, or tap a square that starts no move, or the selected stack again, to place
    /// a reserve piece there).
    TapCell(u32),
    /// A tap at a point of the board in board units (the board view's `width` by `height`, as
    /// its cells' `x` and `y`): the cell there, or the star's nearest hole within one hole's
    /// spacing, as by `TapCell`; beyond every cell, nothing.
    TapPoint {
        x: f32,
        y: f32,
    },
    /// A move by its index in the board's legal moves (keyboard, accessibility, the terminal).
    ChooseMove(u32),
    /// A move in the game's notation (`f5`, `4`, `11-15`, `pass`).
    PlayNotation(String),
    /// Othello: the person to move has no move and passes (the board's `must_pass`).
    Pass,
    /// One of the capture paths offered when two paths end on the same square.
    ChoosePath(u32),
    CancelSelection,
    Undo,
    Redo,
    Hint,
    /// Resigns the game for the person, once they confirm (the view model asks).
    Resign,
    /// Computer against computer: stop after the current move; `Resume` continues.
    Pause,
    Resume,
    /// Draw the board larger, scrolling (`BoardView::zoom` times), or back to fit the window.
    ZoomBoard(bool),

    // After the game.
    /// Review the finished game (after-game's `can_review`): runs in the background.
    ReviewGame,
    /// Show move `ply` (1-based) of the review on its board.
    ReviewStep(u32),
    /// Stop and put away the review (on the history screen, the past game's: back to the list).
    CloseReview,
    /// Review the history's game `id` (an entry's `can_review`) on the history screen; refused
    /// with the reason in the history view's `message` when it cannot be.
    ReviewPastGame {
        id: String,
    },

    // Settings.
    SetSyncEnabled(bool),
    /// The collector address field's text, with every edit: kept as typed (the settings view's
    /// `server_url`), stored once valid, and what `SetSyncEnabled(true)` checks.
    SetServerUrl(String),
    SetSyncOnMetered(bool),
    SetPonder(PonderMode),
    SetHaptics(bool),
    /// Apply the weights editor's text for a game (blank clears the custom weights): stored if
    /// the engine accepts it, else kept with the reason.
    SetWeights {
        game: GameKind,
        json: String,
    },
    /// The weights editor's text for a game as typed, with every edit (the weights view's
    /// `json`); applied by `SetWeights`.
    EditWeights {
        game: GameKind,
        json: String,
    },
    /// Upload the finished games now (history screen).
    SyncNow,

    // Platform.
    /// The app's UI can be seen: Android ON_START, iOS a scene on screen (active or
    /// inactive). Which tab shows is the core's own (`SelectTab`).
    ScreenShown,
    /// The app's UI cannot be seen: Android ON_STOP, iOS a scene in the background.
    ScreenHidden,
    /// The app came to the foreground (Android ON_START, iOS scene `.active`); send
    /// `DeviceMemory` just before it.
    Foreground,
    /// On screen but covered (iOS scene `.inactive`: Control Centre, an alert, the app
    /// switcher): nothing stops.
    Inactive,
    /// The app left the screen (Android ON_STOP, iOS scene `.background`).
    Background,
    /// iOS's scene phase, every change (the launch's included): the core sends itself the
    /// lifecycle events it means; after it, the shell lets the core's writes finish where
    /// `scenePhaseFinishesWrites(phase)` says. `available_ram_bytes`: the memory free now
    /// (`os_proc_available_memory()`), read for `Active`.
    ScenePhase {
        phase: ScenePhase,
        available_ram_bytes: u64,
    },
    /// The network as the core understands it (prefer `NetworkCapabilities`, `NetworkPath`).
    Network {
        online: bool,
        metered: bool,
    },
    /// Memory is short, at this level (iOS `didReceiveMemoryWarning`: `Critical`; the core
    /// decides what each level does).
    MemoryPressure(MemoryPressure),
    /// Android's `onTrimMemory(level)`, the level as given: the core maps it to a pressure.
    TrimMemory {
        level: i32,
    },
    /// Android's default network as its capabilities say (`onLost`: both false); the core
    /// decides what online and metered are.
    NetworkCapabilities {
        internet: bool,
        not_metered: bool,
    },
    /// iOS's `NWPath`, every update (unsatisfied too); the core decides what online and
    /// metered are.
    NetworkPath {
        satisfied: bool,
        expensive: bool,
        constrained: bool,
    },
    /// The memory free now (Android `MemoryInfo.availMem`, iOS `os_proc_available_memory()`;
    /// zero: unknown), with every `Foreground`: the core recomputes its search caps.
    DeviceMemory {
        available_ram_bytes: u64,
    },
    /// Whether any accessibility service that reads labels is on (Android:
    /// `AccessibilityManager.isEnabled`; iOS sends `IosAccessibility`). On until the shell says
    /// otherwise; while off, cell labels are empty (a cheaper tap).
    Accessibility {
        labels: bool,
    },
    /// iOS's assistive technologies that can be told apart (`UIAccessibility.isVoiceOverRunning`,
    /// `isSwitchControlRunning`), at start and on every change: the core decides whether the
    /// cells' labels are written.
    IosAccessibility {
        voice_over: bool,
        switch_control: bool,
    },
    /// The platform's preferred languages, most preferred first, as BCP 47 tags (Android
    /// `Configuration.locales`, per-app language included; iOS `Bundle.main.preferredLocalizations`,
    /// the languages its own strings resolve to).
    /// Every text the core produces is in the first that has a catalog (English, German),
    /// English when none has. Send it at start and whenever the system's languages change.
    Languages {
        preferred: Vec<String>,
    },
    /// The phone's offset from UTC now, in minutes (east positive), sent with `Languages`: a
    /// finished game keeps its day's offset for the history's times.
    TimeZone {
        utc_offset_minutes: i32,
    },
    /// A sync run by the platform's background worker ended.
    SyncFinished(SyncResult),
    /// The platform's saved UI state (what the last `SaveUiState` effect carried).
    RestoreUi(String),
}

/// How short of memory the platform says the app is, mildest first (what each does: the core's
/// `lifecycle.rs`).
#[uniffi::remote(Enum)]
pub enum MemoryPressure {
    /// Android `TRIM_MEMORY_UI_HIDDEN`, `TRIM_MEMORY_BACKGROUND`.
    Backgrounded,
    /// Android `TRIM_MEMORY_RUNNING_MODERATE`, `TRIM_MEMORY_RUNNING_LOW`, `TRIM_MEMORY_MODERATE`.
    Low,
    /// Android `TRIM_MEMORY_RUNNING_CRITICAL`, `TRIM_MEMORY_COMPLETE`; iOS
    /// `didReceiveMemoryWarning`.
    Critical,
}

/// What a background run tells the platform's scheduler (`AppCore.background_sync`).
#[uniffi::remote(Enum)]
pub enum BackgroundOutcome {
    /// WorkManager `Result.success()`; BGTask completed with success.
    Done,
    /// WorkManager `Result.retry()`; iOS submits a new request `seconds` from now and completes
    /// the task without success.
    RetryAfter { seconds: u64 },
    /// WorkManager `Result.failure()`; BGTask completed without success. The core asks again
    /// at its next event.
    GiveUp,
}

/// A haptic or sound cue.
#[uniffi::remote(Enum)]
pub enum Cue {
    /// A move was played (a light tap).
    Move,
    /// The move was refused.
    Refused,
    /// The game ended.
    GameOver,
}

/// What the core asks the shell to do.
#[uniffi::remote(Enum)]
pub enum Effect {
    /// The view models changed: read them and redraw.
    Render,
    /// Only the search's or the review's progress changed: read `AppCore.progress_view()` and
    /// redraw that alone (a `Render` later in the same batch covers it).
    RenderProgress,
    /// Keep this in the platform's saved-state store and send it back with `RestoreUi`.
    SaveUiState(String),
    /// Run a background sync (WorkManager unique work; `BGTaskScheduler` with this earliest begin
    /// date) no earlier than `not_before_ms` (unix ms), when the network allows. Replaces any
    /// request made before: the newest time and network rule hold.
    ScheduleSync {
        not_before_ms: u64,
        /// The settings allow a metered network (WorkManager: `CONNECTED` rather than
        /// `UNMETERED`; iOS cannot ask, and the core checks the network when the run starts).
        metered_ok: bool,
    },
    /// Keep this collector token in the platform's secure store and pass it back at start.
    StoreToken(Option<String>),
    Cue(Cue),
    /// Speak this for accessibility (TalkBack, VoiceOver).
    Announce(String),
}

/// What a platform's background worker does around `AppCore.background_sync`.
#[uniffi::remote(Record)]
pub struct SyncWorkerPolicy {
    /// How long a worker waits for the core to start in a process started for the work.
    pub start_timeout_ms: u64,
    /// The worker's outcome when the core did not start in that time.
    pub core_not_started: BackgroundOutcome,
    /// The outcome when the platform stopped the worker before the run began.
    pub stopped_before_run: BackgroundOutcome,
    /// The first delay of the platform's exponential backoff, in seconds.
    pub backoff_base_seconds: u64,
}

/// The limits a shell's HTTP transport keeps for the core's requests.
#[uniffi::remote(Record)]
pub struct TransportLimits {
    /// The largest response body read; a larger one is a transport error.
    pub max_body_bytes: u64,
    /// The longest request timeout honoured, in ms.
    pub max_timeout_ms: u64,
    /// How long past the request's own timeout a stuck request is given up, in ms.
    pub stuck_margin_ms: u64,
}

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

/// iOS's scene phase (SwiftUI's `ScenePhase`).
#[uniffi::remote(Enum)]
pub enum ScenePhase {
    Active,
    Inactive,
    Background,
}

/// Which kind of `BGTaskRequest` iOS gets.
#[uniffi::remote(Enum)]
pub enum IosTaskKind {
    /// `BGAppRefreshTaskRequest` (background mode `fetch`).
    AppRefresh,
    /// `BGProcessingTaskRequest` (background mode `processing`).
    Processing,
}

/// A background task request for iOS's `BGTaskScheduler`.
#[uniffi::remote(Record)]
pub struct IosTaskRequest {
    pub identifier: String,
    pub kind: IosTaskKind,
    /// `earliestBeginDate` (unix ms).
    pub earliest_begin_ms: u64,
    /// A processing request's `requiresNetworkConnectivity`.
    pub requires_network: bool,
    /// A processing request's `requiresExternalPower`.
    pub requires_external_power: bool,
}

/// How an iOS background task ends.
#[uniffi::remote(Record)]
pub struct IosTaskEnd {
    /// `setTaskCompleted(success:)`.
    pub success: bool,
    /// A request to submit before completing.
    pub resubmit: Option<IosTaskRequest>,
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
