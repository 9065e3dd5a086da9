//! What is wrong with `ply play`'s options, typed, and said in the player's language from the
//! core's catalog (the `play-option-*` messages): `--lang de` refuses a bad option in German.
//! Clap's own refusals (an unknown flag, a level out of 1-10) come before the language is known
//! and stay English.

use ply_app::i18n::Lang;
use ply_app::{AppError, GameKind, tr};
use std::path::PathBuf;

/// One refused option of `ply play`. Its `Display` is the English message.
#[derive(Debug, Clone, PartialEq)]
pub enum OptionError {
    /// Neither a game nor `--resume`.
    NoGame,
    /// `--seats`: seat `seat` (from 1) is neither human nor computer.
    SeatWord {
        seat: usize,
        word: String,
    },
    /// `--mode` or `--side` given for a multi-player game.
    TwoPlayerFlag {
        flag: &'static str,
        game: GameKind,
    },
    /// `--variant` other than standard for a multi-player game.
    MultiVariant {
        game: GameKind,
        variant: String,
    },
    /// `--algo` or `--ordering` other than the apps' for a multi-player game.
    MultiEngine {
        game: GameKind,
    },
    /// `--seats` and `--players` disagree.
    PlayersAndSeats {
        players: u8,
        seats: usize,
    },
    /// A player count the game is not played by (the core's `SettingsError::Players`).
    Players(Box<AppError>),
    /// The position seats another number of players than the options.
    PositionSeats {
        position: u32,
        seats: usize,
    },
    /// `--seats` or `--players` for a two-player game.
    SeatsForTwo {
        game: GameKind,
    },
    /// `--variant` the game does not have.
    Variant(Box<AppError>),
    /// `--side` names no side.
    Side(String),
    /// `--side` with a mode that has no side to choose.
    SideAndMode {
        side: String,
        mode: &'static str,
    },
    DepthZero,
    TimeZero,
    /// `--algo minimax`: a research baseline.
    Minimax,
    Algorithm(String),
    Ordering(String),
    Heuristic {
        name: String,
        game: GameKind,
        presets: Vec<String>,
    },
    /// `--position` the core refuses.
    Position {
        text: String,
        error: Box<AppError>,
    },
    /// `--server` is no collector address.
    Server(String),
    /// No `--data-dir` and no home to put one in.
    NoDataDir,
    /// The data or SVG directory cannot be made.
    CannotCreate {
        dir: PathBuf,
        error: String,
    },
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for OptionError {}

impl OptionError {
    pub fn message(&self, lang: Lang) -> String {
        let title = |game: GameKind| ply_app::app::setup::game_title(lang, game);
        match self {
            OptionError::NoGame => tr!(lang, "play-option-no-game"),
            OptionError::SeatWord { seat, word } => {
                tr!(lang, "play-option-seat-word", seat = *seat, word = word)
            }
            OptionError::TwoPlayerFlag { flag, game } => {
                tr!(
                    lang,
                    "play-option-two-player-flag",
                    flag = *flag,
                    game = title(*game)
                )
            }
            OptionError::MultiVariant { game, variant } => tr!(
                lang,
                "play-option-multi-variant",
                game = title(*game),
                variant = variant
            ),
            OptionError::MultiEngine { game } => tr!(
                lang,
                "play-option-multi-engine",
                game = title(*game),
                name = game.name()
            ),
            OptionError::PlayersAndSeats { players, seats } => tr!(
                lang,
                "play-option-players-and-seats",
                players = *players,
                seats = *seats
            ),
            OptionError::Players(e) => e.message(lang),
            OptionError::PositionSeats { position, seats } => tr!(
                lang,
                "play-option-position-seats",
                position = *position,
                seats = *seats
            ),
            OptionError::SeatsForTwo { game } => {
                tr!(lang, "play-option-seats-for-two", game = title(*game))
            }
            OptionError::Variant(e) => tr!(lang, "play-option-variant", error = e.message(lang)),
            OptionError::Side(word) => tr!(lang, "play-option-side", side = word),
            OptionError::SideAndMode { side, mode } => {
                tr!(lang, "play-option-side-and-mode", side = side, mode = *mode)
            }
            OptionError::DepthZero => tr!(lang, "play-option-depth-zero"),
            OptionError::TimeZero => tr!(lang, "play-option-time-zero"),
            OptionError::Minimax => tr!(lang, "play-option-minimax"),
            OptionError::Algorithm(word) => tr!(lang, "play-option-algorithm", algo = word),
            OptionError::Ordering(word) => tr!(lang, "play-option-ordering", ordering = word),
            OptionError::Heuristic {
                name,
                game,
                presets,
            } => tr!(
                lang,
                "play-option-heuristic",
                name = name,
                game = title(*game),
                presets = presets.join(", ")
            ),
            OptionError::Position { text, error } => tr!(
                lang,
                "play-option-position",
                position = text,
                error = error.message(lang)
            ),
            OptionError::Server(problem) => tr!(lang, "play-option-server", problem = problem),
            OptionError::NoDataDir => tr!(lang, "play-option-no-data-dir"),
            OptionError::CannotCreate { dir, error } => tr!(
                lang,
                "play-option-cannot-create",
                dir = dir.display().to_string(),
                error = error
            ),
        }
    }
}
