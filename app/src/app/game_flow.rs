//! Starting, restoring and saving the game in progress: the session a setup makes and the
//! files a game is kept in.

use super::*;

impl App {
    /// Every computer move and hint searches on `threads` threads from now on, in this game and
    /// the next, instead of each level's share of the device's cores (`None`: the level's
    /// again). Not an event: a terminal's option (`ply play --threads`), not a phone's.
    pub fn set_search_threads(&mut self, threads: Option<u32>) {
        self.search_threads = threads;
        if let Some(g) = &self.game {
            g.session.set_search_threads(threads);
        }
    }

    /// The threads the computer's next move in the game on the board searches with; `None`
    /// without a game or a computer in it.
    pub fn computer_threads(&self) -> Option<u32> {
        self.game.as_ref()?.session.computer_threads()
    }

    pub(super) fn session_for(&self, setup: &Setup) -> Result<Session, AppError> {
        let custom = self.prefs.custom_weights(setup.game);
        let seats = setup.seat_players(custom)?;
        let session =
            Session::with_rules(setup.game, setup.rules, seats, setup.start_position.clone())?;
        session.set_hint_settings(Some(setup.engine_settings(custom)?));
        session.set_limits(self.limits);
        session.set_device_cores(self.config.cpu_cores);
        session.set_search_threads(self.search_threads);
        session.set_pondering(self.ponders(setup));
        session.set_client(
            self.config.app_version.clone(),
            self.config.platform,
            self.config.total_ram_bytes,
        );
        Ok(session)
    }

    /// Pondering is for games against the computer, at the levels the setting names.
    pub(super) fn ponders(&self, setup: &Setup) -> bool {
        !setup.game.is_multi_player()
            && setup.mode == PlayMode::VsComputer
            && self.prefs.ponder.enabled_at(setup.level)
    }

    pub(super) fn new_game(&mut self, fx: &mut Vec<Effect>) {
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
                    error = e.message(self.lang)
                )));
            }
        }
    }

    pub(super) fn restore_game(&self, saved: &SavedGame) -> Result<Game, AppError> {
        // Replayed between two people (a session refuses a person's move on a computer's turn),
        // then the computer takes its seats.
        let players = saved
            .setup
            .seat_players(self.prefs.custom_weights(saved.setup.game))?;
        let session = Session::with_rules(
            saved.setup.game,
            saved.setup.rules,
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
        session.set_search_threads(self.search_threads);
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

    pub(super) fn save_game(&mut self) {
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
}
