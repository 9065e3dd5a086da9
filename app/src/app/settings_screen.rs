//! The settings screen: its events and its view model. Every field's text is kept here as typed,
//! with each edit the shells send, so the shells draw the core's text and hold no copy; a value
//! is stored once it is valid (the address) or when the person applies it (the weights).

use super::history_view::problem_text;
use super::prefs::{self, PONDER_FROM_LEVEL, PonderMode, weights_key};
use super::setup::{PlayMode, game_title};
use super::{
    App, Effect, Event, PonderOption, SettingsEvent, SettingsView, SyncTrigger, ThinkKind,
    WeightsView,
};
use crate::settings::GameKind;
use crate::tr;

/// The ponder modes in the order the settings offer them.
const PONDER_MODES: [PonderMode; 3] = [PonderMode::ByLevel, PonderMode::On, PonderMode::Off];

impl App {
    /// A settings event; any other event is left alone.
    pub(super) fn settings_event(&mut self, e: Event, fx: &mut Vec<Effect>) {
        match e {
            Event::Settings(SettingsEvent::SetSyncEnabled(on)) => self.set_sync_enabled(on, fx),
            Event::Settings(SettingsEvent::SetServerUrl(text)) => {
                match prefs::server_url(self.lang, &text) {
                    Ok(url) => {
                        self.url_error = None;
                        self.set_prefs(|p| p.server_url = url);
                    }
                    Err(e) => self.url_error = Some(e.message),
                }
                self.url_draft = text;
            }
            Event::Settings(SettingsEvent::SetSyncOnMetered(on)) => {
                self.set_prefs(|p| p.sync_on_metered = on)
            }
            Event::Settings(SettingsEvent::SetPonder(mode)) => self.set_ponder(mode),
            Event::Settings(SettingsEvent::SetHaptics(on)) => self.set_prefs(|p| p.haptics = on),
            Event::Settings(SettingsEvent::SetWeights { game, json }) => {
                let key = weights_key(game).to_string();
                match prefs::weights_edit(self.lang, game, &json) {
                    Ok(prefs::WeightsEdit::Clear) => {
                        self.weights_drafts.remove(&key);
                        self.set_prefs(|p| {
                            p.weights.remove(&key);
                        });
                    }
                    Ok(prefs::WeightsEdit::Save(w)) => {
                        self.weights_drafts.remove(&key);
                        self.set_prefs(|p| {
                            p.weights.insert(key, w);
                        });
                    }
                    Err(e) => {
                        self.weights_drafts.insert(key, (json, Some(e.message)));
                    }
                }
            }
            Event::Settings(SettingsEvent::EditWeights { game, json }) => {
                // The refusal was about the text before this edit.
                self.weights_drafts
                    .insert(weights_key(game).to_string(), (json, None));
            }
            _ => {}
        }
    }

    /// Turning sync on checks the address as typed: a typed address needs no Return first.
    fn set_sync_enabled(&mut self, on: bool, fx: &mut Vec<Effect>) {
        if !on {
            self.url_error = None;
            self.set_prefs(|p| p.sync_enabled = false);
            return;
        }
        match prefs::server_url(self.lang, &self.url_draft) {
            Ok(url) => {
                self.url_error = None;
                self.set_prefs(|p| {
                    p.sync_enabled = true;
                    p.server_url = url;
                });
                self.consider_sync(SyncTrigger::Person, fx);
            }
            Err(e) => self.url_error = Some(e.message),
        }
    }

    fn set_ponder(&mut self, mode: PonderMode) {
        self.set_prefs(|p| p.ponder = mode);
        if let Some(g) = self.game.as_mut() {
            let on = mode.enabled_at(g.setup.level)
                && g.setup.mode == PlayMode::VsComputer
                && !g.setup.game.is_multi_player();
            if !on
                && g.thinking
                    .as_ref()
                    .is_some_and(|t| t.kind == ThinkKind::Ponder)
            {
                g.cancel_thinking();
            }
            g.session.set_pondering(on);
        }
    }
}

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
        server_url: app.url_draft.clone(),
        server_url_error: app.url_error.clone(),
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
        weights: GameKind::ALL
            .iter()
            .map(|&game| {
                let key = weights_key(game);
                let stored = app.prefs.weights.get(key);
                let draft = app.weights_drafts.get(key);
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
