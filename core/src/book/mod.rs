//! Opening books built from real games.

pub mod othello;
