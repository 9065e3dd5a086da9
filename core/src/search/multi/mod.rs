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
//! Ordering, each switchable ([`MultiConfig`]): **History-ADS** (Paranoid and BRS, as in the
//! papers) keeps adaptive lists of the moves that caused cut-offs, one for the root player's
//! (MAX) nodes and one for the opponents' (MIN) moves (or one list per player), keyed by the
//! player and the move, optionally one set per level; **Threat-ADS** (BRS) keeps an adaptive list of the opponents,
//! and a MIN node tries the opponents in its order; the opponent whose reply was the strongest
//! at a MIN node is queried. **Killers**, the **history heuristic** and the game's **static
//! order** ([`MultiOrdering`]) work in all three engines, keyed by player and move. Orderings
//! only reorder: Paranoid's and BRS's values, and Max-N's vector when no two values tie, are
//! those of the search without them (Max-N's ties go to the first child searched).
//!
//! Depth counts plies: one player's move (Paranoid, Max-N) or one layer (BRS).
//!
//! **Leaf value** ([`LeafValue`]): Paranoid and BRS value a leaf by the root player's entry of
//! the evaluation, as the papers do ([`LeafValue::Absolute`], the default), or by that entry
//! minus the strongest opponent's ([`LeafValue::Relative`]): with an evaluation that counts
//! only the player's own material (Focus's stacks and reserve), taking an opponent's stack is
//! worth nothing in absolute terms, and engines that never take anything seldom end a game.
//! Max-N and MCTS read every player's own entry and ignore it (Max-N's shallow pruning needs
//! the entries non-negative with a bounded sum, which differences are not).
//!
//! - **MCTS** ([`mcts`]): UCT with max-n backups, for when a fixed depth is too shallow; it
//!   ignores `depth`, `pruning` and the orderings, and reads [`MultiConfig::mcts`].

pub mod mcts;

// The games define these traits' implementations, below the search: they live with `Game`.
pub use crate::game::{MultiEvaluator, MultiGame};

use crate::game::Player;
use crate::search::cancel::{Budget, PUBLISH_INTERVAL, StopToken};
use crate::search::config::AdsUpdate;
use crate::search::ordering::ads::AdsList;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiAlgorithm {
    Paranoid,
    MaxN,
    BestReply,
    Mcts,
}

/// History-ADS for Paranoid and BRS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryAds {
    pub update: AdsUpdate,
    /// Length bound of each list; `None` = unbounded.
    pub limit: Option<usize>,
    /// One set of lists per tree level instead of one for the whole tree.
    pub per_level: bool,
    /// One list per player (the root player's moves and each opponent's) instead of one per
    /// node type (the root player's, and all the opponents' together).
    pub per_player: bool,
}

/// How Paranoid and BRS turn the evaluation's vector into the root player's value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeafValue {
    /// The root player's own entry (the papers' setting).
    #[default]
    Absolute,
    /// The root player's entry minus the largest entry of the other players of the game.
    Relative,
}

impl LeafValue {
    /// The value for `player` of an evaluation vector of `players` entries.
    pub fn of(self, values: &[i32], players: usize, player: Player) -> i32 {
        let me = usize::from(player);
        let own = values.get(me).copied().unwrap_or(0);
        match self {
            LeafValue::Absolute => own,
            LeafValue::Relative => {
                let strongest = values
                    .iter()
                    .take(players)
                    .enumerate()
                    .filter(|&(q, _)| q != me)
                    .map(|(_, &v)| v)
                    .max();
                strongest.map_or(own, |s| own.saturating_sub(s))
            }
        }
    }
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
    /// Static, killer and history ordering (all three engines).
    pub ordering: MultiOrdering,
    pub mcts: mcts::MultiMcts,
    /// Paranoid's and BRS's leaf value (Max-N and MCTS ignore it).
    pub leaf: LeafValue,
}

/// Move ordering besides History-ADS, each switchable; with several on, History-ADS's moves come
/// first, then killers, then history scores, then static scores. All off: generation order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MultiOrdering {
    /// The game's static order (`Game::static_order`), higher first.
    pub static_order: bool,
    /// Two killer moves per ply: the last moves (with their player) that caused a cut-off there.
    pub killers: bool,
    /// The history heuristic: a score per player and move, raised by depth² at every cut-off.
    pub history: bool,
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
            ordering: MultiOrdering::default(),
            mcts: mcts::MultiMcts::default(),
            leaf: LeafValue::Absolute,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct MultiResult<M> {
    pub best_move: Option<M>,
    /// Paranoid and BRS: the root player's value ([`MultiConfig::leaf`]). Max-N: the root player's entry of `values`.
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
    search_multi_avoiding(pos, eval, config, stop, &[])
}

/// [`search_multi`] with the root moves in `avoid` left out, unless every root move is in it.
/// The caller knows the game's past, which the search does not: leaving out the moves that
/// return to a position already played keeps a deterministic engine from going round a cycle
/// for ever (in Focus, reserve pieces and split stacks make cycles common).
pub fn search_multi_avoiding<G: MultiGame>(
    pos: &G,
    eval: &dyn MultiEvaluator<G>,
    config: &MultiConfig,
    stop: &StopToken,
    avoid: &[G::Move],
) -> MultiResult<G::Move> {
    let budget = Budget::new(stop, config.time_ms);
    let mut s = Search {
        eval,
        config,
        avoid,
        root: pos.side_to_move(),
        budget: &budget,
        nodes: 0,
        cutoffs: 0,
        aborted: false,
        best_move: None,
        ads: Vec::new(),
        threat: config.threat_ads.map(|update| AdsList::new(update, None)),
        killers: Vec::new(),
        history: if config.ordering.history {
            vec![0; G::NUM_PLAYERS * G::MOVE_KEY_SPACE]
        } else {
            Vec::new()
        },
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
        MultiAlgorithm::Mcts => return mcts::run(pos, eval, &config.mcts, &budget, avoid),
    };
    stop.publish_nodes(s.nodes);
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

/// Drops the moves in `avoid` from `moves`, unless that would drop them all.
fn keep_unavoided<T, M: PartialEq>(moves: &mut Vec<T>, avoid: &[M], mv: impl Fn(&T) -> M) {
    if !avoid.is_empty() && moves.iter().any(|m| !avoid.contains(&mv(m))) {
        moves.retain(|m| !avoid.contains(&mv(m)));
    }
}

/// A move with the player who makes it (BRS's MIN layer mixes the opponents' moves) and its
/// static ordering score in the position it is played from.
#[derive(Clone, Copy, Debug)]
struct Candidate<M> {
    player: Player,
    mv: M,
    static_score: i32,
}

/// Two killer moves of one ply, each with its player.
type Killers<M> = [Option<(Player, M)>; 2];

/// Whose node this is, for History-ADS: the root player's or an opponent's (the paper keeps a
/// list for each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NodeKind {
    Max,
    Min,
}

struct Search<'a, G: MultiGame> {
    eval: &'a dyn MultiEvaluator<G>,
    config: &'a MultiConfig,
    /// Root moves left out ([`search_multi_avoiding`]).
    avoid: &'a [G::Move],
    root: Player,
    budget: &'a Budget,
    nodes: u64,
    cutoffs: u64,
    aborted: bool,
    best_move: Option<G::Move>,
    /// History-ADS lists, by [`Search::ads_index`].
    ads: Vec<AdsList<(Player, G::Move)>>,
    threat: Option<AdsList<Player>>,
    /// Two killer moves per ply.
    killers: Vec<Killers<G::Move>>,
    /// History scores by `player * MOVE_KEY_SPACE + move_key` (empty when off).
    history: Vec<u64>,
    values: Vec<i32>,
}

impl<G: MultiGame> Search<'_, G> {
    fn stop(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(PUBLISH_INTERVAL) {
            // What a "thinking… N positions" indicator shows while the search runs.
            self.budget.token.publish_nodes(self.nodes);
            if self.budget.expired() {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn value_of(&mut self, pos: &G, player: Player) -> i32 {
        self.eval.evaluate(pos, &mut self.values);
        self.config.leaf.of(&self.values, pos.players(), player)
    }

    /// Appends the moves of `pos`'s player.
    fn generate(&self, pos: &G, out: &mut Vec<Candidate<G::Move>>) {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let player = pos.side_to_move();
        let with_static = self.config.ordering.static_order;
        out.extend(moves.into_iter().map(|mv| Candidate {
            player,
            mv,
            static_score: if with_static { pos.static_order(mv) } else { 0 },
        }));
    }

    fn moves(&self, pos: &G, ply: usize, kind: Option<NodeKind>) -> Vec<Candidate<G::Move>> {
        let mut out = Vec::new();
        self.generate(pos, &mut out);
        if ply == 0 {
            keep_unavoided(&mut out, self.avoid, |c| c.mv);
        }
        self.order(&mut out, ply, kind);
        out
    }

    /// Where the History-ADS list for a move by `player` at `ply` is kept: one slot per level
    /// (or one level), and per level one list per node type or per player.
    fn ads_index(&self, ply: usize, kind: NodeKind, player: Player) -> Option<usize> {
        let h = self.config.history_ads?;
        let level = if h.per_level { ply } else { 0 };
        let (slots, slot) = if h.per_player {
            (G::NUM_PLAYERS, usize::from(player))
        } else {
            (2, usize::from(kind == NodeKind::Min))
        };
        Some(level * slots + slot)
    }

    fn ads_list(
        &self,
        ply: usize,
        kind: Option<NodeKind>,
        player: Player,
    ) -> Option<&AdsList<(Player, G::Move)>> {
        self.ads.get(self.ads_index(ply, kind?, player)?)
    }

    fn history_index(&self, player: Player, mv: G::Move) -> usize {
        usize::from(player) * G::MOVE_KEY_SPACE + G::move_key(mv)
    }

    /// Orders by History-ADS (listed moves first, in list order), then killers, then the
    /// history score, then the static score; a stable sort keeps generation order for ties.
    /// `kind` is `None` where History-ADS does not apply (Max-N).
    fn order(&self, moves: &mut [Candidate<G::Move>], ply: usize, kind: Option<NodeKind>) {
        let ads_on = self.config.history_ads.is_some() && kind.is_some();
        let killers = self
            .killers
            .get(ply)
            .filter(|_| self.config.ordering.killers);
        let ordering = self.config.ordering;
        if !ads_on && killers.is_none() && !ordering.history && !ordering.static_order {
            return;
        }
        moves.sort_by_cached_key(|c| {
            let entry = (c.player, c.mv);
            let ads_rank = self
                .ads_list(ply, kind, c.player)
                .and_then(|l| l.as_slice().iter().position(|&e| e == entry))
                .unwrap_or(usize::MAX);
            let killer_rank = killers
                .and_then(|k| k.iter().position(|&e| e == Some(entry)))
                .unwrap_or(2);
            let history = self
                .history
                .get(self.history_index(c.player, c.mv))
                .copied()
                .unwrap_or(0);
            (
                ads_rank,
                killer_rank,
                std::cmp::Reverse(history),
                std::cmp::Reverse(c.static_score),
            )
        });
    }

    /// A cut-off by `c` at `ply` with `depth` plies left: every switched-on ordering learns.
    fn on_cutoff(
        &mut self,
        ply: usize,
        depth: u32,
        kind: Option<NodeKind>,
        c: &Candidate<G::Move>,
    ) {
        self.cutoffs += 1;
        let entry = (c.player, c.mv);
        if let (Some(h), Some(i)) = (
            self.config.history_ads,
            kind.and_then(|k| self.ads_index(ply, k, c.player)),
        ) {
            while self.ads.len() <= i {
                self.ads.push(AdsList::new(h.update, h.limit));
            }
            self.ads[i].query(entry);
        }
        if self.config.ordering.killers {
            while self.killers.len() <= ply {
                self.killers.push([None, None]);
            }
            let slots = &mut self.killers[ply];
            if slots[0] != Some(entry) {
                slots[1] = slots[0];
                slots[0] = Some(entry);
            }
        }
        let i = self.history_index(c.player, c.mv);
        if let Some(h) = self.history.get_mut(i) {
            *h = h.saturating_add(u64::from(depth) * u64::from(depth));
        }
    }

    fn paranoid(&mut self, pos: &G, depth: u32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 || pos.outcome().is_some() || self.stop() {
            return self.value_of(pos, self.root);
        }
        let maximise = pos.side_to_move() == self.root;
        let kind = if maximise {
            NodeKind::Max
        } else {
            NodeKind::Min
        };
        let mut best = if maximise { i32::MIN } else { i32::MAX };
        for c in self.moves(pos, ply, Some(kind)) {
            let mut child = *pos;
            child.play(c.mv);
            let v = self.paranoid(&child, depth - 1, ply + 1, alpha, beta);
            if (maximise && v > best) || (!maximise && v < best) {
                best = v;
                if ply == 0 {
                    self.best_move = Some(c.mv);
                }
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if self.config.pruning && alpha >= beta {
                self.on_cutoff(ply, depth, Some(kind), &c);
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
        for c in self.moves(pos, ply, None) {
            let mut child = *pos;
            child.play(c.mv);
            let child_bound = match (&best, self.config.pruning) {
                (Some(b), true) => max_sum - b[me],
                _ => i32::MAX,
            };
            let v = self.maxn(&child, depth - 1, ply + 1, child_bound);
            if best.as_ref().is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
                if ply == 0 {
                    self.best_move = Some(c.mv);
                }
            }
            if self.config.pruning && best.as_ref().is_some_and(|b| b[me] >= bound) {
                self.on_cutoff(ply, depth, None, &c);
                break;
            }
        }
        best.unwrap_or_else(|| {
            self.eval.evaluate(pos, &mut self.values);
            self.values.clone()
        })
    }

    /// Opponents first in Threat-ADS's order (when on), the others after in seat order.
    fn threat_ordered(&self, mut opponents: Vec<Player>) -> Vec<Player> {
        let Some(list) = self.threat.as_ref().filter(|l| !l.is_empty()) else {
            return opponents;
        };
        let mut out = Vec::with_capacity(opponents.len());
        for &p in list.as_slice() {
            if let Some(i) = opponents.iter().position(|&x| x == p) {
                out.push(opponents.remove(i));
            }
        }
        out.extend(opponents);
        out
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
            let mut best = i32::MIN;
            for c in self.moves(&me, ply, Some(NodeKind::Max)) {
                let mut child = me;
                child.play(c.mv);
                let v = self.brs(&child, depth - 1, ply + 1, alpha, beta, false);
                if v > best {
                    best = v;
                    if ply == 0 {
                        self.best_move = Some(c.mv);
                    }
                }
                alpha = alpha.max(v);
                if self.config.pruning && alpha >= beta {
                    self.on_cutoff(ply, depth, Some(NodeKind::Max), &c);
                    break;
                }
            }
            return best;
        }
        // The MIN layer: every reply of every opponent still in the game.
        let opponents = self.threat_ordered(
            (0..pos.players() as Player)
                .filter(|&p| p != self.root && pos.is_active(p))
                .collect(),
        );
        let mut replies = Vec::new();
        for &q in &opponents {
            if let Some(qpos) = pos.with_mover(q) {
                self.generate(&qpos, &mut replies);
            }
        }
        self.order(&mut replies, ply, Some(NodeKind::Min));
        let mut best = i32::MAX;
        let mut strongest: Option<Player> = None;
        for c in replies {
            let Some(mut child) = pos.with_mover(c.player) else {
                continue;
            };
            child.play(c.mv);
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
                strongest = Some(c.player);
            }
            beta = beta.min(v);
            if self.config.pruning && alpha >= beta {
                self.on_cutoff(ply, depth, Some(NodeKind::Min), &c);
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
