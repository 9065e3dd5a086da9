//! The reviews: the finished game's, after the game (`AfterGameEvent::ReviewGame`), and any past
//! game's from the history (`HistoryEvent::ReviewPastGame`), rebuilt from the moves the history
//! keeps. Both run the same background review (`ply_core::review`) on the think worker. One past
//! review at a time is kept beside the game in progress, which it never touches: the person may
//! review last week's game in the middle of today's. A review's own events ([`ReviewEvent`]) step
//! through it and put it away, on whichever screen shows it.

pub mod model;
pub mod view;

use crate::app::screens::board::view as board_view;
use crate::app::screens::history::view as history_view;
use crate::app::store::FinishedGame;
use crate::app::view::{PastReviewView, Screen};
use crate::app::{App, Command, Effect, Event, Game, Marks, animation};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::session::{PlayerKind, Session};
use crate::settings::GameKind;
use crate::snapshot::{EndReason, GameStatus};
use crate::tr;
use ply_core::review::Review;
use ply_core::search::StopToken;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

/// A review, on whichever screen shows it: the finished game's on after-game
/// ([`AfterGameEvent::ReviewGame`]), a past game's on history ([`HistoryEvent::ReviewPastGame`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ReviewEvent {
    /// Show move `ply` (1-based) of the review on its board.
    Step(u32),
    /// Stop and put away the review (on the history screen, the past game's: back to the list).
    Close,
}

impl From<ReviewEvent> for Event {
    fn from(e: ReviewEvent) -> Self {
        Event::Review(e)
    }
}

/// A review of a finished game: running on the think worker, then its result.
pub(in crate::app) struct ReviewState {
    pub(in crate::app) ticket: u64,
    pub(in crate::app) stop: StopToken,
    /// Moves judged so far (the worker counts, the view reads).
    pub(in crate::app) done: Arc<AtomicUsize>,
    /// Moves of the game when the review began: a changed game makes the review stale.
    pub(in crate::app) plies: u32,
    pub(in crate::app) result: Option<Result<Review, String>>,
    /// The move shown on its board, once the person picked one.
    pub(in crate::app) step: Option<u32>,
}

impl Drop for ReviewState {
    /// A review put away (closed, a new game, the game changed) stops its search.
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// A game of the history under review: the game rebuilt from its moves, with its review in
/// `game.review`.
pub(in crate::app) struct PastReview {
    pub(in crate::app) id: String,
    pub(in crate::app) game: Game,
}

/// Why a finished game cannot be reviewed, in the person's language; `None` when it can.
/// `has_moves`: its moves are known (the history keeps them since #30; older entries have none).
pub(in crate::app) fn refusal(lang: Lang, game: GameKind, has_moves: bool) -> Option<String> {
    if game.is_multi_player() {
        // `ply_core::review` judges a move by the mover's expected score against one opponent;
        // with three or more seats there is no such score to judge by.
        Some(tr!(lang, "review-refused-multi"))
    } else if !has_moves {
        Some(tr!(lang, "review-refused-no-moves"))
    } else {
        None
    }
}

/// The history entry's refusal, if any.
pub(in crate::app) fn entry_refusal(lang: Lang, entry: &FinishedGame) -> Option<String> {
    let has_moves = entry.move_list.as_ref().is_some_and(|m| !m.is_empty());
    refusal(lang, entry.setup.game, has_moves)
}

impl Game {
    /// A review of this game may start: it is over, has moves, and none runs or is ready
    /// (a failed one may be tried again).
    pub(in crate::app) fn reviewable(&self) -> bool {
        !self.setup.game.is_multi_player()
            && self.finished()
            && self.snapshot.move_number > 0
            && self.review.as_ref().is_none_or(|r| {
                matches!(r.result, Some(Err(_))) || r.plies != self.snapshot.move_number
            })
    }

    /// Starts the review of this game as ticket `ticket`: the command that runs it.
    fn begin_review(&mut self, ticket: u64) -> Command {
        let stop = StopToken::new();
        let done = Arc::new(AtomicUsize::new(0));
        self.review = Some(ReviewState {
            ticket,
            stop: stop.clone(),
            done: Arc::clone(&done),
            plies: self.snapshot.move_number,
            result: None,
            step: None,
        });
        Command::Review {
            ticket,
            task: self.session.review_task(),
            stop,
            done,
        }
    }
}

impl App {
    /// A step or a close: on the history screen the past review's, elsewhere the game's.
    pub(in crate::app) fn review_event(&mut self, e: ReviewEvent) {
        let past = self.screen == Screen::History && self.history_screen.past_review.is_some();
        match e {
            ReviewEvent::Step(ply) => {
                let r = if past {
                    self.history_screen
                        .past_review
                        .as_mut()
                        .and_then(|p| p.game.review.as_mut())
                } else {
                    self.game.as_mut().and_then(|g| g.review.as_mut())
                };
                if let Some(r) = r
                    && (1..=r.plies).contains(&ply)
                {
                    r.step = Some(ply);
                }
            }
            ReviewEvent::Close if past => self.close_past_review(),
            ReviewEvent::Close => {
                if let Some(g) = self.game.as_mut() {
                    g.review = None;
                }
            }
        }
    }

    /// Starts reviewing the finished game, unless a review of it runs or is ready.
    pub(in crate::app) fn start_review(&mut self, fx: &mut Vec<Effect>) {
        let ticket = self.next_ticket + 1;
        let Some(g) = self.game.as_mut() else {
            return;
        };
        if !g.reviewable() {
            return;
        }
        self.next_ticket = ticket;
        self.commands.push(g.begin_review(ticket));
        fx.push(Effect::Announce(tr!(self.lang, "announce-reviewing")));
    }

    /// Reviews the history's game `id` on the history screen. A game that cannot be reviewed
    /// (an unknown id, a multi-player game, one kept without its moves) is refused with the
    /// reason in the history view; nothing else changes.
    pub(in crate::app) fn review_past_game(&mut self, id: &str, fx: &mut Vec<Effect>) {
        self.show(Screen::History, fx);
        let lang = self.lang;
        let Some(entry) = self.history.iter().find(|h| h.id == id).cloned() else {
            return self.refuse_past_review(tr!(lang, "history-review-unknown"), fx);
        };
        if let Some(reason) = entry_refusal(lang, &entry) {
            return self.refuse_past_review(reason, fx);
        }
        // The same game asked again: its review runs or is ready (a failed one is tried again).
        let same = self.history_screen.past_review.as_ref().is_some_and(|p| {
            p.id == id
                && p.game
                    .review
                    .as_ref()
                    .is_some_and(|r| !matches!(r.result, Some(Err(_))))
        });
        if same {
            self.history_screen.message = None;
            return;
        }
        let mut game = match self.past_game(&entry) {
            Ok(game) => game,
            Err(error) => {
                let text = tr!(lang, "history-review-replay-failed", error = error);
                return self.refuse_past_review(text, fx);
            }
        };
        let ticket = self.ticket();
        self.commands.push(game.begin_review(ticket));
        self.history_screen.past_review = Some(PastReview {
            id: id.to_string(),
            game,
        });
        self.history_screen.message = None;
        fx.push(Effect::Announce(tr!(lang, "announce-reviewing")));
    }

    fn refuse_past_review(&mut self, reason: String, fx: &mut Vec<Effect>) {
        fx.push(Effect::Announce(reason.clone()));
        // The review shown was another game's: the refusal replaces it.
        self.history_screen.past_review = None;
        self.history_screen.message = Some(reason);
    }

    /// The history's game rebuilt from its moves, between two people (no engine is needed to
    /// review it), ended as it ended.
    fn past_game(&self, entry: &FinishedGame) -> Result<Game, String> {
        let setup = entry.setup.clone();
        let moves = entry.move_list.as_deref().unwrap_or_default();
        let seats = if setup.game.is_multi_player() {
            setup.seats_for(setup.game).len()
        } else {
            2
        };
        let session = Session::with_rules(
            setup.game,
            setup.rules,
            vec![PlayerKind::Human; seats],
            setup.start_position.clone(),
        )
        .map_err(|e| e.to_string())?;
        for m in moves {
            session.play(m.clone()).map_err(|e| format!("{m}: {e}"))?;
        }
        if let Some(GameStatus::Won {
            winner,
            reason: EndReason::Resignation,
            ..
        }) = entry.end.map(|end| end.status)
        {
            session.resign(winner.other()).map_err(|e| e.to_string())?;
        }
        session.set_limits(self.limits);
        let snapshot = session.snapshot().map_err(|e: AppError| e.to_string())?;
        if matches!(snapshot.status, GameStatus::Playing) {
            return Err(format!("the game is not over after {} moves", moves.len()));
        }
        Ok(Game {
            setup,
            session: Arc::new(session),
            marks: Marks::default(),
            thinking: None,
            paused: true,
            stats: BTreeMap::new(),
            recorded: true,
            review: None,
            animated: animation::AnimationMark::start(None, snapshot.move_number),
            snapshot,
        })
    }

    /// Back from a past game's review: the history's list again.
    pub(in crate::app) fn close_past_review(&mut self) {
        self.history_screen.past_review = None;
        self.history_screen.message = None;
    }

    /// A review still running is put away (its search stops): the person's to ask again once
    /// the app is back. A finished one stays.
    pub(in crate::app) fn stop_review(&mut self) {
        if let Some(g) = self.game.as_mut()
            && g.review.as_ref().is_some_and(|r| r.result.is_none())
        {
            g.review = None;
        }
        self.stop_past_review();
    }

    /// A past game's review still running is put away (its search stops): leaving the history
    /// screen, so that it never holds up the game in progress's searches, which queue behind
    /// it on the one thinking thread. A finished one stays.
    pub(in crate::app) fn stop_past_review(&mut self) {
        if self
            .history_screen
            .past_review
            .as_ref()
            .and_then(|p| p.game.review.as_ref())
            .is_some_and(|r| r.result.is_none())
        {
            self.history_screen.past_review = None;
        }
    }

    pub(in crate::app) fn reviewed(
        &mut self,
        ticket: u64,
        result: Result<Review, AppError>,
        fx: &mut Vec<Effect>,
    ) {
        let past = self
            .history_screen
            .past_review
            .as_mut()
            .map(|p| &mut p.game);
        let Some(g) = self
            .game
            .as_mut()
            .into_iter()
            .chain(past)
            .find(|g| g.review.as_ref().is_some_and(|r| r.ticket == ticket))
        else {
            return;
        };
        let Some(r) = g.review.as_mut() else { return };
        r.result = Some(result.map_err(|e| e.message(self.lang)));
        if let Some(Some(Ok(review))) = g.review.as_ref().map(|r| &r.result) {
            fx.push(Effect::Announce(view::announcement(self.lang, g, review)));
        }
    }

    /// The past game under review, as the history screen shows it.
    pub(in crate::app) fn past_review_view(&self) -> Option<PastReviewView> {
        let p = self.history_screen.past_review.as_ref()?;
        let r = p.game.review.as_ref()?;
        Some(PastReviewView {
            id: p.id.clone(),
            title: history_view::entry_title(self.lang, &p.game.setup),
            result: board_view::status_text(self.lang, &p.game),
            review: view::review(self.lang, &p.game, r),
        })
    }
}
