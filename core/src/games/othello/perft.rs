//! Othello perft on raw bitboards (convention A: a forced pass is a ply, a finished game is one
//! leaf where it ends), counting the last two plies in bulk: at depth 2 each child contributes
//! the popcount of its move mask (or 1 for its pass or game end).
//!
//! On x86-64 CPUs with POPCNT/LZCNT/BMI (checked at run time) the same code is compiled a second
//! time with those instructions enabled; the portable baseline has no popcount instruction.

use super::Othello;
use super::bitboard::{Squares, flips, legal_moves};

/// Leaf count of `pos` to `depth` plies, convention A.
pub fn perft(pos: &Othello, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
        {
            // SAFETY: the CPU supports every feature `perft_x86` is compiled for.
            return unsafe { perft_x86(pos.player(), pos.opponent(), depth) };
        }
    }
    perft_portable(pos.player(), pos.opponent(), depth)
}

/// The perft recursion; `$name` is the function it recurses into.
macro_rules! perft_body {
    ($name:ident, $p:expr, $o:expr, $depth:expr) => {{
        let (p, o, depth): (u64, u64, u32) = ($p, $o, $depth);
        let moves = legal_moves(p, o);
        if moves == 0 {
            // Pass, or the end of the game: either way one leaf at depth 1.
            if depth == 1 || legal_moves(o, p) == 0 {
                return 1;
            }
            return $name(o, p, depth - 1);
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
                    $name(o ^ f, p | f | (1 << sq), depth - 1)
                })
                .sum(),
        }
    }};
}

fn perft_portable(p: u64, o: u64, depth: u32) -> u64 {
    perft_body!(perft_portable, p, o, depth)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
fn perft_x86(p: u64, o: u64, depth: u32) -> u64 {
    perft_body!(perft_x86, p, o, depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn portable_path_matches_the_published_counts() {
        let start = Othello::start();
        let counts: Vec<u64> = (1..=7)
            .map(|d| perft_portable(start.player(), start.opponent(), d))
            .collect();
        assert_eq!(counts, [4, 12, 56, 244, 1396, 8200, 55092]);
    }
}
