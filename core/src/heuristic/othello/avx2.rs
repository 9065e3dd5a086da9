//! The AVX2 form of [`super::bits::moves_and_exposed_pair`]: the four line orientations of one
//! side in the four 64-bit lanes of a 256-bit register, shifted by a different count per lane.
//!
//! The portable pass keeps the two colours in two lanes and walks the four orientations one
//! after another; here every vector instruction works on all four orientations at once, which
//! halves the instructions of the pass (it is the largest single part of an evaluation).

use super::bits::{INNER, Pair};
use std::arch::x86_64::{
    __m256i, _mm_cvtsi128_si64, _mm_extract_epi64, _mm_or_si128, _mm256_and_si256,
    _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256, _mm256_set1_epi64x,
    _mm256_setr_epi64x, _mm256_sllv_epi64, _mm256_srlv_epi64, _mm256_unpackhi_epi64,
    _mm256_unpacklo_epi64,
};

/// The step of each lane's orientation: along ranks, files, anti-diagonals and diagonals.
const STEPS: [i64; 4] = [1, 8, 7, 9];

/// [`super::bits::moves_and_exposed_pair`], the same masks: lane 0 plays `a` against `b`, lane
/// 1 `b` against `a`.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
#[inline(never)]
pub unsafe fn moves_and_exposed_pair(a: u64, b: u64) -> (Pair, Pair) {
    let empty = _mm256_set1_epi64x(!(a | b) as i64);
    let (moves_a, exposed_b) = one_side(a, b, empty);
    let (moves_b, exposed_a) = one_side(b, a, empty);
    let moves = or_lanes(moves_a, moves_b);
    let exposed = or_lanes(exposed_b, exposed_a);
    // The empty squares are the same in every lane: mask the moves once, after the reduction.
    let empty = !(a | b);
    (Pair([moves[0] & empty, moves[1] & empty]), Pair(exposed))
}

/// Moves of `p` against `o` in each orientation (not yet masked with the empty squares) and the
/// discs of `o` that `p` could flip, lane by lane (see [`super::bits::moves_and_exposed`]).
#[target_feature(enable = "avx2")]
#[inline]
fn one_side(p: u64, o: u64, empty: __m256i) -> (__m256i, __m256i) {
    let step = _mm256_setr_epi64x(STEPS[0], STEPS[1], STEPS[2], STEPS[3]);
    let step2 = _mm256_setr_epi64x(2 * STEPS[0], 2 * STEPS[1], 2 * STEPS[2], 2 * STEPS[3]);
    // Runs along files may touch the a and h files; the other orientations may not (flipped
    // discs lie strictly inside a line, and masking them stops shifts from wrapping).
    let inner = INNER as i64;
    let keep = _mm256_setr_epi64x(inner, -1, inner, inner);
    let through = _mm256_and_si256(_mm256_set1_epi64x(o as i64), keep);
    let pairs_up = _mm256_and_si256(through, _mm256_sllv_epi64(through, step));
    let pairs_down = _mm256_and_si256(through, _mm256_srlv_epi64(through, step));
    let fill_up = |seed: __m256i| {
        let mut run = _mm256_and_si256(through, _mm256_sllv_epi64(seed, step));
        run = _mm256_or_si256(run, _mm256_and_si256(through, _mm256_sllv_epi64(run, step)));
        run = _mm256_or_si256(
            run,
            _mm256_and_si256(pairs_up, _mm256_sllv_epi64(run, step2)),
        );
        _mm256_or_si256(
            run,
            _mm256_and_si256(pairs_up, _mm256_sllv_epi64(run, step2)),
        )
    };
    let fill_down = |seed: __m256i| {
        let mut run = _mm256_and_si256(through, _mm256_srlv_epi64(seed, step));
        run = _mm256_or_si256(run, _mm256_and_si256(through, _mm256_srlv_epi64(run, step)));
        run = _mm256_or_si256(
            run,
            _mm256_and_si256(pairs_down, _mm256_srlv_epi64(run, step2)),
        );
        _mm256_or_si256(
            run,
            _mm256_and_si256(pairs_down, _mm256_srlv_epi64(run, step2)),
        )
    };
    let p = _mm256_set1_epi64x(p as i64);
    let from_p_up = fill_up(p);
    let from_p_down = fill_down(p);
    let moves = _mm256_or_si256(
        _mm256_sllv_epi64(from_p_up, step),
        _mm256_srlv_epi64(from_p_down, step),
    );
    // A run reached from both a `p` disc and an empty square has one at each end.
    let from_empty = _mm256_or_si256(fill_up(empty), fill_down(empty));
    let exposed = _mm256_and_si256(_mm256_or_si256(from_p_up, from_p_down), from_empty);
    (moves, exposed)
}

/// The OR of the four lanes of `x` and of `y`.
#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(x: __m256i, y: __m256i) -> [u64; 2] {
    // [x0|x1, y0|y1, x2|x3, y2|y3], then the two halves together.
    let halves = _mm256_or_si256(_mm256_unpacklo_epi64(x, y), _mm256_unpackhi_epi64(x, y));
    let both = _mm_or_si128(
        _mm256_castsi256_si128(halves),
        _mm256_extracti128_si256::<1>(halves),
    );
    [
        _mm_cvtsi128_si64(both) as u64,
        _mm_extract_epi64::<1>(both) as u64,
    ]
}

#[cfg(test)]
mod tests {
    use super::super::bits;

    /// Both passes on dense and sparse random boards, on CPUs with AVX2 (the portable pass is
    /// itself checked against the reference in `agreement`).
    #[test]
    fn four_lane_pass_equals_the_portable_pass() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = crate::rng::SplitMix64::new(0x2545_F491_4F6C_DD1Du64);
        let mut next = || rng.next_u64();
        for i in 0..20_000 {
            let (r, s, t) = (next(), next(), next());
            let occupied = match i % 3 {
                0 => r,
                1 => r | s,
                _ => r | s | t,
            };
            let (a, b) = (occupied & t.rotate_left(29), occupied & !t.rotate_left(29));
            // SAFETY: the CPU has AVX2 (checked above).
            let fast = unsafe { super::moves_and_exposed_pair(a, b) };
            assert_eq!(fast, bits::moves_and_exposed_pair(a, b), "{a:#x} {b:#x}");
        }
    }
}
