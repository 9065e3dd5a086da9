//! The screens around the game: the view model, confirmation, after-game, review, history,
//! settings and the work progress.

use super::*;

/// The screen on top.
#[uniffi::remote(Enum)]
pub enum Screen {
    Home,
    Board,
    AfterGame,
    History,
    Settings,
}

/// A tab of a tabbed shell (iOS). Play holds home, the board and after-game.
#[uniffi::remote(Enum)]
pub enum AppTab {
    Play,
    History,
    Settings,
}

/// A question before an action that cannot be taken back ("Resign this game?"): the shell draws
/// it as a dialog over the screen and sends `AcceptConfirmation` or `CancelConfirmation` (a
/// dismissal cancels).
#[uniffi::remote(Record)]
pub struct ConfirmView {
    /// "Resign this game?"
    pub question: String,
    /// What accepting does: "Your opponent wins. The game goes to your history."
    pub detail: String,
    /// The accepting button: "Resign".
    pub confirm: String,
    /// The cancelling button: "Cancel".
    pub cancel: String,
}

/// What a screen's button is (the shells' icons and test tags key on it).
#[uniffi::remote(Enum)]
pub enum ActionKind {
    Pass,
    Pause,
    Resume,
    Hint,
    Undo,
    Redo,
    ZoomIn,
    FitBoard,
    Resign,
    NewGame,
    GameSummary,
    ReviewGame,
    /// The platform's share sheet with the after-game view's `share_text` (no event).
    Share,
    BackToBoard,
    Home,
}

/// How a button stands out among the screen's others.
#[uniffi::remote(Enum)]
pub enum ActionStyle {
    Primary,
    Normal,
    /// It cannot be taken back (the core asks first).
    Destructive,
}

/// A button a screen offers, in the order to draw them.
#[uniffi::remote(Record)]
pub struct ActionView {
    pub kind: ActionKind,
    /// "Undo", in the app's language.
    pub label: String,
    /// Shown but not usable now (drawn dimmed).
    pub enabled: bool,
    pub style: ActionStyle,
    /// What a press sends; `None` for `Share`, which is the platform's own.
    pub event: Option<Event>,
}

/// Everything to draw now: the screen on top and its view model (the others are `None`).
#[uniffi::remote(Record)]
pub struct ViewModel {
    pub screen: Screen,
    /// The tab a tabbed shell shows selected: the one `screen` belongs to (`Event::SelectTab`
    /// when the person picks another).
    pub tab: AppTab,
    /// What a tabbed shell's Play tab shows: `screen` when it is home, the board or after-game,
    /// else the one of them the person left (and that still applies: no board without a game).
    pub play_screen: Screen,
    /// Back on this screen leaves the app (home, no question asked): the shell lets the system
    /// handle it instead of sending [`Event::Back`].
    pub back_leaves_app: bool,
    /// A question waiting for the person's answer, drawn over the screen.
    pub confirmation: Option<ConfirmView>,
    pub home: Option<HomeView>,
    pub board: Option<BoardView>,
    pub after_game: Option<AfterGameView>,
    pub history: Option<HistoryView>,
    pub settings: Option<SettingsView>,
}

/// One bar pair of the after-game chart: the computer's effort on one of its moves.
#[uniffi::remote(Record)]
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
    /// "12. f5: depth 8, 12,345 positions, 120 ms, value 3".
    pub line: String,
}

/// How a chart series is drawn.
#[uniffi::remote(Enum)]
pub enum ChartMark {
    Bars,
    Line,
}

/// One series of the after-game chart: a value per chart point, on its own scale 0 to `max`.
#[uniffi::remote(Record)]
pub struct ChartSeries {
    /// "Positions searched" (the legend).
    pub label: String,
    pub mark: ChartMark,
    pub values: Vec<f64>,
    /// The top of the series' scale (at least 1).
    pub max: f64,
}

#[uniffi::remote(Record)]
pub struct AfterGameView {
    pub title: String,
    pub result: String,
    pub move_count: u32,
    /// "42 moves".
    pub move_count_text: String,
    pub points: Vec<ChartPoint>,
    /// What the chart draws over `points`: positions as bars, time as a line (empty without
    /// computer moves).
    pub chart: Vec<ChartSeries>,
    /// The chart for a screen reader.
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
    /// The game can be reviewed (`Event::ReviewGame`).
    pub can_review: bool,
    /// Why this game has no review, when it has none (a multi-player game).
    pub review_refusal: Option<String>,
    /// The review asked for: running, ready, or failed.
    pub review: Option<ReviewView>,
    /// The buttons under the game, in order: both shells draw these and no other.
    pub actions: Vec<ActionView>,
}

/// How a review judged a move.
#[uniffi::remote(Enum)]
pub enum MoveLabel {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// The only legal move.
    Forced,
    /// A move of the opening book of real games: known theory, never an error, left out of
    /// accuracy.
    Book,
    /// A solved game's move the solver did not settle: no judgement, left out of accuracy.
    NotProven,
}

/// Where a review stands.
#[uniffi::remote(Enum)]
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
#[uniffi::remote(Record)]
pub struct ReviewPlayer {
    pub side: Side,
    pub name: String,
    /// Mean accuracy (0 to 100) over the moves that had a choice.
    pub accuracy: Option<f64>,
    /// "Accuracy 87.5: 2 inaccuracies, 1 mistake, no blunder".
    pub summary: String,
    /// "You: Accuracy 87.5: …".
    pub line: String,
}

/// One move of a review.
#[uniffi::remote(Record)]
pub struct ReviewedMove {
    pub ply: u32,
    pub side: Side,
    pub played: String,
    pub best: String,
    pub label: MoveLabel,
    /// An inaccuracy, a mistake or a blunder: listed in `mistakes` and marked on the graph.
    pub flagged: bool,
    /// The first player's expected score (0 to 100) after the move: the value graph's point.
    pub first_expected: f64,
    /// Exact (solved) rather than estimated by search.
    pub exact: bool,
    /// "12. f5: mistake, best f6".
    pub text: String,
}

/// A move of the review on its board: the played move's cells as `last_move`, the best's as
/// `hint`.
#[uniffi::remote(Record)]
pub struct ReviewStepView {
    pub ply: u32,
    /// The position before the move, drawn like the game's board; it takes no input.
    pub board: BoardView,
    /// "12. f5 was a mistake; f6 was best."
    pub text: String,
    /// What `Event::ReviewStep` takes to step back or on.
    pub previous_ply: Option<u32>,
    pub next_ply: Option<u32>,
}

/// The review of the finished game: value graph, mistakes, and a step through the game.
#[uniffi::remote(Record)]
pub struct ReviewView {
    pub status: ReviewStatus,
    /// "Reviewing… 3 of 40 moves", "The review failed: …"; empty once ready.
    pub status_text: String,
    pub players: Vec<ReviewPlayer>,
    pub moves: Vec<ReviewedMove>,
    pub mistakes: Vec<ReviewedMove>,
    pub step: Option<ReviewStepView>,
    /// How the values were found.
    pub caption: String,
    /// The value graph for a screen reader (empty until ready).
    pub graph_description: String,
}

/// A running review's progress.
#[uniffi::remote(Record)]
pub struct ReviewProgress {
    pub done: u32,
    pub total: u32,
    /// "Reviewing… 3 of 40 moves".
    pub text: String,
}

/// What a progress tick changes (`Effect.RenderProgress`).
#[uniffi::remote(Record)]
pub struct WorkProgress {
    /// The board's thinking line; `None` when nothing is searched for the person to see.
    pub thinking: Option<ThinkingView>,
    /// The review being run, `None` when none runs.
    pub review: Option<ReviewProgress>,
}

/// Where a finished game stands with the collector.
#[uniffi::remote(Enum)]
pub enum SyncState {
    /// Sync is off: kept on this device only.
    Local,
    Waiting,
    Rejected {
        reason: String,
    },
    /// The collector has it (stored, or already there).
    Synced,
}

#[uniffi::remote(Record)]
pub struct HistoryEntry {
    pub id: String,
    pub game: GameKind,
    /// "Othello, against the computer (level 6)".
    pub title: String,
    pub result: String,
    pub ended_at_ms: u64,
    /// "12 Mar 2026, 14:05", in the core's language and the day's time zone.
    pub ended_at: String,
    pub moves: u32,
    pub sync: SyncState,
    /// "Waiting to sync".
    pub sync_label: String,
    /// "12 Mar 2026, 14:05 · 42 moves · Waiting to sync".
    pub detail: String,
    /// The row is tapped to send `Event.ReviewPastGame` with `id`.
    pub can_review: bool,
    /// Why it cannot be reviewed, when it cannot.
    pub review_refusal: Option<String>,
}

/// A game of the history under review (`Event.ReviewPastGame`).
#[uniffi::remote(Record)]
pub struct PastReviewView {
    /// The history entry's id.
    pub id: String,
    pub title: String,
    pub result: String,
    pub review: ReviewView,
}

#[uniffi::remote(Record)]
pub struct HistoryView {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// "3 games waiting; next attempt after a failure at 14:05" or "Sync is off".
    pub sync_status: String,
    pub can_sync_now: bool,
    pub syncing: bool,
    /// The past game under review, drawn instead of the list; `CloseReview` or back returns to
    /// the list.
    pub review: Option<PastReviewView>,
    /// Why the game last asked for was not reviewed.
    pub message: Option<String>,
}

#[uniffi::remote(Record)]
pub struct WeightsView {
    pub game: GameKind,
    pub title: String,
    /// The editor's text: what was typed (`Event.EditWeights`), else the stored custom weights,
    /// else empty. `Event.SetWeights` with it applies it.
    pub json: String,
    pub custom: bool,
    pub error: Option<String>,
}

/// A choice of when the computer thinks on the person's time.
#[uniffi::remote(Record)]
pub struct PonderOption {
    pub mode: PonderMode,
    /// "From level 7 up".
    pub label: String,
    pub selected: bool,
}

#[uniffi::remote(Record)]
pub struct SettingsView {
    pub sync_enabled: bool,
    /// As typed (`Event.SetServerUrl` with every edit).
    pub server_url: String,
    pub server_url_error: Option<String>,
    /// Sync is on and its last run left records waiting: why, in the person's language.
    pub sync_problem: Option<String>,
    pub sync_on_metered: bool,
    pub ponder: PonderMode,
    /// Every ponder mode, `ponder` selected (`Event.SetPonder`).
    pub ponder_options: Vec<PonderOption>,
    pub haptics: bool,
    pub weights: Vec<WeightsView>,
    /// The device's search caps.
    pub limits: EngineLimits,
    /// "Searches use at most a 64 MiB table; depth 9 in Othello, ...".
    pub memory: String,
}
