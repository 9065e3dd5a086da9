//! The move sequence kept inside a `Copy` position, so it can be written back in the standard
//! notation (the column digits from the empty board).
//!
//! Up to 42 columns (0..=6), three bits each, packed into 126 bits of a `u128`. The length is not
//! stored: it is the number of stones on the board, which the position already knows.

/// Longest history: one move per cell.
pub const CAPACITY: usize = super::bitboard::CELLS;

/// `packed` with column `col` recorded as move number `index` (0-based).
#[inline]
pub const fn with_move(packed: u128, index: usize, col: u8) -> u128 {
    if index < CAPACITY {
        packed | (((col & 7) as u128) << (3 * index as u32))
    } else {
        packed
    }
}

/// The column of move number `index` (0-based); meaningful only below the number of moves played.
#[inline]
pub const fn move_at(packed: u128, index: usize) -> u8 {
    if index < CAPACITY {
        ((packed >> (3 * index as u32)) & 7) as u8
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_a_full_game() {
        let cols: Vec<u8> = (0..42).map(|i| (i * 5 % 7) as u8).collect();
        let mut packed = 0;
        for (i, &c) in cols.iter().enumerate() {
            packed = with_move(packed, i, c);
        }
        let back: Vec<u8> = (0..42).map(|i| move_at(packed, i)).collect();
        assert_eq!(back, cols);
        assert_eq!(
            with_move(packed, 42, 6),
            packed,
            "a 43rd move cannot exist and is not stored"
        );
    }
}
