pub mod perft;
pub mod play;
pub mod search;
pub mod show;
pub mod solve;
