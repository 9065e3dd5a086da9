//! Othello exact endgame solver: the final disc difference with perfect play by both sides
//! (empties to the winner), from the side to move's view, and a move that achieves it.
//!
//! Negamax alpha-beta with principal-variation null windows, a transposition table sized by the
//! caller, fastest-first move ordering, parity ordering near the end, specialised code for the
//! last six empties and a stability cutoff (see [`search`]). From 14 empties on, [`solve`] first
//! estimates the score by a selective search and then searches windows of width two around it
//! (aspiration), which costs far fewer nodes than one full-window search. [`solve`] is
//! single-threaded and deterministic: the same position and table size always give the same
//! node count. [`solve_parallel`] splits the work among threads (Young Brothers Wait, see
//! `parallel.rs`) with one table shared without locks ([`tt`]); its score is always the same.
//!
//! ```
//! use ply_core::Game;
//! use ply_core::games::othello::Othello;
//! use ply_core::solve::othello::solve;
//! // FFO #1-style quick check: a position with few empties.
//! let pos = Othello::parse_position(
//!     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X").unwrap();
//! let result = solve(&pos, 1 << 20, None);
//! assert_eq!(result.score, 18);
//! assert_eq!(pos.format_move(result.best_move.unwrap()), "g8");
//! ```

pub mod last;
mod parallel;
pub mod search;
pub mod tt;

use crate::game::Game;
use crate::games::othello::bitboard::legal_moves;
use crate::games::othello::{Othello, OthelloMove};
use crate::solve::split::Pool;
use parallel::split;
use search::{Searcher, final_score, position_key};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tt::Table;

/// What a solve found.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveResult {
    /// Exact final disc difference for the side to move (if `complete` and inside the window;
    /// for a windowed solve a bound outside it, see [`solve_window`]).
    pub score: i32,
    /// A move reaching `score` (`PASS` when forced); `None` if the game is over.
    pub best_move: Option<OthelloMove>,
    /// Nodes searched (every position where moves were generated or scored).
    pub nodes: u64,
    /// False if cancelled before the end: `score` and `best_move` are then not exact.
    pub complete: bool,
    pub elapsed: Duration,
    /// Principal variation from the table (starts with `best_move`; may stop early).
    pub pv: Vec<OthelloMove>,
    /// Threads searching on average over the solve (1 with one thread): how much parallelism
    /// the splitting found, whether or not the machine had a core for each thread.
    pub mean_busy_threads: f64,
}

/// Solves `pos` exactly with a transposition table of at most `tt_bytes` bytes. `cancel`, when
/// set from another thread, stops the search within a few milliseconds (`complete == false`).
pub fn solve(pos: &Othello, tt_bytes: usize, cancel: Option<&AtomicBool>) -> SolveResult {
    solve_until(pos, tt_bytes, cancel, None)
}

/// How long this solver typically takes on a position of real play with `empties` empty squares,
/// in seconds on this project's machine: the median of twelve positions of tournament games was
/// 0.22 s at 20 empties, 0.10 at 18, under 0.04 at 16 (with the process's start), about 1.6 times
/// more an empty. For deciding whether a solve is worth starting in the time left; hard
/// positions take several times as long (FFO #40, 20 empties: 0.53 s).
pub fn typical_seconds(empties: u32) -> f64 {
    0.22 * 1.6f64.powi(empties as i32 - 20)
}

/// [`solve`] that also stops at `deadline` (`complete == false` then).
pub fn solve_until(
    pos: &Othello,
    tt_bytes: usize,
    cancel: Option<&AtomicBool>,
    deadline: Option<Instant>,
) -> SolveResult {
    solve_parallel(pos, tt_bytes, 1, cancel, deadline)
}

/// [`solve_until`] on up to `threads` threads sharing one table of `tt_bytes` (so more threads
/// take no more memory). The score is the one thread's, always; the best move may be another
/// of the same score, and node counts vary from run to run. With one thread the search is the
/// deterministic single-threaded one.
pub fn solve_parallel(
    pos: &Othello,
    tt_bytes: usize,
    threads: usize,
    cancel: Option<&AtomicBool>,
    deadline: Option<Instant>,
) -> SolveResult {
    let table = Table::new(tt_bytes);
    let pool = Pool::new(threads);
    if pool.threads() > 1 {
        table.map_pages();
    }
    let mut s = Searcher::new(&table, cancel);
    s.set_deadline(deadline);
    s.set_pool(Some(&pool));
    if pos.empty_count() < ASPIRATION_MIN_EMPTIES {
        let started = Instant::now();
        let (score, best) = windowed(&mut s, pos, -64, 64);
        return finish(pos, &s, score, best, started);
    }
    solve_from_guess(&mut s, pos, None)
}

/// From this many empties on, [`solve`] searches narrow windows around an estimated score
/// rather than the full window.
const ASPIRATION_MIN_EMPTIES: u32 = 14;
/// The estimate searches only the first [`ESTIMATE_WIDTH`] moves at each node down to this many
/// plies from the root, and solves exactly below. Measured on FFO #40-#44 with a lean of 0
/// (total nodes, estimate included; 233 M with the full window): 4 plies 182 M (width 2) and
/// 199 M (width 3); 6 plies 179 M / 190 M; 8 plies 170 M / 176 M; 10 plies 168 M; 12 plies 185 M.
const ESTIMATE_EXACT_PLIES: u32 = 10;
/// The first window is centred this far below the estimate: a window above the score costs far
/// more than one below it (a fail low needs every move refuted, a fail high one good move). With
/// no lean the estimates of FFO #48 (34 for 28) and #51 cost 474 M and 556 M nodes against 402 M
/// and 378 M for one full-window search; with a lean of 4, 367 M and 372 M, for 2.4% more nodes
/// on #40-#44 (whose estimates were never above the score).
const ESTIMATE_LEAN: i32 = 4;
/// Moves tried at each node of the estimate above the exact part.
const ESTIMATE_WIDTH: usize = 2;

/// Exact solve by windows of width two around a guessed score, moved to the bound each failed
/// search returns (scores are even, so a window `(g - 1, g + 1)` either proves `g` or bounds
/// the score beyond it); the table is kept from one window to the next.
/// `guess` replaces the estimate (for tests).
fn solve_from_guess(s: &mut Searcher, pos: &Othello, guess: Option<i32>) -> SolveResult {
    let started = Instant::now();
    let (mut lo, mut hi) = (-64, 64);
    let n = pos.empty_count();
    let estimate = guess.unwrap_or_else(|| {
        s.estimate(
            pos.player(),
            pos.opponent(),
            n.saturating_sub(ESTIMATE_EXACT_PLIES),
            ESTIMATE_WIDTH,
        )
    });
    let mut g = (estimate - ESTIMATE_LEAN).clamp(-64, 64);
    let mut proven = None;
    // Refuting every move below a window costs far more than proving one above it, so after a
    // fail low the next window reaches further down: it covers the bound and the next two even
    // scores below it, then four, eight...
    let mut downs = 0u32;
    let (score, best) = loop {
        let below = 1 + 4 * downs.min(16) as i32;
        let (a, b) = ((g - below).max(lo - 1), (g + 1).min(hi + 1));
        let (v, best) = windowed(s, pos, a, b);
        if s.aborted {
            break (v, best.or(proven));
        }
        if v <= a {
            hi = v;
            downs += 1;
        } else if v >= b {
            lo = v;
            proven = best;
        } else {
            break (v, best);
        }
        if lo >= hi {
            break (lo, proven.or(best));
        }
        g = v;
    };
    finish(pos, s, score, best, started)
}

/// The result of a solve that ended with `score` and `best` (complete unless it was stopped).
fn finish(
    pos: &Othello,
    s: &Searcher,
    score: i32,
    best: Option<OthelloMove>,
    started: Instant,
) -> SolveResult {
    let elapsed = started.elapsed();
    SolveResult {
        score,
        best_move: best,
        nodes: s.nodes,
        complete: !s.aborted,
        elapsed,
        pv: principal_variation(pos, best, s),
        mean_busy_threads: s.pool().map_or(1.0, |p| p.mean_busy(elapsed)),
    }
}

/// One fail-soft search of `pos` with the window `(alpha, beta)`: the score (or bound) and the
/// best move found.
fn windowed(s: &mut Searcher, pos: &Othello, alpha: i32, beta: i32) -> (i32, Option<OthelloMove>) {
    let (p, o) = (pos.player(), pos.opponent());
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            (final_score(p, o), None)
        } else {
            let v = -s.search(o, p, (-beta).max(-64), (-alpha).min(64));
            (v, Some(OthelloMove::PASS))
        }
    } else {
        root(s, p, o, alpha, beta, moves)
    }
}

/// Fail-soft windowed solve: if the exact score `v` lies in `alpha < v < beta` it is returned;
/// if `score <= alpha` then `v <= score`; if `score >= beta` then `v >= score`. A null window
/// (`beta == alpha + 1`) answers "is the score above `alpha`?" fastest.
pub fn solve_window(
    pos: &Othello,
    alpha: i32,
    beta: i32,
    tt_bytes: usize,
    cancel: Option<&AtomicBool>,
) -> SolveResult {
    let started = Instant::now();
    let table = Table::new(tt_bytes);
    let mut s = Searcher::new(&table, cancel);
    let (alpha, beta) = (alpha.clamp(-65, 64), beta.clamp(-64, 65));
    let (alpha, beta) = if alpha < beta {
        (alpha, beta)
    } else {
        (-65, 65)
    };
    let (score, best) = windowed(&mut s, pos, alpha, beta);
    finish(pos, &s, score, best, started)
}

/// The root: every move searched (the first with the full window, later ones with a null window
/// and a re-search), returning the best score and move.
fn root(
    s: &mut Searcher,
    p: u64,
    o: u64,
    mut alpha: i32,
    beta: i32,
    moves: u64,
) -> (i32, Option<OthelloMove>) {
    s.nodes += 1;
    let tt_move = s.tt.probe(position_key(p, o)).and_then(|b| b.best);
    let list = s.ordered_moves(p, o, moves, tt_move);
    let mut best = -65;
    let mut best_move = None;
    for (i, m) in list.as_slice().iter().enumerate() {
        let (a, b) = (alpha.max(-64), beta.min(64));
        if best_move.is_some() && s.pool().is_some() {
            let sq_of = |m: Option<OthelloMove>| m.and_then(OthelloMove::to_square);
            let rest = &list.as_slice()[i..];
            if let Some((v, sq)) = split(s, p, o, rest, a, b, best, sq_of(best_move)) {
                best = v;
                best_move = sq.and_then(OthelloMove::square);
                break;
            }
        }
        let sq = m.square as usize;
        let (cp, co) = (o ^ m.flips, p | m.flips | (1u64 << sq));
        let v = if i == 0 {
            -s.search(cp, co, -b, -a)
        } else {
            let v = -s.search(cp, co, -a - 1, -a);
            if v > a && v < b {
                -s.search(cp, co, -b, -v)
            } else {
                v
            }
        };
        if s.aborted {
            break;
        }
        if v > best {
            best = v;
            best_move = OthelloMove::square(sq);
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    let n = 64 - (p | o).count_ones();
    if let Some(sq) = best_move.and_then(|m| m.to_square()) {
        let (lower, upper) = if best >= beta { (best, 64) } else { (-64, 64) };
        s.tt.store(position_key(p, o), n, lower, upper, Some(sq));
    }
    (best, best_move)
}

/// Follows the table's best moves from `pos` (legal ones only) after the root move.
fn principal_variation(
    pos: &Othello,
    first: Option<OthelloMove>,
    s: &Searcher,
) -> Vec<OthelloMove> {
    let mut pv = Vec::new();
    let Some(first) = first else { return pv };
    let mut cur = *pos;
    let mut next = Some(first);
    while let Some(mv) = next {
        if !cur.is_legal(mv) || pv.len() > 64 {
            break;
        }
        pv.push(mv);
        cur.play(mv);
        next = if cur.move_mask() == 0 {
            (cur.outcome().is_none()).then_some(OthelloMove::PASS)
        } else {
            s.tt.probe(position_key(cur.player(), cur.opponent()))
                .and_then(|b| b.best)
                .and_then(OthelloMove::square)
        };
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typical_solve_times_grow_with_the_empties() {
        assert!((typical_seconds(20) - 0.22).abs() < 1e-9);
        assert!(typical_seconds(16) < 0.05 && typical_seconds(24) > 1.0);
    }

    /// Whatever the first guess (far below, at, or far above the score), the windows converge on
    /// the exact score and a move that reaches it.
    #[test]
    fn any_first_guess_gives_the_exact_score() {
        let pos = Othello::parse_position(
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        )
        .unwrap();
        let exact = solve_window(&pos, -64, 64, 1 << 20, None).score;
        assert_eq!(exact, 18);
        for guess in [-64, -20, 0, 16, 18, 20, 30, 64] {
            let table = Table::new(1 << 20);
            let r = solve_from_guess(&mut Searcher::new(&table, None), &pos, Some(guess));
            assert!(r.complete);
            assert_eq!(r.score, exact, "guess {guess}");
            let mv = r.best_move.unwrap();
            let mut child = pos;
            child.play(mv);
            assert_eq!(
                -solve_window(&child, -64, 64, 1 << 20, None).score,
                exact,
                "guess {guess}: {mv}"
            );
        }
    }
}
