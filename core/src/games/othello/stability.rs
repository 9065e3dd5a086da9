//! Stable discs: discs that no sequence of moves can ever flip. The evaluation counts them, and
//! the endgame solver bounds a score by them (the opponent keeps its stable discs). One routine
//! for both, here below both layers.
//!
//! A disc is stable if, in each of the four line orientations, its line is full, or it touches
//! the board's edge, or its neighbour on that line is a stable disc of its own colour. The least
//! set closed under these rules (grown from the corners and the full lines) is a subset of the
//! truly stable discs (every disc it finds is stable; some stable discs may be missed), which is
//! all a count or a bound needs. Layout as in the game: bit 0 = a1, bit 7 = h1, bit 63 = h8.

use super::bitboard::CORNERS;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;
const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// For each orientation (rank, file, diagonal, anti-diagonal): the squares whose line in it is
/// full.
#[inline(always)]
pub fn full_lines(occupied: u64) -> [u64; 4] {
    let (ranks, files) = full_ranks_and_files(occupied);
    [
        ranks,
        files,
        full_diagonals(occupied, 9, DIAG_EDGES),
        full_diagonals(occupied, 7, ANTI_EDGES),
    ]
}

/// The squares whose rank is full and those whose file is full.
#[inline(always)]
fn full_ranks_and_files(occupied: u64) -> (u64, u64) {
    // Ranks: AND each square with the seven to its east; bit a of a rank survives iff it is full.
    let mut h = occupied;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let ranks = (h & FILE_A).wrapping_mul(0xFF);
    // Files: the same along the file, collected on rank 1.
    let mut v = occupied;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let files = (v & RANK_1).wrapping_mul(FILE_A);
    (ranks, files)
}

/// Edge masks for [`full_diagonals`] along a1-h8 lines (steps of 9 bits): squares with at most
/// 0, 1 and 3 steps left towards h8 (first three) and towards a1 (last three).
const DIAG_EDGES: [u64; 6] = [
    RANK_8 | FILE_H,
    0xFFFF_C0C0_C0C0_C0C0,
    0xFFFF_FFFF_F0F0_F0F0,
    RANK_1 | FILE_A,
    0x0303_0303_0303_FFFF,
    0x0F0F_0F0F_FFFF_FFFF,
];

/// As [`DIAG_EDGES`] along h1-a8 lines (steps of 7 bits): towards a8, then towards h1.
const ANTI_EDGES: [u64; 6] = [
    RANK_8 | FILE_A,
    0xFFFF_0303_0303_0303,
    0xFFFF_FFFF_0F0F_0F0F,
    RANK_1 | FILE_H,
    0xC0C0_C0C0_C0C0_FFFF,
    0xF0F0_F0F0_FFFF_FFFF,
];

/// Squares whose diagonal (steps of `d` bits) is full: a square is full towards one end when it
/// and every square beyond it are occupied, found by doubling (1, 2, then 4 steps ahead); a
/// square whose remaining steps are fewer than the doubling reaches counts as done (`edges`).
#[inline(always)]
fn full_diagonals(occupied: u64, d: u32, edges: [u64; 6]) -> u64 {
    let mut up = occupied;
    up &= (up >> d) | edges[0];
    up &= (up >> (2 * d)) | edges[1];
    up &= (up >> (4 * d)) | edges[2];
    let mut down = occupied;
    down &= (down << d) | edges[3];
    down &= (down << (2 * d)) | edges[4];
    down &= (down << (4 * d)) | edges[5];
    up & down
}

/// Discs of `own` that can never be flipped: in each of the four orientations the disc is
/// protected by a full line, by the board's edge on one side, or by a stable disc of its own
/// colour next to it on one side. The least set closed under these rules (grown from the corners
/// and full lines), a conservative subset of the truly stable discs.
#[inline]
pub fn stable(own: u64, full: &[u64; 4]) -> u64 {
    stable_pair(own, 0, full).0
}

/// [`stable_pair`] for the position `a` against `b`, full lines included, with a shortcut:
/// when no corner is taken and there is no full rank or no full file, neither side has a
/// stable disc, and the full diagonals are not worked out.
///
/// Why: growth starts from discs protected in all four orientations without help from a
/// stable neighbour. A corner is (walls all round); a disc elsewhere on an edge needs the full
/// edge it lies along, which holds two corners; an inner disc needs its full rank and its full
/// file. With none of these, no disc starts the growth.
#[inline(always)]
pub fn stable_discs(a: u64, b: u64) -> (u64, u64) {
    let occupied = a | b;
    let (ranks, files) = full_ranks_and_files(occupied);
    if occupied & CORNERS == 0 && (ranks == 0 || files == 0) {
        return (0, 0);
    }
    let full = [
        ranks,
        files,
        full_diagonals(occupied, 9, DIAG_EDGES),
        full_diagonals(occupied, 7, ANTI_EDGES),
    ];
    stable_pair(a, b, &full)
}

/// The stable discs of `own` alone (the other side owns `other`): [`stable_discs`]' first half,
/// with the same shortcut, for the endgame solver, which only needs the opponent's.
#[inline(always)]
pub fn stable_of(own: u64, other: u64) -> u64 {
    let occupied = own | other;
    let (ranks, files) = full_ranks_and_files(occupied);
    if occupied & CORNERS == 0 && (ranks == 0 || files == 0) {
        return 0;
    }
    let full = [
        ranks,
        files,
        full_diagonals(occupied, 9, DIAG_EDGES),
        full_diagonals(occupied, 7, ANTI_EDGES),
    ];
    let base = bases(&full);
    let mut st = own & base[0] & base[1] & base[2] & base[3];
    if st == 0 {
        return 0;
    }
    st |= edge_runs(own);
    loop {
        let next = st | (own & protected(&base, st));
        if next == st {
            return st;
        }
        st = next;
    }
}

/// Per orientation (rank, file, diagonal, anti-diagonal): the squares protected whatever their
/// neighbours, by a full line or the wall.
#[inline(always)]
fn bases(full: &[u64; 4]) -> [u64; 4] {
    [
        full[0] | FILE_A | FILE_H,
        full[1] | RANK_1 | RANK_8,
        full[2] | EDGES,
        full[3] | EDGES,
    ]
}

/// The squares protected in all four orientations when the discs `st` are stable.
#[inline(always)]
fn protected(base: &[u64; 4], st: u64) -> u64 {
    (base[0] | ((st << 1) & !FILE_A) | ((st >> 1) & !FILE_H))
        & (base[1] | (st << 8) | (st >> 8))
        & (base[2] | ((st << 9) & !FILE_A) | ((st >> 9) & !FILE_H))
        & (base[3] | ((st << 7) & !FILE_H) | ((st >> 7) & !FILE_A))
}

/// [`stable`] for both sides at once (`a` and `b` are the two colours).
#[inline(always)]
pub fn stable_pair(a: u64, b: u64, full: &[u64; 4]) -> (u64, u64) {
    let base = bases(full);
    let all = base[0] & base[1] & base[2] & base[3];
    let (mut sa, mut sb) = (a & all, b & all);
    if sa | sb == 0 {
        // No corner and no disc protected in every orientation: nothing can grow.
        return (0, 0);
    }
    // A disc on an edge is protected by the wall in the three orientations across the edge, so
    // it is stable exactly when its edge is full (already in `all`) or a run of its colour joins
    // it to one of its corners: the edges are final from the start, and the loop below only
    // grows inwards.
    sa |= edge_runs(a);
    sb |= edge_runs(b);
    let grow = |st: u64| protected(&base, st);
    loop {
        let na = sa | (a & grow(sa));
        let nb = sb | (b & grow(sb));
        if na == sa && nb == sb {
            return (sa, sb);
        }
        (sa, sb) = (na, nb);
    }
}

/// Corners of `own` and its discs joined to one of them by an unbroken run along an edge: each
/// edge read as a byte, its runs from both ends looked up.
#[inline(always)]
fn edge_runs(own: u64) -> u64 {
    // The a and h files gathered into a byte (rank 1 in bit 0): the multiplication moves bit
    // 8k to bit 56 + k, and no two partial products meet there.
    const GATHER_FILE_A: u64 = 0x0102_0408_1020_4080;
    let file_a = ((own & FILE_A).wrapping_mul(GATHER_FILE_A) >> 56) as usize;
    let file_h = (((own >> 7) & FILE_A).wrapping_mul(GATHER_FILE_A) >> 56) as usize;
    let rank_1 = (own & 0xFF) as usize;
    let rank_8 = (own >> 56) as usize;
    // Every index is below 256 (a byte), the tables' length.
    (EDGE_RUNS[rank_1] as u64)
        | (EDGE_RUNS[rank_8] as u64) << 56
        | FILE_A_RUNS[file_a]
        | FILE_A_RUNS[file_h] << 7
}

/// `EDGE_RUNS[byte]`: the bits of `byte` joined to bit 0 or bit 7 by set bits only.
static EDGE_RUNS: [u8; 256] = build_edge_runs();

/// [`EDGE_RUNS`] spread onto the a file (bit k of the byte on rank k + 1).
static FILE_A_RUNS: [u64; 256] = build_file_a_runs();

const fn build_edge_runs() -> [u8; 256] {
    let mut out = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut runs = 0u8;
        let mut k = 0;
        while k < 8 && byte & (1 << k) != 0 {
            runs |= 1 << k;
            k += 1;
        }
        let mut k = 7i32;
        while k >= 0 && byte & (1 << k) != 0 {
            runs |= 1 << k;
            k -= 1;
        }
        out[byte] = runs;
        byte += 1;
    }
    out
}

const fn build_file_a_runs() -> [u64; 256] {
    let runs = build_edge_runs();
    let mut out = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        while k < 8 {
            if runs[byte] & (1 << k) != 0 {
                out[byte] |= 1 << (8 * k);
            }
            k += 1;
        }
        byte += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::bitboard::{Squares, flips, legal_moves};
    use crate::rng::SplitMix64;

    /// The definition, square by square: a disc of `own` is stable when in each of the four
    /// orientations its line is full, or one of its two neighbours on the line is off the board
    /// or a stable disc of `own`; repeated until nothing changes (the least such set).
    fn reference(own: u64, other: u64) -> u64 {
        let occupied = own | other;
        let at = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
        let bit = |f: i32, r: i32| 1u64 << (r * 8 + f);
        let line_full = |f: i32, r: i32, df: i32, dr: i32| {
            let (mut a, mut b) = (f, r);
            while at(a - df, b - dr) {
                (a, b) = (a - df, b - dr);
            }
            while at(a, b) {
                if occupied & bit(a, b) == 0 {
                    return false;
                }
                (a, b) = (a + df, b + dr);
            }
            true
        };
        let mut stable = 0u64;
        loop {
            let mut next = stable;
            for sq in 0..64i32 {
                let (f, r) = (sq % 8, sq / 8);
                if own & bit(f, r) == 0 {
                    continue;
                }
                let held = |df: i32, dr: i32| {
                    let side = |g: i32, s: i32| !at(g, s) || stable & bit(g, s) != 0;
                    line_full(f, r, df, dr) || side(f + df, r + dr) || side(f - df, r - dr)
                };
                if held(1, 0) && held(0, 1) && held(1, 1) && held(1, -1) {
                    next |= bit(f, r);
                }
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }

    /// Positions reached by random play from the start, every ply of `games` games.
    fn reachable(seed: u64, games: usize) -> Vec<(u64, u64)> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            loop {
                out.push((p, o));
                let moves = legal_moves(p, o);
                if moves == 0 {
                    if legal_moves(o, p) == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                    continue;
                }
                let choices: Vec<usize> = Squares(moves).collect();
                let sq = choices[(rng.next_u64() % choices.len() as u64) as usize];
                let f = flips(sq, p, o);
                (p, o) = (o ^ f, p | f | (1u64 << sq));
            }
        }
        out
    }

    /// Random boards, many nearly full (where lines fill and inner discs become stable).
    fn random_boards(seed: u64, count: usize) -> Vec<(u64, u64)> {
        let mut rng = SplitMix64::new(seed);
        (0..count)
            .map(|i| {
                let mut occupied = rng.next_u64();
                for _ in 0..i % 4 {
                    occupied |= rng.next_u64();
                }
                let own = occupied & rng.next_u64();
                (own, occupied & !own)
            })
            .collect()
    }

    #[test]
    fn stable_discs_equal_the_definition_on_reachable_and_random_positions() {
        let mut positions = reachable(0x57AB_1E00, 400);
        positions.extend(random_boards(0x57AB_1E01, 40_000));
        let (mut with_stable, mut inner, mut without_corner) = (0, 0, 0);
        for &(a, b) in &positions {
            let (ra, rb) = (reference(a, b), reference(b, a));
            assert_eq!(stable_discs(a, b), (ra, rb), "a {a:#018x} b {b:#018x}");
            assert_eq!(stable_of(a, b), ra, "a {a:#018x} b {b:#018x}");
            assert_eq!(stable_of(b, a), rb, "a {a:#018x} b {b:#018x}");
            assert_eq!(stable(a, &full_lines(a | b)), ra);
            with_stable += usize::from(ra | rb != 0);
            inner += usize::from((ra | rb) & !EDGES != 0);
            without_corner += usize::from((a | b) & CORNERS == 0 && ra | rb != 0);
        }
        // The comparison met the cases that matter, so it cannot pass vacuously.
        assert!(positions.len() > 60_000, "{}", positions.len());
        assert!(with_stable > 10_000, "{with_stable}");
        assert!(inner > 2_000, "{inner}");
        assert!(without_corner > 50, "{without_corner}");
    }

    #[test]
    fn edge_runs_follow_the_edges_from_own_corners() {
        // a1 b1 c1 (run), e1 (gap), a2 a3 (run up file a), h8 g8 (run), h2 alone.
        let own = 0b111 | 1 << 4 | 1 << 8 | 1 << 16 | 1 << 63 | 1 << 62 | 1 << 15;
        assert_eq!(edge_runs(own), 0b111 | 1 << 8 | 1 << 16 | 1 << 63 | 1 << 62);
        assert_eq!(edge_runs(own & !CORNERS), 0);
    }

    #[test]
    fn corners_and_their_edges_are_stable() {
        // Black a1 b1 c1, white d1: a1..c1 stable, d1 not (e1 is empty).
        let (black, white) = (0b111, 0b1000);
        assert_eq!(stable_discs(black, white), (0b111, 0));
        assert_eq!(stable_of(black, white), 0b111);
        assert_eq!(stable_of(white, black), 0);
        assert_eq!(stable_discs(0, 0), (0, 0));
    }

    /// No disc reported stable is ever flipped in random play continuing from random positions:
    /// the rules themselves as the truth.
    #[test]
    fn stable_discs_never_flip_in_random_play() {
        let mut rng = SplitMix64::new(0x2545_F491_4F6C_DD1D);
        for _ in 0..3000 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut turn = 0; // 0: p is black
            let mut checks: Vec<(u64, u8)> = Vec::new();
            let stop = rng.next_u64() % 60;
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
                    let (sp, so) = stable_discs(p, o);
                    checks.push((sp, turn));
                    checks.push((so, turn ^ 1));
                }
                let choices: Vec<usize> = Squares(moves).collect();
                let sq = choices[(rng.next_u64() % choices.len() as u64) as usize];
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
