//! Pearl's SCOUT (1980), exactly as published, in negamax form.
//!
//! ```text
//! EVAL(n):   if n is a leaf: return f(n)
//!            v := -EVAL(first child)
//!            for each later child c:
//!                if TEST(c, -v, <):  v := -EVAL(c)     -- c is better: evaluate it exactly
//!            return v
//! TEST(n, v, >): is value(n) > v ?   leaf: f(n) > v
//!            true as soon as some child c has TEST(c, -v, <)
//! TEST(n, v, <): is value(n) < v ?   leaf: f(n) < v
//!            false as soon as some child c fails TEST(c, -v, >)
//! ```
//!
//! (In Pearl's MAX/MIN form, a MAX node's TEST(>) succeeds when one child's TEST(>) succeeds, a
//! MIN node's fails when one child's fails; negating values turns `>` into `<` one level down.)
//! There is no window and no table: the node counts are those the Othello and Connect Four papers
//! report. Every node entered by TEST counts in `test_calls`, every EVAL of a child after a
//! successful TEST in `re_searches`, and an early TEST answer is a cut-off (it feeds the move
//! ordering, like a beta cut-off in alpha-beta).

use crate::game::Game;
use crate::search::context::Ctx;
use crate::search::score::INFINITY;

/// Which comparison a TEST asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Test {
    Greater,
    Less,
}

impl Test {
    fn flip(self) -> Test {
        match self {
            Test::Greater => Test::Less,
            Test::Less => Test::Greater,
        }
    }

    fn holds(self, value: i32, v: i32) -> bool {
        match self {
            Test::Greater => value > v,
            Test::Less => value < v,
        }
    }
}

impl<G: Game> Ctx<'_, G> {
    pub(crate) fn scout_eval(&mut self, pos: &G, depth: u32, ply: u32) -> i32 {
        if let Some(v) = self.settle(pos, depth, ply, (-INFINITY, INFINITY), true) {
            return v;
        }
        let mut moves = self.moves(pos, ply);
        self.order(pos, &mut moves, ply, None);
        let mut v = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = *pos;
            child.play(mv);
            if i == 0 {
                v = -self.scout_eval(&child, depth - 1, ply + 1);
                if self.aborted {
                    break;
                }
                self.pv.update(ply, mv);
                if ply == 0 {
                    self.root_result(mv, v);
                }
                continue;
            }
            let better = self.scout_test(&child, depth - 1, ply + 1, -v, Test::Less);
            if self.aborted {
                break;
            }
            if better {
                self.stats.re_searches += 1;
                let exact = -self.scout_eval(&child, depth - 1, ply + 1);
                if self.aborted {
                    break;
                }
                v = exact;
                self.pv.update(ply, mv);
                if ply == 0 {
                    self.root_result(mv, v);
                }
            }
        }
        self.put_back(ply, moves);
        v
    }

    fn scout_test(&mut self, pos: &G, depth: u32, ply: u32, v: i32, test: Test) -> bool {
        if !self.enter(ply) {
            return false;
        }
        self.stats.test_calls += 1;
        if let Some(outcome) = pos.outcome() {
            let value = self.terminal(&outcome, pos, ply);
            return test.holds(value, v);
        }
        if depth == 0 {
            // A window around v is all a comparison needs (quiescence prunes with it).
            let value = self.leaf(pos, ply, v - 1, v + 1, true);
            return test.holds(value, v);
        }
        let mut moves = self.moves(pos, ply);
        self.order(pos, &mut moves, ply, None);
        // Greater: succeed at the first child proving it; Less: fail at the first child refuting it.
        let answer_on_cut = test == Test::Greater;
        let mut answer = !answer_on_cut;
        for &mv in moves.iter() {
            let mut child = *pos;
            child.play(mv);
            let child_holds = self.scout_test(&child, depth - 1, ply + 1, -v, test.flip());
            if self.aborted {
                break;
            }
            if child_holds == answer_on_cut {
                self.stats.cutoffs += 1;
                self.orderer
                    .on_cutoff(pos.side_to_move(), ply as usize, depth, mv);
                answer = answer_on_cut;
                break;
            }
        }
        self.put_back(ply, moves);
        answer
    }
}
