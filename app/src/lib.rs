//! Ply's app behaviour in one place, for the Android, iOS and terminal shells.
//!
//! Two layers, both plain Rust (no network). The types the phone shells see derive their UniFFI
//! form where they are defined, behind the `uniffi` feature that only `ply-ffi` turns on; the
//! generated Kotlin (package `dev.ply.core`) and Swift hold them, and `ply-ffi` exports the
//! objects and functions that use them:
//! - the **game session** ([`session::Session`]): one game with its board as drawn
//!   ([`snapshot::Snapshot`]), human and computer moves, undo/redo, hints, cancellation,
//!   resignation and the finished game's record; with the engine settings ([`settings`]),
//!   difficulty levels and the device limits every search is clamped to ([`limits`]);
//! - the **app core** ([`app`]): every screen as state changed by events and read through view
//!   models, asking the shell for effects (render, save, schedule sync, haptics, announcements),
//!   with thinking on its own worker thread. The shape is the Elm architecture as Crux applies
//!   it to SwiftUI and Compose.

// The FFI scaffolding of this crate's types (namespace `ply_app`); see bindings/README.md.
#[cfg(feature = "uniffi")]
uniffi::setup_scaffolding!();

pub mod app;
pub mod board;
mod draughts;
mod driver;
mod engine;
pub mod error;
pub mod guard;
pub mod heuristics;
pub mod i18n;
pub mod judgement;
pub mod level_threads;
pub mod limits;
mod line;
pub mod move_refusal;
mod multi;
mod rules_variant;
pub mod session;
pub mod settings;
pub mod snapshot;

pub use board::Piece;
pub use error::{AppError, PositionError, SettingsError, Turn};
pub use heuristics::{heuristic_presets, heuristic_weights_json};
pub use limits::{EngineLimits, recommended_limits};
pub use rules_variant::RulesVariant;
pub use session::{ClientPlatform, PlayerKind, Session};
pub use settings::{
    AdsOptions, AdsUpdateRule, EngineSettings, GameKind, HeuristicChoice, MoveOrdering,
    SearchAlgorithm, SearchLimits, default_engine_settings, settings_for_difficulty,
};
pub use snapshot::{
    Cell, ComputerMove, EndReason, GameStatus, MoveInfo, ReplacedPiece, SearchInfo, Side, Snapshot,
};
