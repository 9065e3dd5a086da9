//! Why a record was refused: precise enough to show to a developer or store beside a rejected file.

/// A record that cannot be accepted, with what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON, or JSON that does not have the record's shape.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// A `schema_version` this code does not read.
    #[error("unsupported schema version {0} (this build reads version 1)")]
    UnsupportedSchemaVersion(u32),
    /// The record id is not a lowercase hyphenated UUID.
    #[error(
        "bad record id '{0}': expected a lowercase UUID like 3f2b8c1e-0a4d-4e6f-9b21-7c5d8e9f0a1b"
    )]
    BadId(String),
    /// Something exceeds a size bound.
    #[error("{what} too large: {actual} > {limit}")]
    TooLarge {
        what: String,
        limit: usize,
        actual: usize,
    },
    /// A field has a value outside its allowed set or shape.
    #[error("invalid {field}: {reason}")]
    InvalidField { field: String, reason: String },
    /// The game has no such rules variant.
    #[error("{game} has no variant '{variant}'")]
    UnknownVariant { game: String, variant: String },
    /// The start position does not parse.
    #[error("bad start position: {reason}")]
    BadStartPosition { reason: String },
    /// Move `index` (0-based ply) is not legal where it was played.
    #[error("move {index} ('{notation}') is illegal: {reason}")]
    IllegalMove {
        index: usize,
        notation: String,
        reason: String,
    },
    /// Move `index`'s machine key and notation name different moves (or the notation is not the
    /// canonical spelling).
    #[error("move {index}: key {key} and notation '{notation}' disagree (expected '{expected}')")]
    NotationMismatch {
        index: usize,
        key: u32,
        notation: String,
        expected: String,
    },
    /// Moves continue after the rules ended the game.
    #[error("move {index} played after the game was over ({outcome})")]
    MoveAfterEnd { index: usize, outcome: String },
    /// The stated result is not what the rules give.
    #[error("stated result '{stated}' does not match the game: {actual}")]
    ResultMismatch { stated: String, actual: String },
    /// A computer statistic on a move played by a human seat.
    #[error("move {index} has engine statistics but player {player} is human")]
    StatsOnHumanMove { index: usize, player: u8 },
    /// Start/end times out of range or out of order.
    #[error("bad timestamps: {0}")]
    BadTimestamps(String),
    /// A number beyond what a real device produces (`record::limits`): search statistics,
    /// engine settings, heuristic weights.
    #[error("{field} out of bounds: {reason}")]
    OutOfBounds { field: String, reason: String },
    /// A finished game without a single move that is not a resignation: only a set-up position
    /// can be over before it starts, and its result says nothing about anyone's play.
    #[error("a finished game needs at least one move unless it was resigned ({stated})")]
    NoMoves { stated: String },
    /// A resignation by a computer seat: the apps never let a computer resign, so such a
    /// result is a forged loss of the engine and would poison every strength statistic.
    #[error("player {player} is a computer, and a computer never resigns")]
    ComputerResigned { player: u8 },
    /// The same key twice in one JSON object: which one counts would depend on the reader.
    #[error("duplicate key '{key}' in a JSON object")]
    DuplicateKey { key: String },
}

impl RecordError {
    /// Short stable code for logs, statistics and the server's JSON error bodies.
    pub fn code(&self) -> &'static str {
        match self {
            RecordError::Malformed(_) => "malformed",
            RecordError::UnsupportedSchemaVersion(_) => "unsupported_schema_version",
            RecordError::BadId(_) => "bad_id",
            RecordError::TooLarge { .. } => "too_large",
            RecordError::InvalidField { .. } => "invalid_field",
            RecordError::UnknownVariant { .. } => "unknown_variant",
            RecordError::BadStartPosition { .. } => "bad_start_position",
            RecordError::IllegalMove { .. } => "illegal_move",
            RecordError::NotationMismatch { .. } => "notation_mismatch",
            RecordError::MoveAfterEnd { .. } => "move_after_end",
            RecordError::ResultMismatch { .. } => "result_mismatch",
            RecordError::StatsOnHumanMove { .. } => "stats_on_human_move",
            RecordError::BadTimestamps(_) => "bad_timestamps",
            RecordError::OutOfBounds { .. } => "out_of_bounds",
            RecordError::NoMoves { .. } => "no_moves",
            RecordError::ComputerResigned { .. } => "computer_resigned",
            RecordError::DuplicateKey { .. } => "duplicate_key",
        }
    }
}
