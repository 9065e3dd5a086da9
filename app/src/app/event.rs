//! What the shells send the core (events) and what the core asks of them (effects).

use super::lifecycle::MemoryPressure;
use super::platform_facts::ScenePhase;
use super::screens::after_game::AfterGameEvent;
use super::screens::board::BoardEvent;
use super::screens::history::HistoryEvent;
use super::screens::home::HomeEvent;
use super::screens::review::ReviewEvent;
use super::screens::settings::SettingsEvent;
use super::sync_job::SyncResult;
use super::view::AppTab;

/// Something the person did or the platform reported, by where it comes from: one group for
/// each screen's own events ([`HomeEvent`], [`BoardEvent`], [`AfterGameEvent`],
/// [`HistoryEvent`], [`SettingsEvent`]), the review that two screens show ([`ReviewEvent`]),
/// moving between screens ([`NavigationEvent`]), the answer to a question
/// ([`ConfirmationEvent`]), and the platform's reports ([`PlatformEvent`]). Each group converts
/// into an `Event` (and a `Msg`), so `app.update(BoardEvent::Undo)` is one.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Event {
    Home(HomeEvent),
    Board(BoardEvent),
    AfterGame(AfterGameEvent),
    History(HistoryEvent),
    Review(ReviewEvent),
    Settings(SettingsEvent),
    Navigation(NavigationEvent),
    Confirmation(ConfirmationEvent),
    Platform(PlatformEvent),
}

/// Moving between the screens, from any of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum NavigationEvent {
    /// Back to the game in progress (from home, history, settings or after-game).
    OpenBoard,
    OpenHome,
    OpenHistory,
    OpenSettings,
    OpenAfterGame,
    /// Every back, the platform's gesture or button and a top bar's: after-game goes back to its
    /// board, every other screen but home to home; with a question up, back cancels it. On home
    /// it does nothing ([`super::ViewModel::back_leaves_app`] tells the shell to let the system
    /// handle it).
    Back,
    /// The person picked a tab of a tabbed shell (iOS). Play shows whichever of home, board and
    /// after-game the person last left, as long as it still applies (no board without a game);
    /// the tab already shown changes nothing.
    SelectTab(AppTab),
}

impl From<NavigationEvent> for Event {
    fn from(e: NavigationEvent) -> Self {
        Event::Navigation(e)
    }
}

/// The answer to a question the view model asks (`confirmation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ConfirmationEvent {
    /// Yes: the action asked about is done.
    Accept,
    /// No, or the dialog was dismissed: nothing is done.
    Cancel,
}

impl From<ConfirmationEvent> for Event {
    fn from(e: ConfirmationEvent) -> Self {
        Event::Confirmation(e)
    }
}

/// What the platform reports (what the core does with each: `lifecycle.rs`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PlatformEvent {
    /// The app's UI can be seen: Android ON_START, iOS a scene on screen (active or
    /// inactive). Which tab shows is the core's own (`SelectTab`).
    ScreenShown,
    /// The app's UI cannot be seen: Android ON_STOP, iOS a scene in the background.
    ScreenHidden,
    /// The app came to the foreground (Android ON_START, iOS scene `.active`). Send
    /// [`PlatformEvent::DeviceMemory`] just before it.
    Foreground,
    /// The app is on screen but something covers it and takes the input (iOS scene `.inactive`:
    /// Control Centre, Notification Centre, an alert, a call's banner, the app switcher). The
    /// core decides what that means: the board is still seen, so nothing stops.
    Inactive,
    /// The app left the screen (Android ON_STOP, iOS scene `.background`).
    Background,
    /// iOS's scene phase, every change (the launch's included): the core sends itself the
    /// lifecycle events it means (`ScenePhase::events`), and the shell lets the core's writes
    /// finish where `ScenePhase::finishes_writes` says. `available_ram_bytes`: the memory free
    /// now (`os_proc_available_memory()`), read when the phase is `Active`.
    ScenePhase {
        phase: ScenePhase,
        available_ram_bytes: u64,
    },
    /// The network's state as the core understands it (prefer the platform's raw facts:
    /// `NetworkCapabilities`, `NetworkPath`).
    Network { online: bool, metered: bool },
    /// The platform says memory is short, at this level (iOS `didReceiveMemoryWarning`:
    /// `Critical`; the core decides what each level does).
    MemoryPressure(MemoryPressure),
    /// Android's `onTrimMemory(level)`, the level as the platform gives it: the core maps it
    /// (`MemoryPressure::from_android_trim_level`; a level that asks nothing changes nothing).
    TrimMemory { level: i32 },
    /// Android's default network, as its capabilities say (`onCapabilitiesChanged`; `onLost`:
    /// both false): the core decides what online and metered are (`platform_facts.rs`).
    NetworkCapabilities { internet: bool, not_metered: bool },
    /// iOS's network path, every update (`NWPathMonitor`, unsatisfied ones too): the core
    /// decides what online and metered are (`platform_facts.rs`).
    NetworkPath {
        satisfied: bool,
        expensive: bool,
        constrained: bool,
    },
    /// The memory the system says is free now (Android `ActivityManager.MemoryInfo.availMem`,
    /// iOS `os_proc_available_memory()`; zero: unknown), sent with every
    /// [`PlatformEvent::Foreground`]: the core recomputes the device's search caps from it. (The
    /// figure at start may be a process's started for a background sync while another app filled
    /// the memory; total memory and cores do not change, so `AppConfig`'s are kept.)
    DeviceMemory { available_ram_bytes: u64 },
    /// Whether any accessibility service that reads labels is on (Android:
    /// `AccessibilityManager.isEnabled`, which covers TalkBack, Switch Access and Voice Access;
    /// iOS never sends it: Voice Control speaks the labels and has no public status). Labels are
    /// on until a shell says otherwise; while off, the board's cell labels are left empty, which
    /// saves a phone most of the cost of a tap's view model (64 strings built in Rust and decoded
    /// in Kotlin).
    Accessibility { labels: bool },
    /// iOS's assistive technologies that can be told apart (`UIAccessibility.isVoiceOverRunning`,
    /// `isSwitchControlRunning`), at start and on every change: the core decides whether the
    /// cells' labels are written (`platform_facts::ios_labels`).
    IosAccessibility {
        voice_over: bool,
        switch_control: bool,
    },
    /// The platform's preferred languages, most preferred first, as BCP 47 tags (Android
    /// `Configuration.locales`, per-app language included; iOS
    /// `Bundle.main.preferredLocalizations`, the languages its own strings resolve to).
    /// Every text the core produces is in the first that has a catalog (English, German),
    /// English when none has. Send it at start and whenever the system's languages change.
    Languages { preferred: Vec<String> },
    /// The phone's offset from UTC now, in minutes (east positive; Android
    /// `TimeZone.getDefault().getOffset(now)`, iOS `TimeZone.current.secondsFromGMT() / 60`).
    /// Send it with `Languages`: a game that ends keeps the offset of its day, and the history
    /// shows its time with it.
    TimeZone { utc_offset_minutes: i32 },
    /// A sync run by the platform's background worker ended.
    SyncFinished(SyncResult),
    /// The platform's saved UI state (what the last `SaveUiState` effect carried).
    RestoreUi(String),
}

impl From<PlatformEvent> for Event {
    fn from(e: PlatformEvent) -> Self {
        Event::Platform(e)
    }
}

/// A haptic or sound cue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Cue {
    /// A move was played (a light tap).
    Move,
    /// The move was refused.
    Refused,
    /// The game ended.
    GameOver,
}

/// What the core asks the shell to do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Effect {
    /// The view models changed: read them and redraw. Sent only when the view model differs
    /// from the one the last `Render` announced, at most once a batch and last in it.
    Render,
    /// Only the progress of the computer's search or of a review changed: read the progress
    /// view (`App::progress_view`) and redraw just that. A `Render` later in the same batch
    /// covers it.
    RenderProgress,
    /// Keep this in the platform's saved-state store and send it back with `RestoreUi`.
    SaveUiState(String),
    /// Run a background sync (WorkManager unique work; `BGTaskScheduler` with this earliest begin
    /// date) no earlier than `not_before_ms` (unix ms), when the network allows. Replaces any
    /// request made before: the newest time and network rule hold.
    /// Never asked for while the platform's own background run is under way: that run's outcome
    /// says whether to run again (`background.rs`).
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
