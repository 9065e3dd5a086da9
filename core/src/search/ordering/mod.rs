//! Move ordering: pluggable techniques composed in a fixed priority.
//!
//! A node's moves are ordered as follows (each step only if switched on):
//! 1. generation order (`Game::legal_moves`), the base;
//! 2. a stable sort by history score, ties by `Game::static_order` (either key alone if only
//!    one is on), ties by generation order;
//! 3. killer moves brought to the front (slot 0, slot 1, then the global list);
//! 4. History-ADS: the moves in the node's adaptive list brought to the front in list order
//!    (no sort: a walk down the list);
//! 5. the transposition-table move (or the previous iteration's best root move) first.
//!
//! Later steps take priority, so the final order is TT move, ADS moves, killers, the rest.
//! Ordering never changes a search's value, only the number of nodes it visits.
//!
//! The code brings the moves to the front first and sorts only the rest, which is the same
//! order; a node whose children are leaves may instead pick each of the rest when its turn
//! comes ([`MoveOrderer::order_lazily`]), so that a cut-off leaves them unsorted.

pub mod ads;
pub mod history;
pub mod killer;

use crate::game::{Evaluator, Game, Player};
use crate::search::config::OrderingConfig;
use ads::AdsTable;
use history::History;
use killer::Killers;

/// The fewest plies left at which [`crate::search::Ordering::Evaluation`] sorts: nearer the
/// leaves an evaluation per move costs about what the better order saves (Othello with the
/// pattern evaluation, 20 middle-game positions searched to depth 10 at once: from 3 plies
/// 1.33 M nodes, from 2 plies 1.06 M but no faster, from 4 plies 1.43 M; static order with
/// history 3.83 M).
pub const EVALUATION_MIN_DEPTH: u32 = 3;

/// All ordering state of one search.
#[derive(Clone, Debug)]
pub struct MoveOrderer<G: Game> {
    config: OrderingConfig,
    killers: Killers<G::Move>,
    history: Option<History>,
    ads: Option<AdsTable<G::Move>>,
    /// Sort keys and a copy of the moves, reused at every node (no allocation after warm-up).
    keys: Vec<u128>,
    scratch: Vec<G::Move>,
    /// Where the last ordered node's sorted part starts (after the moves brought to the front).
    front: usize,
}

impl<G: Game> MoveOrderer<G> {
    pub fn new(config: OrderingConfig) -> Self {
        MoveOrderer {
            config,
            killers: Killers::new(config.killers),
            history: config
                .history
                .map(|inc| History::new(inc, G::MOVE_KEY_SPACE)),
            ads: config.ads.map(AdsTable::new),
            keys: Vec::with_capacity(64),
            scratch: Vec::with_capacity(64),
            front: 0,
        }
    }

    pub fn config(&self) -> &OrderingConfig {
        &self.config
    }

    /// Whether the TT move should be tried first.
    pub fn uses_tt_move(&self) -> bool {
        self.config.tt_move
    }

    /// Forgets everything learnt (start of a new search).
    pub fn clear(&mut self) {
        self.killers.clear();
        if let Some(h) = &mut self.history {
            h.clear();
        }
        if let Some(a) = &mut self.ads {
            a.clear();
        }
    }

    /// The History-ADS lists (for inspection and tests).
    pub fn ads(&self) -> Option<&AdsTable<G::Move>> {
        self.ads.as_ref()
    }

    /// Orders `moves` (legal moves of `pos`, `ply` plies below the root). `first` (TT move or
    /// previous best) goes first if it is among them.
    pub fn order(&mut self, pos: &G, moves: &mut [G::Move], ply: usize, first: Option<G::Move>) {
        if self.order_front(pos, moves, ply, first) {
            self.sort_tail(moves);
        }
    }

    /// [`MoveOrderer::order`]'s order, found as the moves are searched: the moves it brings to
    /// the front are placed now, and [`MoveOrderer::pick`] finds each later one when its turn
    /// comes. A node that cuts off after its first moves then never sorts the rest.
    ///
    /// The keys wait in the orderer until the next ordering of any node, so the node's children
    /// must not order moves before its last pick: for nodes whose children are leaves.
    pub fn order_lazily(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        ply: usize,
        first: Option<G::Move>,
    ) {
        if !self.order_front(pos, moves, ply, first) {
            self.keys.clear();
        }
    }

    /// Puts the move [`MoveOrderer::order`] puts at `index` there, the moves before it being
    /// in place (after [`MoveOrderer::order_lazily`], for indices in increasing order).
    pub fn pick(&mut self, moves: &mut [G::Move], index: usize) {
        let Some(at) = index.checked_sub(self.front) else {
            return;
        };
        let Some(rest) = self.keys.get(at..) else {
            return;
        };
        let Some(best) = (0..rest.len()).max_by_key(|&i| rest[i]) else {
            return;
        };
        self.keys.swap(at, at + best);
        moves.swap(index, index + best);
    }

    /// Brings the table's move, History-ADS's and the killers to the front, in that priority,
    /// and leaves the sort keys of the rest (from their index `front` on, still in generation
    /// order) in `keys`. `false`: nothing is left to sort.
    fn order_front(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        ply: usize,
        first: Option<G::Move>,
    ) -> bool {
        self.front = 0;
        if moves.len() < 2 {
            return false;
        }
        let side = pos.side_to_move();
        let mut front = 0;
        // Highest priority first: each step only rearranges the part behind the higher ones,
        // whose order stays generation order.
        if let Some(mv) = first
            && promote(moves, front, mv)
        {
            front += 1;
        }
        if let Some(ads) = &self.ads {
            for &mv in ads.list(ply, side) {
                if front >= moves.len() {
                    break;
                }
                if promote(moves, front, mv) {
                    front += 1;
                }
            }
        }
        for mv in self.killers.at(ply) {
            if front >= moves.len() {
                break;
            }
            if promote(moves, front, mv) {
                front += 1;
            }
        }
        self.front = front;
        moves.len() - front >= 2
            && (self.config.static_order || self.history.is_some())
            && self.tail_keys(pos, side, &moves[front..])
    }

    /// One packed key per move of `tail`: history score, static score, then the index reversed,
    /// so that the largest key first is the stable order. `false`: every history and static
    /// score is the same, so generation order stands.
    fn tail_keys(&mut self, pos: &G, side: Player, tail: &[G::Move]) -> bool {
        self.keys.clear();
        let mut all_equal = true;
        for (i, &mv) in tail.iter().enumerate() {
            let h = self
                .history
                .as_ref()
                .map_or(0, |h| h.score(side, G::move_key(mv)));
            let s = if self.config.static_order {
                pos.static_order(mv)
            } else {
                0
            };
            let key = u128::from(h) << 64
                | u128::from((i64::from(s) + (1i64 << 31)) as u32) << 32
                | u128::from(u32::MAX - i as u32);
            if let Some(&first) = self.keys.first() {
                all_equal &= (first >> 32) == (key >> 32);
            }
            self.keys.push(key);
        }
        !all_equal
    }

    /// Sorts the moves from `front` on by the keys [`MoveOrderer::order_front`] left.
    fn sort_tail(&mut self, moves: &mut [G::Move]) {
        let Some(tail) = moves.get_mut(self.front..) else {
            return;
        };
        self.keys.sort_unstable_by(|a, b| b.cmp(a));
        self.scratch.clear();
        self.scratch.extend_from_slice(tail);
        for (slot, &key) in tail.iter_mut().zip(&self.keys) {
            let index = (u32::MAX - key as u32) as usize;
            if let Some(&mv) = self.scratch.get(index) {
                *slot = mv;
            }
        }
        self.keys.clear();
    }

    /// Orders the moves of `pos` (already ordered by [`MoveOrderer::order`]) by the evaluation
    /// after each, best for the mover first, less the opponent's replies weighted by
    /// [`Evaluator::mobility_order_weight`] (Edax's and Zebra's fastest-first idea), where
    /// `depth` plies are left; the move keyed `first` (the table's), if first, stays first.
    pub fn sort_by_evaluation(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        depth: u32,
        first: Option<usize>,
        eval: &dyn Evaluator<G>,
    ) {
        let start = usize::from(first.is_some() && moves.first().map(|&m| G::move_key(m)) == first);
        if depth < EVALUATION_MIN_DEPTH || moves.len() < start + 2 {
            return;
        }
        let side = pos.side_to_move();
        let weight = i64::from(eval.mobility_order_weight());
        self.keys.clear();
        for (i, &mv) in moves[start..].iter().enumerate() {
            let mut child = *pos;
            child.play(mv);
            let value = i64::from(eval.evaluate(&child));
            // Where the mover moves again (a capture goes on), the replies are its own.
            let (mover_value, replies) = if child.side_to_move() == side {
                (value, 0)
            } else {
                let replies = i64::try_from(child.count_moves()).unwrap_or(i64::MAX / 2);
                (-value, replies)
            };
            let score = mover_value.saturating_sub(weight.saturating_mul(replies));
            // Score in the high bits (offset to stay positive), generation index reversed below:
            // a descending sort is stable among equal scores.
            let key = ((score.clamp(-(1i64 << 62), 1i64 << 62) + (1i64 << 62)) as u128) << 32
                | u128::from(u32::MAX - i as u32);
            self.keys.push(key);
        }
        self.keys.sort_unstable_by(|a, b| b.cmp(a));
        self.scratch.clear();
        self.scratch.extend_from_slice(&moves[start..]);
        for (slot, &key) in moves[start..].iter_mut().zip(&self.keys) {
            let index = (u32::MAX - key as u32) as usize;
            if let Some(&mv) = self.scratch.get(index) {
                *slot = mv;
            }
        }
    }

    /// Records that `mv` caused a cut-off at a node with `side` to move, `ply` below the root,
    /// searched to `depth`.
    pub fn on_cutoff(&mut self, side: Player, ply: usize, depth: u32, mv: G::Move) {
        self.killers.on_cutoff(ply, mv);
        if let Some(h) = &mut self.history {
            h.on_cutoff(side, G::move_key(mv), depth);
        }
        if let Some(a) = &mut self.ads {
            a.on_cutoff(ply, side, mv);
        }
    }
}

/// Moves `mv` (searched from index `start` on) to index `start`, keeping the order of the rest.
pub(crate) fn promote<M: Copy + PartialEq>(moves: &mut [M], start: usize, mv: M) -> bool {
    let Some(rest) = moves.get_mut(start..) else {
        return false;
    };
    match rest.iter().position(|&m| m == mv) {
        Some(i) => {
            rest[..=i].rotate_right(1);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{MoveOrderer, promote};
    use crate::game::Game;
    use crate::games::othello::{Othello, OthelloMove};
    use crate::rng::SplitMix64;
    use crate::search::config::{AdsConfig, HistoryIncrement, KillerMode, OrderingConfig};
    use std::cmp::Reverse;

    /// The order as the module's steps state it, the simple way: a stable sort of every move,
    /// then the killers, ADS's list and the table's move brought to the front, the highest
    /// priority last.
    fn sort_then_promote(
        o: &MoveOrderer<Othello>,
        pos: &Othello,
        moves: &mut [OthelloMove],
        ply: usize,
        first: Option<OthelloMove>,
    ) {
        let side = pos.side_to_move();
        if o.config.static_order || o.history.is_some() {
            moves.sort_by_key(|&m| {
                let h = o
                    .history
                    .as_ref()
                    .map_or(0, |h| h.score(side, Othello::move_key(m)));
                let s = if o.config.static_order {
                    pos.static_order(m)
                } else {
                    0
                };
                Reverse((h, s))
            });
        }
        let mut front: Vec<OthelloMove> = Vec::new();
        let mut bring = |mv: OthelloMove| {
            if !front.contains(&mv) && moves.contains(&mv) {
                front.push(mv);
            }
        };
        first.into_iter().for_each(&mut bring);
        if let Some(ads) = &o.ads {
            ads.list(ply, side).iter().copied().for_each(&mut bring);
        }
        o.killers.at(ply).for_each(&mut bring);
        let rest: Vec<OthelloMove> = moves
            .iter()
            .copied()
            .filter(|m| !front.contains(m))
            .collect();
        for (slot, mv) in moves.iter_mut().zip(front.into_iter().chain(rest)) {
            *slot = mv;
        }
    }

    #[test]
    fn the_sort_and_the_moves_picked_one_by_one_give_the_stated_order() {
        let configs = [
            OrderingConfig::default(),
            OrderingConfig {
                killers: KillerMode::Global { n: 3 },
                history: Some(HistoryIncrement::TwoPowDepth),
                ads: Some(AdsConfig::default()),
                ..OrderingConfig::default()
            },
            OrderingConfig {
                static_order: false,
                ..OrderingConfig::default()
            },
            OrderingConfig::none(),
        ];
        let mut rng = SplitMix64::new(31);
        let mut buf = Vec::new();
        let (mut nodes, mut picks_reordered) = (0, 0);
        for config in configs {
            let mut sorted = MoveOrderer::<Othello>::new(config);
            let mut lazy = MoveOrderer::<Othello>::new(config);
            let mut pos = Othello::start();
            for _ in 0..400 {
                pos.legal_moves(&mut buf);
                if buf.is_empty() {
                    pos = Othello::start();
                    continue;
                }
                // The same cut-offs teach both orderers killers, history and ADS lists.
                let ply = rng.below(4);
                for _ in 0..rng.below(3) {
                    let mv = buf[rng.below(buf.len())];
                    let depth = rng.below(6) as u32 + 1;
                    for o in [&mut sorted, &mut lazy] {
                        o.on_cutoff(pos.side_to_move(), ply, depth, mv);
                    }
                }
                let first = (rng.below(2) == 0).then(|| buf[rng.below(buf.len())]);
                let mut stated = buf.clone();
                sort_then_promote(&sorted, &pos, &mut stated, ply, first);
                let mut want = buf.clone();
                sorted.order(&pos, &mut want, ply, first);
                assert_eq!(want, stated, "{config:?}");
                let mut got = buf.clone();
                lazy.order_lazily(&pos, &mut got, ply, first);
                let promoted = got.clone();
                for i in 0..got.len() {
                    lazy.pick(&mut got, i);
                }
                nodes += 1;
                picks_reordered += usize::from(got != promoted);
                assert_eq!(got, want, "{config:?}");
                let mv = buf[rng.below(buf.len())];
                pos.play(mv);
            }
        }
        // The picks themselves reordered moves, not only the promotions.
        assert!(picks_reordered > 100, "{picks_reordered} of {nodes}");
    }

    #[test]
    fn promote_keeps_the_rest_in_order() {
        let mut v = [1, 2, 3, 4, 5];
        assert!(promote(&mut v, 1, 4));
        assert_eq!(v, [1, 4, 2, 3, 5]);
        assert!(!promote(&mut v, 2, 1));
        assert!(!promote(&mut v, 9, 1));
    }
}
