//! The settings screen's view model: what the shells draw.

use crate::app::prefs::{PonderMode, WatchPace};
use crate::limits::EngineLimits;
use crate::settings::GameKind;

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct WeightsView {
    pub game: GameKind,
    pub title: String,
    /// The editor's text: what was typed (`SettingsEvent::EditWeights`), else the stored custom
    /// weights, else empty. `SettingsEvent::SetWeights` with it applies it.
    pub json: String,
    pub custom: bool,
    pub error: Option<String>,
}

/// A choice of when the computer thinks on the person's time.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PonderOption {
    pub mode: PonderMode,
    /// "From level 7 up".
    pub label: String,
    pub selected: bool,
}

/// A choice of how fast a game of computers alone goes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct WatchPaceOption {
    pub pace: WatchPace,
    /// "1 s a move".
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SettingsView {
    pub sync_enabled: bool,
    /// As typed (`SettingsEvent::SetServerUrl` with every edit).
    pub server_url: String,
    pub server_url_error: Option<String>,
    /// Sync is on and its last run left records waiting: why ("Last attempt: this address needs
    /// https ..."), in the person's language.
    pub sync_problem: Option<String>,
    pub sync_on_metered: bool,
    pub ponder: PonderMode,
    /// Every ponder mode, `ponder` selected (`SettingsEvent::SetPonder`).
    pub ponder_options: Vec<PonderOption>,
    pub haptics: bool,
    pub watch_pace: WatchPace,
    /// Every pace, `watch_pace` selected (`SettingsEvent::SetWatchPace`).
    pub watch_pace_options: Vec<WatchPaceOption>,
    pub weights: Vec<WeightsView>,
    /// The device's search caps.
    pub limits: EngineLimits,
    /// "Searches use at most a 64 MiB table; depth 9 in Othello, ...".
    pub memory: String,
}
