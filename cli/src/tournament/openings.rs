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

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::games::connect4::ConnectFour;
    use ply_core::games::othello::Othello;

    #[test]
    fn openings_are_distinct_legal_and_seeded() {
        let start = Othello::start();
        let a = random_openings(&start, 50, 4, 7);
        assert_eq!(a, random_openings(&start, 50, 4, 7));
        assert_ne!(a, random_openings(&start, 50, 4, 8));
        let mut seen = HashSet::new();
        for line in &a {
            assert_eq!(line.len(), 4);
            let mut pos = start;
            for &mv in line {
                assert!(pos.is_legal(mv));
                pos.play(mv);
            }
            assert!(seen.insert(pos.format_position()), "duplicate opening");
        }
    }

    #[test]
    fn small_games_return_what_exists() {
        // Connect Four has exactly 7 positions after one ply.
        let a = random_openings(&ConnectFour::start(), 20, 1, 1);
        assert_eq!(a.len(), 7);
    }
}
