//! A game's rules variant: a setting beside the game, as records store it beside the kind (in
//! `rules`). The names are the core's variants table's ([`GameKind::variants`],
//! [`ply_core::Game::variants`]); which variants a game takes is that table's answer, not this
//! module's.

use crate::error::{AppError, SettingsError};
use crate::settings::GameKind;
use serde::{Deserialize, Serialize};

/// The rules a game is played under. Only draughts has a second variant today.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum RulesVariant {
    /// The game's published rules (draughts: WCDF, captures compulsory).
    #[default]
    Standard,
    /// Draughts with optional captures (the History-ADS research variant).
    Relaxed,
}

impl RulesVariant {
    pub const ALL: [RulesVariant; 2] = [RulesVariant::Standard, RulesVariant::Relaxed];

    /// The variant's name in the core's table and in records (`standard`, `relaxed`).
    pub fn name(self) -> &'static str {
        match self {
            RulesVariant::Standard => "standard",
            RulesVariant::Relaxed => "relaxed",
        }
    }

    /// The variants `game` takes, standard first (the core's table).
    pub fn offered(game: GameKind) -> Vec<RulesVariant> {
        RulesVariant::ALL
            .into_iter()
            .filter(|v| v.applies_to(game))
            .collect()
    }

    /// True when `game` takes this variant.
    pub fn applies_to(self, game: GameKind) -> bool {
        game.variants().contains(&self.name())
    }

    /// The variant named `name` (any case) for `game`; `InvalidSettings` naming the ones it
    /// takes for a name it does not.
    pub fn of(game: GameKind, name: &str) -> Result<RulesVariant, AppError> {
        let lower = name.to_ascii_lowercase();
        RulesVariant::ALL
            .into_iter()
            .find(|v| v.name() == lower && v.applies_to(game))
            .ok_or_else(|| {
                AppError::from(SettingsError::Variant {
                    game,
                    variant: name.to_string(),
                })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant of the core's table has its value here, and every value names one of the
    /// table's variants, so the two cannot drift apart.
    #[test]
    fn the_variants_are_the_core_tables() {
        for game in GameKind::ALL {
            let names: Vec<&str> = RulesVariant::offered(game)
                .iter()
                .map(|v| v.name())
                .collect();
            assert_eq!(names, game.variants(), "{game}");
            for name in game.variants() {
                assert_eq!(
                    RulesVariant::of(game, &name.to_ascii_uppercase())
                        .expect("a variant")
                        .name(),
                    *name
                );
            }
        }
        for v in RulesVariant::ALL {
            assert!(GameKind::ALL.iter().any(|g| v.applies_to(*g)), "{v:?}");
        }
        let err = RulesVariant::of(GameKind::Othello, "relaxed").expect_err("refused");
        assert!(err.to_string().contains("standard"), "{err}");
    }
}
