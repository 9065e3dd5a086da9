//! Negamax alpha-beta over [`Node`]s with the transposition table.
//!
//! Invariant at every node searched: the side to move cannot win with its next stone (the root
//! checks it before searching, and every child is reached by a non-losing move, which leaves the
//! opponent no immediate win).

use super::node::{CENTRE_FIRST, Node};
use super::table::Table;
use crate::games::connect4::bitboard::{CELLS, column_of};
use std::sync::atomic::{AtomicBool, Ordering};

/// How often (in nodes) the cancel flag is read: cheap, and far below a millisecond of search.
const CANCEL_CHECK_MASK: u64 = (1 << 12) - 1;

pub struct Search<'a> {
    pub table: &'a mut Table,
    pub nodes: u64,
    pub cancel: Option<&'a AtomicBool>,
    pub stopped: bool,
}

impl Search<'_> {
    /// Score of `node` if it lies in `(alpha, beta)`; otherwise a bound on the right side of the
    /// window (fail-hard: `<= alpha` means "at most", `>= beta` means "at least").
    pub fn negamax(&mut self, node: &Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & CANCEL_CHECK_MASK == 0
            && self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        if self.stopped {
            return alpha;
        }

        let next = node.non_losing_moves();
        if next == 0 {
            // Every move lets the opponent make four with its next stone.
            return -((CELLS as i32 - node.moves as i32) / 2);
        }
        if node.moves as usize >= CELLS - 2 {
            // Two stones left, neither can make four: draw.
            return 0;
        }

        // The opponent cannot win at its next move, so we lose no sooner than the move after.
        let floor = -((CELLS as i32 - 2 - node.moves as i32) / 2);
        if alpha < floor {
            alpha = floor;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with this stone, so at best with the next one.
        let ceiling = (CELLS as i32 - 1 - node.moves as i32) / 2;
        if beta > ceiling {
            beta = ceiling;
            if alpha >= beta {
                return beta;
            }
        }

        let key = node.key();
        if let Some((lo, hi)) = self.table.get(key) {
            if lo > alpha {
                alpha = lo;
                if alpha >= beta {
                    return alpha;
                }
            }
            if hi < beta {
                beta = hi;
                if alpha >= beta {
                    return beta;
                }
            }
        }

        // Order the non-losing moves by how many cells they threaten, centre first among equals.
        let mut moves = [0u64; 7];
        let mut scores = [0u32; 7];
        let mut count = 0;
        for &col in &CENTRE_FIRST {
            let bit = next & column_of(col);
            if bit == 0 {
                continue;
            }
            let score = node.threat_count_after(bit);
            let mut i = count;
            while i > 0 && scores[i - 1] < score {
                moves[i] = moves[i - 1];
                scores[i] = scores[i - 1];
                i -= 1;
            }
            moves[i] = bit;
            scores[i] = score;
            count += 1;
        }

        let alpha_in = alpha;
        for &bit in &moves[..count] {
            let child = node.play_bit(bit);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                self.table.store_lower(key, score);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        if alpha > alpha_in {
            self.table.store_exact(key, alpha);
        } else {
            self.table.store_upper(key, alpha);
        }
        alpha
    }

    /// Exact score of `node` within `[lo, hi]` by null-window searches (a binary search on the
    /// score, leaning towards 0 where most positions lie), or `None` if cancelled.
    pub fn solve_between(&mut self, node: &Node, mut lo: i32, mut hi: i32) -> Option<i32> {
        while lo < hi {
            let mut probe = lo + (hi - lo) / 2;
            if probe <= 0 && lo / 2 < probe {
                probe = lo / 2;
            } else if probe >= 0 && hi / 2 > probe {
                probe = hi / 2;
            }
            let r = self.negamax(node, probe, probe + 1);
            if self.stopped {
                return None;
            }
            if r <= probe {
                hi = r;
            } else {
                lo = r;
            }
        }
        Some(lo)
    }
}
