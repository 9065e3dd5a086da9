//! The session layer's types as the shells see them: each is `ply_app`'s own type, restated here
//! for UniFFI (a remote type: UniFFI generates the FFI code from this copy of the definition,
//! and the compiler rejects a copy whose fields or variants differ from the real type).

pub use ply_app::{
    AdsOptions, AdsUpdateRule, Cell, ClientPlatform, ComputerMove, EndReason, EngineLimits,
    EngineSettings, GameKind, GameStatus, HeuristicChoice, MoveInfo, MoveOrdering, Piece,
    PlayerKind, PlyError, ReplacedPiece, SearchAlgorithm, SearchInfo, SearchLimits, Side, Snapshot,
};

/// Everything that can go wrong behind the FFI. Kotlin sees `PlyException.<Variant>`, Swift
/// `PlyError.<variant>`; each carries a message that says what is wrong.
#[uniffi::remote(Error)]
pub enum PlyError {
    /// The move text does not parse, or names a move that is not legal here (or a legal-move
    /// index is out of range).
    IllegalMove { reason: String },
    /// The game is over (by the rules or by resignation): no more moves.
    GameOver,
    /// A human move was played while the computer has the move, or the computer was asked to
    /// move for a human side.
    NotYourTurn { reason: String },
    /// The start position text is not a valid position of the game.
    BadPosition { reason: String },
    /// Engine settings or limits that cannot be used (unknown heuristic preset, bad weights,
    /// difficulty out of 1..=10...).
    InvalidSettings { reason: String },
    /// The computer's search was cancelled (by `cancel()`, undo, or a new move): no move played.
    Cancelled,
    /// Another computer move or hint is already being searched on this session.
    Busy { reason: String },
    /// A game record could not be built, parsed or validated.
    BadRecord { reason: String },
    /// The outbox directory could not be read or written.
    Storage { reason: String },
    /// Syncing with the collector failed (no network, server error, bad token...).
    Sync { reason: String },
    /// A bug in Ply (a caught panic or a broken invariant); the session may be unusable.
    Internal { reason: String },
}

/// What stands on a cell.
#[uniffi::remote(Enum)]
pub enum Piece {
    Empty,
    /// Othello black disc.
    Black,
    /// Othello white disc.
    White,
    /// Connect Four first player's stone.
    Red,
    /// Connect Four second player's stone.
    Yellow,
    BlackMan,
    BlackKing,
    WhiteMan,
    WhiteKing,
    /// A multi-player game's piece; its player is the cell's `seat`. The Virus Game: a square
    /// the player holds.
    Infected,
    /// Focus: a stack (the cell's `stack` lists it, bottom first; `seat` is its top).
    Stack,
    /// Chinese Checkers: a marble.
    Marble,
}

/// A player by turn order: `First` moves first (Othello black, Connect Four red, draughts Black).
#[uniffi::remote(Enum)]
pub enum Side {
    First,
    Second,
}

/// Why a game ended.
#[uniffi::remote(Enum)]
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

/// Where the game stands.
#[uniffi::remote(Enum)]
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
#[uniffi::remote(Record)]
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
#[uniffi::remote(Record)]
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
    /// The piece each flipped or captured cell held before the move.
    pub replaced: Vec<ReplacedPiece>,
}

/// A piece a move turned over or took, as it was before the move.
#[uniffi::remote(Record)]
pub struct ReplacedPiece {
    pub cell: u32,
    pub piece: Piece,
}

/// Everything a game screen needs to draw one moment of the game.
#[uniffi::remote(Record)]
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

/// The statistics of one search (the app shows Scout-versus-alpha-beta numbers from these).
#[uniffi::remote(Record)]
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
    /// Depth of the last completed iteration.
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
#[uniffi::remote(Record)]
pub struct ComputerMove {
    pub played: MoveInfo,
    pub stats: SearchInfo,
}

/// The search algorithm.
#[uniffi::remote(Enum)]
pub enum SearchAlgorithm {
    /// Pearl's SCOUT (TEST and EVAL), as in the Othello and Connect Four papers.
    Scout,
    /// Fail-soft alpha-beta.
    AlphaBeta,
    /// Principal variation search (NegaScout).
    Pvs,
    /// Monte Carlo tree search (UCT) with random playouts.
    Mcts,
    /// Plain minimax without pruning (the baseline; slow).
    Minimax,
    /// Best-Reply Search (Schadd and Winands): the multi-player games' default. With two
    /// players it is alpha-beta, and two-player games search it as such.
    BestReply,
    /// Paranoid: the player to move against a coalition of the others (alpha-beta with two).
    Paranoid,
    /// Max-N with shallow pruning: every player maximises their own value (alpha-beta with two).
    MaxN,
}

/// How History-ADS updates its list when a move causes a cut-off.
#[uniffi::remote(Enum)]
pub enum AdsUpdateRule {
    MoveToFront,
    Transposition,
}

/// History-ADS options: an adaptive list of the moves that caused cut-offs.
#[uniffi::remote(Record)]
pub struct AdsOptions {
    pub update: AdsUpdateRule,
    /// Longest list (the move pushed past it is forgotten); `None` = unbounded.
    pub list_bound: Option<u32>,
    /// One list per tree level instead of one per side.
    pub per_level: bool,
}

/// Move ordering switches (none of them changes a search's value, only its speed).
#[uniffi::remote(Record)]
pub struct MoveOrdering {
    /// Static per-game order (corners first, centre columns first, captures first).
    pub static_order: bool,
    /// Try the transposition table's move first.
    pub tt_move: bool,
    /// Two killer moves per ply.
    pub killers: bool,
    /// History heuristic (depth² increments).
    pub history: bool,
    /// History-ADS, when set.
    pub ads: Option<AdsOptions>,
}

/// Which evaluation the engine uses.
#[uniffi::remote(Enum)]
pub enum HeuristicChoice {
    /// A named preset of the weighted heuristic (`default` always exists).
    Preset { name: String },
    /// Explicit weights as JSON (`{"factor": weight, ...}`).
    CustomWeights { json: String },
}

/// Everything the computer player needs to search.
#[uniffi::remote(Record)]
pub struct EngineSettings {
    pub algorithm: SearchAlgorithm,
    pub ordering: MoveOrdering,
    pub heuristic: HeuristicChoice,
    /// Fixed depth in plies (iterative deepening up to it when `time_ms` is also set).
    pub depth: Option<u32>,
    /// Time budget per move in milliseconds.
    pub time_ms: Option<u64>,
    /// Transposition table size in bytes (0 = no table).
    pub tt_bytes: u64,
    /// MCTS playouts per move (ignored by the other algorithms).
    pub mcts_playouts: Option<u64>,
    /// The difficulty level these settings came from, if any (kept in game records).
    pub level: Option<u8>,
}

/// A per-call override of the depth and time of a computer move or hint.
#[uniffi::remote(Record)]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub time_ms: Option<u64>,
}

/// The games a session can play.
#[uniffi::remote(Enum)]
pub enum GameKind {
    Othello,
    ConnectFour,
    /// English draughts (WCDF rules: captures compulsory).
    Draughts,
    /// English draughts with optional captures (the History-ADS research variant).
    RelaxedDraughts,
    /// The Virus Game (Polk and Oommen's research game): 5x5, 2 to 4 players.
    Virus,
    /// Focus (Sackson): stacks on the 8x8 board without its corners, 2 to 4 players.
    Focus,
    /// Chinese Checkers on the 121-hole star, 2, 3, 4 or 6 players.
    ChineseCheckers,
}

/// What a search started through the bindings may use at most.
#[uniffi::remote(Record)]
pub struct EngineLimits {
    /// Deepest fixed depth allowed for Othello searches.
    pub max_depth_othello: u32,
    /// Deepest fixed depth allowed for Connect Four searches.
    pub max_depth_connect4: u32,
    /// Deepest fixed depth allowed for draughts (both variants).
    pub max_depth_checkers: u32,
    /// Largest transposition table (MCTS: tree) in bytes.
    pub tt_bytes: u64,
    /// Longest time a computer move or hint may think, in milliseconds.
    pub max_time_ms: u64,
}

/// Who plays a side.
#[uniffi::remote(Enum)]
pub enum PlayerKind {
    Human,
    Computer { settings: EngineSettings },
}

/// The platform that made a game (for records).
#[uniffi::remote(Enum)]
pub enum ClientPlatform {
    Android,
    Ios,
    /// `ply play` in a terminal.
    Cli,
    Desktop,
    Other,
}
