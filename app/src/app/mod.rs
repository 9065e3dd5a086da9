//! The app core: the whole app's state, changed only by [`Msg`]s (the shell's [`Event`]s and
//! the results of work the core asked for), read through view models ([`view`]), asking the
//! shell for [`Effect`]s and its own runtime for [`Command`]s (searches, file writes, sync runs),
//! whose results come back as messages.
//!
//! [`App`] itself does no blocking work and starts no thread, so every journey can be tested
//! by choosing when each command's result arrives (`tests/app_journeys.rs`); [`runtime::Runtime`]
//! runs the commands on the core's own worker threads for the shells.

mod animation;
pub mod background;
pub mod board_geometry;
mod confirm;
pub mod event;
mod game_flow;
pub mod lifecycle;
mod navigation;
mod old_formats;
mod platform;
mod platform_facts;
pub mod prefs;
mod progress;
pub mod runtime;
pub mod screens;
mod seat_style;
pub mod setup;
pub mod store;
pub mod svg;
mod sync_flow;
pub mod sync_job;
mod thinking;
pub mod view;

pub use background::{BackgroundOutcome, BackgroundRun};
pub use confirm::Confirmable;
pub use event::{ConfirmationEvent, Cue, Effect, Event, NavigationEvent, PlatformEvent};
pub use lifecycle::MemoryPressure;
pub use platform_facts::{
    IOS_SYNC_TASK_ID, IosTaskEnd, IosTaskKind, IosTaskRequest, NetworkState, ScenePhase,
    SyncWorkerPolicy, TRANSPORT_LIMITS, TransportLimits, ios_labels, ios_sync_request,
    ios_task_end, sync_worker_policy,
};
pub use prefs::{Field, FieldError, PonderMode, Prefs, WatchPace};
pub use screens::after_game::AfterGameEvent;
pub use screens::board::BoardEvent;
pub use screens::history::HistoryEvent;
pub use screens::home::HomeEvent;
pub use screens::review::ReviewEvent;
pub use screens::settings::SettingsEvent;
pub use setup::{AlgorithmChoice, OrderingChoice, PlayMode, Setup};
pub use store::{FinishedGame, MoveStat, SavedGame};
pub use sync_job::{SyncJob, SyncProblem, SyncResult};
pub use view::*;

use crate::driver::ReviewTask;
use crate::error::AppError;
use crate::i18n::Lang;
use crate::limits::{EngineLimits, recommended_limits};
use crate::session::{ClientPlatform, PlayerKind, Session};
use crate::settings::GameKind;
use crate::snapshot::{ComputerMove, EndReason, GameStatus, MoveInfo, Side, Snapshot};
use crate::tr;
use ply_core::record::now_ms;
use ply_core::review::Review;
use ply_core::search::StopToken;
use screens::board::BoardState;
use screens::history::HistoryState;
use screens::home::HomeState;
use screens::review::ReviewState;
use screens::settings::SettingsState;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

/// What the shell tells the core at start.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
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

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThinkKind {
    Move,
    Hint,
    /// Thinking on the person's time about the reply the computer expects.
    Ponder,
}

/// Work the core asks its runtime to do off the caller's thread.
#[derive(Clone)]
pub enum Command {
    /// Search on the session (a computer move is played by the session itself, which refuses
    /// to play it if the game changed meanwhile), then report `Msg::Thought`.
    Think {
        ticket: u64,
        kind: ThinkKind,
        session: Arc<Session>,
        /// The session's cancel count when the search was asked for: a cancel before the
        /// search begins stops it from beginning.
        epoch: u64,
        /// The least time from the search's start to the move being played (a game of
        /// computers alone, [`WatchPace`]); zero for hints and where a person plays.
        pace: std::time::Duration,
    },
    /// Write (or with `None` remove) one of the core's files.
    Write {
        file: &'static str,
        contents: Option<store::Contents>,
    },
    /// Put the finished game into the outbox, then report `Msg::Recorded`.
    Record {
        session: Arc<Session>,
        entry: FinishedGame,
    },
    /// Read which records wait in the outbox, then report `Msg::Outbox`.
    ScanOutbox,
    /// Run a sync, then report `Msg::Synced`.
    Sync(SyncJob),
    /// Review the finished game on the think worker, counting moves in `done` (the runtime
    /// redraws with `Msg::Progress`), then report `Msg::Reviewed`.
    Review {
        ticket: u64,
        task: ReviewTask,
        stop: StopToken,
        done: Arc<AtomicUsize>,
    },
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Command::Think { ticket, kind, .. } => write!(f, "Think({ticket}, {kind:?})"),
            Command::Write { file, contents } => write!(f, "Write({file}, {})", contents.is_some()),
            Command::Record { entry, .. } => write!(f, "Record({})", entry.result),
            Command::ScanOutbox => write!(f, "ScanOutbox"),
            Command::Sync(job) => write!(f, "Sync({})", job.server_url),
            Command::Review { ticket, .. } => write!(f, "Review({ticket})"),
        }
    }
}

/// What the outbox holds, as last read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutboxState {
    pub pending: BTreeSet<String>,
    pub rejected: BTreeMap<String, String>,
    /// The sync backoff kept in the outbox: no attempt before this (unix ms; 0: any time).
    pub next_attempt_at_ms: u64,
}

/// What one message leads to: the effects for the shell, in order, and the commands for the
/// runtime. The only way either leaves the core.
#[derive(Debug, Default)]
#[must_use]
pub struct Update {
    pub effects: Vec<Effect>,
    pub commands: Vec<Command>,
}

/// Everything that changes the core: the shell's events and the results of commands.
#[derive(Debug, Clone)]
pub enum Msg {
    Event(Event),
    Thought {
        ticket: u64,
        kind: ThinkKind,
        result: Result<ComputerMove, AppError>,
    },
    /// A search is still running: redraw its node count.
    Progress {
        ticket: u64,
    },
    /// A ponder search ended (what it found stays in the session).
    Pondered {
        ticket: u64,
    },
    Recorded {
        entry: FinishedGame,
        result: Result<String, String>,
    },
    Outbox(Result<OutboxState, String>),
    Synced(SyncResult),
    /// A file write failed (the game or settings may not survive a restart).
    WriteFailed(String),
    /// A review ended (stopped ones too: their result says so).
    Reviewed {
        ticket: u64,
        result: Result<Review, AppError>,
    },
}

impl From<Event> for Msg {
    fn from(e: Event) -> Self {
        Msg::Event(e)
    }
}

/// Each group of events is a message too: `app.update(HomeEvent::NewGame)`.
macro_rules! msg_from_events {
    ($($group:ty),*) => {$(
        impl From<$group> for Msg {
            fn from(e: $group) -> Self {
                Msg::Event(e.into())
            }
        }
    )*};
}
msg_from_events!(
    HomeEvent,
    BoardEvent,
    AfterGameEvent,
    HistoryEvent,
    ReviewEvent,
    SettingsEvent,
    NavigationEvent,
    ConfirmationEvent,
    PlatformEvent
);

/// Marks on the board that are not part of the game.
#[derive(Debug, Clone, Default)]
struct Marks {
    selected: Option<u32>,
    path_choices: Vec<MoveInfo>,
    hint: Option<MoveInfo>,
    message: Option<String>,
    /// The position was reached by undo: its last move was played long ago and is not
    /// animated again (the shells animate whatever the board view lists).
    undone: bool,
}

struct Thinking {
    ticket: u64,
    kind: ThinkKind,
}

/// The game in progress.
struct Game {
    setup: Setup,
    session: Arc<Session>,
    snapshot: Snapshot,
    marks: Marks,
    thinking: Option<Thinking>,
    paused: bool,
    stats: BTreeMap<u32, MoveStat>,
    recorded: bool,
    /// The review asked for after the game, if any.
    review: Option<ReviewState>,
    /// The move the shells were last asked to animate.
    animated: animation::AnimationMark,
}

/// Why the core considers syncing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SyncTrigger {
    GameRecorded,
    NetworkBack,
    Foreground,
    Person,
    Started,
}

/// The app core. See the module documentation.
pub struct App {
    dir: PathBuf,
    config: AppConfig,
    /// The caps of the searches to come: the device's, cut while memory is short.
    limits: EngineLimits,
    /// The device's caps, from its memory at start or as last reported
    /// (`PlatformEvent::DeviceMemory`).
    device_limits: EngineLimits,
    /// The worst memory pressure since the app last came to the foreground.
    pressure: Option<MemoryPressure>,
    prefs: Prefs,
    setup: Setup,
    screen: Screen,
    /// The last of home, board and after-game shown (the Play tab returns to it).
    play_screen: Screen,
    /// The action waiting for the person's yes (kept in the saved UI state).
    confirm: Option<confirm::Confirmable>,
    shown: bool,
    foreground: bool,
    online: bool,
    metered: bool,
    game: Option<Game>,
    history: Vec<FinishedGame>,
    /// The history screen's own state (a past game's review).
    history_screen: HistoryState,
    outbox: Option<OutboxState>,
    token: Option<String>,
    syncing: bool,
    /// The run under way is a platform's background run (`background_job`).
    background_run: bool,
    last_sync: Option<SyncResult>,
    /// Cell labels are built (an accessibility service may read them).
    labels: bool,
    /// The language of every text ([`PlatformEvent::Languages`]).
    lang: Lang,
    /// The phone's offset from UTC in minutes ([`PlatformEvent::TimeZone`]), `None` until a shell
    /// says.
    utc_offset_minutes: Option<i32>,
    /// The home screen's own state (the start position field).
    home: HomeState,
    /// The board's own state (its zoom).
    board: BoardState,
    /// The settings screen's own state (its fields as typed).
    settings: SettingsState,
    next_ticket: u64,
    /// The view model the last `Render` announced: a message that leaves it equal asks for
    /// no redraw, so a shell pays nothing across the FFI for an event that changed nothing.
    last_rendered: Option<ViewModel>,
    /// The commands asked for while handling the current message (`Update::commands`).
    commands: Vec<Command>,
    /// Threads of every search instead of each level's share of the cores
    /// ([`App::set_search_threads`]); `None` for the level's.
    search_threads: Option<u32>,
}

/// Of several `SaveUiState`s in one batch (a question answered and the screen it leads to),
/// only the last, in its place: each holds the whole UI state, so the earlier are stale.
fn keep_last_saved_state(fx: &mut Vec<Effect>) {
    if let Some(last) = fx.iter().rposition(|e| matches!(e, Effect::SaveUiState(_))) {
        let mut i = 0;
        fx.retain(|e| {
            let keep = !matches!(e, Effect::SaveUiState(_)) || i == last;
            i += 1;
            keep
        });
    }
}

impl App {
    /// The core for `config`, with whatever the data directory holds: the game in progress is
    /// restored, but hidden until the shell says `ScreenShown` (no search starts before). With
    /// it, the commands its start asks for (the outbox's scan; the removal of a saved game that
    /// cannot be restored).
    pub fn new(config: AppConfig) -> (App, Vec<Command>) {
        let dir = PathBuf::from(&config.data_dir);
        let loaded = store::load(&dir);
        let limits = recommended_limits(
            config.total_ram_bytes,
            config.available_ram_bytes,
            config.cpu_cores,
        );
        let mut app = App {
            dir,
            limits,
            device_limits: limits,
            pressure: None,
            settings: SettingsState {
                url_draft: loaded.prefs.server_url.clone(),
                ..SettingsState::default()
            },
            prefs: loaded.prefs,
            setup: Setup::default(),
            screen: Screen::Home,
            play_screen: Screen::Home,
            confirm: None,
            shown: false,
            foreground: true,
            online: true,
            metered: false,
            game: None,
            history: loaded.history,
            history_screen: HistoryState::default(),
            outbox: None,
            token: config.token.clone(),
            syncing: false,
            background_run: false,
            last_sync: None,
            labels: true,
            lang: Lang::En,
            utc_offset_minutes: None,
            home: HomeState::default(),
            board: BoardState::default(),
            next_ticket: 0,
            last_rendered: None,
            commands: vec![Command::ScanOutbox],
            search_threads: None,
            config,
        };
        if let Some(saved) = loaded.game {
            match app.restore_game(&saved) {
                Ok(game) => {
                    app.setup = saved.setup.clone();
                    app.game = Some(game);
                    app.screen = Screen::Board;
                    app.play_screen = Screen::Board;
                }
                Err(e) => {
                    log::warn!("the saved game could not be restored ({e}); starting afresh");
                    app.commands.push(Command::Write {
                        file: store::GAME_FILE,
                        contents: None,
                    });
                }
            }
        }
        let commands = std::mem::take(&mut app.commands);
        (app, commands)
    }

    /// The directory the core keeps its files in.
    pub fn data_dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// The search caps of this device.
    pub fn limits(&self) -> EngineLimits {
        self.limits
    }

    /// Handles one message; returns the effects for the shell and the commands for the runtime.
    pub fn update(&mut self, msg: impl Into<Msg>) -> Update {
        let mut fx = Vec::new();
        match msg.into() {
            Msg::Event(e) => self.event(e, &mut fx),
            Msg::Thought {
                ticket,
                kind,
                result,
            } => self.thought(ticket, kind, result, &mut fx),
            // A tick changes nothing but the progress shown: no whole render.
            Msg::Progress { ticket } => {
                return Update {
                    effects: progress::tick(self, ticket),
                    commands: std::mem::take(&mut self.commands),
                };
            }
            Msg::Reviewed { ticket, result } => self.reviewed(ticket, result, &mut fx),
            Msg::Pondered { ticket } => {
                if let Some(g) = self.game.as_mut()
                    && g.thinking.as_ref().is_some_and(|t| t.ticket == ticket)
                {
                    g.thinking = None;
                }
            }
            Msg::Recorded { entry, result } => self.recorded(entry, result, &mut fx),
            Msg::Outbox(state) => match state {
                Ok(s) => {
                    let first = self.outbox.is_none();
                    self.outbox = Some(s);
                    if first {
                        self.consider_sync(SyncTrigger::Started, &mut fx);
                    }
                }
                Err(e) => log::warn!("outbox: {e}"),
            },
            Msg::Synced(result) => self.synced(result, &mut fx),
            Msg::WriteFailed(e) => {
                log::warn!("{e}");
                if let Some(g) = self.game.as_mut() {
                    g.marks.message = Some(tr!(self.lang, "message-save-failed", error = e));
                }
            }
        }
        // A review belongs to the game as it ended: one changed since (undo) drops it.
        if let Some(g) = self.game.as_mut()
            && g.review
                .as_ref()
                .is_some_and(|r| !g.finished() || r.plies != g.snapshot.move_number)
        {
            g.review = None;
        }
        self.settle_confirmation(&mut fx);
        keep_last_saved_state(&mut fx);
        self.render_if_changed(&mut fx);
        Update {
            effects: fx,
            commands: std::mem::take(&mut self.commands),
        }
    }

    /// Asks for a `Render` only when the view model differs from the one last announced.
    /// (A progress tick is a batch of its own, `progress::tick`: a batch with a `Render` never
    /// holds a `RenderProgress`, so the shells perform every effect as it comes.)
    fn render_if_changed(&mut self, fx: &mut Vec<Effect>) {
        let now = self.view();
        if self.last_rendered.as_ref() != Some(&now) {
            self.last_rendered = Some(now);
            fx.push(Effect::Render);
        }
    }

    fn ticket(&mut self) -> u64 {
        self.next_ticket += 1;
        self.next_ticket
    }

    fn visible(&self) -> bool {
        self.shown && self.foreground && self.screen == Screen::Board
    }

    /// Each group of events to the update of its screen (or of what it is about).
    fn event(&mut self, e: Event, fx: &mut Vec<Effect>) {
        match e {
            Event::Home(e) => self.home_event(e, fx),
            Event::Board(e) => self.board_event(e, fx),
            Event::AfterGame(e) => self.after_game_event(e, fx),
            Event::History(e) => self.history_event(e, fx),
            Event::Review(e) => self.review_event(e),
            Event::Settings(e) => self.settings_event(e, fx),
            Event::Navigation(e) => self.navigate(e, fx),
            Event::Confirmation(e) => self.confirmation_event(e, fx),
            Event::Platform(e) => self.platform_event(e, fx),
        }
    }

    fn set_setup(&mut self, fx: &mut Vec<Effect>, change: impl FnOnce(&mut Setup)) {
        change(&mut self.setup);
        fx.push(Effect::SaveUiState(self.ui_blob()));
    }

    fn set_prefs(&mut self, change: impl FnOnce(&mut Prefs)) {
        change(&mut self.prefs);
        self.commands.push(Command::Write {
            file: store::PREFS_FILE,
            contents: Some(store::Contents::of(self.prefs.clone())),
        });
    }

    /// Everything to draw now: the screen [`App::screen`] names, with its model, and the tab,
    /// the Play tab's screen and back as that screen has them.
    pub fn view(&self) -> ViewModel {
        let screen = match self.screen() {
            Screen::Home => None,
            Screen::Board => self.board_view().map(|board| ScreenView::Board { board }),
            Screen::AfterGame => self
                .after_game_view()
                .map(|after_game| ScreenView::AfterGame { after_game }),
            Screen::History => Some(ScreenView::History {
                history: self.history_view(),
            }),
            Screen::Settings => Some(ScreenView::Settings {
                settings: self.settings_view(),
            }),
        }
        .unwrap_or_else(|| ScreenView::Home {
            home: self.home_view(),
        });
        ViewModel {
            tab: screen.screen().tab(),
            play_screen: self.play_screen_shown(),
            back_leaves_app: self.confirm.is_none() && self.back_target().is_none(),
            confirmation: self.confirmation_view(),
            screen,
        }
    }

    /// The screen drawn ([`ViewModel::screen`]): the one on top, or home when that is the board
    /// or after-game and no game is in progress (neither is drawn without one).
    pub fn screen(&self) -> Screen {
        self.drawable(self.screen)
    }

    /// The game's record v1 JSON once it is finished (for sharing and the terminal).
    pub fn record_json(&self) -> Option<String> {
        self.game.as_ref()?.session.record_json().ok()
    }

    /// The computer's statistics for each of its moves in the game in progress, oldest first
    /// (the terminal prints the newest after each computer move).
    pub fn move_stats(&self) -> Vec<MoveStat> {
        self.game
            .as_ref()
            .map(|g| g.stats.values().cloned().collect())
            .unwrap_or_default()
    }

    /// The session of the game in progress (the terminal shows engine statistics from it).
    pub fn session(&self) -> Option<Arc<Session>> {
        self.game.as_ref().map(|g| Arc::clone(&g.session))
    }
}

impl Game {
    fn finished(&self) -> bool {
        !matches!(self.snapshot.status, GameStatus::Playing)
    }

    /// Only a person resigns, in a two-player game still going: a record in which a computer
    /// seat resigns is refused by the collector as a forged loss.
    fn resignable(&self) -> bool {
        !self.finished() && self.setup.has_human() && !self.setup.game.is_multi_player()
    }

    /// A person still plays: a two-player game's mode seats one, or a multi-player game has a
    /// person's seat still in the game (Focus and the Virus Game put players out, and the
    /// computers then play on their own).
    pub(super) fn people_in_play(&self) -> bool {
        if !self.setup.game.is_multi_player() {
            return self.setup.has_human();
        }
        self.setup
            .seats_for(self.setup.game)
            .iter()
            .zip(self.snapshot.active.iter().chain(std::iter::repeat(&true)))
            .any(|(seat, &active)| seat.human && active)
    }

    fn accepts_input(&self) -> bool {
        !self.finished()
            && !self.snapshot.computer_to_move
            && self
                .thinking
                .as_ref()
                .is_none_or(|t| t.kind != ThinkKind::Move)
    }

    fn resigned_by(&self) -> Option<Side> {
        match self.snapshot.status {
            GameStatus::Won {
                winner,
                reason: EndReason::Resignation,
                ..
            } => Some(winner.other()),
            _ => None,
        }
    }

    fn cancel_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.session.cancel();
        }
    }

    fn forget_stats_from(&mut self, ply: u32) {
        self.stats.retain(|&p, _| p < ply);
    }
}
