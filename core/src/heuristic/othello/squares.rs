//! The two published square-weight tables, stored as one quadrant (a1..d4) and mirrored.
//!
//! - [`TABLE_99`]: 99 / -8 / 8 / 6 / -24 / -4 / -3 / 7 / 4 / 0, the table of A. Korman's
//!   "Playing Othello with Artificial Intelligence" (2003), reused by many student engines.
//!   (Issue 4 lists it as "99/-18/8/6/-24/-14/-12/15/10"; those nine numbers do not fill the ten
//!   cells of a quadrant unambiguously and match no table we could find published, so the
//!   published values are used.)
//! - [`TABLE_100`]: 100 / -20 / 10 / 5 / -50 / -2 / -1, the "classic" positional table of the
//!   Othello programming tutorials (corners 100, C squares -20, X squares -50).

/// A symmetric square-weight table as groups of squares sharing a weight.
pub struct SquareTable {
    /// The 64 weights, a1..h8.
    pub weights: [i32; 64],
    groups: [(i32, u64); 10],
}

impl SquareTable {
    /// `Σ w(sq)` over the squares of `b`.
    #[inline]
    pub fn sum(&self, b: u64) -> i32 {
        self.groups
            .iter()
            .map(|&(w, m)| w * (b & m).count_ones() as i32)
            .sum()
    }

    /// Discs of `b` in each of the ten symmetry classes of squares (the same classes, in the
    /// same order, for every table built here).
    #[inline]
    pub fn class_counts(&self, b: u64) -> [u32; 10] {
        let mut out = [0u32; 10];
        for (o, &(_, m)) in out.iter_mut().zip(&self.groups) {
            *o = (b & m).count_ones();
        }
        out
    }

    /// [`SquareTable::factor`] from counts by class ([`SquareTable::class_counts`]), so that
    /// several tables share one pass over the board.
    #[inline]
    pub fn factor_from_counts(&self, me: &[u32; 10], opp: &[u32; 10]) -> f32 {
        let (mut diff, mut scale) = (0i32, 0i32);
        for ((&(w, _), &a), &b) in self.groups.iter().zip(me).zip(opp) {
            diff += w * (a as i32 - b as i32);
            scale += w.abs() * (a + b) as i32;
        }
        if scale == 0 {
            0.0
        } else {
            100.0 * diff as f32 / scale as f32
        }
    }

    /// `100 * (S_me - S_opp) / Σ |w|` over occupied squares, 0 on an empty board or when every
    /// occupied square weighs 0: in `[-100, 100]`.
    #[inline]
    pub fn factor(&self, me: u64, opp: u64) -> f32 {
        let occupied = me | opp;
        let scale: i32 = self
            .groups
            .iter()
            .map(|&(w, m)| w.abs() * (occupied & m).count_ones() as i32)
            .sum();
        if scale == 0 {
            0.0
        } else {
            100.0 * (self.sum(me) - self.sum(opp)) as f32 / scale as f32
        }
    }
}

/// The cell `(lo, hi)`, `lo <= hi`, of the upper triangle of the a1 quadrant that holds the
/// weight of square `sq`: the tables are symmetric across both middle lines and the diagonal.
const fn quadrant_cell(sq: usize) -> (usize, usize) {
    let r = sq / 8;
    let c = sq % 8;
    let qr = if r < 4 { r } else { 7 - r };
    let qc = if c < 4 { c } else { 7 - c };
    if qr < qc { (qr, qc) } else { (qc, qr) }
}

const fn build(quadrant: [[i32; 4]; 4]) -> SquareTable {
    let mut weights = [0i32; 64];
    let mut groups = [(0i32, 0u64); 10];
    let mut g = 0;
    let mut sq = 0;
    while sq < 64 {
        let (lo, hi) = quadrant_cell(sq);
        weights[sq] = quadrant[lo][hi];
        sq += 1;
    }
    // One group per cell of the upper triangle of the quadrant (10 cells).
    let mut lo = 0;
    while lo < 4 {
        let mut hi = lo;
        while hi < 4 {
            let mut mask = 0u64;
            let mut s = 0;
            while s < 64 {
                let (a, b) = quadrant_cell(s);
                if a == lo && b == hi {
                    mask |= 1 << s;
                }
                s += 1;
            }
            groups[g] = (quadrant[lo][hi], mask);
            g += 1;
            hi += 1;
        }
        lo += 1;
    }
    SquareTable { weights, groups }
}

/// Korman's table (rank 1 of the quadrant first: a1 b1 c1 d1 / - b2 c2 d2 / - - c3 d3 / - - - d4).
#[rustfmt::skip]
pub const TABLE_99: SquareTable = build([
    [99, -8, 8, 6],
    [0, -24, -4, -3],
    [0, 0, 7, 4],
    [0, 0, 0, 0],
]);

/// The 100/-20/10/5/-50/-2/-1 table.
#[rustfmt::skip]
pub const TABLE_100: SquareTable = build([
    [100, -20, 10, 5],
    [0, -50, -2, -2],
    [0, 0, -1, -1],
    [0, 0, 0, -1],
]);

/// Both tables' sums over a set of discs, from one pass of eight byte lookups (one per rank).
///
/// Each entry packs four 16-bit counters for one rank's byte: `Σ|w|` and `Σ(|w| + w)` of
/// [`TABLE_99`], then the same of [`TABLE_100`]. `|w| + w >= 0`, so no counter ever goes
/// negative, and eight ranks of them stay below 2^16 (at most 2 * 270 per rank), so plain `u64`
/// additions add all four counters at once without carries between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSums(u64);

impl TableSums {
    /// The sums over the discs of `b`.
    #[inline(always)]
    pub fn of(b: u64) -> TableSums {
        let mut packed = 0u64;
        for rank in 0..8 {
            let row = ((b >> (8 * rank)) & 0xFF) as usize;
            packed += RANK_SUMS[RANK_ROW[rank]][row];
        }
        TableSums(packed)
    }

    fn lane(self, i: u32) -> i32 {
        ((self.0 >> (16 * i)) & 0xFFFF) as i32
    }

    /// `(Σ w, Σ |w|)` of [`TABLE_99`] over the discs.
    #[inline(always)]
    pub fn table_99(self) -> (i32, i32) {
        let abs = self.lane(0);
        (self.lane(1) - abs, abs)
    }

    /// `(Σ w, Σ |w|)` of [`TABLE_100`] over the discs.
    #[inline(always)]
    pub fn table_100(self) -> (i32, i32) {
        let abs = self.lane(2);
        (self.lane(3) - abs, abs)
    }
}

/// [`SquareTable::factor`] from the sums of each side ([`TableSums`]): the same integers, so
/// the same value.
#[inline(always)]
pub fn factor_from_sums(me: (i32, i32), opp: (i32, i32)) -> f32 {
    let diff = me.0 - opp.0;
    // A scale of 0 means every occupied square weighs 0, so `diff` is 0 too: dividing by 1
    // gives the same +0.0 as a branch would.
    let scale = (me.1 + opp.1).max(1);
    100.0 * diff as f32 / scale as f32
}

/// Which of the four distinct rows of the symmetric tables each rank uses.
const RANK_ROW: [usize; 8] = [0, 1, 2, 3, 3, 2, 1, 0];

/// `RANK_SUMS[row][byte]`: the packed counters of [`TableSums`] for the discs `byte` on a rank
/// of that row.
static RANK_SUMS: [[u64; 256]; 4] = build_rank_sums();

const fn build_rank_sums() -> [[u64; 256]; 4] {
    let mut out = [[0u64; 256]; 4];
    let mut row = 0;
    while row < 4 {
        let mut byte = 0;
        while byte < 256 {
            let (mut a99, mut p99, mut a100, mut p100) = (0u64, 0u64, 0u64, 0u64);
            let mut file = 0;
            while file < 8 {
                if byte & (1 << file) != 0 {
                    let w99 = TABLE_99.weights[row * 8 + file];
                    let w100 = TABLE_100.weights[row * 8 + file];
                    a99 += w99.unsigned_abs() as u64;
                    p99 += (w99.abs() + w99) as u64;
                    a100 += w100.unsigned_abs() as u64;
                    p100 += (w100.abs() + w100) as u64;
                }
                file += 1;
            }
            out[row][byte] = a99 | (p99 << 16) | (a100 << 32) | (p100 << 48);
            byte += 1;
        }
        row += 1;
    }
    out
}
