//! Monte Carlo tree search with UCT selection.
//!
//! Each iteration walks down the tree choosing the child with the highest
//! `q + C * sqrt(ln N / n)` (unvisited children first, at random), expands the leaf (all children
//! at once, while the node budget allows), finishes the game from there with a playout and backs
//! the result up. Rewards are 1 for a win, ½ for a draw, 0 for a loss, stored at each node from
//! the view of the player who made the move into it. The answer is the most visited root move.
//!
//! The tree lives in one arena allocated once, sized by the node cap: `MctsConfig::max_nodes`
//! and `SearchConfig::tt_bytes / size_of::<Node>()`, whichever is smaller. Randomness comes from
//! a seeded SplitMix64, so a search with a fixed seed and playout budget is reproducible.
//!
//! The reported score maps the best move's mean reward q to `round((2q - 1) * 10000)` from the
//! side to move's view (so +10000 means every playout won); it is not comparable with
//! alpha-beta scores.

use crate::game::{Evaluator, Game, Outcome, Player};
use crate::search::SearchResult;
use crate::search::cancel::{Budget, PUBLISH_INTERVAL};
use crate::search::config::{Playout, SearchConfig};
use crate::search::rng::SplitMix64;
use crate::search::score::clamp_eval;
use crate::search::stats::SearchStats;
use crate::search::uct::{Tree, node_bytes};

/// Longest playout before it is scored a draw (guards against games without a move limit).
const MAX_PLAYOUT_PLIES: u32 = 2000;
/// Tree size when neither a node cap nor a memory budget is given.
const DEFAULT_NODE_CAP: usize = 1 << 20;
/// Playouts when neither a playout budget nor a time budget is given.
const DEFAULT_PLAYOUTS: u64 = 10_000;

/// Node cap for a configuration: the tree never allocates more than this many nodes.
pub fn node_cap<M>(config: &SearchConfig) -> usize {
    let by_memory = if config.tt_bytes > 0 {
        config.tt_bytes / node_bytes::<M>()
    } else {
        DEFAULT_NODE_CAP
    };
    config
        .mcts
        .max_nodes
        .unwrap_or(usize::MAX)
        .min(by_memory)
        .max(1)
}

fn reward_for(outcome: &Outcome, player: Player) -> f64 {
    match outcome.sign_for(player) {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

struct Mcts<'a, G: Game> {
    config: &'a SearchConfig,
    eval: &'a dyn Evaluator<G>,
    budget: &'a Budget,
    rng: SplitMix64,
    tree: Tree<G::Move>,
    moves: Vec<G::Move>,
    stats: SearchStats,
}

impl<G: Game> Mcts<'_, G> {
    /// Reward for player 0 of a playout from `pos`.
    fn playout(&mut self, mut pos: G) -> f64 {
        for step in 0..MAX_PLAYOUT_PLIES {
            if let Some(outcome) = pos.outcome() {
                self.stats.terminal_nodes += 1;
                return reward_for(&outcome, 0);
            }
            if let Playout::Cutoff { plies, scale } = self.config.mcts.playout
                && step >= plies
            {
                self.stats.leaf_evals += 1;
                let v = f64::from(clamp_eval(self.eval.evaluate(&pos)));
                let p = 1.0 / (1.0 + (-v / scale.max(1e-9)).exp());
                return if pos.side_to_move() == 0 { p } else { 1.0 - p };
            }
            pos.legal_moves(&mut self.moves);
            let greedy = match self.config.mcts.playout {
                Playout::EpsilonGreedy { epsilon } => self.rng.unit() >= epsilon,
                _ => false,
            };
            let mv = if greedy { self.greedy_move(&pos) } else { None };
            let Some(mv) = mv.or_else(|| self.moves.get(self.rng.below(self.moves.len())).copied())
            else {
                break;
            };
            pos.play(mv);
            self.stats.nodes += 1;
        }
        0.5
    }

    /// The move whose resulting position is best for the mover by the evaluator (a winning move
    /// beats everything).
    fn greedy_move(&mut self, pos: &G) -> Option<G::Move> {
        let mover = pos.side_to_move();
        let mut best: Option<(G::Move, i64)> = None;
        for &mv in &self.moves {
            let mut child = *pos;
            child.play(mv);
            let value = match child.outcome() {
                Some(o) => i64::from(o.sign_for(mover)) * i64::from(i32::MAX),
                None => {
                    self.stats.leaf_evals += 1;
                    let v = i64::from(clamp_eval(self.eval.evaluate(&child)));
                    if child.side_to_move() == mover { v } else { -v }
                }
            };
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
            }
        }
        best.map(|(m, _)| m)
    }

    fn expand(&mut self, node: usize, pos: &G) {
        pos.legal_moves(&mut self.moves);
        self.tree.expand(node, pos.side_to_move(), &self.moves);
    }

    fn iterate(&mut self, root: &G, path: &mut Vec<usize>) {
        path.clear();
        path.push(0);
        let mut node = 0;
        let mut pos = *root;
        loop {
            self.stats.nodes += 1;
            if pos.outcome().is_some() {
                break;
            }
            if !self.tree.is_expanded(node) {
                self.expand(node, &pos);
                if !self.tree.is_expanded(node) {
                    break;
                }
            }
            let Some(child) = self
                .tree
                .select(node, self.config.mcts.exploration, &mut self.rng)
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
                self.stats.nodes += 1;
                break;
            }
        }
        let depth = path.len() as u32 - 1;
        if depth > self.stats.seldepth {
            self.stats.seldepth = depth;
        }
        let reward0 = self.playout(pos);
        self.stats.playouts += 1;
        self.tree.backup(
            path,
            |mover| if mover == 0 { reward0 } else { 1.0 - reward0 },
        );
    }
}

pub(crate) fn run_mcts<G: Game>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    config: &SearchConfig,
    budget: &Budget,
) -> SearchResult<G::Move> {
    let cap = node_cap::<G::Move>(config);
    let mut mcts = Mcts {
        config,
        eval,
        budget,
        rng: SplitMix64::new(config.mcts.seed),
        // The root is reached by the other side's move: its reward is never read.
        tree: Tree::new(cap, cap, 1 - pos.side_to_move().min(1)),
        moves: Vec::new(),
        stats: SearchStats::default(),
    };
    let mut result = SearchResult::empty();
    if let Some(outcome) = pos.outcome() {
        result.score = crate::search::score::terminal_score(&outcome, pos.side_to_move(), 0);
        result.completed = true;
        return result;
    }
    let playouts = config.mcts.playouts.unwrap_or(
        if config.time_ms.is_some() || config.mcts.node_budget.is_some() {
            u64::MAX
        } else {
            DEFAULT_PLAYOUTS
        },
    );
    let mut path = Vec::new();
    let mut stopped = false;
    let mut published = 0;
    for i in 0..playouts {
        if i % 16 == 0 && mcts.budget.expired() {
            stopped = true;
            break;
        }
        mcts.iterate(pos, &mut path);
        if config
            .mcts
            .node_budget
            .is_some_and(|b| mcts.stats.nodes >= b)
        {
            break;
        }
        if mcts.stats.nodes >= published + PUBLISH_INTERVAL {
            published = mcts.stats.nodes;
            mcts.budget.token.publish_nodes(published);
        }
    }
    let mut stats = mcts.stats.clone();
    stats.tree_nodes = mcts.tree.len() as u64;
    stats.depth = stats.seldepth;
    let mut node = 0;
    while let Some(child) = mcts.tree.best_child(node) {
        let n = mcts.tree.nodes[child];
        if n.visits == 0 {
            break;
        }
        let Some(mv) = n.mv else { break };
        if result.pv.is_empty() {
            let q = n.reward / f64::from(n.visits);
            result.score = ((2.0 * q - 1.0) * 10_000.0).round() as i32;
        }
        result.pv.push(mv);
        node = child;
    }
    result.best_move = result.pv.first().copied();
    if result.best_move.is_none() {
        pos.legal_moves(&mut mcts.moves);
        result.best_move = mcts.moves.first().copied();
    }
    result.depth = stats.depth;
    // A time budget running out is the normal end; only an outside stop makes it incomplete.
    result.completed = !(stopped && budget.token.is_stopped());
    result.stats = stats;
    result
}
