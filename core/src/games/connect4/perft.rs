//! Perft straight on the bitboards (same counts as the generic perft, convention A: a game that
//! ends is one leaf where it ends), with bulk counting at the last ply.

use super::bitboard::{BOARD, playable, winning_cells};

/// Leaves below a position that is not over, `depth >= 1` plies deep.
pub fn perft_live(current: u64, mask: u64, depth: u32) -> u64 {
    let mut moves = playable(mask);
    if depth <= 1 {
        return moves.count_ones() as u64;
    }
    let wins = winning_cells(current, mask) & moves;
    let mut total = 0;
    while moves != 0 {
        let bit = moves & moves.wrapping_neg();
        moves ^= bit;
        let next_mask = mask | bit;
        if bit & wins != 0 || next_mask == BOARD {
            // Four in a row or the last cell: the game ends here.
            total += 1;
        } else {
            total += perft_live(current ^ mask, next_mask, depth - 1);
        }
    }
    total
}
