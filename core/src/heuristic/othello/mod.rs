//! Othello factors, as the heuristic papers define them, computed on bitboards from the side to
//! move's view (`me` = side to move, `opp` = the other side).
//!
//! Sources: V. Sannidhanam and M. Annamalai, "An Analysis of Heuristics in Othello" (University
//! of Washington, 2004): coin parity, actual and potential mobility, corners captured / potential
//! / unlikely, stability (stable, semi-stable, unstable weighted 1, 0, -1) and the paired-count
//! formula `100 * (mine - theirs) / (mine + theirs)`. The square tables are the two widely
//! published static weight tables (see [`squares`]). Frontier discs, edge access and the
//! empties parity are the classic additions from Othello programming practice (Rosenbloom's
//! IAGO: frontier; the side that moves last in the endgame: parity).

pub mod bits;
pub mod squares;

use crate::heuristic::weights::{FactorInfo, FactorValues, paired};
use bits::{CORNERS, EDGES};

/// Factor indices (bit positions in the enabled mask).
pub mod f {
    pub const COINS: usize = 0;
    pub const MOBILITY: usize = 1;
    pub const POTENTIAL_MOBILITY: usize = 2;
    pub const CORNERS: usize = 3;
    pub const POTENTIAL_CORNERS: usize = 4;
    pub const UNLIKELY_CORNERS: usize = 5;
    pub const STABILITY: usize = 6;
    pub const STABLE_DISCS: usize = 7;
    pub const FRONTIER: usize = 8;
    pub const TABLE_99: usize = 9;
    pub const TABLE_100: usize = 10;
    pub const EDGE_ACCESS: usize = 11;
    pub const PARITY: usize = 12;
}

/// Every Othello factor, in index order.
pub const FACTORS: &[FactorInfo] = &[
    FactorInfo {
        name: "coins",
        doc: "coin parity: paired count of discs",
    },
    FactorInfo {
        name: "mobility",
        doc: "actual mobility: paired count of legal moves",
    },
    FactorInfo {
        name: "potential_mobility",
        doc: "paired count of empty squares next to at least one opposing disc",
    },
    FactorInfo {
        name: "corners",
        doc: "corners captured: paired count of corner discs",
    },
    FactorInfo {
        name: "potential_corners",
        doc: "paired count of corners that are a legal move now",
    },
    FactorInfo {
        name: "unlikely_corners",
        doc: "empty corners a side cannot take soon (no opposing disc next to them), paired so that fewer is better",
    },
    FactorInfo {
        name: "stability",
        doc: "stable (+1), semi-stable (0), unstable (-1, flippable next move) discs: 100 * (v_me - v_opp) / (stable + unstable of both)",
    },
    FactorInfo {
        name: "stable_discs",
        doc: "paired count of stable discs alone",
    },
    FactorInfo {
        name: "frontier",
        doc: "frontier discs (next to an empty square), paired so that fewer is better",
    },
    FactorInfo {
        name: "table_99",
        doc: "square-weight table 99/-8/8/6/-24/-4/-3/7/4/0, 100 * (S_me - S_opp) / sum of |w| over occupied squares",
    },
    FactorInfo {
        name: "table_100",
        doc: "square-weight table 100/-20/10/5/-50/-2/-1, scaled as table_99",
    },
    FactorInfo {
        name: "edge_access",
        doc: "paired count of legal moves on edge squares other than corners",
    },
    FactorInfo {
        name: "parity",
        doc: "+100 if the side to move gets the last move with no passes (odd empties), else -100",
    },
];

/// Counts of one side's discs by stability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StabilityCounts {
    pub stable: u32,
    pub semi_stable: u32,
    pub unstable: u32,
}

/// Stability classes of `own` against `other` (`other` is the side that could flip them).
pub fn stability_counts(own: u64, other: u64) -> StabilityCounts {
    let full = bits::full_lines(own | other);
    counts_with(own, other, &full)
}

fn counts_with(own: u64, other: u64, full: &[u64; 4]) -> StabilityCounts {
    let stable = bits::stable(own, full);
    let unstable = bits::unstable(own, other) & !stable;
    StabilityCounts {
        stable: stable.count_ones(),
        unstable: unstable.count_ones(),
        semi_stable: (own & !stable & !unstable).count_ones(),
    }
}

/// The paper's stability value: `(stable - unstable)` per side, scaled by the number of discs
/// that count (stable or unstable) on both sides, so the result stays in `[-100, 100]`.
pub fn stability_factor(me: u64, opp: u64) -> f32 {
    let full = bits::full_lines(me | opp);
    stability_from(&counts_with(me, opp, &full), &counts_with(opp, me, &full))
}

fn stability_from(a: &StabilityCounts, b: &StabilityCounts) -> f32 {
    let total = a.stable + a.unstable + b.stable + b.unstable;
    if total == 0 {
        return 0.0;
    }
    let va = a.stable as f32 - a.unstable as f32;
    let vb = b.stable as f32 - b.unstable as f32;
    100.0 * (va - vb) / total as f32
}

/// Empty corners that `who` cannot take soon: no disc of `against` is next to them, and a
/// corner can only become a legal move for `who` by flanking an adjacent `against` disc.
fn unlikely_corners(against: u64, empty: u64) -> u32 {
    // (corner, its three neighbours): a1, h1, a8, h8.
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

/// Fills the enabled factors of the position `me` (to move) vs `opp`, given both sides' legal
/// move masks (the caller has them already for the terminal test).
pub fn compute(
    me: u64,
    opp: u64,
    my_moves: u64,
    opp_moves: u64,
    enabled: u32,
    out: &mut FactorValues,
) {
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
        // Fewer unlikely corners is better, so the opponent's count comes first.
        out[f::UNLIKELY_CORNERS] =
            paired(unlikely_corners(me, empty), unlikely_corners(opp, empty));
    }
    if on(f::STABILITY) {
        out[f::STABILITY] = stability_factor(me, opp);
    }
    if on(f::STABLE_DISCS) {
        let full = bits::full_lines(me | opp);
        out[f::STABLE_DISCS] = paired(
            bits::stable(me, &full).count_ones(),
            bits::stable(opp, &full).count_ones(),
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod corner_masks {
    use super::bits;

    #[test]
    fn corner_neighbour_masks_match_the_neighbourhood() {
        for (c, around) in [
            (1u64, 0x0302u64),
            (1 << 7, 0xC040),
            (1 << 56, 0x0203 << 48),
            (1 << 63, 0x40C0 << 48),
        ] {
            assert_eq!(bits::neighbours(c), around);
        }
    }
}
