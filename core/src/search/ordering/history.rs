//! History heuristic: a score per (side, move key), raised at every cut-off.

use crate::game::Player;
use crate::search::config::HistoryIncrement;

/// History scores, one table per side, each `MOVE_KEY_SPACE` long (allocated once).
#[derive(Clone, Debug)]
pub struct History {
    increment: HistoryIncrement,
    key_space: usize,
    scores: Vec<u64>,
}

impl History {
    pub fn new(increment: HistoryIncrement, key_space: usize) -> Self {
        History {
            increment,
            key_space,
            scores: vec![0; key_space * 2],
        }
    }

    pub fn score(&self, side: Player, key: usize) -> u64 {
        if key >= self.key_space {
            return 0;
        }
        self.scores
            .get(usize::from(side & 1) * self.key_space + key)
            .copied()
            .unwrap_or(0)
    }

    pub fn on_cutoff(&mut self, side: Player, key: usize, depth: u32) {
        if key >= self.key_space {
            return;
        }
        let add = match self.increment {
            HistoryIncrement::DepthSquared => u64::from(depth) * u64::from(depth),
            HistoryIncrement::TwoPowDepth => 1u64 << depth.min(30),
        };
        if let Some(s) = self
            .scores
            .get_mut(usize::from(side & 1) * self.key_space + key)
        {
            *s = s.saturating_add(add);
        }
    }

    pub fn clear(&mut self) {
        self.scores.iter_mut().for_each(|s| *s = 0);
    }
}
