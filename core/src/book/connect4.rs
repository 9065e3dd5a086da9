//! Connect Four's opening book: the outcome with perfect play (a win, a draw or a loss for the
//! side to move) of every position with [`BOOK_PLIES`] stones, one entry per position and its
//! mirror image, and by minimax over those, of every earlier position.
//!
//! Why a book: an exact solve of a position with only a few stones costs seconds to minutes of
//! this solver (the empty board minutes), far more than a review spends on a move, so without
//! it the opening of every game was reviewed by search alone. Why outcomes and not scores: a
//! move's label needs only the outcome (turning a win into a draw is a blunder whatever the
//! distance), and the weak solve that finds it costs a fraction of an exact score's.
//!
//! `connect4.txt` is this solver's own work, written by `ply solve connect4 --book 5`
//! ([`solve_all`] and [`Book::format`]): a line per position, its moves from the empty board as
//! 1-based column digits, a space, and `+`, `=` or `-`; lines starting with `#` are comments.
//! Regenerating it gives the same file. The tests check it against the scores Pascal Pons
//! published for the early positions of his test sets.

use crate::game::Game;
use crate::games::connect4::ConnectFour;
use crate::solve::connect4::Solver;
use crate::solve::connect4::node::{CENTRE_FIRST, Node};
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Stones on the board in the book's positions.
pub const BOOK_PLIES: usize = 5;

const BOOK_TEXT: &str = include_str!("connect4.txt");

static EMBEDDED: LazyLock<Result<Book, BookError>> = LazyLock::new(|| Book::parse(BOOK_TEXT));

/// What is wrong with a book's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("book line {line}: {why}")]
    Line { line: usize, why: String },
    #[error(
        "book line {line}: the position '{moves}' has {found} stones, the book's others {expected}"
    )]
    Plies {
        line: usize,
        moves: String,
        found: usize,
        expected: usize,
    },
    #[error("the book holds no position")]
    Empty,
}

/// Outcomes of the positions with a fixed number of stones, keyed by the smaller of a
/// position's and its mirror image's key.
#[derive(Clone, Debug)]
pub struct Book {
    plies: usize,
    outcomes: HashMap<u64, i8>,
}

/// The book that ships with the core; `None` only if its text were broken (a test parses it).
pub fn embedded() -> Option<&'static Book> {
    EMBEDDED.as_ref().ok()
}

fn canonical_key(pos: &ConnectFour) -> u64 {
    let node = Node::from_position(pos);
    node.key().min(node.mirrored_key())
}

/// A position's moves as the book writes them (1-based column digits).
fn moves_text(pos: &ConnectFour) -> String {
    pos.columns_played().map(|c| char::from(b'1' + c)).collect()
}

impl Book {
    /// Reads a book's text; the error names the first bad line and what is wrong with it.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut plies = None;
        let mut outcomes = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let bad = |why: String| BookError::Line { line, why };
            let (moves, mark) = trimmed
                .split_once(' ')
                .ok_or_else(|| bad(format!("'{trimmed}' is not '<moves> <+|=|->'")))?;
            let outcome = match mark.trim() {
                "+" => 1,
                "=" => 0,
                "-" => -1,
                other => return Err(bad(format!("'{other}' is not +, = or -"))),
            };
            let cols = moves
                .bytes()
                .map(|b| match b {
                    b'1'..=b'7' => Ok(b - b'1'),
                    _ => Err(bad(format!("'{moves}' is not a string of columns 1 to 7"))),
                })
                .collect::<Result<Vec<u8>, BookError>>()?;
            let pos = ConnectFour::from_columns(&cols)
                .map_err(|(at, e)| bad(format!("'{moves}': move {} is illegal: {e}", at + 1)))?;
            let expected = *plies.get_or_insert(cols.len());
            if cols.len() != expected {
                return Err(BookError::Plies {
                    line,
                    moves: moves.to_string(),
                    found: cols.len(),
                    expected,
                });
            }
            if outcomes.insert(canonical_key(&pos), outcome).is_some() {
                return Err(bad(format!(
                    "'{moves}' is a position (or the mirror image of one) listed before"
                )));
            }
        }
        let plies = plies.ok_or(BookError::Empty)?;
        Ok(Book { plies, outcomes })
    }

    /// The book's text for `positions` (all with the same number of stones) and their outcomes.
    pub fn format(positions: &[ConnectFour], outcomes: &[i8]) -> String {
        let plies = positions.first().map_or(0, |p| p.moves_played());
        let mut out = format!(
            "# Connect Four opening book: the outcome with perfect play for the side to move (+ \
             win, = draw, - loss)\n# of every position with {plies} stones, one per mirror \
             pair; written by `ply solve connect4 --book {plies}`.\n"
        );
        for (pos, outcome) in positions.iter().zip(outcomes) {
            let mark = match outcome.signum() {
                1 => '+',
                0 => '=',
                _ => '-',
            };
            out.push_str(&format!("{} {mark}\n", moves_text(pos)));
        }
        out
    }

    /// Stones on the board in the book's positions.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Positions held (one per mirror pair).
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// Whether `pos` (or its mirror image) is in the book itself.
    pub fn contains(&self, pos: &ConnectFour) -> bool {
        self.outcomes.contains_key(&canonical_key(pos))
    }

    /// The outcome of `pos` for its side to move (`1` win, `0` draw, `-1` loss), for a position
    /// with at most [`Book::plies`] stones; `None` further into the game or for a position the
    /// book lacks.
    pub fn outcome(&self, pos: &ConnectFour) -> Option<i32> {
        let played = pos.moves_played();
        if played > self.plies {
            return None;
        }
        if pos.is_won() {
            return Some(-1);
        }
        if played == self.plies {
            return self
                .outcomes
                .get(&canonical_key(pos))
                .map(|&o| i32::from(o));
        }
        self.best_move(pos).map(|(_, value)| value)
    }

    /// A best move (0-based column, the most central of equals) and the outcome, for a position
    /// with fewer than [`Book::plies`] stones (the children of the book's own positions are past
    /// it: `None`).
    pub fn best_move(&self, pos: &ConnectFour) -> Option<(u8, i32)> {
        if pos.moves_played() >= self.plies || pos.is_won() {
            return None;
        }
        let mut best: Option<(u8, i32)> = None;
        for &col in &CENTRE_FIRST {
            let col = col as u8;
            if !pos.can_play(col) {
                continue;
            }
            let mut child = *pos;
            child.play(col);
            let value = -self.outcome(&child)?;
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((col, value));
            }
        }
        best
    }
}

/// Every position with `plies` stones that play reaches from the empty board without a four,
/// one per mirror pair (the first met, columns tried left to right), in that order: neighbours
/// share most of their subtrees, so a solver that keeps its table solves them faster in turn.
pub fn positions(plies: usize) -> Vec<ConnectFour> {
    fn walk(pos: &ConnectFour, plies: usize, seen: &mut HashSet<u64>, out: &mut Vec<ConnectFour>) {
        if pos.is_won() {
            return;
        }
        if pos.moves_played() == plies {
            if seen.insert(canonical_key(pos)) {
                out.push(*pos);
            }
            return;
        }
        for col in 0..7u8 {
            if pos.can_play(col) {
                let mut child = *pos;
                child.play(col);
                walk(&child, plies, seen, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&ConnectFour::new(), plies, &mut HashSet::new(), &mut out);
    out
}

/// The outcome of each of `positions` by the weak solve, on `threads` threads each with its own
/// table of `tt_bytes`, each taking a contiguous run of positions. `progress(done, total)` is
/// called from the threads after each position.
pub fn solve_all(
    positions: &[ConnectFour],
    threads: usize,
    tt_bytes: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<i8> {
    let threads = threads.clamp(1, positions.len().max(1));
    let chunk = positions.len().div_ceil(threads).max(1);
    let done = AtomicUsize::new(0);
    let mut out = vec![0i8; positions.len()];
    std::thread::scope(|scope| {
        for (part, slots) in positions.chunks(chunk).zip(out.chunks_mut(chunk)) {
            let done = &done;
            scope.spawn(move || {
                let mut solver = Solver::new(tt_bytes);
                for (pos, slot) in part.iter().zip(slots.iter_mut()) {
                    *slot = solver.solve_weak(pos) as i8;
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, positions.len());
                }
            });
        }
    });
    out
}
