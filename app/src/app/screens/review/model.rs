//! The review's view model (drawn on after-game and on history): what the shells draw.

use crate::app::screens::board::model::BoardView;
use crate::snapshot::Side;

/// How a review judged a move (Lichess's labels; see `ply_core::review::label`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum MoveLabel {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// The only legal move: it says nothing about the player.
    Forced,
    /// A move of the opening book of real games: known theory, never an error, left out of
    /// accuracy.
    Book,
    /// A solved game's move (Connect Four) the solver did not settle: no judgement, left out
    /// of accuracy.
    NotProven,
}

/// Where a review stands.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ReviewStatus {
    /// `done` of `total` moves judged so far.
    Running {
        done: u32,
        total: u32,
    },
    Ready,
    Failed {
        message: String,
    },
}

/// One side's summary in a review.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewPlayer {
    pub side: Side,
    /// "You", "The computer (White)", "Black (X)".
    pub name: String,
    /// Mean accuracy (0 to 100) over the moves that had a choice.
    pub accuracy: Option<f64>,
    /// "Accuracy 87.5: 2 inaccuracies, 1 mistake, no blunder".
    pub summary: String,
    /// "You: Accuracy 87.5: 2 inaccuracies, 1 mistake, no blunder".
    pub line: String,
}

/// One move of a review.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewedMove {
    /// 1-based.
    pub ply: u32,
    pub side: Side,
    pub played: String,
    /// The best move found (the played one when it was best).
    pub best: String,
    pub label: MoveLabel,
    /// An inaccuracy, a mistake or a blunder: listed in `mistakes` and marked on the graph.
    pub flagged: bool,
    /// The first player's expected score (0 to 100) after the move: the value graph's point.
    pub first_expected: f64,
    /// The values are exact (a solver's) rather than a search's estimate.
    pub exact: bool,
    /// "12. f5: mistake, best f6".
    pub text: String,
}

/// A move of the review on its board: the position before it, drawn as the game's board is (a
/// board view that takes no input), with the played move's cells marked as `last_move` and the
/// best move's as `hint`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewStepView {
    pub ply: u32,
    pub board: BoardView,
    /// "12. f5 was a mistake; f6 was best."
    pub text: String,
    /// What `ReviewEvent::Step` takes to step back or on (`None` at either end).
    pub previous_ply: Option<u32>,
    pub next_ply: Option<u32>,
}

/// The review of the finished game: a value graph over the moves, the mistakes, and a step
/// through the game showing the played move beside the best one.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewView {
    pub status: ReviewStatus,
    /// The status in words: "Reviewing… 3 of 40 moves", "The review failed: …"; empty once
    /// ready.
    pub status_text: String,
    pub players: Vec<ReviewPlayer>,
    /// Every move, in order (the graph's points).
    pub moves: Vec<ReviewedMove>,
    /// The inaccuracies, mistakes and blunders, in order.
    pub mistakes: Vec<ReviewedMove>,
    /// The move shown on its board (`ReviewEvent::Step`); the first mistake, else the first
    /// move, until the person picks one.
    pub step: Option<ReviewStepView>,
    /// How the values were found: "Exact values from the solver where marked; other values
    /// from a depth-8 search."
    pub caption: String,
    /// The value graph for a screen reader (empty until ready).
    pub graph_description: String,
}

/// A running review's progress.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewProgress {
    pub done: u32,
    pub total: u32,
    /// "Reviewing… 3 of 40 moves".
    pub text: String,
}
