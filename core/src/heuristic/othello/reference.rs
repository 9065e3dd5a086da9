//! The first, straightforward implementation of every Othello factor, kept as the independent
//! truth the fast code in [`super`] is tested against: direction-by-direction shifts, stable
//! discs grown one square per pass, full diagonals found line by line, unstable discs from
//! their own fills, square tables by class counts. Test-only.

use super::bits::{self, CORNERS, Dir, EDGES, FILE_A, FILE_H, LINES, RANK_1, RANK_8};
use super::{StabilityCounts, f, squares};
use crate::games::othello::bitboard::legal_moves;
use crate::heuristic::weights::{FactorValues, paired};

/// Squares on lines of `masks` that are completely filled in `occupied`.
fn full_of(masks: &[u64], occupied: u64) -> u64 {
    let mut full = 0;
    for &m in masks {
        if occupied & m == m {
            full |= m;
        }
    }
    full
}

/// For each orientation (rank, file, diagonal, anti-diagonal): the squares whose line in it is
/// full, line by line.
pub fn full_lines(occupied: u64) -> [u64; 4] {
    [
        full_of(&LINES.ranks, occupied),
        full_of(&LINES.files, occupied),
        full_of(&LINES.diags, occupied),
        full_of(&LINES.anti, occupied),
    ]
}

/// Stable discs of `own`: seeded with the corners and the edge runs from them, then grown to a
/// fixed point (protected in each orientation by a full line, the wall or a stable neighbour).
pub fn stable(own: u64, full: &[u64; 4]) -> u64 {
    let walls = [FILE_A | FILE_H, RANK_1 | RANK_8, EDGES, EDGES];
    let pairs = [
        (Dir::E, Dir::W),
        (Dir::N, Dir::S),
        (Dir::NE, Dir::SW),
        (Dir::NW, Dir::SE),
    ];
    let mut st = own & CORNERS;
    if st == 0 && full.iter().all(|&f| f & own == 0) {
        return 0;
    }
    for _ in 0..6 {
        st |= own
            & (((st << 1) | (st >> 1)) & (RANK_1 | RANK_8) & !(FILE_A | FILE_H)
                | ((st << 8) | (st >> 8)) & (FILE_A | FILE_H));
    }
    loop {
        let mut next = own;
        for k in 0..4 {
            let (a, b) = pairs[k];
            next &= full[k] | walls[k] | a.shift(st) | b.shift(st);
        }
        if next == st {
            return st;
        }
        st = next;
    }
}

/// Discs of `own` that `other` could flip with its next move (runs of `own` between an `other`
/// disc and an empty square), by four fills per line orientation.
pub fn unstable(own: u64, other: u64) -> u64 {
    let empty = !(own | other);
    let inner = own & !(FILE_A | FILE_H);
    let mut out = 0;
    for (through, d) in [(inner, 1), (own, 8), (inner, 7), (inner, 9)] {
        let from_other_up = fill_up(other, through, d);
        let from_empty_down = fill_down(empty, through, d);
        let from_other_down = fill_down(other, through, d);
        let from_empty_up = fill_up(empty, through, d);
        out |= (from_other_up & from_empty_down) | (from_other_down & from_empty_up);
    }
    out
}

fn fill_up(seed: u64, through: u64, d: u32) -> u64 {
    let mut run = through & (seed << d);
    for _ in 0..5 {
        run |= through & (run << d);
    }
    run
}

fn fill_down(seed: u64, through: u64, d: u32) -> u64 {
    let mut run = through & (seed >> d);
    for _ in 0..5 {
        run |= through & (run >> d);
    }
    run
}

fn counts_with(own: u64, other: u64, full: &[u64; 4]) -> StabilityCounts {
    let stable = stable(own, full);
    let unstable = unstable(own, other) & !stable;
    StabilityCounts {
        stable: stable.count_ones(),
        unstable: unstable.count_ones(),
        semi_stable: (own & !stable & !unstable).count_ones(),
    }
}

pub fn stability_counts(own: u64, other: u64) -> StabilityCounts {
    counts_with(own, other, &full_lines(own | other))
}

fn stability_factor(me: u64, opp: u64) -> f32 {
    let full = full_lines(me | opp);
    let a = counts_with(me, opp, &full);
    let b = counts_with(opp, me, &full);
    let total = a.stable + a.unstable + b.stable + b.unstable;
    if total == 0 {
        return 0.0;
    }
    let va = a.stable as f32 - a.unstable as f32;
    let vb = b.stable as f32 - b.unstable as f32;
    100.0 * (va - vb) / total as f32
}

fn unlikely_corners(against: u64, empty: u64) -> u32 {
    const AROUND: [(u64, u64); 4] = [
        (1, 0x0302),
        (1 << 7, 0xC040),
        (1 << 56, 0x0203 << 48),
        (1 << 63, 0x40C0 << 48),
    ];
    AROUND
        .iter()
        .filter(|&&(c, around)| c & empty != 0 && around & against == 0)
        .count() as u32
}

/// Every enabled factor of `me` (to move) vs `opp`, each computed on its own.
pub fn compute(me: u64, opp: u64, enabled: u32, out: &mut FactorValues) {
    let my_moves = legal_moves(me, opp);
    let opp_moves = legal_moves(opp, me);
    let on = |i: usize| enabled & (1 << i) != 0;
    let empty = !(me | opp);
    if on(f::COINS) {
        out[f::COINS] = paired(me.count_ones(), opp.count_ones());
    }
    if on(f::MOBILITY) {
        out[f::MOBILITY] = paired(my_moves.count_ones(), opp_moves.count_ones());
    }
    if on(f::POTENTIAL_MOBILITY) {
        let mine = (bits::neighbours(opp) & empty).count_ones();
        let theirs = (bits::neighbours(me) & empty).count_ones();
        out[f::POTENTIAL_MOBILITY] = paired(mine, theirs);
    }
    if on(f::CORNERS) {
        out[f::CORNERS] = paired((me & CORNERS).count_ones(), (opp & CORNERS).count_ones());
    }
    if on(f::POTENTIAL_CORNERS) {
        out[f::POTENTIAL_CORNERS] = paired(
            (my_moves & CORNERS).count_ones(),
            (opp_moves & CORNERS).count_ones(),
        );
    }
    if on(f::UNLIKELY_CORNERS) {
        out[f::UNLIKELY_CORNERS] =
            paired(unlikely_corners(me, empty), unlikely_corners(opp, empty));
    }
    if on(f::STABILITY) {
        out[f::STABILITY] = stability_factor(me, opp);
    }
    if on(f::STABLE_DISCS) {
        let full = full_lines(me | opp);
        out[f::STABLE_DISCS] = paired(
            stable(me, &full).count_ones(),
            stable(opp, &full).count_ones(),
        );
    }
    if on(f::FRONTIER) {
        let boundary = bits::neighbours(empty);
        out[f::FRONTIER] = paired((opp & boundary).count_ones(), (me & boundary).count_ones());
    }
    if on(f::TABLE_99) || on(f::TABLE_100) {
        let mine = squares::TABLE_99.class_counts(me);
        let theirs = squares::TABLE_99.class_counts(opp);
        out[f::TABLE_99] = squares::TABLE_99.factor_from_counts(&mine, &theirs);
        out[f::TABLE_100] = squares::TABLE_100.factor_from_counts(&mine, &theirs);
    }
    if on(f::EDGE_ACCESS) {
        let edge = EDGES & !CORNERS;
        out[f::EDGE_ACCESS] = paired(
            (my_moves & edge).count_ones(),
            (opp_moves & edge).count_ones(),
        );
    }
    if on(f::PARITY) {
        out[f::PARITY] = if empty.count_ones() % 2 == 1 {
            100.0
        } else {
            -100.0
        };
    }
}
