//! Othello's board symmetries: the eight rotations and reflections of the square (the dihedral
//! group), under which the rules are the same, so two positions that are images of each other are
//! one opening. Bit `rank * 8 + file` is a square, as in `ply_core::games::othello`.

use ply_core::Game;
use ply_core::games::othello::Othello;

/// The square of `(rank, file)` under symmetry `t` in 0..8: bit 2 transposes, bit 0 mirrors the
/// files, bit 1 the ranks (the eight combinations are the eight symmetries).
fn image(t: u8, rank: u32, file: u32) -> u32 {
    let (mut r, mut f) = if t & 4 != 0 {
        (file, rank)
    } else {
        (rank, file)
    };
    if t & 1 != 0 {
        f = 7 - f;
    }
    if t & 2 != 0 {
        r = 7 - r;
    }
    r * 8 + f
}

/// The bitboard `bits` under symmetry `t` in 0..8.
pub fn transform(bits: u64, t: u8) -> u64 {
    (0..64u32)
        .filter(|i| bits & (1u64 << i) != 0)
        .fold(0, |acc, i| acc | 1u64 << image(t, i / 8, i % 8))
}

/// The representative of a position's symmetry class: the smallest (black, white) pair over the
/// eight images, with the side to move. Equal for two positions exactly when one is an image of
/// the other.
pub fn canonical_bits(black: u64, white: u64, side: u8) -> (u64, u64, u8) {
    let (b, w) = (0..8)
        .map(|t| (transform(black, t), transform(white, t)))
        .min()
        .unwrap_or((black, white));
    (b, w, side)
}

/// [`canonical_bits`] of an Othello position.
pub fn canonical(pos: &Othello) -> (u64, u64, u8) {
    canonical_bits(pos.black(), pos.white(), pos.side_to_move())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use std::collections::HashSet;

    /// The eight transforms are distinct, each a permutation of the squares, and closed under
    /// composition (a group): checked square by square.
    #[test]
    fn the_transforms_are_the_eight_symmetries_of_the_square() {
        let tables: Vec<Vec<u32>> = (0..8)
            .map(|t| (0..64).map(|i| image(t, i / 8, i % 8)).collect())
            .collect();
        let distinct: HashSet<&Vec<u32>> = tables.iter().collect();
        assert_eq!(distinct.len(), 8);
        for t in &tables {
            let squares: HashSet<u32> = t.iter().copied().collect();
            assert_eq!(squares.len(), 64);
            for u in &tables {
                let composed: Vec<u32> = (0..64).map(|i| u[t[i] as usize]).collect();
                assert!(tables.contains(&composed));
            }
        }
        // A 90-degree turn takes a1 (bit 0) to a corner, never to b1.
        assert!([0, 7, 56, 63].contains(&(transform(1, 4 | 1).trailing_zeros())));
    }

    /// On random disjoint boards, every image has the same canonical form, and the class has as
    /// many members as the brute-force orbit (the distinct images).
    #[test]
    fn the_canonical_form_is_invariant_under_every_symmetry() {
        let mut rng = SmallRng::seed_from_u64(51);
        for case in 0..500 {
            let black: u64 = rng.random::<u64>() & rng.random::<u64>();
            let white: u64 = rng.random::<u64>() & !black;
            // A few symmetric boards too, where images coincide.
            let (black, white) = if case % 50 == 0 {
                (0x0000_0008_1000_0000, 0x0000_0010_0800_0000)
            } else {
                (black, white)
            };
            let c = canonical_bits(black, white, 0);
            for t in 0..8 {
                let (b, w) = (transform(black, t), transform(white, t));
                assert_eq!(
                    b.count_ones() + w.count_ones(),
                    black.count_ones() + white.count_ones()
                );
                assert_eq!(canonical_bits(b, w, 0), c);
            }
            // Brute force: the canonical form is the least of the orbit.
            let orbit: HashSet<(u64, u64)> = (0..8)
                .map(|t| (transform(black, t), transform(white, t)))
                .collect();
            assert_eq!(orbit.iter().min().copied(), Some((c.0, c.1)));
            assert_ne!(canonical_bits(black, white, 1), c);
        }
    }

    /// Every position four plies from the start, enumerated: 236 distinct positions in 60
    /// symmetry classes (the counts issue #51 gives from its own enumeration).
    #[test]
    fn four_ply_othello_has_236_positions_in_60_classes() {
        let mut frontier = vec![Othello::start()];
        let mut moves = Vec::new();
        for _ in 0..4 {
            let mut next = Vec::new();
            for pos in &frontier {
                pos.legal_moves(&mut moves);
                for &mv in &moves {
                    let mut child = *pos;
                    child.play(mv);
                    next.push(child);
                }
            }
            frontier = next;
        }
        let positions: HashSet<(u64, u64, u8)> = frontier
            .iter()
            .map(|p| (p.black(), p.white(), p.side_to_move()))
            .collect();
        let classes: HashSet<(u64, u64, u8)> = frontier.iter().map(canonical).collect();
        assert_eq!(positions.len(), 236);
        assert_eq!(classes.len(), 60);
    }

    /// Openings that are images of each other count once: the four first moves are one opening,
    /// and the 236 four-ply positions give 60 openings.
    #[test]
    fn mirror_openings_count_once() {
        use crate::tournament::openings::{random_openings, random_openings_by};
        let start = Othello::start();
        assert_eq!(random_openings(&start, 10, 1, 1).len(), 4);
        assert_eq!(random_openings_by(&start, 10, 1, 1, canonical).len(), 1);
        assert_eq!(random_openings(&start, 1000, 4, 1).len(), 236);
        let classes = random_openings_by(&start, 1000, 4, 1, canonical);
        assert_eq!(classes.len(), 60);
        let forms: HashSet<(u64, u64, u8)> = classes
            .iter()
            .map(|line| {
                let mut pos = start;
                line.iter().for_each(|&mv| pos.play(mv));
                canonical(&pos)
            })
            .collect();
        assert_eq!(forms.len(), 60);
    }
}
