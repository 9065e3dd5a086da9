//! Transposition table with a fixed byte budget.
//!
//! The table is one `Vec` of two-entry buckets allocated once at construction, sized so that
//! `capacity * size_of::<Bucket>() <= budget`; it never grows. Slot 0 of a bucket is
//! depth-preferred (kept unless the new entry is at least as deep or the old one is from an
//! earlier search), slot 1 is always replaced, so fresh shallow results still find a home.
//! Entries keep the full 64-bit hash as key check, the depth, the bound type, the best move as
//! its `Game::move_key` and the search generation ("age"). Scores are stored node-relative (see
//! [`crate::search::score::to_tt`]).

/// Stored depth of an entry whose subtree was searched to the end of the game on every line.
pub const TO_THE_END: u8 = u8::MAX;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// One stored result, unpacked. In the table an entry is two words: the full hash (key check)
/// and `score (32 bits) | move (16) | depth (8) | flags (8)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    key: u64,
    score: i32,
    /// `move_key + 1`, 0 = no move.
    mv: u16,
    depth: u8,
    /// Bits 0-1: bound (0 empty, 1 exact, 2 lower, 3 upper); bits 2-7: age.
    flags: u8,
}

impl Entry {
    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u32 as i32,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8,
            flags: (data >> 56) as u8,
        }
    }

    fn pack(&self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.mv) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.flags) << 56
    }

    fn is_empty(&self) -> bool {
        self.flags & 3 == 0
    }
}

/// Two entries: `[key0, data0, key1, data1]`. Plain words, so the table is allocated zeroed
/// (the operating system hands out zero pages lazily: making a large table costs nothing until
/// it is used).
type Bucket = [u64; 4];

/// A probe's answer: the entry for this exact position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Node-relative score (convert with `score::from_tt`).
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
    /// `Game::move_key` of the best move, if one was stored.
    pub move_key: Option<usize>,
}

/// The table. Memory use is exactly [`TranspositionTable::bytes`], fixed at construction.
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
}

impl TranspositionTable {
    /// Bytes of one bucket (two entries).
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

    /// A table using at most `budget_bytes` (0 buckets if the budget is smaller than one bucket).
    pub fn new(budget_bytes: usize) -> Self {
        let n = budget_bytes / Self::BUCKET_BYTES;
        TranspositionTable {
            buckets: vec![Bucket::default(); n],
            age: 0,
        }
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.buckets.capacity() * Self::BUCKET_BYTES
    }

    /// Number of entries the table can hold.
    pub fn entries(&self) -> usize {
        self.buckets.len() * 2
    }

    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Forgets every entry (keeps the memory).
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = [0; 4]);
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    fn index(&self, hash: u64) -> Option<usize> {
        if self.buckets.is_empty() {
            return None;
        }
        // Multiply-shift maps the hash onto any table size without a power-of-two restriction.
        Some(((hash as u128 * self.buckets.len() as u128) >> 64) as usize)
    }

    pub fn probe(&self, hash: u64) -> Option<Probe> {
        let b = self.buckets.get(self.index(hash)?)?;
        let e = [Entry::unpack(b[0], b[1]), Entry::unpack(b[2], b[3])]
            .into_iter()
            .find(|e| !e.is_empty() && e.key == hash)?;
        Some(Probe {
            score: e.score,
            depth: u32::from(e.depth),
            bound: match e.flags & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            move_key: if e.mv == 0 {
                None
            } else {
                Some(usize::from(e.mv - 1))
            },
        })
    }

    /// Stores a node-relative score.
    pub fn store(
        &mut self,
        hash: u64,
        score: i32,
        depth: u32,
        bound: Bound,
        move_key: Option<usize>,
    ) {
        let Some(i) = self.index(hash) else { return };
        let age = self.age;
        let Some(bucket) = self.buckets.get_mut(i) else {
            return;
        };
        let entry = Entry {
            key: hash,
            score,
            mv: move_key
                .and_then(|k| u16::try_from(k + 1).ok())
                .unwrap_or(0),
            depth: depth.min(u32::from(TO_THE_END)) as u8,
            flags: (match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            }) | (age << 2),
        };
        let mut first = Entry::unpack(bucket[0], bucket[1]);
        let mut second = Entry::unpack(bucket[2], bucket[3]);
        let first_age = first.flags >> 2;
        let mut entry = entry;
        if first.is_empty() || first.key == hash || entry.depth >= first.depth || first_age != age {
            // Keep a useful move if the same position is re-stored without one.
            if entry.mv == 0 && first.key == hash {
                entry.mv = first.mv;
            }
            if first.key != hash && !first.is_empty() {
                // The displaced deep entry gets the always-replace slot.
                second = first;
            }
            first = entry;
        } else {
            if entry.mv == 0 && second.key == hash {
                entry.mv = second.mv;
            }
            second = entry;
        }
        *bucket = [first.key, first.pack(), second.key, second.pack()];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_size_and_packing() {
        assert_eq!(TranspositionTable::BUCKET_BYTES, 32);
        let e = Entry {
            key: 7,
            score: -123_456,
            mv: 1025,
            depth: 255,
            flags: 0b1111_1110,
        };
        assert_eq!(Entry::unpack(7, e.pack()), e);
    }

    #[test]
    fn never_exceeds_budget() {
        for budget in [0, 31, 32, 1000, 1 << 20, (16 << 20) + 5] {
            let tt = TranspositionTable::new(budget);
            assert!(tt.bytes() <= budget, "{budget}");
            assert!(budget - tt.bytes() < TranspositionTable::BUCKET_BYTES);
        }
    }

    #[test]
    fn store_and_probe() {
        let mut tt = TranspositionTable::new(1 << 12);
        tt.store(42, -7, 5, Bound::Lower, Some(3));
        let p = tt.probe(42).expect("stored");
        assert_eq!(
            (p.score, p.depth, p.bound, p.move_key),
            (-7, 5, Bound::Lower, Some(3))
        );
        assert_eq!(tt.probe(43), None);
        // A shallower result for another position in the same bucket goes to slot 1 and keeps
        // the deep one.
        let n = tt.buckets.len() as u128;
        let other = (1..u64::MAX)
            .find(|&h| h != 42 && (h as u128 * n) >> 64 == (42u128 * n) >> 64)
            .expect("same bucket");
        tt.store(other, 1, 1, Bound::Exact, None);
        assert!(tt.probe(42).is_some());
        assert!(tt.probe(other).is_some());
    }

    #[test]
    fn empty_table_is_harmless() {
        let mut tt = TranspositionTable::new(0);
        tt.store(1, 1, 1, Bound::Exact, None);
        assert_eq!(tt.probe(1), None);
    }
}
