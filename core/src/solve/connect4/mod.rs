//! Connect Four exact solver.
//!
//! Scores follow the convention of `tests/data/connect4/README.md` (Pascal Pons'): from the side
//! to move, `0` draw, a win with the mover's own `k`-th next stone (counting from 1) after `n`
//! stones are on the board scores `(43 - n) / 2 - (k - 1)`, a loss the negation of the opponent's.
//!
//! Techniques (described in Pons' "Solving Connect 4" blog series, implemented here afresh):
//! bitboards with the height-mask trick, negamax alpha-beta, a binary search on the score with
//! null windows, a fixed-size transposition table, moves ordered by the number of cells they
//! threaten (centre first among equals), moves that hand the opponent an immediate win never
//! searched, and forced blocks played at once. Additions of our own: each table entry keeps a
//! lower and an upper bound and the move that proved the last cutoff (tried first next time);
//! enhanced transposition cutoffs (children looked up before searching) in the first 36 plies;
//! mirror-image positions share an entry when the root is symmetric (the empty board).
//!
//! Node counts on Pons' benchmark sets are within 1% of the figures published for his final
//! solver before the enhanced cutoffs, which take about 20% off on early positions.

pub(crate) mod node;
mod parallel;
mod search;
mod table;

use crate::game::Game;
use crate::games::connect4::ConnectFour;
use crate::games::connect4::bitboard::{CELLS, WIDTH, column_of};
use crate::solve::split::Pool;
use node::{CENTRE_FIRST, Node};
use search::Search;
use std::sync::atomic::AtomicBool;

/// Default transposition-table budget of the CLI and benchmarks.
pub const DEFAULT_TT_BYTES: usize = 64 << 20;

/// Exact Connect Four solver with a transposition table of a fixed size chosen by the caller.
pub struct Solver {
    table: table::Table,
    nodes: u64,
    node_limit: u64,
    threads: usize,
    /// Threads searching and time, summed over the parallel solves since the last reset.
    busy_seconds: f64,
    wall_seconds: f64,
}

/// The search was stopped through the cancel flag before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search was cancelled")]
pub struct Cancelled;

impl Solver {
    /// A solver whose transposition table uses at most `tt_bytes` (rounded down to a power of
    /// two number of 8-byte entries; at least one entry). Allocated once here.
    pub fn new(tt_bytes: usize) -> Self {
        Solver {
            table: table::Table::new(tt_bytes),
            nodes: 0,
            node_limit: u64::MAX,
            threads: 1,
            busy_seconds: 0.0,
            wall_seconds: 0.0,
        }
    }

    /// Solves on up to `threads` threads sharing the one table (so more threads take no more
    /// memory); 1, the default, is the deterministic single-threaded search. Scores are the
    /// same whatever the count; node counts, and with a node limit which solves finish, vary
    /// from run to run. A node limit applies to each thread's share: a helper gets what is
    /// left of the budget of the thread that started it.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Gives up each later solve (as if cancelled: `Err(Cancelled)`, `None` from
    /// [`Solver::solve_within`]) after about `limit` nodes; `None` for no limit. The count is
    /// checked every few thousand nodes, so the same position and table stop at the same node.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit.unwrap_or(u64::MAX);
    }

    /// The exact score if the solve finishes within the node limit.
    pub fn solve_within(&mut self, pos: &ConnectFour) -> Option<i32> {
        self.run(pos, false, None)
    }

    /// Bytes the transposition table actually uses.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets everything the table learned (scores stay valid across positions, so this is
    /// only needed for reproducible node counts).
    pub fn reset(&mut self) {
        self.table.clear();
        self.nodes = 0;
        (self.busy_seconds, self.wall_seconds) = (0.0, 0.0);
    }

    /// Threads searching on average over the solves since the solver was made or reset (1 with
    /// one thread): the parallelism the splitting found, whether or not the machine had a core
    /// for each thread.
    pub fn mean_busy_threads(&self) -> f64 {
        if self.wall_seconds > 0.0 {
            self.busy_seconds / self.wall_seconds
        } else {
            1.0
        }
    }

    /// Adds a search's time to [`Solver::mean_busy_threads`].
    fn account(&mut self, pool: &Pool, started: std::time::Instant) {
        let wall = started.elapsed();
        self.wall_seconds += wall.as_secs_f64();
        self.busy_seconds += pool.mean_busy(wall) * wall.as_secs_f64();
    }

    /// Nodes searched since the solver was made or reset (cumulative over calls).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact score of `pos` for the side to move.
    ///
    /// A finished game scores 0 for a full board, and for a four just made the loser's score
    /// `-(44 - n) / 2` (the winner's immediate-win score one stone earlier).
    pub fn solve(&mut self, pos: &ConnectFour) -> i32 {
        self.run(pos, false, None).unwrap_or(0)
    }

    /// Only the sign of the score: `1` win, `0` draw, `-1` loss for the side to move. Faster.
    pub fn solve_weak(&mut self, pos: &ConnectFour) -> i32 {
        self.run(pos, true, None).unwrap_or(0)
    }

    /// As [`Solver::solve`] (or [`Solver::solve_weak`] if `weak`), stopping soon after `cancel`
    /// becomes true (the flag is read every few thousand nodes, well under a millisecond).
    pub fn solve_with_cancel(
        &mut self,
        pos: &ConnectFour,
        weak: bool,
        cancel: &AtomicBool,
    ) -> Result<i32, Cancelled> {
        self.run(pos, weak, Some(cancel)).ok_or(Cancelled)
    }

    fn run(&mut self, pos: &ConnectFour, weak: bool, cancel: Option<&AtomicBool>) -> Option<i32> {
        let node = Node::from_position(pos);
        if pos.is_won() {
            return Some(-((CELLS as i32 + 2 - node.moves as i32) / 2));
        }
        if node.is_full() {
            return Some(0);
        }
        if node.immediate_wins() != 0 {
            return Some(if weak { 1 } else { node.win_now_score() });
        }
        let (lo, hi) = if weak {
            (-1, 1)
        } else {
            (
                -((CELLS as i32 - node.moves as i32) / 2),
                (CELLS as i32 + 1 - node.moves as i32) / 2,
            )
        };
        let pool = Pool::new(self.threads);
        let mut search = Search::new(&self.table, cancel, self.node_limit, node.is_symmetric());
        search.pool = (self.threads > 1).then_some(&pool);
        let started = std::time::Instant::now();
        let score = search.solve_between(&node, lo, hi);
        let nodes = search.nodes;
        self.nodes += nodes;
        self.account(&pool, started);
        score.map(|s| if weak { s.signum() } else { s })
    }

    /// The exact score of every column for the side to move (`None` for a full column or a
    /// finished game): the score after playing there, from the mover's view.
    pub fn analyze(&mut self, pos: &ConnectFour) -> [Option<i32>; WIDTH] {
        let mut out = [None; WIDTH];
        if pos.outcome().is_some() {
            return out;
        }
        for (col, slot) in out.iter_mut().enumerate() {
            let col = col as u8;
            if !pos.can_play(col) {
                continue;
            }
            let mut child = *pos;
            child.play(col);
            *slot = Some(-self.solve(&child));
        }
        out
    }

    /// A best move (0-based column) and the exact score, or `None` if the game is over.
    /// Among equally good moves the most central is chosen. After the root score is known, each
    /// move costs only one null-window test ("does it reach that score?").
    pub fn best_move(&mut self, pos: &ConnectFour) -> Option<(u8, i32)> {
        self.best_move_inner(pos, false, None).unwrap_or(None)
    }

    /// As [`Solver::best_move`], stopping soon after `cancel` becomes true (`Err(Cancelled)`):
    /// what `ply solve connect4 --time-ms` uses to bound a solve of an early position.
    pub fn best_move_with_cancel(
        &mut self,
        pos: &ConnectFour,
        cancel: &AtomicBool,
    ) -> Result<Option<(u8, i32)>, Cancelled> {
        self.best_move_inner(pos, false, Some(cancel))
    }

    /// As [`Solver::best_move_with_cancel`] with only the outcome (`1`, `0`, `-1`, as
    /// [`Solver::solve_weak`]): a move that keeps it, the most central of those (when every move
    /// loses, the most central that does not lose at once).
    pub fn best_move_weak_with_cancel(
        &mut self,
        pos: &ConnectFour,
        cancel: &AtomicBool,
    ) -> Result<Option<(u8, i32)>, Cancelled> {
        self.best_move_inner(pos, true, Some(cancel))
    }

    fn best_move_inner(
        &mut self,
        pos: &ConnectFour,
        weak: bool,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<(u8, i32)>, Cancelled> {
        if pos.outcome().is_some() {
            return Ok(None);
        }
        let node = Node::from_position(pos);
        let target = self.run(pos, weak, cancel).ok_or(Cancelled)?;
        self.move_reaching(&node, target, weak, cancel)
    }

    /// A move of a position whose outcome is known (from the opening book): the most central
    /// that keeps `outcome` (`1`, `0` or `-1`), found by a null-window test of each move.
    pub fn best_move_keeping(
        &mut self,
        pos: &ConnectFour,
        outcome: i32,
        cancel: &AtomicBool,
    ) -> Result<Option<(u8, i32)>, Cancelled> {
        if pos.outcome().is_some() {
            return Ok(None);
        }
        self.move_reaching(
            &Node::from_position(pos),
            outcome.signum(),
            true,
            Some(cancel),
        )
    }

    fn move_reaching(
        &mut self,
        node: &Node,
        target: i32,
        weak: bool,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<(u8, i32)>, Cancelled> {
        let wins = node.immediate_wins();
        if let Some(&col) = CENTRE_FIRST.iter().find(|&&c| wins & column_of(c) != 0) {
            let score = node.win_now_score();
            return Ok(Some((col as u8, if weak { 1 } else { score })));
        }
        let pool = Pool::new(self.threads);
        let mut search = Search::new(&self.table, cancel, self.node_limit, node.is_symmetric());
        search.pool = (self.threads > 1).then_some(&pool);
        let started = std::time::Instant::now();
        let mut found = None;
        let mut fallback = None;
        // A move that lets the opponent win at once is worse than any other, so the best is among
        // the rest when there are any; when only one is left it needs no test, and when the
        // weak solve says the game is lost, any of them keeps that outcome.
        let candidates = match node.non_losing_moves() {
            0 => crate::games::connect4::bitboard::playable(node.mask),
            safe => safe,
        };
        let untested = candidates.count_ones() == 1 || (weak && target < 0);
        for &col in &CENTRE_FIRST {
            let bit = candidates & column_of(col);
            if bit == 0 {
                continue;
            }
            if untested {
                found = Some((col as u8, target));
                break;
            }
            let child = node.play_bit(bit);
            // The child's score from the opponent's view, or `None` when only a search can say.
            let known = if child.immediate_wins() != 0 {
                Some(child.win_now_score())
            } else if child.is_full() {
                Some(0)
            } else {
                None
            };
            let reaches = match known {
                Some(s) if weak => -s.signum() >= target,
                Some(s) => -s >= target,
                // Child score <= -target means this move scores at least target (so exactly).
                None => search.negamax(&child, -target, -target + 1) <= -target,
            };
            if search.stopped {
                self.nodes += search.nodes;
                self.account(&pool, started);
                return Err(Cancelled);
            }
            if reaches {
                found = Some((col as u8, target));
                break;
            }
            if fallback.is_none() {
                fallback = Some((col as u8, target));
            }
        }
        self.nodes += search.nodes;
        self.account(&pool, started);
        Ok(found.or(fallback))
    }
}

/// How many more stones the winner plays (its winning stone included) under perfect play for a
/// score `score` with `moves_played` stones on the board; `None` for a draw.
pub fn stones_to_win(score: i32, moves_played: usize) -> Option<u32> {
    if score == 0 {
        return None;
    }
    let n = moves_played as i32;
    // The side to move wins: its immediate-win score is (43 - n) / 2.
    // The opponent wins: its immediate-win score one stone later is (42 - n) / 2.
    let best = if score > 0 {
        (CELLS as i32 + 1 - n) / 2
    } else {
        (CELLS as i32 - n) / 2
    };
    Some((best - score.abs() + 1).max(1) as u32)
}
