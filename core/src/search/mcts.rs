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
//! With `MctsConfig::threads` above one, independent trees grow on as many threads and are
//! merged at the root (see [`root_parallel`]).
//!
//! The reported score maps the best move's mean reward q to `round((2q - 1) * 10000)` from the
//! side to move's view (so +10000 means every playout won); it is not comparable with
//! alpha-beta scores.

use crate::game::{Evaluator, Game, Outcome, Player};
use crate::rng::SplitMix64;
use crate::search::SearchResult;
use crate::search::cancel::{Budget, PUBLISH_INTERVAL};
use crate::search::config::{Playout, SearchConfig};
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
    let threads = config
        .mcts
        .threads
        .clamp(1, crate::search::smp::MAX_THREADS) as usize;
    if threads > 1 {
        return root_parallel(pos, eval, config, budget, cap, playouts, threads);
    }
    let limits = Limits {
        seed: config.mcts.seed,
        cap,
        playouts,
        node_budget: config.mcts.node_budget,
    };
    let (mut mcts, stopped) = grow(pos, eval, config, budget, &limits, None);
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

/// What one tree may spend.
struct Limits {
    seed: u64,
    cap: usize,
    playouts: u64,
    node_budget: Option<u64>,
}

/// Grows one tree from `pos` until its limits or the budget run out; also returns whether the
/// budget stopped it. `shared_nodes`, with several trees, sums their node counts for the
/// progress the token publishes.
fn grow<'a, G: Game>(
    pos: &G,
    eval: &'a dyn Evaluator<G>,
    config: &'a SearchConfig,
    budget: &'a Budget,
    limits: &Limits,
    shared_nodes: Option<&std::sync::atomic::AtomicU64>,
) -> (Mcts<'a, G>, bool) {
    let mut mcts = Mcts {
        config,
        eval,
        budget,
        rng: SplitMix64::new(limits.seed),
        // The root is reached by the other side's move: its reward is never read.
        tree: Tree::new(limits.cap, limits.cap, 1 - pos.side_to_move().min(1)),
        moves: Vec::new(),
        stats: SearchStats::default(),
    };
    let mut path = Vec::new();
    let mut stopped = false;
    let mut published = 0;
    for i in 0..limits.playouts {
        if i % 16 == 0 && mcts.budget.expired() {
            stopped = true;
            break;
        }
        mcts.iterate(pos, &mut path);
        if limits.node_budget.is_some_and(|b| mcts.stats.nodes >= b) {
            break;
        }
        if mcts.stats.nodes >= published + PUBLISH_INTERVAL {
            let total = match shared_nodes {
                Some(sum) => {
                    let delta = mcts.stats.nodes - published;
                    sum.fetch_add(delta, std::sync::atomic::Ordering::Relaxed) + delta
                }
                None => mcts.stats.nodes,
            };
            published = mcts.stats.nodes;
            mcts.budget.token.publish_nodes(total);
        }
    }
    (mcts, stopped)
}

/// `total` shared out among `parts`, the first ones taking the remainder.
fn share(total: u64, parts: usize, i: usize) -> u64 {
    if total == u64::MAX {
        return total;
    }
    let parts = parts as u64;
    total / parts + u64::from((i as u64) < total % parts)
}

/// Root-parallel MCTS (Chaslot, Winands and van den Herik 2008): `threads` independent trees,
/// one a thread, each with its own seed and a share of the playouts, the node budget and the
/// node cap; the root's children are merged by summing visits and rewards, and the most
/// visited merged move is played. Reproducible for a seed, thread count and playout or node
/// budget, since no tree reads another.
#[allow(clippy::too_many_arguments)]
fn root_parallel<G: Game>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    config: &SearchConfig,
    budget: &Budget,
    cap: usize,
    playouts: u64,
    threads: usize,
) -> SearchResult<G::Move> {
    let shared_nodes = std::sync::atomic::AtomicU64::new(0);
    let limits: Vec<Limits> = (0..threads)
        .map(|i| Limits {
            seed: config
                .mcts
                .seed
                .wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            cap: (cap / threads).max(1),
            playouts: share(playouts, threads, i),
            node_budget: config.mcts.node_budget.map(|b| share(b, threads, i)),
        })
        .collect();
    let grown: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = limits
            .iter()
            .map(|l| {
                let shared = &shared_nodes;
                scope.spawn(move || grow(pos, eval, config, budget, l, Some(shared)))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    // Root moves in the first tree's order, then any only another tree expanded.
    let mut merged: Vec<(G::Move, u64, f64)> = Vec::new();
    let mut stats = SearchStats::default();
    let mut stopped = false;
    for (mcts, s) in &grown {
        stopped |= *s;
        stats.add_counts(&mcts.stats);
        stats.tree_nodes += mcts.tree.len() as u64;
        stats.seldepth = stats.seldepth.max(mcts.stats.seldepth);
        let root = mcts.tree.nodes[0];
        let first = root.first_child as usize;
        for child in &mcts.tree.nodes[first..first + root.n_children as usize] {
            let Some(mv) = child.mv else { continue };
            match merged.iter_mut().find(|(m, _, _)| *m == mv) {
                Some(entry) => {
                    entry.1 += u64::from(child.visits);
                    entry.2 += child.reward;
                }
                None => merged.push((mv, u64::from(child.visits), child.reward)),
            }
        }
    }
    stats.depth = stats.seldepth;
    let q = |&(_, visits, reward): &(G::Move, u64, f64)| reward / visits.max(1) as f64;
    // The most visited, then the better mean reward, then the earlier move.
    let best = merged
        .iter()
        .enumerate()
        .max_by(|(i, a), (j, b)| a.1.cmp(&b.1).then(q(a).total_cmp(&q(b))).then(j.cmp(i)))
        .map(|(_, entry)| *entry);
    let mut result = SearchResult::empty();
    match best {
        Some(entry @ (mv, visits, _)) if visits > 0 => {
            result.score = ((2.0 * q(&entry) - 1.0) * 10_000.0).round() as i32;
            result.pv.push(mv);
            // The line goes on in the tree that visited the move most.
            let deepest = grown.iter().max_by_key(|(mcts, _)| {
                let root = mcts.tree.nodes[0];
                let first = root.first_child as usize;
                mcts.tree.nodes[first..first + root.n_children as usize]
                    .iter()
                    .find(|c| c.mv == Some(mv))
                    .map_or(0, |c| c.visits)
            });
            if let Some((mcts, _)) = deepest {
                let root = mcts.tree.nodes[0];
                let first = root.first_child as usize;
                let mut node = (first..first + root.n_children as usize)
                    .find(|&c| mcts.tree.nodes[c].mv == Some(mv));
                while let Some(child) = node.and_then(|n| mcts.tree.best_child(n)) {
                    let n = mcts.tree.nodes[child];
                    let Some(next) = n.mv.filter(|_| n.visits > 0) else {
                        break;
                    };
                    result.pv.push(next);
                    node = Some(child);
                }
            }
        }
        _ => {}
    }
    result.best_move = result.pv.first().copied();
    if result.best_move.is_none() {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        result.best_move = moves.first().copied();
    }
    result.depth = stats.depth;
    result.completed = !(stopped && budget.token.is_stopped());
    result.stats = stats;
    result
}
