//! The last empty square: how many discs a move there flips, from table lookups on the four
//! lines through the square. With one empty square left every other square holds a disc, so the
//! mover's discs alone say where each run of opponent discs ends.

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `FLIP_COUNT[pos][line]`: discs flipped along one line when the player owning the squares set
/// in `line` (bit `i` = square `i` of the line) plays at `pos`, every other square of the line
/// being the opponent's or off the board (so a run that reaches the end flips nothing).
static FLIP_COUNT: [[u8; 256]; 8] = build_flip_count();

const fn build_flip_count() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards lower squares.
            let mut i = pos as i32 - 1;
            let mut run = 0;
            while i >= 0 && line & (1 << i) == 0 {
                run += 1;
                i -= 1;
            }
            if i >= 0 {
                count += run;
            }
            // Towards higher squares.
            let mut i = pos + 1;
            let mut run = 0;
            while i < 8 && line & (1 << i) == 0 {
                run += 1;
                i += 1;
            }
            if i < 8 {
                count += run;
            }
            table[pos][line] = count;
            line += 1;
        }
        pos += 1;
    }
    table
}

/// The two diagonals through each square: (a1-h8 direction, h1-a8 direction).
static DIAGONALS: [[u64; 2]; 64] = build_diagonals();

const fn build_diagonals() -> [[u64; 2]; 64] {
    let mut d = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (g, s) = (other % 8, other / 8);
            if g - s == f - r {
                d[sq][0] |= 1u64 << other;
            }
            if g + s == f + r {
                d[sq][1] |= 1u64 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    d
}

/// Discs flipped when the owner of `p` plays on `sq`, every square but `sq` being occupied
/// (the opponent owns all the rest). Equals `flips(sq, p, !p & !bit(sq)).count_ones()`.
#[inline(always)]
pub fn last_flip_count(sq: usize, p: u64) -> u32 {
    let sq = sq & 63;
    let (f, r) = (sq & 7, sq >> 3);
    let row = ((p >> (r * 8)) & 0xFF) as usize;
    // Column `f` gathered into one byte, rank k at bit k (the products never overlap).
    let col = (((p >> f) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    // A diagonal holds at most one square per rank, on distinct files: summing its ranks into
    // the top byte leaves file k at bit k.
    let [d9, d7] = DIAGONALS[sq];
    let diag9 = ((p & d9).wrapping_mul(FILE_A) >> 56) as usize;
    let diag7 = ((p & d7).wrapping_mul(FILE_A) >> 56) as usize;
    u32::from(FLIP_COUNT[f][row])
        + u32::from(FLIP_COUNT[r][col])
        + u32::from(FLIP_COUNT[f][diag9])
        + u32::from(FLIP_COUNT[f][diag7])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::bitboard::flips;

    /// Agrees with the general flip computation on random boards with one empty square.
    #[test]
    fn last_flip_count_matches_the_flips() {
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15u64);
        let mut rnd = || rng.next_u64();
        for _ in 0..200_000 {
            let sq = (rnd() % 64) as usize;
            let bit = 1u64 << sq;
            // Mostly random boards, some nearly one-sided ones (long runs).
            let mut p = rnd() & !bit;
            if rnd() % 4 == 0 {
                p &= rnd() & rnd();
            }
            let o = !p & !bit;
            assert_eq!(
                last_flip_count(sq, p),
                flips(sq, p, o).count_ones(),
                "sq {sq} p {p:#x}"
            );
            assert_eq!(last_flip_count(sq, o), flips(sq, o, p).count_ones());
        }
    }
}
