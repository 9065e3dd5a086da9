//! Virus Game factors for the multi-player weighted heuristic.

use super::multi::MultiFactors;
use super::presets;
use super::weights::{FactorInfo, FactorValues};
use crate::game::Player;
use crate::games::virus::Virus;

impl MultiFactors for Virus {
    const FACTORS: &'static [FactorInfo] = &[
        FactorInfo {
            name: "squares",
            doc: "squares the player holds",
        },
        FactorInfo {
            name: "frontier",
            doc: "empty squares next to the player's, which the player can infect",
        },
    ];
    const PRESETS: &'static [presets::Preset] = presets::VIRUS;

    fn player_factors(&self, player: Player, out: &mut FactorValues) {
        let owned = self.owned(player);
        let occupied = (0..self.players()).fold(0u64, |a, p| a | self.owned(p));
        out[0] = owned.count_ones() as f32;
        out[1] = (self.neighbours(owned) & !occupied).count_ones() as f32;
    }

    fn factor_bounds(&self, out: &mut FactorValues) {
        let cells = f32::from(self.size()) * f32::from(self.size());
        out[0] = cells;
        out[1] = cells;
    }
}
