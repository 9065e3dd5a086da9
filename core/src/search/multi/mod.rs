//! Search for games of more than two players: Paranoid, Max-N and Best-Reply Search, with
//! History-ADS and Threat-ADS move ordering for BRS (Polk and Oommen).
//!
//! - **Paranoid** (Sturtevant and Korf 2000): the root player against a coalition of everyone
//!   else, who minimise the root player's value; alpha-beta applies as in two-player search.
//! - **Max-N** (Luckhardt and Irani 1986): every player maximises their own entry of a value
//!   vector. With `pruning`, Korf's shallow pruning: when every entry is at least 0 and the
//!   entries sum to at most [`MultiEvaluator::max_sum`], a node whose player already has
//!   `max_sum - b` (b being what the parent's player is sure of) cannot change the parent's
//!   choice, and its remaining children are skipped.
//! - **Best-Reply Search** (Schadd and Winands 2011): MAX layers of the root player alternate
//!   with one MIN layer holding the moves of every opponent; only the strongest single reply is
//!   kept, the other opponents pass. Two-level, so alpha-beta applies. The positions searched can
//!   be unreachable in real play (only one opponent moved).
//!
//! Ordering (BRS only, as in the papers): **History-ADS** keeps adaptive lists of the moves that
//! caused cut-offs, one for the root player's (MAX) nodes and one for the opponents' (MIN)
//! moves, keyed by the opponent and the move, optionally one pair per level; **Threat-ADS** keeps
//! an adaptive list of the opponents, and a MIN node tries the opponents in its order; the
//! opponent whose reply was the strongest at a MIN node is queried. Both only reorder: the value
//! and the best move's value are those of BRS without them.
//!
//! Depth counts plies: one player's move (Paranoid, Max-N) or one layer (BRS).
//!
//! - **MCTS** ([`mcts`]): UCT with max-n backups, for when a fixed depth is too shallow; it
//!   ignores `depth`, `pruning` and the orderings, and reads [`MultiConfig::mcts`].

pub mod mcts;

use crate::game::{Game, Player};
use crate::search::cancel::{Budget, StopToken};
use crate::search::config::AdsUpdate;
use crate::search::ordering::ads::AdsList;

/// What the multi-player engines need of a game beyond [`Game`].
pub trait MultiGame: Game {
    /// Players in this game, eliminated ones included (`<= NUM_PLAYERS`).
    fn players(&self) -> usize;
    /// Still in the game.
    fn is_active(&self, player: Player) -> bool;
    /// The same position with `player` to move (BRS), `None` if that player is out.
    fn with_mover(&self, player: Player) -> Option<Self>;
}

/// A value per player, each in `0..=max_value()`, summing to at most `max_sum()`.
pub trait MultiEvaluator<G: Game>: Send + Sync {
    /// Writes each player's value (for finished games too: a win must be worth the most).
    fn evaluate(&self, pos: &G, values: &mut [i32]);
    fn max_sum(&self, pos: &G) -> i32;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiAlgorithm {
    Paranoid,
    MaxN,
    BestReply,
    Mcts,
}

/// History-ADS for BRS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryAds {
    pub update: AdsUpdate,
    /// Length bound of each list; `None` = unbounded.
    pub limit: Option<usize>,
    /// One pair of lists per tree level instead of one pair for the whole tree.
    pub per_level: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultiConfig {
    pub algorithm: MultiAlgorithm,
    pub depth: u32,
    /// Alpha-beta (Paranoid, BRS) or shallow pruning (Max-N).
    pub pruning: bool,
    pub history_ads: Option<HistoryAds>,
    /// Threat-ADS's update rule, `None` = opponents in player order.
    pub threat_ads: Option<AdsUpdate>,
    pub time_ms: Option<u64>,
    pub mcts: mcts::MultiMcts,
}

impl MultiConfig {
    pub fn new(algorithm: MultiAlgorithm, depth: u32) -> Self {
        MultiConfig {
            algorithm,
            depth,
            pruning: true,
            history_ads: None,
            threat_ads: None,
            time_ms: None,
            mcts: mcts::MultiMcts::default(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct MultiResult<M> {
    pub best_move: Option<M>,
    /// Paranoid and BRS: the root player's value. Max-N: the root player's entry of `values`.
    pub value: i32,
    /// Max-N: the value vector of the chosen line; MCTS: every player's mean reward at the root
    /// (scaled by [`mcts::VALUE_SCALE`]); Paranoid and BRS: empty.
    pub values: Vec<i32>,
    /// Nodes entered (the root included).
    pub nodes: u64,
    /// Cut-offs (alpha-beta or shallow pruning).
    pub cutoffs: u64,
    /// False if stopped or out of time before the search finished.
    pub completed: bool,
    pub time_ms: f64,
}

/// Searches `pos` for its player to move.
pub fn search_multi<G: MultiGame>(
    pos: &G,
    eval: &dyn MultiEvaluator<G>,
    config: &MultiConfig,
    stop: &StopToken,
) -> MultiResult<G::Move> {
    let budget = Budget::new(stop, config.time_ms);
    let mut s = Search {
        eval,
        config,
        root: pos.side_to_move(),
        budget: &budget,
        nodes: 0,
        cutoffs: 0,
        aborted: false,
        best_move: None,
        max_list: Vec::new(),
        min_list: Vec::new(),
        threat: config.threat_ads.map(|update| AdsList::new(update, None)),
        values: vec![0; G::NUM_PLAYERS],
    };
    let depth = config.depth.max(1);
    let (value, values) = match config.algorithm {
        MultiAlgorithm::Paranoid => (s.paranoid(pos, depth, 0, i32::MIN, i32::MAX), Vec::new()),
        MultiAlgorithm::MaxN => {
            let v = s.maxn(pos, depth, 0, i32::MAX);
            (v[usize::from(s.root)], v)
        }
        MultiAlgorithm::BestReply => (s.brs(pos, depth, 0, i32::MIN, i32::MAX, true), Vec::new()),
        MultiAlgorithm::Mcts => return mcts::run(pos, eval, &config.mcts, &budget),
    };
    MultiResult {
        best_move: s.best_move,
        value,
        values,
        nodes: s.nodes,
        cutoffs: s.cutoffs,
        completed: !s.aborted,
        time_ms: budget.elapsed_ms(),
    }
}

struct Search<'a, G: MultiGame> {
    eval: &'a dyn MultiEvaluator<G>,
    config: &'a MultiConfig,
    root: Player,
    budget: &'a Budget,
    nodes: u64,
    cutoffs: u64,
    aborted: bool,
    best_move: Option<G::Move>,
    /// History-ADS lists per level (index 0 only without per-level lists).
    max_list: Vec<AdsList<G::Move>>,
    min_list: Vec<AdsList<(Player, G::Move)>>,
    threat: Option<AdsList<Player>>,
    values: Vec<i32>,
}

impl<G: MultiGame> Search<'_, G> {
    fn stop(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(1024) && self.budget.expired() {
            self.aborted = true;
        }
        self.aborted
    }

    fn value_of(&mut self, pos: &G, player: Player) -> i32 {
        self.eval.evaluate(pos, &mut self.values);
        self.values[usize::from(player)]
    }

    fn moves(pos: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
    }

    fn paranoid(&mut self, pos: &G, depth: u32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 || pos.outcome().is_some() || self.stop() {
            return self.value_of(pos, self.root);
        }
        let maximise = pos.side_to_move() == self.root;
        let mut best = if maximise { i32::MIN } else { i32::MAX };
        for mv in Self::moves(pos) {
            let mut child = *pos;
            child.play(mv);
            let v = self.paranoid(&child, depth - 1, ply + 1, alpha, beta);
            if (maximise && v > best) || (!maximise && v < best) {
                best = v;
                if ply == 0 {
                    self.best_move = Some(mv);
                }
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if self.config.pruning && alpha >= beta {
                self.cutoffs += 1;
                break;
            }
        }
        best
    }

    /// `bound`: this node's player reaching it cannot change the parent's choice.
    fn maxn(&mut self, pos: &G, depth: u32, ply: usize, bound: i32) -> Vec<i32> {
        self.nodes += 1;
        if depth == 0 || pos.outcome().is_some() || self.stop() {
            self.eval.evaluate(pos, &mut self.values);
            return self.values.clone();
        }
        let me = usize::from(pos.side_to_move());
        let max_sum = self.eval.max_sum(pos);
        let mut best: Option<Vec<i32>> = None;
        for mv in Self::moves(pos) {
            let mut child = *pos;
            child.play(mv);
            let child_bound = match (&best, self.config.pruning) {
                (Some(b), true) => max_sum - b[me],
                _ => i32::MAX,
            };
            let v = self.maxn(&child, depth - 1, ply + 1, child_bound);
            if best.as_ref().is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
                if ply == 0 {
                    self.best_move = Some(mv);
                }
            }
            if self.config.pruning && best.as_ref().is_some_and(|b| b[me] >= bound) {
                self.cutoffs += 1;
                break;
            }
        }
        best.unwrap_or_else(|| {
            self.eval.evaluate(pos, &mut self.values);
            self.values.clone()
        })
    }

    fn level(&self, ply: usize) -> usize {
        match self.config.history_ads {
            Some(h) if h.per_level => ply,
            _ => 0,
        }
    }

    /// Moves found in `list` first, in list order, then the others in their order.
    fn ordered<M: Copy + PartialEq>(list: Option<&AdsList<M>>, mut moves: Vec<M>) -> Vec<M> {
        let Some(list) = list.filter(|l| !l.is_empty()) else {
            return moves;
        };
        let mut out = Vec::with_capacity(moves.len());
        for &m in list.as_slice() {
            if let Some(i) = moves.iter().position(|&x| x == m) {
                out.push(moves.remove(i));
            }
        }
        out.extend(moves);
        out
    }

    fn new_list<M: Copy + PartialEq>(h: HistoryAds) -> AdsList<M> {
        AdsList::new(h.update, h.limit)
    }

    fn on_max_cutoff(&mut self, ply: usize, mv: G::Move) {
        if let Some(h) = self.config.history_ads {
            let level = self.level(ply);
            while self.max_list.len() <= level {
                self.max_list.push(Self::new_list(h));
            }
            self.max_list[level].query(mv);
        }
    }

    fn on_min_cutoff(&mut self, ply: usize, reply: (Player, G::Move)) {
        if let Some(h) = self.config.history_ads {
            let level = self.level(ply);
            while self.min_list.len() <= level {
                self.min_list.push(Self::new_list(h));
            }
            self.min_list[level].query(reply);
        }
    }

    fn brs(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        max_node: bool,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 || pos.outcome().is_some() || self.stop() {
            return self.value_of(pos, self.root);
        }
        if max_node {
            let Some(me) = pos.with_mover(self.root) else {
                return self.value_of(pos, self.root);
            };
            let level = self.level(ply);
            let moves = Self::ordered(self.max_list.get(level), Self::moves(&me));
            let mut best = i32::MIN;
            for mv in moves {
                let mut child = me;
                child.play(mv);
                let v = self.brs(&child, depth - 1, ply + 1, alpha, beta, false);
                if v > best {
                    best = v;
                    if ply == 0 {
                        self.best_move = Some(mv);
                    }
                }
                alpha = alpha.max(v);
                if self.config.pruning && alpha >= beta {
                    self.cutoffs += 1;
                    self.on_max_cutoff(ply, mv);
                    break;
                }
            }
            return best;
        }
        // The MIN layer: every reply of every opponent still in the game.
        let mut opponents: Vec<Player> = (0..pos.players() as Player)
            .filter(|&p| p != self.root && pos.is_active(p))
            .collect();
        if let Some(threat) = &self.threat {
            opponents = Self::ordered(Some(threat), opponents);
        }
        let mut replies = Vec::new();
        for &q in &opponents {
            if let Some(qpos) = pos.with_mover(q) {
                replies.extend(Self::moves(&qpos).into_iter().map(|m| (q, m)));
            }
        }
        let level = self.level(ply);
        let replies = Self::ordered(self.min_list.get(level), replies);
        let mut best = i32::MAX;
        let mut strongest: Option<Player> = None;
        for (q, mv) in replies {
            let Some(mut child) = pos.with_mover(q) else {
                continue;
            };
            child.play(mv);
            let v = match child.with_mover(self.root) {
                Some(back) => self.brs(&back, depth - 1, ply + 1, alpha, beta, true),
                // The reply put the root player out of the game.
                None => {
                    self.nodes += 1;
                    self.value_of(&child, self.root)
                }
            };
            if v < best {
                best = v;
                strongest = Some(q);
            }
            beta = beta.min(v);
            if self.config.pruning && alpha >= beta {
                self.cutoffs += 1;
                self.on_min_cutoff(ply, (q, mv));
                break;
            }
        }
        if let (Some(threat), Some(q)) = (self.threat.as_mut(), strongest) {
            threat.query(q);
        }
        if best == i32::MAX {
            return self.value_of(pos, self.root);
        }
        best
    }
}
