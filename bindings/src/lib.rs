//! UniFFI exports of Ply for the Kotlin (Android) and Swift (iOS) shells: a façade with no
//! logic of its own. Every behaviour lives in `ply_app` (the app core) or `ply_core` (the games
//! and the sync protocol); the types the shells see derive their FFI form where `ply_core` and
//! `ply_app` define them (their `uniffi` features), and this crate exports what uses them.
//!
//! The API (Kotlin names in brackets; see `docs/architecture.md`, "Bindings"):
//! - [`app::AppCore`] (`AppCore`): the app core the shells drive: events in, view models and
//!   effects (through the `AppShell` foreign trait) out; with `startFailureReason` and
//!   `syncRetryBaseSeconds`;
//! - `HttpTransport` (defined in `ply_core::sync`): the platform's HTTP stack the core's sync
//!   sends through, a foreign trait the shells implement;
//! - [`platform`]: the background worker's policy, the transport's limits, iOS's scene phases
//!   and background tasks;
//! - [`logging::init_logging`] (`initLogging`), [`logging::init_logging_to`] (`initLoggingTo`);
//! - [`error::PlyError`] (`PlyException`): the one error type, what `AppCore.start` can fail
//!   with (inside, the app core's errors are `ply_app::AppError`, said on its screens).
//!
//! No panic crosses the FFI: every entry point runs inside `ply_app::guard::guard`.

uniffi::setup_scaffolding!();

pub mod app;
pub mod error;
pub mod logging;
pub mod platform;

pub use logging::{LogLevel, init_logging};
