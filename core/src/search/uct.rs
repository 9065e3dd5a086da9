//! The tree UCT grows, shared by the two-player and the multi-player MCTS: one arena of nodes,
//! each holding the reward of the player who moved into it (the only player who reads it, when
//! choosing among its siblings), children expanded all at once while the arena has room, the
//! UCB1 choice of a child, and the final choice of the most visited one.

use crate::game::Player;
use crate::rng::SplitMix64;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<M> {
    pub mv: Option<M>,
    pub first_child: u32,
    pub n_children: u32,
    pub visits: u32,
    pub expanded: bool,
    /// Player who made `mv` (the side to move at the parent).
    pub mover: Player,
    /// Sum of rewards for `mover`.
    pub reward: f64,
}

/// Bytes a node of moves `M` takes, for sizing the arena from a memory budget.
pub(crate) fn node_bytes<M>() -> usize {
    std::mem::size_of::<Node<M>>()
}

pub(crate) struct Tree<M> {
    pub nodes: Vec<Node<M>>,
    cap: usize,
}

impl<M: Copy> Tree<M> {
    /// A tree of one root, reached by `root_mover`'s move, never larger than `cap` nodes;
    /// `reserve` nodes are allocated at once.
    pub fn new(cap: usize, reserve: usize, root_mover: Player) -> Self {
        let mut nodes = Vec::with_capacity(reserve.min(cap));
        nodes.push(Node {
            mv: None,
            first_child: 0,
            n_children: 0,
            visits: 0,
            expanded: false,
            mover: root_mover,
            reward: 0.0,
        });
        Tree { nodes, cap }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_expanded(&self, node: usize) -> bool {
        self.nodes.get(node).is_some_and(|n| n.expanded)
    }

    /// Gives `node` the children `moves`, made by `mover`, unless there are none or the arena
    /// has no room for them (the node then stays a leaf).
    pub fn expand(&mut self, node: usize, mover: Player, moves: &[M]) {
        if moves.is_empty() || self.nodes.len() + moves.len() > self.cap {
            return;
        }
        let first = self.nodes.len() as u32;
        self.nodes.extend(moves.iter().map(|&mv| Node {
            mv: Some(mv),
            first_child: 0,
            n_children: 0,
            visits: 0,
            expanded: false,
            mover,
            reward: 0.0,
        }));
        if let Some(n) = self.nodes.get_mut(node) {
            n.first_child = first;
            n.n_children = moves.len() as u32;
            n.expanded = true;
        }
    }

    /// The child of `node` to descend into: an unvisited one at random, else the one with the
    /// highest `q + exploration * sqrt(ln N / n)` for its mover.
    pub fn select(&self, node: usize, exploration: f64, rng: &mut SplitMix64) -> Option<usize> {
        let n = *self.nodes.get(node)?;
        let first = n.first_child as usize;
        let children = first..first + n.n_children as usize;
        let unvisited = children
            .clone()
            .filter(|&c| self.nodes[c].visits == 0)
            .count();
        if unvisited > 0 {
            let pick = rng.below(unvisited);
            return children.filter(|&c| self.nodes[c].visits == 0).nth(pick);
        }
        let log_n = f64::from(n.visits.max(1)).ln();
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for i in children {
            let child = &self.nodes[i];
            let visits = f64::from(child.visits);
            let value = child.reward / visits + exploration * (log_n / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = Some(i);
            }
        }
        best
    }

    /// Adds one visit and the mover's reward to every node of `path`.
    pub fn backup(&mut self, path: &[usize], reward_of: impl Fn(Player) -> f64) {
        for &i in path {
            if let Some(n) = self.nodes.get_mut(i) {
                n.visits = n.visits.saturating_add(1);
                n.reward += reward_of(n.mover);
            }
        }
    }

    /// The most visited child of `node`, the better mean reward among equals, then the first.
    pub fn best_child(&self, node: usize) -> Option<usize> {
        let n = self.nodes.get(node)?;
        let first = n.first_child as usize;
        (first..first + n.n_children as usize).max_by(|&a, &b| {
            let (x, y) = (&self.nodes[a], &self.nodes[b]);
            x.visits
                .cmp(&y.visits)
                .then(
                    (x.reward / f64::from(x.visits.max(1)))
                        .total_cmp(&(y.reward / f64::from(y.visits.max(1)))),
                )
                // Ties go to the earlier move: max_by keeps the last maximum, so reverse the index.
                .then(b.cmp(&a))
        })
    }
}
