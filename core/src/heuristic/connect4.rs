//! Connect Four factors on the height-mask bitboard layout (column `c` owns bits `7c..7c+5`,
//! bottom up; bit `7c+6` is an empty separator).
//!
//! The factors follow the Connect Four heuristic literature: open windows (four-cell lines with
//! no opposing stone) holding two or three of one's stones; threats (empty cells that would
//! complete four), those playable right now; the odd/even threat rule of Allis' "A Knowledge-based
//! Approach of Connect-Four" (the first player profits from threats on odd rows, the second from
//! threats on even rows, counted from the bottom as row 1); and control of the centre column.

use crate::heuristic::weights::{FactorInfo, FactorValues, paired};

pub const WIDTH: usize = 7;
pub const HEIGHT: usize = 6;
const COL_BITS: usize = HEIGHT + 1;

/// Bit of the cell at column `col`, row `row` (0 = bottom).
pub const fn cell(col: usize, row: usize) -> u64 {
    1 << (col * COL_BITS + row)
}

/// The bottom cell of every column.
pub const BOTTOM: u64 = {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= cell(c, 0);
        c += 1;
    }
    m
};
/// Every cell of the board (separators excluded).
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// Cells on odd rows counted from 1 at the bottom (rows 1, 3, 5 = 0-based 0, 2, 4).
pub const ODD_ROWS: u64 = BOTTOM * 0b010101;
/// Rows 2, 4, 6.
pub const EVEN_ROWS: u64 = BOTTOM * 0b101010;
/// Column d.
pub const CENTRE: u64 = ((1u64 << HEIGHT) - 1) << (3 * COL_BITS);

/// The 69 four-cell windows (horizontal, vertical and both diagonals).
pub const WINDOWS: [u64; 69] = build_windows();

const fn build_windows() -> [u64; 69] {
    let mut out = [0u64; 69];
    let mut n = 0;
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut c = 0;
        while c < WIDTH as i32 {
            let mut r = 0;
            while r < HEIGHT as i32 {
                let ec = c + 3 * dc;
                let er = r + 3 * dr;
                if ec >= 0 && ec < WIDTH as i32 && er >= 0 && er < HEIGHT as i32 {
                    let mut w = 0;
                    let mut k = 0;
                    while k < 4 {
                        w |= cell((c + k * dc) as usize, (r + k * dr) as usize);
                        k += 1;
                    }
                    out[n] = w;
                    n += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    out
}

/// Factor indices.
pub mod f {
    pub const WINDOWS_TWO: usize = 0;
    pub const WINDOWS_THREE: usize = 1;
    pub const THREATS: usize = 2;
    pub const IMMEDIATE_THREATS: usize = 3;
    pub const ODD_EVEN_THREATS: usize = 4;
    pub const CENTRE: usize = 5;
}

pub const FACTORS: &[FactorInfo] = &[
    FactorInfo {
        name: "windows_two",
        doc: "paired count of open windows (no opposing stone) holding exactly two own stones",
    },
    FactorInfo {
        name: "windows_three",
        doc: "paired count of open windows holding exactly three own stones",
    },
    FactorInfo {
        name: "threats",
        doc: "paired count of empty cells that would complete four",
    },
    FactorInfo {
        name: "immediate_threats",
        doc: "paired count of threat cells playable right now",
    },
    FactorInfo {
        name: "odd_even_threats",
        doc: "paired count of threats on the rows that favour their owner (first player: odd rows from the bottom, second: even)",
    },
    FactorInfo {
        name: "centre",
        doc: "paired count of stones in the centre column",
    },
];

/// Empty cells that would complete four for `stones` (the standard shift formulation).
pub fn threat_cells(stones: u64, mask: u64) -> u64 {
    let mut out = 0u64;
    for &w in WINDOWS.iter() {
        let own = stones & w;
        if own.count_ones() == 3 && (w & !own & mask) == 0 {
            out |= w & !own;
        }
    }
    out & BOARD & !mask
}

/// Fills the enabled factors. `me` = stones of the side to move, `mask` = every stone,
/// `first_to_move` = whether the side to move is the first player.
pub fn compute(me: u64, mask: u64, first_to_move: bool, enabled: u32, out: &mut FactorValues) {
    let on = |i: usize| enabled & (1 << i) != 0;
    let opp = mask & !me;
    if on(f::WINDOWS_TWO) || on(f::WINDOWS_THREE) {
        let (mut two_me, mut two_opp, mut three_me, mut three_opp) = (0, 0, 0, 0);
        for &w in WINDOWS.iter() {
            let (a, b) = ((me & w).count_ones(), (opp & w).count_ones());
            match (a, b) {
                (2, 0) => two_me += 1,
                (3, 0) => three_me += 1,
                (0, 2) => two_opp += 1,
                (0, 3) => three_opp += 1,
                _ => {}
            }
        }
        out[f::WINDOWS_TWO] = paired(two_me, two_opp);
        out[f::WINDOWS_THREE] = paired(three_me, three_opp);
    }
    if on(f::THREATS) || on(f::IMMEDIATE_THREATS) || on(f::ODD_EVEN_THREATS) {
        let (t_me, t_opp) = (threat_cells(me, mask), threat_cells(opp, mask));
        out[f::THREATS] = paired(t_me.count_ones(), t_opp.count_ones());
        let playable = (mask + BOTTOM) & BOARD;
        out[f::IMMEDIATE_THREATS] = paired(
            (t_me & playable).count_ones(),
            (t_opp & playable).count_ones(),
        );
        let (rows_me, rows_opp) = if first_to_move {
            (ODD_ROWS, EVEN_ROWS)
        } else {
            (EVEN_ROWS, ODD_ROWS)
        };
        out[f::ODD_EVEN_THREATS] = paired(
            (t_me & rows_me).count_ones(),
            (t_opp & rows_opp).count_ones(),
        );
    }
    if on(f::CENTRE) {
        out[f::CENTRE] = paired((me & CENTRE).count_ones(), (opp & CENTRE).count_ones());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::weights::MAX_FACTORS;

    /// Plays 1-based column digits from the empty board: `(stones of side to move, mask, first to move)`.
    fn play(moves: &str) -> (u64, u64, bool) {
        // Colours by move parity: independent of the game's own bookkeeping.
        let (mut first, mut second, mut m) = (0u64, 0u64, 0u64);
        for (i, ch) in moves.bytes().enumerate() {
            let col = (ch - b'1') as usize;
            let h = (0..HEIGHT)
                .find(|&r| m & cell(col, r) == 0)
                .unwrap_or(HEIGHT);
            let bit = cell(col, h);
            m |= bit;
            if i % 2 == 0 {
                first |= bit
            } else {
                second |= bit
            }
        }
        let first_to_move = moves.len().is_multiple_of(2);
        let me = if first_to_move { first } else { second };
        (me, m, first_to_move)
    }

    fn factors(moves: &str) -> FactorValues {
        let (me, mask, first) = play(moves);
        let mut out = [0f32; MAX_FACTORS];
        compute(me, mask, first, u32::MAX, &mut out);
        out
    }

    #[test]
    fn there_are_69_distinct_windows_of_four_cells() {
        assert!(
            WINDOWS
                .iter()
                .all(|w| w.count_ones() == 4 && w & !BOARD == 0)
        );
        let mut sorted = WINDOWS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 69);
        assert_eq!(CENTRE.count_ones(), 6);
    }

    #[test]
    fn empty_board_is_neutral() {
        assert!(factors("").iter().all(|&v| v == 0.0));
    }

    #[test]
    fn open_windows_of_two_and_three() {
        // First: a1 b1; second: g1 g2; first to move. First's two-windows: a1-d1 only (b1-e1
        // holds just b1). Second's: g1-g4. One each.
        let v = factors("1727");
        assert_eq!(v[f::WINDOWS_TWO], 0.0);
        // First: a1 b1 c1 e1? Play a1 b1 c1 against g1 g2 a2: first to move.
        // First's windows: a1-d1 three; b1-e1 two. Second's: g1-g4 two (a2's windows a2-d2 hold
        // one; a2-a5 vertical holds one).
        let v = factors("172731");
        assert_eq!(v[f::WINDOWS_THREE], 100.0);
        assert_eq!(v[f::WINDOWS_TWO], paired(1, 1));
        // A window with stones of both sides is not open for either.
        let v = factors("1222");
        // a1 (F), b1 (S), b2 (F), b3 (S): first to move. No window holds two of one colour
        // without the other except none: a1-b2-c3-d4 diagonal holds a1 and b2 -> one for first.
        assert_eq!(v[f::WINDOWS_TWO], 100.0);
    }

    #[test]
    fn threats_immediate_and_odd_even() {
        // First: a1 b1 c1 (d1 completes, playable now: an immediate threat on row 1, odd).
        // Second: g1 g2 g3? that would give second a vertical threat at g4 (row 4, even).
        let v = factors("17273");
        // Second to move; first has threat d1 (and nothing at e1? b1-e1 holds b1 c1 only).
        // Second has g1 g2: no threat. So threats are -100 from second's view.
        assert_eq!(v[f::THREATS], -100.0);
        assert_eq!(v[f::IMMEDIATE_THREATS], -100.0);
        // First's d1 threat sits on row 1 (odd): good for the first player.
        assert_eq!(v[f::ODD_EVEN_THREATS], -100.0);
        // Second stacks g3: now second has a vertical threat at g4 (row 4, even, good for it),
        // first to move.
        let v = factors("172737");
        let (me, mask, first) = play("172737");
        assert!(first);
        assert_eq!(threat_cells(mask & !me, mask), cell(6, 3));
        // First has d1 (row 1, immediate); second has g4 (row 4, immediate since g1-g3 filled).
        assert_eq!(v[f::THREATS], 0.0);
        assert_eq!(v[f::IMMEDIATE_THREATS], 0.0);
        assert_eq!(v[f::ODD_EVEN_THREATS], 0.0);
    }

    #[test]
    fn a_threat_above_an_empty_cell_is_not_immediate() {
        // First: a1 b2 c2 c3; second: b1 c1 f1. First's diagonal a1-b2-c3 needs d4, three cells
        // above the empty d1: a threat, not immediate, on row 4 (even: no use to the first player).
        let (me, mask, first) = play("1223363");
        assert!(!first);
        assert_eq!(threat_cells(mask & !me, mask), cell(3, 3));
        assert_eq!(threat_cells(me, mask), 0);
        let v = factors("1223363");
        assert_eq!(v[f::THREATS], -100.0);
        assert_eq!(v[f::IMMEDIATE_THREATS], 0.0);
        assert_eq!(v[f::ODD_EVEN_THREATS], 0.0);
    }

    #[test]
    fn centre_column_control() {
        let v = factors("44"); // one stone each in column d: even
        assert_eq!(v[f::CENTRE], 0.0);
        let v = factors("4"); // first has d1, second to move
        assert_eq!(v[f::CENTRE], -100.0);
    }
}
