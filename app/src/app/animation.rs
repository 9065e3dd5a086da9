//! The last move's animation: its steps, and the number that tells a shell when a move is new
//! (a shell that redraws, rotates or comes back to the board sees the same number and does not
//! play the animation again).

use super::view::AnimationStep;
use crate::settings::GameKind;
use crate::snapshot::MoveInfo;

/// Which move the shells were last asked to animate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct AnimationMark {
    /// The board view's `animation_seq`: one more for each move to animate.
    pub seq: u64,
    /// The move number of the position `seq` was last settled for (a move animated, or a
    /// position undo reached).
    ply: u32,
}

impl AnimationMark {
    /// A game's first mark at move `ply` (a new game, or one restored): counting on from the
    /// game before, so that a shell never sees a number it animated again.
    pub fn start(previous: Option<AnimationMark>, ply: u32) -> AnimationMark {
        AnimationMark {
            seq: previous.map_or(0, |p| p.seq + 1),
            ply,
        }
    }

    /// The game changed and is now at move `ply`: a move played or redone is animated; undo's
    /// position is not (its last move was played long ago), nor a resignation (no new move).
    pub fn changed(&mut self, ply: u32, undone: bool) {
        if !undone && ply != self.ply {
            self.seq += 1;
        }
        self.ply = ply;
    }
}

/// The last move as animation steps.
pub(super) fn steps(game: GameKind, m: &MoveInfo) -> Vec<AnimationStep> {
    if m.is_pass {
        return Vec::new();
    }
    let mut steps = Vec::new();
    match game {
        GameKind::Othello => {
            if let Some(cell) = m.to {
                steps.push(AnimationStep::Place { cell });
                let mut flips = m.flipped.clone();
                // Nearest first: the wave spreads out from the placed disc.
                let (r, c) = (cell / 8, cell % 8);
                flips.sort_by_key(|f| (f / 8).abs_diff(r).max((f % 8).abs_diff(c)));
                if !flips.is_empty() {
                    steps.push(AnimationStep::Flip { cells: flips });
                }
            }
        }
        GameKind::ConnectFour => {
            if let (Some(column), Some(cell)) = (m.column, m.to) {
                steps.push(AnimationStep::Drop { column, cell });
            }
        }
        GameKind::Virus => {
            if let Some(cell) = m.to {
                steps.push(AnimationStep::Place { cell });
                if !m.flipped.is_empty() {
                    steps.push(AnimationStep::Flip {
                        cells: m.flipped.clone(),
                    });
                }
            }
        }
        GameKind::Focus | GameKind::ChineseCheckers => match (m.from, m.to) {
            (Some(from), Some(to)) => steps.push(AnimationStep::Jump {
                from,
                to,
                captured: None,
            }),
            (None, Some(cell)) => steps.push(AnimationStep::Place { cell }),
            _ => {}
        },
        GameKind::Draughts => {
            for (i, pair) in m.path.windows(2).enumerate() {
                steps.push(AnimationStep::Jump {
                    from: pair[0],
                    to: pair[1],
                    captured: m.captured.get(i).copied(),
                });
            }
            if m.crowned
                && let Some(cell) = m.to
            {
                steps.push(AnimationStep::Crown { cell });
            }
        }
    }
    steps
}
