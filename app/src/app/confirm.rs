//! Questions before what cannot be taken back: replacing a game still being played, resigning.
//! The core decides when to ask and keeps the question in its state (and in the saved UI state,
//! so a question survives process death); the shells draw it from the view model and send the
//! answer.

use super::view::ConfirmView;
use super::{App, ConfirmationEvent, Effect, Game};
use crate::tr;
use serde::{Deserialize, Serialize};

/// An action waiting for the person's yes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Confirmable {
    /// A new game in place of the one in progress.
    NewGame,
    Resign,
}

impl Game {
    /// Replacing this game loses something: it is still being played and has moves (a finished
    /// game is in the history, and a game without a move is only its setup).
    fn loses_on_replace(&self) -> bool {
        !self.finished() && self.snapshot.move_number > 0
    }
}

impl App {
    pub(super) fn ask_new_game(&mut self, fx: &mut Vec<Effect>) {
        // A typed start position that is no position is refused before anything is asked:
        // agreeing to replace the game would only lead to that refusal.
        if !self.apply_position_draft(fx) {
            return;
        }
        if self.game.as_ref().is_some_and(Game::loses_on_replace) {
            self.ask(Confirmable::NewGame, fx);
        } else {
            self.cancel_confirmation(fx);
            self.new_game(fx);
        }
    }

    pub(super) fn ask_resign(&mut self, fx: &mut Vec<Effect>) {
        if self.game.as_ref().is_some_and(Game::resignable) {
            self.ask(Confirmable::Resign, fx);
        }
    }

    fn ask(&mut self, what: Confirmable, fx: &mut Vec<Effect>) {
        if self.confirm != Some(what) {
            self.confirm = Some(what);
            fx.push(Effect::SaveUiState(self.ui_blob()));
        }
    }

    pub(super) fn confirmation_event(&mut self, e: ConfirmationEvent, fx: &mut Vec<Effect>) {
        match e {
            ConfirmationEvent::Accept => self.accept_confirmation(fx),
            ConfirmationEvent::Cancel => self.cancel_confirmation(fx),
        }
    }

    fn accept_confirmation(&mut self, fx: &mut Vec<Effect>) {
        let Some(what) = self.confirm.take() else {
            return;
        };
        fx.push(Effect::SaveUiState(self.ui_blob()));
        match what {
            Confirmable::NewGame => self.new_game(fx),
            Confirmable::Resign => self.resign(fx),
        }
    }

    pub(super) fn cancel_confirmation(&mut self, fx: &mut Vec<Effect>) {
        if self.confirm.take().is_some() {
            fx.push(Effect::SaveUiState(self.ui_blob()));
        }
    }

    /// After every message: a question whose action no longer applies is put away (the
    /// computer's move ended the game while "Resign?" was up, or the game to replace is gone).
    /// A finished game may still be replaced: the person asked for a new game.
    pub(super) fn settle_confirmation(&mut self, fx: &mut Vec<Effect>) {
        let applies = match self.confirm {
            None => return,
            Some(Confirmable::NewGame) => self.game.is_some(),
            Some(Confirmable::Resign) => self.game.as_ref().is_some_and(Game::resignable),
        };
        if !applies {
            self.cancel_confirmation(fx);
        }
    }

    /// The question up, in the app's language of the moment.
    pub(super) fn confirmation_view(&self) -> Option<ConfirmView> {
        let lang = self.lang;
        let (question, detail, confirm) = match self.confirm? {
            Confirmable::NewGame => (
                tr!(lang, "confirm-new-game"),
                tr!(lang, "confirm-new-game-detail"),
                tr!(lang, "confirm-new-game-accept"),
            ),
            Confirmable::Resign => {
                // A game resigned before its first move is no game: the history skips it.
                let kept = self
                    .game
                    .as_ref()
                    .is_some_and(|g| g.snapshot.move_number > 0);
                let detail = if kept {
                    tr!(lang, "confirm-resign-detail")
                } else {
                    tr!(lang, "confirm-resign-detail-unkept")
                };
                (
                    tr!(lang, "confirm-resign"),
                    detail,
                    tr!(lang, "confirm-resign-accept"),
                )
            }
        };
        Some(ConfirmView {
            question,
            detail,
            confirm,
            cancel: tr!(lang, "confirm-cancel"),
        })
    }
}
