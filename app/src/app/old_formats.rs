//! What older versions of the app wrote, read into today's types. Until the rules variant became a
//! setting of its own, a setup's `game` was the app's own enum, written by its variant's name
//! (`"Othello"`, `"ConnectFour"`, ..., and `"RelaxedDraughts"` for draughts with optional
//! captures); today it is the core's kind, written by the game's name (`"othello"`,
//! `"connect4"`, `"checkers"`, ...), with `rules` beside it. Every stored file and the UI state
//! blob are read through [`decode`], so a game in progress, the history and the screen kept
//! across process death survive the update.

use crate::settings::GameKind;
use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde_json::Value;

/// The old spelling of relaxed draughts, and what it is today.
const OLD_RELAXED_DRAUGHTS: &str = "RelaxedDraughts";

/// The old spellings of the games, by the app's enum's variant names.
const OLD_NAMES: [(&str, GameKind); 7] = [
    ("Othello", GameKind::Othello),
    ("ConnectFour", GameKind::ConnectFour),
    ("Draughts", GameKind::Draughts),
    (OLD_RELAXED_DRAUGHTS, GameKind::Draughts),
    ("Virus", GameKind::Virus),
    ("Focus", GameKind::Focus),
    ("ChineseCheckers", GameKind::ChineseCheckers),
];

/// Reads stored JSON as `T`, with what older versions wrote turned into today's form first.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    let mut value: Value = serde_json::from_slice(bytes)?;
    upgrade(&mut value);
    serde_json::from_value(value)
}

/// Every setup that names relaxed draughts as its game becomes draughts under relaxed rules.
fn upgrade(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            if fields.get("game").and_then(Value::as_str) == Some(OLD_RELAXED_DRAUGHTS)
                && !fields.contains_key("rules")
            {
                fields.insert("game".into(), Value::from(GameKind::Draughts.name()));
                fields.insert("rules".into(), Value::from("relaxed"));
            }
            fields.values_mut().for_each(upgrade);
        }
        Value::Array(items) => items.iter_mut().for_each(upgrade),
        _ => {}
    }
}

/// A setup's `game`: the core's name (today's), or the old app enum's spelling.
pub fn game<'de, D: Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
    let name = String::deserialize(d)?;
    if let Some((_, kind)) = OLD_NAMES.iter().find(|(old, _)| *old == name) {
        return Ok(*kind);
    }
    GameKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .ok_or_else(|| D::Error::custom(format!("unknown game '{name}'")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::setup::{PlayMode, Setup};
    use crate::rules_variant::RulesVariant;

    #[test]
    fn every_game_reads_in_either_spelling_and_writes_the_cores() {
        for (old, kind) in OLD_NAMES {
            let json = format!(
                r#"{{"game":"{old}","mode":"TwoPlayers","human_side":"First","level":3,"algorithm":"ByLevel","ordering":"ByLevel","heuristic":null,"start_position":null}}"#
            );
            let setup: Setup = decode(json.as_bytes()).expect("an old setup reads");
            assert_eq!(
                (setup.game, setup.mode, setup.level),
                (kind, PlayMode::TwoPlayers, 3)
            );
            let relaxed = old == OLD_RELAXED_DRAUGHTS;
            assert_eq!(setup.rules == RulesVariant::Relaxed, relaxed, "{old}");
            let written = serde_json::to_string(&setup).expect("written");
            assert!(
                written.contains(&format!(r#""game":"{}""#, kind.name())),
                "{written}"
            );
            let again: Setup = decode(written.as_bytes()).expect("today's setup reads");
            assert_eq!(again, setup);
        }
        let unknown = r#"{"game":"Chess","mode":"TwoPlayers","human_side":"First","level":3,"algorithm":"ByLevel","ordering":"ByLevel","heuristic":null,"start_position":null}"#;
        let err = decode::<Setup>(unknown.as_bytes()).expect_err("refused");
        assert!(err.to_string().contains("Chess"), "{err}");
    }
}
