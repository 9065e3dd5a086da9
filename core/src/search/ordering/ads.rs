//! History-ADS (Polk & Oommen): adaptive lists of the moves that caused cut-offs.
//!
//! Every cut-off *queries* the list with the move that caused it. A move not yet in the list is
//! first appended at the rear; then the update rule runs: Move-to-Front moves it to the head,
//! Transposition swaps it with its predecessor. If the list is longer than its bound N afterwards,
//! the element pushed past N is forgotten (the last one). So with Move-to-Front a new move enters
//! at the head and pushes the tail out; with Transposition a new move enters at position N-1
//! (one above the rear) and the old rear drops out.
//!
//! Separate lists are kept for the two sides (Max and Min nodes in negamax are the side to move),
//! and optionally one pair per tree level. Ordering a node puts the moves found in its list first,
//! in list order, followed by the other moves in their previous order: no sort.

use crate::game::Player;
use crate::search::config::{AdsConfig, AdsUpdate};

/// One adaptive list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdsList<M> {
    items: Vec<M>,
    update: AdsUpdate,
    limit: Option<usize>,
}

impl<M: Copy + PartialEq> AdsList<M> {
    pub fn new(update: AdsUpdate, limit: Option<usize>) -> Self {
        AdsList {
            items: Vec::with_capacity(limit.unwrap_or(0).saturating_add(1).min(1024)),
            update,
            limit,
        }
    }

    /// The moves in list order, head first.
    pub fn as_slice(&self) -> &[M] {
        &self.items
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// Queries the list with the move that caused a cut-off and adapts it.
    pub fn query(&mut self, mv: M) {
        let at = match self.items.iter().position(|&m| m == mv) {
            Some(i) => i,
            None => {
                self.items.push(mv);
                self.items.len() - 1
            }
        };
        match self.update {
            AdsUpdate::MoveToFront => self.items[..=at].rotate_right(1),
            AdsUpdate::Transposition => {
                if at > 0 {
                    self.items.swap(at - 1, at);
                }
            }
        }
        if let Some(limit) = self.limit {
            self.items.truncate(limit);
        }
    }
}

/// The History-ADS lists of one search: per side, and per level if configured.
#[derive(Clone, Debug)]
pub struct AdsTable<M> {
    config: AdsConfig,
    /// Index `level * 2 + side` (level is always 0 without per-level lists).
    lists: Vec<AdsList<M>>,
}

impl<M: Copy + PartialEq> AdsTable<M> {
    pub fn new(config: AdsConfig) -> Self {
        AdsTable {
            config,
            lists: Vec::new(),
        }
    }

    fn index(&self, ply: usize, side: Player) -> usize {
        let level = if self.config.per_level { ply } else { 0 };
        level * 2 + usize::from(side & 1)
    }

    /// The list consulted at a node `ply` plies below the root with `side` to move.
    pub fn list(&self, ply: usize, side: Player) -> &[M] {
        self.lists
            .get(self.index(ply, side))
            .map(AdsList::as_slice)
            .unwrap_or(&[])
    }

    /// Records a cut-off by `mv` at such a node.
    pub fn on_cutoff(&mut self, ply: usize, side: Player, mv: M) {
        let i = self.index(ply, side);
        if self.lists.len() <= i {
            let (update, limit) = (self.config.update, self.config.limit);
            self.lists
                .resize_with(i + 1, || AdsList::new(update, limit));
        }
        if let Some(list) = self.lists.get_mut(i) {
            list.query(mv);
        }
    }

    pub fn clear(&mut self) {
        self.lists.iter_mut().for_each(AdsList::clear);
    }
}
