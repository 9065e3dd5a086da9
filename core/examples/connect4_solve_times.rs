//! Worst and mean exact-solve cost by stones on the board, over Pons' early test positions
//! (`tests/data/connect4/Test_L1_R*`): what decides how deep the opening book must be for every
//! later position to be solved within a move's time. Each position is solved with a fresh
//! table of the size a review gives its solver (16 MiB), as the first solve of a game is.
//!
//! `cargo run --release -p ply-core --example connect4_solve_times [MIN MAX [PER]]`: stones from
//! MIN to MAX (default 6 to 12), the first PER positions of each (default all).

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::solve::connect4::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (min, max) = (
        args.first().copied().unwrap_or(6),
        args.get(1).copied().unwrap_or(12),
    );
    let sets = [
        include_str!("../../tests/data/connect4/Test_L1_R1"),
        include_str!("../../tests/data/connect4/Test_L1_R2"),
        include_str!("../../tests/data/connect4/Test_L1_R3"),
    ];
    let per = args.get(2).copied().unwrap_or(usize::MAX);
    println!("stones positions mean_ms max_ms max_nodes worst");
    for stones in min..=max {
        let mut count = 0;
        let (mut total_ms, mut max_ms, mut max_nodes, mut worst) =
            (0.0, 0.0f64, 0u64, String::new());
        for line in sets.iter().flat_map(|t| t.lines()) {
            let Some((moves, score)) = line.split_once(' ') else {
                continue;
            };
            if moves.len() != stones || count == per {
                continue;
            }
            let Ok(pos) = ConnectFour::parse_position(moves) else {
                eprintln!("bad position {moves}");
                continue;
            };
            let mut solver = Solver::new(16 << 20);
            let started = Instant::now();
            let found = solver.best_move(&pos).map(|(_, s)| s);
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            if found != score.trim().parse().ok() {
                eprintln!("{moves}: solver {found:?}, published {score}");
            }
            count += 1;
            total_ms += ms;
            if ms > max_ms {
                (max_ms, worst) = (ms, moves.to_string());
            }
            max_nodes = max_nodes.max(solver.nodes());
        }
        if count > 0 {
            println!(
                "{stones} {count} {:.1} {max_ms:.1} {max_nodes} {worst}",
                total_ms / count as f64
            );
        }
    }
}
