//! The app core: the whole app's state, changed only by [`Msg`]s (the shell's [`Event`]s and
//! the results of work the core asked for), read through view models ([`view`]), asking the
//! shell for [`Effect`]s and its own runtime for [`Command`]s (searches, file writes, sync runs),
//! whose results come back as messages.
//!
//! [`App`] itself does no blocking work and starts no thread, so every journey can be tested
//! by choosing when each command's result arrives (`tests/app_journeys.rs`); [`runtime::Runtime`]
//! runs the commands on the core's own worker threads for the shells.

mod after_game_view;
mod animation;
pub mod background;
pub mod board_geometry;
pub mod board_view;
mod confirm;
pub mod event;
pub mod history_view;
pub mod lifecycle;
mod navigation;
pub mod prefs;
mod progress;
mod review;
mod review_view;
pub mod runtime;
mod seat_style;
mod settings_screen;
pub mod setup;
mod start_position;
pub mod store;
pub mod svg;
pub mod sync_job;
pub mod view;

pub use background::{BackgroundOutcome, BackgroundRun};
pub use confirm::Confirmable;
pub use event::{Cue, Effect, Event};
pub use lifecycle::MemoryPressure;
pub use prefs::{Field, FieldError, PonderMode, Prefs};
pub use setup::{AlgorithmChoice, OrderingChoice, PlayMode, Setup};
pub use store::{FinishedGame, MoveStat, SavedGame};
pub use sync_job::{SyncJob, SyncProblem, SyncResult};
pub use view::*;

use crate::driver::ReviewTask;
use crate::error::PlyError;
use crate::i18n::Lang;
use crate::limits::{EngineLimits, recommended_limits};
use crate::line::TextError;
use crate::session::{ClientPlatform, PlayerKind, Session};
use crate::settings::GameKind;
use crate::snapshot::{ComputerMove, EndReason, GameStatus, MoveInfo, Side, Snapshot};
use crate::tr;
use ply_core::record::now_ms;
use ply_core::review::Review;
use ply_core::search::StopToken;
use review::{PastReview, ReviewState};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

/// What the shell tells the core at start.
#[derive(Debug, Clone, PartialEq, Eq)]
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

/// Everything that changes the core: the shell's events and the results of commands.
#[derive(Debug, Clone)]
pub enum Msg {
    Event(Event),
    Thought {
        ticket: u64,
        kind: ThinkKind,
        result: Result<ComputerMove, PlyError>,
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
        result: Result<Review, PlyError>,
    },
}

impl From<Event> for Msg {
    fn from(e: Event) -> Self {
        Msg::Event(e)
    }
}

/// Sets the seat list to `n` seats: cut, or filled with computers at the level.
fn resize_seats(s: &mut Setup, n: usize) {
    s.seats.truncate(n);
    while s.seats.len() < n {
        s.seats.push(setup::SeatChoice {
            human: false,
            level: s.level,
        });
    }
}

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
    /// The device's caps, from its memory at start or as last reported (`Event::DeviceMemory`).
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
    /// A game of the history under review (`Event::ReviewPastGame`), shown on the history screen.
    past_review: Option<PastReview>,
    /// Why the last past game asked for was not reviewed (shown on the history screen).
    history_message: Option<String>,
    outbox: Option<OutboxState>,
    token: Option<String>,
    syncing: bool,
    /// The run under way is a platform's background run (`background_job`).
    background_run: bool,
    last_sync: Option<SyncResult>,
    url_draft: String,
    url_error: Option<String>,
    /// Cell labels are built (an accessibility service may read them).
    labels: bool,
    /// The language of every text ([`Event::Languages`]).
    lang: Lang,
    /// The phone's offset from UTC in minutes ([`Event::TimeZone`]), `None` until a shell says.
    utc_offset_minutes: Option<i32>,
    /// The start position text last refused, with the reason.
    position_error: Option<(String, String)>,
    /// The start position field's text as typed and not yet applied.
    position_draft: Option<String>,
    weights_drafts: BTreeMap<String, (String, Option<String>)>,
    next_ticket: u64,
    commands: Vec<Command>,
}

impl App {
    /// The core for `config`, with whatever the data directory holds: the game in progress is
    /// restored, but hidden until the shell says `ScreenShown` (no search starts before).
    pub fn new(config: AppConfig) -> App {
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
            url_draft: loaded.prefs.server_url.clone(),
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
            past_review: None,
            history_message: None,
            outbox: None,
            token: config.token.clone(),
            syncing: false,
            background_run: false,
            last_sync: None,
            url_error: None,
            labels: true,
            lang: Lang::En,
            utc_offset_minutes: None,
            position_error: None,
            position_draft: None,
            weights_drafts: BTreeMap::new(),
            next_ticket: 0,
            commands: vec![Command::ScanOutbox],
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
        app
    }

    /// The directory the core keeps its files in.
    pub fn data_dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// The search caps of this device.
    pub fn limits(&self) -> EngineLimits {
        self.limits
    }

    /// The commands asked for since the last call, for the runtime to run.
    pub fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }

    /// Handles one message; returns the effects for the shell.
    pub fn update(&mut self, msg: impl Into<Msg>) -> Vec<Effect> {
        let mut fx = Vec::new();
        match msg.into() {
            Msg::Event(e) => self.event(e, &mut fx),
            Msg::Thought {
                ticket,
                kind,
                result,
            } => self.thought(ticket, kind, result, &mut fx),
            // A tick changes nothing but the progress shown: no whole render.
            Msg::Progress { ticket } => return progress::tick(self, ticket),
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
        fx.push(Effect::Render);
        fx
    }

    fn ticket(&mut self) -> u64 {
        self.next_ticket += 1;
        self.next_ticket
    }

    fn visible(&self) -> bool {
        self.shown && self.foreground && self.screen == Screen::Board
    }

    fn event(&mut self, e: Event, fx: &mut Vec<Effect>) {
        match e {
            Event::ChooseGame(g) => {
                if self.setup.game != g {
                    // Presets and positions belong to one game.
                    self.position_error = None;
                    self.position_draft = None;
                    self.set_setup(fx, |s| {
                        s.game = g;
                        s.heuristic = None;
                        s.start_position = None;
                    })
                }
            }
            Event::ChooseStartPosition(text) => {
                self.choose_start_position(text, fx);
            }
            Event::EditStartPosition(text) => self.position_draft = Some(text),
            Event::ChooseMode(m) => self.set_setup(fx, |s| s.mode = m),
            Event::ChooseSide(side) => self.set_setup(fx, |s| s.human_side = side),
            Event::ChoosePlayers(n) => {
                let game = self.setup.game;
                let valid = game.player_counts().iter().any(|&c| u32::from(c) == n);
                if game.is_multi_player() && valid {
                    self.position_error = None;
                    self.position_draft = None;
                    self.set_setup(fx, |s| {
                        s.seats = s.seats_for(game);
                        resize_seats(s, n as usize);
                        // A start position seats a fixed number of players.
                        s.start_position = None;
                    })
                }
            }
            Event::ChooseSeat { seat, human } => {
                let game = self.setup.game;
                if game.is_multi_player() && (seat as usize) < self.setup.seats_for(game).len() {
                    self.set_setup(fx, |s| {
                        s.seats = s.seats_for(game);
                        if let Some(c) = s.seats.get_mut(seat as usize) {
                            c.human = human;
                        }
                    })
                }
            }
            Event::ChooseSeatLevel { seat, level } => {
                let game = self.setup.game;
                if game.is_multi_player() && (seat as usize) < self.setup.seats_for(game).len() {
                    let level = level.clamp(*setup::LEVELS.start(), *setup::LEVELS.end());
                    self.set_setup(fx, |s| {
                        s.seats = s.seats_for(game);
                        if let Some(c) = s.seats.get_mut(seat as usize) {
                            c.level = level;
                        }
                    })
                }
            }
            Event::ChooseLevel(level) => {
                let level = level.clamp(*setup::LEVELS.start(), *setup::LEVELS.end());
                self.set_setup(fx, |s| s.level = level)
            }
            Event::ChooseAlgorithm(a) => self.set_setup(fx, |s| s.algorithm = a),
            Event::ChooseOrdering(o) => self.set_setup(fx, |s| s.ordering = o),
            Event::ChooseHeuristic(h) => {
                let known = h
                    .as_ref()
                    .is_none_or(|name| crate::heuristic_presets(self.setup.game).contains(name));
                if known {
                    self.set_setup(fx, |s| s.heuristic = h)
                }
            }
            Event::NewGame => self.ask_new_game(fx),
            Event::AcceptConfirmation => self.accept_confirmation(fx),
            Event::CancelConfirmation => self.cancel_confirmation(fx),
            Event::OpenBoard
            | Event::OpenHome
            | Event::OpenHistory
            | Event::OpenSettings
            | Event::OpenAfterGame
            | Event::Back
            | Event::SelectTab(_) => self.navigate(e, fx),
            e @ (Event::ReviewGame
            | Event::ReviewPastGame { .. }
            | Event::ReviewStep(_)
            | Event::CloseReview) => self.review_event(e, fx),
            Event::TapCell(i) => self.tap(i, fx),
            Event::TapPoint { x, y } => {
                if let Some(i) = self.game.as_ref().and_then(|g| g.cell_at(x, y)) {
                    self.tap(i, fx)
                }
            }
            Event::ChooseMove(i) => {
                let m = self.game.as_ref().and_then(|g| {
                    g.snapshot
                        .legal_moves
                        .iter()
                        .find(|m| m.index == i)
                        .cloned()
                });
                match m {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-no-move-number", number = i), fx),
                }
            }
            Event::Pass => {
                let pass = self
                    .game
                    .as_ref()
                    .and_then(|g| g.snapshot.legal_moves.iter().find(|m| m.is_pass).cloned());
                match pass {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-not-legal"), fx),
                }
            }
            Event::PlayNotation(text) => {
                // The game's own parser reads every form it knows (a draughts jump with its
                // landing squares or without) and says what is wrong with the rest.
                let found = self.game.as_ref().map(|g| {
                    g.session.find_move(&text).and_then(|i| {
                        g.snapshot
                            .legal_moves
                            .iter()
                            .find(|m| m.index == i)
                            .cloned()
                            .ok_or(TextError::NotLegal)
                    })
                });
                match found {
                    Some(Ok(m)) => self.play_human(m, fx),
                    // The parser's reason stays in its (English) words; the rest is translated.
                    Some(Err(TextError::Parse(reason))) => {
                        let text = tr!(
                            self.lang,
                            "message-not-legal-because",
                            notation = text.trim(),
                            reason = reason
                        );
                        self.say(text, fx)
                    }
                    Some(Err(TextError::NotLegal)) | None => {
                        let text = tr!(self.lang, "message-not-legal-here", notation = text.trim());
                        self.say(text, fx)
                    }
                }
            }
            Event::ChoosePath(i) => {
                let m = self
                    .game
                    .as_ref()
                    .and_then(|g| g.marks.path_choices.get(i as usize).cloned());
                if let Some(m) = m {
                    self.play_human(m, fx)
                }
            }
            Event::CancelSelection => {
                if let Some(g) = self.game.as_mut() {
                    g.marks.selected = None;
                    g.marks.path_choices.clear();
                }
            }
            Event::Undo => self.undo_redo(true, fx),
            Event::Redo => self.undo_redo(false, fx),
            Event::Hint => self.hint(fx),
            Event::Resign => self.ask_resign(fx),
            Event::Pause => {
                if let Some(g) = self.game.as_mut()
                    && !g.people_in_play()
                    && !g.finished()
                {
                    g.cancel_thinking();
                    g.paused = true;
                    self.save_game();
                }
            }
            Event::Resume => {
                if let Some(g) = self.game.as_mut() {
                    g.paused = false;
                    self.save_game();
                    self.maybe_think(fx);
                }
            }
            e @ (Event::SetSyncEnabled(_)
            | Event::SetServerUrl(_)
            | Event::SetSyncOnMetered(_)
            | Event::SetPonder(_)
            | Event::SetHaptics(_)
            | Event::SetWeights { .. }
            | Event::EditWeights { .. }) => self.settings_event(e, fx),
            Event::SyncNow => self.consider_sync(SyncTrigger::Person, fx),
            e @ (Event::ScreenShown
            | Event::ScreenHidden
            | Event::Foreground
            | Event::Inactive
            | Event::Background
            | Event::MemoryPressure(_)
            | Event::DeviceMemory { .. }) => self.lifecycle(e, fx),
            Event::Network { online, metered } => {
                let back = online && (!self.online || (self.metered && !metered));
                self.online = online;
                self.metered = metered;
                if back {
                    self.consider_sync(SyncTrigger::NetworkBack, fx);
                }
            }
            Event::Accessibility { labels } => self.labels = labels,
            Event::TimeZone { utc_offset_minutes } => self.set_time_zone(utc_offset_minutes),
            Event::Languages { preferred } => self.lang = Lang::negotiate(&preferred),
            Event::SyncFinished(result) => self.synced(result, fx),
            Event::RestoreUi(blob) => self.restore_ui(&blob, fx),
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

    fn session_for(&self, setup: &Setup) -> Result<Session, PlyError> {
        let custom = self.prefs.custom_weights(setup.game);
        let seats = setup.seat_players(custom)?;
        let session = Session::with_seats(setup.game, seats, setup.start_position.clone())?;
        session.set_hint_settings(Some(setup.engine_settings(custom)?));
        session.set_limits(self.limits);
        session.set_device_cores(self.config.cpu_cores);
        session.set_pondering(self.ponders(setup));
        session.set_client(
            self.config.app_version.clone(),
            self.config.platform,
            self.config.total_ram_bytes,
        );
        Ok(session)
    }

    /// Pondering is for games against the computer, at the levels the setting names.
    fn ponders(&self, setup: &Setup) -> bool {
        !setup.game.is_multi_player()
            && setup.mode == PlayMode::VsComputer
            && self.prefs.ponder.enabled_at(setup.level)
    }

    fn new_game(&mut self, fx: &mut Vec<Effect>) {
        if !self.apply_position_draft(fx) {
            return;
        }
        if let Some(g) = self.game.as_mut() {
            g.cancel_thinking();
        }
        let previous = self.game.as_ref().map(|g| g.animated);
        let setup = self.setup.clone();
        match self.session_for(&setup) {
            Ok(session) => {
                let snapshot = session.snapshot();
                match snapshot {
                    Ok(snapshot) => {
                        self.game = Some(Game {
                            setup,
                            session: Arc::new(session),
                            snapshot,
                            marks: Marks::default(),
                            thinking: None,
                            paused: false,
                            stats: BTreeMap::new(),
                            recorded: false,
                            review: None,
                            animated: animation::AnimationMark::start(previous, 0),
                        });
                        self.save_game();
                        self.screen = Screen::Home;
                        self.show(Screen::Board, fx);
                        self.maybe_think(fx);
                    }
                    Err(e) => log::error!("new game: {e}"),
                }
            }
            Err(e) => {
                // The setup is checked as it is chosen, so only custom weights stored by an
                // older version can fail here: say so on the home screen's engine line.
                log::warn!("new game refused: {e}");
                fx.push(Effect::Announce(tr!(
                    self.lang,
                    "announce-cannot-start",
                    error = e.to_string()
                )));
            }
        }
    }

    fn restore_game(&self, saved: &SavedGame) -> Result<Game, PlyError> {
        // Replayed between two people (a session refuses a person's move on a computer's turn),
        // then the computer takes its seats.
        let players = saved
            .setup
            .seat_players(self.prefs.custom_weights(saved.setup.game))?;
        let session = Session::with_seats(
            saved.setup.game,
            vec![PlayerKind::Human; players.len()],
            saved.setup.start_position.clone(),
        )?;
        for m in &saved.moves {
            session.play(m.clone())?;
        }
        for (seat, p) in players.into_iter().enumerate() {
            if p != PlayerKind::Human {
                session.set_seat(seat as u32, p);
            }
        }
        if let Some(side) = saved.resigned_by {
            session.resign(side)?;
        }
        session.set_limits(self.limits);
        session.set_device_cores(self.config.cpu_cores);
        session.set_pondering(self.ponders(&saved.setup));
        session.set_client(
            self.config.app_version.clone(),
            self.config.platform,
            self.config.total_ram_bytes,
        );
        let snapshot = session.snapshot()?;
        Ok(Game {
            setup: saved.setup.clone(),
            session: Arc::new(session),
            marks: Marks::default(),
            thinking: None,
            paused: saved.paused,
            stats: saved.stats.iter().map(|s| (s.ply, s.clone())).collect(),
            recorded: saved.recorded,
            review: None,
            animated: animation::AnimationMark::start(None, snapshot.move_number),
            snapshot,
        })
    }

    fn save_game(&mut self) {
        let Some(g) = self.game.as_ref() else { return };
        let saved = SavedGame {
            setup: g.setup.clone(),
            moves: g.snapshot.history.clone(),
            resigned_by: g.resigned_by(),
            stats: g.stats.values().cloned().collect(),
            paused: g.paused,
            recorded: g.recorded,
        };
        self.commands.push(Command::Write {
            file: store::GAME_FILE,
            contents: Some(store::Contents::of(saved)),
        });
    }

    fn say(&mut self, text: String, fx: &mut Vec<Effect>) {
        if let Some(g) = self.game.as_mut() {
            g.marks.message = Some(text);
            if self.prefs.haptics {
                fx.push(Effect::Cue(Cue::Refused));
            }
        }
    }

    fn accepts_input(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.accepts_input()) && self.screen == Screen::Board
    }

    /// Says why a move is not taken now, when a game is on the board.
    fn refuse_input(&mut self, fx: &mut Vec<Effect>) {
        let waiting =
            self.screen == Screen::Board && self.game.as_ref().is_some_and(|g| !g.finished());
        if waiting {
            self.say(tr!(self.lang, "message-not-your-move"), fx);
        }
    }

    fn tap(&mut self, index: u32, fx: &mut Vec<Effect>) {
        if !self.accepts_input() {
            self.refuse_input(fx);
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        let legal = &g.snapshot.legal_moves;
        let cols = g.snapshot.cols.max(1);
        match g.setup.game {
            GameKind::Othello | GameKind::Virus => {
                match legal.iter().find(|m| m.to == Some(index)).cloned() {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-not-legal"), fx),
                }
            }
            GameKind::ConnectFour => {
                let col = index % cols;
                match legal.iter().find(|m| m.column == Some(col)).cloned() {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-column-full"), fx),
                }
            }
            GameKind::Draughts
            | GameKind::RelaxedDraughts
            | GameKind::ChineseCheckers
            | GameKind::Focus => {
                let from_here = legal.iter().any(|m| m.from == Some(index));
                // Focus: a reserve piece placed here.
                let place = legal
                    .iter()
                    .find(|m| m.from.is_none() && !m.is_pass && m.to == Some(index))
                    .cloned();
                if let Some(sel) = g.marks.selected {
                    let choices: Vec<MoveInfo> = legal
                        .iter()
                        .filter(|m| m.from == Some(sel) && m.to == Some(index))
                        .cloned()
                        .collect();
                    match choices.len() {
                        1 => {
                            let m = choices.into_iter().next();
                            if let Some(m) = m {
                                self.play_human(m, fx)
                            }
                        }
                        0 if index == sel && place.is_some() => {
                            if let Some(m) = place {
                                self.play_human(m, fx)
                            }
                        }
                        0 if from_here => {
                            g.marks.selected = Some(index);
                            g.marks.path_choices.clear();
                        }
                        0 => match place {
                            // Focus: a square that starts no move takes a reserve piece.
                            Some(m) => self.play_human(m, fx),
                            None => {
                                g.marks.selected = None;
                                g.marks.path_choices.clear();
                            }
                        },
                        _ => {
                            g.marks.path_choices = choices;
                            g.marks.message = Some(tr!(self.lang, "message-choose-path"));
                        }
                    }
                } else if from_here {
                    g.marks.selected = Some(index);
                    g.marks.message = None;
                } else if let Some(m) = place {
                    self.play_human(m, fx)
                } else {
                    let own = g
                        .snapshot
                        .cells
                        .iter()
                        .find(|c| c.index == index)
                        .and_then(|c| c.seat)
                        == Some(g.snapshot.player_to_move);
                    let text = if own {
                        tr!(self.lang, "message-piece-stuck")
                    } else {
                        tr!(self.lang, "message-select-first")
                    };
                    self.say(text, fx)
                }
            }
        }
    }

    fn play_human(&mut self, m: MoveInfo, fx: &mut Vec<Effect>) {
        if !self.accepts_input() {
            self.refuse_input(fx);
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        g.cancel_thinking();
        let ply = g.snapshot.move_number;
        match g.session.play_index_and_snapshot(m.index) {
            Ok(after) => {
                g.forget_stats_from(ply);
                g.marks = Marks::default();
                g.snapshot = after;
                if self.prefs.haptics {
                    fx.push(Effect::Cue(Cue::Move));
                }
                self.after_change(fx);
            }
            Err(e) => self.say(e.to_string(), fx),
        }
    }

    /// After the game changed: save it, record its end, let the computer move.
    fn after_change(&mut self, fx: &mut Vec<Effect>) {
        self.save_game();
        let Some(g) = self.game.as_mut() else { return };
        g.animated.changed(g.snapshot.move_number, g.marks.undone);
        if g.finished() {
            if !g.recorded {
                g.recorded = true;
                let result = board_view::status_text(self.lang, g);
                fx.push(Effect::Announce(result.clone()));
                if self.prefs.haptics {
                    fx.push(Effect::Cue(Cue::GameOver));
                }
                // A game resigned before any move is no game played: it is neither kept in the
                // history nor sent to the collector.
                if g.snapshot.move_number > 0 {
                    let entry = FinishedGame {
                        id: String::new(),
                        setup: g.setup.clone(),
                        result,
                        end: board_view::GameEnd::of(g),
                        ended_at_ms: now_ms(),
                        move_list: Some(g.snapshot.history.clone()),
                        utc_offset_minutes: self.utc_offset_minutes,
                        moves: g.snapshot.move_number,
                    };
                    self.commands.push(Command::Record {
                        session: Arc::clone(&g.session),
                        entry,
                    });
                }
                self.save_game();
            }
        } else {
            self.maybe_think(fx);
        }
    }

    fn maybe_think(&mut self, _fx: &mut Vec<Effect>) {
        let visible = self.visible();
        let ticket = self.next_ticket + 1;
        let ponders = self.game.as_ref().is_some_and(|g| self.ponders(&g.setup));
        let pondering_allowed = self.pondering_allowed();
        let Some(g) = self.game.as_mut() else { return };
        if !visible || g.paused || g.thinking.is_some() || g.finished() {
            return;
        }
        if g.snapshot.computer_to_move
            && !g.people_in_play()
            && g.snapshot.move_number as usize >= ply_core::record::limits::MAX_MOVES
        {
            // Focus and Chinese Checkers have no rule that ends a game that goes round in
            // circles, and a record holds at most this many moves: the computers stop here.
            g.paused = true;
            g.marks.message = Some(tr!(
                self.lang,
                "message-move-limit",
                moves = ply_core::record::limits::MAX_MOVES
            ));
            return;
        }
        let kind = if g.snapshot.computer_to_move {
            ThinkKind::Move
        } else if ponders
            && pondering_allowed
            && g.snapshot
                .last_move
                .as_ref()
                .is_some_and(|m| !g.setup.is_human(m.player))
        {
            ThinkKind::Ponder
        } else {
            return;
        };
        self.next_ticket = ticket;
        g.thinking = Some(Thinking { ticket, kind });
        if kind == ThinkKind::Move {
            g.marks.message = None;
            g.session.forget_last_nodes();
        }
        self.commands.push(Command::Think {
            ticket,
            kind,
            epoch: g.session.cancel_epoch(),
            session: Arc::clone(&g.session),
        });
    }

    fn stop_thinking(&mut self) {
        if let Some(g) = self.game.as_mut() {
            g.cancel_thinking();
        }
    }

    fn hint(&mut self, _fx: &mut Vec<Effect>) {
        if !self.accepts_input() {
            return;
        }
        let ticket = self.ticket();
        let Some(g) = self.game.as_mut() else { return };
        g.cancel_thinking();
        g.marks.hint = None;
        g.marks.message = None;
        g.thinking = Some(Thinking {
            ticket,
            kind: ThinkKind::Hint,
        });
        g.session.forget_last_nodes();
        self.commands.push(Command::Think {
            ticket,
            kind: ThinkKind::Hint,
            epoch: g.session.cancel_epoch(),
            session: Arc::clone(&g.session),
        });
    }

    fn thought(
        &mut self,
        ticket: u64,
        kind: ThinkKind,
        result: Result<ComputerMove, PlyError>,
        fx: &mut Vec<Effect>,
    ) {
        let Some(g) = self.game.as_mut() else { return };
        let current = g.thinking.as_ref().is_some_and(|t| t.ticket == ticket);
        if current {
            g.thinking = None;
        }
        match (kind, result) {
            (ThinkKind::Move, Ok(cm)) => {
                // The session played the move only if the game had not changed since the
                // search began, so even a late result is the truth about the game; unless it
                // is another game's (a new game began meanwhile): then this one is unchanged.
                let snap = g.session.snapshot();
                if !current
                    && snap
                        .as_ref()
                        .is_ok_and(|s| s.move_number == g.snapshot.move_number)
                {
                    return;
                }
                if let Ok(snap) = snap {
                    let at = snap.move_number.saturating_sub(1);
                    g.forget_stats_from(at);
                    g.stats.insert(
                        at,
                        MoveStat {
                            ply: at,
                            notation: cm.played.notation.clone(),
                            nodes: cm.stats.nodes,
                            time_ms: cm.stats.time_ms,
                            depth: cm.stats.depth,
                            score: cm.stats.score,
                            pv: cm.stats.pv.clone(),
                            seat: Some(cm.played.seat),
                        },
                    );
                    g.snapshot = snap;
                }
                g.marks = Marks::default();
                let who = board_view::seat_label(self.lang, g, cm.played.seat);
                fx.push(Effect::Announce(tr!(
                    self.lang,
                    "announce-played",
                    who = who,
                    notation = &cm.played.notation
                )));
                if self.prefs.haptics {
                    fx.push(Effect::Cue(Cue::Move));
                }
                self.after_change(fx);
            }
            (ThinkKind::Hint, Ok(cm)) if current => {
                let hint = tr!(self.lang, "message-hint", notation = &cm.played.notation);
                g.marks.message = Some(hint.clone());
                fx.push(Effect::Announce(hint));
                g.marks.hint = Some(cm.played);
            }
            (ThinkKind::Ponder, _) => {}
            (_, Err(PlyError::Cancelled)) | (ThinkKind::Hint, _) => {
                if current {
                    self.maybe_think(fx);
                }
            }
            (ThinkKind::Move, Err(e)) => {
                if current {
                    g.marks.message = Some(tr!(
                        self.lang,
                        "message-computer-failed",
                        error = e.to_string()
                    ));
                    g.paused = !g.people_in_play();
                }
            }
        }
    }

    fn undo_redo(&mut self, undo: bool, fx: &mut Vec<Effect>) {
        if self.screen != Screen::Board {
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        g.cancel_thinking();
        if !g.setup.has_human() {
            g.paused = true;
        }
        let changed = if undo {
            g.session.undo()
        } else {
            g.session.redo()
        };
        match changed {
            Ok(true) => {
                g.marks = Marks {
                    undone: undo,
                    ..Marks::default()
                };
                if let Ok(s) = g.session.snapshot() {
                    g.snapshot = s;
                }
                if !g.finished() {
                    // Another end will be another game, another record.
                    g.recorded = false;
                }
                self.after_change(fx);
            }
            Ok(false) => {
                let text = if undo {
                    tr!(self.lang, "message-nothing-to-undo")
                } else {
                    tr!(self.lang, "message-nothing-to-redo")
                };
                self.say(text, fx);
                self.maybe_think(fx);
            }
            Err(e) => self.say(e.to_string(), fx),
        }
    }

    fn resign(&mut self, fx: &mut Vec<Effect>) {
        let Some(g) = self.game.as_mut() else { return };
        if !g.resignable() {
            return;
        }
        g.cancel_thinking();
        let side = if g.setup.mode == PlayMode::VsComputer {
            g.setup.human_side
        } else {
            g.snapshot.side_to_move
        };
        match g.session.resign(side) {
            Ok(()) => {
                g.marks = Marks::default();
                if let Ok(s) = g.session.snapshot() {
                    g.snapshot = s;
                }
                self.after_change(fx);
            }
            Err(e) => self.say(e.to_string(), fx),
        }
    }

    fn recorded(
        &mut self,
        mut entry: FinishedGame,
        result: Result<String, String>,
        fx: &mut Vec<Effect>,
    ) {
        match result {
            Ok(id) => {
                entry.id = id.clone();
                self.history.retain(|h| h.id != id);
                self.history.push(entry);
                let excess = self.history.len().saturating_sub(store::HISTORY_LIMIT);
                self.history.drain(..excess);
                self.commands.push(Command::Write {
                    file: store::HISTORY_FILE,
                    contents: Some(store::Contents::of(self.history.clone())),
                });
                self.outbox
                    .get_or_insert_with(OutboxState::default)
                    .pending
                    .insert(id);
                self.consider_sync(SyncTrigger::GameRecorded, fx);
            }
            Err(e) => {
                if let Some(g) = self.game.as_mut() {
                    g.marks.message = Some(tr!(
                        self.lang,
                        "message-record-failed",
                        error = e.to_string()
                    ));
                }
            }
        }
    }

    fn sync_configured(&self) -> Option<String> {
        if !self.prefs.sync_enabled {
            return None;
        }
        prefs::server_url(self.lang, &self.prefs.server_url).ok()
    }

    /// The outbox has been read since the start.
    pub fn outbox_known(&self) -> bool {
        self.outbox.is_some()
    }

    /// A sync run is under way (the core's own or a platform's background run).
    pub fn is_syncing(&self) -> bool {
        self.syncing
    }

    fn pending(&self) -> usize {
        self.outbox.as_ref().map_or(0, |o| o.pending.len())
    }

    fn network_allows(&self) -> bool {
        self.online && (!self.metered || self.prefs.sync_on_metered)
    }

    /// The earliest time the core's backoff allows the next attempt.
    fn retry_at(&self) -> u64 {
        let from_run = self.last_sync.as_ref().and_then(|r| r.next_attempt_at_ms);
        let from_outbox = self.outbox.as_ref().map(|o| o.next_attempt_at_ms);
        from_run.or(from_outbox).unwrap_or(0)
    }

    fn consider_sync(&mut self, trigger: SyncTrigger, fx: &mut Vec<Effect>) {
        let Some(url) = self.sync_configured() else {
            return;
        };
        if self.syncing || self.pending() == 0 {
            return;
        }
        let now = now_ms();
        let backing_off = self.retry_at() > now && trigger != SyncTrigger::Person;
        if !self.foreground || !self.network_allows() || backing_off {
            self.ask_for_sync(self.retry_at().max(now), fx);
            return;
        }
        self.syncing = true;
        self.commands.push(Command::Sync(SyncJob {
            server_url: url,
            token: self.token.clone(),
            respect_backoff: trigger != SyncTrigger::Person,
            platform: self.config.platform,
            app_version: self.config.app_version.clone(),
        }));
    }

    fn synced(&mut self, result: SyncResult, fx: &mut Vec<Effect>) {
        self.syncing = false;
        if let Some(t) = &result.new_token {
            self.token = Some(t.clone());
            fx.push(Effect::StoreToken(Some(t.clone())));
        } else if result.token_refused {
            self.token = None;
            fx.push(Effect::StoreToken(None));
        }
        let retry = result.next_attempt_at_ms;
        let left = result.remaining > 0 || result.problem.is_some();
        self.last_sync = Some(result);
        self.commands.push(Command::ScanOutbox);
        if left && self.sync_configured().is_some() {
            // Never a shell default: the core's backoff says when.
            self.ask_for_sync(retry.unwrap_or(0).max(now_ms()), fx);
        }
        self.background_run = false;
    }

    /// Everything to draw now.
    pub fn view(&self) -> ViewModel {
        ViewModel {
            screen: self.screen,
            tab: self.screen.tab(),
            play_screen: self.play_screen_shown(),
            back_leaves_app: self.confirm.is_none() && self.back_target().is_none(),
            confirmation: self.confirmation_view(),
            home: (self.screen == Screen::Home).then(|| self.home_view()),
            board: if self.screen == Screen::Board {
                self.board_view()
            } else {
                None
            },
            after_game: if self.screen == Screen::AfterGame {
                self.after_game_view()
            } else {
                None
            },
            history: (self.screen == Screen::History).then(|| self.history_view()),
            settings: (self.screen == Screen::Settings).then(|| self.settings_view()),
        }
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The board of the game in progress (whatever screen is on top).
    pub fn board_view(&self) -> Option<BoardView> {
        let g = self.game.as_ref()?;
        Some(board_view::build(self.lang, g, self.visible(), self.labels))
    }

    pub fn home_view(&self) -> HomeView {
        board_view::home(self)
    }

    pub fn after_game_view(&self) -> Option<AfterGameView> {
        self.game
            .as_ref()
            .map(|g| after_game_view::after_game(self.lang, g))
    }

    pub fn history_view(&self) -> HistoryView {
        history_view::history(self)
    }

    pub fn settings_view(&self) -> SettingsView {
        settings_screen::view(self)
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
