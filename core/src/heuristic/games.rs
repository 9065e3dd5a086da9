//! The weighted heuristic wired to the three games: [`Factors`] and [`HasHeuristic`] for
//! Othello, Connect Four and draughts.

use super::weights::{FactorInfo, FactorValues, Factors, ResolvedWeights};
use super::{
    HasHeuristic, HeuristicError, Weights, connect4, draughts, othello, preset_evaluator, presets,
    weights_evaluator,
};
use crate::game::{Evaluator, Game, Outcome};
use crate::games::connect4::ConnectFour;
use crate::games::draughts::Draughts;
use crate::games::othello::Othello;
use std::sync::Arc;

impl Factors for Othello {
    const FACTORS: &'static [FactorInfo] = othello::FACTORS;

    fn phase(&self) -> f32 {
        ((64 - self.empty_count()) as f32 - 4.0) / 60.0
    }

    #[inline]
    fn compute_factors(
        &self,
        weights: &ResolvedWeights,
        out: &mut FactorValues,
    ) -> Option<Outcome> {
        if othello::compute_unless_over(self.player(), self.opponent(), weights.enabled(), out) {
            None
        } else {
            self.outcome()
        }
    }

    #[inline]
    fn weighted_sum(&self, weights: &ResolvedWeights) -> Result<f32, Outcome> {
        match othello::weighted_sum(self.player(), self.opponent(), weights) {
            Some(sum) => Ok(sum),
            // Neither side can move, so the game has an outcome; were it missing, this is what
            // the factors' path would give (no factor written, a sum of 0).
            None => self.outcome().map_or(Ok(0.0), Err),
        }
    }
}

impl Factors for ConnectFour {
    const FACTORS: &'static [FactorInfo] = connect4::FACTORS;

    fn phase(&self) -> f32 {
        self.moves_played() as f32 / 42.0
    }

    fn compute_factors(
        &self,
        weights: &ResolvedWeights,
        out: &mut FactorValues,
    ) -> Option<Outcome> {
        if let Some(outcome) = self.outcome() {
            return Some(outcome);
        }
        let first_to_move = self.moves_played().is_multiple_of(2);
        connect4::compute(
            self.current_stones(),
            self.mask(),
            first_to_move,
            weights.enabled(),
            out,
        );
        None
    }
}

impl Factors for Draughts {
    const FACTORS: &'static [FactorInfo] = draughts::FACTORS;

    fn phase(&self) -> f32 {
        draughts::phase((self.black() | self.white()).count_ones())
    }

    fn compute_factors(
        &self,
        weights: &ResolvedWeights,
        out: &mut FactorValues,
    ) -> Option<Outcome> {
        if let Some(outcome) = self.outcome() {
            return Some(outcome);
        }
        let kings = self.kings();
        let black = draughts::Side {
            men: self.black() & !kings,
            kings: self.black() & kings,
            black: true,
        };
        let white = draughts::Side {
            men: self.white() & !kings,
            kings: self.white() & kings,
            black: false,
        };
        let (me, opp) = if self.side_to_move() == 0 {
            (black, white)
        } else {
            (white, black)
        };
        draughts::compute(
            &me,
            &opp,
            weights.param("king_value", 2.0),
            weights.enabled(),
            out,
        );
        None
    }
}

macro_rules! has_heuristic {
    ($game:ty, $list:expr, $names:expr, $factors:expr) => {
        impl HasHeuristic for $game {
            fn heuristic(preset: &str) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError> {
                preset_evaluator::<Self>($list, preset)
            }
            fn heuristic_presets() -> &'static [&'static str] {
                $names
            }
            fn heuristic_weights(preset: &str) -> Result<Weights, HeuristicError> {
                Ok(presets::find($list, preset)?.weights(<$game as Game>::NAME))
            }
            fn heuristic_from_weights(
                weights: &Weights,
            ) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError> {
                weights_evaluator::<Self>(weights)
            }
            fn heuristic_factors() -> &'static [FactorInfo] {
                $factors
            }
        }
    };
}

/// The name under which Othello's learned pattern evaluation is chosen like a preset.
pub const OTHELLO_PATTERN: &str = "pattern";

const OTHELLO_PRESETS: &[&str] = &[
    "default",
    "hand-tuned",
    "paper-2019",
    "combine-2",
    "static-table",
    "static-table-100",
    "coins",
    "corners",
    "mobility",
    "stability",
    OTHELLO_PATTERN,
];

impl HasHeuristic for Othello {
    fn heuristic(preset: &str) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError> {
        if preset == OTHELLO_PATTERN {
            let eval = othello::pattern::PatternEvaluator::builtin()
                .map_err(|e| HeuristicError::BadWeights(format!("the pattern weights: {e}")))?;
            return Ok(Arc::new(eval));
        }
        preset_evaluator::<Self>(presets::OTHELLO, preset)
    }
    fn heuristic_presets() -> &'static [&'static str] {
        OTHELLO_PRESETS
    }
    fn heuristic_weights(preset: &str) -> Result<Weights, HeuristicError> {
        if preset == OTHELLO_PATTERN {
            return Err(HeuristicError::NotWeighted {
                name: preset.to_string(),
            });
        }
        Ok(presets::find(presets::OTHELLO, preset)?.weights(<Othello as Game>::NAME))
    }
    fn heuristic_from_weights(
        weights: &Weights,
    ) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError> {
        weights_evaluator::<Self>(weights)
    }
    fn heuristic_factors() -> &'static [FactorInfo] {
        othello::FACTORS
    }
    fn heuristic_from_file(bytes: &[u8]) -> Result<Arc<dyn Evaluator<Self>>, HeuristicError> {
        let weights = othello::pattern::PatternWeights::from_bytes(bytes)
            .map_err(|e| HeuristicError::BadWeights(format!("the pattern weights: {e}")))?;
        // ProbCut's calibration is the shipped weights' (a retrained file of the same pattern
        // set predicts deep from shallow searches about as well; calibrate with `ply probcut`
        // to know).
        let eval = othello::pattern::PatternEvaluator::new(Arc::new(weights))
            .with_probcut(othello::pattern::probcut::BUILTIN);
        Ok(Arc::new(eval))
    }
}

has_heuristic!(
    ConnectFour,
    presets::CONNECT4,
    &["default", "windows", "threats", "centre"],
    connect4::FACTORS
);
has_heuristic!(
    Draughts,
    presets::DRAUGHTS,
    &["default", "material", "positional"],
    draughts::FACTORS
);
