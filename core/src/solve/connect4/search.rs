//! Negamax alpha-beta over [`Node`]s with the transposition table.
//!
//! Invariant at every node searched: the side to move cannot win with its next stone (the root
//! checks it before searching, and every child is reached by a non-losing move, which leaves the
//! opponent no immediate win).

use super::node::{CENTRE_FIRST, Node};
use super::parallel::{SPLIT_BEFORE_MOVE, Split, split};
use super::table::{NO_MOVE, Table};
use crate::games::connect4::bitboard::{CELLS, WIDTH, column_of};
use crate::solve::split::{Pool, StopChain};
use std::sync::atomic::{AtomicBool, Ordering};

/// How often (in nodes) the cancel flag is read: cheap, and far below a millisecond of search.
const CANCEL_CHECK_MASK: u64 = (1 << 12) - 1;

/// Nodes with fewer stones than this look up their children before searching them.
const ETC_BEFORE_MOVE: usize = 36;

pub struct Search<'a> {
    pub table: &'a Table,
    pub nodes: u64,
    pub cancel: Option<&'a AtomicBool>,
    /// Nodes after which the search gives up as if cancelled (read with the cancel flag, so the
    /// stop is deterministic: the same position and table stop at the same node).
    pub node_limit: u64,
    pub stopped: bool,
    /// Store mirror images under one key. Only worth its cost when the root is symmetric (then
    /// every line has a mirror line); from any other root a node's mirror is never reached.
    pub mirror: bool,
    /// Threads to split work with (Young Brothers Wait, see [`super::parallel`]); `None`
    /// searches on this thread alone, deterministically.
    pub pool: Option<&'a Pool>,
    /// The innermost split point above this search's subtree (its stop flags end the search).
    pub split: Option<&'a StopChain<'a>>,
}

impl<'a> Search<'a> {
    /// A search on one thread.
    pub fn new(
        table: &'a Table,
        cancel: Option<&'a AtomicBool>,
        node_limit: u64,
        mirror: bool,
    ) -> Self {
        Search {
            table,
            nodes: 0,
            cancel,
            node_limit,
            stopped: false,
            mirror,
            pool: None,
            split: None,
        }
    }

    /// A search for a thread working under the split point `split`, with what is left of this
    /// one's node limit.
    pub fn helper<'b>(&self, split: &'b StopChain<'b>) -> Search<'b>
    where
        'a: 'b,
    {
        Search {
            table: self.table,
            nodes: 0,
            cancel: self.cancel,
            node_limit: self.node_limit.saturating_sub(self.nodes),
            stopped: false,
            mirror: self.mirror,
            pool: self.pool,
            split: Some(split),
        }
    }

    /// Whether the search must stop from outside its own subtree: the cancel flag or a split
    /// point above it.
    pub fn stop_requested(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.split.is_some_and(StopChain::raised)
    }

    /// Score of `node` if it lies in `(alpha, beta)`; otherwise a bound on the right side of the
    /// window (fail-hard: `<= alpha` means "at most", `>= beta` means "at least").
    pub fn negamax(&mut self, node: &Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & CANCEL_CHECK_MASK == 0
            && (self.nodes >= self.node_limit || self.stop_requested())
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

        // With mirroring, the table holds the smaller of the two keys, and moves stored under
        // the mirrored key are mirrored back.
        let (key, flipped) = if self.mirror {
            let m = node.mirrored_key();
            let k = node.key();
            if m < k { (m, true) } else { (k, false) }
        } else {
            (node.key(), false)
        };
        let unflip = |col: u8| {
            if flipped && col != NO_MOVE {
                WIDTH as u8 - 1 - col
            } else {
                col
            }
        };
        let mut hint = NO_MOVE;
        if let Some(entry) = self.table.get(key) {
            if entry.lower > alpha {
                alpha = entry.lower;
                if alpha >= beta {
                    return alpha;
                }
            }
            if entry.upper < beta {
                beta = entry.upper;
                if alpha >= beta {
                    return beta;
                }
            }
            hint = unflip(entry.best);
        }

        // Order the non-losing moves: the table's move first, then by how many cells they
        // threaten, centre first among equals.
        let mut moves = [0u8; 7];
        let mut scores = [0u32; 7];
        let mut count = 0;
        for &col in &CENTRE_FIRST {
            let bit = next & column_of(col);
            if bit == 0 {
                continue;
            }
            let score = if col as u8 == hint {
                u32::MAX
            } else {
                node.threat_count_after(bit)
            };
            let mut i = count;
            while i > 0 && scores[i - 1] < score {
                moves[i] = moves[i - 1];
                scores[i] = scores[i - 1];
                i -= 1;
            }
            moves[i] = col as u8;
            scores[i] = score;
            count += 1;
        }

        // Enhanced transposition cutoff: far from the end, subtrees are large enough that looking
        // up every child first pays for itself when one of them already proves a cutoff.
        if (node.moves as usize) < ETC_BEFORE_MOVE {
            for &col in &moves[..count] {
                let child = node.play_bit(next & column_of(col as usize));
                let child_key = if self.mirror {
                    child.key().min(child.mirrored_key())
                } else {
                    child.key()
                };
                if let Some(entry) = self.table.get(child_key) {
                    let at_least = -entry.upper;
                    if at_least >= beta {
                        self.table.store_lower(key, at_least, unflip(col));
                        return at_least;
                    }
                }
            }
        }

        let alpha_in = alpha;
        let mut best = NO_MOVE;
        for (i, &col) in moves[..count].iter().enumerate() {
            // Young Brothers Wait: once a child is searched, idle threads may take the rest.
            if i > 0 && (node.moves as usize) < SPLIT_BEFORE_MOVE && self.pool.is_some() {
                let point = Split {
                    node,
                    next,
                    moves: &moves[i..count],
                    beta,
                };
                match split(self, &point, alpha, best) {
                    None => {}
                    Some(_) if self.stopped => return alpha,
                    Some(Err((score, col))) => {
                        self.table.store_lower(key, score, unflip(col));
                        return score;
                    }
                    Some(Ok((a, b))) => {
                        (alpha, best) = (a, b);
                        break;
                    }
                }
            }
            let child = node.play_bit(next & column_of(col as usize));
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                self.table.store_lower(key, score, unflip(col));
                return score;
            }
            if score > alpha {
                alpha = score;
                best = col;
            }
        }
        if alpha > alpha_in {
            self.table.store_exact(key, alpha, unflip(best));
        } else {
            self.table.store_upper(key, alpha);
        }
        alpha
    }

    /// Exact score of `node` within `[lo, hi]` by null-window searches (a binary search on the
    /// score, leaning towards 0 where most positions lie), or `None` if cancelled.
    pub fn solve_between(&mut self, node: &Node, mut lo: i32, mut hi: i32) -> Option<i32> {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stopped = true;
            return None;
        }
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
