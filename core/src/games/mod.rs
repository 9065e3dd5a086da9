//! The games, each with exact rules, bitboards and its standard notation.

pub mod chinese_checkers;
pub mod connect4;
pub mod draughts;
pub mod focus;
pub mod othello;
pub mod virus;

mod kind;

pub use kind::{GameFacts, GameKind};
