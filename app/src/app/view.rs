//! The view models: everything a shell draws, decided here so that it decides nothing.

use super::event::Event;
use super::prefs::PonderMode;
use super::setup::{AlgorithmChoice, OrderingChoice, PlayMode};
use crate::board::Piece;
use crate::limits::EngineLimits;
use crate::rules_variant::RulesVariant;
use crate::settings::GameKind;
use crate::snapshot::Side;

/// The screen on top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Screen {
    Home,
    Board,
    AfterGame,
    History,
    Settings,
}

/// A tab of a tabbed shell (iOS). Play holds home, the board and after-game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum AppTab {
    Play,
    History,
    Settings,
}

/// A question before an action that cannot be taken back ("Resign this game?"): the shell draws
/// it as a dialog over the screen and sends `ConfirmationEvent::Accept` or `Cancel` (a
/// dismissal cancels).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
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

/// What a screen's button is: the shells key their icons and test tags on it, and draw the
/// label as the core writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ActionKind {
    /// Othello: the person to move has no move.
    Pass,
    /// Computer against computer: stop after this move.
    Pause,
    Resume,
    Hint,
    Undo,
    Redo,
    /// Draw the board larger, scrolling (the star's holes are small on a phone).
    ZoomIn,
    /// Back to the whole board in the window.
    FitBoard,
    Resign,
    NewGame,
    /// The finished game's summary (after-game).
    GameSummary,
    ReviewGame,
    /// The platform's share sheet with the after-game view's `share_text` (no event).
    Share,
    BackToBoard,
    Home,
}

/// How a button stands out among the screen's others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ActionStyle {
    /// The screen's main way on (filled).
    Primary,
    Normal,
    /// It cannot be taken back (the core asks first).
    Destructive,
}

/// A button a screen offers, in the order to draw them: both shells show the same list.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ActionView {
    pub kind: ActionKind,
    /// "Undo", in the app's language.
    pub label: String,
    /// Shown but not usable now (drawn dimmed).
    pub enabled: bool,
    pub style: ActionStyle,
    /// What a press sends; `None` for [`ActionKind::Share`], which is the platform's own.
    pub event: Option<Event>,
}

/// Everything to draw now: the screen and its view model, and what surrounds it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ViewModel {
    /// The screen to draw, with its view model: the one source of which screen is drawn.
    pub screen: ScreenView,
    /// The tab a tabbed shell shows selected: the one `screen` belongs to
    /// (`NavigationEvent::SelectTab` when the person picks another).
    pub tab: AppTab,
    /// What a tabbed shell's Play tab shows: `screen` when it is home, the board or after-game,
    /// else the one of them the person left (and that still applies: no board without a game).
    pub play_screen: Screen,
    /// Back on this screen leaves the app (home, no question asked): the shell lets the system
    /// handle it instead of sending [`crate::NavigationEvent::Back`].
    pub back_leaves_app: bool,
    /// A question waiting for the person's answer, drawn over the screen.
    pub confirmation: Option<ConfirmView>,
}

/// The screen to draw and its view model, one variant per [`Screen`]: a screen cannot come
/// without its model, nor with another's. The board and after-game exist only with a game in
/// progress (`App::view` draws home otherwise).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ScreenView {
    Home { home: HomeView },
    Board { board: BoardView },
    AfterGame { after_game: AfterGameView },
    History { history: HistoryView },
    Settings { settings: SettingsView },
}

impl ScreenView {
    /// Which screen this is.
    pub fn screen(&self) -> Screen {
        match self {
            ScreenView::Home { .. } => Screen::Home,
            ScreenView::Board { .. } => Screen::Board,
            ScreenView::AfterGame { .. } => Screen::AfterGame,
            ScreenView::History { .. } => Screen::History,
            ScreenView::Settings { .. } => Screen::Settings,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameOption {
    pub game: GameKind,
    pub label: String,
    pub selected: bool,
}

/// A rules variant the chosen game takes ("Captures compulsory", "Captures optional").
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RulesOption {
    pub rules: RulesVariant,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ModeOption {
    pub mode: PlayMode,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SideOption {
    pub side: Side,
    /// "Black (moves first)".
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct AlgorithmOption {
    pub choice: AlgorithmChoice,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OrderingOption {
    pub choice: OrderingChoice,
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HeuristicOption {
    /// The preset's name; `None` for the custom weights from the settings.
    pub preset: Option<String>,
    pub label: String,
    pub selected: bool,
}

/// A level the computer plays at (1, the weakest, to 10).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LevelOption {
    pub level: u8,
    /// "Level 6".
    pub label: String,
    pub selected: bool,
}

/// A player count a multi-player game offers.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlayerCountOption {
    pub count: u32,
    /// "3 players", in the app's language.
    pub label: String,
    pub selected: bool,
}

/// One seat of the next multi-player game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SeatOption {
    /// Turn order, 0-based (drawn in `BoardView.seats[seat]`, the core's style of the seat).
    pub seat: u32,
    /// "Red".
    pub name: String,
    pub human: bool,
    /// The computer's level at this seat.
    pub level: u8,
    /// The levels the computer at this seat can play at, this seat's selected
    /// (`HomeEvent::ChooseSeatLevel`).
    pub levels: Vec<LevelOption>,
    /// "Red: a person" / "Blue: the computer, level 6".
    pub label: String,
}

/// The home screen: the next game's choices, each with its valid values and the selection.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HomeView {
    pub games: Vec<GameOption>,
    /// The rules the chosen game can be played under (`HomeEvent::ChooseRules`); empty for a game
    /// with one set of rules (draughts has two: captures compulsory or optional).
    pub variants: Vec<RulesOption>,
    pub modes: Vec<ModeOption>,
    /// The side the person plays; empty unless the mode is against the computer.
    pub sides: Vec<SideOption>,
    /// A multi-player game: how many play (`HomeEvent::ChoosePlayers`); empty for the two-player
    /// games, which offer `modes` instead (and the multi-player games none).
    pub player_counts: Vec<PlayerCountOption>,
    /// A multi-player game: who sits where (`HomeEvent::ChooseSeat`, `HomeEvent::ChooseSeatLevel`).
    pub seats: Vec<SeatOption>,
    /// The selected option of each list, as a value (a picker's selection): `games`' game,
    /// `variants`' rules, `modes`' mode, `sides`' side, `player_counts`' count (0 for the
    /// two-player games),
    /// `algorithms`', `orderings`' choice and `heuristics`' preset (`None`: the custom weights).
    pub game: GameKind,
    pub rules: RulesVariant,
    pub mode: PlayMode,
    pub side: Side,
    pub players: u32,
    pub algorithm: AlgorithmChoice,
    pub ordering: OrderingChoice,
    pub heuristic: Option<String>,
    pub level: u8,
    /// Every level, `level` selected (`HomeEvent::ChooseLevel`): a picker draws these, a slider
    /// `min_level` to `max_level`.
    pub levels: Vec<LevelOption>,
    /// The level control is shown (with `level_title` over it). Always true today: the level
    /// sets the computer's strength and the hints' in every mode, people against each other
    /// included; the field lets a future mode without hints hide it with no shell change.
    pub level_shown: bool,
    /// "The computer's level" or, with no computer player, "The hints' level".
    pub level_title: String,
    pub min_level: u8,
    pub max_level: u8,
    /// The computer's engine at these choices ("PVS, 6 plies, up to 3.6 s, 32 MiB table, ...").
    pub engine: String,
    /// The engine choices apply (there is a computer player).
    pub engine_choices: bool,
    pub algorithms: Vec<AlgorithmOption>,
    pub orderings: Vec<OrderingOption>,
    pub heuristics: Vec<HeuristicOption>,
    /// The position the next game starts from, in the game's notation (`None`: the standard
    /// start).
    pub start_position: Option<String>,
    /// The start position field's text: what was typed (`HomeEvent::EditStartPosition`), else the
    /// chosen position, else empty. `HomeEvent::ChooseStartPosition` with it applies it, and so
    /// does
    /// `HomeEvent::NewGame`.
    pub start_position_text: String,
    /// The start position text last refused and why ("not a position: ...").
    pub start_position_error: Option<String>,
    /// A game is in progress: offer to go back to it.
    pub can_resume: bool,
    /// "Resume Othello (move 12)".
    pub resume_label: String,
}

/// A step of the last move's animation, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum AnimationStep {
    /// A disc appears on the cell (Othello).
    Place { cell: u32 },
    /// These discs turn over, nearest first (Othello).
    Flip { cells: Vec<u32> },
    /// A stone falls down `column` from above the board to `cell` (Connect Four).
    Drop { column: u32, cell: u32 },
    /// A piece moves from `from` to `to`, jumping over `captured` if set (draughts).
    Jump {
        from: u32,
        to: u32,
        captured: Option<u32>,
    },
    /// A man becomes a king (draughts).
    Crown { cell: u32 },
}

/// One cell as drawn.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct CellView {
    pub index: u32,
    pub row: u32,
    pub col: u32,
    /// The cell's centre in board units (the board's `width` by `height`, y down): one unit is a
    /// grid's square, or the distance between two neighbouring holes of the star.
    pub x: f32,
    pub y: f32,
    pub piece: Piece,
    /// False for a draughts board's light squares (accessibility skips them).
    pub playable: bool,
    /// A tap here plays or starts a legal move.
    pub legal: bool,
    /// The hint's move lands or starts here.
    pub hint: bool,
    /// The last move started, passed or landed here.
    pub last_move: bool,
    /// The selected draughts piece (Chinese Checkers marble, Focus stack).
    pub selected: bool,
    /// Part of the line that won the game (Connect Four's four in a row): drawn marked.
    pub winning: bool,
    /// The player whose piece stands here, by turn order (a stack's top in Focus); the shells
    /// draw a multi-player game's seat `i` with `seats[i]` (its colour and symbol).
    pub seat: Option<u32>,
    /// Focus: the stack's pieces by seat, bottom first.
    pub stack: Vec<u32>,
    /// What the cell held before the last move where that move turned or took its piece
    /// (Othello's flipped discs, draughts' captured pieces): what the move's animation shows
    /// before it turns over or fades out. Elsewhere `piece`.
    pub previous_piece: Piece,
    /// Accessibility reads this cell as a button that taps it (`BoardEvent::TapCell`): every
    /// playable cell of the game's board, legal or not (a tap the game refuses is answered with
    /// the reason), never a review board's, which takes no input. Cells that are not buttons
    /// but `playable` are read as text.
    pub button: bool,
    /// The accessibility label: "d3, empty, legal move" or "14, white king"; empty while the
    /// shell says no accessibility service reads labels (`PlatformEvent::Accessibility`).
    pub label: String,
}

/// A legal move, for keyboards, screen readers and the terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LegalMove {
    pub index: u32,
    pub notation: String,
    /// What a screen reader's action offers: "Play f5".
    pub label: String,
}

/// What the computer is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ThinkingKind {
    Move,
    Hint,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ThinkingView {
    pub kind: ThinkingKind,
    /// Nodes searched so far.
    pub nodes: u64,
    /// "Thinking… 12,345 positions".
    pub text: String,
}

/// How the cells are laid out (where each is drawn: the cells' `x` and `y`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum BoardShape {
    /// `rows x cols` squares.
    Grid,
    /// Chinese Checkers' star: rows of round holes, each row offset by half a hole from the
    /// next.
    Star,
}

/// A colour, as sRGB components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// A corner of a symbol's outline, in a box of side 1 centred on (0, 0), y down.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Vertex {
    pub x: f32,
    pub y: f32,
}

/// The symbol on a seat's pieces, so that seats differ by more than their colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SeatSymbol {
    Circle,
    Square,
    Triangle,
    Diamond,
    Star,
    Cross,
}

/// How a multi-player game's seat is drawn: its pieces, its symbol, and its name in text.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SeatStyle {
    pub seat: u32,
    /// The pieces' colour.
    pub fill: Rgb,
    /// The symbol's colour on a piece (black or white, whichever stands out on `fill`).
    pub mark: Rgb,
    pub symbol: SeatSymbol,
    /// The symbol's outline, a closed polygon in a box of side 1 centred on (0, 0), y down:
    /// scale it to the piece and fill it with `mark`.
    pub outline: Vec<Vertex>,
    /// Text in the seat's colour on a light background (at least 4.5:1 against the shells'
    /// light backgrounds).
    pub text_on_light: Rgb,
    /// Text in the seat's colour on a dark background (at least 4.5:1 against the shells' dark
    /// backgrounds).
    pub text_on_dark: Rgb,
}

/// One player beside the board.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlayerView {
    /// Turn order, 0-based.
    pub seat: u32,
    /// "Red (you)", "Blue (computer)", "Black (X)".
    pub name: String,
    /// How to draw the player (a multi-player game's seat), `None` for the two-player games,
    /// whose pieces have colours of their own.
    pub style: Option<SeatStyle>,
    /// The line beside the board: "Blue (computer): 12 (3 in reserve, out)".
    pub line: String,
    /// Pieces on the board (Focus: stacks controlled).
    pub count: u32,
    /// Focus: pieces in reserve.
    pub reserve: Option<u32>,
    pub to_move: bool,
    /// Out of the game (the Virus Game, Focus).
    pub out: bool,
    pub winner: bool,
}

/// The game screen.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct BoardView {
    pub game: GameKind,
    /// The rules the game is played under.
    pub rules: RulesVariant,
    pub shape: BoardShape,
    /// "Othello: against the computer".
    pub title: String,
    pub rows: u32,
    pub cols: u32,
    /// The board's size in board units (the cells' `x` and `y`), and `width / height`, the
    /// shape to give it on screen.
    pub width: f32,
    pub height: f32,
    pub aspect: f32,
    /// The box around a cell's centre that is the cell's own, in board units: its tap target
    /// and its accessibility bounds (a square: 1 by 1; a star's hole: 1 by the row spacing, so
    /// that rows do not overlap).
    pub cell_width: f32,
    pub cell_height: f32,
    /// How many times larger the shell may draw the board, in a view that scrolls both ways,
    /// so that its cells are touch-sized on a phone: 2.25 for the star, 1 for the grids (no
    /// zoom offered). Taps are still sent in board units.
    pub zoom: f32,
    /// The person asked for the zoom (`BoardEvent::ZoomBoard`); never with `zoom` 1.
    pub zoomed: bool,
    pub cells: Vec<CellView>,
    /// The last move, step by step (empty at the start and after undo).
    pub animation: Vec<AnimationStep>,
    /// Changes when a move is to be animated (a move played or redone; not undo, not a redraw,
    /// not a return to the board): a shell animates `animation` when this differs from the
    /// number it last animated, and keeps that number across rotation.
    pub animation_seq: u64,
    /// A multi-player game's seats by turn order (empty for the two-player games): draw a
    /// cell's `seat` (and a Focus stack's pieces) with `seats[seat]`.
    pub seats: Vec<SeatStyle>,
    /// "You play black (X). Your move." / "White wins 40-24."
    pub status: String,
    /// The side to move, `None` once the game is over (with more than two players, see
    /// `turn_seat`).
    pub turn: Option<Side>,
    /// The player to move by turn order, `None` once the game is over.
    pub turn_seat: Option<u32>,
    /// Every player, in turn order (two for the two-player games).
    pub players: Vec<PlayerView>,
    pub first_name: String,
    pub second_name: String,
    pub first_count: u32,
    pub second_count: u32,
    pub thinking: Option<ThinkingView>,
    pub legal_moves: Vec<LegalMove>,
    /// What a screen reader says of the legal moves list (the board's actions): "12 legal
    /// moves", "No move to play now"; empty while no accessibility service reads labels
    /// (`PlatformEvent::Accessibility`), when the board offers its moves as no actions.
    pub legal_moves_label: String,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// "Moves: f5 d6 c3" (empty before the first move).
    pub moves_text: String,
    /// Two capture paths end on the tapped square: choose one (`ChoosePath`).
    pub path_choices: Vec<LegalMove>,
    /// A one-off remark ("That column is full", "Hint: f5").
    pub message: Option<String>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub can_hint: bool,
    pub can_resign: bool,
    /// Computer against computer, running.
    pub can_pause: bool,
    /// Computer against computer, paused.
    pub can_resume: bool,
    /// Othello: the person to move has no move and must pass.
    pub must_pass: bool,
    pub finished: bool,
    /// The board is shown and accepts taps (a person to move, nothing being searched).
    pub accepts_input: bool,
    /// The buttons beside the board, in order (the `can_*` flags as buttons): both shells draw
    /// these and no other.
    pub actions: Vec<ActionView>,
}

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

/// What a progress tick changes (`Effect::RenderProgress`): the computer's search on the board
/// and a running review. Everything else stays as the last render drew it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct WorkProgress {
    /// The board's thinking line; `None` when the computer is not searching for the person to
    /// see (pondering is not shown).
    pub thinking: Option<ThinkingView>,
    /// The review being run and shown (on the history screen a past game's, elsewhere the
    /// game's), `None` when none runs.
    pub review: Option<ReviewProgress>,
}

/// Where a finished game stands with the collector.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
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

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HistoryEntry {
    pub id: String,
    pub game: GameKind,
    /// "Othello, against the computer (level 6)".
    pub title: String,
    pub result: String,
    pub ended_at_ms: u64,
    /// When the game ended, in the language's style and the phone's time zone at the time
    /// (`PlatformEvent::TimeZone`): "12 Mar 2026, 14:05".
    pub ended_at: String,
    pub moves: u32,
    pub sync: SyncState,
    /// "Waiting to sync".
    pub sync_label: String,
    /// The line under the result: "12 Mar 2026, 14:05 · 42 moves · Waiting to sync".
    pub detail: String,
    /// The game can be reviewed: the row is tapped to send `HistoryEvent::ReviewPastGame` with
    /// `id`.
    pub can_review: bool,
    /// Why it cannot be, when it cannot: "No review: the review judges two-player games only."
    pub review_refusal: Option<String>,
}

/// A game of the history under review (`HistoryEvent::ReviewPastGame`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PastReviewView {
    /// The history entry's id.
    pub id: String,
    /// "Othello, you against the computer (level 6)".
    pub title: String,
    /// "You win 36-28 (no move left)."
    pub result: String,
    pub review: ReviewView,
}

#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HistoryView {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// "3 games waiting; next attempt after a failure at 14:05" or "Sync is off".
    pub sync_status: String,
    pub can_sync_now: bool,
    pub syncing: bool,
    /// The past game under review, drawn instead of the list; `ReviewEvent::Close` or back returns
    /// to the list.
    pub review: Option<PastReviewView>,
    /// Why the game last asked for was not reviewed ("That game is no longer in the history.").
    pub message: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct WeightsView {
    pub game: GameKind,
    pub title: String,
    /// The editor's text: what was typed (`SettingsEvent::EditWeights`), else the stored custom
    /// weights, else empty. `SettingsEvent::SetWeights` with it applies it.
    pub json: String,
    pub custom: bool,
    pub error: Option<String>,
}

/// A choice of when the computer thinks on the person's time.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PonderOption {
    pub mode: PonderMode,
    /// "From level 7 up".
    pub label: String,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SettingsView {
    pub sync_enabled: bool,
    /// As typed (`SettingsEvent::SetServerUrl` with every edit).
    pub server_url: String,
    pub server_url_error: Option<String>,
    /// Sync is on and its last run left records waiting: why ("Last attempt: this address needs
    /// https ..."), in the person's language.
    pub sync_problem: Option<String>,
    pub sync_on_metered: bool,
    pub ponder: PonderMode,
    /// Every ponder mode, `ponder` selected (`SettingsEvent::SetPonder`).
    pub ponder_options: Vec<PonderOption>,
    pub haptics: bool,
    pub weights: Vec<WeightsView>,
    /// The device's search caps.
    pub limits: EngineLimits,
    /// "Searches use at most a 64 MiB table; depth 9 in Othello, ...".
    pub memory: String,
}
