//! Exact solvers: game-theoretic values with perfect play by both sides.

pub mod connect4;
pub mod othello;
pub mod split;
