//! The minimal alpha-beta tree of a position: the floor under every depth-first search's node
//! count at a fixed depth.
//!
//! An oracle that knows the exact depth-limited value of every node still has to look at enough
//! of the tree to *prove* the root's value `V`: at the root (and along the principal variation) one
//! child with the exact value plus a proof that every other child is no better; at a node that
//! must be shown to be at least `v` ("cut node"), one child that refutes; at a node that must be
//! shown to be at most `v` ("all node"), every child. The oracle picks, wherever it has a choice
//! (the principal child, the refuting child), the one whose own proof is smallest, so the count
//! is the exact minimum over all proofs. Alpha-beta's cut-off rule is `value >= beta`, so a tie
//! refutes, as here. Every node of the proof counts once, interior and leaf alike, which is the
//! History-ADS paper's definition that [`crate::search::SearchStats::nodes`] follows.
//!
//! Three figures:
//! - [`MinimalTree::tree_nodes`]: the proof as a tree (a search without a transposition table
//!   can never visit fewer nodes at this depth; Knuth and Moore's `b^⌈d/2⌉ + b^⌊d/2⌋ − 1` leaves
//!   for uniform trees);
//! - [`MinimalTree::merged_nodes`]: the same oracle with transpositions merged, as a search with
//!   a perfect table would see them: a node whose needed fact (exact value, or the bound) was
//!   already proven elsewhere costs nothing, and a cut node prefers a refutation already proven.
//!   Choices are greedy (smallest tree first, in depth-first order), so this is an achievable
//!   count, not a proven minimum over all merged proofs (that problem is much harder), so it is
//!   a yardstick for searches with a table rather than a strict floor;
//! - [`MinimalTree::best_first_nodes`]: the tree perfect move ordering visits (every cut node
//!   refuted by a best child): the gap between it and the minimal tree is what choosing the
//!   cheapest refutation, rather than the best move, is worth.
//!
//! Neither figure includes the shallower iterations an iterative-deepening search spends first.
//!
//! The computation runs a full minimax first (memoised by position, so it costs the number of
//! distinct positions, not the tree), then the proof on top of it: fine at the depths where plain
//! minimax finishes, which is where a ratio to minimax can be measured at all.

use crate::game::{Evaluator, Game};
use crate::search::score::{INFINITY, clamp_eval, terminal_score};
use std::collections::HashMap;

/// The minimal proof of a position's depth-limited value (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MinimalTree {
    /// The root's minimax value (as [`crate::search::Algorithm::Minimax`] scores it).
    pub value: i32,
    /// Nodes of the full minimax tree (what plain minimax counts).
    pub minimax_nodes: u64,
    /// Nodes of the smallest proof tree.
    pub tree_nodes: u64,
    /// Depth-0 and finished-game nodes of that tree.
    pub tree_leaves: u64,
    /// Nodes of the oracle's proof with transpositions merged (greedy; see the module docs).
    pub merged_nodes: u64,
    /// Nodes of the tree a search with perfect move ordering visits: the same proof, but every
    /// cut node refuted by a best child (the cheapest of them), not by the cheapest refutation.
    pub best_first_nodes: u64,
}

/// What a node of the proof must establish, from its side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Need {
    /// The exact value.
    Exact,
    /// The value is at least this.
    AtLeast(i32),
    /// The value is at most this.
    AtMost(i32),
}

impl Need {
    /// Whether having proven `self` at a node of value `value` also proves `other` there.
    fn implies(self, other: Need, value: i32) -> bool {
        match (self, other) {
            (Need::Exact, Need::Exact) => true,
            (Need::Exact, Need::AtLeast(v)) => value >= v,
            (Need::Exact, Need::AtMost(v)) => value <= v,
            (Need::AtLeast(w), Need::AtLeast(v)) => w >= v,
            (Need::AtMost(w), Need::AtMost(v)) => w <= v,
            _ => false,
        }
    }
}

/// A node: position hash, plies from the root (terminal scores depend on it) and depth left.
type Key = (u64, u32, u32);

/// Smallest proof tree of one need at one node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cost {
    nodes: u64,
    leaves: u64,
}

impl std::ops::Add for Cost {
    type Output = Cost;
    fn add(self, o: Cost) -> Cost {
        Cost {
            nodes: self.nodes + o.nodes,
            leaves: self.leaves + o.leaves,
        }
    }
}

/// A child position with its exact value from its own side to move's view.
struct Child<G> {
    pos: G,
    value: i32,
}

struct Oracle<'a, G: Game> {
    eval: &'a dyn Evaluator<G>,
    /// Exact value and full-tree node count per node. Keyed by hash and checked against the
    /// stored position: a colliding position is simply recomputed.
    values: HashMap<Key, (G, i32, u64)>,
    costs: HashMap<(Key, Need, bool), (G, Cost)>,
    /// Cut nodes choose among the best children only (what perfect move ordering visits).
    best_first: bool,
    /// Facts already proven, for the merged count.
    proven: HashMap<Key, Vec<Need>>,
    merged_nodes: u64,
}

/// Computes the minimal proof of `pos`'s value at `depth` with `eval` (see the module docs).
/// Costs a full minimax over the distinct positions of the tree, plus bookkeeping per node.
pub fn minimal_tree<G: Game>(pos: &G, eval: &dyn Evaluator<G>, depth: u32) -> MinimalTree {
    let mut oracle = Oracle {
        eval,
        values: HashMap::new(),
        costs: HashMap::new(),
        best_first: false,
        proven: HashMap::new(),
        merged_nodes: 0,
    };
    let (value, minimax_nodes) = oracle.value(pos, 0, depth);
    let tree = oracle.cost(pos, 0, depth, Need::Exact);
    oracle.prove(pos, 0, depth, Need::Exact);
    oracle.best_first = true;
    let best_first = oracle.cost(pos, 0, depth, Need::Exact);
    MinimalTree {
        value,
        minimax_nodes,
        tree_nodes: tree.nodes,
        tree_leaves: tree.leaves,
        merged_nodes: oracle.merged_nodes,
        best_first_nodes: best_first.nodes,
    }
}

impl<G: Game> Oracle<'_, G> {
    fn is_leaf(pos: &G, depth: u32) -> bool {
        depth == 0 || pos.outcome().is_some()
    }

    fn children(&mut self, pos: &G, ply: u32, depth: u32) -> Vec<Child<G>> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = *pos;
                child.play(mv);
                let (value, _) = self.value(&child, ply + 1, depth - 1);
                Child { pos: child, value }
            })
            .collect()
    }

    /// Exact negamax value as the engines score it, and the node count of plain minimax's tree.
    fn value(&mut self, pos: &G, ply: u32, depth: u32) -> (i32, u64) {
        let key = (pos.hash(), ply, depth);
        if let Some(&(p, v, n)) = self.values.get(&key)
            && p == *pos
        {
            return (v, n);
        }
        let (v, n) = if let Some(outcome) = pos.outcome() {
            (terminal_score(&outcome, pos.side_to_move(), ply), 1)
        } else if depth == 0 {
            (clamp_eval(self.eval.evaluate(pos)), 1)
        } else {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mut best = -INFINITY;
            let mut nodes = 1;
            for mv in moves {
                let mut child = *pos;
                child.play(mv);
                let (v, n) = self.value(&child, ply + 1, depth - 1);
                best = best.max(-v);
                nodes += n;
            }
            (best, nodes)
        };
        self.values.insert(key, (*pos, v, n));
        (v, n)
    }

    /// Smallest proof tree of `need` at the node (which must hold there).
    fn cost(&mut self, pos: &G, ply: u32, depth: u32, need: Need) -> Cost {
        if Self::is_leaf(pos, depth) {
            return Cost {
                nodes: 1,
                leaves: 1,
            };
        }
        let key = (pos.hash(), ply, depth);
        if let Some(&(p, c)) = self.costs.get(&(key, need, self.best_first))
            && p == *pos
        {
            return c;
        }
        let (value, _) = self.value(pos, ply, depth);
        let children = self.children(pos, ply, depth);
        let one = Cost {
            nodes: 1,
            leaves: 0,
        };
        let below = match need {
            Need::Exact => {
                // One child with the exact value, every other one shown to be no better: the
                // bound proofs of all children, with the principal child's swapped for its
                // exact proof (which contains a bound proof, so it never costs less).
                let mut bounds = Cost::default();
                let mut swaps = Vec::new();
                for c in &children {
                    let bound = self.cost(&c.pos, ply + 1, depth - 1, Need::AtLeast(-value));
                    bounds = bounds + bound;
                    if -c.value == value {
                        swaps.push((bound, self.cost(&c.pos, ply + 1, depth - 1, Need::Exact)));
                    }
                }
                swaps
                    .into_iter()
                    .map(|(bound, exact)| Cost {
                        nodes: bounds.nodes - bound.nodes + exact.nodes,
                        leaves: bounds.leaves - bound.leaves + exact.leaves,
                    })
                    .min_by_key(|c| c.nodes)
                    .unwrap_or(bounds)
            }
            Need::AtLeast(v) => {
                // The cheapest refutation: one child shown to be at most -v.
                // With best-first choice only the best children qualify (perfect ordering).
                let top = children.iter().map(|c| -c.value).max().unwrap_or(v);
                let floor = if self.best_first { top } else { v };
                let mut best: Option<Cost> = None;
                for c in children.iter().filter(|c| -c.value >= floor) {
                    let cost = self.cost(&c.pos, ply + 1, depth - 1, Need::AtMost(-v));
                    if best.is_none_or(|b| cost.nodes < b.nodes) {
                        best = Some(cost);
                    }
                }
                best.unwrap_or_default()
            }
            Need::AtMost(v) => {
                // Every child shown to be at least -v.
                let mut sum = Cost::default();
                for c in &children {
                    sum = sum + self.cost(&c.pos, ply + 1, depth - 1, Need::AtLeast(-v));
                }
                sum
            }
        };
        let total = one + below;
        self.costs
            .insert((key, need, self.best_first), (*pos, total));
        total
    }

    fn is_proven(&self, pos: &G, ply: u32, depth: u32, need: Need, value: i32) -> bool {
        self.proven
            .get(&(pos.hash(), ply, depth))
            .is_some_and(|facts| facts.iter().any(|f| f.implies(need, value)))
    }

    /// Walks the oracle's proof with transpositions merged, counting each node whose fact was
    /// not proven before.
    fn prove(&mut self, pos: &G, ply: u32, depth: u32, need: Need) {
        let (value, _) = self.value(pos, ply, depth);
        if self.is_proven(pos, ply, depth, need, value) {
            return;
        }
        self.merged_nodes += 1;
        self.proven
            .entry((pos.hash(), ply, depth))
            .or_default()
            .push(need);
        if Self::is_leaf(pos, depth) {
            return;
        }
        let children = self.children(pos, ply, depth);
        let (ply, depth) = (ply + 1, depth - 1);
        match need {
            Need::Exact => {
                // The principal child: one already proven exact, else the cheapest.
                let mut pick: Option<(usize, u64)> = None;
                for (i, c) in children.iter().enumerate() {
                    if -c.value != value {
                        continue;
                    }
                    let cost = if self.is_proven(&c.pos, ply, depth, Need::Exact, c.value) {
                        0
                    } else {
                        let exact = self.cost(&c.pos, ply, depth, Need::Exact).nodes;
                        let bound = self.cost(&c.pos, ply, depth, Need::AtLeast(-value)).nodes;
                        exact.saturating_sub(bound)
                    };
                    if pick.is_none_or(|(_, best)| cost < best) {
                        pick = Some((i, cost));
                    }
                }
                if let Some((i, _)) = pick
                    && let Some(c) = children.get(i)
                {
                    self.prove(&c.pos, ply, depth, Need::Exact);
                }
                for (j, c) in children.iter().enumerate() {
                    if pick.is_none_or(|(i, _)| i != j) {
                        self.prove(&c.pos, ply, depth, Need::AtLeast(-value));
                    }
                }
            }
            Need::AtLeast(v) => {
                let mut pick: Option<(&Child<G>, u64)> = None;
                for c in children.iter().filter(|c| -c.value >= v) {
                    let cost = if self.is_proven(&c.pos, ply, depth, Need::AtMost(-v), c.value) {
                        0
                    } else {
                        self.cost(&c.pos, ply, depth, Need::AtMost(-v)).nodes
                    };
                    if pick.is_none_or(|(_, best)| cost < best) {
                        pick = Some((c, cost));
                    }
                }
                if let Some((c, _)) = pick {
                    self.prove(&c.pos, ply, depth, Need::AtMost(-v));
                }
            }
            Need::AtMost(v) => {
                for c in &children {
                    self.prove(&c.pos, ply, depth, Need::AtLeast(-v));
                }
            }
        }
    }
}
