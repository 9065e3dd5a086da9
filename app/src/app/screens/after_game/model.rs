//! The after-game screen's view model: what the shells draw.

use crate::app::screens::review::model::ReviewView;
use crate::app::view::ActionView;

/// One bar pair of the after-game chart: the computer's effort on one of its moves.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ChartPoint {
    pub ply: u32,
    /// "12. f5" or "12… d6".
    pub label: String,
    pub nodes: u64,
    pub time_ms: f64,
    /// The depth the search completed (plies).
    pub depth: u32,
    /// The search's value of the move for the side that played it (positive: it thought it
    /// was ahead), in the game's evaluation units.
    pub score: i32,
    /// "depth 8, 12,345 positions, 120 ms", in the app's language.
    pub text: String,
    /// The point as one line of the chart's list: "12. f5: depth 8, 12,345 positions, 120 ms,
    /// value 3".
    pub line: String,
}

/// How a chart series is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ChartMark {
    /// A bar per point.
    Bars,
    /// A line through the points.
    Line,
}

/// One series of the after-game chart: a value per chart point (`AfterGameView::points`, in
/// order), each series on its own scale from 0 to `max`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ChartSeries {
    /// "Positions searched", in the app's language (the chart's legend).
    pub label: String,
    pub mark: ChartMark,
    pub values: Vec<f64>,
    /// The top of the series' scale (at least 1).
    pub max: f64,
}

#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct AfterGameView {
    pub title: String,
    pub result: String,
    pub move_count: u32,
    /// "42 moves".
    pub move_count_text: String,
    pub points: Vec<ChartPoint>,
    /// What the chart draws over `points`: the positions searched as bars and the time as a
    /// line (empty when the computer made no move).
    pub chart: Vec<ChartSeries>,
    /// The chart for a screen reader: "18 computer moves, 123,456 positions and 4,321 ms in
    /// all, at most 23,456 positions on one move".
    pub chart_description: String,
    /// The chart's scales (at least 1).
    pub max_nodes: u64,
    pub max_time_ms: f64,
    pub total_nodes: u64,
    pub total_time_ms: f64,
    /// "123,456 positions in 4,321 ms", in the app's language.
    pub total_text: String,
    /// The game in its standard notation.
    pub transcript: String,
    /// Text for the platform's share sheet.
    pub share_text: String,
    /// The game can be reviewed (`AfterGameEvent::ReviewGame`): a two-player game with moves, not
    /// being reviewed already.
    pub can_review: bool,
    /// Why this game has no review, when it has none (a multi-player game): "No review: ...".
    pub review_refusal: Option<String>,
    /// The review asked for: running, ready, or failed.
    pub review: Option<ReviewView>,
    /// The buttons under the game, in order: both shells draw these and no other.
    pub actions: Vec<ActionView>,
}
