//! The one error type every exported function returns.

/// Everything that can go wrong behind the FFI. Kotlin sees `PlyException.<Variant>`, Swift
/// `PlyError.<variant>`; each carries a message that says what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum PlyError {
    /// The move text does not parse, or names a move that is not legal here (or a legal-move
    /// index is out of range).
    #[error("illegal move: {reason}")]
    IllegalMove { reason: String },
    /// The game is over (by the rules or by resignation): no more moves.
    #[error("the game is over")]
    GameOver,
    /// A human move was played while the computer has the move, or the computer was asked to
    /// move for a human side.
    #[error("not your turn: {reason}")]
    NotYourTurn { reason: String },
    /// The start position text is not a valid position of the game.
    #[error("bad position: {reason}")]
    BadPosition { reason: String },
    /// Engine settings or limits that cannot be used (unknown heuristic preset, bad weights,
    /// difficulty out of 1..=10...).
    #[error("invalid settings: {reason}")]
    InvalidSettings { reason: String },
    /// The computer's search was cancelled (by `cancel()`, undo, or a new move): no move played.
    #[error("the search was cancelled")]
    Cancelled,
    /// Another computer move or hint is already being searched on this session.
    #[error("the session is busy: {reason}")]
    Busy { reason: String },
    /// A game record could not be built, parsed or validated.
    #[error("bad record: {reason}")]
    BadRecord { reason: String },
    /// The outbox directory could not be read or written.
    #[error("storage: {reason}")]
    Storage { reason: String },
    /// Syncing with the collector failed (no network, server error, bad token...).
    #[error("sync: {reason}")]
    Sync { reason: String },
    /// A bug in Ply (a caught panic or a broken invariant); the session may be unusable.
    #[error("internal error: {reason}")]
    Internal { reason: String },
}

impl PlyError {
    pub fn illegal(reason: impl Into<String>) -> Self {
        PlyError::IllegalMove {
            reason: reason.into(),
        }
    }
    pub fn settings(reason: impl Into<String>) -> Self {
        PlyError::InvalidSettings {
            reason: reason.into(),
        }
    }
    pub fn internal(reason: impl Into<String>) -> Self {
        PlyError::Internal {
            reason: reason.into(),
        }
    }
}
