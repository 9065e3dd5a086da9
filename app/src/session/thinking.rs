//! The session's searches: the computer's move, hints and pondering, each on a copy of the
//! position with its own stop token, applied only if the game has not changed meanwhile.

use super::*;
use ply_core::search::SearchConfig;
use std::time::{Duration, Instant};

impl Session {
    pub(super) fn cancel_running(&self) {
        let thinking = lock(&self.thinking);
        self.cancels.fetch_add(1, Ordering::Relaxed);
        if let Some(t) = thinking.as_ref() {
            t.stop();
        }
    }

    /// The number of `cancel()` calls so far. A search asked for with [`Session::computer_move_at`]
    /// or [`Session::hint_at`] and this count does not start if `cancel()` was called in between,
    /// so a search queued for a worker thread cannot outlive a cancel that came before it began.
    pub fn cancel_epoch(&self) -> u64 {
        let _thinking = lock(&self.thinking);
        self.cancels.load(Ordering::Relaxed)
    }

    /// `computer_move`, unless `cancel()` was called since [`Session::cancel_epoch`] returned
    /// `epoch` (then `Cancelled` without searching).
    pub fn computer_move_at(
        &self,
        epoch: u64,
        limits: Option<SearchLimits>,
    ) -> Result<ComputerMove, AppError> {
        guard("computer_move", || {
            self.think(true, limits, Some(epoch), Duration::ZERO)
        })
    }

    /// `computer_move_at` with the level's own limits, the move played no sooner than `pace`
    /// after the search began: a search that answers sooner waits out the rest, stopped by
    /// `cancel()` as the search is (then `Cancelled`, and nothing is played). A game of computers
    /// alone is paced so that a person can follow it ([`crate::app::WatchPace`]).
    pub fn computer_move_paced(
        &self,
        epoch: u64,
        pace: Duration,
    ) -> Result<ComputerMove, AppError> {
        guard("computer_move", || {
            self.think(true, None, Some(epoch), pace)
        })
    }

    /// `hint`, unless `cancel()` was called since `epoch` (see [`Session::computer_move_at`]).
    pub fn hint_at(
        &self,
        epoch: u64,
        limits: Option<SearchLimits>,
    ) -> Result<ComputerMove, AppError> {
        guard("hint", || {
            self.think(false, limits, Some(epoch), Duration::ZERO)
        })
    }

    /// The settings of the computer that plays `side`, if a computer plays it.
    pub(super) fn computer_settings(state: &State, side: u8) -> Option<EngineSettings> {
        match state.players.get(usize::from(side)) {
            Some(PlayerKind::Computer { settings }) => Some(settings.clone()),
            _ => None,
        }
    }

    /// The search of a computer move or hint with `settings`: the level's (`move_config`), on
    /// the threads `set_search_threads` gave if it did.
    fn move_search(
        state: &State,
        settings: &EngineSettings,
        over: Option<SearchLimits>,
    ) -> SearchConfig {
        let mut config = move_config(settings, over, &state.limits, kind_of(state), state.cores);
        if let Some(threads) = state.threads {
            config.threads = threads;
        }
        config
    }

    /// The threads the computer's next move really searches on (the first computer's): one in
    /// the multi-player games and wherever the search shares no table (`search_threads`),
    /// `None` when no computer plays.
    pub fn computer_threads(&self) -> Option<u32> {
        guard_or("computer_threads", None, || {
            let state = lock(&self.state);
            let settings = state.players.iter().find_map(|p| match p {
                PlayerKind::Computer { settings } => Some(settings.clone()),
                PlayerKind::Human => None,
            })?;
            if kind_of(&state).is_multi_player() {
                return Some(1);
            }
            Some(Self::move_search(&state, &settings, None).search_threads())
        })
    }

    /// Runs `prepared` as the session's one search (cancellable, counted by `thinking_nodes`),
    /// and returns no sooner than `pace` after it began unless it is stopped.
    pub(super) fn run_search(
        &self,
        prepared: PreparedSearch,
        epoch: Option<u64>,
        pace: Duration,
    ) -> Result<Found, AppError> {
        let began = Instant::now();
        let token = StopToken::new();
        {
            let mut thinking = lock(&self.thinking);
            if epoch.is_some_and(|e| e != self.cancels.load(Ordering::Relaxed)) {
                return Err(AppError::Cancelled);
            }
            if thinking.is_some() {
                return Err(AppError::Busy);
            }
            *thinking = Some(token.clone());
        }
        let found: Result<Found, AppError> = guard("search", || Ok(prepared(&token)));
        // Still the session's search while it waits, so `cancel()` stops the wait too.
        if found.is_ok() {
            hold_until(&token, began + pace);
        }
        // A cancelled search's count would overwrite the 0 a newer request left
        // (`forget_last_nodes`).
        if !token.is_stopped() {
            self.last_nodes.store(token.nodes(), Ordering::Relaxed);
        }
        *lock(&self.thinking) = None;
        let found = found?;
        if token.is_stopped() {
            return Err(AppError::Cancelled);
        }
        Ok(found)
    }

    /// Runs a search for the side to move with `settings` (or the computer's own) and, when
    /// `play` is set, plays the move found. A computer move whose position was pondered to the
    /// end is answered from the ponder search at once (a ponder hit).
    pub(super) fn think(
        &self,
        play: bool,
        over: Option<SearchLimits>,
        epoch: Option<u64>,
        pace: Duration,
    ) -> Result<ComputerMove, AppError> {
        let (prepared, generation, algorithm) = {
            let mut state = lock(&self.state);
            if state.is_over() {
                return Err(AppError::GameOver);
            }
            let side = state.game.side_to_move();
            let settings = match Self::computer_settings(&state, side) {
                Some(settings) => settings,
                None if play => {
                    return Err(AppError::NotYourTurn(Turn::HumanToMove));
                }
                // A hint for a human: the opponent computer's settings (with more players the
                // first computer's), else the hint settings, else the default level.
                None => Self::computer_settings(&state, 1 - side.min(1))
                    .or_else(|| {
                        state.players.iter().find_map(|p| match p {
                            PlayerKind::Computer { settings } => Some(settings.clone()),
                            PlayerKind::Human => None,
                        })
                    })
                    .or_else(|| state.hint_settings.clone())
                    .unwrap_or_else(|| default_engine_settings(kind_of(&state))),
            };
            if play
                && over.is_none()
                && let Some((key, found)) = state.pondered.take()
                && key == state.game.position_key()
                && found.info.completed
                && found.index.is_some()
            {
                log::debug!("ponder hit");
                return Self::apply(&mut state, found, true);
            }
            let config = Self::move_search(&state, &settings, over);
            let table_bytes = state.limits.tt_bytes;
            // A hint without limits of its own is the review's best move (two-player games);
            // one with a depth or time asked for is the search asked for.
            let prepared = if play || over.is_some() {
                state
                    .game
                    .prepare(config, &settings.heuristic, settings.algorithm, None)?
                    .0
            } else {
                state.game.prepare_hint(
                    config,
                    &settings.heuristic,
                    settings.algorithm,
                    table_bytes,
                )?
            };
            (prepared, state.generation, settings.algorithm)
        };
        log::debug!("search started ({algorithm:?})");
        let found = self.run_search(prepared, epoch, pace)?;
        let mut state = lock(&self.state);
        if state.generation != generation {
            return Err(AppError::Cancelled);
        }
        Self::apply(&mut state, found, play)
    }

    /// Plays (or, for a hint, describes) the move a search found.
    pub(super) fn apply(
        state: &mut State,
        found: Found,
        play: bool,
    ) -> Result<ComputerMove, AppError> {
        let index = found
            .index
            .ok_or_else(|| AppError::internal("the search found no move"))?;
        let played = if play {
            let stats = MoveStats {
                nodes: found.info.nodes,
                depth: found.info.depth,
                time_ms: found.info.time_ms.max(0.0).round() as u64,
                score: found.info.score,
            };
            let info = state.game.play_index(index, Some(stats))?;
            state.changed();
            let replies = found
                .info
                .pv
                .get(1..)
                .map(<[String]>::to_vec)
                .unwrap_or_default();
            state.expected = Some((state.game.position_key(), replies));
            info
        } else {
            describe_legal(&*state.game, index)?
        };
        Ok(ComputerMove {
            played,
            stats: found.info,
        })
    }

    /// Whether `position` (the game's position notation) is one a game can start from: it parses
    /// and the game is not over there.
    pub fn check_position(game: GameKind, position: &str) -> Result<(), AppError> {
        Self::position_players(game, position).map(drop)
    }

    /// How many players a game from `position` seats (2 for the two-player games; a
    /// multi-player game's position says), if a game can start there (as `check_position`).
    pub fn position_players(game: GameKind, position: &str) -> Result<u32, AppError> {
        guard("position_players", || {
            let n = if game.is_multi_player() {
                crate::multi::position_players(game, position)?
            } else {
                2
            };
            new_game(game, RulesVariant::Standard, n, Some(position)).map(|_| n as u32)
        })
    }

    /// The engine settings of hints when no computer plays (`None`: the default level).
    pub fn set_hint_settings(&self, settings: Option<EngineSettings>) {
        guard_or("set_hint_settings", (), || {
            lock(&self.state).hint_settings = settings;
        })
    }

    /// Keeps the engine's table between this session's searches, as pondering needs (off by
    /// default: a fresh table makes every computer move reproducible from its position).
    pub fn set_pondering(&self, on: bool) {
        guard_or("set_pondering", (), || {
            let mut s = lock(&self.state);
            s.game.set_keep_table(on);
            if !on {
                s.pondered = None;
            }
        })
    }

    /// Thinks on the person's time: searches the position after the reply the computer's last
    /// move expects, as the computer will search it, keeping what it finds (in the kept table,
    /// and the result itself for a ponder hit). Returns the expected reply, or `None` when there
    /// is nothing to ponder (no expectation for this position, or no computer to answer).
    /// Stopped by `cancel()` like any search; `epoch` as for `computer_move_at`.
    pub fn ponder_at(&self, epoch: u64) -> Result<Option<String>, AppError> {
        guard("ponder", || {
            let (prepared, generation, expected) = {
                let mut state = lock(&self.state);
                if state.is_over() || state.computer_to_move() {
                    return Ok(None);
                }
                let key = state.game.position_key();
                let expected = match &state.expected {
                    Some((k, replies)) if *k == key => replies.first().cloned(),
                    _ => None,
                };
                let Some(expected) = expected else {
                    return Ok(None);
                };
                let computer = 1 - state.game.side_to_move().min(1);
                let Some(settings) = Self::computer_settings(&state, computer) else {
                    return Ok(None);
                };
                let config = search_config(&settings, None, &state.limits, kind_of(&state));
                let (prepared, key) = state.game.prepare(
                    config,
                    &settings.heuristic,
                    settings.algorithm,
                    Some(&expected),
                )?;
                ((prepared, key), state.generation, expected)
            };
            let (prepared, key) = prepared;
            let found = self.run_search(prepared, Some(epoch), Duration::ZERO)?;
            let mut state = lock(&self.state);
            if state.generation == generation {
                state.pondered = Some((key, found));
            }
            Ok(Some(expected))
        })
    }
}

/// How often a held move looks at its stop token: a pause or an undo waits at most this long.
const HOLD_POLL: Duration = Duration::from_millis(10);

/// Sleeps until `until` or until `token` is stopped, whichever comes first.
fn hold_until(token: &StopToken, until: Instant) {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || token.is_stopped() {
            return;
        }
        std::thread::sleep(left.min(HOLD_POLL));
    }
}

fn describe_legal(game: &dyn AnyGame, index: u32) -> Result<MoveInfo, AppError> {
    let snap = game.snapshot(GameStatus::Playing, false, false);
    snap.legal_moves
        .into_iter()
        .find(|m| m.index == index)
        .ok_or_else(|| AppError::internal("the hinted move is not in the legal list"))
}
