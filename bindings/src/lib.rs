//! UniFFI exports of ply-core for the Kotlin (Android) and Swift (iOS) shells.
//!
//! The API (Kotlin names in brackets; see README "Bindings"):
//! - [`session::GameSession`] (`GameSession`): one game: snapshot, play, undo/redo, computer
//!   moves with cancellation, hints, resignation, record export;
//! - [`settings`]: `EngineSettings`, `settings_for_difficulty` (`settingsForDifficulty`);
//! - [`limits::recommended_limits`] (`recommendedLimits`): search caps from device memory;
//! - [`logging::init_logging`] (`initLogging`);
//! - [`records::validate_record_json`] (`validateRecordJson`);
//! - [`error::PlyError`] (`PlyException`): the one error type.
//!
//! No panic crosses the FFI: every entry point runs inside [`guard::guard`].

uniffi::setup_scaffolding!();

pub mod board;
mod draughts;
mod driver;
mod engine;
pub mod error;
mod guard;
pub mod heuristics;
pub mod limits;
pub mod logging;
pub mod records;
pub mod session;
pub mod settings;
pub mod snapshot;
pub mod sync;

pub use board::Piece;
pub use error::PlyError;
pub use heuristics::{heuristic_presets, heuristic_weights_json};
pub use limits::{EngineLimits, recommended_limits};
pub use logging::{LogLevel, init_logging};
pub use records::validate_record_json;
pub use session::{ClientPlatform, GameSession, PlayerKind};
pub use settings::{
    AdsOptions, AdsUpdateRule, EngineSettings, GameKind, HeuristicChoice, MoveOrdering,
    SearchAlgorithm, SearchLimits, default_engine_settings, settings_for_difficulty,
};
pub use snapshot::{
    Cell, ComputerMove, EndReason, GameStatus, MoveInfo, SearchInfo, Side, Snapshot,
};

/// Version of the Ply core library, for the shells' "about" screens and records.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
