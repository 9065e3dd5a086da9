//! Learning evaluations from real games: the positions are labelled with exact values from the
//! solvers, so the trainer sits above them (and the opening book, built from the same labelled
//! games, beside it).

pub mod othello;
