//! Connect Four perft speed: `cargo bench -p ply-core --bench connect4_perft -- [DEPTH]`
//! (default 10). Prints leaves, time and leaves per second, single thread, bulk counting.

use ply_core::games::connect4::ConnectFour;
use ply_core::{Game, perft};
use std::time::Instant;

fn main() {
    let depth = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u32>().ok())
        .unwrap_or(10);
    let started = Instant::now();
    let leaves = perft(&ConnectFour::start(), depth);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "connect4 perft({depth}) = {leaves} in {secs:.3} s: {:.1} M leaves/s",
        leaves as f64 / secs / 1e6
    );
}
