//! Fail-soft alpha-beta in negamax form, with optional transposition table, and its PVS variant
//! (see [`crate::search::pvs`]); both share this one body, switched by a const parameter.

use crate::game::Game;
use crate::search::context::Ctx;
use crate::search::score::{INFINITY, from_tt, to_tt};
use crate::search::tt::{Bound, TO_THE_END};

impl<G: Game> Ctx<'_, G> {
    /// Fail-soft negamax alpha-beta (`PVS = false`) or principal variation search (`PVS = true`).
    /// Returns the value if it lies inside `(alpha, beta)`, else a bound on the same side.
    pub(crate) fn negamax<const PVS: bool>(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(v) = self.settle(pos, depth, ply, (alpha, beta), true) {
            return v;
        }

        // One ply above the horizon without quiescence ([`SearchConfig::lean_frontier`]) every
        // child is a static evaluation whatever the window: no null-window probe to repeat and
        // no table to read or fill (a random memory read a leaf's value never needed).
        //
        // [`SearchConfig::lean_frontier`]: crate::search::SearchConfig::lean_frontier
        let lean = depth == 1 && ply > 0 && self.config.lean_frontier && !self.config.quiescence;
        let use_tt = self.use_tt && !lean;
        let alpha_orig = alpha;
        let horizon_before = self.horizon;
        let mut tt_key = None;
        if use_tt {
            self.stats.tt_probes += 1;
            if let Some(entry) = self.tt.probe(pos.hash()) {
                self.stats.tt_hits += 1;
                tt_key = entry.move_key;
                let deep_enough = if self.config.tt_reuse_deeper {
                    entry.depth >= depth
                } else {
                    entry.depth == depth
                };
                // Never at the root: the root must produce a move.
                if deep_enough && ply > 0 {
                    let score = from_tt(entry.score, ply);
                    let cut = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if cut {
                        self.stats.tt_cutoffs += 1;
                        if entry.depth != u32::from(TO_THE_END) {
                            self.horizon += 1;
                        }
                        return score;
                    }
                }
            }
        }

        if let Some(bound) = self.probcut::<PVS>(pos, depth, ply, alpha, beta) {
            return bound;
        }
        if self.aborted {
            return 0;
        }

        let mut moves = self.moves(pos, ply);
        if lean {
            // The children are leaves: each move is found when its turn comes, and a cut-off
            // leaves the rest unsorted.
            self.order_lazily(pos, &mut moves, ply, tt_key);
        } else {
            self.order(pos, &mut moves, ply, tt_key);
        }
        // Never where the order is picked lazily: its keys wait in the orderer (and one ply
        // above the horizon an evaluation sort would not run anyway).
        if self.config.ordering.evaluation && !lean {
            // The move `order` put first stays first: the table's, or at the root the last
            // iteration's best.
            let first = if ply == 0 {
                self.root_first.map(G::move_key)
            } else {
                tt_key
            };
            self.orderer
                .sort_by_evaluation(pos, &mut moves, depth, first, self.eval);
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            if lean {
                self.orderer.pick(&mut moves, i);
            }
            let mv = moves[i];
            let mut child = *pos;
            child.play(mv);
            let lower = alpha.max(best);
            let v = if !PVS || i == 0 || lean {
                -self.negamax::<PVS>(&child, depth - 1, ply + 1, -beta, -lower)
            } else {
                let probe = -self.negamax::<PVS>(&child, depth - 1, ply + 1, -lower - 1, -lower);
                if probe > lower && probe < beta && !self.aborted {
                    self.stats.re_searches += 1;
                    -self.negamax::<PVS>(&child, depth - 1, ply + 1, -beta, -lower)
                } else {
                    probe
                }
            };
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.root_result(mv, v);
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                self.pv.update(ply, mv);
                if v > alpha {
                    alpha = v;
                }
                if v >= beta {
                    self.stats.cutoffs += 1;
                    self.orderer
                        .on_cutoff(pos.side_to_move(), ply as usize, depth, mv);
                    break;
                }
            }
        }
        self.put_back(ply, moves);
        if self.aborted {
            return best;
        }
        if use_tt {
            let bound = if best <= alpha_orig {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            // A subtree searched to the end of every line gives the same answer at any greater
            // depth: store it as unlimited depth (only where deeper entries may answer).
            let stored_depth = if self.config.tt_reuse_deeper && self.horizon == horizon_before {
                u32::from(TO_THE_END)
            } else {
                depth
            };
            let best_key = best_move.map(G::move_key);
            self.tt
                .store(pos.hash(), to_tt(best, ply), stored_depth, bound, best_key);
        }
        best
    }
}
