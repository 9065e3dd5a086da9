//! The history screen's view model: what the shells draw.

use crate::app::screens::review::model::ReviewView;
use crate::settings::GameKind;

/// Where a finished game stands with the collector.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SyncState {
    /// Sync is off: kept on this device only.
    Local,
    Waiting,
    Rejected {
        reason: String,
    },
    /// The collector has it (stored, or already there).
    Synced,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HistoryEntry {
    pub id: String,
    pub game: GameKind,
    /// "Othello, against the computer (level 6)".
    pub title: String,
    pub result: String,
    pub ended_at_ms: u64,
    /// When the game ended, in the language's style and the phone's time zone at the time
    /// (`PlatformEvent::TimeZone`): "12 Mar 2026, 14:05".
    pub ended_at: String,
    pub moves: u32,
    pub sync: SyncState,
    /// "Waiting to sync".
    pub sync_label: String,
    /// The line under the result: "12 Mar 2026, 14:05 · 42 moves · Waiting to sync".
    pub detail: String,
    /// The game can be reviewed: the row is tapped to send `HistoryEvent::ReviewPastGame` with
    /// `id`.
    pub can_review: bool,
    /// Why it cannot be, when it cannot: "No review: the review judges two-player games only."
    pub review_refusal: Option<String>,
}

/// A game of the history under review (`HistoryEvent::ReviewPastGame`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PastReviewView {
    /// The history entry's id.
    pub id: String,
    /// "Othello, you against the computer (level 6)".
    pub title: String,
    /// "You win 36-28 (no move left)."
    pub result: String,
    pub review: ReviewView,
}

#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HistoryView {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// "3 games waiting; next attempt after a failure at 14:05" or "Sync is off".
    pub sync_status: String,
    pub can_sync_now: bool,
    pub syncing: bool,
    /// The past game under review, drawn instead of the list; `ReviewEvent::Close` or back returns
    /// to the list.
    pub review: Option<PastReviewView>,
    /// Why the game last asked for was not reviewed ("That game is no longer in the history.").
    pub message: Option<String>,
}
