//! Device limits: the rule that caps every search to the phone's memory and patience.
//!
//! # The rule (`recommended_limits`)
//! - **Transposition table**: `min(available / 8, total / 32, 256 MiB)`, rounded down to a power
//!   of two, at least 1 MiB. A zero `total` or `available` means "unknown" and drops that term.
//!   A TT is the only large allocation of a search (everything else is O(depth)), so search
//!   memory stays at 1/8 of what the OS says is free and 1/32 of the device.
//! - **Depth caps**, from `m = log2(tt_bytes / 1 MiB)` (0..=8) and `fast = cpu_cores >= 4`
//!   (a proxy for a recent, faster CPU):
//!   Othello `10 + m + fast`, Connect Four `12 + m + 2*fast`, draughts `8 + m/2 + fast`.
//!   Bigger tables keep deeper searches efficient; the caps keep a fixed-depth move within a few
//!   seconds on a phone. Othello's cap is higher: every level's fixed depth (10 at most) fits
//!   even the smallest table, and its strongest level deepens with ProbCut on its time alone,
//!   so the cap is the depth the table keeps efficient, not a time guard (the time cap is that).
//! - **Time cap**: 5 s per move below 2 GiB of RAM (low-end devices), 10 s otherwise.
//!
//! At 1/2/4/8 GiB total with half of it available the table is 32/64/128/256 MiB.
//!
//! # Under memory pressure (`with_table_share`)
//! The app core cuts only the table, to a share of the device's (see
//! `app::lifecycle::MemoryPressure`): a share of the device's, not of the current cap, so any
//! number of warnings leaves the same table, and the device's comes back whole.

/// What a search started through the bindings may use at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct EngineLimits {
    /// Deepest fixed depth allowed for Othello searches.
    pub max_depth_othello: u32,
    /// Deepest fixed depth allowed for Connect Four searches.
    pub max_depth_connect4: u32,
    /// Deepest fixed depth allowed for draughts (both variants).
    pub max_depth_checkers: u32,
    /// Largest transposition table (MCTS: tree) in bytes.
    pub tt_bytes: u64,
    /// Longest time a computer move or hint may think, in milliseconds.
    pub max_time_ms: u64,
}

const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;
const TT_CAP: u64 = 256 * MIB;

/// The limits for a device with `total_ram_bytes` of memory, `available_ram_bytes` free now and
/// `cpu_cores` cores (see the module documentation for the formula). Zero means unknown.
pub fn recommended_limits(
    total_ram_bytes: u64,
    available_ram_bytes: u64,
    cpu_cores: u32,
) -> EngineLimits {
    let mut tt = TT_CAP;
    if available_ram_bytes > 0 {
        tt = tt.min(available_ram_bytes / 8);
    }
    if total_ram_bytes > 0 {
        tt = tt.min(total_ram_bytes / 32);
    }
    let tt = floor_power_of_two(tt).max(MIB);
    let m = (tt / MIB).trailing_zeros();
    let fast = u32::from(cpu_cores >= 4);
    EngineLimits {
        max_depth_othello: 10 + m + fast,
        max_depth_connect4: 12 + m + 2 * fast,
        max_depth_checkers: 8 + m / 2 + fast,
        tt_bytes: tt,
        max_time_ms: if total_ram_bytes > 0 && total_ram_bytes < 2 * GIB {
            5_000
        } else {
            10_000
        },
    }
}

/// `device` with its table cut to `1/divisor` of the device's, rounded down to a power of two,
/// at least 1 MiB and never above the device's own; the depth and time caps are the device's.
pub fn with_table_share(device: EngineLimits, divisor: u64) -> EngineLimits {
    let share = floor_power_of_two(device.tt_bytes / divisor.max(1)).max(MIB);
    EngineLimits {
        tt_bytes: share.min(device.tt_bytes),
        ..device
    }
}

/// Limits that restrict nothing a phone would ask for (the default of a new session).
pub fn unlimited() -> EngineLimits {
    EngineLimits {
        max_depth_othello: 64,
        max_depth_connect4: 64,
        max_depth_checkers: 64,
        tt_bytes: TT_CAP * 4,
        max_time_ms: 60_000,
    }
}

fn floor_power_of_two(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1 << (63 - x.leading_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_at_1_2_4_8_gib_with_half_available() {
        // (total GiB, cores) -> (tt MiB, othello, connect4, checkers, time)
        let cases = [
            (1, 2, 32, 15, 17, 10, 5_000),
            (2, 4, 64, 17, 20, 12, 10_000),
            (4, 8, 128, 18, 21, 12, 10_000),
            (8, 8, 256, 19, 22, 13, 10_000),
        ];
        for (gib, cores, tt_mib, o, c, d, t) in cases {
            let l = recommended_limits(gib * GIB, gib * GIB / 2, cores);
            assert_eq!(l.tt_bytes, tt_mib * MIB, "{gib} GiB");
            assert_eq!(
                (
                    l.max_depth_othello,
                    l.max_depth_connect4,
                    l.max_depth_checkers
                ),
                (o, c, d),
                "{gib} GiB"
            );
            assert_eq!(l.max_time_ms, t, "{gib} GiB");
        }
    }

    #[test]
    fn low_available_memory_shrinks_the_table_to_a_power_of_two() {
        // 8 GiB device with only 300 MiB free: 300/8 = 37.5 MiB -> 32 MiB.
        let l = recommended_limits(8 * GIB, 300 * MIB, 8);
        assert_eq!(l.tt_bytes, 32 * MIB);
        // Nearly nothing free: the 1 MiB floor.
        assert_eq!(recommended_limits(8 * GIB, 1000, 8).tt_bytes, MIB);
        // Unknown memory: only the 256 MiB cap applies.
        assert_eq!(recommended_limits(0, 0, 1).tt_bytes, 256 * MIB);
        // A 64 GiB desktop still stops at the cap.
        assert_eq!(
            recommended_limits(64 * GIB, 32 * GIB, 16).tt_bytes,
            256 * MIB
        );
    }

    #[test]
    fn a_table_share_is_of_the_device_and_stays_within_one_mib_and_the_device() {
        let device = recommended_limits(4 * GIB, 2 * GIB, 4);
        assert_eq!(device.tt_bytes, 128 * MIB);
        let quarter = with_table_share(device, 4);
        assert_eq!(quarter.tt_bytes, 32 * MIB);
        assert_eq!(
            EngineLimits {
                tt_bytes: device.tt_bytes,
                ..quarter
            },
            device,
            "only the table changes"
        );
        assert_eq!(with_table_share(device, 16).tt_bytes, 8 * MIB);
        assert_eq!(
            with_table_share(device, 1 << 20).tt_bytes,
            MIB,
            "1 MiB floor"
        );
        assert_eq!(with_table_share(device, 0), device, "no share is the whole");
        // A device whose own table is the floor keeps it.
        let tiny = recommended_limits(GIB, 1000, 2);
        assert_eq!(with_table_share(tiny, 16), tiny);
    }

    #[test]
    fn every_result_is_a_power_of_two_and_within_the_fractions() {
        for total in [0, 512 * MIB, GIB, 3 * GIB, 6 * GIB, 12 * GIB] {
            for avail in [0, 100 * MIB, GIB, 5 * GIB] {
                let l = recommended_limits(total, avail, 2);
                assert!(l.tt_bytes.is_power_of_two());
                assert!(l.tt_bytes >= MIB && l.tt_bytes <= TT_CAP);
                if l.tt_bytes > MIB {
                    if avail > 0 {
                        assert!(l.tt_bytes <= avail / 8);
                    }
                    if total > 0 {
                        assert!(l.tt_bytes <= total / 32);
                    }
                }
            }
        }
    }
}
