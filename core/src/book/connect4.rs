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
//! With each position the book keeps a move that keeps its outcome (the most central of those):
//! finding one takes a null-window test of a position one stone deeper, seconds to tens of
//! seconds of this solver for a drawn position at five stones, where a computer or a hint has to
//! answer at once.
//!
//! `connect4.txt` is this solver's own work, written by `ply solve connect4 --book 5`
//! ([`solve_all`] and [`Book::format`]): a line per position, its moves from the empty board as
//! 1-based column digits, a space, `+`, `=` or `-`, a space and the move keeping it (a column
//! digit); lines starting with `#` are comments. Regenerating it gives the same file. The tests
//! check it against the scores Pascal Pons published for the early positions of his test sets.

use crate::game::Game;
use crate::games::connect4::ConnectFour;
use crate::solve::connect4::Solver;
use crate::solve::connect4::node::{CENTRE_FIRST, Node};
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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

/// Outcomes of the positions with a fixed number of stones and a move keeping each, keyed by
/// the smaller of a position's and its mirror image's key (the move as seen from the position
/// that has that key).
#[derive(Clone, Debug)]
pub struct Book {
    plies: usize,
    outcomes: HashMap<u64, Entry>,
}

/// What the book knows of one of its positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// `1` win, `0` draw, `-1` loss for the side to move, with perfect play.
    pub outcome: i8,
    /// The most central move (0-based column) that keeps the outcome (when the position is lost,
    /// the most central that does not lose at once).
    pub keep: u8,
}

/// The book that ships with the core; `None` only if its text were broken (a test parses it).
pub fn embedded() -> Option<&'static Book> {
    EMBEDDED.as_ref().ok()
}

fn canonical_key(pos: &ConnectFour) -> u64 {
    let node = Node::from_position(pos);
    node.key().min(node.mirrored_key())
}

/// `col` as seen from the position with the canonical key: mirrored when `pos` is the mirror
/// image of that position (mirroring twice is the identity, so this also maps back).
fn canonical_column(pos: &ConnectFour, col: u8) -> u8 {
    let node = Node::from_position(pos);
    if node.key() <= node.mirrored_key() {
        col
    } else {
        6 - col
    }
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
            let mut words = trimmed.split_whitespace();
            let (Some(moves), Some(mark), Some(keep), None) =
                (words.next(), words.next(), words.next(), words.next())
            else {
                return Err(bad(format!(
                    "'{trimmed}' is not '<moves> <+|=|-> <column keeping it>'"
                )));
            };
            let outcome = match mark {
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
            let keep = match keep.as_bytes() {
                [b @ b'1'..=b'7'] if pos.can_play(b - b'1') => b - b'1',
                _ => {
                    return Err(bad(format!(
                        "'{keep}' is not a column of '{moves}' with room (1 to 7)"
                    )));
                }
            };
            let entry = Entry {
                outcome,
                keep: canonical_column(&pos, keep),
            };
            if outcomes.insert(canonical_key(&pos), entry).is_some() {
                return Err(bad(format!(
                    "'{moves}' is a position (or the mirror image of one) listed before"
                )));
            }
        }
        let plies = plies.ok_or(BookError::Empty)?;
        Ok(Book { plies, outcomes })
    }

    /// The book's text for `positions` (all with the same number of stones) and what the
    /// solver found of each.
    pub fn format(positions: &[ConnectFour], entries: &[Entry]) -> String {
        let plies = positions.first().map_or(0, |p| p.moves_played());
        let mut out = format!(
            "# Connect Four opening book: the outcome with perfect play for the side to move (+ \
             win, = draw, - loss)\n# of every position with {plies} stones, one per mirror \
             pair, and the most central column keeping it;\n# written by `ply solve connect4 \
             --book {plies}`.\n"
        );
        for (pos, entry) in positions.iter().zip(entries) {
            let mark = match entry.outcome.signum() {
                1 => '+',
                0 => '=',
                _ => '-',
            };
            let keep = char::from(b'1' + entry.keep);
            out.push_str(&format!("{} {mark} {keep}\n", moves_text(pos)));
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
                .map(|e| i32::from(e.outcome));
        }
        self.best_move(pos).map(|(_, value)| value)
    }

    /// A best move (0-based column, the most central of equals) and the outcome, for a position
    /// with at most [`Book::plies`] stones (at the book's own stones the move it keeps).
    pub fn best_move(&self, pos: &ConnectFour) -> Option<(u8, i32)> {
        if pos.moves_played() > self.plies || pos.is_won() {
            return None;
        }
        if pos.moves_played() == self.plies {
            return self
                .outcomes
                .get(&canonical_key(pos))
                .map(|e| (canonical_column(pos, e.keep), i32::from(e.outcome)));
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

/// The outcome of each of `positions` by the weak solve and the most central move keeping it,
/// on `threads` threads each with its own table of `tt_bytes`, each taking a contiguous run of
/// positions. `progress(done, total)` is called from the threads after each position.
pub fn solve_all(
    positions: &[ConnectFour],
    threads: usize,
    tt_bytes: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Entry> {
    let never = AtomicBool::new(false);
    in_parallel(positions, threads, tt_bytes, progress, |solver, pos| {
        let outcome = solver.solve_weak(pos);
        // The positions are unfinished, so a move always exists; the solve cannot be cancelled.
        let keep = solver
            .best_move_keeping(pos, outcome, &never)
            .ok()
            .flatten()
            .map_or(0, |(col, _)| col);
        Entry {
            outcome: outcome as i8,
            keep,
        }
    })
}

/// `work` on each of `positions`, on `threads` threads each with a solver of `tt_bytes` kept
/// from one position to the next (neighbours share subtrees), in the positions' order.
fn in_parallel<T: Default + Clone + Send>(
    positions: &[ConnectFour],
    threads: usize,
    tt_bytes: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    work: impl Fn(&mut Solver, &ConnectFour) -> T + Sync,
) -> Vec<T> {
    let threads = threads.clamp(1, positions.len().max(1));
    let chunk = positions.len().div_ceil(threads).max(1);
    let done = AtomicUsize::new(0);
    let mut out = vec![T::default(); positions.len()];
    std::thread::scope(|scope| {
        for (part, slots) in positions.chunks(chunk).zip(out.chunks_mut(chunk)) {
            let done = &done;
            let work = &work;
            scope.spawn(move || {
                let mut solver = Solver::new(tt_bytes);
                for (pos, slot) in part.iter().zip(slots.iter_mut()) {
                    *slot = work(&mut solver, pos);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, positions.len());
                }
            });
        }
    });
    out
}
