//! The rules configuration a draughts position is played under.

/// Which optional rules apply. Part of the position (it is `Copy` and small), so a position
/// always knows whether captures are compulsory and when the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DraughtsRules {
    /// WCDF: a player who can capture must capture. `false` gives the "relaxed" research
    /// variant (History-ADS papers), where captures are optional.
    pub captures_compulsory: bool,
    /// Draw when the same position (board and side to move) occurs this many times
    /// (WCDF: 3). Needs the game history, so [`crate::line::GameLine`] applies it.
    pub repetition_limit: Option<u8>,
    /// The 40-move rule, in moves per player: `Some(40)` draws after 80 plies in a row
    /// without a man move or a capture. The position applies it itself.
    pub move_limit: Option<u16>,
}

impl DraughtsRules {
    /// World Checkers/Draughts Federation rules: compulsory capture, threefold repetition,
    /// 40-move rule.
    pub const fn wcdf() -> Self {
        DraughtsRules {
            captures_compulsory: true,
            repetition_limit: Some(3),
            move_limit: Some(40),
        }
    }

    /// "Relaxed checkers": as [`DraughtsRules::wcdf`] but captures are optional.
    ///
    /// Our choice where the research papers are silent: once a player starts a capture, the
    /// jump sequence still continues to its end (a multi-jump is one move), exactly as in the
    /// standard rules; only the choice between capturing and a quiet move is free.
    pub const fn relaxed() -> Self {
        DraughtsRules {
            captures_compulsory: false,
            ..Self::wcdf()
        }
    }

    /// The variant name these rules correspond to (`standard` or `relaxed`).
    pub const fn variant(&self) -> &'static str {
        if self.captures_compulsory {
            "standard"
        } else {
            "relaxed"
        }
    }
}

impl Default for DraughtsRules {
    fn default() -> Self {
        Self::wcdf()
    }
}
