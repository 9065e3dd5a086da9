//! Othello bitboard primitives: move masks and flip sets on two `u64`s.
//!
//! Layout: bit 0 = a1, bit 7 = h1, bit 8 = a2, ..., bit 63 = h8 (row-major from a1), so the
//! character index `i` of the 64-character position string is bit `i`. Shifting left by 1 moves
//! a disc one file east (towards h), by 8 one rank north (towards rank 8).
//!
//! Everything here is branch-light and table-free except for one 4 KiB ray table; the functions
//! take `(player, opponent)`, the side to move first.

/// Every square except the a and h files: stops horizontal and diagonal shifts wrapping a row.
pub const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;
/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Moves in one direction pair (`+dir` and `-dir`): a parallel-prefix fill through opponent discs
/// (`mask` = opponent discs that may lie on a line in this direction), six discs at most.
#[inline(always)]
fn moves_along(p: u64, mask: u64, dir: u32) -> u64 {
    let mut up = mask & (p << dir);
    up |= mask & (up << dir);
    let mask_up = mask & (mask << dir);
    up |= mask_up & (up << (2 * dir));
    up |= mask_up & (up << (2 * dir));

    let mut down = mask & (p >> dir);
    down |= mask & (down >> dir);
    let mask_down = mask & (mask >> dir);
    down |= mask_down & (down >> (2 * dir));
    down |= mask_down & (down >> (2 * dir));

    (up << dir) | (down >> dir)
}

/// Squares where the side owning `p` may play against `o` (empty squares that outflank).
#[inline(always)]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let inner = o & NOT_EDGE_FILES;
    let moves = moves_along(p, inner, 1)
        | moves_along(p, o, 8)
        | moves_along(p, inner, 7)
        | moves_along(p, inner, 9);
    moves & !(p | o)
}

/// Direction steps as (file delta, rank delta); the first four increase the bit index.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

/// `RAYS[sq][d]`: the squares strictly beyond `sq` in direction `d`, to the board edge.
pub(crate) static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            let mut mask = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                mask |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq][d] = mask;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The opponent discs flipped when the player plays on `sq` (0 if the move flips nothing, i.e.
/// is illegal). `sq` must be below 64.
#[inline(always)]
pub fn flips(sq: usize, p: u64, o: u64) -> u64 {
    let rays = &RAYS[sq & 63];
    let bit = 1u64 << (sq & 63);
    let mut flipped = 0;
    // Towards higher bits: adding the move's bit to (opponent | outside the ray) carries through
    // the run of opponent discs and lands on the first ray square that is not an opponent disc.
    for &mask in &rays[..4] {
        let outflank = mask & (o | !mask).wrapping_add(bit) & p;
        flipped |= outflank.wrapping_sub((outflank != 0) as u64) & mask;
    }
    // Towards lower bits: the highest ray square that is not an opponent disc ends the run.
    for &mask in &rays[4..] {
        let stop = !o & mask;
        let outflank = (0x8000_0000_0000_0000u64 >> (stop | 1).leading_zeros()) & p & mask;
        flipped |= (outflank.wrapping_neg() << 1) & mask;
    }
    flipped
}

/// Iterates over the set bits of a mask as square indices, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Flips computed by walking the board square by square, the obvious way.
    fn flips_by_walking(sq: usize, p: u64, o: u64) -> u64 {
        let mut all = 0;
        for (df, dr) in DIRECTIONS {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            let mut run = 0u64;
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let b = 1u64 << (r * 8 + f);
                if o & b != 0 {
                    run |= b;
                } else {
                    if p & b != 0 {
                        all |= run;
                    }
                    break;
                }
                f += df;
                r += dr;
            }
        }
        all
    }

    fn moves_by_walking(p: u64, o: u64) -> u64 {
        (0..64)
            .filter(|&sq| (p | o) & (1 << sq) == 0 && flips_by_walking(sq, p, o) != 0)
            .fold(0, |m, sq| m | 1 << sq)
    }

    #[test]
    fn rays_stop_at_the_edges() {
        // a1 east: b1..h1; h1 east: nothing; a1 north-east: the long diagonal.
        assert_eq!(RAYS[0][0], 0xFE);
        assert_eq!(RAYS[7][0], 0);
        assert_eq!(RAYS[0][2], 0x8040_2010_0804_0200);
        assert_eq!(RAYS[63][6], 0x0040_2010_0804_0201);
    }

    #[test]
    fn fast_moves_and_flips_match_walking_on_random_boards() {
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.next_u64();
        for _ in 0..20_000 {
            let occupied = next() | next();
            let p = occupied & next();
            let o = occupied & !p;
            assert_eq!(
                legal_moves(p, o),
                moves_by_walking(p, o),
                "p={p:#x} o={o:#x}"
            );
            for sq in 0..64 {
                if (p | o) & (1 << sq) == 0 {
                    assert_eq!(flips(sq, p, o), flips_by_walking(sq, p, o), "sq={sq}");
                }
            }
        }
    }
}
