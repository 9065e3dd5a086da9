//! Why a typed move names no legal move, for every game, as data: the app core renders each
//! reason from its catalog in the player's language (`app/locales/*/app.ftl`, the `move-`
//! messages), and [`std::fmt::Display`] gives the English text the command line and the
//! records print. The catalog's English must read as `Display` does (a test of the app core
//! compares the two for every variant).

/// A player's seat, as `crate::game::Player` (this layer imports nothing of the crate).
type Player = u8;

/// Why a move text was refused. Squares, holes and moves are kept as the player wrote them or
/// as the game names them, so no language has to rebuild them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Othello, the Virus Game, Chinese Checkers: no move is left to play.
    #[error("the game is over")]
    GameOver,

    // Connect Four
    #[error("empty move: expected a column digit 1-7")]
    EmptyColumn,
    #[error("not a column: a move is one digit 1-7")]
    NotAColumn,
    /// `found`: the character after the digit, quoted (`'x'`, or escaped as `'\t'`).
    #[error("unexpected {found} after the column digit (a move is one digit 1-7)")]
    AfterColumn { found: String },
    #[error("the game is already over (four in a row)")]
    FourInARow,
    /// `column`: 1-based, as typed.
    #[error("column {column} is already full")]
    ColumnFull { column: u8 },

    // Othello
    #[error("empty move (expected a square a1..h8 or pass)")]
    EmptySquareMove,
    #[error("not a square: expected a file letter a..h (or pass)")]
    NoFileLetter,
    #[error("unexpected text after the square")]
    AfterSquare,
    #[error("not a square: expected a rank digit 1..8 after the file letter")]
    NoRankDigit,
    /// `mover`: 0 black, 1 white. The text names the square or the mover once: the player's
    /// own text is shown beside it, so "illegal move e5 for black" before it only repeated it.
    #[error("{}", othello_reason(square, *mover, why))]
    OthelloIllegal {
        square: String,
        mover: Player,
        why: OthelloIllegal,
    },

    // The Virus Game
    #[error("empty square")]
    EmptySquare,
    #[error("'{file}' is not a file of this board (a-{last})")]
    NotAFile { file: char, last: char },
    #[error("'{rank}' is not a rank of this board (1-{size})")]
    NotARank { rank: String, size: u8 },
    #[error("a player may pass only when no empty square is next to theirs")]
    VirusMayNotPass,
    #[error("the square is not empty")]
    SquareTaken,
    #[error("the square is not next to one the player to move holds")]
    NotNextToOwn,

    // Focus
    #[error("{word:?} is not a square (a file a-h then a rank 1-8)")]
    FocusNotASquare { word: String },
    #[error("empty move: expected from-to such as c3-c5, or +square for a reserve piece")]
    FocusEmpty,
    #[error("{word:?} is not a move: expected from-to such as c3-c5, or +c3")]
    FocusNotAMove { word: String },
    #[error("move {word}: {why}")]
    FocusIllegal { word: String, why: FocusIllegal },

    // Chinese Checkers
    #[error("'{text}' is not a hole (a row a-q, then 1 up to the row's length)")]
    NotAHole { text: String },
    #[error("'{text}' is not a move (from-to like d2-e6, or pass)")]
    HalmaNotAMove { text: String },
    #[error("not a legal move here: {why}")]
    HalmaIllegal { why: HalmaIllegal },

    // Draughts
    #[error("empty move: expected like 11-15 or 22x15")]
    DraughtsEmpty,
    /// `found`: the character where a square was expected; `None` at the end of the text.
    #[error("expected a square number 1-32, found {}", found.map_or("the end".to_string(), |c| format!("'{c}'")))]
    ExpectedSquare { found: Option<char> },
    #[error("square {digits} is outside 1-32")]
    SquareOutside { digits: String },
    #[error("mixed '-' and 'x' separators")]
    MixedSeparators,
    #[error("expected '-' or 'x' after a square, found '{found}'")]
    ExpectedSeparator { found: char },
    #[error("a move needs at least two squares")]
    TooFewSquares,
    #[error("a quiet move has two squares; write captures with 'x'")]
    QuietMoveTooLong,
    #[error("not a legal move here{}", why.suffix())]
    DraughtsIllegal { why: DraughtsIllegal },
    #[error("{text} is ambiguous: write the full path, one of {}", candidates.join(", "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

/// Why a Focus move cannot be played (`games::focus::MoveError`); squares by index on the
/// 8×8 grid, players from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FocusIllegal {
    #[error("the game is already over")]
    GameOver,
    #[error("square {} is not on the board", focus_square_name(*.0))]
    OffBoard(u8),
    #[error("there is no stack on {}", focus_square_name(*.0))]
    NoStack(u8),
    #[error("the stack on {} is controlled by player {}", focus_square_name(*.0), *.1 + 1)]
    NotYours(u8, Player),
    #[error("{} to {} is not a straight orthogonal move", focus_square_name(*.0), focus_square_name(*.1))]
    NotStraight(u8, u8),
    #[error("moving {moved} squares needs {moved} pieces but the stack on {at} has {height}", moved = .2, height = .1, at = focus_square_name(*.0))]
    TooFar(u8, usize, usize),
    #[error("player {} has no piece in reserve", *.0 + 1)]
    NoReserve(Player),
}

/// A Focus square's name (`c3`); `?` off the 8×8 grid.
pub fn focus_square_name(sq: u8) -> String {
    if sq >= 64 {
        return "?".into();
    }
    format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1)
}

fn disc(mover: Player) -> &'static str {
    if mover == 0 { "black" } else { "white" }
}

/// Why an Othello square (or pass) is not a legal move for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OthelloIllegal {
    GameOver,
    /// A pass while a move exists.
    MayNotPass,
    /// A square while the side has none and must pass.
    MustPass,
    Occupied,
    FlipsNone,
}

/// The English reason an Othello square (or pass) is refused.
fn othello_reason(square: &str, mover: Player, why: &OthelloIllegal) -> String {
    let side = disc(mover);
    match why {
        OthelloIllegal::GameOver => "the game is over".to_string(),
        OthelloIllegal::MayNotPass => format!("{side} has a legal move, so it may not pass"),
        OthelloIllegal::MustPass => format!("{side} has no legal move and must pass"),
        OthelloIllegal::Occupied => format!("{square} is occupied"),
        OthelloIllegal::FlipsNone => format!("{square} flips no disc for {side}"),
    }
}

/// Why a Chinese Checkers move is not legal; holes by their names (`e5`), the player by letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HalmaIllegal {
    #[error("the game is over")]
    GameOver,
    #[error("a player may pass only when none of their pieces can move")]
    MayNotPass,
    #[error("{hole} holds no piece of player {player}")]
    NoPiece { hole: String, player: char },
    #[error("{hole} is not empty")]
    HoleTaken { hole: String },
    #[error("a piece in its target corner must stay there")]
    StaysInCorner,
    #[error("no step or chain of hops leads from {from} to {to}")]
    NoPath { from: String, to: String },
}

/// What a draughts move that matches no legal move was probably meant as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraughtsIllegal {
    /// Nothing more to say.
    Plain,
    /// The same squares as a capture, or as a quiet move: `22x15` for `22-15`.
    DidYouMean {
        mv: String,
    },
    /// A multi-jump stopped short: the moves it continues to.
    JumpContinues {
        moves: Vec<String>,
    },
    CaptureCompulsory,
    NoLegalMoves,
}

impl DraughtsIllegal {
    /// The English text after "not a legal move here".
    fn suffix(&self) -> String {
        match self {
            DraughtsIllegal::Plain => String::new(),
            DraughtsIllegal::DidYouMean { mv } => format!(" (did you mean {mv}?)"),
            DraughtsIllegal::JumpContinues { moves } => {
                format!(" (the jump continues: {})", moves.join(" or "))
            }
            DraughtsIllegal::CaptureCompulsory => " (a capture is compulsory)".to_string(),
            DraughtsIllegal::NoLegalMoves => " (no legal moves: the game is over)".to_string(),
        }
    }
}
