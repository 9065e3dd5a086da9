//! The endgame search proper: fail-soft negamax alpha-beta with principal-variation null windows.
//!
//! Layers by number of empty squares (`n`):
//! - `n >= TT_MIN_EMPTIES`: transposition table, stability cutoff, the table's move searched
//!   before the others are ordered, then fastest-first ordering (fewest opponent replies first,
//!   corners counted twice; a small mobility search far from the end);
//! - `SMALL_MAX_EMPTIES < n < TT_MIN_EMPTIES`: no table, stability cutoff, moves in odd-parity
//!   quadrants first ("parity ordering");
//! - `n <= SMALL_MAX_EMPTIES`: code that walks the empty squares directly (a move is legal iff
//!   it flips; squares with no opponent neighbour are skipped at once), parity first, the
//!   stability cutoff from four empties on (as Edax's `search_solve_4`); dedicated
//!   code for three and two empties, and the last move's score from a flip count read from
//!   line tables (see [`super::last`]).
//!
//! [`estimate`](portable::estimate) (a selective search: two moves per node near the root, exact
//! below) gives [`super::solve`] the score it centres its first window on.
//!
//! Scores are final disc differences from the side to move's view, empties to the winner.

use super::last::last_flip_count;
use super::parallel::{SPLIT_MIN_EMPTIES, split};
use super::tt::Table;
use crate::games::othello::bitboard::{CORNERS, Squares, flips, legal_moves};
use crate::games::othello::stability::stable_of;
use crate::solve::split::{Pool, StopChain};
use std::sync::atomic::{AtomicBool, Ordering};

/// Below this many empties the table costs more than it saves.
const TT_MIN_EMPTIES: u32 = 8;
/// At most this many empties: walk the empty squares (a move is legal iff it flips) instead of
/// generating the move set. Instructions executed on FFO #40 (valgrind), all else equal:
/// 5 -> 7.33 G, 6 -> 7.30 G, 7 -> 7.36 G.
const SMALL_MAX_EMPTIES: u32 = 6;
/// From this many empties on, the stability cutoff is tried (7 rather than 8: 1.6% fewer nodes
/// on FFO #40; 4 rather than 7, the small solver included: 12% fewer nodes and 2.2% fewer
/// instructions on FFO #40-#44, valgrind).
const STABILITY_MIN_EMPTIES: u32 = 4;
/// From this many empties on, children are looked up in the table before any is searched
/// (9 rather than 12 saved 7-14% of the nodes on FFO #40-#42).
const ETC_MIN_EMPTIES: u32 = 9;
/// From this many empties on, moves are ordered by a small mobility search.
const ORDER_SEARCH_MIN_EMPTIES: u32 = 14;
/// How far below the best move's look-ahead value so far a move's own value is still worked out
/// exactly by the ordering search (a corner counts 4 there, a reply 1); below that, a bound.
const ORDER_MARGIN: i32 = 4;
/// Plies of that mobility search below each child: odd depths order better than even ones.
/// Measured on FFO #40-#44 (nodes, 64 MiB table): 5 plies from 19 empties and 3 from 15 took
/// 362 M nodes / 13.6 s down to 234 M / 10.7 s (3 from 18 and 1 below had been the best before;
/// 5 plies from 18, or from 20 or more, did worse, and 5 at every ordered node cost more time
/// than it saved nodes).
#[inline(always)]
fn order_depth(n: u32) -> u32 {
    if n >= 19 {
        5
    } else if n >= 15 {
        3
    } else {
        1
    }
}
/// Nodes between two looks at the cancel flag.
const CANCEL_CHECK_NODES: u64 = 1 << 12;

/// The four board quadrants, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Score of a finished game from the player's view (empties to the winner).
#[inline(always)]
pub fn final_score(p: u64, o: u64) -> i32 {
    let own = p.count_ones() as i32;
    let theirs = o.count_ones() as i32;
    let diff = own - theirs;
    let empties = 64 - own - theirs;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}

/// Squares of the quadrants holding an odd number of empties.
#[inline(always)]
fn odd_quadrants(empties: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empties & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

/// Which build of the search this CPU runs (see [`search_functions`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Build {
    Portable,
    /// x86-64 with POPCNT, LZCNT and BMI1.
    #[cfg(target_arch = "x86_64")]
    BitOps,
    /// The same and AVX2: moves and flips of four directions at once.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

fn best_build() -> Build {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("popcnt") && has!("lzcnt") && has!("bmi1") {
            return if has!("avx2") {
                Build::Avx2
            } else {
                Build::BitOps
            };
        }
    }
    Build::Portable
}

/// The solver's state for one search: table, counters, cancellation, and with more than one
/// thread the budget of threads and the split point this searcher works under.
pub struct Searcher<'a> {
    pub tt: &'a Table,
    pub nodes: u64,
    cancel: Option<&'a AtomicBool>,
    /// Stop here as if cancelled (a search's time budget).
    deadline: Option<std::time::Instant>,
    pub aborted: bool,
    next_check: u64,
    /// The build of the search compiled for the best instructions this CPU has.
    build: Build,
    /// Threads to split work with; `None` searches on this thread alone, deterministically.
    pool: Option<&'a Pool>,
    /// The innermost split point above this searcher's subtree (its stop flags end the search).
    split: Option<&'a StopChain<'a>>,
}

impl<'a> Searcher<'a> {
    pub fn new(tt: &'a Table, cancel: Option<&'a AtomicBool>) -> Searcher<'a> {
        Searcher {
            tt,
            nodes: 0,
            cancel,
            deadline: None,
            aborted: false,
            next_check: CANCEL_CHECK_NODES,
            build: best_build(),
            pool: None,
            split: None,
        }
    }

    /// Lets the search split work among the threads of `pool` (see [`super::parallel`]).
    pub fn set_pool(&mut self, pool: Option<&'a Pool>) {
        self.pool = pool.filter(|p| p.threads() > 1);
    }

    /// A searcher for a thread working under the split point `split`: the same table, cancel
    /// flag, deadline and pool, its own counters.
    pub fn helper<'b>(&self, split: &'b StopChain<'b>) -> Searcher<'b>
    where
        'a: 'b,
    {
        Searcher {
            tt: self.tt,
            nodes: 0,
            cancel: self.cancel,
            deadline: self.deadline,
            aborted: false,
            next_check: CANCEL_CHECK_NODES,
            build: self.build,
            pool: self.pool,
            split: Some(split),
        }
    }

    pub fn pool(&self) -> Option<&'a Pool> {
        self.pool
    }

    pub fn split_point(&self) -> Option<&'a StopChain<'a>> {
        self.split
    }

    /// Whether the search must stop now, from outside this searcher's own subtree: the cancel
    /// flag, the deadline, or a split point above it.
    pub fn stop_requested(&self) -> bool {
        self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            || self.split.is_some_and(StopChain::raised)
    }

    /// Also stop (as if cancelled) at `deadline`.
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    #[inline]
    fn check_cancel(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CANCEL_CHECK_NODES;
            if self.stop_requested() {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Exact score of `(p, o)` if it lies inside `(alpha, beta)`; otherwise a bound on the
    /// correct side (fail-soft). `alpha < beta` and both lie in `-64..=64`.
    pub fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        match self.build {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `build` names a build only after checking the CPU has its instructions.
            Build::Avx2 => unsafe { avx2::search(self, p, o, alpha, beta) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Build::BitOps => unsafe { x86::search(self, p, o, alpha, beta) },
            Build::Portable => portable::search(self, p, o, alpha, beta),
        }
    }

    /// See [`portable::estimate`].
    pub fn estimate(&mut self, p: u64, o: u64, stop: u32, width: usize) -> i32 {
        match self.build {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `build` names a build only after checking the CPU has its instructions.
            Build::Avx2 => unsafe { avx2::estimate(self, p, o, -64, 64, stop, width) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Build::BitOps => unsafe { x86::estimate(self, p, o, -64, 64, stop, width) },
            Build::Portable => portable::estimate(self, p, o, -64, 64, stop, width),
        }
    }

    /// Moves in the order the deep search tries them (see [`portable::ordered_moves`]).
    pub fn ordered_moves(&self, p: u64, o: u64, moves: u64, tt_move: Option<usize>) -> MoveList {
        match self.build {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `build` names a build only after checking the CPU has its instructions.
            Build::Avx2 => unsafe { avx2::ordered_moves(p, o, moves, tt_move) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Build::BitOps => unsafe { x86::ordered_moves(p, o, moves, tt_move) },
            Build::Portable => portable::ordered_moves(p, o, moves, tt_move),
        }
    }
}

/// The opponent's stable discs are lost to us for good, so they cap our final score; `None`
/// where the cap is not worth working out. Only a high alpha can be refuted by it, and with more
/// empties fewer discs are stable, so the bar rises with `n`.
#[inline(always)]
fn stability_cap(p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    if n >= STABILITY_MIN_EMPTIES && alpha >= 2 * n as i32 - 8 {
        Some(64 - 2 * stable_of(o, p).count_ones() as i32)
    } else {
        None
    }
}

/// The recursive search, written once and compiled three times: portable, and (on x86-64) with
/// the POPCNT/LZCNT/BMI instructions the baseline target lacks, without and with AVX2 (see
/// [`Build`]), chosen at run time.
macro_rules! search_functions {
    ($(#[$attr:meta])*) => {
    /// Exact score of `(p, o)` if it lies inside `(alpha, beta)`; otherwise a bound on the
    /// correct side (fail-soft). `alpha < beta` and both lie in `-64..=64`.
    $(#[$attr])*
    pub fn search(s: &mut Searcher, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let n = 64 - (p | o).count_ones();
        if n >= TT_MIN_EMPTIES {
            search_deep(s, p, o, alpha, beta, n)
        } else {
            search_shallow(s, p, o, alpha, beta, n)
        }
    }

    /// An estimate of the score: alpha-beta over only the `width` first moves in search order
    /// at each node with more than `stop` empties, exact below. Exact results of the subtrees are
    /// stored in the table as usual (they are true bounds); the restricted nodes store nothing.
    $(#[$attr])*
    pub fn estimate(s: &mut Searcher, p: u64, o: u64, mut alpha: i32, beta: i32, stop: u32, width: usize) -> i32 {
        let n = 64 - (p | o).count_ones();
        if n <= stop {
            return search(s, p, o, alpha, beta);
        }
        s.nodes += 1;
        if s.check_cancel() {
            return alpha;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -estimate(s, o, p, -beta, -alpha, stop, width);
        }
        let tt_move = s.tt.probe(position_key(p, o)).and_then(|b| b.best);
        let list = ordered_moves(p, o, moves, tt_move);
        let mut best = -65;
        let mut best_move = None;
        for m in list.as_slice().iter().take(width) {
            let sq = m.square as usize;
            let v = -estimate(s, o ^ m.flips, p | m.flips | (1u64 << sq), -beta, -alpha, stop, width);
            if v > best {
                best = v;
                best_move = Some(sq);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if !s.aborted {
            // No bound is known here (only some moves were tried), but the move is a good
            // first guess for the exact search.
            s.tt.store(position_key(p, o), n, -64, 64, best_move);
        }
        best
    }

    /// Negamax of a mobility evaluation to `depth` plies (move ordering only, never a score).
    $(#[$attr])*
    fn mobility_search(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let moves = legal_moves(p, o);
        if depth == 0 {
            let theirs = legal_moves(o, p);
            let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
            return (moves.count_ones() + (moves & CORNERS).count_ones()) as i32
                - (theirs.count_ones() + (theirs & CORNERS).count_ones()) as i32
                + 4 * corners;
        }
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return 8 * final_score(p, o);
            }
            return -mobility_search(o, p, depth - 1, -beta, -alpha);
        }
        let mut best = -1000;
        // Negamax over one child; true on a cutoff.
        let mut visit = |cp: u64, co: u64| {
            let v = -mobility_search(cp, co, depth - 1, -beta, -alpha);
            if v > best {
                best = v;
                alpha = alpha.max(v);
            }
            alpha >= beta
        };
        if depth >= 2 {
            // Children with few replies first: the cutoffs come sooner. The value is the same
            // in any order (full window at the top), only cheaper to find.
            let mut kids = [(0u64, 0u64, 0u32); 34];
            let mut len = 0;
            for sq in Squares(moves) {
                let f = flips(sq, p, o);
                let (cp, co) = (o ^ f, p | f | (1u64 << sq));
                let r = legal_moves(cp, co);
                let key = r.count_ones() + (r & CORNERS).count_ones();
                let mut j = len;
                while j > 0 && kids[j - 1].2 > key {
                    kids[j] = kids[j - 1];
                    j -= 1;
                }
                kids[j] = (cp, co, key);
                len += 1;
            }
            for &(cp, co, _) in &kids[..len] {
                if visit(cp, co) {
                    break;
                }
            }
        } else {
            for sq in Squares(moves) {
                let f = flips(sq, p, o);
                if visit(o ^ f, p | f | (1u64 << sq)) {
                    break;
                }
            }
        }
        best
    }

    /// Moves of `(p, o)` in the order the deep search tries them (best first), with the TT move
    /// (if legal) in front.
    $(#[$attr])*
    pub fn ordered_moves(p: u64, o: u64, moves: u64, tt_move: Option<usize>) -> MoveList {
        let n = 64 - (p | o).count_ones();
        let mut list = MoveList::default();
        let odd = odd_quadrants(!(p | o));
        let mut best_look = -1000;
        for sq in Squares(moves) {
            let f = flips(sq, p, o);
            let bit = 1u64 << sq;
            let (cp, co) = (o ^ f, p | f | bit);
            // Fastest first: few replies (corners counted twice), then our discs made safe
            // around the corners, then few squares where the opponent may later get moves.
            let replies = legal_moves(cp, co);
            let weighted = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            let potential = (neighbours(co) & !(cp | co)).count_ones() as i32;
            let mut key = -(weighted << 15) + (corner_stability(co) << 11) - (potential << 5);
            if n >= ORDER_SEARCH_MIN_EMPTIES {
                // Far from the end, a deeper look at mobility orders better than one ply. Only
                // the moves near the best so far need its exact value: for a clearly worse move
                // a fail-soft upper bound orders it behind them at a fraction of the cost.
                let alpha = (best_look - ORDER_MARGIN).max(-1000);
                let look = -mobility_search(cp, co, order_depth(n), -1000, -alpha);
                best_look = best_look.max(look);
                key = (look << 16) + (key >> 4);
            }
            if bit & odd != 0 {
                key += 8;
            }
            if Some(sq) == tt_move {
                key = i32::MAX;
            }
            list.push(sq as u8, f, key);
        }
        list.sort();
        list
    }

    $(#[$attr])*
    fn search_deep(s: &mut Searcher, p: u64, o: u64, mut alpha: i32, mut beta: i32, n: u32) -> i32 {
        s.nodes += 1;
        if s.check_cancel() {
            return alpha;
        }
        let key = position_key(p, o);
        // The table is probed below, after the move generation and the stability cutoff: start
        // loading its entry now so that the wait on memory overlaps that work.
        s.tt.prefetch(key);
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -search_deep(s, o, p, -beta, -alpha, n);
        }
        if let Some(top) = stability_cap(p, o, alpha, n) {
            if top <= alpha {
                return top;
            }
            beta = beta.min(top);
        }
        let mut tt_move = None;
        if let Some(b) = s.tt.probe(key) {
            if b.lower >= beta {
                return b.lower;
            }
            if b.upper <= alpha {
                return b.upper;
            }
            if b.lower == b.upper {
                return b.lower;
            }
            alpha = alpha.max(b.lower);
            beta = beta.min(b.upper);
            tt_move = b.best;
        }
        if n >= ETC_MIN_EMPTIES {
            // Enhanced transposition cutoff: a child already known to be bad enough for the
            // opponent proves the cutoff without searching. Every child's entry is requested
            // before the first is read, so that the loads from memory run side by side.
            let mut children = [(0u64, 0usize); 34];
            let mut len = 0;
            for sq in Squares(moves) {
                let f = flips(sq, p, o);
                let child = position_key(o ^ f, p | f | (1u64 << sq));
                s.tt.prefetch(child);
                if let Some(slot) = children.get_mut(len) {
                    *slot = (child, sq);
                    len += 1;
                }
            }
            for &(child, sq) in &children[..len] {
                if let Some(b) = s.tt.probe(child) {
                    if -b.upper >= beta {
                        s.tt.store(key, n, -b.upper, 64, Some(sq));
                        return -b.upper;
                    }
                }
            }
        }
        let alpha_in = alpha;
        let mut best = -65;
        let mut best_move = None;
        // The table's move first, before the other moves are ordered: when it cuts off (the
        // common case at a null-window node seen before), the ordering searches are saved.
        let mut rest = moves;
        if let Some(sq) = tt_move.filter(|&sq| moves & (1u64 << sq) != 0) {
            rest &= !(1u64 << sq);
            let f = flips(sq, p, o);
            let v = -search(s, o ^ f, p | f | (1u64 << sq), -beta, -alpha);
            if s.aborted {
                return alpha_in;
            }
            best = v;
            best_move = Some(sq);
            alpha = alpha.max(v);
        }
        if alpha < beta && rest != 0 {
            let list = ordered_moves(p, o, rest, None);
            for (i, m) in list.as_slice().iter().enumerate() {
                // Young Brothers Wait: once a child is searched, idle threads may take the rest.
                if n >= SPLIT_MIN_EMPTIES && best_move.is_some() && s.pool().is_some() {
                    if let Some((b, bm)) = split(s, p, o, &list.as_slice()[i..], alpha, beta, best, best_move) {
                        if s.aborted {
                            return b.max(alpha_in);
                        }
                        best = b;
                        best_move = bm;
                        break;
                    }
                }
                let sq = m.square as usize;
                let (cp, co) = (o ^ m.flips, p | m.flips | (1u64 << sq));
                let v = if i == 0 && best_move.is_none() {
                    -search(s, cp, co, -beta, -alpha)
                } else {
                    let v = -search(s, cp, co, -alpha - 1, -alpha);
                    if v > alpha && v < beta {
                        -search(s, cp, co, -beta, -v)
                    } else {
                        v
                    }
                };
                if s.aborted {
                    return best.max(alpha_in);
                }
                if v > best {
                    best = v;
                    best_move = Some(sq);
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }
        }
        let (lower, upper) = if best <= alpha_in {
            (-64, best)
        } else if best >= beta {
            (best, 64)
        } else {
            (best, best)
        };
        s.tt.store(key, n, lower, upper, best_move);
        best
    }

    /// Fewer than TT_MIN_EMPTIES empties: parity ordering, no table.
    $(#[$attr])*
    fn search_shallow(s: &mut Searcher, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32) -> i32 {
        if n <= SMALL_MAX_EMPTIES {
            return solve_small(s, p, o, alpha, beta, n);
        }
        s.nodes += 1;
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -search_shallow(s, o, p, -beta, -alpha, n);
        }
        if let Some(top) = stability_cap(p, o, alpha, n) {
            if top <= alpha {
                return top;
            }
        }
        let odd = odd_quadrants(!(p | o));
        let mut best = -65;
        for part in [moves & odd, moves & !odd] {
            for sq in Squares(part) {
                let f = flips(sq, p, o);
                let v = -search_shallow(s, o ^ f, p | f | (1u64 << sq), -beta, -alpha, n - 1);
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }

    /// At most SMALL_MAX_EMPTIES empties: try each empty square (parity first), a move being
    /// legal iff it flips.
    $(#[$attr])*
    fn solve_small(s: &mut Searcher, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        let empties = !(p | o);
        if n <= 1 {
            s.nodes += 1;
            if n == 0 {
                return final_score(p, o);
            }
            return last_move_score(p, o, empties.trailing_zeros() as usize);
        }
        if n == 2 {
            let x1 = empties.trailing_zeros() as usize;
            let x2 = 63 - empties.leading_zeros() as usize;
            return solve_2(s, p, o, alpha, beta, x1, x2);
        }
        if n == 3 {
            return solve_3(s, p, o, alpha, beta, empties);
        }
        s.nodes += 1;
        if let Some(top) = stability_cap(p, o, alpha, n) {
            if top <= alpha {
                return top;
            }
        }
        if let Some(v) = try_moves(s, p, o, alpha, beta, n, empties) {
            return v;
        }
        // No move: pass if the opponent can move, else the game is over.
        match try_moves(s, o, p, -beta, -alpha, n, empties) {
            Some(v) => -v,
            None => final_score(p, o),
        }
    }

    /// Three empty squares (`empties`): the squares alone in their quadrant first (parity),
    /// each in square order, as [`try_moves`] orders them.
    $(#[$attr])*
    fn solve_3(s: &mut Searcher, p: u64, o: u64, alpha: i32, beta: i32, empties: u64) -> i32 {
        s.nodes += 1;
        let x1 = empties.trailing_zeros() as usize;
        let x3 = 63 - empties.leading_zeros() as usize;
        let x2 = (empties & !(1u64 << x1) & !(1u64 << x3)).trailing_zeros() as usize;
        let quadrant = |sq: usize| ((sq & 4) >> 2) | ((sq & 32) >> 4);
        let (q1, q2, q3) = (quadrant(x1), quadrant(x2), quadrant(x3));
        // A square shares its quadrant with exactly one other (even) or with none or both (odd).
        let order = if q1 == q2 && q2 != q3 {
            [x3, x1, x2]
        } else if q1 == q3 && q1 != q2 {
            [x2, x1, x3]
        } else {
            [x1, x2, x3]
        };
        if let Some(v) = moves_3(s, p, o, alpha, beta, empties, order) {
            return v;
        }
        match moves_3(s, o, p, -beta, -alpha, empties, order) {
            Some(v) => -v,
            None => final_score(p, o),
        }
    }

    /// Best score of the player's moves among the three `empties`, tried in `order`, or `None`
    /// if none is legal.
    #[inline]
    $(#[$attr])*
    fn moves_3(
        s: &mut Searcher,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u64,
        order: [usize; 3],
    ) -> Option<i32> {
        let mut best = None::<i32>;
        for sq in order {
            if NEIGHBOURS[sq & 63] & o == 0 {
                continue;
            }
            let f = flips(sq, p, o);
            if f == 0 {
                continue;
            }
            let rest = empties & !(1u64 << sq);
            let x1 = rest.trailing_zeros() as usize;
            let x2 = 63 - rest.leading_zeros() as usize;
            let v = -solve_2(s, o ^ f, p | f | (1u64 << sq), -beta, -alpha, x1, x2);
            if best.is_none_or(|b| v > b) {
                best = Some(v);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Two empty squares `x1 < x2`: each move of the player (in square order), else each of the
    /// opponent's, else the game is over.
    #[inline]
    $(#[$attr])*
    fn solve_2(s: &mut Searcher, p: u64, o: u64, alpha: i32, beta: i32, x1: usize, x2: usize) -> i32 {
        s.nodes += 1;
        if let Some(v) = moves_2(s, p, o, alpha, beta, x1, x2) {
            return v;
        }
        match moves_2(s, o, p, -beta, -alpha, x1, x2) {
            Some(v) => -v,
            None => final_score(p, o),
        }
    }

    /// Best score of the player's moves on `x1` then `x2` (the other square then being the
    /// last), or `None` if neither is legal.
    #[inline]
    $(#[$attr])*
    fn moves_2(s: &mut Searcher, p: u64, o: u64, alpha: i32, beta: i32, x1: usize, x2: usize) -> Option<i32> {
        let mut best = None::<i32>;
        if NEIGHBOURS[x1 & 63] & o != 0 {
            let f = flips(x1, p, o);
            if f != 0 {
                s.nodes += 1;
                let v = -last_move_score(o ^ f, p | f | (1u64 << x1), x2);
                if v >= beta {
                    return Some(v);
                }
                best = Some(v);
            }
        }
        if NEIGHBOURS[x2 & 63] & o != 0 {
            let f = flips(x2, p, o);
            if f != 0 {
                s.nodes += 1;
                let v = -last_move_score(o ^ f, p | f | (1u64 << x2), x1);
                if best.is_none_or(|b| v > b) {
                    best = Some(v);
                }
            }
        }
        let _ = alpha;
        best
    }

    /// Best score over the legal moves among `empties`, or `None` if there is none.
    #[inline]
    $(#[$attr])*
    fn try_moves(
        s: &mut Searcher,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        empties: u64,
    ) -> Option<i32> {
        let odd = if n >= 3 {
            odd_quadrants(empties)
        } else {
            empties
        };
        let mut best = None::<i32>;
        for part in [empties & odd, empties & !odd] {
            for sq in Squares(part) {
                // A square with no opponent neighbour flips nothing: skip the flip computation.
                if NEIGHBOURS[sq & 63] & o == 0 {
                    continue;
                }
                let f = flips(sq, p, o);
                if f == 0 {
                    continue;
                }
                let (cp, co) = (o ^ f, p | f | (1u64 << sq));
                let v = if n == 4 {
                    -solve_3(s, cp, co, -beta, -alpha, empties & !(1u64 << sq))
                } else {
                    -solve_small(s, cp, co, -beta, -alpha, n - 1)
                };
                if best.is_none_or(|b| v > b) {
                    best = Some(v);
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }

    };
}

/// Portable build of the search.
mod portable {
    use super::*;
    search_functions!();
}

/// The search compiled for x86-64 CPUs with POPCNT, LZCNT and BMI1.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    search_functions!(#[target_feature(enable = "popcnt,lzcnt,bmi1")]);
}

/// The same with AVX2, moves and flips from [`crate::games::othello::bitboard_avx2`] (these
/// names shadow the scalar ones the glob brings in).
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::*;
    use crate::games::othello::bitboard_avx2::{flips, legal_moves};
    search_functions!(#[target_feature(enable = "popcnt,lzcnt,bmi1,avx2")]);
}

/// Exact score when one empty square `sq` is left: the player plays it if it can, else the
/// opponent does if it can, else the game ends with the square going to the winner.
#[inline(always)]
pub fn last_move_score(p: u64, o: u64, sq: usize) -> i32 {
    let own = p.count_ones() as i32;
    let f = last_flip_count(sq, p) as i32;
    if f != 0 {
        return 2 * (own + f + 1) - 64;
    }
    let g = last_flip_count(sq, o) as i32;
    if g != 0 {
        let theirs = 63 - own + g + 1;
        return 64 - 2 * theirs;
    }
    let diff = 2 * own - 63;
    if diff > 0 { diff + 1 } else { diff - 1 }
}

/// The squares around each square.
static NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = neighbours(1u64 << sq);
        sq += 1;
    }
    t
};

/// Squares next to a disc of `b` (in any of the eight directions).
#[inline(always)]
const fn neighbours(b: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let side = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | side;
    side | (row << 8) | (row >> 8)
}

/// Our discs that are corners or edge squares next to a corner we own (surely stable).
#[inline(always)]
fn corner_stability(p: u64) -> i32 {
    let stable = ((0x0100_0000_0000_0001 & p) << 1)
        | ((0x8000_0000_0000_0080 & p) >> 1)
        | ((0x0000_0000_0000_0081 & p) << 8)
        | ((0x8100_0000_0000_0000 & p) >> 8)
        | CORNERS;
    (stable & p).count_ones() as i32
}

/// Table key of a position (side to move's discs, opponent's discs): colour does not matter.
#[inline(always)]
pub fn position_key(p: u64, o: u64) -> u64 {
    let mut h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.rotate_left(32).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

/// One candidate move with its flips and ordering key.
#[derive(Clone, Copy, Default)]
pub struct MoveEntry {
    pub square: u8,
    pub flips: u64,
    key: i32,
}

/// A fixed-capacity move list (at most 32 legal moves exist in Othello; 33 slots for margin).
#[derive(Clone, Copy)]
pub struct MoveList {
    items: [MoveEntry; 34],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            items: [MoveEntry::default(); 34],
            len: 0,
        }
    }
}

impl MoveList {
    #[inline]
    fn push(&mut self, square: u8, flips: u64, key: i32) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = MoveEntry { square, flips, key };
            self.len += 1;
        }
    }

    /// Best key first (stable insertion sort: the lists are short).
    fn sort(&mut self) {
        let items = &mut self.items[..self.len];
        for i in 1..items.len() {
            let cur = items[i];
            let mut j = i;
            while j > 0 && items[j - 1].key < cur.key {
                items[j] = items[j - 1];
                j -= 1;
            }
            items[j] = cur;
        }
    }

    pub fn as_slice(&self) -> &[MoveEntry] {
        &self.items[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain negamax to the end of the game, no pruning: the independent truth.
    fn minimax(p: u64, o: u64) -> i32 {
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                let (own, theirs) = (p.count_ones() as i32, o.count_ones() as i32);
                let empties = 64 - own - theirs;
                return match own.cmp(&theirs) {
                    std::cmp::Ordering::Greater => own - theirs + empties,
                    std::cmp::Ordering::Less => own - theirs - empties,
                    std::cmp::Ordering::Equal => 0,
                };
            }
            return -minimax(o, p);
        }
        Squares(moves)
            .map(|sq| {
                let f = flips(sq, p, o);
                -minimax(o ^ f, p | f | (1u64 << sq))
            })
            .max()
            .unwrap_or(-65)
    }

    /// Positions with `empties` empty squares reached by random play from the start (games that
    /// end earlier are dropped), as (side to move, opponent).
    fn random_positions(seed: u64, empties: u32, count: usize) -> Vec<(u64, u64)> {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut rnd = || rng.next_u64();
        let mut out = Vec::new();
        while out.len() < count {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            loop {
                if 64 - (p | o).count_ones() == empties {
                    out.push((p, o));
                    break;
                }
                let moves = legal_moves(p, o);
                if moves == 0 {
                    if legal_moves(o, p) == 0 {
                        break;
                    }
                    std::mem::swap(&mut p, &mut o);
                    continue;
                }
                let choices: Vec<usize> = Squares(moves).collect();
                let sq = choices[(rnd() % choices.len() as u64) as usize];
                let f = flips(sq, p, o);
                (p, o) = (o ^ f, p | f | (1u64 << sq));
            }
        }
        out
    }

    /// Every layer (last square, two and three empties, the small solver, the shallow and the
    /// deep search), in every build this CPU runs, gives plain negamax's score with the full
    /// window, and a correct fail-soft bound with null windows, on random positions with 1 to 9
    /// empties.
    #[test]
    fn solver_agrees_with_plain_negamax_near_the_end() {
        for empties in 1..=9 {
            let count = if empties >= 8 { 40 } else { 150 };
            for (i, (p, o)) in random_positions(0x1234 + u64::from(empties), empties, count)
                .into_iter()
                .enumerate()
            {
                let exact = minimax(p, o);
                let table = Table::new(1 << 16);
                let mut s = Searcher::new(&table, None);
                assert_eq!(
                    s.search(p, o, -64, 64),
                    exact,
                    "{empties} empties, position {i}"
                );
                assert_eq!(portable::search(&mut s, p, o, -64, 64), exact);
                #[cfg(target_arch = "x86_64")]
                if best_build() != Build::Portable {
                    // SAFETY: the CPU has POPCNT, LZCNT and BMI1 (the best build is not the
                    // portable one), so the AVX2 build's fallback runs here.
                    assert_eq!(unsafe { x86::search(&mut s, p, o, -64, 64) }, exact);
                }
                for alpha in [exact - 3, exact - 1, exact, exact + 1, exact + 4] {
                    let alpha = alpha.clamp(-64, 63);
                    let v =
                        Searcher::new(&Table::new(1 << 16), None).search(p, o, alpha, alpha + 1);
                    if exact > alpha {
                        assert!(v > alpha && v <= exact, "alpha {alpha}: {v}, exact {exact}");
                    } else {
                        assert!(
                            v <= alpha && v >= exact,
                            "alpha {alpha}: {v}, exact {exact}"
                        );
                    }
                }
            }
        }
    }

    /// The last-square score agrees with playing the square out by the rules.
    #[test]
    fn last_move_score_matches_plain_negamax() {
        for (p, o) in random_positions(0xBEEF, 1, 500) {
            let sq = (!(p | o)).trailing_zeros() as usize;
            assert_eq!(last_move_score(p, o, sq), minimax(p, o));
        }
    }

    /// `solve` (windows around an estimate, from 14 empties on) gives the same score as one
    /// full-window search, and its move reaches that score, on random positions.
    #[test]
    fn aspiration_solve_matches_the_full_window() {
        use crate::games::othello::{Othello, OthelloMove};
        use crate::solve::othello::{solve, solve_window};
        for empties in [14, 15, 16] {
            for (p, o) in random_positions(0xA5A5 + u64::from(empties), empties, 4) {
                let pos = Othello::from_player_view(p, o, 0);
                let r = solve(&pos, 1 << 20, None);
                let full = solve_window(&pos, -64, 64, 1 << 20, None);
                assert_eq!(r.score, full.score, "{empties} empties: {pos:?}");
                if legal_moves(p, o) == 0 {
                    assert_eq!(r.best_move, Some(OthelloMove::PASS));
                    continue;
                }
                let mv = r.best_move.and_then(OthelloMove::to_square);
                let Some(sq) = mv else {
                    panic!("no move from a position with moves: {pos:?}")
                };
                let f = flips(sq, p, o);
                let child = Othello::from_player_view(o ^ f, p | f | (1u64 << sq), 1);
                assert_eq!(-solve_window(&child, -64, 64, 1 << 20, None).score, r.score);
            }
        }
    }
}
