//! Transposition table with a fixed byte budget: one `u64` per entry holding the full board key
//! and both a lower and an upper bound on the score, so probes never confuse two positions and
//! a node searched twice with different windows keeps what both searches proved.

/// Bits of an entry: lower bound (6 bits, offset 32), upper bound (6), the key above them.
const BOUND_BITS: u32 = 6;
const BOUND_OFFSET: i32 = 32;
const BOUND_MASK: u64 = (1 << BOUND_BITS) - 1;
const KEY_SHIFT: u32 = 2 * BOUND_BITS;
/// Bounds that say nothing, for a side that has no information yet.
const NO_LOWER: i32 = -BOUND_OFFSET;
const NO_UPPER: i32 = BOUND_OFFSET - 1;

pub struct Table {
    entries: Vec<u64>,
    shift: u32,
}

impl Table {
    /// The largest power-of-two number of entries that fits in `bytes` (at least one entry).
    pub fn new(bytes: usize) -> Self {
        let wanted = (bytes / std::mem::size_of::<u64>()).max(1);
        let bits = usize::BITS - 1 - wanted.leading_zeros();
        Table {
            entries: vec![0; 1 << bits],
            shift: 64 - bits,
        }
    }

    /// Bytes actually allocated.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<u64>()
    }

    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing; the shift of a 64-bit value by 64 (one entry) is avoided by the
        // mask: with a single entry every key lands on slot 0.
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h.checked_shr(self.shift).unwrap_or(0) as usize) & (self.entries.len() - 1)
    }

    /// Keys are stored shifted up by one so that the empty entry (0) matches no board.
    #[inline]
    fn tag(key: u64) -> u64 {
        (key + 1) << KEY_SHIFT
    }

    /// The (lower, upper) bounds stored for `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(i32, i32)> {
        let e = self.entries.get(self.slot(key)).copied().unwrap_or(0);
        if e >> KEY_SHIFT != key + 1 {
            return None;
        }
        let lo = (e & BOUND_MASK) as i32 - BOUND_OFFSET;
        let hi = ((e >> BOUND_BITS) & BOUND_MASK) as i32 - BOUND_OFFSET;
        Some((lo, hi))
    }

    #[inline]
    fn put(&mut self, key: u64, lo: i32, hi: i32) {
        let slot = self.slot(key);
        let e = Self::tag(key)
            | ((hi + BOUND_OFFSET) as u64 & BOUND_MASK) << BOUND_BITS
            | ((lo + BOUND_OFFSET) as u64 & BOUND_MASK);
        if let Some(cell) = self.entries.get_mut(slot) {
            *cell = e;
        }
    }

    /// Records `score <= value`, keeping a lower bound already known for the same key.
    #[inline]
    pub fn store_upper(&mut self, key: u64, value: i32) {
        let lo = self.get(key).map_or(NO_LOWER, |(lo, _)| lo);
        self.put(key, lo.min(value), value);
    }

    /// Records `score >= value`, keeping an upper bound already known for the same key.
    #[inline]
    pub fn store_lower(&mut self, key: u64, value: i32) {
        let hi = self.get(key).map_or(NO_UPPER, |(_, hi)| hi);
        self.put(key, value, hi.max(value));
    }

    /// Records the exact score.
    #[inline]
    pub fn store_exact(&mut self, key: u64, value: i32) {
        self.put(key, value, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_both_bounds_and_rejects_other_keys() {
        let mut t = Table::new(1 << 10);
        assert_eq!(t.bytes(), 1 << 10);
        let key = (1u64 << 48) + 12345;
        assert_eq!(t.get(key), None);
        t.store_lower(key, -3);
        assert_eq!(t.get(key), Some((-3, NO_UPPER)));
        t.store_upper(key, 5);
        assert_eq!(t.get(key), Some((-3, 5)));
        t.store_exact(key, -21);
        assert_eq!(t.get(key), Some((-21, -21)));
        assert_eq!(t.get(key + 1), None);
        assert_eq!(
            t.get(0),
            None,
            "the empty board's key is not the empty entry"
        );
    }

    #[test]
    fn tiny_budget_still_works() {
        let mut t = Table::new(3);
        assert_eq!(t.bytes(), 8);
        t.store_exact(7, 21);
        assert_eq!(t.get(7), Some((21, 21)));
        t.store_exact(9, 1);
        assert_eq!(t.get(7), None, "one slot: the newer entry replaced it");
    }
}
