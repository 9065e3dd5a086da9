//! One module per endpoint.

pub mod devices;
pub mod export;
pub mod games;
pub mod health;
pub mod stats;
