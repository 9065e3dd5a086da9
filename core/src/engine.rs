//! The engine as the apps, the command line and the review play it: the search with each
//! game's opening book and exact endgame solver at its root. Only Othello has both; the other
//! games search alone. Here, above the book and the solver, so that neither the rules nor the
//! search name them (the layers are in docs/architecture.md).

use std::any::Any;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::game::{Evaluator, Game};
use crate::games::othello::{Othello, OthelloMove};
use crate::search::{ExactSolve, RootOracle, SearchConfig, SearchResult, Searcher, StopToken};

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
            margin: r.score,
            best_move: r.best_move,
            pv: r.pv,
            plies: pos.empty_count(),
            nodes: r.nodes,
        })
    }
}

static OTHELLO: &dyn RootOracle<Othello> = &OthelloRoot;

/// The game's book and solver for a search's root, `None` for a game that has neither.
pub fn root<G: Game>() -> Option<&'static dyn RootOracle<G>> {
    // `G` is Othello exactly when the stored reference has the type asked for.
    (&OTHELLO as &dyn Any)
        .downcast_ref::<&'static dyn RootOracle<G>>()
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
    use crate::games::connect4::ConnectFour;

    #[test]
    fn othello_has_a_book_and_a_solver_and_connect_four_neither() {
        assert!(root::<Othello>().is_some());
        assert!(root::<ConnectFour>().is_none());
        assert!(!book_moves(&Othello::start()).is_empty());
        assert!(book_moves(&ConnectFour::start()).is_empty());
    }
}
