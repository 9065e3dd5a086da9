//! The game screen: the board view, its cells, seats and animation.

use super::*;

/// A step of the last move's animation, in order.
#[uniffi::remote(Enum)]
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
#[uniffi::remote(Record)]
pub struct CellView {
    pub index: u32,
    pub row: u32,
    pub col: u32,
    /// The cell's centre in board units (the board's `width` by `height`, y down).
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
    /// (Othello's flipped discs, draughts' captured pieces); elsewhere `piece`.
    pub previous_piece: Piece,
    /// Accessibility reads this cell as a button that taps it (`Event.TapCell`): every playable
    /// cell of the game's board, never a review board's.
    pub button: bool,
    /// The accessibility label: "d3, empty, legal move" or "14, white king"; empty while the
    /// shell says no accessibility service reads labels (`Event.Accessibility`).
    pub label: String,
}

/// A legal move, for keyboards, screen readers and the terminal.
#[uniffi::remote(Record)]
pub struct LegalMove {
    pub index: u32,
    pub notation: String,
    /// A screen reader's action: "Play f5".
    pub label: String,
}

/// What the computer is doing.
#[uniffi::remote(Enum)]
pub enum ThinkingKind {
    Move,
    Hint,
}

#[uniffi::remote(Record)]
pub struct ThinkingView {
    pub kind: ThinkingKind,
    /// Nodes searched so far.
    pub nodes: u64,
    /// "Thinking… 12,345 positions".
    pub text: String,
}

/// How the cells are laid out (where: the cells' `x` and `y`).
#[uniffi::remote(Enum)]
pub enum BoardShape {
    /// `rows x cols` squares.
    Grid,
    /// Chinese Checkers' star of round holes.
    Star,
}

/// A colour, as sRGB components.
#[uniffi::remote(Record)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// A corner of a symbol's outline, in a box of side 1 centred on (0, 0), y down.
#[uniffi::remote(Record)]
pub struct Vertex {
    pub x: f32,
    pub y: f32,
}

/// The symbol on a seat's pieces, so that seats differ by more than colour.
#[uniffi::remote(Enum)]
pub enum SeatSymbol {
    Circle,
    Square,
    Triangle,
    Diamond,
    Star,
    Cross,
}

/// How a multi-player game's seat is drawn.
#[uniffi::remote(Record)]
pub struct SeatStyle {
    pub seat: u32,
    /// The pieces' colour.
    pub fill: Rgb,
    /// The symbol's colour on a piece.
    pub mark: Rgb,
    pub symbol: SeatSymbol,
    /// The symbol's outline, a closed polygon in a box of side 1 centred on (0, 0), y down.
    pub outline: Vec<Vertex>,
    /// Text in the seat's colour on a light background (at least 4.5:1).
    pub text_on_light: Rgb,
    /// Text in the seat's colour on a dark background (at least 4.5:1).
    pub text_on_dark: Rgb,
}

/// One player beside the board.
#[uniffi::remote(Record)]
pub struct PlayerView {
    /// Turn order, 0-based.
    pub seat: u32,
    /// "Red (you)", "Blue (computer)", "Black (X)".
    pub name: String,
    /// How to draw the player (a multi-player game's seat), `None` for the two-player games.
    pub style: Option<SeatStyle>,
    /// "Blue (computer): 12 (3 in reserve, out)".
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
#[uniffi::remote(Record)]
pub struct BoardView {
    pub game: GameKind,
    pub shape: BoardShape,
    /// "Othello: against the computer".
    pub title: String,
    pub rows: u32,
    pub cols: u32,
    /// The board's size in board units, and `width / height`.
    pub width: f32,
    pub height: f32,
    pub aspect: f32,
    /// The box around a cell's centre that is its own (tap target, accessibility bounds), in
    /// board units.
    pub cell_width: f32,
    pub cell_height: f32,
    /// How many times larger the board may be drawn, scrolling, so that its cells are
    /// touch-sized on a phone (2.25 for the star; 1: no zoom offered).
    pub zoom: f32,
    /// The person asked for the zoom (`Event::ZoomBoard`).
    pub zoomed: bool,
    pub cells: Vec<CellView>,
    /// The last move, step by step (empty at the start and after undo).
    pub animation: Vec<AnimationStep>,
    /// Changes when a move is to be animated: animate `animation` when this differs from the
    /// number last animated (kept across rotation), not on every redraw.
    pub animation_seq: u64,
    /// A multi-player game's seats by turn order (empty for the two-player games).
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
    /// What a screen reader says of the legal moves list: "12 legal moves".
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
    /// The buttons beside the board, in order: both shells draw these and no other.
    pub actions: Vec<ActionView>,
}
