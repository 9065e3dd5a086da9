//! The settings screen: its events ([`SettingsEvent`]), the fields' text as typed
//! ([`SettingsState`]) and its view model. Every field's text is kept here with each edit the
//! shells send, so the shells draw the core's text and hold no copy; a value is stored once it
//! is valid (the address) or when the person applies it (the weights).

pub mod model;
pub mod view;

use crate::app::prefs::{self, PonderMode, WatchPace, weights_key};
use crate::app::setup::PlayMode;
use crate::app::{App, Effect, Event, SettingsView, SyncTrigger, ThinkKind};
use crate::settings::GameKind;
use std::collections::BTreeMap;

/// The settings screen.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SettingsEvent {
    SetSyncEnabled(bool),
    /// The collector address field's text, with every edit: kept as typed (the settings view's
    /// `server_url`), stored once valid, and what `SetSyncEnabled(true)` checks.
    SetServerUrl(String),
    SetSyncOnMetered(bool),
    SetPonder(PonderMode),
    SetHaptics(bool),
    /// How fast a game of computers alone goes (a move already being thought about keeps the
    /// pace it began with).
    SetWatchPace(WatchPace),
    /// Apply the weights editor's text for a game (blank clears the custom weights): stored if
    /// the engine accepts it, else kept with the reason.
    SetWeights {
        game: GameKind,
        json: String,
    },
    /// The weights editor's text for a game as typed, with every edit (the weights view's
    /// `json`); applied by `SetWeights`.
    EditWeights {
        game: GameKind,
        json: String,
    },
}

impl From<SettingsEvent> for Event {
    fn from(e: SettingsEvent) -> Self {
        Event::Settings(e)
    }
}

/// What only the settings screen keeps: the fields' text as typed.
#[derive(Debug, Default)]
pub(in crate::app) struct SettingsState {
    /// The collector address field's text.
    pub(in crate::app) url_draft: String,
    /// Why the address typed is refused.
    pub(in crate::app) url_error: Option<String>,
    /// Each game's weights editor text as typed, with the reason it was refused, by weights key.
    pub(in crate::app) weights_drafts: BTreeMap<String, (String, Option<String>)>,
}

impl App {
    pub(in crate::app) fn settings_event(&mut self, e: SettingsEvent, fx: &mut Vec<Effect>) {
        match e {
            SettingsEvent::SetSyncEnabled(on) => self.set_sync_enabled(on, fx),
            SettingsEvent::SetServerUrl(text) => {
                match prefs::server_url(self.lang, &text) {
                    Ok(url) => {
                        self.settings.url_error = None;
                        self.set_prefs(|p| p.server_url = url);
                    }
                    Err(e) => self.settings.url_error = Some(e.message),
                }
                self.settings.url_draft = text;
            }
            SettingsEvent::SetSyncOnMetered(on) => self.set_prefs(|p| p.sync_on_metered = on),
            SettingsEvent::SetPonder(mode) => self.set_ponder(mode),
            SettingsEvent::SetHaptics(on) => self.set_prefs(|p| p.haptics = on),
            SettingsEvent::SetWatchPace(pace) => self.set_prefs(|p| p.watch_pace = pace),
            SettingsEvent::SetWeights { game, json } => {
                let key = weights_key(game).to_string();
                match prefs::weights_edit(self.lang, game, &json) {
                    Ok(prefs::WeightsEdit::Clear) => {
                        self.settings.weights_drafts.remove(&key);
                        self.set_prefs(|p| {
                            p.weights.remove(&key);
                        });
                    }
                    Ok(prefs::WeightsEdit::Save(w)) => {
                        self.settings.weights_drafts.remove(&key);
                        self.set_prefs(|p| {
                            p.weights.insert(key, w);
                        });
                    }
                    Err(e) => {
                        self.settings
                            .weights_drafts
                            .insert(key, (json, Some(e.message)));
                    }
                }
            }
            SettingsEvent::EditWeights { game, json } => {
                // The refusal was about the text before this edit.
                self.settings
                    .weights_drafts
                    .insert(weights_key(game).to_string(), (json, None));
            }
        }
    }

    pub fn settings_view(&self) -> SettingsView {
        view::view(self)
    }

    /// Turning sync on checks the address as typed: a typed address needs no Return first.
    fn set_sync_enabled(&mut self, on: bool, fx: &mut Vec<Effect>) {
        if !on {
            self.settings.url_error = None;
            self.set_prefs(|p| p.sync_enabled = false);
            return;
        }
        match prefs::server_url(self.lang, &self.settings.url_draft) {
            Ok(url) => {
                self.settings.url_error = None;
                self.set_prefs(|p| {
                    p.sync_enabled = true;
                    p.server_url = url;
                });
                self.consider_sync(SyncTrigger::Person, fx);
            }
            Err(e) => self.settings.url_error = Some(e.message),
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
