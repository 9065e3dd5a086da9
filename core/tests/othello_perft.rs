//! Othello perft against the published table (Aart Bik; convention A: a pass is a ply, a finished
//! game is one leaf), both through the fast path and through the generic trait-only perft.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::games::othello::Othello;
use ply_core::{Game, perft, perft_generic};

const PUBLISHED: [u64; 11] = [
    4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
];

fn assert_fast_perft_published(start: &Othello, depths: std::ops::RangeInclusive<u32>) {
    for depth in depths {
        assert_eq!(
            perft(start, depth),
            PUBLISHED[depth as usize - 1],
            "fast, depth {depth}"
        );
    }
}

#[test]
fn perft_to_depth_8_matches_the_published_counts() {
    let start = Othello::start();
    assert_fast_perft_published(&start, 1..=8u32);
    for depth in 1..=7u32 {
        let generic = perft_generic(&start, depth);
        assert_eq!(
            generic,
            PUBLISHED[depth as usize - 1],
            "generic, depth {depth}"
        );
    }
    assert_eq!(perft(&start, 0), 1);
}

/// Depths 9-11 (a few seconds in release). Run with
/// `cargo test -p ply-core --release --test othello_perft -- --ignored`.
#[test]
#[ignore]
fn perft_to_depth_11_matches_the_published_counts() {
    let start = Othello::start();
    assert_fast_perft_published(&start, 9..=11u32);
    assert_eq!(perft_generic(&start, 9), PUBLISHED[8], "generic, depth 9");
}

/// Positions near the end where passes and game ends happen often: fast and generic agree.
#[test]
fn fast_and_generic_perft_agree_on_endgame_positions() {
    let text = include_str!("../../tests/data/othello/fforum-1-19.obf");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let pos = Othello::parse_position(line).unwrap();
        for depth in 1..=4 {
            assert_eq!(
                perft(&pos, depth),
                perft_generic(&pos, depth),
                "{line} depth {depth}"
            );
        }
    }
}
