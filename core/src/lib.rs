//! Ply's core: exact rules for the games, the search engines, the weighted heuristic, game
//! records and the sync protocol. Pure Rust: no FFI, no network, no CLI dependencies, so it
//! compiles for phones as it is. With the `uniffi` feature (which only `ply-ffi` turns on) the
//! types the phone shells see, [`games::GameKind`] and the sync transport
//! ([`sync::HttpTransport`] and its records), derive their UniFFI form here, where they are
//! defined (`core/uniffi.toml`: Kotlin package `dev.ply.core`).

#[cfg(feature = "uniffi")]
uniffi::setup_scaffolding!();

pub mod book;
pub mod bytes;
pub mod elo;
pub mod engine;
pub mod fuzzing;
pub mod game;
pub mod games;
pub mod heuristic;
pub mod line;
pub mod move_text;
pub mod record;
pub mod review;
pub(crate) mod rng;
pub mod search;
pub mod solve;
pub mod sync;
pub mod train;

pub use game::perft_generic;
pub use game::{
    EVAL_LIMIT, EndReason, Evaluator, Game, Outcome, ParseError, Player, ProbCutError, perft,
};
pub use line::{GameLine, PlayError};
