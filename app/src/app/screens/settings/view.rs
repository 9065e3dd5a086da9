//! The settings screen's view model: the sync fields, pondering, haptics, each game's weights
//! and the device's search caps.

use crate::app::prefs::{PONDER_FROM_LEVEL, PonderMode, WatchPace, weights_key};
use crate::app::screens::history::view::problem_text;
use crate::app::setup::game_title;
use crate::app::{App, PonderOption, SettingsView, WatchPaceOption, WeightsView};
use crate::settings::GameKind;
use crate::tr;

/// The ponder modes in the order the settings offer them.
const PONDER_MODES: [PonderMode; 3] = [PonderMode::ByLevel, PonderMode::On, PonderMode::Off];

pub(super) fn view(app: &App) -> SettingsView {
    let lang = app.lang;
    let l = app.limits;
    let sync_problem = app
        .sync_configured()
        .and(app.last_sync.as_ref())
        .and_then(|r| r.problem.as_ref())
        .map(|p| tr!(lang, "sync-last-problem", problem = problem_text(lang, p)));
    SettingsView {
        sync_enabled: app.prefs.sync_enabled,
        server_url: app.settings.url_draft.clone(),
        server_url_error: app.settings.url_error.clone(),
        sync_problem,
        sync_on_metered: app.prefs.sync_on_metered,
        ponder: app.prefs.ponder,
        ponder_options: PONDER_MODES
            .iter()
            .map(|&mode| PonderOption {
                mode,
                label: match mode {
                    PonderMode::ByLevel => {
                        tr!(lang, "settings-ponder-by-level", level = PONDER_FROM_LEVEL)
                    }
                    PonderMode::On => tr!(lang, "settings-ponder-on"),
                    PonderMode::Off => tr!(lang, "settings-ponder-off"),
                },
                selected: mode == app.prefs.ponder,
            })
            .collect(),
        haptics: app.prefs.haptics,
        watch_pace: app.prefs.watch_pace,
        watch_pace_options: WatchPace::ALL
            .iter()
            .map(|&pace| WatchPaceOption {
                pace,
                label: match pace {
                    WatchPace::Fast => tr!(lang, "settings-watch-fast"),
                    WatchPace::Normal => tr!(lang, "settings-watch-normal"),
                    WatchPace::Slow => tr!(lang, "settings-watch-slow"),
                },
                selected: pace == app.prefs.watch_pace,
            })
            .collect(),
        weights: GameKind::ALL
            .iter()
            .map(|&game| {
                let key = weights_key(game);
                let stored = app.prefs.weights.get(key);
                let draft = app.settings.weights_drafts.get(key);
                WeightsView {
                    game,
                    title: game_title(lang, game),
                    json: draft
                        .map(|(t, _)| t.clone())
                        .or_else(|| stored.cloned())
                        .unwrap_or_default(),
                    custom: stored.is_some(),
                    error: draft.and_then(|(_, e)| e.clone()),
                }
            })
            .collect(),
        limits: l,
        memory: tr!(
            lang,
            "settings-memory",
            mib = l.tt_bytes >> 20,
            seconds = lang.decimal(l.max_time_ms as f64 / 1000.0, 0),
            othello = l.max_depth_othello,
            connect_four = l.max_depth_connect4,
            draughts = l.max_depth_checkers,
        ),
    }
}
