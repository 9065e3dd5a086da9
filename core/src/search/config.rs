//! Engine settings: which algorithm, how deep or how long, which move ordering, how much memory.
//!
//! Every type here is serde-serialisable because game records store the full engine settings,
//! and every field has a default so records written by older versions still load.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Plain minimax (negamax form) without any pruning: the baseline every paper measures against.
    Minimax,
    /// Fail-soft alpha-beta (negamax form).
    #[serde(rename = "alphabeta", alias = "alpha-beta")]
    AlphaBeta,
    /// Principal variation search / NegaScout: null windows on later children, re-search on fail high.
    #[default]
    Pvs,
    /// Pearl's SCOUT as published: boolean TEST and EVAL that re-evaluates when TEST succeeds.
    Scout,
    /// Monte Carlo tree search with UCT selection.
    Mcts,
}

impl Algorithm {
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Pvs,
        Algorithm::Scout,
        Algorithm::Mcts,
    ];

    /// The name the CLI, records and bindings use.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Pvs => "pvs",
            Algorithm::Scout => "scout",
            Algorithm::Mcts => "mcts",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for unknown names of algorithms, orderings and other settings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{name}' (expected one of: {expected})")]
pub struct UnknownName {
    pub what: &'static str,
    pub name: String,
    pub expected: String,
}

impl FromStr for Algorithm {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        match s.to_ascii_lowercase().as_str() {
            "minimax" | "negamax" => Ok(Algorithm::Minimax),
            "alphabeta" | "alpha-beta" | "ab" => Ok(Algorithm::AlphaBeta),
            "pvs" | "negascout" | "palphabeta" => Ok(Algorithm::Pvs),
            "scout" => Ok(Algorithm::Scout),
            "mcts" | "uct" => Ok(Algorithm::Mcts),
            _ => Err(UnknownName {
                what: "algorithm",
                name: s.to_string(),
                expected: "minimax, alphabeta, pvs, scout, mcts".into(),
            }),
        }
    }
}

/// One named move-ordering technique, as the CLI names them. Several combine into an
/// [`OrderingConfig`] (see [`OrderingConfig::from_names`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ordering {
    /// Generation order only (no reordering at all, not even the TT move).
    None,
    /// The game's static order (`Game::static_order`: corners, centre columns, captures first).
    Static,
    /// The transposition table's best move first.
    Tt,
    /// Killer moves, two per ply.
    Killer,
    /// One global killer list of N moves (the draughts framework's variant; N = `ads_limit` or 8).
    KillerGlobal,
    /// History heuristic (depth² increments).
    History,
    /// History heuristic with 2^depth increments.
    HistoryPow2,
    /// History-ADS with Move-to-Front update.
    AdsMtf,
    /// History-ADS with Transposition (swap with predecessor) update.
    AdsTranspose,
    /// At nodes with [`crate::search::ordering::EVALUATION_MIN_DEPTH`] or more plies left, the
    /// moves after the TT move sorted by the evaluation after each (and the opponent's mobility
    /// as the evaluator weighs it), instead of the static, history and killer order.
    Evaluation,
}

impl Ordering {
    pub const ALL: [Ordering; 10] = [
        Ordering::None,
        Ordering::Static,
        Ordering::Tt,
        Ordering::Killer,
        Ordering::KillerGlobal,
        Ordering::History,
        Ordering::HistoryPow2,
        Ordering::AdsMtf,
        Ordering::AdsTranspose,
        Ordering::Evaluation,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Ordering::None => "none",
            Ordering::Static => "static",
            Ordering::Tt => "tt",
            Ordering::Killer => "killer",
            Ordering::KillerGlobal => "killer-global",
            Ordering::History => "history",
            Ordering::HistoryPow2 => "history-2d",
            Ordering::AdsMtf => "ads-mtf",
            Ordering::AdsTranspose => "ads-transpose",
            Ordering::Evaluation => "eval",
        }
    }
}

impl fmt::Display for Ordering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Ordering {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        let lower = s.trim().to_ascii_lowercase();
        Ordering::ALL
            .iter()
            .copied()
            .find(|o| o.name() == lower)
            .ok_or_else(|| UnknownName {
                what: "ordering",
                name: s.to_string(),
                expected: Ordering::ALL
                    .iter()
                    .map(|o| o.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Killer-move variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum KillerMode {
    #[default]
    Off,
    /// Two slots per ply; a new killer enters slot 0 and pushes slot 0 to slot 1.
    PerPly,
    /// A single list of `n` moves for the whole tree, most recent cut first.
    Global { n: usize },
}

/// How much a cut-off adds to a move's history score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum HistoryIncrement {
    /// depth × depth (Schaeffer's original).
    #[default]
    DepthSquared,
    /// 2^depth (depth capped at 30).
    TwoPowDepth,
}

/// History-ADS list update on a query (a cut-off).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum AdsUpdate {
    /// The queried move goes to the front of the list.
    #[default]
    MoveToFront,
    /// The queried move swaps places with its predecessor.
    Transposition,
}

/// History-ADS settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AdsConfig {
    pub update: AdsUpdate,
    /// Length bound N: after an update the element pushed past N is forgotten. `None` = unbounded.
    pub limit: Option<usize>,
    /// One list per tree level (ply from the root) instead of one for the whole tree.
    pub per_level: bool,
}

impl Default for AdsConfig {
    fn default() -> Self {
        AdsConfig {
            update: AdsUpdate::MoveToFront,
            limit: None,
            per_level: false,
        }
    }
}

/// Which move-ordering techniques are on. They compose in a fixed priority (see
/// [`crate::search::ordering`]); none of them changes a search's value, only its node count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OrderingConfig {
    /// Sort by `Game::static_order` first.
    pub static_order: bool,
    /// Try the transposition table's best move (or the previous iteration's best root move) first.
    pub tt_move: bool,
    pub killers: KillerMode,
    /// History heuristic increment, `None` = off.
    pub history: Option<HistoryIncrement>,
    /// History-ADS, `None` = off.
    pub ads: Option<AdsConfig>,
    /// Sort by the evaluation after each move where enough depth is left ([`Ordering::Evaluation`]).
    #[serde(default)]
    pub evaluation: bool,
}

impl Default for OrderingConfig {
    /// A strong everyday combination: static order, TT move, killers, history.
    fn default() -> Self {
        OrderingConfig {
            static_order: true,
            tt_move: true,
            killers: KillerMode::PerPly,
            history: Some(HistoryIncrement::DepthSquared),
            ads: None,
            evaluation: false,
        }
    }
}

impl OrderingConfig {
    /// Generation order, nothing else.
    pub fn none() -> Self {
        OrderingConfig {
            static_order: false,
            tt_move: false,
            killers: KillerMode::Off,
            history: None,
            ads: None,
            evaluation: false,
        }
    }

    /// Combines named techniques (`none` alone means generation order). `ads_limit` and
    /// `ads_per_level` refine `ads-mtf`/`ads-transpose`; `ads_limit` is also the size of the
    /// global killer list.
    pub fn from_names(names: &[Ordering], ads_limit: Option<usize>, ads_per_level: bool) -> Self {
        let mut cfg = OrderingConfig::none();
        for name in names {
            match name {
                Ordering::None => {}
                Ordering::Static => cfg.static_order = true,
                Ordering::Tt => cfg.tt_move = true,
                Ordering::Killer => cfg.killers = KillerMode::PerPly,
                Ordering::KillerGlobal => {
                    cfg.killers = KillerMode::Global {
                        n: ads_limit.unwrap_or(8).max(1),
                    }
                }
                Ordering::History => cfg.history = Some(HistoryIncrement::DepthSquared),
                Ordering::HistoryPow2 => cfg.history = Some(HistoryIncrement::TwoPowDepth),
                Ordering::AdsMtf | Ordering::AdsTranspose => {
                    let update = if *name == Ordering::AdsMtf {
                        AdsUpdate::MoveToFront
                    } else {
                        AdsUpdate::Transposition
                    };
                    cfg.ads = Some(AdsConfig {
                        update,
                        limit: ads_limit,
                        per_level: ads_per_level,
                    });
                }
                Ordering::Evaluation => cfg.evaluation = true,
            }
        }
        cfg
    }

    /// Parses a comma-separated list such as `static,tt,ads-mtf`.
    pub fn parse_list(
        list: &str,
        ads_limit: Option<usize>,
        ads_per_level: bool,
    ) -> Result<Self, UnknownName> {
        let names = list
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(str::parse)
            .collect::<Result<Vec<Ordering>, _>>()?;
        Ok(OrderingConfig::from_names(&names, ads_limit, ads_per_level))
    }

    /// The technique names this configuration switches on (inverse of [`Self::from_names`]).
    pub fn names(&self) -> Vec<Ordering> {
        let mut out = Vec::new();
        if self.static_order {
            out.push(Ordering::Static);
        }
        if self.tt_move {
            out.push(Ordering::Tt);
        }
        match self.killers {
            KillerMode::Off => {}
            KillerMode::PerPly => out.push(Ordering::Killer),
            KillerMode::Global { .. } => out.push(Ordering::KillerGlobal),
        }
        match self.history {
            None => {}
            Some(HistoryIncrement::DepthSquared) => out.push(Ordering::History),
            Some(HistoryIncrement::TwoPowDepth) => out.push(Ordering::HistoryPow2),
        }
        match self.ads.map(|a| a.update) {
            None => {}
            Some(AdsUpdate::MoveToFront) => out.push(Ordering::AdsMtf),
            Some(AdsUpdate::Transposition) => out.push(Ordering::AdsTranspose),
        }
        if self.evaluation {
            out.push(Ordering::Evaluation);
        }
        if out.is_empty() {
            out.push(Ordering::None);
        }
        out
    }
}

/// How MCTS finishes a simulation from a new leaf.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Playout {
    /// Uniformly random moves to the end of the game.
    #[default]
    Random,
    /// With probability `epsilon` a random move, otherwise the move whose resulting position the
    /// evaluator likes best (for the mover).
    EpsilonGreedy { epsilon: f64 },
    /// Random moves for at most `plies` plies, then the evaluator's verdict turned into a win
    /// probability (logistic with scale `scale`: p = 1 / (1 + exp(-eval / scale))).
    Cutoff { plies: u32, scale: f64 },
}

/// Monte Carlo tree search settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MctsConfig {
    /// Number of playouts (iterations). `None` = until the time budget runs out, or 10,000
    /// playouts when there is no time budget.
    pub playouts: Option<u64>,
    /// Cap on tree nodes (also capped by `SearchConfig::tt_bytes`, which MCTS uses as its
    /// memory budget). `None` = memory budget only.
    pub max_nodes: Option<usize>,
    /// UCT exploration constant C in `q + C * sqrt(ln N / n)`.
    pub exploration: f64,
    pub playout: Playout,
    /// Seed of the engine's own RNG: equal seeds give equal searches.
    pub seed: u64,
    /// Stop once this many nodes (tree steps plus playout plies, `SearchStats::nodes`) are
    /// spent: the budget of the draughts framework's UCT, independent of the machine's speed.
    /// The iteration under way finishes. With `playouts: None`, the only limit.
    pub node_budget: Option<u64>,
    /// Root parallelism: this many independent trees, one a thread (seeds derived from
    /// `seed`), merged at the root by summing visits and rewards. Playout and node budgets and
    /// the node cap are shared out among the trees, so more threads take no more memory.
    /// 0 and 1 mean one tree on the calling thread.
    pub threads: u32,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            playouts: Some(10_000),
            max_nodes: None,
            exploration: std::f64::consts::SQRT_2,
            playout: Playout::Random,
            seed: 0x5eed,
            node_budget: None,
            threads: 1,
        }
    }
}

/// Everything a search needs besides the position and the evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchConfig {
    pub algorithm: Algorithm,
    /// Depth limit in plies. `None` with a time budget = deepen until time runs out;
    /// `None` without one = [`SearchConfig::DEFAULT_DEPTH`].
    pub depth: Option<u32>,
    /// Time budget in milliseconds (hard: the search stops when it is used up).
    pub time_ms: Option<u64>,
    /// Use the iterative-deepening driver even without a time budget (1, 2, ..., depth).
    /// With a time budget iterative deepening is always on.
    pub iterative: bool,
    /// Plies added per iteration of iterative deepening (0 and 1 both mean depths 1, 2, 3, ...).
    /// The iterations end exactly at the depth limit: step 2 to depth 8 runs 2, 4, 6, 8. In
    /// Othello a step of 2 (or 3) gives fewer nodes in total than 1: the shallow iterations are
    /// fewer, and a same-parity iteration predicts the best moves better (odd-even effect).
    pub deepening_step: u32,
    pub ordering: OrderingConfig,
    /// Transposition-table budget in bytes, allocated once per [`crate::search::Searcher`];
    /// 0 = no table. MCTS uses the same budget for its tree.
    pub tt_bytes: usize,
    /// Let table entries from deeper searches answer shallower ones (stronger play, the normal
    /// engine rule). Off = an entry is used only at exactly its own depth, which keeps the value
    /// identical to fixed-depth minimax even where positions recur at different depths.
    pub tt_reuse_deeper: bool,
    /// Extend tactical moves (`Game::is_tactical`, draughts captures) at depth 0.
    pub quiescence: bool,
    /// Bound on quiescence plies below depth 0.
    pub quiescence_depth: u32,
    /// Aspiration half-window for iterative deepening, `None` = full window every iteration.
    pub aspiration: Option<i32>,
    pub mcts: MctsConfig,
    /// Solve the root exactly with the game's own solver ([`crate::search::RootOracle`]) when it
    /// is this close to the end (Othello: empty squares); 0 = never. A solve the time budget
    /// stops falls back to the search.
    pub exact_empties: u32,
    /// Play the game's opening book's move at the root when it has one
    /// ([`crate::search::RootOracle`]).
    pub book: bool,
    /// Multi-ProbCut's confidence in standard deviations of the evaluator's calibrated error
    /// ([`crate::Evaluator::probcut`]); `None` = full-width search. Higher cuts less and errs
    /// less; Othello's strongest level plays 1.5 (measured in docs/othello-patterns.md).
    pub probcut: Option<f64>,
    /// Threads of an alpha-beta or PVS search with a table (Lazy SMP: see
    /// [`crate::search::smp`]; at most [`crate::search::smp::MAX_THREADS`]). 1 (the default)
    /// is the single-threaded search, deterministic: equal configurations visit equal nodes. With
    /// more, the table stays `tt_bytes` in all, and results vary from run to run with the
    /// threads' timing. Other algorithms, and a search without a table, use one thread.
    pub threads: u32,
    /// Search the nodes one ply above the horizon without the table and without PVS's
    /// null-window probes, when there is no quiescence (their children are static evaluations,
    /// which neither needs). The apps' levels do, in every game (measured on Othello middle games
    /// to depth 14: 12 % less time with a 16 MiB table, docs/othello-patterns.md); off by
    /// default so that the experiments count nodes and table probes as the papers' searches do.
    pub lean_frontier: bool,
}

impl SearchConfig {
    /// The table this search allocates: alpha-beta and PVS use `tt_bytes`, the others none.
    pub fn table_bytes(&self) -> usize {
        match self.algorithm {
            Algorithm::AlphaBeta | Algorithm::Pvs => self.tt_bytes,
            _ => 0,
        }
    }

    /// The threads this search really runs on: `threads` (within the Lazy SMP cap) where the
    /// threads share a table, one otherwise (SCOUT, minimax, MCTS's own `mcts.threads` aside,
    /// or a table too small for one bucket).
    pub fn search_threads(&self) -> u32 {
        if self.table_bytes() < crate::search::tt::TranspositionTable::BUCKET_BYTES {
            1
        } else {
            self.threads.clamp(1, crate::search::smp::MAX_THREADS)
        }
    }

    /// Depth used when neither a depth nor a time budget is given.
    pub const DEFAULT_DEPTH: u32 = 6;
    /// Deepest iteration the driver will start.
    pub const MAX_DEPTH: u32 = 64;

    /// Shorthand for a fixed-depth search with the given algorithm and ordering, no table.
    pub fn fixed(algorithm: Algorithm, depth: u32, ordering: OrderingConfig) -> Self {
        SearchConfig {
            algorithm,
            depth: Some(depth),
            ordering,
            tt_bytes: 0,
            ..Default::default()
        }
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::Pvs,
            depth: None,
            time_ms: None,
            iterative: false,
            deepening_step: 1,
            ordering: OrderingConfig::default(),
            tt_bytes: 16 << 20,
            tt_reuse_deeper: true,
            quiescence: false,
            quiescence_depth: 16,
            aspiration: None,
            mcts: MctsConfig::default(),
            exact_empties: 0,
            book: false,
            probcut: None,
            threads: 1,
            lean_frontier: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in Algorithm::ALL {
            assert_eq!(a.name().parse::<Algorithm>(), Ok(a));
            assert_eq!(a.to_string(), a.name());
        }
        for o in Ordering::ALL {
            assert_eq!(o.name().parse::<Ordering>(), Ok(o));
        }
        let cfg =
            OrderingConfig::parse_list("static,tt,killer,history-2d,ads-transpose", Some(5), true)
                .expect("valid list");
        assert_eq!(
            cfg.names(),
            vec![
                Ordering::Static,
                Ordering::Tt,
                Ordering::Killer,
                Ordering::HistoryPow2,
                Ordering::AdsTranspose
            ]
        );
        assert_eq!(
            cfg.ads,
            Some(AdsConfig {
                update: AdsUpdate::Transposition,
                limit: Some(5),
                per_level: true
            })
        );
        assert_eq!(
            OrderingConfig::parse_list("none", None, false),
            Ok(OrderingConfig::none())
        );
        let err =
            OrderingConfig::parse_list("static,magic", None, false).expect_err("unknown name");
        assert!(err.to_string().contains("magic"));
        assert!("quantum".parse::<Algorithm>().is_err());
    }

    #[test]
    fn config_serde_round_trip_and_defaults() {
        let cfg = SearchConfig {
            algorithm: Algorithm::Scout,
            depth: Some(9),
            aspiration: Some(25),
            mcts: MctsConfig {
                playout: Playout::Cutoff {
                    plies: 4,
                    scale: 100.0,
                },
                ..MctsConfig::default()
            },
            ..SearchConfig::default()
        };
        let text = serde_json::to_string(&cfg).expect("serialise");
        let back: SearchConfig = serde_json::from_str(&text).expect("deserialise");
        assert_eq!(back, cfg);
        // Serialised names are the CLI names.
        for a in Algorithm::ALL {
            assert_eq!(
                serde_json::to_value(a).expect("name"),
                serde_json::json!(a.name())
            );
        }
        // Records written with fewer fields still load.
        let old: SearchConfig =
            serde_json::from_str(r#"{"algorithm":"alphabeta","depth":4}"#).expect("partial");
        assert_eq!(old.algorithm, Algorithm::AlphaBeta);
        assert_eq!(old.depth, Some(4));
        assert_eq!(old.tt_bytes, SearchConfig::default().tt_bytes);
    }
}
