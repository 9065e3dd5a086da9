//! The records a game screen draws from, and the statistics of a computer move.

use crate::board::Piece;
use crate::settings::{GameKind, SearchAlgorithm};

/// A player by turn order: `First` moves first (Othello black, Connect Four red, draughts Black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn of(player: u8) -> Side {
        if player == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
    pub fn index(self) -> u8 {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum EndReason {
    /// Othello: neither side can move; the disc count decides.
    NoMovesForEither,
    /// Draughts: the side to move has no move and loses.
    NoMovesForMover,
    /// Connect Four: four in a row.
    FourInARow,
    /// Connect Four: full board.
    BoardFull,
    /// Draughts: threefold repetition.
    Repetition,
    /// Draughts: the 40-move rule.
    MoveLimit,
    Resignation,
}

impl From<ply_core::EndReason> for EndReason {
    fn from(r: ply_core::EndReason) -> Self {
        use ply_core::EndReason as E;
        match r {
            E::NoMovesForEither => EndReason::NoMovesForEither,
            E::NoMovesForMover => EndReason::NoMovesForMover,
            E::FourInARow => EndReason::FourInARow,
            E::BoardFull => EndReason::BoardFull,
            E::Repetition => EndReason::Repetition,
            E::MoveLimit => EndReason::MoveLimit,
            E::Resignation => EndReason::Resignation,
        }
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum GameStatus {
    Playing,
    /// `winner`: a two-player game's side; with more players, `Second` for every seat but the
    /// first, and the winning seat is the snapshot's `winner_seat`.
    /// `margin`: Othello final disc difference (empties to the winner); 0 elsewhere.
    Won {
        winner: Side,
        reason: EndReason,
        margin: i32,
    },
    Draw {
        reason: EndReason,
    },
}

/// One cell of the board (see the `board` module docs for indices and labels).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Cell {
    pub index: u32,
    pub row: u32,
    pub col: u32,
    /// `e4` (Othello), `a1` bottom-left (Connect Four), PDN square number (draughts), for
    /// accessibility labels.
    pub label: String,
    pub piece: Piece,
    /// False for the light squares of a draughts board and the corners of a Focus board.
    pub playable: bool,
    /// The player (0-based turn order) whose piece stands here: a stack's top in Focus.
    pub seat: Option<u32>,
    /// Focus: the stack's pieces by player, bottom first (empty elsewhere).
    pub stack: Vec<u32>,
}

/// A move: its notation, the cells it involves and, for played or previewed moves, what it
/// changes. Used for legal moves (with the change they would make) and the last move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MoveInfo {
    /// Index in the legal-move list of the position the move is (or was) played from.
    pub index: u32,
    /// Standard notation: `f5`/`pass`, Connect Four column digit `4`, PDN `11-15`, `22x15x8`.
    pub notation: String,
    pub player: Side,
    /// The player by turn order (0-based): `player`'s index, or a multi-player game's seat.
    pub seat: u32,
    pub is_pass: bool,
    /// Draughts, Chinese Checkers and Focus: the square the piece (or stack) leaves.
    pub from: Option<u32>,
    /// The disc placed (Othello), the landing cell (Connect Four), the final square (draughts).
    pub to: Option<u32>,
    /// Draughts: every square the piece visits, start first (a capture path); else `[to]`.
    pub path: Vec<u32>,
    /// Connect Four: the column (0-based).
    pub column: Option<u32>,
    /// Othello: the discs turned; the Virus Game: the squares infected around the target.
    pub flipped: Vec<u32>,
    /// Draughts: the pieces jumped.
    pub captured: Vec<u32>,
    /// Draughts: the man was crowned by this move.
    pub crowned: bool,
    /// The piece each flipped or captured cell held before the move (what an animation shows
    /// turning over or fading out).
    pub replaced: Vec<ReplacedPiece>,
}

/// A piece a move turned over or took, as it was before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReplacedPiece {
    pub cell: u32,
    pub piece: Piece,
}

/// Everything a game screen needs to draw one moment of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Snapshot {
    pub game: GameKind,
    pub rows: u32,
    pub cols: u32,
    /// `rows * cols` cells by index.
    pub cells: Vec<Cell>,
    pub side_to_move: Side,
    /// Players seated (2 for the two-player games).
    pub players: u32,
    /// The player to move by turn order (`side_to_move`'s index with two players).
    pub player_to_move: u32,
    /// Each player's pieces on the board (Focus: stacks controlled), by turn order.
    pub counts: Vec<u32>,
    /// Focus: each player's reserve (empty for the other games).
    pub reserves: Vec<u32>,
    /// Each player still in the game (the Virus Game and Focus put players out).
    pub active: Vec<bool>,
    /// The side to move is a computer player (the shell should call `computer_move`).
    pub computer_to_move: bool,
    /// Legal moves in generation order (`play_index` takes their `index`); empty when over.
    pub legal_moves: Vec<MoveInfo>,
    pub last_move: Option<MoveInfo>,
    /// Discs (Othello), stones (Connect Four) or pieces (draughts) of each side.
    pub first_count: u32,
    pub second_count: u32,
    pub status: GameStatus,
    /// `undo()` would change something (a move to take back, or a resignation to lift).
    pub can_undo: bool,
    pub can_redo: bool,
    /// Moves played so far (plies; a pass counts).
    pub move_number: u32,
    /// Every move played, in standard notation.
    pub history: Vec<String>,
    /// The current position in the game's position notation (to resume a game).
    pub position: String,
    /// The winner by turn order, once the game is won.
    pub winner_seat: Option<u32>,
}

impl Snapshot {
    /// The moves played, passes not counted: what a person calls the game's length ("After 60
    /// moves" for a full Othello board, whatever the passes), where `move_number` counts plies.
    pub fn moves_played(&self) -> u32 {
        let passes = self.history.iter().filter(|m| *m == "pass").count();
        self.move_number.saturating_sub(passes as u32)
    }
}

/// The statistics of one search (the app shows Scout-versus-alpha-beta numbers from these).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SearchInfo {
    pub algorithm: SearchAlgorithm,
    /// Nodes where computation took place (the History-ADS paper's count).
    pub nodes: u64,
    pub leaf_evals: u64,
    pub cutoffs: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    /// SCOUT's TEST calls.
    pub test_calls: u64,
    pub re_searches: u64,
    /// Depth of the last completed iteration; 0 for an opening-book move (no search chose it).
    pub depth: u32,
    pub time_ms: f64,
    pub nodes_per_sec: f64,
    /// From the side to move's view; beyond ±1,000,000 = a won/lost game.
    pub score: i32,
    /// Principal variation in notation, best move first.
    pub pv: Vec<String>,
    /// False if the time budget cut the search short (the move is the best found so far).
    pub completed: bool,
}

/// A computer move (played on the session) or a hint (not played), with how it was found.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ComputerMove {
    pub played: MoveInfo,
    pub stats: SearchInfo,
}
