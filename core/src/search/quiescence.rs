//! Quiescence search: at depth 0, keep searching tactical moves (`Game::is_tactical`, draughts
//! captures) up to `SearchConfig::quiescence_depth` plies, so the evaluation is not taken in the
//! middle of an exchange.
//!
//! If every legal move is tactical (draughts: a capture is compulsory) the side to move has no
//! quiet option, so there is no stand-pat and all moves are searched; otherwise the static
//! evaluation is a lower bound ("stand pat") and only tactical moves are searched. The value is
//! a fixed function of the position, so minimax (no pruning) and alpha-beta (with stand-pat and
//! beta cut-offs) return the same quiescence value.

use crate::game::Game;
use crate::search::context::Ctx;
use crate::search::score::INFINITY;

impl<G: Game> Ctx<'_, G> {
    /// Quiescence value of a non-terminal node that has already been entered.
    pub(crate) fn quiesce(
        &mut self,
        pos: &G,
        ply: u32,
        alpha: i32,
        beta: i32,
        qleft: u32,
        prune: bool,
    ) -> i32 {
        if qleft == 0 {
            return self.evaluate(pos);
        }
        let mut moves = self.moves(pos, ply);
        let tactical = moves.iter().filter(|&&m| pos.is_tactical(m)).count();
        if tactical == 0 {
            self.put_back(ply, moves);
            return self.evaluate(pos);
        }
        let mut best = -INFINITY;
        if tactical < moves.len() {
            best = self.evaluate(pos);
            if prune && best >= beta {
                self.put_back(ply, moves);
                return best;
            }
        }
        if prune {
            self.orderer.order(pos, &mut moves, ply as usize, None);
        }
        for &mv in moves.iter() {
            if !pos.is_tactical(mv) {
                continue;
            }
            let mut child = *pos;
            child.play(mv);
            let window_alpha = if prune { alpha.max(best) } else { -INFINITY };
            let window_beta = if prune { beta } else { INFINITY };
            let v = -self.qnode(
                &child,
                ply + 1,
                -window_beta,
                -window_alpha,
                qleft - 1,
                prune,
            );
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                if prune && best >= beta {
                    self.stats.cutoffs += 1;
                    break;
                }
            }
        }
        self.put_back(ply, moves);
        best
    }

    fn qnode(&mut self, pos: &G, ply: u32, alpha: i32, beta: i32, qleft: u32, prune: bool) -> i32 {
        if !self.enter(ply) {
            return 0;
        }
        self.stats.qnodes += 1;
        self.pv.clear(ply);
        if let Some(outcome) = pos.outcome() {
            return self.terminal(&outcome, pos, ply);
        }
        self.quiesce(pos, ply, alpha, beta, qleft, prune)
    }
}
