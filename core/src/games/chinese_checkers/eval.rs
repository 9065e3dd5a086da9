//! The literature's evaluation: how far each player's pieces still have to go.
//!
//! Sturtevant and the Maastricht papers (Schadd and Winands; Nijssen and Winands) score a
//! player by the distance their pieces still need to reach the target, ignoring the other
//! players. Here: each piece's steps to the target's far tip, summed over the ten pieces
//! ([`ChineseCheckers::distance`]: 140 at the start, 20 with the corner filled), turned into
//! progress `140 - distance` so that values are non-negative and higher is better.

use super::ChineseCheckers;
use super::board::{FILLED_DISTANCE, START_DISTANCE};
use crate::game::MultiEvaluator;
use crate::game::{Game, Player};

/// The most progress one player can show: ten pieces at the smallest distance sum.
pub const MAX_PROGRESS: i32 = (START_DISTANCE - FILLED_DISTANCE) as i32;

/// Progress towards the target for every player. A finished game with a winner gives the
/// winner [`MultiEvaluator::max_sum`] and everyone else 0, so a win is worth more than any
/// progress and a loss less; a drawn end keeps the progress values. Every value is in
/// `0..=max_sum` and they sum to at most `max_sum = 120 * players + 1`, as Max-N's shallow
/// pruning needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct DistanceEval;

impl MultiEvaluator<ChineseCheckers> for DistanceEval {
    fn evaluate(&self, pos: &ChineseCheckers, values: &mut [i32]) {
        let winner = pos.outcome().and_then(|o| o.winner);
        let top = self.max_sum(pos);
        for (p, v) in values.iter_mut().enumerate() {
            let p = p as Player;
            *v = match winner {
                Some(w) if w == p => top,
                Some(_) => 0,
                None if p < pos.players() => (pos.progress(p) as i32).min(MAX_PROGRESS),
                None => 0,
            };
        }
    }

    fn max_sum(&self, pos: &ChineseCheckers) -> i32 {
        MAX_PROGRESS * i32::from(pos.players()) + 1
    }
}
