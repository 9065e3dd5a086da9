//! Chinese Checkers factors for the multi-player weighted heuristic.

use super::multi::MultiFactors;
use super::presets;
use super::weights::{FactorInfo, FactorValues};
use crate::game::Player;
use crate::games::chinese_checkers::board::BOARD;
use crate::games::chinese_checkers::eval::MAX_PROGRESS;
use crate::games::chinese_checkers::{ChineseCheckers, PIECES, target_corner};

/// Steps from the far tip of one corner to the far tip of the opposite one.
const TIP_TO_TIP: u8 = 16;

impl MultiFactors for ChineseCheckers {
    const FACTORS: &'static [FactorInfo] = &[
        FactorInfo {
            name: "progress",
            doc: "steps the player's pieces have made towards the target's tip, summed (140 minus the distance still to go)",
        },
        FactorInfo {
            name: "home",
            doc: "the player's pieces in the target corner",
        },
        FactorInfo {
            name: "hindmost",
            doc: "steps the player's hindmost piece has made towards the target's tip",
        },
    ];
    const PRESETS: &'static [presets::Preset] = presets::CHINESE_CHECKERS;

    fn player_factors(&self, player: Player, out: &mut FactorValues) {
        out[0] = self.progress(player).min(MAX_PROGRESS as u32) as f32;
        out[1] = (self.pieces(player) & self.target(player)).count_ones() as f32;
        let far = target_corner(self.players(), player).map_or(0, |k| {
            let d = &BOARD.tip_distance[k];
            let mut rest = self.pieces(player);
            let mut far = 0;
            while rest != 0 {
                far = far.max(d[rest.trailing_zeros() as usize]);
                rest &= rest - 1;
            }
            far
        });
        out[2] = f32::from(TIP_TO_TIP.saturating_sub(far));
    }

    fn factor_bounds(&self, out: &mut FactorValues) {
        out[0] = MAX_PROGRESS as f32;
        out[1] = PIECES as f32;
        out[2] = f32::from(TIP_TO_TIP);
    }
}
