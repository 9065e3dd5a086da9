//! The user's settings and their validation: every field checked here, an error naming the
//! field, and an invalid value never stored.

use crate::engine;
use crate::i18n::Lang;
use crate::settings::{GameKind, HeuristicChoice};
use crate::tr;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// When the computer thinks on the person's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PonderMode {
    /// From [`PONDER_FROM_LEVEL`] up: where a move takes long enough for it to matter.
    ByLevel,
    On,
    Off,
}

/// Pondering is on by default from this level up.
pub const PONDER_FROM_LEVEL: u8 = 7;

impl PonderMode {
    pub fn enabled_at(self, level: u8) -> bool {
        match self {
            PonderMode::ByLevel => level >= PONDER_FROM_LEVEL,
            PonderMode::On => true,
            PonderMode::Off => false,
        }
    }
}

/// How fast a game of computers alone goes: the least time from a computer's turn to its move
/// being shown. A search that takes longer is not waited on; one that answers at once (the low
/// levels answer in milliseconds) is held, so a person can follow the game and pause it.
/// Games with a person in play are never held: there the computer answers as soon as it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum WatchPace {
    /// As fast as the computers find their moves.
    Fast,
    /// A move a second at most.
    Normal,
    /// A move every three seconds at most.
    Slow,
}

impl WatchPace {
    pub const ALL: [WatchPace; 3] = [WatchPace::Fast, WatchPace::Normal, WatchPace::Slow];

    /// The least time a move of a game of computers alone takes.
    pub fn min_move_time(self) -> std::time::Duration {
        std::time::Duration::from_millis(match self {
            WatchPace::Fast => 0,
            WatchPace::Normal => 1_000,
            WatchPace::Slow => 3_000,
        })
    }
}

/// Everything the settings screen edits, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub sync_enabled: bool,
    /// The collector's base URL, checked ([`server_url`]) whenever sync is on.
    pub server_url: String,
    /// Upload over a metered connection (mobile data).
    pub sync_on_metered: bool,
    pub ponder: PonderMode,
    pub haptics: bool,
    /// Kept files written before this setting read as [`WatchPace::Normal`] (`serde(default)`).
    pub watch_pace: WatchPace,
    /// Custom heuristic weights per game (JSON the engine accepted), by [`weights_key`].
    pub weights: BTreeMap<String, String>,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            sync_enabled: false,
            server_url: String::new(),
            sync_on_metered: false,
            ponder: PonderMode::ByLevel,
            haptics: true,
            watch_pace: WatchPace::Normal,
            weights: BTreeMap::new(),
        }
    }
}

/// The key of a game's custom weights (draughts variants share their weights).
pub fn weights_key(game: GameKind) -> &'static str {
    game.name()
}

impl Prefs {
    pub fn custom_weights(&self, game: GameKind) -> Option<&str> {
        self.weights.get(weights_key(game)).map(String::as_str)
    }
}

/// A settings field, as errors name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    ServerUrl,
    Weights,
    Level,
}

/// Why a value was refused: the field and a sentence for under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: Field,
    pub message: String,
}

fn refuse(field: Field, message: impl Into<String>) -> FieldError {
    FieldError {
        field,
        message: message.into(),
    }
}

/// A collector base URL: `http` or `https`, with a host, no spaces; trailing slashes removed.
/// The refusal says why in `lang`.
pub fn server_url(lang: Lang, text: &str) -> Result<String, FieldError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(refuse(Field::ServerUrl, tr!(lang, "error-url-empty")));
    }
    let (scheme, rest) = t
        .split_once("://")
        .ok_or_else(|| refuse(Field::ServerUrl, tr!(lang, "error-url-scheme")))?;
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        let found = format!("{scheme}://");
        return Err(refuse(
            Field::ServerUrl,
            tr!(lang, "error-url-scheme-found", found = found),
        ));
    }
    if let Some(c) = t.chars().find(|c| c.is_whitespace() || c.is_control()) {
        let character = format!("{c:?}");
        return Err(refuse(
            Field::ServerUrl,
            tr!(lang, "error-url-character", character = character),
        ));
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_port = authority.rsplit('@').next().unwrap_or("");
    let host = if let Some(v6) = host_port.strip_prefix('[') {
        v6.split(']').next().unwrap_or("")
    } else {
        host_port.split(':').next().unwrap_or("")
    };
    if host.is_empty() {
        return Err(refuse(Field::ServerUrl, tr!(lang, "error-url-host")));
    }
    if let Some(port) = host_port.rsplit_once("]:").map(|(_, p)| p).or_else(|| {
        (!host_port.starts_with('['))
            .then(|| host_port.split_once(':').map(|(_, p)| p))
            .flatten()
    }) && port.parse::<u16>().is_err()
    {
        return Err(refuse(
            Field::ServerUrl,
            tr!(lang, "error-url-port", port = port),
        ));
    }
    Ok(t.trim_end_matches('/').to_string())
}

/// What saving the weights editor's text does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeightsEdit {
    /// Blank text: forget the custom weights; presets are used again.
    Clear,
    /// Store these weights (trimmed; the engine accepted them).
    Save(String),
}

/// The weights editor's text for `game`: blank clears, otherwise the engine must accept it
/// (it names the line and column of a syntax error and refuses unknown factors).
pub fn weights_edit(lang: Lang, game: GameKind, text: &str) -> Result<WeightsEdit, FieldError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(WeightsEdit::Clear);
    }
    let choice = HeuristicChoice::CustomWeights { json: t.into() };
    let checked = ply_core::with_game_kind!(game,
        two_player G => engine::evaluator::<G>(&choice).map(drop),
        multi m => crate::multi::check_weights(game, &choice));
    match checked {
        Ok(()) => Ok(WeightsEdit::Save(t.to_string())),
        Err(e) => Err(refuse(
            Field::Weights,
            tr!(lang, "error-weights", error = e.to_string()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_urls() {
        assert_eq!(
            server_url(Lang::En, " https://ply.example.org/ ").as_deref(),
            Ok("https://ply.example.org")
        );
        assert_eq!(
            server_url(Lang::En, "http://127.0.0.1:8080").as_deref(),
            Ok("http://127.0.0.1:8080")
        );
        assert_eq!(
            server_url(Lang::En, "http://[::1]:80/x").as_deref(),
            Ok("http://[::1]:80/x")
        );
        for bad in [
            "",
            "ply.example.org",
            "ftp://x",
            "https://",
            "https://:80",
            "http://a b",
            "http://h:99999",
        ] {
            let e = server_url(Lang::En, bad).expect_err(bad);
            assert_eq!(e.field, Field::ServerUrl, "{bad}");
        }
    }

    #[test]
    fn weights_are_checked_by_the_engine() {
        assert_eq!(
            weights_edit(Lang::En, GameKind::Othello, "  "),
            Ok(WeightsEdit::Clear)
        );
        let good =
            crate::heuristic_weights_json(GameKind::Othello, "default".into()).expect("preset");
        assert_eq!(
            weights_edit(Lang::En, GameKind::Othello, &good),
            Ok(WeightsEdit::Save(good.trim().into()))
        );
        let e = weights_edit(
            Lang::En,
            GameKind::Othello,
            "{\"weights\": {\"no-such-factor\": 1}}",
        )
        .expect_err("unknown");
        assert_eq!(e.field, Field::Weights);
        assert!(weights_edit(Lang::En, GameKind::ConnectFour, "{").is_err());
    }
}
