//! Engine-against-engine play for `ply tournament`, `ply selfplay` and `ply tune`: player specs,
//! randomised openings, the game runner, results (cross table, Elo) and the SVG chart.

pub use ply_core::elo;
pub mod external;
pub mod match_args;
pub mod nboard;
pub mod openings;
pub mod othello_symmetry;
pub mod play;
pub mod report;
pub mod spec;
pub mod svg;
