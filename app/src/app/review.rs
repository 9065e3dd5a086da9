//! The reviews: the finished game's, after the game (`AfterGameEvent::ReviewGame`), and any past
//! game's from the history (`HistoryEvent::ReviewPastGame`), rebuilt from the moves the history
//! keeps. Both run the same background review (`ply_core::review`) on the think worker. One past
//! review at a time is kept beside the game in progress, which it never touches: the person may
//! review last week's game in the middle of today's.

use super::store::FinishedGame;
use super::view::{PastReviewView, Screen};
use super::{
    AfterGameEvent, App, Command, Effect, Event, Game, HistoryEvent, Marks, ReviewEvent, animation,
    board_view, history_view, review_view,
};
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

/// A review of a finished game: running on the think worker, then its result.
pub(super) struct ReviewState {
    pub(super) ticket: u64,
    pub(super) stop: StopToken,
    /// Moves judged so far (the worker counts, the view reads).
    pub(super) done: Arc<AtomicUsize>,
    /// Moves of the game when the review began: a changed game makes the review stale.
    pub(super) plies: u32,
    pub(super) result: Option<Result<Review, String>>,
    /// The move shown on its board, once the person picked one.
    pub(super) step: Option<u32>,
}

impl Drop for ReviewState {
    /// A review put away (closed, a new game, the game changed) stops its search.
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// A game of the history under review: the game rebuilt from its moves, with its review in
/// `game.review`.
pub(super) struct PastReview {
    pub(super) id: String,
    pub(super) game: Game,
}

/// Why a finished game cannot be reviewed, in the person's language; `None` when it can.
/// `has_moves`: its moves are known (the history keeps them since #30; older entries have none).
pub(super) fn refusal(lang: Lang, game: GameKind, has_moves: bool) -> Option<String> {
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
pub(super) fn entry_refusal(lang: Lang, entry: &FinishedGame) -> Option<String> {
    let has_moves = entry.move_list.as_ref().is_some_and(|m| !m.is_empty());
    refusal(lang, entry.setup.game, has_moves)
}

impl Game {
    /// A review of this game may start: it is over, has moves, and none runs or is ready
    /// (a failed one may be tried again).
    pub(super) fn reviewable(&self) -> bool {
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
    /// `ReviewGame`, `ReviewPastGame`, `ReviewStep` and `CloseReview`. On the history screen
    /// a step or a close is the past review's; elsewhere the game's.
    pub(super) fn review_event(&mut self, e: Event, fx: &mut Vec<Effect>) {
        let past = self.screen == Screen::History && self.past_review.is_some();
        match e {
            Event::AfterGame(AfterGameEvent::ReviewGame) => self.start_review(fx),
            Event::History(HistoryEvent::ReviewPastGame { id }) => self.review_past_game(&id, fx),
            Event::Review(ReviewEvent::Step(ply)) => {
                let r = if past {
                    self.past_review
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
            Event::Review(ReviewEvent::Close) if past => self.close_past_review(),
            Event::Review(ReviewEvent::Close) => {
                if let Some(g) = self.game.as_mut() {
                    g.review = None;
                }
            }
            other => log::warn!("not a review event: {other:?}"),
        }
    }

    /// Starts reviewing the finished game, unless a review of it runs or is ready.
    fn start_review(&mut self, fx: &mut Vec<Effect>) {
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
    fn review_past_game(&mut self, id: &str, fx: &mut Vec<Effect>) {
        self.show(Screen::History, fx);
        let lang = self.lang;
        let Some(entry) = self.history.iter().find(|h| h.id == id).cloned() else {
            return self.refuse_past_review(tr!(lang, "history-review-unknown"), fx);
        };
        if let Some(reason) = entry_refusal(lang, &entry) {
            return self.refuse_past_review(reason, fx);
        }
        // The same game asked again: its review runs or is ready (a failed one is tried again).
        let same = self.past_review.as_ref().is_some_and(|p| {
            p.id == id
                && p.game
                    .review
                    .as_ref()
                    .is_some_and(|r| !matches!(r.result, Some(Err(_))))
        });
        if same {
            self.history_message = None;
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
        self.past_review = Some(PastReview {
            id: id.to_string(),
            game,
        });
        self.history_message = None;
        fx.push(Effect::Announce(tr!(lang, "announce-reviewing")));
    }

    fn refuse_past_review(&mut self, reason: String, fx: &mut Vec<Effect>) {
        fx.push(Effect::Announce(reason.clone()));
        // The review shown was another game's: the refusal replaces it.
        self.past_review = None;
        self.history_message = Some(reason);
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
    pub(super) fn close_past_review(&mut self) {
        self.past_review = None;
        self.history_message = None;
    }

    /// A review still running is put away (its search stops): the person's to ask again once
    /// the app is back. A finished one stays.
    pub(super) fn stop_review(&mut self) {
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
    pub(super) fn stop_past_review(&mut self) {
        if self
            .past_review
            .as_ref()
            .and_then(|p| p.game.review.as_ref())
            .is_some_and(|r| r.result.is_none())
        {
            self.past_review = None;
        }
    }

    pub(super) fn reviewed(
        &mut self,
        ticket: u64,
        result: Result<Review, AppError>,
        fx: &mut Vec<Effect>,
    ) {
        let past = self.past_review.as_mut().map(|p| &mut p.game);
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
            fx.push(Effect::Announce(review_view::announcement(
                self.lang, g, review,
            )));
        }
    }

    /// The past game under review, as the history screen shows it.
    pub(super) fn past_review_view(&self) -> Option<PastReviewView> {
        let p = self.past_review.as_ref()?;
        let r = p.game.review.as_ref()?;
        Some(PastReviewView {
            id: p.id.clone(),
            title: history_view::entry_title(self.lang, &p.game.setup),
            result: board_view::status_text(self.lang, &p.game),
            review: review_view::review(self.lang, &p.game, r),
        })
    }
}
