//! The board screen's view model: what the shells draw.

use crate::app::view::ActionView;
use crate::board::Piece;
use crate::rules_variant::RulesVariant;
use crate::settings::GameKind;
use crate::snapshot::Side;

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
