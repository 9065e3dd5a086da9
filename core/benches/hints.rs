//! The time of a two-player hint (`review::best_move`, the review's best move: one thread,
//! fresh tables) in positions of random play, per game and number of plies from the start: the
//! table of `docs/performance.md`, "Hints". `cargo bench -p ply-core --bench hints`.

use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::review::{best_move, judge::Reviewable};
use ply_core::search::StopToken;
use std::time::Instant;

/// Times the hint in `count` positions `plies` random moves from the start (xorshift from a
/// fixed seed, so every run meets the same positions), for each `plies` given.
fn measure<G: Reviewable>(plies: &[usize], count: usize) {
    let mut seed: u64 = 12345;
    let mut random = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for &p in plies {
        let (mut worst, mut sum, mut worst_at) = (0f64, 0f64, String::new());
        for _ in 0..count {
            let mut pos = G::start();
            let mut legal = Vec::new();
            for _ in 0..p {
                pos.legal_moves(&mut legal);
                let mut next = pos;
                next.play(legal[random(legal.len())]);
                if next.outcome().is_some() {
                    break;
                }
                pos = next;
            }
            let started = Instant::now();
            let found = best_move(&pos, &G::review_config(), &StopToken::new());
            let secs = started.elapsed().as_secs_f64();
            assert!(found.is_some(), "no hint in {}", pos.format_position());
            sum += secs;
            if secs > worst {
                worst = secs;
                worst_at = pos.format_position();
            }
        }
        println!(
            "{} after {p} plies: mean {:.3} s, worst {:.3} s ({worst_at})",
            G::NAME,
            sum / count as f64,
            worst
        );
    }
}

fn main() {
    measure::<ConnectFour>(&[0, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24], 12);
    measure::<Othello>(&[0, 20, 36, 40, 44, 50], 6);
    measure::<Draughts>(&[0, 10, 30, 60], 6);
}
