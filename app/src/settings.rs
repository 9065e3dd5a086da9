//! Engine settings as the shells set them, difficulty levels, and their translation into the
//! core's `SearchConfig` (clamped to the device limits).

use crate::error::{AppError, SettingsError};
use crate::level_threads::threads_for_level;
use crate::limits::EngineLimits;
use ply_core::search::{
    AdsConfig, AdsUpdate, Algorithm, HistoryIncrement, KillerMode, OrderingConfig, SearchConfig,
};

/// The search algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SearchAlgorithm {
    /// Pearl's SCOUT (TEST and EVAL), as in the Othello and Connect Four papers.
    Scout,
    /// Fail-soft alpha-beta.
    AlphaBeta,
    /// Principal variation search (NegaScout).
    Pvs,
    /// Monte Carlo tree search (UCT) with random playouts.
    Mcts,
    /// Plain minimax without pruning (the baseline; slow).
    Minimax,
    /// Best-Reply Search (Schadd and Winands): the multi-player games' default. With two
    /// players it is alpha-beta, and two-player games search it as such.
    BestReply,
    /// Paranoid: the player to move against a coalition of the others (alpha-beta with two).
    Paranoid,
    /// Max-N with shallow pruning: every player maximises their own value (alpha-beta with two).
    MaxN,
}

impl SearchAlgorithm {
    /// Searches for more than two players; a two-player game searches them as alpha-beta,
    /// which each of them is when there are two players.
    pub fn is_multi_player(self) -> bool {
        matches!(
            self,
            SearchAlgorithm::BestReply | SearchAlgorithm::Paranoid | SearchAlgorithm::MaxN
        )
    }
}

/// How History-ADS updates its list when a move causes a cut-off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum AdsUpdateRule {
    MoveToFront,
    Transposition,
}

/// History-ADS options: an adaptive list of the moves that caused cut-offs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct AdsOptions {
    pub update: AdsUpdateRule,
    /// Longest list (the move pushed past it is forgotten); `None` = unbounded.
    pub list_bound: Option<u32>,
    /// One list per tree level instead of one per side.
    pub per_level: bool,
}

/// Move ordering switches (none of them changes a search's value, only its speed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MoveOrdering {
    /// Static per-game order (corners first, centre columns first, captures first).
    pub static_order: bool,
    /// Try the transposition table's move first.
    pub tt_move: bool,
    /// Two killer moves per ply.
    pub killers: bool,
    /// History heuristic (depth² increments).
    pub history: bool,
    /// History-ADS, when set.
    pub ads: Option<AdsOptions>,
}

/// Which evaluation the engine uses.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum HeuristicChoice {
    /// A named preset of the weighted heuristic (`default` always exists).
    Preset { name: String },
    /// Explicit weights as JSON (`{"factor": weight, ...}`).
    CustomWeights { json: String },
}

/// Everything the computer player needs to search.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct EngineSettings {
    pub algorithm: SearchAlgorithm,
    pub ordering: MoveOrdering,
    pub heuristic: HeuristicChoice,
    /// Fixed depth in plies (iterative deepening up to it when `time_ms` is also set).
    pub depth: Option<u32>,
    /// Time budget per move in milliseconds.
    pub time_ms: Option<u64>,
    /// Transposition table size in bytes (0 = no table).
    pub tt_bytes: u64,
    /// MCTS playouts per move (ignored by the other algorithms).
    pub mcts_playouts: Option<u64>,
    /// The difficulty level these settings came from, if any (kept in game records).
    pub level: Option<u8>,
}

/// A per-call override of the depth and time of a computer move or hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub time_ms: Option<u64>,
}

/// The games: the core's kinds (whose facts table holds their names, player counts and
/// default players); a game's rules variant is a setting of its own ([`crate::RulesVariant`]).
pub use ply_core::games::GameKind;

/// Level 10's entry is not used: that level deepens on its time (`OTHELLO_TIMED_LEVEL`).
const DEPTHS_OTHELLO: [u32; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12];
/// Othello's strongest level is a time, not a depth: it deepens until its time is used (within
/// the device's depth cap), with Multi-ProbCut at this confidence, calibrated for the pattern
/// evaluation, buying the depth. As depth 12 it was no clear step over level 9's depth 10.
const OTHELLO_TIMED_LEVEL: u8 = 10;
pub const OTHELLO_PROBCUT: f64 = 1.5;
/// Othello levels solve the rest of the game exactly from this many empties (0: never): the
/// solver plays a perfect ending where a depth-limited search would guess. Half the move's time
/// at most; a solve that does not finish leaves the search the rest.
const EXACT_OTHELLO: [u32; 10] = [0, 0, 0, 0, 10, 12, 14, 16, 18, 20];
/// The first Othello level that judges with the pattern evaluation learned from real games and
/// opens from the book of real games' openings; the two below keep the weighted heuristic,
/// whose mistakes a beginner can beat.
const PATTERN_FROM_LEVEL: u8 = 3;
const DEPTHS_CONNECT4: [u32; 10] = [1, 2, 4, 6, 8, 10, 12, 14, 16, 18];
/// Connect Four's strongest level plays perfectly wherever its time allows: the opening book's
/// move up to the book's stones, else the solver's (the outcome first, then the fastest win or
/// the slowest loss), which gets nine tenths of the move's time; a solve that does not finish
/// leaves the search the rest. The levels below keep a depth, so that a person can beat them.
const CONNECT4_EXACT_LEVEL: u8 = 10;
const DEPTHS_CHECKERS: [u32; 10] = [1, 2, 3, 4, 6, 7, 8, 9, 10, 12];
/// Best-Reply Search layers (a layer is one player's move, or every opponent's replies).
const DEPTHS_MULTI: [u32; 10] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 6];

/// The settings of difficulty `level` (1 = weakest .. 10 = strongest) for `game`.
///
/// Mapping (documented for the settings screens):
/// - depth by level: Othello 1, 2, 3, 4, 5, 6, 7, 8, 10, then none (level 10 deepens on its time);
///   Connect Four 1, 2, 4, 6, ..., 18; draughts
///   1, 2, 3, 4, 6, 7, 8, 9, 10, 12; the multi-player games 1, 1, 2, 2, 3, 3, 4, 4, 5, 6 layers of
///   Best-Reply Search (levels 1-2 without ordering; 3+ with History-ADS and Threat-ADS, both
///   Move-to-Front, the History-ADS paper's best rule, and killers), iterative deepening on
///   time as for two players; they keep no table; in Focus a leaf is worth the player's value
///   less the strongest opponent's (`crate::multi::leaf_value`), where the papers take the
///   player's own, which left computers alone unable to finish;
/// - time budget `100 * level²` ms (0.1 s .. 10 s) with iterative deepening, so a move also
///   stops on time (and the device limits clamp both);
/// - levels 1-2 use plain alpha-beta with static ordering and no table (weak, fast, slightly
///   erratic); levels 3+ use PVS with every ordering (TT move, killers, history) and a table of
///   `2^(level-1)` MiB capped at 64 MiB;
/// - heuristic preset `default` at every level, but Othello's levels 3+ judge with the patterns
///   learned from real games and open from their book; Othello's level 10 has no depth: it
///   deepens with ProbCut for as long as its time allows; Connect Four's level 10 plays the
///   opening book and the exact solver's move wherever the solve ends in nine tenths of its time.
pub fn settings_for_difficulty(game: GameKind, level: u8) -> Result<EngineSettings, AppError> {
    if !(1..=10).contains(&level) {
        return Err(SettingsError::Level { level }.into());
    }
    let i = usize::from(level - 1);
    let table = match game {
        GameKind::Othello => &DEPTHS_OTHELLO,
        GameKind::ConnectFour => &DEPTHS_CONNECT4,
        GameKind::Draughts => &DEPTHS_CHECKERS,
        GameKind::Virus | GameKind::Focus | GameKind::ChineseCheckers => &DEPTHS_MULTI,
    };
    let depth = table.get(i).copied().unwrap_or(1);
    let weak = level <= 2;
    if game.is_multi_player() {
        return Ok(EngineSettings {
            algorithm: SearchAlgorithm::BestReply,
            ordering: MoveOrdering {
                static_order: true,
                tt_move: false,
                killers: !weak,
                history: false,
                ads: (!weak).then_some(AdsOptions {
                    update: AdsUpdateRule::MoveToFront,
                    list_bound: None,
                    per_level: false,
                }),
            },
            heuristic: HeuristicChoice::Preset {
                name: "default".into(),
            },
            depth: Some(depth),
            time_ms: Some(100 * u64::from(level) * u64::from(level)),
            tt_bytes: 0,
            mcts_playouts: None,
            level: Some(level),
        });
    }
    let heuristic = if game == GameKind::Othello && level >= PATTERN_FROM_LEVEL {
        ply_core::heuristic::games::OTHELLO_PATTERN
    } else {
        "default"
    };
    Ok(EngineSettings {
        algorithm: if weak {
            SearchAlgorithm::AlphaBeta
        } else {
            SearchAlgorithm::Pvs
        },
        ordering: MoveOrdering {
            static_order: true,
            tt_move: !weak,
            killers: !weak,
            history: !weak,
            ads: None,
        },
        heuristic: HeuristicChoice::Preset {
            name: heuristic.into(),
        },
        depth: (game != GameKind::Othello || level < OTHELLO_TIMED_LEVEL).then_some(depth),
        time_ms: Some(100 * u64::from(level) * u64::from(level)),
        tt_bytes: if weak {
            0
        } else {
            (1u64 << (level - 1)).min(64) << 20
        },
        mcts_playouts: None,
        level: Some(level),
    })
}

/// The default settings of a computer player (difficulty 5).
pub fn default_engine_settings(game: GameKind) -> EngineSettings {
    settings_for_difficulty(game, 5).unwrap_or_else(|_| fallback_settings())
}

fn fallback_settings() -> EngineSettings {
    EngineSettings {
        algorithm: SearchAlgorithm::Pvs,
        ordering: MoveOrdering {
            static_order: true,
            tt_move: true,
            killers: true,
            history: true,
            ads: None,
        },
        heuristic: HeuristicChoice::Preset {
            name: "default".into(),
        },
        depth: Some(4),
        time_ms: Some(1000),
        tt_bytes: 4 << 20,
        mcts_playouts: None,
        level: None,
    }
}

pub fn max_depth(limits: &EngineLimits, game: GameKind) -> u32 {
    match game {
        GameKind::Othello => limits.max_depth_othello,
        GameKind::ConnectFour => limits.max_depth_connect4,
        // The multi-player searches keep no table: only time bounds them, and draughts' cap
        // (the deepest of the small ones) keeps a fixed depth within it.
        GameKind::Draughts | GameKind::Virus | GameKind::Focus | GameKind::ChineseCheckers => {
            limits.max_depth_checkers
        }
    }
}

/// The core's search configuration for `settings`, with the per-call override applied and
/// everything clamped to `limits`: depth to the game's cap, table to `tt_bytes`, and time to
/// `max_time_ms` (a search always has a time budget, so it always ends).
pub fn search_config(
    settings: &EngineSettings,
    over: Option<SearchLimits>,
    limits: &EngineLimits,
    game: GameKind,
) -> SearchConfig {
    let depth = over.and_then(|o| o.depth).or(settings.depth);
    let time = over.and_then(|o| o.time_ms).or(settings.time_ms);
    let cap = max_depth(limits, game).max(1);
    let depth = depth.unwrap_or(cap).clamp(1, cap);
    let time_ms = time
        .unwrap_or(limits.max_time_ms)
        .min(limits.max_time_ms)
        .max(1);
    let tt_bytes = settings.tt_bytes.min(limits.tt_bytes);
    let mut config = SearchConfig {
        algorithm: match settings.algorithm {
            SearchAlgorithm::Scout => Algorithm::Scout,
            SearchAlgorithm::AlphaBeta => Algorithm::AlphaBeta,
            SearchAlgorithm::Pvs => Algorithm::Pvs,
            SearchAlgorithm::Mcts => Algorithm::Mcts,
            SearchAlgorithm::Minimax => Algorithm::Minimax,
            // Each is alpha-beta when two play (see `SearchAlgorithm`).
            SearchAlgorithm::BestReply | SearchAlgorithm::Paranoid | SearchAlgorithm::MaxN => {
                Algorithm::AlphaBeta
            }
        },
        depth: Some(depth),
        time_ms: Some(time_ms),
        iterative: true,
        ordering: ordering_config(&settings.ordering),
        tt_bytes: usize::try_from(tt_bytes).unwrap_or(usize::MAX),
        quiescence: game == GameKind::Draughts,
        exact_empties: exact_empties(game, settings.level),
        book: match game {
            GameKind::Othello => settings.level.is_some_and(|l| l >= PATTERN_FROM_LEVEL),
            GameKind::ConnectFour => settings.level == Some(CONNECT4_EXACT_LEVEL),
            _ => false,
        },
        probcut: (game == GameKind::Othello
            && settings.level.is_some_and(|l| l >= OTHELLO_TIMED_LEVEL))
        .then_some(OTHELLO_PROBCUT),
        lean_frontier: true,
        ..SearchConfig::default()
    };
    if let Some(p) = settings.mcts_playouts {
        config.mcts.playouts = Some(p.max(1));
    }
    // MCTS keeps its tree inside the same byte budget.
    config.mcts.max_nodes = Some((config.tt_bytes / 64).max(1024));
    config
}

/// The search of a computer move or hint: the settings within the limits, and a level's share
/// of the device's `cores` (pondering, on the person's time, stays on one thread).
pub fn move_config(
    settings: &EngineSettings,
    over: Option<SearchLimits>,
    limits: &EngineLimits,
    game: GameKind,
    cores: u32,
) -> SearchConfig {
    let mut config = search_config(settings, over, limits, game);
    config.threads = settings.level.map_or(1, |level| {
        threads_for_level(level, cores, config.tt_bytes as u64)
    });
    config
}

/// How close to the end a level's searches solve exactly (see [`EXACT_OTHELLO`],
/// [`CONNECT4_EXACT_LEVEL`]).
fn exact_empties(game: GameKind, level: Option<u8>) -> u32 {
    match (game, level) {
        (GameKind::Othello, Some(l)) => EXACT_OTHELLO
            .get(usize::from(l.clamp(1, 10)) - 1)
            .copied()
            .unwrap_or(0),
        (GameKind::ConnectFour, Some(CONNECT4_EXACT_LEVEL)) => {
            ply_core::games::connect4::bitboard::CELLS as u32
        }
        _ => 0,
    }
}

fn ordering_config(o: &MoveOrdering) -> OrderingConfig {
    OrderingConfig {
        static_order: o.static_order,
        tt_move: o.tt_move,
        killers: if o.killers {
            KillerMode::PerPly
        } else {
            KillerMode::Off
        },
        history: o.history.then_some(HistoryIncrement::DepthSquared),
        ads: o.ads.map(|a| AdsConfig {
            update: match a.update {
                AdsUpdateRule::MoveToFront => AdsUpdate::MoveToFront,
                AdsUpdateRule::Transposition => AdsUpdate::Transposition,
            },
            limit: a.list_bound.map(|n| n as usize),
            per_level: a.per_level,
        }),
        // No level sorts by evaluation: with iterative deepening it saved Othello 16 % of the
        // nodes and no time, and cost Connect Four and draughts time (docs/performance.md).
        evaluation: false,
    }
}

/// The record format's description of a computer player's settings.
pub fn record_engine(settings: &EngineSettings) -> ply_core::record::EngineSettings {
    let mut e = ply_core::record::EngineSettings {
        algorithm: match settings.algorithm {
            SearchAlgorithm::Scout => "scout",
            SearchAlgorithm::AlphaBeta => "alphabeta",
            SearchAlgorithm::Pvs => "pvs",
            SearchAlgorithm::Mcts => "mcts",
            SearchAlgorithm::Minimax => "minimax",
            SearchAlgorithm::BestReply => "brs",
            SearchAlgorithm::Paranoid => "paranoid",
            SearchAlgorithm::MaxN => "maxn",
        }
        .to_string(),
        depth: settings.depth,
        time_ms: settings.time_ms,
        ordering: Some(
            ordering_config(&settings.ordering)
                .names()
                .iter()
                .map(|n| n.name())
                .collect::<Vec<_>>()
                // Records take short names only (letters, digits, `. - _ +`): a comma here made
                // every game against a level-3-or-stronger computer unrecordable.
                .join("+"),
        ),
        tt_bytes: Some(settings.tt_bytes),
        level: settings.level,
        ..Default::default()
    };
    match &settings.heuristic {
        HeuristicChoice::Preset { name } => e.heuristic = Some(name.clone()),
        HeuristicChoice::CustomWeights { json } => {
            e.heuristic = Some("custom".into());
            if let Ok(map) = serde_json::from_str::<std::collections::BTreeMap<String, f64>>(json) {
                e.weights = map;
            }
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::recommended_limits;

    #[test]
    fn difficulty_is_monotone_and_bounded() {
        for game in [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts] {
            let (mut last_depth, mut last_time) = (0, 0);
            for level in 1..=10 {
                let s = settings_for_difficulty(game, level).expect("valid level");
                let time = s.time_ms.expect("every level has a time");
                assert!(time > last_time, "{game:?} level {level}");
                last_time = time;
                match s.depth {
                    Some(d) => {
                        assert!(d > last_depth, "{game:?} level {level}");
                        last_depth = d;
                    }
                    // Only Othello's top level deepens on its time alone, with ProbCut.
                    None => {
                        assert_eq!((game, level), (GameKind::Othello, 10));
                        let c = search_config(&s, None, &crate::limits::unlimited(), game);
                        assert_eq!(c.probcut, Some(OTHELLO_PROBCUT));
                        assert!(c.depth.is_some_and(|d| d > last_depth));
                    }
                }
            }
        }
        assert!(settings_for_difficulty(GameKind::Othello, 0).is_err());
        assert!(settings_for_difficulty(GameKind::Othello, 11).is_err());
    }

    /// Every level's engine, of every game, and whatever version string a platform reports,
    /// fit a record the core validates (a Connect Four win whose second player is that
    /// computer).
    #[test]
    fn every_levels_engine_fits_a_record() {
        use crate::session::{PlayerKind, Session};
        use crate::snapshot::Side;
        for kind in GameKind::ALL {
            for level in 1..=10 {
                let settings = settings_for_difficulty(kind, level).expect("a level");
                let s = Session::new(
                    GameKind::ConnectFour,
                    PlayerKind::Human,
                    PlayerKind::Human,
                    None,
                )
                .expect("a session");
                for m in ["1", "2", "1", "2", "1", "2", "1"] {
                    s.play(m.into()).expect("a move");
                }
                s.set_player(Side::Second, PlayerKind::Computer { settings });
                // A platform's version string with spaces and brackets, or none at all.
                let version = if level % 2 == 0 { "1.2 (45) beta" } else { " " };
                s.set_client(version.into(), crate::session::ClientPlatform::Ios, 0);
                let json = s
                    .record_json()
                    .unwrap_or_else(|e| panic!("{kind:?} level {level}: {e}"));
                ply_core::record::validate_json(json.as_bytes())
                    .unwrap_or_else(|e| panic!("{kind:?} level {level}: {e}"));
            }
        }
    }

    #[test]
    fn a_levels_move_takes_its_share_of_the_cores_within_the_table() {
        let limits = recommended_limits(8 << 30, 4 << 30, 8);
        let threads = |level: u8, cores: u32| {
            let s = settings_for_difficulty(GameKind::Othello, level).expect("a level");
            move_config(&s, None, &limits, GameKind::Othello, cores).threads
        };
        // The same rule as `level_threads`'s, on the table this device allows each level.
        for level in 1..=10 {
            let s = settings_for_difficulty(GameKind::Othello, level).expect("a level");
            let tt = search_config(&s, None, &limits, GameKind::Othello).tt_bytes as u64;
            assert_eq!(
                threads(level, 8),
                threads_for_level(level, 8, tt),
                "level {level}"
            );
        }
        assert_eq!(threads(1, 8), 1);
        assert!(
            threads(10, 8) > 1,
            "the strongest level searches on several cores"
        );
        assert_eq!(threads(10, 1), 1, "one core, one thread");
        assert_eq!(threads(10, 0), 1, "unknown cores, one thread");
        // Custom settings (no level) stay on one thread: the experiments' deterministic mode.
        let mut custom = settings_for_difficulty(GameKind::Othello, 10).expect("level 10");
        custom.level = None;
        assert_eq!(
            move_config(&custom, None, &limits, GameKind::Othello, 8).threads,
            1
        );
    }

    #[test]
    fn search_config_is_clamped_to_the_limits() {
        let limits = recommended_limits(1 << 30, 1 << 29, 2);
        let mut s = settings_for_difficulty(GameKind::Othello, 10).expect("level 10");
        s.depth = Some(40);
        s.time_ms = Some(1_000_000);
        s.tt_bytes = 1 << 40;
        let c = search_config(&s, None, &limits, GameKind::Othello);
        assert_eq!(c.depth, Some(limits.max_depth_othello));
        assert_eq!(c.time_ms, Some(limits.max_time_ms));
        assert_eq!(c.tt_bytes as u64, limits.tt_bytes);
        let c = search_config(
            &s,
            Some(SearchLimits {
                depth: Some(3),
                time_ms: Some(50),
            }),
            &limits,
            GameKind::Othello,
        );
        assert_eq!((c.depth, c.time_ms), (Some(3), Some(50)));
    }
}
