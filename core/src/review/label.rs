//! From values to what a player reads: the expected score of a value, the label of a move, and
//! a player's accuracy.
//!
//! **Expected score** (the mover's chance, 0 to 100, a draw counting half): an exact value is
//! 100 for a win, 50 for a draw, 0 for a loss; a search value `v` is `100 σ(v / 100)`, the scale
//! `ply tune` fits the heuristic on (a weighted sum of 100 is a logit of 1; Othello's default
//! weights were learned that way, the Connect Four and draughts presets follow the same scale by
//! construction, not by fit); a search value that proves a win or loss counts as exact.
//!
//! **Labels** come from the drop in expected score between the best move and the move played,
//! with Lichess's thresholds (the analysis board most players know): below 10 points good,
//! from 10 an inaccuracy, from 20 a mistake, from 30 a blunder; the best move (or one of the
//! same value) is best. So with exact values, turning a win into a draw or a draw into a loss
//! (50 points) is a blunder, and a slower win is good. The thresholds are per game
//! ([`Thresholds::for_game`]); today every game uses Lichess's, since the expected-score scale
//! already absorbs the games' different value units.
//!
//! **Accuracy** per player: Lichess's move accuracy `103.1668 e^(-0.04354 d) - 3.1669` of the
//! drop `d`, clamped to 0..100, averaged over the player's moves that had a choice (a forced
//! move says nothing about the player).

use serde::{Deserialize, Serialize};

/// What a move was, from the loss it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// A game with an exact solver (Connect Four) whose solver did not settle the position or
    /// the position after the move: a search's value is no proof there, so the move gets no
    /// judgement and stays out of the accuracy.
    #[serde(rename = "not proven")]
    NotProven,
}

impl Label {
    pub fn name(self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
            Label::NotProven => "not proven",
        }
    }
}

/// Drops in expected score (points out of 100) from which a move is an inaccuracy, a mistake,
/// a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

impl Thresholds {
    /// Lichess's: 10, 20 and 30 points.
    pub const LICHESS: Thresholds = Thresholds {
        inaccuracy: 10.0,
        mistake: 20.0,
        blunder: 30.0,
    };

    /// The thresholds of a game (by `Game::NAME`).
    pub fn for_game(_game: &str) -> Thresholds {
        Thresholds::LICHESS
    }

    /// The label of a move whose expected score is `drop` below the best's; `is_best` when the
    /// move played is the best one or as good.
    pub fn label(&self, drop: f64, is_best: bool) -> Label {
        if is_best {
            Label::Best
        } else if drop >= self.blunder {
            Label::Blunder
        } else if drop >= self.mistake {
            Label::Mistake
        } else if drop >= self.inaccuracy {
            Label::Inaccuracy
        } else {
            Label::Good
        }
    }
}

/// The mover's expected score (0 to 100) of a value: exact values by their sign, search values
/// on the logistic scale.
pub fn expected_score(value: i32, exact: bool) -> f64 {
    if exact {
        return match value.signum() {
            1 => 100.0,
            0 => 50.0,
            _ => 0.0,
        };
    }
    crate::search::score::expected_percent(value)
}

/// Lichess's accuracy of one move from its drop in expected score.
pub fn move_accuracy(drop: f64) -> f64 {
    (103.1668 * (-0.04354 * drop.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}
