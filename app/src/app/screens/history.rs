//! The history screen: the finished games, a past game's review ([`HistoryState`]), and syncing
//! them now ([`HistoryEvent`]).

pub mod model;
pub mod view;

use super::review::PastReview;
use crate::app::{App, Effect, Event, HistoryView, SyncTrigger};

/// The history screen.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum HistoryEvent {
    /// Review the history's game `id` (an entry's `can_review`), on the history screen, with
    /// the same background review as `ReviewGame`; `ReviewEvent::Step` steps through it and
    /// `ReviewEvent::Close` or back returns to the list. The game in progress is left as it is. A
    /// game that cannot be reviewed (an unknown id, a multi-player game, one kept before the
    /// history kept moves) is refused with the reason in the history view's `message`.
    ReviewPastGame { id: String },
    /// Upload the finished games now (history screen).
    SyncNow,
}

impl From<HistoryEvent> for Event {
    fn from(e: HistoryEvent) -> Self {
        Event::History(e)
    }
}

/// What only the history screen keeps (the finished games themselves are the app's).
#[derive(Default)]
pub(in crate::app) struct HistoryState {
    /// A game of the history under review (`HistoryEvent::ReviewPastGame`), shown on the history
    /// screen.
    pub(in crate::app) past_review: Option<PastReview>,
    /// Why the last past game asked for was not reviewed (shown on the history screen).
    pub(in crate::app) message: Option<String>,
}

impl App {
    pub(in crate::app) fn history_event(&mut self, e: HistoryEvent, fx: &mut Vec<Effect>) {
        match e {
            HistoryEvent::ReviewPastGame { id } => self.review_past_game(&id, fx),
            HistoryEvent::SyncNow => self.consider_sync(SyncTrigger::Person, fx),
        }
    }

    pub fn history_view(&self) -> HistoryView {
        view::history(self)
    }
}
