//! Plain minimax in negamax form: every child of every node, no pruning, no table, no ordering.
//! The baseline the papers measure against.

use crate::game::Game;
use crate::search::context::Ctx;
use crate::search::score::INFINITY;

impl<G: Game> Ctx<'_, G> {
    pub(crate) fn minimax(&mut self, pos: &G, depth: u32, ply: u32) -> i32 {
        if let Some(v) = self.settle(pos, depth, ply, (-INFINITY, INFINITY), false) {
            return v;
        }
        let mut moves = self.moves(pos, ply);
        if ply == 0 {
            // Only the previous iteration's root move, so partial iterations can be judged.
            if let Some(first) = self.root_first {
                crate::search::ordering::promote(&mut moves, 0, first);
            }
        }
        let mut best = -INFINITY;
        for &mv in moves.iter() {
            let mut child = *pos;
            child.play(mv);
            let v = -self.minimax(&child, depth - 1, ply + 1);
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.root_result(mv, v);
            }
            if v > best {
                best = v;
                self.pv.update(ply, mv);
            }
        }
        self.put_back(ply, moves);
        best
    }
}
