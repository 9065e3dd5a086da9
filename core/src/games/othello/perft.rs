//! Othello perft on raw bitboards (convention A: a forced pass is a ply, a finished game is one
//! leaf where it ends), counting the last two plies in bulk: at depth 2 each child contributes
//! the popcount of its move mask (or 1 for its pass or game end).

use super::Othello;
use super::bitboard::{Squares, flips, legal_moves};

/// Leaf count of `pos` to `depth` plies, convention A.
pub fn perft(pos: &Othello, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_bits(pos.player(), pos.opponent(), depth)
}

fn perft_bits(p: u64, o: u64, depth: u32) -> u64 {
    let moves = legal_moves(p, o);
    if moves == 0 {
        // Pass, or the end of the game: either way one leaf at depth 1.
        if depth == 1 || legal_moves(o, p) == 0 {
            return 1;
        }
        return perft_bits(o, p, depth - 1);
    }
    match depth {
        1 => moves.count_ones() as u64,
        2 => Squares(moves)
            .map(|sq| {
                let f = flips(sq, p, o);
                let child_moves = legal_moves(o ^ f, p | f | (1 << sq));
                // A child with no move passes or ends: still one leaf.
                child_moves.count_ones().max(1) as u64
            })
            .sum(),
        _ => Squares(moves)
            .map(|sq| {
                let f = flips(sq, p, o);
                perft_bits(o ^ f, p | f | (1 << sq), depth - 1)
            })
            .sum(),
    }
}
