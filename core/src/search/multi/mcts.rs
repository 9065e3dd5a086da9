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
use crate::rng::SplitMix64;
use crate::search::cancel::Budget;
use crate::search::uct::Tree;

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

struct Mcts<'a, G: MultiGame> {
    config: &'a MultiMcts,
    eval: &'a dyn MultiEvaluator<G>,
    budget: &'a Budget,
    rng: SplitMix64,
    tree: Tree<G::Move>,
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

    /// One playout from the root; the root's moves in `avoid` are left out unless all are.
    fn iterate(
        &mut self,
        root: &G,
        avoid: &[G::Move],
        path: &mut Vec<usize>,
        root_sum: &mut [f64],
    ) {
        path.clear();
        path.push(0);
        let mut node = 0;
        let mut pos = *root;
        loop {
            self.nodes += 1;
            if pos.outcome().is_some() {
                break;
            }
            if !self.tree.is_expanded(node) {
                pos.legal_moves(&mut self.moves);
                if node == 0 {
                    super::keep_unavoided(&mut self.moves, avoid, |m| *m);
                }
                self.tree.expand(node, pos.side_to_move(), &self.moves);
                if !self.tree.is_expanded(node) {
                    break;
                }
            }
            let Some(child) = self
                .tree
                .select(node, self.config.exploration, &mut self.rng)
            else {
                break;
            };
            let child_node = self.tree.nodes[child];
            if let Some(mv) = child_node.mv {
                pos.play(mv);
            }
            node = child;
            path.push(child);
            if child_node.visits == 0 {
                break;
            }
        }
        self.playout(pos);
        let reward = &self.reward;
        self.tree.backup(path, |mover| {
            reward.get(usize::from(mover)).copied().unwrap_or(0.0)
        });
        for (s, r) in root_sum.iter_mut().zip(&self.reward) {
            *s += r;
        }
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
    avoid: &[G::Move],
) -> MultiResult<G::Move> {
    let players = G::NUM_PLAYERS;
    let root_player = pos.side_to_move();
    let mut mcts = Mcts {
        config,
        eval,
        budget,
        rng: SplitMix64::new(config.seed),
        // The root's reward is never read (no sibling to compare it with).
        tree: Tree::new(config.max_nodes.max(1), 1 << 16, root_player),
        moves: Vec::new(),
        reward: vec![0.0; players],
        values: vec![0; players],
        nodes: 0,
    };
    let mut root_sum = vec![0.0; players];
    let mut playouts = 0u64;
    let mut completed = true;
    if let Some(outcome) = pos.outcome() {
        mcts.share_outcome(pos, &outcome);
        root_sum.clone_from(&mcts.reward);
    } else {
        let mut path = Vec::new();
        while playouts < config.playouts {
            if playouts.is_multiple_of(16) {
                mcts.budget.token.publish_nodes(mcts.nodes);
                if mcts.budget.expired() {
                    completed = false;
                    break;
                }
            }
            mcts.iterate(pos, avoid, &mut path, &mut root_sum);
            playouts += 1;
        }
    }
    let best = mcts.tree.best_child(0);
    let n = playouts.max(1) as f64;
    let values: Vec<i32> = root_sum
        .iter()
        .map(|s| (s / n * VALUE_SCALE).round() as i32)
        .collect();
    MultiResult {
        best_move: best.and_then(|i| mcts.tree.nodes[i].mv),
        value: values.get(usize::from(root_player)).copied().unwrap_or(0),
        values,
        nodes: mcts.nodes,
        cutoffs: 0,
        completed,
        time_ms: budget.elapsed_ms(),
    }
}
