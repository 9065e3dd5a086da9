//! What can go wrong inside the app core, as data: the app says it in the player's language
//! ([`AppError::message`]), and the FFI maps it to its one error type at the boundary
//! (`PlyError` in `ply-ffi`). `Display` is the English text the command line and the logs print.

use crate::i18n::Lang;
use crate::line::TextError;
use crate::settings::GameKind;
use crate::tr;
use ply_core::game::ParseError;
use ply_core::heuristic::HeuristicError;
use ply_core::record::RecordError;

/// Everything the app core's operations can refuse or fail with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AppError {
    /// A move text that names no legal move here.
    #[error("illegal move: '{text}': {error}")]
    MoveText { text: String, error: TextError },
    /// A legal-move index beyond the list.
    #[error("illegal move: move index {index} is out of range (there are {legal} legal moves)")]
    NoSuchMove { index: u32, legal: u32 },
    /// The game is over (by the rules or by resignation): no more moves.
    #[error("the game is over")]
    GameOver,
    #[error("not your turn: {0}")]
    NotYourTurn(Turn),
    #[error("bad position: {0}")]
    BadPosition(PositionError),
    #[error("invalid settings: {0}")]
    Settings(SettingsError),
    /// The computer's search was cancelled (by `cancel()`, undo, or a new move): no move played.
    #[error("the search was cancelled")]
    Cancelled,
    /// Another computer move or hint is already being searched on this session.
    #[error("the session is busy: a computer move or hint is already being searched")]
    Busy,
    /// A game record could not be built.
    #[error("bad record: {0}")]
    Record(RecordError),
    /// A bug in Ply (a caught panic or a broken invariant); the session may be unusable.
    #[error("internal error: {0}")]
    Internal(String),
}

/// Whose move it is not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Turn {
    /// A person's move was played while the computer has the move.
    #[error("the computer has the move; call computer_move")]
    ComputerToMove,
    /// The computer was asked to move for a person's side.
    #[error("a human plays the side to move")]
    HumanToMove,
    /// A resignation for the computer's seat (a computer never resigns: the collector refuses
    /// such a record as a forged loss).
    #[error("that seat is the computer's, and only a person resigns")]
    ComputerResigns,
}

/// Why a start position cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The game's parser refused the text (its English words and where).
    #[error(transparent)]
    Parse(ParseError),
    /// A multi-player position that seats another number of players than chosen.
    #[error("the position seats {seats} players, not {players}")]
    Seats { seats: usize, players: usize },
    #[error("the game is already over in this position")]
    AlreadyOver,
}

/// Engine settings or a game's set-up that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// An unknown preset, or weights the engine refuses.
    #[error(transparent)]
    Heuristic(HeuristicError),
    #[error("difficulty {level} is outside 1..=10")]
    Level { level: u8 },
    #[error("unknown variant '{variant}' for {game} (expected {})", game.variants().join(" or "))]
    Variant { game: GameKind, variant: String },
    #[error("{game} does not seat {players} players (it seats {})", player_counts(Lang::En, *game))]
    Players { game: GameKind, players: usize },
    #[error(
        "a resignation ends a two-player game; with more players there is no one winner to name"
    )]
    ResignMultiPlayer,
    #[error("a review covers two-player games; this game seats more")]
    ReviewMultiPlayer,
}

/// "2, 3, 4 or 6" in `lang`.
fn player_counts(lang: Lang, game: GameKind) -> String {
    let counts: Vec<String> = game.player_counts().iter().map(u8::to_string).collect();
    match counts.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            tr!(lang, "list-or", rest = rest.join(", "), last = last)
        }
        _ => counts.concat(),
    }
}

impl From<SettingsError> for AppError {
    fn from(e: SettingsError) -> Self {
        AppError::Settings(e)
    }
}

impl From<HeuristicError> for AppError {
    fn from(e: HeuristicError) -> Self {
        AppError::Settings(SettingsError::Heuristic(e))
    }
}

impl From<PositionError> for AppError {
    fn from(e: PositionError) -> Self {
        AppError::BadPosition(e)
    }
}

impl AppError {
    pub fn internal(reason: impl Into<String>) -> Self {
        AppError::Internal(reason.into())
    }

    /// What to tell the player, in `lang`. The parts the core gives as data (a move's reason,
    /// the game, a level, a count) are said in the player's language; a parser's own words
    /// for a malformed position and the engine's for malformed weights stay English.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            AppError::MoveText { text, error } => match error {
                TextError::NotLegal => tr!(lang, "message-not-legal-here", notation = text.trim()),
                TextError::Parse(e) => {
                    let reason = match &e.reason {
                        Some(r) => crate::move_refusal::move_refusal(lang, r),
                        None => e.message.clone(),
                    };
                    tr!(
                        lang,
                        "message-not-legal-because",
                        notation = text.trim(),
                        reason = reason
                    )
                }
            },
            AppError::NoSuchMove { index, legal } => {
                tr!(lang, "error-no-such-move", index = *index, legal = *legal)
            }
            AppError::GameOver => tr!(lang, "error-game-over"),
            AppError::NotYourTurn(Turn::ComputerToMove) => tr!(lang, "error-computer-to-move"),
            AppError::NotYourTurn(Turn::HumanToMove) => tr!(lang, "error-human-to-move"),
            AppError::NotYourTurn(Turn::ComputerResigns) => {
                tr!(lang, "error-computer-resigns")
            }
            AppError::BadPosition(p) => p.message(lang),
            AppError::Settings(s) => s.message(lang),
            AppError::Cancelled => tr!(lang, "error-cancelled"),
            AppError::Busy => tr!(lang, "error-busy"),
            AppError::Record(e) => tr!(lang, "error-record", error = e.to_string()),
            AppError::Internal(reason) => tr!(lang, "error-internal", error = reason.as_str()),
        }
    }
}

impl PositionError {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            PositionError::Parse(e) => match &e.reason {
                Some(reason) => tr!(
                    lang,
                    "error-position-move",
                    reason = crate::move_refusal::move_refusal(lang, reason),
                    at = e.at
                ),
                None => e.to_string(),
            },
            PositionError::Seats { seats, players } => tr!(
                lang,
                "error-position-seats",
                seats = *seats,
                players = *players
            ),
            PositionError::AlreadyOver => tr!(lang, "error-position-over"),
        }
    }
}

impl SettingsError {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            SettingsError::Heuristic(e) => tr!(lang, "error-weights", error = e.to_string()),
            SettingsError::Level { level } => tr!(lang, "error-level", level = *level),
            SettingsError::Variant { game, variant } => tr!(
                lang,
                "error-variant",
                game = crate::app::setup::game_title(lang, *game),
                variant = variant.as_str(),
                expected = game.variants().join(", ")
            ),
            SettingsError::Players { game, players } => tr!(
                lang,
                "error-players",
                game = crate::app::setup::game_title(lang, *game),
                players = *players,
                counts = player_counts(lang, *game)
            ),
            SettingsError::ResignMultiPlayer => tr!(lang, "error-resign-multi-player"),
            SettingsError::ReviewMultiPlayer => tr!(lang, "error-review-multi-player"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every error the app shows has a text in each catalog that is not the English one where
    /// the language is not English (the catalog tests check that the keys exist).
    #[test]
    fn each_error_is_said_in_german() {
        let parse = ParseError::new(3, "expected a square");
        let errors = [
            AppError::MoveText {
                text: "z9".into(),
                error: TextError::NotLegal,
            },
            AppError::NoSuchMove { index: 9, legal: 4 },
            AppError::GameOver,
            AppError::NotYourTurn(Turn::ComputerToMove),
            AppError::NotYourTurn(Turn::HumanToMove),
            AppError::NotYourTurn(Turn::ComputerResigns),
            AppError::BadPosition(PositionError::Seats {
                seats: 3,
                players: 4,
            }),
            AppError::BadPosition(PositionError::AlreadyOver),
            AppError::Settings(SettingsError::Level { level: 11 }),
            AppError::Settings(SettingsError::Variant {
                game: GameKind::Othello,
                variant: "relaxed".into(),
            }),
            AppError::Settings(SettingsError::Players {
                game: GameKind::ChineseCheckers,
                players: 5,
            }),
            AppError::Settings(SettingsError::ResignMultiPlayer),
            AppError::Settings(SettingsError::ReviewMultiPlayer),
            AppError::Cancelled,
            AppError::Busy,
            AppError::Internal("x".into()),
        ];
        for e in &errors {
            let en = e.message(Lang::En);
            let de = e.message(Lang::De);
            assert!(!en.is_empty() && !de.is_empty(), "{e:?}");
            assert_ne!(en, de, "{e:?} is English in German");
        }
        // A parser's own words stay as they are in both.
        let p = AppError::BadPosition(PositionError::Parse(parse));
        assert_eq!(p.message(Lang::De), p.message(Lang::En));
    }

    /// A start position whose move list has a move the rules refuse gives the reason as data,
    /// so it is said in the player's language with where it is.
    #[test]
    fn a_refused_move_of_a_position_is_said_in_german() {
        let said = |position: &str| match crate::Session::position_players(
            GameKind::ConnectFour,
            position,
        ) {
            Err(e) => (e.message(Lang::En), e.message(Lang::De)),
            Ok(n) => panic!("{position} seats {n}"),
        };
        let (en, de) = said("4448");
        assert!(en.ends_with("(at character 3)"), "{en}");
        assert_eq!(
            de,
            "keine Spalte: ein Zug ist eine Ziffer 1-7 (bei Zeichen 3)"
        );
        let (_, de) = said("4444444");
        assert!(
            de.contains("Spalte 4") && de.ends_with("(bei Zeichen 6)"),
            "{de}"
        );
    }

    #[test]
    fn numbers_and_names_reach_the_text() {
        let e = AppError::Settings(SettingsError::Players {
            game: GameKind::ChineseCheckers,
            players: 5,
        });
        assert_eq!(
            e.to_string(),
            "invalid settings: chinese_checkers does not seat 5 players (it seats 2, 3, 4 or 6)"
        );
        assert_eq!(
            e.message(Lang::De),
            "Sternhalma wird nicht mit 5 Spielern gespielt, sondern mit 2, 3, 4 oder 6."
        );
    }
}
