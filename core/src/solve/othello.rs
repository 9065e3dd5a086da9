//! Othello exact endgame solver (being written).
