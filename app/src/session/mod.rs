//! `Session`: one game as the app plays it.
//!
//! # Threads
//! Every method may be called from any thread. The game state sits behind a mutex that is held
//! only for quick operations; `computer_move` and `hint` copy the position, release the lock,
//! search, and re-lock to apply the move. A separate small lock holds the running search's stop
//! token, so `cancel()` and `thinking_nodes()` work while a search runs. A poisoned lock (a
//! panic while holding it, which `guard` already turned into an error) is recovered: the state
//! is changed only by whole operations, so it is consistent.
//!
//! # Undo against the computer
//! `undo()` takes back moves until a human is to move again (one move in two-human games; the
//! computer's reply and the human's move against the computer), and `redo()` replays moves until
//! a human is to move again. Both cancel a running computer search.

use crate::driver::{AnyGame, Driver, PreparedSearch, ReviewStepCells, ReviewTask};
use crate::engine::Found;
use crate::error::{AppError, PositionError, SettingsError, Turn};
use crate::guard::{guard, guard_or};
use crate::limits::{EngineLimits, unlimited};
use crate::rules_variant::RulesVariant;
use crate::settings::{
    EngineSettings, GameKind, SearchLimits, default_engine_settings, move_config, record_engine,
    search_config,
};
use crate::snapshot::{ComputerMove, GameStatus, MoveInfo, Side, Snapshot};
use ply_core::Game;
use ply_core::record::{
    ClientInfo, MoveStats, Platform, PlayerInfo, RamBucket, RecordMeta, new_record_id, now_ms,
};
use ply_core::search::StopToken;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

mod thinking;

/// Who plays a side.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PlayerKind {
    Human,
    Computer { settings: EngineSettings },
}

/// The platform that made a game (for records).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ClientPlatform {
    Android,
    Ios,
    /// `ply play` in a terminal.
    Cli,
    Desktop,
    Other,
}

impl From<ClientPlatform> for Platform {
    fn from(p: ClientPlatform) -> Platform {
        match p {
            ClientPlatform::Android => Platform::Android,
            ClientPlatform::Ios => Platform::Ios,
            ClientPlatform::Cli => Platform::Cli,
            ClientPlatform::Desktop => Platform::Desktop,
            ClientPlatform::Other => Platform::Other,
        }
    }
}

struct State {
    game: Box<dyn AnyGame>,
    /// Who plays each seat, in turn order.
    players: Vec<PlayerKind>,
    resigned_by: Option<u8>,
    limits: EngineLimits,
    /// The device's cores (`set_device_cores`; 1 until told): how many threads a level's
    /// computer moves and hints may search with.
    cores: u32,
    /// Threads of every computer move and hint, when set (`set_search_threads`), instead of
    /// the level's share of `cores`.
    threads: Option<u32>,
    /// Bumped by every change of the game, so a search started before it is not applied after.
    generation: u64,
    started_at_ms: u64,
    ended_at_ms: Option<u64>,
    client: ClientInfo,
    /// The game's record id, fixed at creation so exporting twice gives the same record.
    record_id: String,
    /// The replies the last computer move expects (its principal variation after its own
    /// move), with the position they answer: what pondering searches.
    expected: Option<(String, Vec<String>)>,
    /// A finished ponder search: the position it searched and what it found.
    pondered: Option<(String, Found)>,
    /// What a hint searches with when no computer plays in this game (two people on one
    /// device): the level they chose, not a fixed default.
    hint_settings: Option<EngineSettings>,
}

/// A game being played: create it, draw its `snapshot()`, `play` human moves, let the computer
/// move with `computer_move` on a background thread, `undo`/`redo`, export the record.
pub struct Session {
    state: Mutex<State>,
    /// The running search's token (computer move or hint), if any.
    thinking: Mutex<Option<StopToken>>,
    /// Nodes of the last finished search, for `thinking_nodes()` after it ends.
    last_nodes: AtomicU64,
    /// `cancel()` calls so far (see `cancel_epoch`); changed only under the `thinking` lock.
    cancels: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn new_game(
    kind: GameKind,
    rules: RulesVariant,
    players: usize,
    start: Option<&str>,
) -> Result<Box<dyn AnyGame>, AppError> {
    fn parse<G: Game>(text: Option<&str>) -> Result<G, AppError> {
        match text {
            None => Ok(G::start()),
            Some(t) => G::parse_position(t.trim())
                .map_err(|e| AppError::BadPosition(PositionError::Parse(e))),
        }
    }
    if !rules.applies_to(kind) {
        return Err(SettingsError::Variant {
            game: kind,
            variant: rules.name().to_string(),
        }
        .into());
    }
    let game: Box<dyn AnyGame> = ply_core::with_game_kind!(kind,
        two_player G => {
            let pos = parse::<G>(start)?
                .with_variant(rules.name())
                .map_err(PositionError::Parse)?;
            Box::new(Driver::new(kind, pos))
        },
        multi m => crate::multi::new_game::<G>(kind, players, start)?);
    if !kind.is_multi_player() && players != 2 {
        return Err(SettingsError::Players {
            game: kind,
            players,
        }
        .into());
    }
    if game.outcome().is_some() {
        return Err(PositionError::AlreadyOver.into());
    }
    Ok(game)
}

impl State {
    fn status(&self) -> GameStatus {
        if let Some(p) = self.resigned_by {
            return GameStatus::Won {
                winner: Side::of(1 - p.min(1)),
                reason: crate::snapshot::EndReason::Resignation,
                margin: 0,
            };
        }
        match self.game.outcome() {
            None => GameStatus::Playing,
            Some(o) => match o.winner {
                // `Side::of` names every seat after the first `Second`; the seat is the
                // snapshot's `winner_seat`.
                Some(w) => GameStatus::Won {
                    winner: Side::of(w),
                    reason: o.reason.into(),
                    margin: o.margin,
                },
                None => GameStatus::Draw {
                    reason: o.reason.into(),
                },
            },
        }
    }
    fn is_over(&self) -> bool {
        self.resigned_by.is_some() || self.game.outcome().is_some()
    }
    fn computer_to_move(&self) -> bool {
        matches!(
            self.players.get(usize::from(self.game.side_to_move())),
            Some(PlayerKind::Computer { .. })
        )
    }
    fn changed(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.is_over() {
            self.ended_at_ms.get_or_insert_with(now_ms);
        } else if self.ended_at_ms.take().is_some() {
            // Undone after the end: whatever ends the game now is another game, another record.
            self.record_id = new_record_id();
        }
    }
    /// What `Session::snapshot` returns.
    fn snapshot(&self) -> Snapshot {
        let mut snap = self.game.snapshot(
            self.status(),
            self.computer_to_move() && !self.is_over(),
            self.game.ply() > 0 || self.resigned_by.is_some(),
        );
        snap.winner_seat = match self.resigned_by {
            Some(p) => Some(u32::from(1 - p.min(1))),
            None => self.game.outcome().and_then(|o| o.winner).map(u32::from),
        };
        snap
    }
    fn any_human(&self) -> bool {
        self.players.iter().any(|p| matches!(p, PlayerKind::Human))
    }
}

impl Session {
    /// A new game of `game` between `first` (moves first) and `second`, from the standard start
    /// or `start_position` (the game's position notation; `BadPosition` if it does not parse or
    /// the game is already over there). Searches are unlimited until `set_limits` is called.
    pub fn new(
        game: GameKind,
        first: PlayerKind,
        second: PlayerKind,
        start_position: Option<String>,
    ) -> Result<Self, AppError> {
        Self::with_seats(game, vec![first, second], start_position)
    }

    /// A new game of `game` with one player per seat in turn order: two for the two-player
    /// games, as many as the game seats for the others (their standard start for that many, or
    /// `start_position`, which must seat as many).
    pub fn with_seats(
        game: GameKind,
        seats: Vec<PlayerKind>,
        start_position: Option<String>,
    ) -> Result<Self, AppError> {
        Self::with_rules(game, RulesVariant::Standard, seats, start_position)
    }

    /// A new game of `game` under `rules` (`InvalidSettings` for a variant the game does not
    /// take), seated as [`Session::with_seats`] says.
    pub fn with_rules(
        game: GameKind,
        rules: RulesVariant,
        seats: Vec<PlayerKind>,
        start_position: Option<String>,
    ) -> Result<Self, AppError> {
        guard("Session.with_rules", || {
            let n = seats.len();
            if !game.player_counts().iter().any(|&c| usize::from(c) == n) {
                return Err(SettingsError::Players { game, players: n }.into());
            }
            let mut g = new_game(game, rules, n, start_position.as_deref())?;
            // Fail early on settings the engine cannot use.
            for p in &seats {
                if let PlayerKind::Computer { settings } = p {
                    let _ = g.prepare(
                        search_config(settings, None, &unlimited(), game),
                        &settings.heuristic,
                        settings.algorithm,
                        None,
                    )?;
                }
            }
            Ok(Session {
                state: Mutex::new(State {
                    game: g,
                    players: seats,
                    resigned_by: None,
                    limits: unlimited(),
                    cores: 1,
                    threads: None,
                    generation: 0,
                    started_at_ms: now_ms(),
                    ended_at_ms: None,
                    record_id: new_record_id(),
                    expected: None,
                    pondered: None,
                    hint_settings: None,
                    client: ClientInfo {
                        app_version: env!("CARGO_PKG_VERSION").into(),
                        platform: Platform::Other,
                        ram_bucket: RamBucket::Unknown,
                    },
                }),
                thinking: Mutex::new(None),
                last_nodes: AtomicU64::new(0),
                cancels: AtomicU64::new(0),
            })
        })
    }

    /// Caps every later search of this session (see `recommended_limits`).
    pub fn set_limits(&self, limits: EngineLimits) {
        guard_or("set_limits", (), || lock(&self.state).limits = limits)
    }

    /// The device's cores (0: unknown, one thread), for the threads of the levels' searches
    /// ([`crate::level_threads::threads_for_level`]); until called, every search runs on one thread.
    pub fn set_device_cores(&self, cores: u32) {
        guard_or("set_device_cores", (), || lock(&self.state).cores = cores)
    }

    /// Threads for every computer move and hint search instead of the level's share of the
    /// cores (`None`: the level's, [`crate::level_threads::threads_for_level`]): `ply play --threads`.
    pub fn set_search_threads(&self, threads: Option<u32>) {
        guard_or("set_search_threads", (), || {
            lock(&self.state).threads = threads.map(|t| t.max(1));
        })
    }

    /// The limits searches are clamped to.
    pub fn limits(&self) -> EngineLimits {
        guard_or("limits", unlimited(), || lock(&self.state).limits)
    }

    /// Describes the app for game records (version, platform, device RAM bucket). A record's
    /// version is a short name (letters, digits, `. - _ +`): others become `_`, so a version
    /// such as "1.2 (45)" cannot make every record invalid.
    pub fn set_client(&self, app_version: String, platform: ClientPlatform, total_ram_bytes: u64) {
        guard_or("set_client", (), || {
            let mut s = lock(&self.state);
            let version: String = app_version
                .trim()
                .chars()
                .take(ply_core::record::limits::MAX_SHORT_STRING)
                .map(|c| {
                    if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+') {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            s.client = ClientInfo {
                app_version: if version.is_empty() {
                    "unknown".into()
                } else {
                    version
                },
                platform: platform.into(),
                ram_bucket: if total_ram_bytes == 0 {
                    RamBucket::Unknown
                } else {
                    RamBucket::from_total_bytes(total_ram_bytes)
                },
            };
        })
    }

    /// Changes who plays `side` (e.g. the user hands a side to the computer mid-game).
    pub fn set_player(&self, side: Side, player: PlayerKind) {
        self.set_seat(u32::from(side.index()), player);
    }

    /// Changes who plays seat `seat` (turn order, 0-based); a seat the game lacks is ignored,
    /// and so is a computer for the seat that resigned (only a person resigns, and the record
    /// says who sat there).
    pub fn set_seat(&self, seat: u32, player: PlayerKind) {
        guard_or("set_seat", (), || {
            let mut s = lock(&self.state);
            let resigned = s.resigned_by.is_some_and(|r| u32::from(r) == seat);
            if resigned && matches!(player, PlayerKind::Computer { .. }) {
                return;
            }
            if let Some(p) = s.players.get_mut(seat as usize) {
                *p = player;
            }
            s.changed();
        });
        self.cancel_running();
    }

    /// Everything to draw the game now.
    pub fn snapshot(&self) -> Result<Snapshot, AppError> {
        guard("snapshot", || Ok(lock(&self.state).snapshot()))
    }

    /// Plays a human move given in the game's notation (`f5`, `pass`, `4`, `11-15`, `22x15`).
    pub fn play(&self, move_text: String) -> Result<MoveInfo, AppError> {
        guard("play", || {
            let mut s = lock(&self.state);
            check_human_turn(&s)?;
            let info = s.game.play_text(&move_text)?;
            s.changed();
            Ok(info)
        })
    }

    /// The index in the snapshot's `legal_moves` of the move `text` names in the game's
    /// notation (every form the game reads, e.g. a draughts jump with or without its landing
    /// squares), or why it names none, in the parser's words.
    pub fn find_move(&self, text: &str) -> Result<u32, crate::line::TextError> {
        lock(&self.state).game.find_text(text)
    }

    /// The cells of the line that won the game (Connect Four's four in a row), to highlight.
    pub fn winning_cells(&self) -> Vec<u32> {
        lock(&self.state).game.winning_cells()
    }

    /// Plays the human move at `legal_move_index` of the snapshot's `legal_moves`.
    pub fn play_index(&self, legal_move_index: u32) -> Result<MoveInfo, AppError> {
        guard("play_index", || {
            let mut s = lock(&self.state);
            check_human_turn(&s)?;
            let info = s.game.play_index(legal_move_index, None)?;
            s.changed();
            Ok(info)
        })
    }

    /// Plays the human move at `legal_move_index` (as `play_index`) and returns the snapshot
    /// after it: what a game screen does on every tap, in one call across the FFI boundary
    /// instead of two (each crossing costs microseconds of marshalling on the JVM).
    pub fn play_index_and_snapshot(&self, legal_move_index: u32) -> Result<Snapshot, AppError> {
        guard("play_index_and_snapshot", || {
            let mut s = lock(&self.state);
            check_human_turn(&s)?;
            s.game.play_index_silent(legal_move_index, None)?;
            s.changed();
            Ok(s.snapshot())
        })
    }

    /// Takes back moves until a human is to move (see the module docs); false if nothing to undo.
    /// Cancels a running computer move. Undoing a resignation only lifts the resignation.
    pub fn undo(&self) -> Result<bool, AppError> {
        self.cancel_running();
        guard("undo", || {
            let mut s = lock(&self.state);
            if s.resigned_by.take().is_some() {
                s.changed();
                return Ok(true);
            }
            if !s.game.undo() {
                return Ok(false);
            }
            while s.any_human() && s.computer_to_move() && s.game.undo() {}
            s.changed();
            Ok(true)
        })
    }

    /// Replays undone moves until a human is to move; false if nothing to redo.
    pub fn redo(&self) -> Result<bool, AppError> {
        self.cancel_running();
        guard("redo", || {
            let mut s = lock(&self.state);
            if s.resigned_by.is_some() || !s.game.redo() {
                return Ok(false);
            }
            while s.any_human()
                && s.computer_to_move()
                && s.game.outcome().is_none()
                && s.game.redo()
            {}
            s.changed();
            Ok(true)
        })
    }

    /// The computer plays the side to move: blocks the calling (background) thread while it
    /// searches, then plays and returns the move. `limits` overrides the depth/time of the
    /// player's settings; everything stays clamped to `set_limits`. Errors: `NotYourTurn` if a
    /// human has the move, `GameOver`, `Busy` if another search runs, `Cancelled` if `cancel()`,
    /// undo/redo or another change happened meanwhile (nothing is played then).
    pub fn computer_move(&self, limits: Option<SearchLimits>) -> Result<ComputerMove, AppError> {
        guard("computer_move", || {
            self.think(true, limits, None, std::time::Duration::ZERO)
        })
    }

    /// The move the engine suggests for the side to move (not played), with its statistics.
    /// Without `limits`, in the two-player games, the move the after-game review calls best
    /// (its book, solver and search: the review never faults it; `engine::reviews_best`); with
    /// `limits`, and in the multi-player games, the level's search within them.
    pub fn hint(&self, limits: Option<SearchLimits>) -> Result<ComputerMove, AppError> {
        guard("hint", || {
            self.think(false, limits, None, std::time::Duration::ZERO)
        })
    }

    /// Stops a running `computer_move` or `hint` (it returns `Cancelled` within milliseconds).
    /// Callable from any thread; does nothing when no search runs.
    pub fn cancel(&self) {
        guard_or("cancel", (), || self.cancel_running())
    }

    /// True while a computer move or hint is being searched.
    pub fn is_thinking(&self) -> bool {
        guard_or("is_thinking", false, || lock(&self.thinking).is_some())
    }

    /// A new search was asked for: until it starts, `thinking_nodes()` says 0, not the last
    /// search's count.
    pub fn forget_last_nodes(&self) {
        self.last_nodes.store(0, Ordering::Relaxed);
    }

    /// Nodes searched so far by the running search (for a "thinking…" indicator), or by the last
    /// one when none runs.
    pub fn thinking_nodes(&self) -> u64 {
        guard_or("thinking_nodes", 0, || {
            match lock(&self.thinking).as_ref() {
                Some(t) => t.nodes(),
                None => self.last_nodes.load(Ordering::Relaxed),
            }
        })
    }

    /// `player` gives up; the other side wins. `GameOver` if the game has already ended,
    /// `NotYourTurn` for the computer's seat (a computer never resigns).
    pub fn resign(&self, player: Side) -> Result<(), AppError> {
        self.cancel_running();
        guard("resign", || {
            let mut s = lock(&self.state);
            if s.is_over() {
                return Err(AppError::GameOver);
            }
            if s.players.len() != 2 {
                return Err(SettingsError::ResignMultiPlayer.into());
            }
            // The collector refuses a record in which a computer resigns (a forged loss).
            if matches!(
                s.players.get(usize::from(player.index())),
                Some(PlayerKind::Computer { .. })
            ) {
                return Err(AppError::NotYourTurn(Turn::ComputerResigns));
            }
            s.resigned_by = Some(player.index());
            s.changed();
            Ok(())
        })
    }

    /// The finished game as a record v1 JSON document (validated by replaying every move).
    /// `BadRecord` while the game is still being played.
    pub fn record_json(&self) -> Result<String, AppError> {
        guard("record_json", || {
            let record = self.build_record()?;
            serde_json::to_string(&record).map_err(|e| AppError::internal(e.to_string()))
        })
    }

    /// The game in its standard notation: Othello transcript (`f5d6c3...`), Connect Four
    /// column digits, draughts PDN (with tags once the game is finished; movetext before).
    /// The review of the moves played so far, to run on a worker (the session stays free),
    /// its tables within the session's limits.
    pub fn review_task(&self) -> ReviewTask {
        let s = lock(&self.state);
        s.game.review_task(s.limits.tt_bytes)
    }

    /// Move `ply` (1-based) on its board beside `best`, for stepping through a review.
    pub fn review_step(&self, ply: usize, best: &str) -> Option<ReviewStepCells> {
        lock(&self.state).game.review_step(ply, best)
    }

    pub fn notation(&self) -> Result<String, AppError> {
        guard("notation", || {
            let s = lock(&self.state);
            if s.is_over() {
                drop(s);
                let record = self.build_record()?;
                return Ok(ply_core::record::standard_notation(&record));
            }
            Ok(s.game.transcript())
        })
    }

    /// The game being played.
    pub fn game(&self) -> GameKind {
        guard_or("game", GameKind::Othello, || kind_of(&lock(&self.state)))
    }
}

impl Session {
    /// The record of the finished game (for the outbox and `record_json`).
    pub fn build_record(&self) -> Result<ply_core::record::GameRecord, AppError> {
        let s = lock(&self.state);
        let info = |p: &PlayerKind| match p {
            PlayerKind::Human => PlayerInfo::human(),
            PlayerKind::Computer { settings } => PlayerInfo::computer(record_engine(settings)),
        };
        let meta = RecordMeta {
            id: Some(s.record_id.clone()),
            players: s.players.iter().map(info).collect(),
            started_at_ms: s.started_at_ms,
            ended_at_ms: s.ended_at_ms.unwrap_or_else(now_ms).max(s.started_at_ms),
            client: s.client.clone(),
        };
        s.game.record(s.resigned_by, meta)
    }
}

fn check_human_turn(s: &State) -> Result<(), AppError> {
    if s.is_over() {
        return Err(AppError::GameOver);
    }
    if s.computer_to_move() {
        return Err(AppError::NotYourTurn(Turn::ComputerToMove));
    }
    Ok(())
}

fn kind_of(state: &State) -> GameKind {
    state.game.kind()
}
