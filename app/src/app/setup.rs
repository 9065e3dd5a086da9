//! What defines a new game (the home screen's choices) and how it becomes engine settings.

use crate::i18n::Lang;
use crate::rules_variant::RulesVariant;
use crate::settings::{
    AdsOptions, AdsUpdateRule, EngineSettings, GameKind, HeuristicChoice, MoveOrdering,
    SearchAlgorithm, settings_for_difficulty,
};
use crate::snapshot::Side;
use crate::tr;
use crate::{AppError, PlayerKind};
use serde::{Deserialize, Serialize};

/// One seat of a multi-player game: a person, or the computer at a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatChoice {
    pub human: bool,
    /// The computer's level (kept while a person sits there, for when the seat goes back).
    pub level: u8,
}

/// Difficulty levels, weakest first.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// The level a new install starts at: strong enough to need thought on a laptop or phone
/// (Othello depth 6 with iterative PVS), fast enough to answer within a second.
pub const DEFAULT_LEVEL: u8 = 6;

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PlayMode {
    /// One person against the computer.
    VsComputer,
    /// Two people sharing one device.
    TwoPlayers,
    /// The computer plays both sides (pause and resume).
    ComputerVsComputer,
}

impl PlayMode {
    pub const ALL: [PlayMode; 3] = [
        PlayMode::VsComputer,
        PlayMode::TwoPlayers,
        PlayMode::ComputerVsComputer,
    ];

    pub fn label(self, lang: Lang) -> String {
        match self {
            PlayMode::VsComputer => tr!(lang, "mode-vs-computer"),
            PlayMode::TwoPlayers => tr!(lang, "mode-two-players"),
            PlayMode::ComputerVsComputer => tr!(lang, "mode-computer-vs-computer"),
        }
    }

    pub fn has_human(self) -> bool {
        self != PlayMode::ComputerVsComputer
    }
}

/// The algorithm choice on the home screen (plain minimax is a research baseline, not offered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum AlgorithmChoice {
    /// Whatever the level chooses.
    ByLevel,
    Scout,
    AlphaBeta,
    Pvs,
    Mcts,
}

impl AlgorithmChoice {
    pub const ALL: [AlgorithmChoice; 5] = [
        AlgorithmChoice::ByLevel,
        AlgorithmChoice::Scout,
        AlgorithmChoice::AlphaBeta,
        AlgorithmChoice::Pvs,
        AlgorithmChoice::Mcts,
    ];

    pub fn label(self, lang: Lang) -> String {
        match self {
            AlgorithmChoice::ByLevel => tr!(lang, "choice-by-level"),
            AlgorithmChoice::Scout => tr!(lang, "algorithm-scout"),
            AlgorithmChoice::AlphaBeta => tr!(lang, "algorithm-alpha-beta"),
            AlgorithmChoice::Pvs => tr!(lang, "algorithm-pvs"),
            AlgorithmChoice::Mcts => tr!(lang, "algorithm-mcts"),
        }
    }

    fn algorithm(self) -> Option<SearchAlgorithm> {
        match self {
            AlgorithmChoice::ByLevel => None,
            AlgorithmChoice::Scout => Some(SearchAlgorithm::Scout),
            AlgorithmChoice::AlphaBeta => Some(SearchAlgorithm::AlphaBeta),
            AlgorithmChoice::Pvs => Some(SearchAlgorithm::Pvs),
            AlgorithmChoice::Mcts => Some(SearchAlgorithm::Mcts),
        }
    }
}

/// Move-ordering presets (they change the speed of a search, never its value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum OrderingChoice {
    ByLevel,
    StaticOnly,
    /// Transposition-table move, killers, history.
    Full,
    /// History-ADS with Move-to-Front (the History-ADS paper's best list rule).
    HistoryAds,
}

impl OrderingChoice {
    pub const ALL: [OrderingChoice; 4] = [
        OrderingChoice::ByLevel,
        OrderingChoice::StaticOnly,
        OrderingChoice::Full,
        OrderingChoice::HistoryAds,
    ];

    pub fn label(self, lang: Lang) -> String {
        match self {
            OrderingChoice::ByLevel => tr!(lang, "choice-by-level"),
            OrderingChoice::StaticOnly => tr!(lang, "ordering-static"),
            OrderingChoice::Full => tr!(lang, "ordering-full"),
            OrderingChoice::HistoryAds => tr!(lang, "ordering-history-ads"),
        }
    }

    fn ordering(self, level_default: MoveOrdering) -> MoveOrdering {
        let plain = MoveOrdering {
            static_order: true,
            tt_move: false,
            killers: false,
            history: false,
            ads: None,
        };
        match self {
            OrderingChoice::ByLevel => level_default,
            OrderingChoice::StaticOnly => plain,
            OrderingChoice::Full => MoveOrdering {
                tt_move: true,
                killers: true,
                history: true,
                ..plain
            },
            OrderingChoice::HistoryAds => MoveOrdering {
                tt_move: true,
                ads: Some(AdsOptions {
                    update: AdsUpdateRule::MoveToFront,
                    list_bound: None,
                    per_level: false,
                }),
                ..plain
            },
        }
    }
}

/// Everything that defines a new game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(deserialize_with = "super::old_formats::game")]
    pub game: GameKind,
    /// The rules the game is played under (one of the game's variants; settings written before
    /// the rules were a setting of their own have none: standard, or the relaxed draughts their
    /// `game` names, which [`Setup`]'s reading turns into this).
    #[serde(default)]
    pub rules: RulesVariant,
    pub mode: PlayMode,
    /// Against the computer: the side the person plays (`First` moves first).
    pub human_side: Side,
    pub level: u8,
    pub algorithm: AlgorithmChoice,
    pub ordering: OrderingChoice,
    /// A heuristic preset by name; `None` uses the custom weights stored in the settings for
    /// this game if there are any, else `default`.
    pub heuristic: Option<String>,
    /// A start position in the game's notation (`None`: the standard start).
    pub start_position: Option<String>,
    /// The multi-player games' seats in turn order (see [`Setup::seats_for`]); unused by the
    /// two-player games, which seat by `mode`.
    #[serde(default)]
    pub seats: Vec<SeatChoice>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            game: GameKind::Othello,
            rules: RulesVariant::Standard,
            mode: PlayMode::VsComputer,
            human_side: Side::First,
            level: DEFAULT_LEVEL,
            algorithm: AlgorithmChoice::ByLevel,
            ordering: OrderingChoice::ByLevel,
            heuristic: None,
            start_position: None,
            seats: Vec::new(),
        }
    }
}

impl Setup {
    /// The game's title under the chosen rules (menus, headings, the history).
    pub fn title(&self, lang: Lang) -> String {
        game_title_under(lang, self.game, self.rules)
    }

    /// The computer's engine settings: the level's, with the engine choices applied;
    /// `custom_weights` is the settings' weights JSON for this game, if any. A multi-player
    /// game's are its seats' (the engine choices are the two-player engines', hidden there).
    pub fn engine_settings(
        &self,
        custom_weights: Option<&str>,
    ) -> Result<EngineSettings, AppError> {
        if self.game.is_multi_player() {
            return self.seat_settings(self.level, custom_weights);
        }
        let base = settings_for_difficulty(self.game, self.level)?;
        let heuristic = match (&self.heuristic, custom_weights) {
            (Some(name), _) => HeuristicChoice::Preset { name: name.clone() },
            (None, Some(json)) => HeuristicChoice::CustomWeights { json: json.into() },
            (None, None) => base.heuristic.clone(),
        };
        Ok(EngineSettings {
            algorithm: self.algorithm.algorithm().unwrap_or(base.algorithm),
            ordering: self.ordering.ordering(base.ordering),
            heuristic,
            ..base
        })
    }

    /// The seats of the chosen multi-player game: the chosen ones, cut to the most the game
    /// seats or filled with computers to the fewest; a person and computers at the level when
    /// none were chosen.
    pub fn seats_for(&self, game: GameKind) -> Vec<SeatChoice> {
        let counts = game.player_counts();
        let len = self.seats.len();
        let want = if len == 0 {
            usize::from(game.default_players())
        } else if counts.iter().any(|&c| usize::from(c) == len) {
            len
        } else {
            counts
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| c <= len)
                .max()
                .unwrap_or_else(|| counts.first().map_or(2, |&c| usize::from(c)))
        };
        let mut seats = self.seats.clone();
        if seats.is_empty() {
            seats.push(SeatChoice {
                human: true,
                level: self.level,
            });
        }
        seats.truncate(want);
        while seats.len() < want {
            seats.push(SeatChoice {
                human: false,
                level: self.level,
            });
        }
        seats
    }

    /// The engine settings of a multi-player game's computer at `level`, with the heuristic
    /// chosen (its algorithm and orderings are the level's: the home screen's engine choices
    /// are the two-player engines').
    fn seat_settings(
        &self,
        level: u8,
        custom_weights: Option<&str>,
    ) -> Result<EngineSettings, AppError> {
        let base = settings_for_difficulty(self.game, level)?;
        let heuristic = match (&self.heuristic, custom_weights) {
            (Some(name), _) => HeuristicChoice::Preset { name: name.clone() },
            (None, Some(json)) => HeuristicChoice::CustomWeights { json: json.into() },
            (None, None) => base.heuristic.clone(),
        };
        Ok(EngineSettings { heuristic, ..base })
    }

    /// A person plays at least one seat (else the computers play on their own, and pause).
    pub fn has_human(&self) -> bool {
        if self.game.is_multi_player() {
            return self.seats_for(self.game).iter().any(|s| s.human);
        }
        self.mode.has_human()
    }

    /// True when a person plays seat `seat` (turn order).
    pub fn is_human_seat(&self, seat: u32) -> bool {
        if self.game.is_multi_player() {
            return self
                .seats_for(self.game)
                .get(seat as usize)
                .is_some_and(|s| s.human);
        }
        self.is_human(Side::of(seat.min(1) as u8))
    }

    /// True when a person plays `side`.
    pub fn is_human(&self, side: Side) -> bool {
        match self.mode {
            PlayMode::TwoPlayers => true,
            PlayMode::ComputerVsComputer => false,
            PlayMode::VsComputer => side == self.human_side,
        }
    }

    /// Who plays each seat, in turn order.
    pub fn seat_players(&self, custom_weights: Option<&str>) -> Result<Vec<PlayerKind>, AppError> {
        if !self.game.is_multi_player() {
            return Ok(self.players(custom_weights)?.to_vec());
        }
        self.seats_for(self.game)
            .iter()
            .map(|s| {
                Ok(if s.human {
                    PlayerKind::Human
                } else {
                    PlayerKind::Computer {
                        settings: self.seat_settings(s.level, custom_weights)?,
                    }
                })
            })
            .collect()
    }

    /// Who plays each side of a two-player game, first then second.
    pub fn players(&self, custom_weights: Option<&str>) -> Result<[PlayerKind; 2], AppError> {
        let computer = PlayerKind::Computer {
            settings: self.engine_settings(custom_weights)?,
        };
        let seat = |side| {
            if self.is_human(side) {
                PlayerKind::Human
            } else {
                computer.clone()
            }
        };
        Ok([seat(Side::First), seat(Side::Second)])
    }
}

/// The title of a game for menus and headings.
pub fn game_title(lang: Lang, game: GameKind) -> String {
    match game {
        GameKind::Othello => tr!(lang, "game-othello"),
        GameKind::ConnectFour => tr!(lang, "game-connect-four"),
        GameKind::Draughts => tr!(lang, "game-draughts"),
        GameKind::Virus => tr!(lang, "game-virus"),
        GameKind::Focus => tr!(lang, "game-focus"),
        GameKind::ChineseCheckers => tr!(lang, "game-chinese-checkers"),
    }
}

/// The title of a game under its rules: the game's, or one naming the variant ("Draughts
/// (captures optional)").
pub fn game_title_under(lang: Lang, game: GameKind, rules: RulesVariant) -> String {
    match rules {
        RulesVariant::Standard => game_title(lang, game),
        RulesVariant::Relaxed => tr!(lang, "game-relaxed-draughts"),
    }
}

/// The label of a rules variant on the home screen ("Captures compulsory").
pub fn rules_label(lang: Lang, rules: RulesVariant) -> String {
    match rules {
        RulesVariant::Standard => tr!(lang, "rules-standard"),
        RulesVariant::Relaxed => tr!(lang, "rules-relaxed"),
    }
}

/// The name of seat `seat` of a game: a two-player game's side name, else a colour (the shells
/// draw seat `i` in the `i`-th seat colour: red, blue, green, yellow, purple, orange).
pub fn seat_name(lang: Lang, game: GameKind, seat: u32) -> String {
    if !game.is_multi_player() {
        return side_name(lang, game, Side::of(seat.min(1) as u8));
    }
    match seat {
        0 => tr!(lang, "seat-red"),
        1 => tr!(lang, "seat-blue"),
        2 => tr!(lang, "seat-green"),
        3 => tr!(lang, "seat-yellow"),
        4 => tr!(lang, "seat-purple"),
        5 => tr!(lang, "seat-orange"),
        _ => tr!(lang, "seat-other"),
    }
}

/// The name of a side in a game: Othello and draughts black and white, Connect Four red and
/// yellow.
pub fn side_name(lang: Lang, game: GameKind, side: Side) -> String {
    match (game, side) {
        (GameKind::ConnectFour, Side::First) => tr!(lang, "side-red"),
        (GameKind::ConnectFour, Side::Second) => tr!(lang, "side-yellow"),
        (_, Side::First) => tr!(lang, "side-black"),
        (_, Side::Second) => tr!(lang, "side-white"),
    }
}

/// The symbol a text board shows for a side's pieces (`X` black or red, `O` white or yellow).
pub fn side_symbol(side: Side) -> char {
    match side {
        Side::First => 'X',
        Side::Second => 'O',
    }
}

/// One line describing an engine: "PVS, 6 plies, up to 3.6 s, 32 MiB table, heuristic default".
pub fn describe_engine(lang: Lang, settings: &EngineSettings) -> String {
    let mut parts = vec![match settings.algorithm {
        SearchAlgorithm::Scout => tr!(lang, "algorithm-scout"),
        SearchAlgorithm::AlphaBeta => tr!(lang, "algorithm-alpha-beta"),
        SearchAlgorithm::Pvs => tr!(lang, "algorithm-pvs"),
        SearchAlgorithm::Mcts => tr!(lang, "algorithm-mcts"),
        SearchAlgorithm::Minimax => tr!(lang, "algorithm-minimax"),
        SearchAlgorithm::BestReply => tr!(lang, "algorithm-best-reply"),
        SearchAlgorithm::Paranoid => tr!(lang, "algorithm-paranoid"),
        SearchAlgorithm::MaxN => tr!(lang, "algorithm-max-n"),
    }];
    let multi = settings.algorithm.is_multi_player();
    if multi && settings.ordering.ads.is_some() {
        parts.push(tr!(lang, "engine-ads"));
    }
    if let Some(d) = settings.depth {
        parts.push(if multi {
            tr!(lang, "engine-layers", depth = d)
        } else {
            tr!(lang, "engine-plies", depth = d)
        });
    }
    if let Some(t) = settings.time_ms {
        let seconds = lang.decimal(t as f64 / 1000.0, 1);
        parts.push(tr!(lang, "engine-time", seconds = seconds));
    }
    if !multi {
        parts.push(if settings.tt_bytes == 0 {
            tr!(lang, "engine-no-table")
        } else {
            tr!(lang, "engine-table", mib = settings.tt_bytes >> 20)
        });
    }
    parts.push(match &settings.heuristic {
        HeuristicChoice::Preset { name } => tr!(lang, "engine-heuristic", name = name),
        HeuristicChoice::CustomWeights { .. } => tr!(lang, "engine-custom-weights"),
    });
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_override_only_what_they_name() {
        let setup = Setup {
            algorithm: AlgorithmChoice::Scout,
            ..Setup::default()
        };
        let level = settings_for_difficulty(GameKind::Othello, DEFAULT_LEVEL).expect("level");
        let s = setup.engine_settings(None).expect("settings");
        assert_eq!(s.algorithm, SearchAlgorithm::Scout);
        assert_eq!(
            (s.depth, s.tt_bytes, s.ordering),
            (level.depth, level.tt_bytes, level.ordering)
        );
        let custom = setup.engine_settings(Some("{}")).expect("settings");
        assert!(matches!(
            custom.heuristic,
            HeuristicChoice::CustomWeights { .. }
        ));
        let preset = Setup {
            heuristic: Some("static-table".into()),
            ..setup
        };
        assert!(matches!(
            preset.engine_settings(Some("{}")).expect("settings").heuristic,
            HeuristicChoice::Preset { ref name } if name == "static-table"
        ));
    }

    #[test]
    fn seats_follow_the_mode() {
        let mut s = Setup {
            human_side: Side::Second,
            ..Setup::default()
        };
        let [a, b] = s.players(None).expect("players");
        assert!(matches!(a, PlayerKind::Computer { .. }) && b == PlayerKind::Human);
        s.mode = PlayMode::TwoPlayers;
        assert_eq!(
            s.players(None).expect("players"),
            [PlayerKind::Human, PlayerKind::Human]
        );
        s.mode = PlayMode::ComputerVsComputer;
        assert!(!s.is_human(Side::First) && !s.is_human(Side::Second));
    }
}
