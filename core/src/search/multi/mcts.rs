//! Monte Carlo tree search for more than two players, with max-n backups (Sturtevant 2008, "An
//! analysis of UCT in multi-player games").
//!
//! A playout ends in a reward vector that sums to 1: the winner takes 1; a draw shares 1 among
//! the players still in the game; a playout cut off early shares 1 in proportion to the
//! evaluation's values (each player's part of the position, by the evaluator). Every node on the
//! path adds the whole vector, and a node's player picks the child that is best for him alone
//! (UCT on his component) — the max-n rule, played by sampling. Since a child is only ever read
//! by its parent's player, each node keeps just that player's component; the root keeps the
//! whole vector, which the result reports.
//!
//! The tree is one arena capped by [`MultiMcts::max_nodes`]; a seeded SplitMix64 makes a search
//! with a fixed seed and playout budget reproducible. The answer is the most visited root move.

use crate::game::{Outcome, Player};
use crate::search::cancel::Budget;
use crate::search::rng::SplitMix64;

use super::{MultiEvaluator, MultiGame, MultiResult};

/// Settings of multi-player MCTS.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultiMcts {
    /// Playouts to run (the time budget and the stop token may end the search sooner).
    pub playouts: u64,
    /// UCT's exploration constant C in `q + C * sqrt(ln N / n)`.
    pub exploration: f64,
    pub seed: u64,
    /// Largest tree, in nodes.
    pub max_nodes: usize,
    /// Plies after which a playout stops and the evaluation shares the reward; `None`: play to
    /// the end.
    pub cutoff: Option<u32>,
}

impl Default for MultiMcts {
    fn default() -> Self {
        MultiMcts {
            playouts: 10_000,
            exploration: std::f64::consts::SQRT_2,
            seed: 1,
            max_nodes: 1 << 20,
            cutoff: None,
        }
    }
}

/// Longest playout before it is shared as a draw (games without a turn limit).
const MAX_PLAYOUT_PLIES: u32 = 2000;

#[derive(Clone, Copy, Debug)]
struct Node<M> {
    mv: Option<M>,
    first_child: u32,
    n_children: u32,
    visits: u32,
    expanded: bool,
    /// Who played `mv`: the player at the parent, the only one who reads `reward`.
    mover: Player,
    /// Sum of `mover`'s rewards.
    reward: f64,
}

struct Mcts<'a, G: MultiGame> {
    config: &'a MultiMcts,
    eval: &'a dyn MultiEvaluator<G>,
    budget: &'a Budget,
    rng: SplitMix64,
    tree: Vec<Node<G::Move>>,
    moves: Vec<G::Move>,
    /// This playout's reward per player.
    reward: Vec<f64>,
    values: Vec<i32>,
    nodes: u64,
}

impl<G: MultiGame> Mcts<'_, G> {
    /// Fills `self.reward` for a finished game.
    fn share_outcome(&mut self, pos: &G, outcome: &Outcome) {
        self.reward.fill(0.0);
        match outcome.winner {
            Some(w) => {
                if let Some(r) = self.reward.get_mut(usize::from(w)) {
                    *r = 1.0;
                }
            }
            None => self.share_among_active(pos),
        }
    }

    fn share_among_active(&mut self, pos: &G) {
        self.reward.fill(0.0);
        let active: Vec<usize> = (0..pos.players())
            .filter(|&p| pos.is_active(p as Player))
            .collect();
        let share = 1.0 / active.len().max(1) as f64;
        for p in active {
            if let Some(r) = self.reward.get_mut(p) {
                *r = share;
            }
        }
    }

    /// Fills `self.reward` in proportion to the evaluation (all zero: shared equally).
    fn share_by_evaluation(&mut self, pos: &G) {
        self.eval.evaluate(pos, &mut self.values);
        let total: i64 = self.values.iter().map(|&v| i64::from(v.max(0))).sum();
        if total == 0 {
            self.share_among_active(pos);
            return;
        }
        for (r, &v) in self.reward.iter_mut().zip(&self.values) {
            *r = f64::from(v.max(0)) / total as f64;
        }
    }

    fn playout(&mut self, mut pos: G) {
        for step in 0..MAX_PLAYOUT_PLIES {
            if let Some(outcome) = pos.outcome() {
                self.share_outcome(&pos, &outcome);
                return;
            }
            if self.config.cutoff.is_some_and(|c| step >= c) {
                self.share_by_evaluation(&pos);
                return;
            }
            pos.legal_moves(&mut self.moves);
            let Some(&mv) = self.moves.get(self.rng.below(self.moves.len())) else {
                break;
            };
            pos.play(mv);
            self.nodes += 1;
        }
        self.share_among_active(&pos);
    }

    fn select(&mut self, node: usize) -> Option<usize> {
        let n = *self.tree.get(node)?;
        let first = n.first_child as usize;
        let children = first..first + n.n_children as usize;
        let unvisited = children
            .clone()
            .filter(|&c| self.tree[c].visits == 0)
            .count();
        if unvisited > 0 {
            let pick = self.rng.below(unvisited);
            return children.filter(|&c| self.tree[c].visits == 0).nth(pick);
        }
        let log_n = f64::from(n.visits.max(1)).ln();
        let c = self.config.exploration;
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for i in children {
            let child = &self.tree[i];
            let visits = f64::from(child.visits);
            let value = child.reward / visits + c * (log_n / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = Some(i);
            }
        }
        best
    }

    fn expand(&mut self, node: usize, pos: &G) {
        pos.legal_moves(&mut self.moves);
        if self.moves.is_empty() || self.tree.len() + self.moves.len() > self.config.max_nodes {
            return;
        }
        let first = self.tree.len() as u32;
        let mover = pos.side_to_move();
        for &mv in &self.moves {
            self.tree.push(Node {
                mv: Some(mv),
                first_child: 0,
                n_children: 0,
                visits: 0,
                expanded: false,
                mover,
                reward: 0.0,
            });
        }
        if let Some(n) = self.tree.get_mut(node) {
            n.first_child = first;
            n.n_children = self.moves.len() as u32;
            n.expanded = true;
        }
    }

    fn iterate(&mut self, root: &G, path: &mut Vec<usize>, root_sum: &mut [f64]) {
        path.clear();
        path.push(0);
        let mut node = 0;
        let mut pos = *root;
        loop {
            self.nodes += 1;
            if pos.outcome().is_some() {
                break;
            }
            if !self.tree[node].expanded {
                self.expand(node, &pos);
                if !self.tree[node].expanded {
                    break;
                }
            }
            let Some(child) = self.select(node) else {
                break;
            };
            if let Some(mv) = self.tree[child].mv {
                pos.play(mv);
            }
            node = child;
            path.push(child);
            if self.tree[child].visits == 0 {
                break;
            }
        }
        self.playout(pos);
        for &i in path.iter() {
            if let Some(n) = self.tree.get_mut(i) {
                n.visits = n.visits.saturating_add(1);
                n.reward += self
                    .reward
                    .get(usize::from(n.mover))
                    .copied()
                    .unwrap_or(0.0);
            }
        }
        for (s, r) in root_sum.iter_mut().zip(&self.reward) {
            *s += r;
        }
    }

    fn best_child(&self) -> Option<usize> {
        let n = self.tree.first()?;
        let first = n.first_child as usize;
        (first..first + n.n_children as usize).max_by(|&a, &b| {
            let (x, y) = (&self.tree[a], &self.tree[b]);
            x.visits
                .cmp(&y.visits)
                .then(
                    (x.reward / f64::from(x.visits.max(1)))
                        .total_cmp(&(y.reward / f64::from(y.visits.max(1)))),
                )
                // Ties go to the earlier move (max_by keeps the last maximum).
                .then(b.cmp(&a))
        })
    }
}

/// Scale of the reported values: a mean reward of 1 (every playout won) is 10,000.
pub const VALUE_SCALE: f64 = 10_000.0;

/// Runs MCTS from `pos`. `value` is the root player's mean reward and `values` every player's,
/// scaled by [`VALUE_SCALE`]; `nodes` counts tree steps and playout plies.
pub(super) fn run<G: MultiGame>(
    pos: &G,
    eval: &dyn MultiEvaluator<G>,
    config: &MultiMcts,
    budget: &Budget,
) -> MultiResult<G::Move> {
    let players = G::NUM_PLAYERS;
    let mut mcts = Mcts {
        config,
        eval,
        budget,
        rng: SplitMix64::new(config.seed),
        tree: Vec::with_capacity(config.max_nodes.clamp(1, 1 << 16)),
        moves: Vec::new(),
        reward: vec![0.0; players],
        values: vec![0; players],
        nodes: 0,
    };
    let root_player = pos.side_to_move();
    let mut root_sum = vec![0.0; players];
    let mut playouts = 0u64;
    let mut completed = true;
    if let Some(outcome) = pos.outcome() {
        mcts.share_outcome(pos, &outcome);
        root_sum.clone_from(&mcts.reward);
    } else {
        mcts.tree.push(Node {
            mv: None,
            first_child: 0,
            n_children: 0,
            visits: 0,
            expanded: false,
            mover: root_player,
            reward: 0.0,
        });
        let mut path = Vec::new();
        while playouts < config.playouts {
            if playouts.is_multiple_of(16) && mcts.budget.expired() {
                completed = false;
                break;
            }
            mcts.iterate(pos, &mut path, &mut root_sum);
            playouts += 1;
        }
    }
    let best = mcts.best_child();
    let n = playouts.max(1) as f64;
    let values: Vec<i32> = root_sum
        .iter()
        .map(|s| (s / n * VALUE_SCALE).round() as i32)
        .collect();
    MultiResult {
        best_move: best.and_then(|i| mcts.tree[i].mv),
        value: values.get(usize::from(root_player)).copied().unwrap_or(0),
        values,
        nodes: mcts.nodes,
        cutoffs: 0,
        completed,
        time_ms: budget.elapsed_ms(),
    }
}
