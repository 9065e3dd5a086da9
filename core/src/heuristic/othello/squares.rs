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

const fn build(quadrant: [[i32; 4]; 4]) -> SquareTable {
    let mut weights = [0i32; 64];
    let mut groups = [(0i32, 0u64); 10];
    let mut g = 0;
    let mut sq = 0;
    while sq < 64 {
        let r = sq / 8;
        let c = sq % 8;
        let qr = if r < 4 { r } else { 7 - r };
        let qc = if c < 4 { c } else { 7 - c };
        // The table is symmetric across the diagonal too: (qr, qc) and (qc, qr) share a weight.
        let (lo, hi) = if qr < qc { (qr, qc) } else { (qc, qr) };
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
                let r = s / 8;
                let c = s % 8;
                let qr = if r < 4 { r } else { 7 - r };
                let qc = if c < 4 { c } else { 7 - c };
                let (a, b) = if qr < qc { (qr, qc) } else { (qc, qr) };
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
