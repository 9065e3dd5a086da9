//! Draughts-specific perft: the same counts as the generic one (convention A: a finished game
//! is one leaf where it ends), without asking for the outcome separately at every node, and
//! with the side to move fixed at compile time down the tree.

use super::{Draughts, Move};
use crate::game::Game;

/// Leaf count to `depth` plies.
pub(crate) fn perft(pos: &Draughts, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(32)).collect();
    if pos.side == 0 {
        walk::<false>(pos, depth, &mut buffers)
    } else {
        walk::<true>(pos, depth, &mut buffers)
    }
}

fn walk<const WHITE: bool>(pos: &Draughts, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 || pos.move_limit_reached() {
        return 1;
    }
    if depth == 1 {
        // No legal move means the game ended here: one leaf.
        return pos.count_moves_for::<WHITE>().max(1);
    }
    let Some((buf, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    buf.clear();
    pos.legal_moves_for::<WHITE>(buf);
    if buf.is_empty() {
        return 1;
    }
    let mut total = 0;
    for &mv in buf.iter() {
        let mut child = *pos;
        child.play(mv);
        total += if WHITE {
            walk::<false>(&child, depth - 1, rest)
        } else {
            walk::<true>(&child, depth - 1, rest)
        };
    }
    total
}
