//! Bitboard layout and diagonal steps for the 32 playable squares.
//!
//! Bit `i` is PDN square `i + 1`. Rows of four squares run from Black's back row (squares 1-4,
//! b8 d8 f8 h8) to White's back row (29-32, a1 c1 e1 g1). On "even" rows (1-4, 9-12, ...) the
//! playable squares sit on the b, d, f, h files; on "odd" rows (5-8, 13-16, ...) on a, c, e, g.
//! So a diagonal step is a shift by 3, 4 or 5 bits depending on the row parity, and a shift
//! never wraps because the masks drop the edge squares first and `u32` shifts drop bits that
//! leave the board at the top or bottom.

/// Squares on rows 1-4, 9-12, 17-20, 25-28 (b/d/f/h files).
pub const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Squares on rows 5-8, 13-16, 21-24, 29-32 (a/c/e/g files).
pub const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The h-file squares (4, 12, 20, 28): no step toward the h side beyond them.
pub const H_FILE: u32 = 0x0808_0808;
/// The a-file squares (5, 13, 21, 29): no step toward the a side beyond them.
pub const A_FILE: u32 = 0x1010_1010;
/// Black men are crowned on 29-32.
pub const BLACK_KING_ROW: u32 = 0xF000_0000;
/// White men are crowned on 1-4.
pub const WHITE_KING_ROW: u32 = 0x0000_000F;
/// Every playable square.
pub const ALL: u32 = u32::MAX;

/// A diagonal direction. "Down" is toward higher square numbers (Black's forward direction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Toward higher numbers and the a file.
    DownA,
    /// Toward higher numbers and the h file.
    DownH,
    /// Toward lower numbers and the a file.
    UpA,
    /// Toward lower numbers and the h file.
    UpH,
}

impl Dir {
    /// Black men's directions.
    pub const DOWN: [Dir; 2] = [Dir::DownA, Dir::DownH];
    /// White men's directions.
    pub const UP: [Dir; 2] = [Dir::UpA, Dir::UpH];
    /// Kings' directions.
    pub const ALL: [Dir; 4] = [Dir::DownA, Dir::DownH, Dir::UpA, Dir::UpH];

    /// The opposite direction.
    #[inline(always)]
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::DownA => Dir::UpH,
            Dir::DownH => Dir::UpA,
            Dir::UpA => Dir::DownH,
            Dir::UpH => Dir::DownA,
        }
    }
}

/// Moves every square in `b` one diagonal step in `dir`; squares that would leave the board vanish.
#[inline(always)]
pub const fn step(dir: Dir, b: u32) -> u32 {
    match dir {
        Dir::DownA => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !A_FILE) << 3),
        Dir::DownH => ((b & EVEN_ROWS & !H_FILE) << 5) | ((b & ODD_ROWS) << 4),
        Dir::UpA => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !A_FILE) >> 5),
        Dir::UpH => ((b & EVEN_ROWS & !H_FILE) >> 3) | ((b & ODD_ROWS) >> 4),
    }
}

/// Bit of PDN square `sq` (1-32).
#[inline(always)]
pub const fn bit(sq: u8) -> u32 {
    1u32 << ((sq - 1) & 31)
}

/// PDN square (1-32) of the lowest set bit of a non-empty board.
#[inline(always)]
pub const fn square(b: u32) -> u8 {
    b.trailing_zeros() as u8 + 1
}

/// Row (0 = Black's back row, squares 1-4) and file (0 = a .. 7 = h) of a PDN square.
pub const fn row_file(sq: u8) -> (u8, u8) {
    let i = (sq - 1) & 31;
    let row = i / 4;
    let pos = i % 4;
    let file = if row & 1 == 0 { pos * 2 + 1 } else { pos * 2 };
    (row, file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps computed from (row, file) geometry, independent of the shift formulas.
    fn geometric_step(dir: Dir, sq: u8) -> Option<u8> {
        let (r, f) = row_file(sq);
        let (dr, df): (i8, i8) = match dir {
            Dir::DownA => (1, -1),
            Dir::DownH => (1, 1),
            Dir::UpA => (-1, -1),
            Dir::UpH => (-1, 1),
        };
        let (nr, nf) = (r as i8 + dr, f as i8 + df);
        if !(0..8).contains(&nr) || !(0..8).contains(&nf) {
            return None;
        }
        (1..=32u8).find(|&s| row_file(s) == (nr as u8, nf as u8))
    }

    #[test]
    fn shifts_match_board_geometry() {
        for sq in 1..=32u8 {
            for dir in Dir::ALL {
                let got = step(dir, bit(sq));
                let want = geometric_step(dir, sq).map_or(0, bit);
                assert_eq!(got, want, "square {sq} dir {dir:?}");
                if got != 0 {
                    assert_eq!(step(dir.reverse(), got), bit(sq));
                }
            }
        }
    }

    #[test]
    fn pdn_neighbours_from_the_spec() {
        // pdn.md: 9 -> 13, 14; 12 -> 16 only; 5 (a7) -> 9 only.
        assert_eq!(
            step(Dir::DownA, bit(9)) | step(Dir::DownH, bit(9)),
            bit(13) | bit(14)
        );
        assert_eq!(
            step(Dir::DownA, bit(12)) | step(Dir::DownH, bit(12)),
            bit(16)
        );
        assert_eq!(step(Dir::DownA, bit(5)) | step(Dir::DownH, bit(5)), bit(9));
        assert_eq!(row_file(1), (0, 1));
        assert_eq!(row_file(29), (7, 0));
    }
}
