//! Fixed-size transposition table for the endgame solver: bounds on the exact final score of
//! positions, allocated once from the caller's byte budget and never grown.
//!
//! Safe to share between the threads of a parallel solve without locks: an entry is two words,
//! its data and the data xored with the position's key (Hyatt and Mann's lockless hashing).
//! Two threads writing one slot at once can leave a word of each; the key check then fails
//! and the probe finds nothing, so a probe never returns another position's bounds (but for a
//! chance of 2^-64 per torn slot). Every stored bound is a true bound on the exact score, so a
//! write lost to a race costs work, never correctness.

use std::sync::atomic::{AtomicU64, Ordering};

/// One slot: `data` packs lower and upper bound (as bytes), the best move (64 = none), the
/// stored position's empties (a rough measure of the work behind it) and a used bit; `check` is
/// `key ^ data`.
#[derive(Default)]
#[repr(C)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const USED: u64 = 1 << 32;

#[inline(always)]
fn pack(lower: i32, upper: i32, best: u8, empties: u8) -> u64 {
    u64::from(lower as i8 as u8)
        | u64::from(upper as i8 as u8) << 8
        | u64::from(best) << 16
        | u64::from(empties) << 24
        | USED
}

#[inline(always)]
fn lower_of(d: u64) -> i32 {
    i32::from(d as u8 as i8)
}

#[inline(always)]
fn upper_of(d: u64) -> i32 {
    i32::from((d >> 8) as u8 as i8)
}

#[inline(always)]
fn best_of(d: u64) -> u8 {
    (d >> 16) as u8
}

#[inline(always)]
fn empties_of(d: u64) -> u8 {
    (d >> 24) as u8
}

impl Entry {
    /// The slot's data if it holds `key`.
    #[inline(always)]
    fn read(&self, key: u64) -> Option<u64> {
        let d = self.data.load(Ordering::Relaxed);
        let c = self.check.load(Ordering::Relaxed);
        (d & USED != 0 && c ^ d == key).then_some(d)
    }

    #[inline(always)]
    fn write(&self, key: u64, d: u64) {
        self.data.store(d, Ordering::Relaxed);
        self.check.store(key ^ d, Ordering::Relaxed);
    }
}

/// Bounds on a position's exact score, found in the table.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// Best move found before (square index), if any.
    pub best: Option<usize>,
}

/// Two-way set-associative table; the slot with fewer empties is replaced first.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table using at most `bytes` bytes (at least two entries).
    pub fn new(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Entry>()).max(2);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            entries: (0..len).map(|_| Entry::default()).collect(),
            mask: len - 2,
        }
    }

    /// Maps every page of the table now (see [`crate::search::tt::prefault`]).
    pub fn map_pages(&self) {
        crate::search::tt::prefault(&self.entries, |e| &e.check);
    }

    /// Memory used by the entries, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    #[inline]
    fn pair(&self, key: u64) -> &[Entry] {
        let i = (key as usize) & self.mask;
        &self.entries[i..i + 2]
    }

    /// Asks the CPU to start loading the pair `key` maps to, so that a later [`Table::probe`]
    /// or [`Table::store`] of it finds it in cache: the table is far larger than the caches, and
    /// a probe is otherwise a wait on main memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let i = (key as usize) & self.mask;
            let ptr = self.entries[i..].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is only a hint, it reads nothing and cannot fault; SSE (which
            // has it) is part of every x86-64 CPU.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(ptr);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let d = self.pair(key).iter().find_map(|e| e.read(key))?;
        let best = best_of(d);
        Some(Bounds {
            lower: lower_of(d),
            upper: upper_of(d),
            best: (best < 64).then_some(best as usize),
        })
    }

    /// Records that the score lies in `lower..=upper`, narrowing what is already known.
    #[inline]
    pub fn store(&self, key: u64, empties: u32, lower: i32, upper: i32, best: Option<usize>) {
        let pair = self.pair(key);
        let best = best.map_or(64, |b| b as u8);
        if let Some((e, d)) = pair.iter().find_map(|e| e.read(key).map(|d| (e, d))) {
            let (mut lo, mut hi) = (lower_of(d).max(lower), upper_of(d).min(upper));
            if lo > hi {
                // Bounds from different windows can only cross through a bug; trust the newest.
                (lo, hi) = (lower, upper);
            }
            let b = if best < 64 { best } else { best_of(d) };
            e.write(key, pack(lo, hi, b, empties_of(d)));
            return;
        }
        let (d0, d1) = (
            pair[0].data.load(Ordering::Relaxed),
            pair[1].data.load(Ordering::Relaxed),
        );
        let slot = if d0 & USED == 0 || empties_of(d0) <= empties_of(d1) {
            0
        } else {
            1
        };
        pair[slot].write(key, pack(lower, upper, best, empties as u8));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_bounds_and_move_and_finds_no_other_key() {
        let t = Table::new(1 << 10);
        assert!(t.bytes() <= 1 << 10);
        t.store(77, 20, -10, 64, Some(12));
        t.store(77, 20, -64, 6, None);
        let b = t.probe(77).unwrap();
        assert_eq!((b.lower, b.upper, b.best), (-10, 6, Some(12)));
        assert!(t.probe(78).is_none());
        assert!(t.probe(0).is_none(), "an empty slot is no entry for key 0");
        t.store(0, 3, -64, -64, None);
        assert_eq!(
            t.probe(0).map(|b| (b.lower, b.upper, b.best)),
            Some((-64, -64, None))
        );
    }

    /// Threads writing and reading the same few slots with keys whose bounds are a function of
    /// the key: a probe returns either nothing or that key's own bounds, never a torn or
    /// foreign entry.
    #[test]
    fn concurrent_writers_never_make_a_probe_see_another_position() {
        let t = Table::new(64 * 16);
        let bounds = |k: u64| {
            let lo = (k % 61) as i32 - 30;
            (lo, lo + 2, (k % 64) as usize)
        };
        std::thread::scope(|scope| {
            for id in 0..4u64 {
                let t = &t;
                scope.spawn(move || {
                    let mut x = id.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..200_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let key = x % 4096 * 0x1_0000_0001;
                        let (lo, hi, best) = bounds(key);
                        t.store(key, (key % 60) as u32, lo, hi, Some(best));
                        // Probe a key of the same family, often one another thread wrote.
                        let k = key ^ (0x1_0000_0001 * (x >> 60));
                        if let Some(b) = t.probe(k) {
                            let (lo, hi, best) = bounds(k);
                            assert_eq!((b.lower, b.upper, b.best), (lo, hi, Some(best)));
                        }
                    }
                });
            }
        });
    }
}
