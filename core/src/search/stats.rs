//! Work counters every search reports.

use serde::{Deserialize, Serialize};

/// Statistics of one search.
///
/// `nodes` follows the History-ADS paper: a node counts when computation takes place there, i.e.
/// every position the search actually enters (interior, leaf, terminal, quiescence, and each
/// re-visit by a re-search or a SCOUT TEST/EVAL). Children cut off before being entered are not
/// counted. MCTS counts tree nodes visited during selection plus playout plies.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchStats {
    pub nodes: u64,
    /// Heuristic evaluator calls.
    pub leaf_evals: u64,
    /// Finished-game positions reached.
    pub terminal_nodes: u64,
    /// Nodes entered by quiescence search (also counted in `nodes`).
    pub qnodes: u64,
    /// Beta cut-offs (alpha-beta, PVS) and early TEST answers (SCOUT).
    pub cutoffs: u64,
    pub tt_probes: u64,
    /// Probes that found an entry for the position (whether or not it was deep enough).
    pub tt_hits: u64,
    /// Probes whose entry ended the node without search.
    pub tt_cutoffs: u64,
    /// SCOUT TEST calls (every node entered by TEST).
    pub test_calls: u64,
    /// SCOUT re-evaluations after a successful TEST; PVS re-searches after a null-window fail high;
    /// aspiration-window re-searches at the root.
    pub re_searches: u64,
    /// Nodes ProbCut settled by a shallow search (`SearchConfig::probcut`).
    pub probcuts: u64,
    /// ProbCut's shallow searches started, at every level.
    #[serde(default)]
    pub probcut_tries: u64,
    /// How many ProbCut shallow searches were open at once at most (2: one tried inside
    /// another; never more, see `search::probcut`).
    #[serde(default)]
    pub probcut_nesting: u32,
    /// Depth of the last completed iteration (fixed depth: the depth, if it completed).
    pub depth: u32,
    /// Deepest ply reached (including quiescence).
    pub seldepth: u32,
    /// Wall time in milliseconds.
    pub time_ms: f64,
    pub nodes_per_sec: f64,
    /// Iterations completed by the iterative-deepening driver.
    pub iterations: u32,
    /// The move comes from an iteration cut short by the time budget, where it was proven better
    /// than the previous iteration's move (so the score is from that deeper, partial iteration).
    pub partial_iteration: bool,
    /// MCTS playouts run.
    pub playouts: u64,
    /// Peak number of MCTS tree nodes.
    pub tree_nodes: u64,
    /// The move is the opening book's: no search chose it (the result's depth is 0).
    pub book: bool,
}

impl SearchStats {
    /// Adds the counters of `other` (time, depth and rates are not summed).
    pub fn add_counts(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.leaf_evals += other.leaf_evals;
        self.terminal_nodes += other.terminal_nodes;
        self.qnodes += other.qnodes;
        self.cutoffs += other.cutoffs;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.test_calls += other.test_calls;
        self.re_searches += other.re_searches;
        self.probcuts += other.probcuts;
        self.probcut_tries += other.probcut_tries;
        self.probcut_nesting = self.probcut_nesting.max(other.probcut_nesting);
        self.playouts += other.playouts;
    }
}
