//! Bit layout of the 7x6 board (John Tromp's Fhourstones layout, as in Pascal Pons' solver).
//!
//! Column `c` owns bits `7c .. 7c+6`: bits `7c .. 7c+5` are its six cells from the bottom up and
//! bit `7c+6` is an always-empty separator. The separator keeps shifted patterns from running
//! from the top of one column into the bottom of the next, so a single shift per direction finds
//! every line without wrap-around.
//!
//! A position is two words: `mask` (every stone) and `current` (the stones of the side to move).
//! Adding a column's bottom bit to `mask` carries up to the column's first empty cell: that is the
//! "height mask" trick that makes a drop one addition.

/// Columns on the board.
pub const WIDTH: usize = 7;
/// Rows on the board.
pub const HEIGHT: usize = 6;
/// Cells on the board (and the longest game).
pub const CELLS: usize = WIDTH * HEIGHT;
/// Bits per column, the separator included.
pub const COLUMN_BITS: usize = HEIGHT + 1;

/// The bottom cell of every column.
pub const BOTTOM: u64 = bottom_mask();
/// Every playable cell (no separators).
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * COLUMN_BITS);
        c += 1;
    }
    m
}

/// The bottom cell of column `col`.
#[inline]
pub const fn bottom_of(col: usize) -> u64 {
    1 << (col * COLUMN_BITS)
}

/// The top cell of column `col`.
#[inline]
pub const fn top_of(col: usize) -> u64 {
    1 << (col * COLUMN_BITS + HEIGHT - 1)
}

/// Every cell of column `col`.
#[inline]
pub const fn column_of(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col * COLUMN_BITS)
}

/// The bit of cell (`col`, `row`), row 0 at the bottom.
#[inline]
pub const fn cell(col: usize, row: usize) -> u64 {
    1 << (col * COLUMN_BITS + row)
}

/// The cells where a stone would land now, one per column that is not full.
#[inline]
pub const fn playable(mask: u64) -> u64 {
    mask.wrapping_add(BOTTOM) & BOARD
}

/// True if `stones` hold four in a row in any direction.
#[inline]
pub const fn has_four(stones: u64) -> bool {
    // Vertical, horizontal, and the two diagonals: shift 1, 7, 8 and 6 bits.
    let mut shift = 0;
    let shifts = [
        1u32,
        COLUMN_BITS as u32,
        COLUMN_BITS as u32 + 1,
        COLUMN_BITS as u32 - 1,
    ];
    while shift < 4 {
        let s = shifts[shift];
        let pairs = stones & (stones >> s);
        if pairs & (pairs >> (2 * s)) != 0 {
            return true;
        }
        shift += 1;
    }
    false
}

/// Every stone of `stones` that is part of four in a row (in any direction): the line a board
/// highlights when the game is won. Empty if there is none.
#[inline]
pub const fn four_cells(stones: u64) -> u64 {
    let shifts = [
        1u32,
        COLUMN_BITS as u32,
        COLUMN_BITS as u32 + 1,
        COLUMN_BITS as u32 - 1,
    ];
    let mut cells = 0;
    let mut i = 0;
    while i < 4 {
        let s = shifts[i];
        // The lowest cell of each four in this direction, then the four cells it starts.
        let starts = stones & (stones >> s) & (stones >> (2 * s)) & (stones >> (3 * s));
        cells |= starts | (starts << s) | (starts << (2 * s)) | (starts << (3 * s));
        i += 1;
    }
    cells
}

/// The empty cells that would complete four in a row for `stones` (ignores whether they can be
/// played now). Separator bits and full cells are removed against `mask`.
#[inline]
pub const fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: three stacked stones, the cell above.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    let shifts = [
        COLUMN_BITS as u32,
        COLUMN_BITS as u32 + 1,
        COLUMN_BITS as u32 - 1,
    ];
    let mut i = 0;
    while i < 3 {
        let s = shifts[i];
        // Two in a row to the left of a gap, then the patterns with the gap inside or at the end.
        let p = (stones << s) & (stones << (2 * s));
        r |= p & (stones << (3 * s));
        r |= p & (stones >> s);
        let p = (stones >> s) & (stones >> (2 * s));
        r |= p & (stones << s);
        r |= p & (stones >> (3 * s));
        i += 1;
    }
    r & (BOARD ^ mask)
}

#[cfg(test)]
mod tests {

    /// Every run of four cells on the 7x6 board, written out square by square.
    fn all_lines() -> Vec<[u64; 4]> {
        let on_board =
            |c: i32, r: i32| (0..WIDTH as i32).contains(&c) && (0..HEIGHT as i32).contains(&r);
        let mut lines = Vec::new();
        for col in 0..WIDTH as i32 {
            for row in 0..HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if !on_board(col + 3 * dc, row + 3 * dr) {
                        continue;
                    }
                    let mut line = [0; 4];
                    for (k, bit) in line.iter_mut().enumerate() {
                        let k = k as i32;
                        *bit = cell((col + k * dc) as usize, (row + k * dr) as usize);
                    }
                    lines.push(line);
                }
            }
        }
        lines
    }

    #[test]
    fn four_cells_are_the_union_of_the_complete_lines() {
        let lines = all_lines();
        assert_eq!(lines.len(), 69, "the 69 lines of Connect Four");
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let stones = seed & BOARD;
            let expected = lines
                .iter()
                .filter(|l| l.iter().all(|&b| stones & b != 0))
                .fold(0, |acc, l| acc | l.iter().fold(0, |a, &b| a | b));
            assert_eq!(four_cells(stones), expected, "{stones:#x}");
            assert_eq!(four_cells(stones) != 0, has_four(stones));
        }
    }

    use super::*;

    #[test]
    fn layout_constants() {
        assert_eq!(BOTTOM.count_ones(), 7);
        assert_eq!(BOARD.count_ones(), 42);
        assert_eq!(BOARD & (BOARD >> 6) & BOTTOM, 0, "separators hold no cell");
        assert_eq!(playable(0), BOTTOM);
        assert_eq!(playable(BOARD), 0);
    }

    #[test]
    fn four_needs_four_in_line() {
        let three = cell(0, 0) | cell(1, 0) | cell(2, 0);
        assert!(!has_four(three));
        assert!(has_four(three | cell(3, 0)));
        assert_eq!(winning_cells(three, three), cell(3, 0));
    }

    #[test]
    fn vertical_does_not_wrap_through_separator() {
        // Top three of column 0 and bottom of column 1 are consecutive bit positions only if
        // the separator is skipped.
        let s = cell(0, 3) | cell(0, 4) | cell(0, 5) | cell(1, 0);
        assert!(!has_four(s));
        assert_eq!(
            winning_cells(cell(0, 3) | cell(0, 4) | cell(0, 5), 0) & BOARD,
            0
        );
    }
}
