//! Where a review's values come from: each game's exact solver where it finishes within the
//! budget (for Connect Four, first its opening book), a fixed-depth search elsewhere with the
//! review's evaluation (Othello's patterns, the other games' default heuristic).

use super::ReviewConfig;
use crate::book::connect4::{self as book, Book};
use crate::game::Game;
use crate::games::connect4::ConnectFour;
use crate::games::draughts::Draughts;
use crate::games::othello::Othello;
use crate::heuristic::HasHeuristic;
use crate::search::score::WIN_BASE;
use crate::search::{Algorithm, OrderingConfig, SearchConfig, Searcher, StopToken};
use crate::solve::connect4::Solver;
use std::collections::HashMap;

/// A value from the side to move's view, and whether it is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged<M> {
    pub value: i32,
    pub best: Option<M>,
    pub exact: bool,
    /// Exact, but only the outcome: `1` win, `0` draw, `-1` loss (Connect Four's opening book
    /// and weak solve), not comparable with the game's scores.
    pub outcome_only: bool,
}

/// The state a review keeps between positions (tables, a solver).
pub trait Judge<G: Game> {
    /// The exact value and a best move of `pos` (`None` if only the value is known), if this
    /// game has a solver that settles it within the budget (or before `stop`).
    fn exact(&mut self, pos: &G, stop: &StopToken) -> Option<Judged<G::Move>>;
    /// A search value and best move of `pos` at `depth`.
    fn estimate(&mut self, pos: &G, depth: u32, stop: &StopToken) -> Judged<G::Move>;
    /// Nodes searched so far.
    fn nodes(&self) -> u64;
}

/// A game that can be reviewed.
pub trait Reviewable: HasHeuristic {
    /// The review's default settings for this game.
    fn review_config() -> ReviewConfig;
    fn judge(config: &ReviewConfig) -> Box<dyn Judge<Self>>;
}

/// The search half every game shares: alpha-beta (PVS with the usual ordering and a table) with
/// the review's evaluation, to a fixed depth, so reviews are the same on every machine.
struct Searching<G: Game> {
    config: SearchConfig,
    /// One searcher per depth asked for (a review alternates two, or three when it smooths the
    /// parity), each keeping its table.
    searchers: Vec<(u32, Searcher<G>)>,
    eval: Option<std::sync::Arc<dyn crate::game::Evaluator<G>>>,
    nodes: u64,
}

impl<G: HasHeuristic> Searching<G> {
    fn new(config: &ReviewConfig) -> Searching<G> {
        let search = SearchConfig {
            algorithm: Algorithm::Pvs,
            depth: Some(config.depth),
            iterative: true,
            ordering: OrderingConfig::default(),
            tt_bytes: config.tt_bytes,
            ..SearchConfig::default()
        };
        Searching {
            config: search,
            searchers: Vec::new(),
            eval: G::heuristic(config.heuristic).ok(),
            nodes: 0,
        }
    }

    fn estimate(&mut self, pos: &G, depth: u32, stop: &StopToken) -> Judged<G::Move> {
        let Some(eval) = &self.eval else {
            return Judged {
                value: 0,
                best: None,
                exact: false,
                outcome_only: false,
            };
        };
        let depth = depth.max(1);
        let at = match self.searchers.iter().position(|(d, _)| *d == depth) {
            Some(i) => i,
            None => {
                let config = SearchConfig {
                    depth: Some(depth),
                    ..self.config
                };
                self.searchers.push((depth, Searcher::new(&config)));
                self.searchers.len() - 1
            }
        };
        let r = self.searchers[at].1.search(pos, &**eval, stop);
        self.nodes += r.stats.nodes;
        Judged {
            value: r.score,
            best: r.best_move,
            // A search that proves a win or a loss is exact.
            exact: r.score.abs() >= WIN_BASE,
            outcome_only: false,
        }
    }
}

struct ConnectFourJudge {
    solver: Solver,
    /// A solver budget of 0 nodes: no solving past the book.
    solving: bool,
    /// What `exact` found for each position of the game, failures included: the review judges
    /// each position twice (after one move, before the next), and a solve that ran out of
    /// budget would run out again.
    found: HashMap<(u64, u64), Option<Judged<u8>>>,
    book: Option<&'static Book>,
    search: Searching<ConnectFour>,
}

impl ConnectFourJudge {
    /// The opening book's outcome and best move (at the book's own stones, the move it keeps).
    fn booked(&self, pos: &ConnectFour) -> Option<(Option<u8>, i32)> {
        let book = self.book?;
        if pos.outcome().is_some() {
            return None;
        }
        book.best_move(pos).map(|(col, value)| (Some(col), value))
    }

    fn judge(&mut self, pos: &ConnectFour, stop: &StopToken) -> Option<Judged<u8>> {
        let before = self.solver.nodes();
        let cancel = stop.flag();
        let found = if let Some((best, value)) = self.booked(pos) {
            Some((best, value, true))
        } else if pos.outcome().is_some() {
            self.solver
                .solve_within(pos)
                .map(|value| (None, value, false))
        } else if !self.solving {
            None
        } else {
            match self.solver.best_move_with_cancel(pos, cancel) {
                Ok(Some((col, value))) => Some((Some(col), value, false)),
                _ => match self.solver.best_move_weak_with_cancel(pos, cancel) {
                    Ok(Some((col, value))) => Some((Some(col), value, true)),
                    _ => None,
                },
            }
        };
        self.search.nodes += self.solver.nodes() - before;
        found.map(|(best, value, outcome_only)| Judged {
            value,
            best,
            exact: true,
            outcome_only,
        })
    }
}

impl Judge<ConnectFour> for ConnectFourJudge {
    /// The book in the opening; past it the exact score if the solver settles it within the
    /// budget, else the outcome if the weak solve does (about half as costly).
    fn exact(&mut self, pos: &ConnectFour, stop: &StopToken) -> Option<Judged<u8>> {
        let key = (pos.current_stones(), pos.mask());
        if let Some(known) = self.found.get(&key) {
            return *known;
        }
        let judged = self.judge(pos, stop);
        self.found.insert(key, judged);
        judged
    }

    fn estimate(&mut self, pos: &ConnectFour, depth: u32, stop: &StopToken) -> Judged<u8> {
        self.search.estimate(pos, depth, stop)
    }

    fn nodes(&self) -> u64 {
        self.search.nodes
    }
}

impl Reviewable for ConnectFour {
    /// The opening book covers the first five stones; within two million nodes the solver
    /// settles the exact score of most positions after the first dozen stones, and the outcome
    /// of most after the first six. Positions neither settles are searched 12 and 11 plies deep
    /// and the values averaged (the threat heuristic's parity bias, see
    /// [`ReviewConfig::smooth_parity`]).
    fn review_config() -> ReviewConfig {
        ReviewConfig {
            depth: 12,
            solver_nodes: 2_000_000,
            exact_empties: 0,
            smooth_parity: true,
            proof_required: true,
            ..ReviewConfig::default()
        }
    }

    fn judge(config: &ReviewConfig) -> Box<dyn Judge<Self>> {
        let mut solver = Solver::new(config.tt_bytes);
        solver.set_node_limit(Some(config.solver_nodes));
        solver.set_threads(config.threads);
        Box::new(ConnectFourJudge {
            solver,
            solving: config.solver_nodes > 0,
            found: HashMap::new(),
            book: book::embedded().filter(|_| config.opening_book),
            search: Searching::new(config),
        })
    }
}

struct OthelloJudge {
    exact_empties: u32,
    tt_bytes: usize,
    threads: usize,
    search: Searching<Othello>,
}

impl Judge<Othello> for OthelloJudge {
    fn exact(
        &mut self,
        pos: &Othello,
        stop: &StopToken,
    ) -> Option<Judged<<Othello as Game>::Move>> {
        if pos.empty_count() > self.exact_empties {
            return None;
        }
        let r = crate::solve::othello::solve_parallel(
            pos,
            self.tt_bytes,
            self.threads,
            Some(stop.flag()),
            None,
        );
        self.search.nodes += r.nodes;
        r.complete.then_some(Judged {
            value: r.score,
            best: r.best_move,
            exact: true,
            outcome_only: false,
        })
    }

    fn estimate(
        &mut self,
        pos: &Othello,
        depth: u32,
        stop: &StopToken,
    ) -> Judged<<Othello as Game>::Move> {
        self.search.estimate(pos, depth, stop)
    }

    fn nodes(&self) -> u64 {
        self.search.nodes
    }
}

impl Reviewable for Othello {
    /// Exact from 20 empties (the "last 20 or so"; the first solve of a game costs up to
    /// about a second, FFO #40's 0.5 s, the later ones far less), 8 plies of search with the
    /// pattern evaluation before: learned from real games, it does not swing with the parity of
    /// the depth as the weighted heuristic does (see the figures in `docs/performance.md`).
    fn review_config() -> ReviewConfig {
        ReviewConfig {
            depth: 8,
            exact_empties: 20,
            heuristic: crate::heuristic::games::OTHELLO_PATTERN,
            ..ReviewConfig::default()
        }
    }

    fn judge(config: &ReviewConfig) -> Box<dyn Judge<Self>> {
        Box::new(OthelloJudge {
            exact_empties: config.exact_empties,
            tt_bytes: config.tt_bytes,
            threads: config.threads,
            search: Searching::new(config),
        })
    }
}

struct SearchOnly<G: Game> {
    search: Searching<G>,
}

impl<G: HasHeuristic> Judge<G> for SearchOnly<G> {
    fn exact(&mut self, _pos: &G, _stop: &StopToken) -> Option<Judged<G::Move>> {
        None
    }

    fn estimate(&mut self, pos: &G, depth: u32, stop: &StopToken) -> Judged<G::Move> {
        self.search.estimate(pos, depth, stop)
    }

    fn nodes(&self) -> u64 {
        self.search.nodes
    }
}

impl Reviewable for Draughts {
    /// No solver: 12 plies of search (captures are forced, so lines are narrow). Held to a
    /// deeper search (the hint is this review's best move): at 10 plies one hint in 54 random
    /// positions was an inaccuracy by a 16-ply search (14.6 points), at 12 none (worst 3.2), for
    /// about four times the review's time (`app/tests/hint_property.rs`, docs/performance.md).
    fn review_config() -> ReviewConfig {
        ReviewConfig {
            depth: 12,
            ..ReviewConfig::default()
        }
    }

    fn judge(config: &ReviewConfig) -> Box<dyn Judge<Self>> {
        Box::new(SearchOnly {
            search: Searching::new(config),
        })
    }
}
