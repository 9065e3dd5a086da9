//! Connect Four perft against the independent counts in tests/data/connect4/perft.md (column A:
//! a finished game is one leaf where it ends).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::game::perft_generic;
use ply_core::games::connect4::ConnectFour;
use ply_core::{Game, perft};

const PUBLISHED_A: [u64; 11] = [
    7,
    49,
    343,
    2_401,
    16_807,
    117_649,
    823_536,
    5_686_266,
    39_452_034,
    269_175_990,
    1_849_996_230,
];

fn assert_published_counts(depths: std::ops::RangeInclusive<u32>) {
    let start = ConnectFour::start();
    for depth in depths {
        assert_eq!(
            perft(&start, depth),
            PUBLISHED_A[depth as usize - 1],
            "depth {depth}"
        );
    }
}

#[test]
fn perft_to_depth_8_matches_published_counts() {
    assert_published_counts(1..=8);
}

/// Slow: `cargo test -p ply-core --release --test connect4_perft -- --ignored`.
#[test]
#[ignore]
fn perft_depth_9_and_10_match_published_counts() {
    assert_published_counts(9..=10);
}

#[test]
fn perft_zero_is_one_and_finished_game_is_one_leaf() {
    let start = ConnectFour::start();
    assert_eq!(perft(&start, 0), 1);
    // First player has four in column 1 after 7 moves.
    let won = ConnectFour::parse_position("1212121").unwrap();
    assert!(won.outcome().is_some());
    assert_eq!(perft(&won, 5), 1);
}

#[test]
fn bitboard_perft_equals_the_generic_one_from_many_positions() {
    for text in [
        "",
        "4",
        "44",
        "1212121",
        "121212",
        "4444443",
        "71716116171",
        "121212343434565656212121434343656565777777",
    ] {
        let pos = ConnectFour::parse_position(text).unwrap();
        for depth in 0..=5 {
            assert_eq!(
                perft(&pos, depth),
                perft_generic(&pos, depth),
                "{text} depth {depth}"
            );
        }
    }
}
