//! English draughts factors on the 32-square bitboards (bit `i` = PDN square `i + 1`; Black
//! starts on 1-12 and moves toward higher numbers; rows of four squares, rows 0, 2, 4, 6 on the
//! b/d/f/h files and rows 1, 3, 5, 7 on the a/c/e/g files).
//!
//! Factors of the draughts evaluation literature (Samuel's checkers player and the draughts
//! framework of the History-ADS experiments): material with men 1 and kings 2 (the king value is
//! the `king_value` parameter), advancement of men, the back-row guard, centre control,
//! mobility, runaway men (a free path to the crowning row) and exchanging when ahead.

use crate::heuristic::weights::{FactorInfo, FactorValues, paired};

const EVEN_ROWS: u32 = 0x0F0F_0F0F;
const ODD_ROWS: u32 = 0xF0F0_F0F0;
const H_FILE: u32 = 0x0808_0808;
const A_FILE: u32 = 0x1010_1010;
/// Black's back row (1-4) and White's (29-32).
pub const BLACK_BACK: u32 = 0x0000_000F;
pub const WHITE_BACK: u32 = 0xF000_0000;
/// The eight central squares 14, 15, 18, 19 and 10, 11, 22, 23.
pub const CENTRE: u32 =
    (1 << 9) | (1 << 10) | (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18) | (1 << 21) | (1 << 22);

/// Diagonal steps: toward higher numbers (Black's forward) on the a or h side, and back.
#[derive(Clone, Copy)]
enum Step {
    DownA,
    DownH,
    UpA,
    UpH,
}

#[inline]
fn step(d: Step, b: u32) -> u32 {
    match d {
        Step::DownA => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !A_FILE) << 3),
        Step::DownH => ((b & EVEN_ROWS & !H_FILE) << 5) | ((b & ODD_ROWS) << 4),
        Step::UpA => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !A_FILE) >> 5),
        Step::UpH => ((b & EVEN_ROWS & !H_FILE) >> 3) | ((b & ODD_ROWS) >> 4),
    }
}

/// A side's pieces as the factors see them.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    pub men: u32,
    pub kings: u32,
    /// Black (player 0) moves toward higher square numbers.
    pub black: bool,
}

impl Side {
    fn all(&self) -> u32 {
        self.men | self.kings
    }
    fn forward(&self) -> [Step; 2] {
        if self.black {
            [Step::DownA, Step::DownH]
        } else {
            [Step::UpA, Step::UpH]
        }
    }
    fn backward(&self) -> [Step; 2] {
        if self.black {
            [Step::UpA, Step::UpH]
        } else {
            [Step::DownA, Step::DownH]
        }
    }
}

/// Factor indices.
pub mod f {
    pub const MATERIAL: usize = 0;
    pub const ADVANCEMENT: usize = 1;
    pub const BACK_ROW: usize = 2;
    pub const CENTRE: usize = 3;
    pub const MOBILITY: usize = 4;
    pub const RUNAWAY: usize = 5;
    pub const EXCHANGE: usize = 6;
}

pub const FACTORS: &[FactorInfo] = &[
    FactorInfo {
        name: "material",
        doc: "paired material, men 1 and kings `king_value` (default 2)",
    },
    FactorInfo {
        name: "advancement",
        doc: "paired sum of rows advanced by men",
    },
    FactorInfo {
        name: "back_row",
        doc: "paired count of men still guarding their own back row",
    },
    FactorInfo {
        name: "centre",
        doc: "paired count of pieces on the eight central squares",
    },
    FactorInfo {
        name: "mobility",
        doc: "paired count of moves (steps and jumps) each side has",
    },
    FactorInfo {
        name: "runaway",
        doc: "paired count of men with no piece anywhere in their forward cone to the crowning row",
    },
    FactorInfo {
        name: "exchange",
        doc: "when ahead in material, the emptier the board the better (+), when behind the worse (-): sign(material lead) * 100 * captured share",
    },
];

/// Row of each square index 0..32 (0 = squares 1-4).
#[inline]
fn row_of(i: u32) -> u32 {
    i / 4
}

/// Steps and jumps `s` has against `o` (each jumpable direction of each piece counts once).
pub fn mobility(s: &Side, o: &Side) -> u32 {
    let empty = !(s.all() | o.all());
    let mut n = 0;
    for (pieces, dirs) in [
        (s.men, s.forward().to_vec()),
        (s.kings, [s.forward(), s.backward()].concat()),
    ] {
        for d in dirs {
            n += (step(d, pieces) & empty).count_ones();
            n += (step(d, step(d, pieces) & o.all()) & empty).count_ones();
        }
    }
    n
}

/// Men of `s` whose whole forward cone up to the crowning row is empty.
pub fn runaways(s: &Side, o: &Side) -> u32 {
    let occupied = s.all() | o.all();
    let mut n = 0;
    let mut men = s.men;
    while men != 0 {
        let m = men & men.wrapping_neg();
        men &= men - 1;
        let [a, b] = s.forward();
        let mut cone = 0u32;
        let mut front = m;
        for _ in 0..7 {
            front = step(a, front) | step(b, front);
            cone |= front;
        }
        if cone != 0 && cone & occupied == 0 {
            n += 1;
        }
    }
    n
}

fn advancement(s: &Side) -> u32 {
    let mut total = 0;
    let mut men = s.men;
    while men != 0 {
        let i = men.trailing_zeros();
        men &= men - 1;
        total += if s.black { row_of(i) } else { 7 - row_of(i) };
    }
    total
}

/// Fills the enabled factors, `me` being the side to move.
pub fn compute(me: &Side, opp: &Side, king_value: f32, enabled: u32, out: &mut FactorValues) {
    let on = |i: usize| enabled & (1 << i) != 0;
    let mat = |s: &Side| s.men.count_ones() as f32 + king_value * s.kings.count_ones() as f32;
    let (m_me, m_opp) = (mat(me), mat(opp));
    if on(f::MATERIAL) {
        let total = m_me + m_opp;
        out[f::MATERIAL] = if total > 0.0 {
            100.0 * (m_me - m_opp) / total
        } else {
            0.0
        };
    }
    if on(f::ADVANCEMENT) {
        out[f::ADVANCEMENT] = paired(advancement(me), advancement(opp));
    }
    if on(f::BACK_ROW) {
        let back = |s: &Side| (s.men & if s.black { BLACK_BACK } else { WHITE_BACK }).count_ones();
        out[f::BACK_ROW] = paired(back(me), back(opp));
    }
    if on(f::CENTRE) {
        out[f::CENTRE] = paired(
            (me.all() & CENTRE).count_ones(),
            (opp.all() & CENTRE).count_ones(),
        );
    }
    if on(f::MOBILITY) {
        out[f::MOBILITY] = paired(mobility(me, opp), mobility(opp, me));
    }
    if on(f::RUNAWAY) {
        out[f::RUNAWAY] = paired(runaways(me, opp), runaways(opp, me));
    }
    if on(f::EXCHANGE) {
        let pieces = (me.all() | opp.all()).count_ones() as f32;
        let lead = (m_me - m_opp).signum();
        out[f::EXCHANGE] = if m_me == m_opp {
            0.0
        } else {
            lead * 100.0 * ((24.0 - pieces) / 22.0).clamp(0.0, 1.0)
        };
    }
}

/// Game phase from the number of pieces: 0 with all 24, 1 with two left.
pub fn phase(pieces: u32) -> f32 {
    ((24.0 - pieces as f32) / 22.0).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::weights::MAX_FACTORS;

    fn sq(list: &[u32]) -> u32 {
        list.iter().fold(0, |b, &s| b | 1 << (s - 1))
    }

    fn side(men: &[u32], kings: &[u32], black: bool) -> Side {
        Side {
            men: sq(men),
            kings: sq(kings),
            black,
        }
    }

    fn all(me: &Side, opp: &Side) -> FactorValues {
        let mut out = [0f32; MAX_FACTORS];
        compute(me, opp, 2.0, u32::MAX, &mut out);
        out
    }

    fn start() -> (Side, Side) {
        let black: Vec<u32> = (1..=12).collect();
        let white: Vec<u32> = (21..=32).collect();
        (side(&black, &[], true), side(&white, &[], false))
    }

    #[test]
    fn start_position_is_symmetric() {
        let (b, w) = start();
        let v = all(&b, &w);
        for (i, info) in FACTORS.iter().enumerate() {
            assert_eq!(v[i], 0.0, "{}", info.name);
        }
        // Seven moves each at the start (the published count for English draughts).
        assert_eq!(mobility(&b, &w), 7);
        assert_eq!(mobility(&w, &b), 7);
    }

    #[test]
    fn material_counts_kings_double_and_is_configurable() {
        let me = side(&[9, 10], &[1], true); // 2 men + 1 king = 4
        let opp = side(&[21, 22, 23], &[], false); // 3
        let v = all(&me, &opp);
        assert!((v[f::MATERIAL] - 100.0 * 1.0 / 7.0).abs() < 1e-4);
        let mut out = [0f32; MAX_FACTORS];
        compute(&me, &opp, 3.0, 1 << f::MATERIAL, &mut out);
        assert!((out[f::MATERIAL] - 100.0 * 2.0 / 8.0).abs() < 1e-4);
    }

    #[test]
    fn advancement_back_row_and_centre() {
        // Black man on 18 (row 4) and on 2 (back row, row 0); White man on 30 (its back row, row 7 -> 0 advanced).
        let me = side(&[18, 2], &[], true);
        let opp = side(&[30], &[], false);
        let v = all(&me, &opp);
        assert_eq!(v[f::ADVANCEMENT], 100.0);
        assert_eq!(v[f::BACK_ROW], paired(1, 1));
        assert_eq!(v[f::CENTRE], 100.0);
    }

    #[test]
    fn mobility_counts_steps_and_jumps() {
        // Black man on 14 (row 3, c file? 13-16 are a,c,e,g: 14 = c5); White man on 18 diagonal ahead.
        let me = side(&[14], &[], true);
        let opp = side(&[18], &[], false);
        // 14 steps to 17 or 18 (18 occupied) -> one step; jump 14x23 over 18 -> one jump.
        assert_eq!(mobility(&me, &opp), 2);
        // White 18 steps to 15 (14 occupied: jump 18x9 over 14 lands on 9, empty) -> step 15 + jump.
        assert_eq!(mobility(&opp, &me), 2);
    }

    #[test]
    fn runaway_men_have_a_clear_cone() {
        // Black man on 25 (row 6): cone is 29 and 30. Empty: runaway.
        let me = side(&[25], &[], true);
        let opp = side(&[1], &[], false);
        assert_eq!(runaways(&me, &opp), 1);
        // A White piece on 30 blocks it.
        let opp = side(&[30], &[], false);
        assert_eq!(runaways(&me, &opp), 0);
    }

    #[test]
    fn exchange_rewards_trading_when_ahead() {
        let me = side(&[9, 10, 11], &[], true);
        let opp = side(&[21, 22], &[], false);
        let v = all(&me, &opp);
        assert!(v[f::EXCHANGE] > 0.0);
        let v2 = all(&opp, &me);
        assert_eq!(v2[f::EXCHANGE], -v[f::EXCHANGE]);
        // Fewer pieces left with the same lead: larger.
        let me2 = side(&[9, 10], &[], true);
        let opp2 = side(&[21], &[], false);
        assert!(all(&me2, &opp2)[f::EXCHANGE] > v[f::EXCHANGE]);
    }
}
