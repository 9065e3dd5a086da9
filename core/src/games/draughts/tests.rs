//! Unit tests for the position, move generation and notation.

use super::*;
use crate::game::perft;

fn pos(fen: &str) -> Draughts {
    match Draughts::parse_position(fen) {
        Ok(p) => p,
        Err(e) => panic!("bad test FEN {fen}: {e}"),
    }
}

fn move_texts(p: &Draughts) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| notation::full_path(*m)).collect();
    v.sort();
    v
}

#[test]
fn start_perft_published_depths_1_to_7() {
    let want = [7u64, 49, 302, 1469, 7361, 36768, 179740];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(
            perft(&Draughts::start(), d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
    }
}

#[test]
fn start_moves() {
    let got = move_texts(&Draughts::start());
    let mut want: Vec<String> = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    want.sort();
    assert_eq!(got, want);
}
