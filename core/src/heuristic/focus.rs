//! Focus factors for the multi-player weighted heuristic.

use super::multi::MultiFactors;
use super::presets;
use super::weights::{FactorInfo, FactorValues};
use crate::game::Player;
use crate::games::focus::Focus;

/// Playable squares of the Focus board.
const SQUARES: f32 = 52.0;

impl MultiFactors for Focus {
    const FACTORS: &'static [FactorInfo] = &[
        FactorInfo {
            name: "stacks",
            doc: "stacks the player controls (their piece on top)",
        },
        FactorInfo {
            name: "reserve",
            doc: "the player's pieces in reserve, to be placed",
        },
        FactorInfo {
            name: "captured",
            doc: "opponents' pieces the player has captured",
        },
        FactorInfo {
            name: "pieces",
            doc: "the player's pieces on the board, at any height",
        },
    ];
    const PRESETS: &'static [presets::Preset] = presets::FOCUS;

    fn player_factors(&self, player: Player, out: &mut FactorValues) {
        let mut controlled = 0usize;
        let mut pieces = 0usize;
        for sq in 0..64 {
            let stack = self.stack(sq);
            controlled += usize::from(stack.top() == Some(player));
            let (cells, height) = stack.pieces();
            pieces += cells[..height].iter().filter(|&&p| p == player).count();
        }
        out[0] = controlled as f32;
        out[1] = f32::from(self.reserve(player));
        out[2] = f32::from(self.captured(player));
        out[3] = pieces as f32;
    }

    /// Pieces only move between the board, the reserves and the captured piles, so their total
    /// bounds every count.
    fn factor_bounds(&self, out: &mut FactorValues) {
        let on_board: usize = (0..64).map(|sq| self.stack(sq).height()).sum();
        let off: usize = (0..4)
            .map(|p| usize::from(self.reserve(p)) + usize::from(self.captured(p)))
            .sum();
        let total = (on_board + off) as f32;
        out[0] = SQUARES;
        out[1] = total;
        out[2] = total;
        out[3] = total;
    }
}
