//! The engine as the apps, the command line and the review play it: the search with each
//! game's opening book and exact solver at its root. Othello and Connect Four have both; the
//! other games search alone. Here, above the book and the solver, so that neither the rules nor
//! the search name them (the layers are in docs/architecture.md).

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::{Evaluator, Game};
use crate::games::connect4::ConnectFour;
use crate::games::connect4::bitboard::CELLS;
use crate::games::othello::{Othello, OthelloMove};
use crate::search::score::UNKNOWN_PLIES;
use crate::search::{ExactSolve, RootOracle, SearchConfig, SearchResult, Searcher, StopToken};
use crate::solve::connect4::{Solver, stones_to_win};

/// Othello's book (its sound moves) and its endgame solver.
struct OthelloRoot;

impl RootOracle<Othello> for OthelloRoot {
    fn book_moves(&self, pos: &Othello) -> Vec<OthelloMove> {
        crate::book::othello::builtin()
            .map(|book| book.sound_moves(pos).iter().map(|m| m.mv).collect())
            .unwrap_or_default()
    }

    fn solve_exact(
        &self,
        pos: &Othello,
        max_empties: u32,
        tt_bytes: usize,
        // One thread: Othello's levels were measured with the root solve on one.
        _threads: usize,
        cancel: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<ExactSolve<OthelloMove>> {
        if pos.empty_count() > max_empties || pos.outcome().is_some() {
            return None;
        }
        // A solve that would typically not finish in the time left is not started: its time
        // goes to the search (at 0.1 s a move this leaves 18-20 empties to the search).
        if let Some(deadline) = deadline {
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64();
            if crate::solve::othello::typical_seconds(pos.empty_count()) > left {
                return None;
            }
        }
        let r = crate::solve::othello::solve_until(pos, tt_bytes, Some(cancel), deadline);
        r.complete.then_some(ExactSolve {
            sign: r.score.signum(),
            margin: r.score.abs(),
            best_move: r.best_move,
            pv: r.pv,
            plies: pos.empty_count(),
            nodes: r.nodes,
        })
    }
}

/// Connect Four's book (up to its stones, the most central move keeping the best outcome) and
/// its solver (the outcome first, then the exact score: the fastest win, the slowest loss).
struct ConnectFourRoot;

impl RootOracle<ConnectFour> for ConnectFourRoot {
    /// Nine tenths: the search the solve stands in for is a guess, and it needs little time to
    /// make it (a drawn six-stone position can take the weak solve more than half of level
    /// 10's 10 s here).
    fn solve_share(&self) -> f64 {
        0.9
    }

    fn book_moves(&self, pos: &ConnectFour) -> Vec<u8> {
        crate::book::connect4::embedded()
            .and_then(|book| book.best_move(pos))
            .map(|(col, _)| vec![col])
            .unwrap_or_default()
    }

    fn solve_exact(
        &self,
        pos: &ConnectFour,
        max_empties: u32,
        tt_bytes: usize,
        threads: usize,
        cancel: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<ExactSolve<u8>> {
        let played = pos.moves_played();
        let empties = u32::try_from(CELLS - played).ok()?;
        let late = deadline.is_some_and(|d| Instant::now() >= d);
        if empties > max_empties
            || pos.outcome().is_some()
            || late
            || cancel.load(Ordering::Relaxed)
        {
            return None;
        }
        let mut solver = Solver::new(tt_bytes);
        solver.set_threads(threads);
        // First the outcome (the weak solve, then a move keeping it), which is all a draw has
        // and all that keeping a won or drawn position needs: a drawn position can cost the
        // exact solve many times the time (24 s for one of 6 stones here, one thread). Then,
        // for a win or a loss, the exact score in the time left: the fastest win, the slowest
        // loss; without it, the move that keeps the outcome.
        let (kept, sign) = until(cancel, deadline, |stop| {
            solver.best_move_weak_with_cancel(pos, stop).ok().flatten()
        })?;
        let exact = if sign == 0 {
            Some((kept, 0))
        } else {
            until(cancel, deadline, |stop| {
                solver.best_move_with_cancel(pos, stop).ok().flatten()
            })
        };
        let Some((col, score)) = exact else {
            return Some(ExactSolve {
                sign,
                margin: 0,
                best_move: Some(kept),
                pv: vec![kept],
                plies: UNKNOWN_PLIES,
                nodes: solver.nodes(),
            });
        };
        // The plies to the end: the winner's remaining stones, each but the mover's last
        // answered by the other side.
        let plies = match stones_to_win(score, played) {
            None => empties,
            Some(stones) if score > 0 => 2 * stones - 1,
            Some(stones) => 2 * stones,
        };
        Some(ExactSolve {
            sign: score.signum(),
            margin: 0,
            best_move: Some(col),
            pv: vec![col],
            plies,
            nodes: solver.nodes(),
        })
    }
}

/// Runs `work` with a flag that turns true once `cancel` does or `deadline` passes (the Connect
/// Four solver reads a flag, not a clock). The watch wakes every 2 ms: the solver stops within a
/// few milliseconds of either.
fn until<T>(
    cancel: &AtomicBool,
    deadline: Option<Instant>,
    work: impl FnOnce(&AtomicBool) -> T,
) -> T {
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if cancel.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        let out = work(&stop);
        done.store(true, Ordering::Relaxed);
        out
    })
}

static OTHELLO: &dyn RootOracle<Othello> = &OthelloRoot;
static CONNECT_FOUR: &dyn RootOracle<ConnectFour> = &ConnectFourRoot;

/// The game's book and solver for a search's root, `None` for a game that has neither.
pub fn root<G: Game>() -> Option<&'static dyn RootOracle<G>> {
    // `G` is the game whose stored reference has the type asked for.
    (&OTHELLO as &dyn Any)
        .downcast_ref::<&'static dyn RootOracle<G>>()
        .or_else(|| (&CONNECT_FOUR as &dyn Any).downcast_ref::<&'static dyn RootOracle<G>>())
        .copied()
}

/// The opening book's moves at `pos`, best first (empty for a game without a book or a
/// position out of it).
pub fn book_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    root::<G>().map_or_else(Vec::new, |r| r.book_moves(pos))
}

/// A searcher with the game's book and solver at its root.
pub fn searcher<G: Game>(config: &SearchConfig) -> Searcher<G> {
    Searcher::new(config).with_root(root::<G>())
}

/// Searches `pos` once with a fresh [`searcher`]: the book's move when the configuration asks
/// for the book and `pos` is in it, the exact solve within [`SearchConfig::exact_empties`],
/// else the search.
pub fn search<G: Game>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: &StopToken,
) -> SearchResult<G::Move> {
    searcher(config).search(pos, eval, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Draughts;

    #[test]
    fn othello_and_connect_four_have_a_book_and_a_solver_draughts_neither() {
        assert!(root::<Othello>().is_some());
        assert!(root::<Draughts>().is_none());
        assert!(!book_moves(&Othello::start()).is_empty());
        assert!(book_moves(&Draughts::start()).is_empty());
        // The first player wins only in the centre column (Allis, 1988).
        assert_eq!(book_moves(&ConnectFour::start()), vec![3]);
        // The book's own positions carry their move; past them the solver answers.
        let five = ConnectFour::parse_position("11311").expect("a position");
        assert_eq!(book_moves(&five).len(), 1);
        let mut six = five;
        six.play(book_moves(&five)[0]);
        assert!(book_moves(&six).is_empty());
    }

    /// A solve the deadline or the cancel flag stops gives way to the search; one with time
    /// to spare reports the solver's score as plies to the end.
    #[test]
    fn a_connect_four_root_solve_is_exact_or_absent() {
        let oracle = root::<ConnectFour>().expect("an oracle");
        let never = AtomicBool::new(false);
        // X to move wins with column 5 (`ply solve connect4 444445`).
        let pos = ConnectFour::parse_position("444445").expect("a position");
        let past = Instant::now();
        assert!(
            oracle
                .solve_exact(&pos, 42, 1 << 20, 1, &never, Some(past))
                .is_none()
        );
        // A deadline that passes during the solve (seconds of it) stops it.
        let soon = Instant::now() + Duration::from_millis(20);
        assert!(
            oracle
                .solve_exact(&pos, 42, 1 << 20, 1, &never, Some(soon))
                .is_none()
        );
        let cancelled = AtomicBool::new(true);
        assert!(
            oracle
                .solve_exact(&pos, 42, 1 << 20, 1, &cancelled, None)
                .is_none()
        );
        assert!(
            oracle
                .solve_exact(&pos, 35, 1 << 20, 1, &never, None)
                .is_none()
        );
        // One move from a four: win in 1 ply.
        let pos = ConnectFour::parse_position("112233").expect("a position");
        let solved = oracle
            .solve_exact(&pos, 42, 1 << 20, 1, &never, None)
            .expect("solved");
        assert_eq!(
            (solved.sign, solved.best_move, solved.plies),
            (1, Some(3), 1)
        );
        // Every move loses: X threatens both ends of its three, O blocks one, X plays the
        // other, two plies.
        let pos = ConnectFour::parse_position("2233477").expect("a position");
        let solved = oracle
            .solve_exact(&pos, 42, 1 << 20, 1, &never, None)
            .expect("solved");
        assert_eq!((solved.sign, solved.plies), (-1, 2));
    }
}
