//! Draughts perft from the start against the published convention-A counts
//! (tests/data/checkers/perft.md: Aart Bik, OEIS A133046).
//!
//! Depths 10-12 are slow: run them with
//! `cargo test -p ply-core --release --test draughts_perft -- --ignored`.

use ply_core::games::draughts::Draughts;
use ply_core::{Game, perft};

const PUBLISHED: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_361,
    36_768,
    179_740,
    845_931,
    3_963_680,
    18_391_564,
    85_242_128,
    388_623_673,
];

fn check(depth: u32) {
    let idx = depth as usize - 1;
    assert_eq!(
        perft(&Draughts::start(), depth),
        PUBLISHED[idx],
        "perft({depth})"
    );
}

#[test]
fn start_perft_1_to_9() {
    for d in 1..=9 {
        check(d);
    }
}

#[test]
#[ignore = "slow: perft(10), run with --ignored in release"]
fn start_perft_10() {
    check(10);
}

#[test]
#[ignore = "slow: perft(11), run with --ignored in release"]
fn start_perft_11() {
    check(11);
}

/// Depth 12 is the first where convention A (every jump path a move) differs from merging
/// duplicate captures (388,617,999): this checks that ring captures are counted per path.
#[test]
#[ignore = "slow: perft(12), run with --ignored in release"]
fn start_perft_12() {
    check(12);
}
