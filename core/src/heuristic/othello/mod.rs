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

#[cfg(target_arch = "x86_64")]
mod avx2;
pub mod bits;
pub mod pattern;
pub mod squares;

use crate::games::othello::bitboard::legal_moves;
use crate::games::othello::stability;
use crate::heuristic::weights::{FactorInfo, FactorValues, MAX_FACTORS, ResolvedWeights, paired};
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

impl StabilityCounts {
    /// Counts of the discs `own` given which of them are stable and which the other side could
    /// flip next move.
    #[inline(always)]
    fn of(own: u64, stable: u64, exposed: u64) -> StabilityCounts {
        let unstable = exposed & !stable;
        StabilityCounts {
            stable: stable.count_ones(),
            unstable: unstable.count_ones(),
            semi_stable: (own & !stable & !unstable).count_ones(),
        }
    }
}

/// Stability classes of `own` against `other` (`other` is the side that could flip them).
pub fn stability_counts(own: u64, other: u64) -> StabilityCounts {
    let full = stability::full_lines(own | other);
    StabilityCounts::of(
        own,
        stability::stable(own, &full),
        bits::unstable(own, other),
    )
}

/// The paper's stability value: `(stable - unstable)` per side, scaled by the number of discs
/// that count (stable or unstable) on both sides, so the result stays in `[-100, 100]`.
pub fn stability_factor(me: u64, opp: u64) -> f32 {
    stability_counts(me, opp).factor_against(&stability_counts(opp, me))
}

impl StabilityCounts {
    /// [`stability_factor`] from both sides' counts (`self` is the side to move).
    #[inline(always)]
    fn factor_against(&self, b: &StabilityCounts) -> f32 {
        let a = self;
        // With no disc counted both values are 0: dividing by 1 gives +0.0 without a branch.
        let total = (a.stable + a.unstable + b.stable + b.unstable).max(1);
        let va = a.stable as f32 - a.unstable as f32;
        let vb = b.stable as f32 - b.unstable as f32;
        100.0 * (va - vb) / total as f32
    }
}

/// Both sides' legal moves and, when the stability factor is on, the discs each could lose to
/// the other's next move: the masks the terminal test and several factors share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    /// Legal moves of the side to move.
    pub mine: u64,
    /// Legal moves of the other side.
    pub theirs: u64,
    /// Discs of the side to move the other side could flip next move (0 unless computed).
    pub my_exposed: u64,
    /// Discs of the other side the side to move could flip next move (0 unless computed).
    pub their_exposed: u64,
}

impl Moves {
    /// The move masks of `me` (to move) and `opp`; the exposed discs too when `enabled` has the
    /// stability factor (they come from the same fills, and one more per direction).
    #[inline(always)]
    pub fn new(me: u64, opp: u64, enabled: u32) -> Moves {
        Moves::build(me, opp, enabled, false)
    }

    /// [`Moves::new`]; `native` (only inside the copies compiled for POPCNT, BMI and AVX2) takes
    /// the two-lane pass compiled for AVX2.
    #[inline(always)]
    fn build(me: u64, opp: u64, enabled: u32, native: bool) -> Moves {
        if enabled & (1 << f::STABILITY) != 0 {
            let (moves, exposed) = pair_pass(me, opp, native);
            Moves {
                mine: moves.0[0],
                theirs: moves.0[1],
                my_exposed: exposed.0[1],
                their_exposed: exposed.0[0],
            }
        } else {
            Moves {
                mine: legal_moves(me, opp),
                theirs: legal_moves(opp, me),
                my_exposed: 0,
                their_exposed: 0,
            }
        }
    }

    /// Neither side can move: the game is over.
    pub fn game_over(&self) -> bool {
        self.mine | self.theirs == 0
    }
}

/// Fills the enabled factors of `me` (to move) against `opp`, unless neither side can move:
/// then it writes nothing and returns `false` (the game is over).
///
/// On x86-64 CPUs with POPCNT, BMI1, BMI2 and AVX2 (checked at run time, once) this runs a copy
/// compiled for them: the portable x86-64 baseline counts bits in about a dozen instructions
/// (the factors count bits some thirty times), and the three-operand forms save the register
/// copies that two-operand shifts and masks need.
#[inline]
pub fn compute_unless_over(me: u64, opp: u64, enabled: u32, out: &mut FactorValues) -> bool {
    #[cfg(target_arch = "x86_64")]
    if has_fast_bit_ops() {
        // SAFETY: the CPU has every feature `compute_native` is compiled for.
        return unsafe { compute_native(me, opp, enabled, out) };
    }
    compute_portable(me, opp, enabled, out)
}

/// [`crate::heuristic::Factors::weighted_sum`] for `me` (to move) against `opp`: the phase's
/// weights, the enabled factors and their sum in one pass (compiled for POPCNT, BMI and AVX2
/// where the CPU has them, as [`compute_unless_over`]); `None` when neither side can move.
#[inline]
pub fn weighted_sum(me: u64, opp: u64, weights: &ResolvedWeights) -> Option<f32> {
    #[cfg(target_arch = "x86_64")]
    if has_fast_bit_ops() {
        // SAFETY: the CPU has every feature `weighted_sum_native` is compiled for.
        return unsafe { weighted_sum_native(me, opp, weights) };
    }
    weighted_sum_portable(me, opp, weights)
}

fn weighted_sum_portable(me: u64, opp: u64, weights: &ResolvedWeights) -> Option<f32> {
    weighted_sum_inline(me, opp, weights, false)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn weighted_sum_native(me: u64, opp: u64, weights: &ResolvedWeights) -> Option<f32> {
    weighted_sum_inline(me, opp, weights, true)
}

#[inline(always)]
fn weighted_sum_inline(me: u64, opp: u64, weights: &ResolvedWeights, native: bool) -> Option<f32> {
    // The same expression as `Othello::phase`, so the same value.
    let phase = ((64 - (!(me | opp)).count_ones()) as f32 - 4.0) / 60.0;
    let w = weights.weights_at_first(FACTORS.len(), phase);
    let enabled = weights.enabled();
    // Weights that use every factor (the `default` preset's) get their own copy of the code, in
    // which every test of `enabled` is decided when compiling.
    let values = if enabled == ALL_FACTORS {
        values_unless_over(me, opp, ALL_FACTORS, native)
    } else {
        values_unless_over(me, opp, enabled, native)
    }?;
    // The dot product over the weights' own length, not a fixed one: unrolled to a fixed 13
    // terms, the compiler gathers the thirteen divisions into vector divisions at the end of
    // the evaluation, where nothing else overlaps them (measured: 40% slower).
    Some(weights.dot_first(FACTORS.len(), &w, &values))
}

/// Every factor enabled.
const ALL_FACTORS: u32 = (1 << FACTORS.len()) - 1;

/// The enabled factors' values (the others 0), or `None` when neither side can move.
#[inline(always)]
fn values_unless_over(me: u64, opp: u64, enabled: u32, native: bool) -> Option<FactorValues> {
    let moves = Moves::build(me, opp, enabled, native);
    if moves.game_over() {
        return None;
    }
    let mut values = [0f32; MAX_FACTORS];
    compute(me, opp, &moves, enabled, &mut values);
    Some(values)
}

/// Both sides' moves and exposed discs ([`bits::moves_and_exposed_pair`]); `native` is set
/// only by the copies compiled for [`has_fast_bit_ops`]'s features.
#[inline(always)]
fn pair_pass(me: u64, opp: u64, native: bool) -> (bits::Pair, bits::Pair) {
    #[cfg(target_arch = "x86_64")]
    if native {
        // SAFETY: `native` is only set by code that runs once `has_fast_bit_ops` (which
        // includes AVX2) said yes.
        return unsafe { avx2::moves_and_exposed_pair(me, opp) };
    }
    let _ = native;
    bits::moves_and_exposed_pair(me, opp)
}

#[cfg(target_arch = "x86_64")]
fn has_fast_bit_ops() -> bool {
    static HAS: once_cell::sync::Lazy<bool> = once_cell::sync::Lazy::new(|| {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("avx2")
    });
    *HAS
}

fn compute_portable(me: u64, opp: u64, enabled: u32, out: &mut FactorValues) -> bool {
    compute_inline(me, opp, enabled, out, false)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn compute_native(me: u64, opp: u64, enabled: u32, out: &mut FactorValues) -> bool {
    compute_inline(me, opp, enabled, out, true)
}

#[inline(always)]
fn compute_inline(me: u64, opp: u64, enabled: u32, out: &mut FactorValues, native: bool) -> bool {
    let moves = Moves::build(me, opp, enabled, native);
    if moves.game_over() {
        return false;
    }
    compute(me, opp, &moves, enabled, out);
    true
}

/// Fills the enabled factors of the position `me` (to move) vs `opp` (finished or not), given
/// both sides' moves from [`Moves::new`] with the same `enabled`; other entries are left alone.
/// Masks several factors need (neighbourhoods, full lines, stable discs, table sums) are
/// computed once.
#[inline(always)]
pub fn compute(me: u64, opp: u64, moves: &Moves, enabled: u32, out: &mut FactorValues) {
    let on = |i: usize| enabled & (1 << i) != 0;
    let empty = !(me | opp);
    let (my_moves, opp_moves) = (moves.mine, moves.theirs);
    if on(f::COINS) {
        out[f::COINS] = paired(me.count_ones(), opp.count_ones());
    }
    if on(f::MOBILITY) {
        out[f::MOBILITY] = paired(my_moves.count_ones(), opp_moves.count_ones());
    }
    // The 3x3 blocks around each side's discs serve potential mobility and unlikely corners.
    if enabled & (1 << f::POTENTIAL_MOBILITY | 1 << f::UNLIKELY_CORNERS) != 0 {
        let (near_me, near_opp) = (bits::around(me) & empty, bits::around(opp) & empty);
        if on(f::POTENTIAL_MOBILITY) {
            out[f::POTENTIAL_MOBILITY] = paired(near_opp.count_ones(), near_me.count_ones());
        }
        if on(f::UNLIKELY_CORNERS) {
            // An empty corner is unlikely for a side when no opposing disc is next to it (only
            // flanking one makes it a legal move); fewer is better, so the opponent's count
            // comes first.
            let empty_corners = empty & CORNERS;
            out[f::UNLIKELY_CORNERS] = paired(
                (empty_corners & !near_me).count_ones(),
                (empty_corners & !near_opp).count_ones(),
            );
        }
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
    if enabled & (1 << f::STABILITY | 1 << f::STABLE_DISCS) != 0 {
        let (stable_me, stable_opp) = stability::stable_discs(me, opp);
        if on(f::STABILITY) {
            let a = StabilityCounts::of(me, stable_me, moves.my_exposed);
            let b = StabilityCounts::of(opp, stable_opp, moves.their_exposed);
            out[f::STABILITY] = a.factor_against(&b);
        }
        if on(f::STABLE_DISCS) {
            out[f::STABLE_DISCS] = paired(stable_me.count_ones(), stable_opp.count_ones());
        }
    }
    if on(f::FRONTIER) {
        let boundary = bits::around(empty);
        out[f::FRONTIER] = paired((opp & boundary).count_ones(), (me & boundary).count_ones());
    }
    if on(f::TABLE_99) || on(f::TABLE_100) {
        let mine = squares::TableSums::of(me);
        let theirs = squares::TableSums::of(opp);
        out[f::TABLE_99] = squares::factor_from_sums(mine.table_99(), theirs.table_99());
        out[f::TABLE_100] = squares::factor_from_sums(mine.table_100(), theirs.table_100());
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
mod agreement;
#[cfg(test)]
mod reference;
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
