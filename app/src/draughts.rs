//! English draughts in a session: the board view (8x8 with the 32 dark squares).

use crate::board::{
    BoardView, MAX_CELLS, MoveCells, Piece, Pieces, draughts_cell, draughts_square, label_in,
    labels,
};
use crate::engine::Playable;
use ply_core::games::draughts::{Draughts, Move};
use std::sync::LazyLock;

impl BoardView for Draughts {
    const ROWS: u32 = 8;
    const COLS: u32 = 8;
    fn pieces(&self) -> Pieces {
        let mut cells = [Piece::Empty; MAX_CELLS];
        for sq in 1..=32u8 {
            let piece = match self.piece_at(sq) {
                None => continue,
                Some((0, false)) => Piece::BlackMan,
                Some((0, true)) => Piece::BlackKing,
                Some((_, false)) => Piece::WhiteMan,
                Some((_, true)) => Piece::WhiteKing,
            };
            if let Some(c) = cells.get_mut(draughts_cell(sq) as usize) {
                *c = piece;
            }
        }
        cells
    }
    fn label(index: u32) -> &'static str {
        static LABELS: LazyLock<Vec<String>> = LazyLock::new(|| {
            labels(64, |i| {
                draughts_square(i)
                    .map(|s| s.to_string())
                    .unwrap_or_default()
            })
        });
        label_in(&LABELS, index)
    }
    fn playable(index: u32) -> bool {
        draughts_square(index).is_some()
    }
    fn move_cells(&self, mv: Move) -> MoveCells {
        // A quiet move's path is its two ends: no need for the list `squares()` allocates.
        let path: Vec<u32> = if mv.is_capture() {
            mv.squares().into_iter().map(draughts_cell).collect()
        } else {
            vec![draughts_cell(mv.from()), draughts_cell(mv.to())]
        };
        MoveCells {
            from: path.first().copied(),
            to: path.last().copied(),
            path,
            column: None,
            is_pass: false,
        }
    }
}

impl Playable for Draughts {}
