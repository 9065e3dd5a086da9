//! Random openings: `plies` random legal moves from the start, deduplicated by position, so
//! every pairing plays the same set of distinct starting positions with colours swapped.

use ply_core::Game;
use std::collections::HashSet;

/// SplitMix64: a tiny seeded generator, so openings depend on `--seed` alone.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// Up to `count` distinct openings of `plies` random moves from `start` (games that end inside
/// the opening are skipped). Fewer come back when the game has fewer distinct positions at that
/// depth; the caller reuses them cyclically.
pub fn random_openings<G: Game>(
    start: &G,
    count: usize,
    plies: usize,
    seed: u64,
) -> Vec<Vec<G::Move>> {
    let mut rng = SplitMix(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 50 + 100 {
        attempts += 1;
        let mut pos = *start;
        let mut moves = Vec::with_capacity(plies);
        for _ in 0..plies {
            pos.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            let mv = buf[rng.below(buf.len())];
            pos.play(mv);
            moves.push(mv);
        }
        if moves.len() < plies || pos.outcome().is_some() {
            continue;
        }
        if seen.insert((pos.hash(), pos.format_position())) {
            out.push(moves);
        }
    }
    if out.is_empty() {
        out.push(Vec::new());
    }
    out
}
