//! English draughts in a session: the board view (8x8 with the 32 dark squares).

use crate::board::{BoardView, MoveCells, Piece, draughts_cell, draughts_square};
use crate::driver::{AnyGame, Driver};
use crate::engine::Playable;
use crate::error::PlyError;
use crate::settings::GameKind;
use ply_core::Game;
use ply_core::games::draughts::{Draughts, Move};

pub(crate) fn new_game(kind: GameKind, start: Option<&str>) -> Result<Box<dyn AnyGame>, PlyError> {
    let pos = match start {
        None => Draughts::start(),
        Some(t) => Draughts::parse_position(t.trim()).map_err(|e| PlyError::BadPosition {
            reason: e.to_string(),
        })?,
    };
    let variant = if kind == GameKind::RelaxedDraughts {
        "relaxed"
    } else {
        "standard"
    };
    let pos = pos
        .with_variant(variant)
        .map_err(|e| PlyError::BadPosition {
            reason: e.to_string(),
        })?;
    Ok(Box::new(Driver::new(kind, pos)))
}

impl BoardView for Draughts {
    const ROWS: u32 = 8;
    const COLS: u32 = 8;
    fn pieces(&self) -> Vec<Piece> {
        let mut cells = vec![Piece::Empty; 64];
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
    fn label(index: u32) -> String {
        draughts_square(index)
            .map(|s| s.to_string())
            .unwrap_or_default()
    }
    fn playable(index: u32) -> bool {
        draughts_square(index).is_some()
    }
    fn move_cells(&self, mv: Move) -> MoveCells {
        let path: Vec<u32> = mv.squares().into_iter().map(draughts_cell).collect();
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
