//! The home screen's start position field: its text as typed (kept here with each edit the
//! shells send, so they hold no copy), and the position it names once applied, parsed by the
//! game and refused with the reason.

use super::resize_seats;
use crate::app::{App, Effect};
use crate::session::Session;
use crate::tr;

impl App {
    /// Applies `text` as the next game's start position (`None` or blank: the standard start);
    /// true when it was taken. A refused text keeps the choice before it and shows why.
    pub(in crate::app) fn choose_start_position(
        &mut self,
        text: Option<String>,
        fx: &mut Vec<Effect>,
    ) -> bool {
        let text = text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        let game = self.setup.game;
        // A multi-player position says how many it seats: the seats follow it.
        let checked = match &text {
            Some(t) => {
                Session::position_players(game, t).map(|n| game.is_multi_player().then_some(n))
            }
            None => Ok(None),
        };
        match checked {
            Ok(players) => {
                self.home.position_error = None;
                self.home.position_draft = None;
                self.set_setup(fx, |s| {
                    s.start_position = text;
                    if let Some(n) = players {
                        s.seats = s.seats_for(game);
                        resize_seats(s, n as usize);
                    }
                });
                true
            }
            Err(e) => {
                let why = e.message(self.lang);
                self.home.position_error = text.map(|t| (t, why));
                false
            }
        }
    }

    /// Before a game starts: a text typed and not applied is the position the person means.
    /// False when it is refused: the game does not start, and the home view and an
    /// announcement say why.
    pub(in crate::app) fn apply_position_draft(&mut self, fx: &mut Vec<Effect>) -> bool {
        let Some(text) = self.home.position_draft.clone() else {
            return true;
        };
        let taken = self.choose_start_position(Some(text), fx);
        if let Some(why) = self.position_error_text().filter(|_| !taken) {
            fx.push(Effect::Announce(why));
        }
        taken
    }

    /// The start position text last refused, with the reason, in the person's language.
    pub(in crate::app) fn position_error_text(&self) -> Option<String> {
        self.home
            .position_error
            .as_ref()
            .map(|(text, why)| tr!(self.lang, "home-position-error", position = text, why = why))
    }

    /// The start position field's text: as typed, else the chosen position, else empty.
    pub(in crate::app) fn start_position_text(&self) -> String {
        self.home
            .position_draft
            .clone()
            .or_else(|| self.setup.start_position.clone())
            .unwrap_or_default()
    }
}
