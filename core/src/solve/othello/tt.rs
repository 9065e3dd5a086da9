//! Fixed-size transposition table for the endgame solver: bounds on the exact final score of
//! positions, allocated once from the caller's byte budget and never grown.

/// One slot: the position's full 64-bit key, score bounds and the best move found (64 = none).
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    /// Empty squares of the stored position (a rough measure of the work behind it).
    empties: u8,
    used: bool,
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
            entries: vec![Entry::default(); len],
            mask: len - 2,
        }
    }

    /// Memory used by the entries, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let i = (key as usize) & self.mask;
        for e in &self.entries[i..i + 2] {
            if e.used && e.key == key {
                return Some(Bounds {
                    lower: e.lower as i32,
                    upper: e.upper as i32,
                    best: (e.best < 64).then_some(e.best as usize),
                });
            }
        }
        None
    }

    /// Records that the score lies in `lower..=upper`, narrowing what is already known.
    #[inline]
    pub fn store(&mut self, key: u64, empties: u32, lower: i32, upper: i32, best: Option<usize>) {
        let i = (key as usize) & self.mask;
        let pair = &mut self.entries[i..i + 2];
        let best = best.map_or(64, |b| b as u8);
        if let Some(e) = pair.iter_mut().find(|e| e.used && e.key == key) {
            e.lower = e.lower.max(lower as i8);
            e.upper = e.upper.min(upper as i8);
            if e.lower > e.upper {
                // Bounds from different windows can only cross through a bug; trust the newest.
                e.lower = lower as i8;
                e.upper = upper as i8;
            }
            if best < 64 {
                e.best = best;
            }
            return;
        }
        let slot = if !pair[0].used || pair[0].empties <= pair[1].empties {
            0
        } else {
            1
        };
        pair[slot] = Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
            used: true,
        };
    }
}
