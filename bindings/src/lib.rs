//! UniFFI exports of Ply for the Kotlin (Android) and Swift (iOS) shells: a façade with no
//! logic of its own. Every behaviour lives in `ply_app` (the game session, settings, limits and
//! the app core) or `ply_core` (outbox and sync); this crate restates their types for UniFFI
//! ([`remote`]) and forwards each call.
//!
//! The API (Kotlin names in brackets; see `docs/architecture.md`, "Bindings"):
//! - [`app::AppCore`] (`AppCore`): the app core the shells drive: events in, view models and
//!   effects (through the `AppShell` foreign trait) out;
//! - [`session::GameSession`] (`GameSession`): one game: snapshot, play, undo/redo, computer
//!   moves with cancellation, hints, resignation, record export;
//! - [`settings`]: `settings_for_difficulty` (`settingsForDifficulty`), `recommended_limits`
//!   (`recommendedLimits`), heuristic presets;
//! - [`sync`]: the outbox, one sync run, device registration, the `HttpTransport` foreign trait;
//! - [`logging::init_logging`] (`initLogging`); [`records::validate_record_json`]
//!   (`validateRecordJson`);
//! - `PlyError` (`PlyException`): the one error type.
//!
//! No panic crosses the FFI: every entry point runs inside `ply_app::guard::guard`.

uniffi::setup_scaffolding!();

pub mod app;
pub mod app_types;
pub mod logging;
pub mod records;
pub mod remote;
pub mod session;
pub mod settings;
pub mod sync;

pub use logging::{LogLevel, init_logging};
pub use records::validate_record_json;
pub use remote::*;
pub use session::GameSession;
pub use settings::{
    default_engine_settings, heuristic_presets, heuristic_weights_json, recommended_limits,
    settings_for_difficulty,
};

/// Version of the Ply core library, for the shells' "about" screens and records.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
