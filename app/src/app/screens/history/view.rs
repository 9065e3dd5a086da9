//! The history screen's view model: the finished games, newest first, with when each ended
//! (in the core's language and the phone's time zone of that day) and where each stands with
//! the collector.

use crate::app::screens::board::view::{end_text, mode_inline};
use crate::app::screens::review;
use crate::app::setup::{PlayMode, Setup};
use crate::app::view::{HistoryEntry, HistoryView, SyncState};
use crate::app::{App, SyncProblem};
use crate::i18n::Lang;
use crate::tr;

/// The largest offset from UTC a time zone has (UTC+14, with a margin): a shell's offset
/// beyond it is not a time zone.
const MAX_OFFSET_MINUTES: i32 = 18 * 60;

impl App {
    /// The phone's offset from UTC (`PlatformEvent::TimeZone`); an impossible one is ignored.
    pub(in crate::app) fn set_time_zone(&mut self, utc_offset_minutes: i32) {
        if utc_offset_minutes.abs() <= MAX_OFFSET_MINUTES {
            self.utc_offset_minutes = Some(utc_offset_minutes);
        } else {
            log::warn!("ignoring a UTC offset of {utc_offset_minutes} minutes");
        }
    }
}

/// The calendar date of a day counted from 1970-01-01 (proleptic Gregorian; Howard Hinnant's
/// `civil_from_days`): year, month (1-12), day (1-31).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// A moment (unix ms) as the history shows it, at `offset` minutes from UTC: "12 Mar 2026,
/// 14:05" ("12. März 2026, 14:05").
pub fn date_text(lang: Lang, unix_ms: u64, offset_minutes: i32) -> String {
    let local_ms = i64::try_from(unix_ms)
        .unwrap_or(i64::MAX)
        .saturating_add(i64::from(offset_minutes) * 60_000);
    const DAY_MS: i64 = 86_400_000;
    let (year, month, day) = civil(local_ms.div_euclid(DAY_MS));
    let minute = local_ms.rem_euclid(DAY_MS) / 60_000;
    tr!(
        lang,
        "history-date",
        day = day.to_string(),
        month = month,
        year = year.to_string(),
        time = format!("{:02}:{:02}", minute / 60, minute % 60)
    )
}

/// A history row's title: "Othello, you against the computer (level 6)".
pub(in crate::app) fn entry_title(lang: Lang, setup: &Setup) -> String {
    let game = setup.title(lang);
    match setup.mode {
        _ if setup.game.is_multi_player() => {
            let seats = setup.seats_for(setup.game);
            let people = seats.iter().filter(|s| s.human).count();
            let players = seats.len();
            tr!(
                lang,
                "history-title-multi",
                game = game,
                players = players,
                people = people
            )
        }
        PlayMode::TwoPlayers => tr!(lang, "history-title-two-players", game = game),
        m => tr!(
            lang,
            "history-title-computer",
            game = game,
            mode = mode_inline(lang, m),
            level = setup.level
        ),
    }
}

pub(super) fn history(app: &App) -> HistoryView {
    let lang = app.lang;
    let sync_on = app.sync_configured().is_some();
    let entries = app
        .history
        .iter()
        .rev()
        .map(|h| {
            let rejected = app.outbox.as_ref().and_then(|o| o.rejected.get(&h.id));
            let pending = app
                .outbox
                .as_ref()
                .is_some_and(|o| o.pending.contains(&h.id));
            let sync = match (rejected, pending) {
                (Some(reason), _) => SyncState::Rejected {
                    reason: reason.clone(),
                },
                (None, true) if !sync_on => SyncState::Local,
                (None, true) => SyncState::Waiting,
                (None, false) => SyncState::Synced,
            };
            let sync_label = match &sync {
                SyncState::Local => tr!(lang, "history-local"),
                SyncState::Waiting => tr!(lang, "history-waiting"),
                SyncState::Rejected { reason } => tr!(lang, "history-rejected", reason = reason),
                SyncState::Synced => tr!(lang, "history-synced"),
            };
            let title = entry_title(lang, &h.setup);
            let review_refusal = review::entry_refusal(lang, h);
            let offset = h.utc_offset_minutes.or(app.utc_offset_minutes).unwrap_or(0);
            let ended_at = date_text(lang, h.ended_at_ms, offset);
            HistoryEntry {
                id: h.id.clone(),
                game: h.setup.game,
                title,
                // Games recorded before results were kept structured say it as they were.
                result: h
                    .end
                    .as_ref()
                    .map_or_else(|| h.result.clone(), |end| end_text(lang, &h.setup, end)),
                ended_at_ms: h.ended_at_ms,
                detail: tr!(
                    lang,
                    "history-detail",
                    date = &ended_at,
                    moves = h.moves,
                    sync = &sync_label
                ),
                ended_at,
                moves: h.moves,
                sync,
                sync_label,
                can_review: review_refusal.is_none(),
                review_refusal,
            }
        })
        .collect();
    let pending = app.pending();
    let sync_status = if !sync_on {
        tr!(lang, "sync-off")
    } else if app.syncing {
        tr!(lang, "sync-running")
    } else {
        let mut s = if pending == 0 {
            tr!(lang, "sync-all-done")
        } else {
            tr!(lang, "sync-waiting", count = pending)
        };
        if let Some(problem) = app.last_sync.as_ref().and_then(|r| r.problem.as_ref()) {
            s.push(' ');
            s.push_str(&tr!(
                lang,
                "sync-last-problem",
                problem = problem_text(lang, problem)
            ));
        }
        s
    };
    HistoryView {
        entries,
        sync_status,
        can_sync_now: sync_on && !app.syncing && pending > 0,
        syncing: app.syncing,
        review: app.past_review_view(),
        message: app.history_screen.message.clone(),
    }
}

/// Why the last sync run left records waiting, in the person's language.
pub(in crate::app) fn problem_text(lang: Lang, problem: &SyncProblem) -> String {
    match problem {
        SyncProblem::Outbox { detail } => tr!(lang, "sync-problem-outbox", detail = detail),
        SyncProblem::Unreachable { detail } => {
            tr!(lang, "sync-problem-unreachable", detail = detail)
        }
        SyncProblem::Registration { detail } => {
            tr!(lang, "sync-problem-registration", detail = detail)
        }
        SyncProblem::TokenRefused { detail: None } => tr!(lang, "sync-problem-token-refused"),
        SyncProblem::TokenRefused {
            detail: Some(detail),
        } => tr!(lang, "sync-problem-token-refused-again", detail = detail),
        SyncProblem::Waiting { .. } => tr!(lang, "sync-problem-waiting"),
        SyncProblem::NoTransport => tr!(lang, "sync-problem-no-transport"),
        SyncProblem::Stopped => tr!(lang, "sync-problem-stopped"),
        SyncProblem::CleartextRefused { detail } => {
            tr!(lang, "sync-problem-cleartext", detail = detail)
        }
    }
}
