//! Real games the shipped pattern weights never saw: the WTHOR years 1977 and 1980
//! (`tests/data/wthor/`, with their provenance there), for the tests that judge the evaluation and
//! the search built on it.
#![allow(dead_code)]

use ply_core::games::othello::Othello;
use ply_core::record::wthor::decode_file;
use ply_core::train::othello::{TrainGame, labelled_positions};
use std::path::PathBuf;

pub const UNSEEN: [&str; 2] = ["WTH_1977.wtb", "WTH_1980.wtb"];

pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../tests/data/wthor/{name}"))
}

pub fn unseen_games() -> Vec<TrainGame> {
    let mut games = Vec::new();
    for name in UNSEEN {
        let bytes = std::fs::read(data(name)).expect("test data");
        let file = decode_file(&bytes).expect("a WTHOR file");
        games.extend(
            file.games
                .iter()
                .filter_map(|g| TrainGame::from_wthor(g, file.header.depth)),
        );
    }
    games
}

/// Positions of the unseen games: one a game, with `discs(i)` discs or just over.
pub fn unseen_positions(count: usize, discs: impl Fn(usize) -> u32) -> Vec<Othello> {
    unseen_games()
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            labelled_positions(g, 0)
                .into_iter()
                .map(|(p, _)| p)
                .find(|p| 64 - p.empty_count() >= discs(i) && p.move_mask() != 0)
        })
        .take(count)
        .collect()
}
