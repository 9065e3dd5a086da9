//! Where a board's cells are, in board units: one geometry for every shell (a grid's squares,
//! or Chinese Checkers' holes in a triangular lattice), and which cell a tap at a point hits.

use super::Game;
use super::view::BoardShape;
use crate::settings::GameKind;
use crate::snapshot::Cell;

/// The distance between two rows of the star, in hole spacings: the holes of neighbouring rows
/// sit half a hole apart sideways, so each hole is one spacing from its six neighbours.
pub const STAR_ROW: f32 = 0.866_025_4;

/// How far from a hole's centre a tap still hits it, in hole spacings: the nearest hole wins,
/// so between holes the targets meet; beyond this the tap is outside the star.
const STAR_REACH: f32 = 1.0;

/// How many times larger a shell may draw the star, in a view that scrolls both ways, so that
/// its holes are touch-sized on a phone. Drawn as wide as a portrait phone allows, the star's 13
/// holes across give a hole 25.8 by 22.4 dp on a 360 dp Android phone (336 dp of board) and 26.4
/// by 22.8 pt on a 375 pt iPhone (343 pt); 2.25 times that is 58 by 50.4 dp and 59.4 by 51.4 pt,
/// past Android's 48 dp and Apple's 44 pt (`app/tests/board_drawing.rs` checks it).
pub const STAR_ZOOM: f32 = 2.25;

/// A board's layout: its shape and its rows and columns as the game counts them (the star's
/// columns are half-hole columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub shape: BoardShape,
    rows: u32,
    cols: u32,
}

impl Geometry {
    pub fn new(game: GameKind, rows: u32, cols: u32) -> Geometry {
        Geometry {
            shape: shape(game),
            rows: rows.max(1),
            cols: cols.max(1),
        }
    }

    pub fn width(&self) -> f32 {
        match self.shape {
            BoardShape::Grid => self.cols as f32,
            // A hole's centre is `col + 1` half-holes from the left edge.
            BoardShape::Star => (self.cols as f32 + 1.0) / 2.0,
        }
    }

    pub fn height(&self) -> f32 {
        match self.shape {
            BoardShape::Grid => self.rows as f32,
            BoardShape::Star => self.rows as f32 * STAR_ROW,
        }
    }

    pub fn aspect(&self) -> f32 {
        self.width() / self.height()
    }

    /// The box that is a cell's own (tap target, accessibility bounds): neighbouring boxes
    /// touch and never overlap.
    pub fn cell_size(&self) -> (f32, f32) {
        match self.shape {
            BoardShape::Grid => (1.0, 1.0),
            BoardShape::Star => (1.0, STAR_ROW),
        }
    }

    /// How many times larger the board may be drawn to make its cells touch-sized on a phone
    /// ([`STAR_ZOOM`]); 1 for the grids, whose squares already are.
    pub fn zoom(&self) -> f32 {
        match self.shape {
            BoardShape::Grid => 1.0,
            BoardShape::Star => STAR_ZOOM,
        }
    }

    /// The centre of the cell at `row`, `col`.
    pub fn centre(&self, row: u32, col: u32) -> (f32, f32) {
        match self.shape {
            BoardShape::Grid => (col as f32 + 0.5, row as f32 + 0.5),
            BoardShape::Star => ((col as f32 + 1.0) / 2.0, (row as f32 + 0.5) * STAR_ROW),
        }
    }

    /// The cell a tap at (`x`, `y`) hits: the square it falls in, or the nearest hole within
    /// [`STAR_REACH`]; `None` outside the board (or for a point that is not a number).
    pub fn cell_at(&self, cells: &[Cell], x: f32, y: f32) -> Option<u32> {
        if !x.is_finite() || !y.is_finite() {
            return None;
        }
        match self.shape {
            BoardShape::Grid => {
                if x < 0.0 || y < 0.0 || x >= self.width() || y >= self.height() {
                    return None;
                }
                // In range and finite: the casts cannot wrap.
                let (row, col) = (y as u32, x as u32);
                cells
                    .iter()
                    .find(|c| c.row == row && c.col == col)
                    .map(|c| c.index)
            }
            BoardShape::Star => cells
                .iter()
                .map(|c| {
                    let (cx, cy) = self.centre(c.row, c.col);
                    (c.index, (cx - x).powi(2) + (cy - y).powi(2))
                })
                .filter(|&(_, d2)| d2 <= STAR_REACH * STAR_REACH)
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(index, _)| index),
        }
    }
}

/// How a game's cells are laid out.
pub fn shape(game: GameKind) -> BoardShape {
    if game == GameKind::ChineseCheckers {
        BoardShape::Star
    } else {
        BoardShape::Grid
    }
}

impl Game {
    /// The cell of this game's board a tap at (`x`, `y`) in board units hits.
    pub(super) fn cell_at(&self, x: f32, y: f32) -> Option<u32> {
        let s = &self.snapshot;
        Geometry::new(self.setup.game, s.rows, s.cols).cell_at(&s.cells, x, y)
    }
}
