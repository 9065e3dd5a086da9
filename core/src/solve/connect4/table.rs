//! Transposition table with a fixed byte budget: one `u64` per entry holding the full board key,
//! a lower and an upper bound on the score, and the move that last proved a bound. Full keys mean
//! a probe never confuses two positions; keeping both bounds means a node searched twice with
//! different null windows keeps what both searches proved.
//!
//! The entries are atomic words read and written with relaxed ordering (plain loads and stores
//! on the machines we build for), so the threads of a parallel solve share one table without
//! locks: a word is never torn, and its key says whose it is. A thread may overwrite what
//! another just stored; every stored bound is true, so that costs work, never correctness.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entry layout, low bits first: lower bound (6 bits, offset 32), upper bound (6 bits, offset
/// 32), best column (3 bits, 7 = none), board key (49 bits). An all-zero word is the empty entry:
/// a stored upper bound is never -32, so its field is never 0.
const BOUND_BITS: u32 = 6;
const BOUND_OFFSET: i32 = 32;
const BOUND_MASK: u64 = (1 << BOUND_BITS) - 1;
const MOVE_SHIFT: u32 = 2 * BOUND_BITS;
const MOVE_MASK: u64 = 7;
const KEY_SHIFT: u32 = MOVE_SHIFT + 3;
/// Bounds that say nothing yet.
pub const NO_LOWER: i32 = -BOUND_OFFSET + 1;
pub const NO_UPPER: i32 = BOUND_OFFSET - 1;
/// Column field value meaning "no move recorded".
pub const NO_MOVE: u8 = 7;

/// What the table knows about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lower: i32,
    pub upper: i32,
    /// Column of the move that proved the last lower bound, or [`NO_MOVE`].
    pub best: u8,
}

pub struct Table {
    entries: Vec<AtomicU64>,
    shift: u32,
}

impl Table {
    /// The largest power-of-two number of entries that fits in `bytes` (at least one entry).
    pub fn new(bytes: usize) -> Self {
        let wanted = (bytes / std::mem::size_of::<u64>()).max(1);
        let bits = usize::BITS - 1 - wanted.leading_zeros();
        Table {
            entries: (0..1usize << bits).map(|_| AtomicU64::new(0)).collect(),
            shift: 64 - bits,
        }
    }

    /// Bytes actually allocated.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<u64>()
    }

    pub fn clear(&mut self) {
        for e in &mut self.entries {
            *e.get_mut() = 0;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing: keys differ mostly in their low columns, the product mixes them into
        // the top bits. With one entry the shift would be 64: the mask sends every key to 0.
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h.checked_shr(self.shift).unwrap_or(0) as usize) & (self.entries.len() - 1)
    }

    /// What is stored for `key`, if anything.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let e = self
            .entries
            .get(self.slot(key))
            .map_or(0, |e| e.load(Ordering::Relaxed));
        let upper_raw = (e >> BOUND_BITS) & BOUND_MASK;
        if e >> KEY_SHIFT != key || upper_raw == 0 {
            return None;
        }
        Some(Entry {
            lower: (e & BOUND_MASK) as i32 - BOUND_OFFSET,
            upper: upper_raw as i32 - BOUND_OFFSET,
            best: ((e >> MOVE_SHIFT) & MOVE_MASK) as u8,
        })
    }

    #[inline]
    fn put(&self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        let e = key << KEY_SHIFT
            | (entry.best as u64 & MOVE_MASK) << MOVE_SHIFT
            | ((entry.upper + BOUND_OFFSET) as u64 & BOUND_MASK) << BOUND_BITS
            | ((entry.lower + BOUND_OFFSET) as u64 & BOUND_MASK);
        if let Some(cell) = self.entries.get(slot) {
            cell.store(e, Ordering::Relaxed);
        }
    }

    #[inline]
    fn known(&self, key: u64) -> Entry {
        self.get(key).unwrap_or(Entry {
            lower: NO_LOWER,
            upper: NO_UPPER,
            best: NO_MOVE,
        })
    }

    /// Records `score <= value`, keeping what is already known for the same key.
    #[inline]
    pub fn store_upper(&self, key: u64, value: i32) {
        let old = self.known(key);
        self.put(
            key,
            Entry {
                lower: old.lower.min(value),
                upper: value,
                best: old.best,
            },
        );
    }

    /// Records `score >= value`, proved by playing column `best`.
    #[inline]
    pub fn store_lower(&self, key: u64, value: i32, best: u8) {
        let old = self.known(key);
        self.put(
            key,
            Entry {
                lower: value,
                upper: old.upper.max(value),
                best,
            },
        );
    }

    /// Records the exact score, reached by playing column `best`.
    #[inline]
    pub fn store_exact(&self, key: u64, value: i32, best: u8) {
        self.put(
            key,
            Entry {
                lower: value,
                upper: value,
                best,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_both_bounds_and_the_move_and_rejects_other_keys() {
        let t = Table::new(1 << 10);
        assert_eq!(t.bytes(), 1 << 10);
        let key = (1u64 << 48) + 12345;
        assert_eq!(t.get(key), None);
        t.store_lower(key, -3, 4);
        assert_eq!(
            t.get(key),
            Some(Entry {
                lower: -3,
                upper: NO_UPPER,
                best: 4
            })
        );
        t.store_upper(key, 5);
        assert_eq!(
            t.get(key),
            Some(Entry {
                lower: -3,
                upper: 5,
                best: 4
            })
        );
        t.store_exact(key, -21, 0);
        assert_eq!(
            t.get(key),
            Some(Entry {
                lower: -21,
                upper: -21,
                best: 0
            })
        );
        assert_eq!(t.get(key + 1), None);
        assert_eq!(
            t.get(0),
            None,
            "the empty board's key is not the empty entry"
        );
        t.store_upper(0, -21);
        assert_eq!(
            t.get(0),
            Some(Entry {
                lower: NO_LOWER,
                upper: -21,
                best: NO_MOVE
            })
        );
        let largest = 2 * crate::games::connect4::bitboard::BOARD;
        t.store_exact(largest, 21, 6);
        assert_eq!(
            t.get(largest),
            Some(Entry {
                lower: 21,
                upper: 21,
                best: 6
            })
        );
    }

    #[test]
    fn tiny_budget_still_works() {
        let t = Table::new(3);
        assert_eq!(t.bytes(), 8);
        t.store_exact(7, 21, 3);
        assert_eq!(t.get(7).map(|e| e.lower), Some(21));
        t.store_exact(9, 1, 3);
        assert_eq!(t.get(7), None, "one slot: the newer entry replaced it");
    }
}
