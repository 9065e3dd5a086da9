//! What a game's opening book and exact solver offer a search at its root. The search reaches
//! them through [`RootOracle`], which the book and solver layers implement above it
//! ([`crate::engine::root`] gives each game's), so that neither the rules nor the search name
//! the book or the solver.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::game::Game;

/// A game's opening book and exact endgame solver, as a search uses them at its root
/// ([`super::SearchConfig::book`], [`super::SearchConfig::exact_empties`]).
pub trait RootOracle<G: Game>: Send + Sync {
    /// The opening book's moves at `pos`, the one a search plays first (empty when the game
    /// has no book or the position is out of it).
    fn book_moves(&self, pos: &G) -> Vec<G::Move>;

    /// The game's exact endgame solve of `pos` when it is within `max_empties` of the end
    /// (its empty squares or cells): the exact outcome and a best move, or `None` when the game has
    /// no such solver, the position is further from the end, the solve would typically not end
    /// before `deadline` (so it is not started), or `cancel` or `deadline` stopped it first.
    /// `threads`: the search's, which the solve may use before the search starts.
    fn solve_exact(
        &self,
        pos: &G,
        max_empties: u32,
        tt_bytes: usize,
        threads: usize,
        cancel: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<ExactSolve<G::Move>>;

    /// The share of a move's time the solve may take; the search has the rest when it does not
    /// finish.
    fn solve_share(&self) -> f64 {
        0.5
    }
}

/// What a game's exact solver found ([`RootOracle::solve_exact`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactSolve<M> {
    /// The result for the side to move with best play: `1` a win, `0` a draw, `-1` a loss.
    pub sign: i32,
    /// By how much the winner wins (Othello: the disc difference, empties to the winner); 0 for
    /// a draw, and in a game whose wins have no margin (Connect Four).
    pub margin: i32,
    pub best_move: Option<M>,
    /// The principal variation as far as the solver kept it (it may stop before the end).
    pub pv: Vec<M>,
    /// The plies to the end with best play, or a bound on them (Othello: the empty squares),
    /// or [`crate::search::score::UNKNOWN_PLIES`] when only the outcome is known.
    pub plies: u32,
    pub nodes: u64,
}
