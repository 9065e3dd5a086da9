//! How many threads each of the apps' levels searches with: the app's policy, on the engine's
//! Lazy SMP ([`ply_core::search::smp`]).

/// The most threads [`threads_for_level`] gives a level.
pub const LEVEL_THREADS_CAP: u32 = 4;

/// How many threads a level of the apps should search with on a device with `device_cores`
/// cores (0: unknown) and a table of `table_bytes` (the level's table within the device's
/// memory cap): between 1 and [`LEVEL_THREADS_CAP`].
///
/// - Levels 1-4 search alone: their moves take 0.1-1.6 s at shallow depths, where a second
///   thread saves little, and the weakest levels keep no table to share.
/// - From level 5 one thread more every two levels: 2 at levels 5-6, 3 at 7-8, 4 at 9-10.
/// - Never more than the cores, less one on a device of four cores or more (left to the
///   interface and the system; a phone's small cores are slow ones).
/// - At least 2 MiB of table per thread: the threads share one table (more threads never
///   mean more table), and a hypothesis, not measured here, is that a table much smaller
///   than what the threads fill between two visits of a position stops carrying their work.
pub fn threads_for_level(level: u8, device_cores: u32, table_bytes: u64) -> u32 {
    const PER_THREAD_TABLE: u64 = 2 << 20;
    let by_level = match level {
        0..=4 => 1,
        5 | 6 => 2,
        7 | 8 => 3,
        _ => 4,
    };
    let by_cores = match device_cores {
        0 => 1,
        1..=3 => device_cores,
        _ => device_cores - 1,
    };
    let by_table = u32::try_from(table_bytes / PER_THREAD_TABLE).unwrap_or(u32::MAX);
    by_level
        .min(by_cores)
        .min(by_table)
        .clamp(1, LEVEL_THREADS_CAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_threads_are_bounded_by_level_cores_and_table() {
        const MIB: u64 = 1 << 20;
        // The level's own bound on a big device.
        let by_level: Vec<u32> = (1..=10)
            .map(|l| threads_for_level(l, 8, 256 * MIB))
            .collect();
        assert_eq!(by_level, vec![1, 1, 1, 1, 2, 2, 3, 3, 4, 4]);
        // Cores: all of 2, all but one of 4 or more, one when unknown.
        assert_eq!(threads_for_level(10, 2, 256 * MIB), 2);
        assert_eq!(threads_for_level(10, 4, 256 * MIB), 3);
        assert_eq!(threads_for_level(10, 0, 256 * MIB), 1);
        assert_eq!(threads_for_level(10, 1, 256 * MIB), 1);
        // Table: 2 MiB a thread, and never none.
        assert_eq!(threads_for_level(10, 8, 4 * MIB), 2);
        assert_eq!(threads_for_level(10, 8, 0), 1);
        // Never above the cap, whatever the device.
        assert_eq!(threads_for_level(10, 64, u64::MAX), LEVEL_THREADS_CAP);
        assert_eq!(threads_for_level(u8::MAX, 64, u64::MAX), LEVEL_THREADS_CAP);
    }
}
