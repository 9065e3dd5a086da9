//! Focus for the multi-player engines: out-of-turn moves for Best-Reply Search and a material
//! evaluation.

use super::Focus;
use crate::game::{Game, Player};
use crate::game::{MultiEvaluator, MultiGame};

impl MultiGame for Focus {
    /// A player who can move: one who controls a stack or holds reserve pieces. One who cannot
    /// is skipped, and may come back when a split uncovers one of his pieces.
    fn is_active(&self, player: Player) -> bool {
        usize::from(player) < Focus::players(self) && self.can_move(player)
    }

    fn with_mover(&self, player: Player) -> Option<Self> {
        Focus::with_mover(self, player)
    }
}

/// What a player can still move with: stacks he controls plus pieces in his reserve (the
/// measure behind the game's end, and the core of the evaluations in the BRS papers). A finished
/// game gives the winner [`StackControl::ceiling`] and the others nothing.
///
/// Max-N's bound: each value is at most the ceiling, and so is the sum, since every stack has one
/// controller and every reserve piece one owner; the ceiling is the same in every position of a
/// game (pieces are only moved between the board, the reserves and the captured piles).
#[derive(Clone, Copy, Debug, Default)]
pub struct StackControl;

impl StackControl {
    /// 52 squares plus every piece in the game (more than any sum of stacks and reserves).
    pub fn ceiling(pos: &Focus) -> i32 {
        let on_board: usize = (0..64).map(|sq| pos.stack(sq).height()).sum();
        let off: usize = (0..4)
            .map(|p| usize::from(pos.reserve(p)) + usize::from(pos.captured(p)))
            .sum();
        (52 + on_board + off) as i32
    }
}

impl MultiEvaluator<Focus> for StackControl {
    fn evaluate(&self, pos: &Focus, values: &mut [i32]) {
        values.fill(0);
        if let Some(o) = pos.outcome() {
            if let Some(slot) = o.winner.and_then(|w| values.get_mut(usize::from(w))) {
                *slot = Self::ceiling(pos);
            }
            return;
        }
        for (p, slot) in values.iter_mut().enumerate().take(pos.players()) {
            let p = p as Player;
            *slot = pos.controlled(p) as i32 + i32::from(pos.reserve(p));
        }
    }

    fn max_sum(&self, pos: &Focus) -> i32 {
        Self::ceiling(pos)
    }
}
