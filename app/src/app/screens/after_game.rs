//! The after-game screen: the result, the computer's effort, and the review of the game
//! ([`AfterGameEvent`]).

pub mod model;
pub mod view;

use crate::app::{AfterGameView, App, Effect, Event};

/// The after-game screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum AfterGameEvent {
    /// Review the finished game (after-game's `can_review`): runs in the background.
    ReviewGame,
}

impl From<AfterGameEvent> for Event {
    fn from(e: AfterGameEvent) -> Self {
        Event::AfterGame(e)
    }
}

impl App {
    pub(in crate::app) fn after_game_event(&mut self, e: AfterGameEvent, fx: &mut Vec<Effect>) {
        match e {
            AfterGameEvent::ReviewGame => self.start_review(fx),
        }
    }

    pub fn after_game_view(&self) -> Option<AfterGameView> {
        self.game.as_ref().map(|g| view::after_game(self.lang, g))
    }
}
