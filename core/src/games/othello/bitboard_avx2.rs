//! [`super::bitboard`]'s move generator and flip computation for x86-64 CPUs with AVX2: the
//! four directions of one sense side by side in a 256-bit register instead of one after the
//! other. The results are the same bit for bit. Callers check the CPU has AVX2 before calling
//! (the endgame solver picks its build at run time, see `solve::othello::search`).

use super::bitboard::{NOT_EDGE_FILES, RAYS};
use std::arch::x86_64::*;

/// ORs the four 64-bit lanes together.
#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(v: __m256i) -> u64 {
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// Lane shifts of the four directions, in the order of `RAYS[sq][4..]` (towards lower bits:
/// one file, one rank, the a1-h8 and the h1-a8 diagonal).
#[target_feature(enable = "avx2")]
#[inline]
fn steps() -> __m256i {
    _mm256_set_epi64x(7, 9, 8, 1)
}

/// The opponent discs flipped when the player plays on `sq` (0 if none): equals
/// [`super::bitboard::flips`].
///
/// # Safety
/// Outside code compiled for AVX2, call only on a CPU that has it.
#[target_feature(enable = "avx2")]
#[inline]
pub fn flips(sq: usize, p: u64, o: u64) -> u64 {
    let sq = sq & 63;
    let bit = 1u64 << sq;
    let rays = &RAYS[sq];
    // SAFETY: `rays` is eight u64s; each load reads four of them (unaligned loads are allowed).
    let (up_rays, down_rays) = unsafe {
        (
            _mm256_loadu_si256(rays.as_ptr().cast()),
            _mm256_loadu_si256(rays.as_ptr().add(4).cast()),
        )
    };
    let (pv, ov, bv) = (
        _mm256_set1_epi64x(p as i64),
        _mm256_set1_epi64x(o as i64),
        _mm256_set1_epi64x(bit as i64),
    );
    let zero = _mm256_setzero_si256();
    // Towards higher bits, as in the scalar code: adding the move's bit to (opponent | outside
    // the ray) carries through the run of opponent discs onto the square that ends it.
    let outside = _mm256_andnot_si256(up_rays, _mm256_set1_epi64x(-1));
    let carried = _mm256_add_epi64(_mm256_or_si256(ov, outside), bv);
    let outflank = _mm256_and_si256(_mm256_and_si256(carried, up_rays), pv);
    let none = _mm256_cmpeq_epi64(outflank, zero);
    // outflank - 1 covers the move and the run below the outflanking disc; the ray keeps the run.
    let below = _mm256_sub_epi64(outflank, _mm256_set1_epi64x(1));
    let up = _mm256_andnot_si256(none, _mm256_and_si256(below, up_rays));
    // Towards lower bits: the run of opponent discs along each ray by a doubling fill (at most
    // six discs), kept where the square after it is the player's.
    let s = steps();
    let s2 = _mm256_add_epi64(s, s);
    let run_mask = _mm256_and_si256(ov, down_rays);
    let mut run = _mm256_and_si256(run_mask, _mm256_srlv_epi64(bv, s));
    run = _mm256_or_si256(run, _mm256_and_si256(run_mask, _mm256_srlv_epi64(run, s)));
    let pairs = _mm256_and_si256(run_mask, _mm256_srlv_epi64(run_mask, s));
    run = _mm256_or_si256(run, _mm256_and_si256(pairs, _mm256_srlv_epi64(run, s2)));
    run = _mm256_or_si256(run, _mm256_and_si256(pairs, _mm256_srlv_epi64(run, s2)));
    // The ray keeps the square after the run on the board (a shift can wrap to another rank).
    let closed = _mm256_and_si256(_mm256_srlv_epi64(run, s), _mm256_and_si256(pv, down_rays));
    let down = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed, zero), run);
    or_lanes(_mm256_or_si256(up, down))
}

/// Squares where the side owning `p` may play against `o`: equals
/// [`super::bitboard::legal_moves`].
///
/// # Safety
/// As for [`flips`].
#[target_feature(enable = "avx2")]
#[inline]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let s = steps();
    let s2 = _mm256_add_epi64(s, s);
    let pv = _mm256_set1_epi64x(p as i64);
    // Opponent discs that may lie inside a line of each direction (no wrap across the a and h
    // files but for the vertical one).
    let inner = (o & NOT_EDGE_FILES) as i64;
    let mask = _mm256_set_epi64x(inner, inner, o as i64, inner);
    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(pv, s));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, s)));
    let mask_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, s));
    up = _mm256_or_si256(up, _mm256_and_si256(mask_up, _mm256_sllv_epi64(up, s2)));
    up = _mm256_or_si256(up, _mm256_and_si256(mask_up, _mm256_sllv_epi64(up, s2)));
    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(pv, s));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, s)));
    let mask_down = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, s));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(mask_down, _mm256_srlv_epi64(down, s2)),
    );
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(mask_down, _mm256_srlv_epi64(down, s2)),
    );
    let moves = _mm256_or_si256(_mm256_sllv_epi64(up, s), _mm256_srlv_epi64(down, s));
    or_lanes(moves) & !(p | o)
}

#[cfg(test)]
mod tests {
    use super::super::bitboard;

    /// Same moves and flips as the scalar code on random boards, sparse to nearly full.
    #[test]
    fn agrees_with_the_scalar_code() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 on this CPU: nothing to compare");
            return;
        }
        let mut rng = crate::rng::SplitMix64::new(0x0A5B_2C3D_4E5F_6071);
        let mut next = || rng.next_u64();
        for i in 0..50_000 {
            let occupied = match i % 3 {
                0 => next() | next(),
                1 => !(next() & next() & next()),
                _ => next(),
            };
            let p = occupied & next();
            let o = occupied & !p;
            // SAFETY: the CPU has AVX2 (checked above).
            let moves = unsafe { super::legal_moves(p, o) };
            assert_eq!(moves, bitboard::legal_moves(p, o), "p={p:#x} o={o:#x}");
            for sq in 0..64 {
                if occupied & (1 << sq) == 0 {
                    // SAFETY: as above.
                    let f = unsafe { super::flips(sq, p, o) };
                    assert_eq!(f, bitboard::flips(sq, p, o), "sq={sq} p={p:#x} o={o:#x}");
                }
            }
        }
    }
}
