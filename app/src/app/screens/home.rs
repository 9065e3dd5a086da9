//! The home screen: the choices of the next game ([`HomeEvent`]), the start position field's
//! text ([`HomeState`]), and starting the game.

pub mod model;
mod start_position;
pub mod view;

use crate::app::setup::{self, AlgorithmChoice, OrderingChoice, PlayMode, Setup};
use crate::app::{App, Effect, Event, HomeView};
use crate::rules_variant::RulesVariant;
use crate::settings::GameKind;
use crate::snapshot::Side;

/// The home screen: the choices of the next game, and starting it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum HomeEvent {
    ChooseGame(GameKind),
    /// The rules the game is played under (one of the home view's `variants`; draughts:
    /// standard, or relaxed with optional captures).
    ChooseRules(RulesVariant),
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
    /// Start the next game from this position in the game's notation (the same text `ply show`
    /// and the records use), or from the standard start with `None` or a blank text. A text that
    /// does not parse is refused with the reason in the home view, and the choice is kept.
    ChooseStartPosition(Option<String>),
    /// The start position field's text as typed, with every edit (the home view's
    /// `start_position_text`); applied by `ChooseStartPosition` or `NewGame`.
    EditStartPosition(String),
    /// Starts a game from the home screen's choices and shows the board; while a game with
    /// moves is still being played, the view model asks first (`confirmation`).
    NewGame,
}

impl From<HomeEvent> for Event {
    fn from(e: HomeEvent) -> Self {
        Event::Home(e)
    }
}

/// What only the home screen keeps: the start position field.
#[derive(Debug, Default)]
pub(in crate::app) struct HomeState {
    /// The start position text last refused, with the reason.
    pub(in crate::app) position_error: Option<(String, String)>,
    /// The start position field's text as typed and not yet applied.
    pub(in crate::app) position_draft: Option<String>,
}

impl App {
    pub(in crate::app) fn home_event(&mut self, e: HomeEvent, fx: &mut Vec<Effect>) {
        match e {
            HomeEvent::ChooseGame(g) => {
                if self.setup.game != g {
                    // Presets and positions belong to one game.
                    self.home.position_error = None;
                    self.home.position_draft = None;
                    self.set_setup(fx, |s| {
                        s.game = g;
                        s.rules = RulesVariant::Standard;
                        s.heuristic = None;
                        s.start_position = None;
                    })
                }
            }
            HomeEvent::ChooseRules(r) => {
                if r.applies_to(self.setup.game) {
                    self.set_setup(fx, |s| s.rules = r)
                }
            }
            HomeEvent::ChooseStartPosition(text) => {
                self.choose_start_position(text, fx);
            }
            HomeEvent::EditStartPosition(text) => self.home.position_draft = Some(text),
            HomeEvent::ChooseMode(m) => self.set_setup(fx, |s| s.mode = m),
            HomeEvent::ChooseSide(side) => self.set_setup(fx, |s| s.human_side = side),
            HomeEvent::ChoosePlayers(n) => {
                let game = self.setup.game;
                let valid = game.player_counts().iter().any(|&c| u32::from(c) == n);
                if game.is_multi_player() && valid {
                    self.home.position_error = None;
                    self.home.position_draft = None;
                    self.set_setup(fx, |s| {
                        s.seats = s.seats_for(game);
                        resize_seats(s, n as usize);
                        // A start position seats a fixed number of players.
                        s.start_position = None;
                    })
                }
            }
            HomeEvent::ChooseSeat { seat, human } => {
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
            HomeEvent::ChooseSeatLevel { seat, level } => {
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
            HomeEvent::ChooseLevel(level) => {
                let level = level.clamp(*setup::LEVELS.start(), *setup::LEVELS.end());
                self.set_setup(fx, |s| s.level = level)
            }
            HomeEvent::ChooseAlgorithm(a) => self.set_setup(fx, |s| s.algorithm = a),
            HomeEvent::ChooseOrdering(o) => self.set_setup(fx, |s| s.ordering = o),
            HomeEvent::ChooseHeuristic(h) => {
                let known = h
                    .as_ref()
                    .is_none_or(|name| crate::heuristic_presets(self.setup.game).contains(name));
                if known {
                    self.set_setup(fx, |s| s.heuristic = h)
                }
            }
            HomeEvent::NewGame => self.ask_new_game(fx),
        }
    }

    pub fn home_view(&self) -> HomeView {
        view::home(self)
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
