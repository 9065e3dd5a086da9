//! The opening books: Othello's built from real games, Connect Four's solved.

pub mod connect4;
pub mod othello;
