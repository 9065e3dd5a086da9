//! The home screen's view model: the choices of the next game and the game to resume.

use crate::app::App;
use crate::app::setup::{
    self, OrderingChoice, PlayMode, describe_engine, game_title, rules_label, seat_name, side_name,
};
use crate::app::view::*;
use crate::i18n::Lang;
use crate::rules_variant::RulesVariant;
use crate::settings::GameKind;
use crate::snapshot::Side;
use crate::tr;

/// Every level, `selected` marked.
fn level_options(lang: Lang, selected: u8) -> Vec<LevelOption> {
    setup::LEVELS
        .map(|level| LevelOption {
            level,
            label: tr!(lang, "home-level", level = level),
            selected: level == selected,
        })
        .collect()
}

pub(super) fn home(app: &App) -> HomeView {
    let lang = app.lang;
    let s = &app.setup;
    let custom = app.prefs.custom_weights(s.game).is_some();
    let mut presets = crate::heuristic_presets(s.game);
    presets.sort_by_key(|p| (p != "default", p.clone()));
    let mut heuristics = Vec::new();
    if custom {
        heuristics.push(HeuristicOption {
            preset: None,
            label: tr!(lang, "home-custom-weights"),
            selected: s.heuristic.is_none(),
        });
    }
    // Without a choice of their own, the computer judges with its level's evaluation.
    let level_preset = crate::settings::settings_for_difficulty(s.game, s.level)
        .ok()
        .and_then(|e| match e.heuristic {
            crate::settings::HeuristicChoice::Preset { name } => Some(name),
            crate::settings::HeuristicChoice::CustomWeights { .. } => None,
        })
        .unwrap_or_else(|| "default".to_string());
    for p in presets {
        let selected = s.heuristic.as_deref() == Some(p.as_str())
            || (s.heuristic.is_none() && !custom && p == level_preset);
        heuristics.push(HeuristicOption {
            label: p.clone(),
            preset: Some(p),
            selected,
        });
    }
    let engine = s
        .engine_settings(app.prefs.custom_weights(s.game))
        .map(|e| describe_engine(lang, &e))
        .unwrap_or_else(|e| e.to_string());
    let resume = app.game.as_ref().filter(|g| !g.finished());
    let multi = s.game.is_multi_player();
    let seats = if multi {
        s.seats_for(s.game)
    } else {
        Vec::new()
    };
    let heuristic = s
        .heuristic
        .clone()
        .or_else(|| (!custom).then(|| level_preset.clone()));
    // The level sets the computer's strength, and the hints' in every game: a game between
    // people and a multi-player game (whose computers have their seats' levels) still give
    // hints at it.
    let computer_by_level = !multi && s.mode != PlayMode::TwoPlayers;
    HomeView {
        game: s.game,
        mode: s.mode,
        side: s.human_side,
        players: if multi { seats.len() as u32 } else { 0 },
        algorithm: s.algorithm,
        ordering: s.ordering,
        heuristic,
        level_shown: true,
        level_title: if computer_by_level {
            tr!(lang, "home-level-computer")
        } else {
            tr!(lang, "home-level-hints")
        },
        games: GameKind::ALL
            .iter()
            .map(|&game| GameOption {
                game,
                label: game_title(lang, game),
                selected: game == s.game,
            })
            .collect(),
        rules: s.rules,
        variants: {
            let offered = RulesVariant::offered(s.game);
            if offered.len() > 1 {
                offered
                    .into_iter()
                    .map(|rules| RulesOption {
                        rules,
                        label: rules_label(lang, rules),
                        selected: rules == s.rules,
                    })
                    .collect()
            } else {
                Vec::new()
            }
        },
        player_counts: if multi {
            s.game
                .player_counts()
                .iter()
                .map(|&n| PlayerCountOption {
                    count: u32::from(n),
                    label: tr!(lang, "home-player-count", count = n),
                    selected: usize::from(n) == seats.len(),
                })
                .collect()
        } else {
            Vec::new()
        },
        seats: seats
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let name = seat_name(lang, s.game, i as u32);
                SeatOption {
                    seat: i as u32,
                    human: c.human,
                    level: c.level,
                    levels: level_options(lang, c.level),
                    label: if c.human {
                        tr!(lang, "home-seat-person", seat = &name)
                    } else {
                        tr!(lang, "home-seat-computer", seat = &name, level = c.level)
                    },
                    name,
                }
            })
            .collect(),
        modes: PlayMode::ALL
            .iter()
            .filter(|_| !multi)
            .map(|&mode| ModeOption {
                mode,
                label: mode.label(lang),
                selected: mode == s.mode,
            })
            .collect(),
        sides: if s.mode == PlayMode::VsComputer && !multi {
            [Side::First, Side::Second]
                .into_iter()
                .map(|side| SideOption {
                    side,
                    label: if side == Side::First {
                        tr!(
                            lang,
                            "home-side-first",
                            side = side_name(lang, s.game, side)
                        )
                    } else {
                        tr!(
                            lang,
                            "home-side-second",
                            side = side_name(lang, s.game, side)
                        )
                    },
                    selected: side == s.human_side,
                })
                .collect()
        } else {
            Vec::new()
        },
        level: s.level,
        levels: level_options(lang, s.level),
        min_level: *setup::LEVELS.start(),
        max_level: *setup::LEVELS.end(),
        engine,
        // The multi-player games search by level at each seat.
        engine_choices: computer_by_level,
        algorithms: setup::AlgorithmChoice::ALL
            .iter()
            .map(|&choice| AlgorithmOption {
                choice,
                label: choice.label(lang),
                selected: choice == s.algorithm,
            })
            .collect(),
        orderings: OrderingChoice::ALL
            .iter()
            .map(|&choice| OrderingOption {
                choice,
                label: choice.label(lang),
                selected: choice == s.ordering,
            })
            .collect(),
        heuristics,
        start_position: s.start_position.clone(),
        start_position_text: app.start_position_text(),
        start_position_error: app.position_error_text(),
        can_resume: resume.is_some(),
        resume_label: resume
            .map(|g| {
                let game = g.setup.title(lang);
                tr!(
                    lang,
                    "home-resume",
                    game = game,
                    number = g.snapshot.move_number + 1
                )
            })
            .unwrap_or_default(),
    }
}
