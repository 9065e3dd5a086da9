//! Transposition table with a fixed byte budget, shared by the threads of a parallel search.
//!
//! The table is one allocation of two-entry buckets made once at construction, sized so that
//! `capacity * size_of::<Bucket>() <= budget`; it never grows, and every thread of a search
//! uses the same one (more threads never mean more table). Slot 0 of a bucket is
//! depth-preferred (kept unless the new entry is at least as deep or the old one is from an
//! earlier search), slot 1 is always replaced, so fresh shallow results still find a home.
//! Entries keep the full 64-bit hash as key check, the depth, the bound type, the best move as
//! its `Game::move_key` and the search generation ("age"). Scores are stored node-relative (see
//! [`crate::search::score::to_tt`]).
//!
//! # Without locks (Hyatt and Mann's lockless hashing)
//! An entry is two words, `key ^ data` and `data`, each an `AtomicU64` read and written with
//! relaxed ordering (plain loads and stores on x86-64 and ARM). Two threads writing one slot
//! at once can leave one's first word beside the other's second; a reader then finds
//! `word0 ^ word1` equal to neither key and takes the slot for another position's, so a torn
//! entry is a miss, never another position's data (but for the 2^-64 chance of a hash
//! collision, which a single thread has too). Nothing waits: no lock, no compare-and-swap.
//! Writers may also lose each other's updates of one bucket; that costs a re-search, not a
//! wrong answer.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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

/// Two entries: `[key0 ^ data0, data0, key1 ^ data1, data1]`. All zero is two empty entries, so
/// the table is allocated zeroed (the operating system hands out zero pages lazily: a short
/// search in a large table costs only the pages it touches, unless [`prefault`] maps them).
type Bucket = [AtomicU64; 4];

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
/// `probe` and `store` take `&self`: the threads of one search share it (see the module
/// documentation); `new_search` and `clear` take `&mut self`, between searches.
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    age: u8,
}

/// `n` zeroed buckets from the allocator's zeroed memory, so untouched pages stay unmapped.
fn zeroed_buckets(n: usize) -> Box<[Bucket]> {
    use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
    let Ok(layout) = Layout::array::<Bucket>(n) else {
        return Box::new([]);
    };
    if layout.size() == 0 {
        return Box::new([]);
    }
    // SAFETY: the layout has a non-zero size; all-zero bytes are a valid `AtomicU64` (0), so
    // the memory holds `n` initialised buckets; the box frees it with the same layout
    // (`Box<[T]>` of `n` elements from the global allocator, as `Layout::array` describes).
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<Bucket>();
        if ptr.is_null() {
            handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n))
    }
}

/// Writes the first word of every 4 KiB of a table just allocated zeroed, so that its pages
/// are mapped writable now. Left to the search, each page's first probe maps the shared zero
/// page and its first store then replaces it, and on a machine where another thread of the
/// process runs, the kernel interrupts that thread's core to flush the old mapping: 17 % of a
/// 2-thread endgame solve's time on this machine (FFO #40-#42) went there. A search on one
/// thread took 1.7 times as long to depth 14 (20 middle-game positions, 64 MB, search time
/// alone) as after mapping, 1.2 times counting the mapping's own time. The mapping costs about
/// 5.5 ms per 16 MB here (22 ms for 64 MB), so only searches that will fill a table do it:
/// several threads, or a time budget of [`MAP_PAGES_FROM_MS`] or more with no depth cap below
/// [`MAP_PAGES_FROM_DEPTH`] (see `Searcher::new`).
pub(crate) fn prefault<T>(items: &[T], word: impl Fn(&T) -> &AtomicU64) {
    debug_assert!(std::mem::size_of::<T>() <= 4096);
    let step = (4096 / std::mem::size_of::<T>().max(1)).max(1);
    for item in items.iter().step_by(step).chain(items.last()) {
        word(item).store(0, Relaxed);
    }
}

/// A search with this much time or more maps its table's pages first: at 3 to 6 M nodes a
/// second it touches nearly every page of a 64 MB table, and the mapping is a tenth of its time
/// at most.
pub const MAP_PAGES_FROM_MS: u64 = 250;
/// ... unless a depth cap below this ends it sooner.
pub const MAP_PAGES_FROM_DEPTH: u32 = 10;

/// One slot's entry, or an empty one when its two words do not agree on a key (a torn write).
#[inline]
fn load(bucket: &Bucket, slot: usize) -> Entry {
    let (check, data) = match slot {
        0 => (&bucket[0], &bucket[1]),
        _ => (&bucket[2], &bucket[3]),
    };
    let data = data.load(Relaxed);
    Entry::unpack(check.load(Relaxed) ^ data, data)
}

#[inline]
fn save(bucket: &Bucket, slot: usize, e: &Entry) {
    let (check, data) = match slot {
        0 => (&bucket[0], &bucket[1]),
        _ => (&bucket[2], &bucket[3]),
    };
    let packed = e.pack();
    check.store(e.key ^ packed, Relaxed);
    data.store(packed, Relaxed);
}

impl TranspositionTable {
    /// Bytes of one bucket (two entries).
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

    /// A table using at most `budget_bytes` (0 buckets if the budget is smaller than one bucket).
    pub fn new(budget_bytes: usize) -> Self {
        TranspositionTable {
            buckets: zeroed_buckets(budget_bytes / Self::BUCKET_BYTES),
            age: 0,
        }
    }

    /// Maps every page of the table now ([`prefault`]).
    pub fn map_pages(&self) {
        prefault(&self.buckets, |b| &b[0]);
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * Self::BUCKET_BYTES
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
        for word in self.buckets.iter_mut().flatten() {
            *word.get_mut() = 0;
        }
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    #[inline]
    fn bucket(&self, hash: u64) -> Option<&Bucket> {
        // Multiply-shift maps the hash onto any table size without a power-of-two restriction.
        let i = ((hash as u128 * self.buckets.len() as u128) >> 64) as usize;
        self.buckets.get(i)
    }

    pub fn probe(&self, hash: u64) -> Option<Probe> {
        let b = self.bucket(hash)?;
        let e = [load(b, 0), load(b, 1)]
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
    pub fn store(&self, hash: u64, score: i32, depth: u32, bound: Bound, move_key: Option<usize>) {
        let Some(bucket) = self.bucket(hash) else {
            return;
        };
        let age = self.age;
        let mut entry = Entry {
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
        let first = load(bucket, 0);
        let first_age = first.flags >> 2;
        if first.is_empty() || first.key == hash || entry.depth >= first.depth || first_age != age {
            // Keep a useful move if the same position is re-stored without one.
            if entry.mv == 0 && first.key == hash {
                entry.mv = first.mv;
            }
            if first.key != hash && !first.is_empty() {
                // The displaced deep entry gets the always-replace slot.
                save(bucket, 1, &first);
            }
            save(bucket, 0, &entry);
        } else {
            if entry.mv == 0 {
                let second = load(bucket, 1);
                if second.key == hash {
                    entry.mv = second.mv;
                }
            }
            save(bucket, 1, &entry);
        }
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
    fn prefault_writes_a_word_in_every_4_kib_and_changes_nothing() {
        let buckets = zeroed_buckets(1000);
        let base = buckets.as_ptr() as usize;
        let touched = std::cell::RefCell::new(Vec::new());
        prefault(&buckets, |b| {
            touched.borrow_mut().push(b.as_ptr() as usize - base);
            &b[0]
        });
        let touched = touched.into_inner();
        assert_eq!(touched.first(), Some(&0));
        assert_eq!(touched.last(), Some(&(999 * 32)));
        assert!(
            touched
                .windows(2)
                .all(|w| w[1] > w[0] && w[1] - w[0] <= 4096)
        );
        assert!(buckets.iter().flatten().all(|w| w.load(Relaxed) == 0));
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
        let tt = TranspositionTable::new(1 << 12);
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
        let tt = TranspositionTable::new(0);
        tt.store(1, 1, 1, Bound::Exact, None);
        assert_eq!(tt.probe(1), None);
    }

    /// Data that names its key: the score is the key's low 31 bits, the move its next 15 and
    /// the depth its next 7, so a probe can tell whether the entry it got is its position's.
    fn stamp(key: u64) -> (i32, u32, Option<usize>) {
        (
            (key & 0x7fff_ffff) as i32,
            ((key >> 46) & 0x7f) as u32,
            Some(((key >> 31) & 0x7fff) as usize),
        )
    }

    #[test]
    fn concurrent_writers_never_hand_out_another_positions_entry() {
        // Four buckets and 4 threads, started together, storing and probing 64 keys that
        // overlap between threads: every bucket is fought over all the time, so writes tear
        // (with plain key words instead of `key ^ data` this test fails).
        let tt = TranspositionTable::new(4 * TranspositionTable::BUCKET_BYTES);
        let keys: Vec<u64> = (1..=64u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let hits = std::sync::atomic::AtomicU64::new(0);
        let start = std::sync::Barrier::new(4);
        std::thread::scope(|s| {
            for t in 0..4usize {
                let (tt, keys, hits, start) = (&tt, &keys, &hits, &start);
                s.spawn(move || {
                    start.wait();
                    let mut found = 0;
                    for round in 0..3_000_000usize {
                        let key = keys[(round * 7 + t * 13) % keys.len()];
                        let (score, depth, mv) = stamp(key);
                        tt.store(key, score, depth, Bound::Exact, mv);
                        let probe_key = keys[(round * 5 + t * 3) % keys.len()];
                        if let Some(p) = tt.probe(probe_key) {
                            let (score, depth, mv) = stamp(probe_key);
                            assert_eq!((p.score, p.depth, p.move_key), (score, depth, mv));
                            found += 1;
                        }
                    }
                    hits.fetch_add(found, std::sync::atomic::Ordering::Relaxed);
                });
            }
        });
        // The probes did find entries (the check above ran), and the table still answers.
        assert!(hits.into_inner() > 1000);
        let key = keys[0];
        let (score, depth, mv) = stamp(key);
        tt.store(key, score, depth, Bound::Lower, mv);
        assert_eq!(tt.probe(key).map(|p| p.score), Some(score));
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        // One writer's check word beside another's data: neither key matches.
        let tt = TranspositionTable::new(TranspositionTable::BUCKET_BYTES);
        let e = |key: u64, score: i32| Entry {
            key,
            score,
            mv: 1,
            depth: 3,
            flags: 1,
        };
        let (a, b) = (e(11, 5), e(12, 6));
        let bucket = &tt.buckets[0];
        bucket[0].store(a.key ^ a.pack(), Relaxed);
        bucket[1].store(b.pack(), Relaxed);
        assert_eq!(tt.probe(11), None);
        assert_eq!(tt.probe(12), None);
        save(bucket, 0, &a);
        assert_eq!(tt.probe(11).map(|p| p.score), Some(5));
    }
}
