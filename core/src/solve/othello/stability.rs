//! Stable discs: discs that no sequence of moves can ever flip. Used as an upper bound on the
//! final score in the endgame search (the opponent keeps its stable discs).
//!
//! A disc is stable if, in each of the four line directions, the line through it is full, or it
//! touches the board edge, or its neighbour on that line is a stable disc of the same colour.
//! Growing that set from the edges to a fixed point gives a subset of the truly stable discs
//! (every disc it finds is stable; some stable discs may be missed), which is all a bound needs.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
const BORDER: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The 15 diagonals in each of the two diagonal directions.
static DIAGONALS: [[u64; 15]; 2] = build_diagonals();

const fn build_diagonals() -> [[u64; 15]; 2] {
    let mut d = [[0u64; 15]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        d[0][f + 7 - r] |= 1u64 << sq; // a1-h8 direction: file - rank constant
        d[1][f + r] |= 1u64 << sq; // a8-h1 direction: file + rank constant
        sq += 1;
    }
    d
}

/// Masks of the squares whose line is completely filled: (horizontal, vertical, a1-h8, h1-a8).
#[inline(always)]
fn full_lines(occupied: u64) -> [u64; 4] {
    let mut h = occupied;
    h &= h >> 4;
    h &= h >> 2;
    h &= h >> 1;
    h = (h & FILE_A).wrapping_mul(0xFF);
    let mut v = occupied;
    v &= v >> 32;
    v &= v >> 16;
    v &= v >> 8;
    v = (v & 0xFF).wrapping_mul(FILE_A);
    let mut diag = [0u64; 2];
    for (out, lines) in diag.iter_mut().zip(&DIAGONALS) {
        for &line in lines {
            if occupied & line == line {
                *out |= line;
            }
        }
    }
    [h, v, diag[0], diag[1]]
}

/// A subset of the stable discs of the side owning `own` (the other side owns `other`).
#[inline(always)]
pub fn stable_discs(own: u64, other: u64) -> u64 {
    let [full_h, full_v, full_d9, full_d7] = full_lines(own | other);
    // Discs stable "by line or edge" in each direction before any neighbour is known stable.
    let base_h = full_h | FILE_A | FILE_H;
    let base_v = full_v | RANK_1 | RANK_8;
    let base_d9 = full_d9 | BORDER;
    let base_d7 = full_d7 | BORDER;
    let mut stable = own & base_h & base_v & base_d9 & base_d7;
    if stable == 0 {
        return 0;
    }
    loop {
        let h = base_h | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let v = base_v | (stable << 8) | (stable >> 8);
        let d9 = base_d9 | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let d7 = base_d7 | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let grown = stable | (own & h & v & d9 & d7);
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::bitboard::{Squares, flips, legal_moves};

    #[test]
    fn corners_and_their_edges_are_stable() {
        // Black a1 b1 c1, white d1: a1..c1 stable, d1 not (e1 empty... and it borders c1 black).
        let black = 0b111;
        let white = 0b1000;
        assert_eq!(stable_discs(black, white), 0b111);
        assert_eq!(stable_discs(white, black), 0);
        assert_eq!(stable_discs(0, 0), 0);
    }

    /// No disc reported stable is ever flipped in random play continuing from random positions.
    #[test]
    fn stable_discs_never_flip_in_random_play() {
        let mut rng = crate::rng::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        let mut rnd = || rng.next_u64();
        for _ in 0..3000 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut turn = 0; // 0: p is black
            let mut checks: Vec<(u64, u8)> = Vec::new();
            let stop = rnd() % 60;
            for ply in 0..200 {
                let moves = legal_moves(p, o);
                if moves == 0 {
                    if legal_moves(o, p) == 0 {
                        break;
                    }
                    std::mem::swap(&mut p, &mut o);
                    turn ^= 1;
                    continue;
                }
                if ply == stop {
                    checks.push((stable_discs(p, o), turn));
                    checks.push((stable_discs(o, p), turn ^ 1));
                }
                let choices: Vec<usize> = Squares(moves).collect();
                let sq = choices[(rnd() % choices.len() as u64) as usize];
                let f = flips(sq, p, o);
                let mover = p | f | (1 << sq);
                p = o ^ f;
                o = mover;
                turn ^= 1;
                for &(stable, owner) in &checks {
                    let owned = if owner == turn { p } else { o };
                    assert_eq!(stable & owned, stable, "a stable disc was flipped");
                }
            }
        }
    }
}
