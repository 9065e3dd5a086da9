//! A running search's or review's progress, redrawn on its own: the runtime ticks every 100 ms
//! while one runs, and a tick changes only the node count or the moves reviewed. Asking the
//! shells for a whole `Render` each time would make them re-read every view model (the history
//! formatted anew, every cell decoded, a board's accessibility elements rebuilt under a screen
//! reader's focus); `Effect::RenderProgress` asks them to read this small view instead.

use super::view::{ReviewProgress, ReviewStatus, Screen, ThinkingKind, ThinkingView, WorkProgress};
use super::{App, Effect, Game, ReviewState, ThinkKind};
use crate::i18n::Lang;
use crate::tr;
use std::sync::atomic::Ordering;

/// What a tick of search or review `ticket` asks the shell for: nothing when the work is no
/// longer current or nobody sees it (pondering), else `RenderProgress`.
pub(super) fn tick(app: &App, ticket: u64) -> Vec<Effect> {
    let past = app.history_screen.past_review.as_ref().map(|p| &p.game);
    let review = app
        .game
        .iter()
        .chain(past)
        .any(|g| g.review.as_ref().is_some_and(|r| r.ticket == ticket));
    let search = app
        .game
        .as_ref()
        .and_then(|g| g.thinking.as_ref())
        .filter(|t| t.ticket == ticket)
        .map(|t| t.kind);
    match search {
        // Pondering is the person's time: nothing is shown, so nothing is redrawn.
        Some(ThinkKind::Ponder) => Vec::new(),
        Some(_) => vec![Effect::RenderProgress],
        None if review => vec![Effect::RenderProgress],
        None => Vec::new(),
    }
}

/// The computer's search as the board shows it; `None` while it ponders or does nothing.
pub(super) fn thinking(lang: Lang, g: &Game) -> Option<ThinkingView> {
    let kind = match g.thinking.as_ref()?.kind {
        ThinkKind::Move => ThinkingKind::Move,
        ThinkKind::Hint => ThinkingKind::Hint,
        ThinkKind::Ponder => return None,
    };
    let nodes = g.session.thinking_nodes();
    let positions = lang.group(nodes);
    let text = match kind {
        ThinkingKind::Hint => tr!(lang, "thinking-hint", nodes = nodes, positions = positions),
        ThinkingKind::Move => tr!(lang, "thinking-move", nodes = nodes, positions = positions),
    };
    Some(ThinkingView { kind, nodes, text })
}

/// A review still running: how far it got.
pub(super) fn review(lang: Lang, r: &ReviewState) -> Option<ReviewProgress> {
    if r.result.is_some() {
        return None;
    }
    let total = r.plies;
    let done = u32::try_from(r.done.load(Ordering::Relaxed))
        .unwrap_or(total)
        .min(total);
    Some(ReviewProgress {
        done,
        total,
        text: status_text(lang, &ReviewStatus::Running { done, total }),
    })
}

/// A review's status in words (empty once ready).
pub(super) fn status_text(lang: Lang, status: &ReviewStatus) -> String {
    match status {
        ReviewStatus::Running { done, total } => {
            tr!(lang, "review-progress", done = *done, total = *total)
        }
        ReviewStatus::Failed { message } => tr!(lang, "review-failed", message = message),
        ReviewStatus::Ready => String::new(),
    }
}

impl App {
    /// What a progress tick redraws (`Effect::RenderProgress`).
    pub fn progress_view(&self) -> WorkProgress {
        // The review the screen shows: a past game's on the history screen.
        let shown = if self.screen == Screen::History {
            self.history_screen.past_review.as_ref().map(|p| &p.game)
        } else {
            self.game.as_ref()
        };
        WorkProgress {
            thinking: self.game.as_ref().and_then(|g| thinking(self.lang, g)),
            review: shown
                .and_then(|g| g.review.as_ref())
                .and_then(|r| review(self.lang, r)),
        }
    }
}
