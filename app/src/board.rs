//! What the shells draw: cells with pieces, move targets, and what a move changed.
//!
//! Cell indices are row-major with row 0 at the top of the board as drawn:
//! - Othello 8x8: index = bit = `row * 8 + col`, row 0 is rank 1 (a1 top-left, as in Othello
//!   diagrams), labels `a1`..`h8`;
//! - Connect Four 7 wide x 6 high: `row * 7 + col`, row 0 is the top row, stones fall to higher
//!   rows; labels `a1` (bottom-left) .. `g6`;
//! - draughts 8x8: `row * 8 + col`, row 0 is Black's back row (PDN squares 1-4 on b8 d8 f8 h8),
//!   only dark squares are playable; labels are the PDN square numbers `1`..`32`.

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::{Othello, OthelloMove};
use std::sync::LazyLock;

/// The most cells a board has (8x8); smaller boards use the first `ROWS * COLS`.
pub const MAX_CELLS: usize = 64;

/// Every cell's piece by cell index, on the stack: a snapshot reads the board once per legal
/// move (to see what the move changes), so a heap `Vec` each time was a large part of its cost.
pub type Pieces = [Piece; MAX_CELLS];

/// What stands on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Piece {
    Empty,
    /// Othello black disc.
    Black,
    /// Othello white disc.
    White,
    /// Connect Four first player's stone.
    Red,
    /// Connect Four second player's stone.
    Yellow,
    BlackMan,
    BlackKing,
    WhiteMan,
    WhiteKing,
    /// A multi-player game's piece; its player is the cell's `seat`. The Virus Game: a square
    /// the player holds.
    Infected,
    /// Focus: a stack (the cell's `stack` lists it, bottom first; `seat` is its top).
    Stack,
    /// Chinese Checkers: a marble.
    Marble,
}

/// The player (0 first, 1 second) owning a piece, `None` for an empty cell.
pub fn owner(piece: Piece) -> Option<u8> {
    piece.owner()
}

impl Piece {
    /// 0 or 1 for the player owning a two-player game's piece (a multi-player game's cell names
    /// its `seat`).
    pub fn owner(self) -> Option<u8> {
        match self {
            Piece::Empty | Piece::Infected | Piece::Stack | Piece::Marble => None,
            Piece::Black | Piece::Red | Piece::BlackMan | Piece::BlackKing => Some(0),
            Piece::White | Piece::Yellow | Piece::WhiteMan | Piece::WhiteKing => Some(1),
        }
    }
    fn is_king(self) -> bool {
        matches!(self, Piece::BlackKing | Piece::WhiteKing)
    }
    fn is_man(self) -> bool {
        matches!(self, Piece::BlackMan | Piece::WhiteMan)
    }
}

/// The cells a move involves, known before it is played.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveCells {
    pub from: Option<u32>,
    pub to: Option<u32>,
    /// Draughts: every square the piece stands on, start first; otherwise the target alone.
    pub path: Vec<u32>,
    pub column: Option<u32>,
    pub is_pass: bool,
}

/// A game the shells can draw.
pub trait BoardView: Game {
    const ROWS: u32;
    const COLS: u32;
    /// Every cell's piece by cell index (the first `ROWS * COLS`; the rest stay `Empty`).
    fn pieces(&self) -> Pieces;
    /// The cell's accessibility label (empty for the light squares of a draughts board). The
    /// labels never change, so they are formatted once per process (see `labels`).
    fn label(index: u32) -> &'static str;
    fn playable(_index: u32) -> bool {
        true
    }
    fn move_cells(&self, mv: Self::Move) -> MoveCells;
    /// The cells of the line that won the game (Connect Four's four in a row), to highlight;
    /// empty in games without one.
    fn winning_cells(&self) -> Vec<u32> {
        Vec::new()
    }
}

/// The labels of cells `0..cells`, formatted once (they live in statics for the process).
pub fn labels(cells: u32, label: impl Fn(u32) -> String) -> Vec<String> {
    (0..cells).map(label).collect()
}

/// Cell `index`'s label in `labels`, empty off the board.
pub fn label_in(labels: &'static [String], index: u32) -> &'static str {
    labels.get(index as usize).map_or("", String::as_str)
}

/// What a move changed on the board, from the pieces before and after it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Change {
    pub flipped: Vec<u32>,
    pub captured: Vec<u32>,
    pub crowned: bool,
    /// The pieces the flipped and captured cells held before the move.
    pub replaced: Vec<crate::snapshot::ReplacedPiece>,
}

pub fn change(before: &[Piece], after: &[Piece], cells: &MoveCells) -> Change {
    let mut c = Change::default();
    for (i, (b, a)) in before.iter().zip(after).enumerate() {
        // A move changes a few cells of the 64: skip the rest with one comparison each.
        if b == a {
            continue;
        }
        let i = i as u32;
        match (b.owner(), a.owner()) {
            (Some(x), Some(y)) if x != y => {
                c.flipped.push(i);
                c.replaced
                    .push(crate::snapshot::ReplacedPiece { cell: i, piece: *b });
            }
            (Some(_), None) if Some(i) != cells.from => {
                c.captured.push(i);
                c.replaced
                    .push(crate::snapshot::ReplacedPiece { cell: i, piece: *b });
            }
            _ => {}
        }
    }
    if let (Some(from), Some(to)) = (cells.from, cells.to) {
        let was_man = before.get(from as usize).is_some_and(|p| p.is_man());
        let is_king = after.get(to as usize).is_some_and(|p| p.is_king());
        c.crowned = was_man && is_king;
    }
    c
}

impl BoardView for Othello {
    const ROWS: u32 = 8;
    const COLS: u32 = 8;
    fn pieces(&self) -> Pieces {
        let (black, white) = (self.black(), self.white());
        std::array::from_fn(|i| {
            if black >> i & 1 == 1 {
                Piece::Black
            } else if white >> i & 1 == 1 {
                Piece::White
            } else {
                Piece::Empty
            }
        })
    }
    fn label(index: u32) -> &'static str {
        static LABELS: LazyLock<Vec<String>> = LazyLock::new(|| {
            labels(64, |i| {
                let file = char::from(b'a' + (i % 8) as u8);
                format!("{file}{}", i / 8 + 1)
            })
        });
        label_in(&LABELS, index)
    }
    fn move_cells(&self, mv: OthelloMove) -> MoveCells {
        match mv.to_square() {
            Some(sq) => {
                let sq = sq as u32;
                MoveCells {
                    from: None,
                    to: Some(sq),
                    path: vec![sq],
                    column: None,
                    is_pass: false,
                }
            }
            None => MoveCells {
                is_pass: true,
                ..MoveCells::default()
            },
        }
    }
}

const C4_ROWS: u32 = 6;
const C4_COLS: u32 = 7;

fn c4_heights(pos: &ConnectFour) -> [u32; C4_COLS as usize] {
    let mut h = [0u32; C4_COLS as usize];
    for col in pos.columns_played() {
        if let Some(x) = h.get_mut(usize::from(col)) {
            *x += 1;
        }
    }
    h
}

impl BoardView for ConnectFour {
    const ROWS: u32 = C4_ROWS;
    const COLS: u32 = C4_COLS;
    fn winning_cells(&self) -> Vec<u32> {
        let line = self.winning_cells();
        // The core counts rows from the bottom, column by column; cells go row by row from the
        // top.
        (0..C4_COLS)
            .flat_map(|col| (0..C4_ROWS).map(move |row| (col, row)))
            .filter(|&(col, row)| {
                line & ply_core::games::connect4::bitboard::cell(col as usize, row as usize) != 0
            })
            .map(|(col, row)| (C4_ROWS - 1 - row) * C4_COLS + col)
            .collect()
    }
    fn pieces(&self) -> Pieces {
        let mut cells = [Piece::Empty; MAX_CELLS];
        let mut h = [0u32; C4_COLS as usize];
        for (n, col) in self.columns_played().enumerate() {
            let c = u32::from(col);
            let Some(height) = h.get_mut(c as usize) else {
                continue;
            };
            if *height >= C4_ROWS {
                continue;
            }
            let row = C4_ROWS - 1 - *height;
            *height += 1;
            if let Some(cell) = cells.get_mut((row * C4_COLS + c) as usize) {
                *cell = if n % 2 == 0 {
                    Piece::Red
                } else {
                    Piece::Yellow
                };
            }
        }
        cells
    }
    fn label(index: u32) -> &'static str {
        static LABELS: LazyLock<Vec<String>> = LazyLock::new(|| {
            labels(C4_ROWS * C4_COLS, |i| {
                let file = char::from(b'a' + (i % C4_COLS) as u8);
                format!("{file}{}", C4_ROWS - i / C4_COLS)
            })
        });
        label_in(&LABELS, index)
    }
    fn move_cells(&self, mv: u8) -> MoveCells {
        let col = u32::from(mv);
        let height = c4_heights(self)
            .get(mv as usize)
            .copied()
            .unwrap_or(C4_ROWS);
        let to = (height < C4_ROWS).then(|| (C4_ROWS - 1 - height) * C4_COLS + col);
        MoveCells {
            from: None,
            to,
            path: to.into_iter().collect(),
            column: Some(col),
            is_pass: false,
        }
    }
}

/// Draughts: PDN square `sq` (1-32) as a cell index.
pub fn draughts_cell(sq: u8) -> u32 {
    let s = u32::from(sq.clamp(1, 32)) - 1;
    let row = s / 4;
    let k = s % 4;
    let col = if row % 2 == 0 { 2 * k + 1 } else { 2 * k };
    row * 8 + col
}

/// Draughts: the PDN square of a cell index, if it is a dark square.
pub fn draughts_square(index: u32) -> Option<u8> {
    let (row, col) = (index / 8, index % 8);
    if row >= 8 || (row + col) % 2 == 0 {
        return None;
    }
    Some((row * 4 + col / 2 + 1) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draughts_squares_and_cells_round_trip() {
        assert_eq!(draughts_cell(1), 1); // b8
        assert_eq!(draughts_cell(4), 7); // h8
        assert_eq!(draughts_cell(5), 8); // a7
        assert_eq!(draughts_cell(29), 56); // a1
        assert_eq!(draughts_cell(32), 62); // g1
        for sq in 1..=32u8 {
            assert_eq!(draughts_square(draughts_cell(sq)), Some(sq));
        }
        assert_eq!((0..64).filter_map(draughts_square).count(), 32);
    }

    #[test]
    fn othello_start_and_labels() {
        let p = Othello::start().pieces();
        assert_eq!(p[27], Piece::White); // d4
        assert_eq!(p[28], Piece::Black); // e4
        assert_eq!(Othello::label(37), "f5");
    }

    #[test]
    fn connect4_drop_lands_on_the_lowest_empty_cell() {
        let pos = ConnectFour::parse_position("44").expect("valid");
        let cells = pos.move_cells(3);
        assert_eq!(cells.to, Some(3 * 7 + 3)); // row 3 from the top = third from the bottom
        let p = pos.pieces();
        assert_eq!(p[5 * 7 + 3], Piece::Red);
        assert_eq!(p[4 * 7 + 3], Piece::Yellow);
        assert_eq!(ConnectFour::label(5 * 7), "a1");
    }
}
