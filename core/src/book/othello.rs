//! Othello's opening book, built from real games: for each position of their first plies that
//! enough games reached, the moves played there, how often, and what they were worth.
//!
//! - **Worth** of a move: the mean, over the games that played it, of the value the game had
//!   after it for the side that played it, as training labels it (the WTHOR theoretical score
//!   where the archive has one, else the final result; see
//!   [`crate::train::othello`]). Logistello's book games and thirty years of
//!   tournament play choose which moves are in the book; those values choose among them.
//! - **A move is in the book** once [`MIN_GAMES`] games played it; the book's move for a position
//!   is its best-valued one (the most played on a tie). A position with no such move is out. A
//!   review calls a move a book move when it is in the book within [`SOUND_MARGIN`] of the best.
//! - **Symmetry**: positions are stored once for their eight images (the smallest of the eight
//!   bitboard pairs), so the book answers for any of them.
//!
//! File layout (little-endian): `PLYBOOK\0`; version (u32); plies (u32); positions (u32); for
//! each position its side to move's and other side's discs (u64 each), its move count (u8) and
//! per move the square (u8), the games (u32) and the worth in 1/32 disc (i16); FNV-1a 64 of
//! everything before it.

use crate::bytes::{Cursor, fnv1a};
use crate::game::Game;
use crate::games::othello::{Othello, OthelloMove};
use crate::heuristic::othello::pattern::geometry::{symmetry, transform_bits};
use crate::train::othello::{TrainGame, labelled_positions};
use once_cell::sync::Lazy;
use std::collections::HashMap;

pub const MAGIC: &[u8; 8] = b"PLYBOOK\0";
pub const VERSION: u32 = 1;
/// Games a move needs to be in the book.
pub const MIN_GAMES: u32 = 8;
/// A book move worth this many discs less than the position's best is not one a review calls a
/// book move (eight games of weak players can repeat a poor move).
pub const SOUND_MARGIN: f64 = 4.0;
/// The book's depth: positions before this many plies.
pub const PLIES: usize = 20;

/// A move of the book, in the position's own frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookMove {
    pub mv: OthelloMove,
    /// Games that played it.
    pub games: u32,
    /// Its mean worth for the side that plays it, in discs.
    pub worth: f64,
}

/// One stored move: square in the canonical frame, games, worth in 1/32 disc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stored {
    square: u8,
    games: u32,
    worth: i16,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not a Ply opening book (its first bytes are not PLYBOOK)")]
    NotABook,
    #[error("opening book version {found}; this build reads version {VERSION}")]
    Version { found: u32 },
    #[error("the opening book ends after {actual} bytes; more expected")]
    Truncated { actual: usize },
    #[error("the opening book has {extra} bytes after its checksum")]
    Trailing { extra: usize },
    #[error("the opening book's checksum does not match its contents (damaged or edited)")]
    Checksum,
    #[error("the opening book names square {square}, which is not on the board")]
    BadSquare { square: u8 },
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    plies: u32,
    entries: HashMap<(u64, u64), Vec<Stored>>,
}

/// The smallest of a position's eight images and the symmetry that gives it.
fn canonical(player: u64, opponent: u64) -> ((u64, u64), usize) {
    (0..8)
        .map(|t| ((transform_bits(t, player), transform_bits(t, opponent)), t))
        .min()
        .unwrap_or(((player, opponent), 0))
}

/// A move's square in the canonical frame. A position that some symmetries leave as it is (the
/// start) maps onto its key in several ways; the smallest image of the square over all of them
/// names a move and its mirror images alike, so that they are counted together.
fn canonical_square(pos: &Othello, key: (u64, u64), square: u8) -> u8 {
    (0..8)
        .filter(|&t| {
            (
                transform_bits(t, pos.player()),
                transform_bits(t, pos.opponent()),
            ) == key
        })
        .map(|t| symmetry(t, square))
        .min()
        .unwrap_or(square)
}

/// The square that symmetry `t` maps onto `square`.
fn untransform(t: usize, square: u8) -> u8 {
    (0..64)
        .find(|&s| symmetry(t, s) == square)
        .unwrap_or(square)
}

impl Book {
    /// The book of `games`' first [`PLIES`] plies.
    pub fn build(games: &[TrainGame]) -> Book {
        let mut sums: HashMap<(u64, u64), HashMap<u8, (u32, f64)>> = HashMap::new();
        for game in games {
            let labelled = labelled_positions(game, 0);
            for (k, pair) in labelled.windows(2).take(PLIES).enumerate() {
                let (pos, _) = pair[0];
                let (_, after) = pair[1];
                let Some(square) = game.moves.get(k).and_then(|m| m.to_square()) else {
                    continue;
                };
                let (key, _) = canonical(pos.player(), pos.opponent());
                // Labels are the side to move's, and the position after a move is always the
                // other side's to move (a pass is a move of its own).
                let worth = -f64::from(after);
                let e = sums
                    .entry(key)
                    .or_default()
                    .entry(canonical_square(&pos, key, square as u8))
                    .or_insert((0, 0.0));
                e.0 += 1;
                e.1 += worth;
            }
        }
        let mut entries = HashMap::new();
        for (key, moves) in sums {
            let mut kept: Vec<Stored> = moves
                .into_iter()
                .filter(|(_, (n, _))| *n >= MIN_GAMES)
                .map(|(square, (n, sum))| Stored {
                    square,
                    games: n,
                    worth: (sum / f64::from(n) * 32.0).round().clamp(-2048.0, 2048.0) as i16,
                })
                .collect();
            if kept.is_empty() {
                continue;
            }
            kept.sort_by(|a, b| {
                b.worth
                    .cmp(&a.worth)
                    .then(b.games.cmp(&a.games))
                    .then(a.square.cmp(&b.square))
            });
            entries.insert(key, kept);
        }
        Book {
            plies: PLIES as u32,
            entries,
        }
    }

    /// Positions in the book.
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// The book's moves for `pos`, best first (empty when it is out of the book). A position
    /// that some symmetries leave as it is (the start) has each stored move once per image.
    pub fn moves(&self, pos: &Othello) -> Vec<BookMove> {
        let (key, _) = canonical(pos.player(), pos.opponent());
        let Some(stored) = self.entries.get(&key) else {
            return Vec::new();
        };
        let frames: Vec<usize> = (0..8)
            .filter(|&t| {
                (
                    transform_bits(t, pos.player()),
                    transform_bits(t, pos.opponent()),
                ) == key
            })
            .collect();
        let mut out: Vec<BookMove> = Vec::new();
        for s in stored {
            for &t in &frames {
                let Some(mv) = OthelloMove::square(usize::from(untransform(t, s.square))) else {
                    continue;
                };
                if pos.is_legal(mv) && !out.iter().any(|m| m.mv == mv) {
                    out.push(BookMove {
                        mv,
                        games: s.games,
                        worth: f64::from(s.worth) / 32.0,
                    });
                }
            }
        }
        out
    }

    /// The book's move for `pos`.
    pub fn best(&self, pos: &Othello) -> Option<BookMove> {
        self.moves(pos).into_iter().next()
    }

    /// The book's moves for `pos` worth within [`SOUND_MARGIN`] of its best, best first: the
    /// moves a review calls book moves.
    pub fn sound_moves(&self, pos: &Othello) -> Vec<BookMove> {
        let moves = self.moves(pos);
        let Some(best) = moves.first().map(|m| m.worth) else {
            return moves;
        };
        moves
            .into_iter()
            .filter(|m| m.worth >= best - SOUND_MARGIN)
            .collect()
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut keys: Vec<&(u64, u64)> = self.entries.keys().collect();
        keys.sort_unstable();
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.plies.to_le_bytes());
        out.extend_from_slice(&(keys.len() as u32).to_le_bytes());
        for key in keys {
            let moves = &self.entries[key];
            out.extend_from_slice(&key.0.to_le_bytes());
            out.extend_from_slice(&key.1.to_le_bytes());
            out.push(moves.len().min(64) as u8);
            for m in moves.iter().take(64) {
                out.push(m.square);
                out.extend_from_slice(&m.games.to_le_bytes());
                out.extend_from_slice(&m.worth.to_le_bytes());
            }
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let mut r = Cursor::new(bytes);
        if r.take(8) != Some(MAGIC.as_slice()) {
            return Err(BookError::NotABook);
        }
        let truncated = BookError::Truncated {
            actual: bytes.len(),
        };
        let version = r.u32().ok_or(truncated.clone())?;
        if version != VERSION {
            return Err(BookError::Version { found: version });
        }
        let plies = r.u32().ok_or(truncated.clone())?;
        let count = r.u32().ok_or(truncated.clone())?;
        let mut entries = HashMap::new();
        for _ in 0..count {
            let key = (
                r.u64().ok_or(truncated.clone())?,
                r.u64().ok_or(truncated.clone())?,
            );
            let n = r.u8().ok_or(truncated.clone())?;
            let mut moves = Vec::with_capacity(usize::from(n));
            for _ in 0..n {
                let square = r.u8().ok_or(truncated.clone())?;
                if square >= 64 {
                    return Err(BookError::BadSquare { square });
                }
                moves.push(Stored {
                    square,
                    games: r.u32().ok_or(truncated.clone())?,
                    worth: r.i16().ok_or(truncated.clone())?,
                });
            }
            entries.insert(key, moves);
        }
        let body_end = r.at();
        let stored = r.u64().ok_or(truncated)?;
        if r.at() < bytes.len() {
            return Err(BookError::Trailing {
                extra: bytes.len() - r.at(),
            });
        }
        if stored != fnv1a(&bytes[..body_end]) {
            return Err(BookError::Checksum);
        }
        Ok(Book { plies, entries })
    }
}

const BUILTIN: &[u8] = include_bytes!("../../data/othello-book.bin");

static BUILTIN_BOOK: Lazy<Result<Book, BookError>> = Lazy::new(|| Book::from_bytes(BUILTIN));

/// The book that ships with Ply (`core/data/othello-book.bin`, made by `ply book othello`).
pub fn builtin() -> Result<&'static Book, BookError> {
    BUILTIN_BOOK.as_ref().map_err(Clone::clone)
}

#[cfg(test)]
mod tests;
