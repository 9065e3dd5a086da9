//! The Ply collector: stores every finished game for analysis.
//!
//! Library API (the binary, the tests and the CLI use it):
//! - [`Db::connect`] opens SQLite (`sqlite://FILE`, created if missing) or PostgreSQL
//!   (`postgres://...`) and applies the embedded migrations;
//! - [`AppState::new`] + [`app`] build the axum router; [`serve`] runs it on a listener with
//!   the connection limits of [`conn`] and a bounded graceful shutdown;
//! - [`db::Db::export_page`] and [`db::Db::stats`] read the collection directly.

pub mod app;
pub mod auth;
pub mod budget;
pub mod charts;
pub mod client_addr;
pub mod config;
pub mod conn;
pub mod db;
pub mod engines;
pub mod error;
pub mod extract;
pub mod fuzzing;
pub mod ingest;
pub mod logging;
pub mod ratelimit;
pub mod routes;
pub mod testing;

pub use app::{AppState, app, serve, shutdown_signal};
pub use config::Config;
pub use db::Db;
pub use error::ApiError;
