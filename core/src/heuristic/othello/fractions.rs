//! Every Othello factor's value as an exact fraction, divided all at once.
//!
//! Each factor is `num / den` with small integers: the paired counts `100 * (mine - theirs) /
//! (mine + theirs)`, stability `100 * (v_me - v_opp) / total`, the square tables
//! `100 * diff / scale`, parity `±100 / 1`. The numerators stay far below 2^24, so converting
//! them to `f32` is exact, and so the value of each is the one correctly rounded quotient, the
//! same to the bit whether one scalar division or one lane of a vector division gives it.
//! Thirteen scalar divisions queue on the divider (the largest fixed cost of the factors); as
//! one array they become two vector divisions.

use crate::heuristic::weights::MAX_FACTORS;

/// Lanes: the thirteen factors rounded up to two vectors of eight.
pub const LANES: usize = 16;

/// Numerators and denominators of the factors; a factor never set is `0 / 1` (+0.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fractions {
    num: [i32; LANES],
    den: [i32; LANES],
}

impl Fractions {
    /// Every factor `0 / 1`.
    #[inline(always)]
    pub fn zero() -> Fractions {
        Fractions {
            num: [0; LANES],
            den: [1; LANES],
        }
    }

    /// Factor `i` is `num / den`; `den` must be positive and `|num|` below 2^24.
    #[inline(always)]
    pub fn set(&mut self, i: usize, num: i32, den: i32) {
        // `i` is a factor index below `LANES` (a constant at every call), so this never panics.
        self.num[i] = num;
        self.den[i] = den;
    }

    /// Factor `i` is the paired count of the heuristic papers (as
    /// [`crate::heuristic::weights::paired`]): `100 * (mine - theirs) / (mine + theirs)`, 0 when
    /// both are 0.
    #[inline(always)]
    pub fn paired(&mut self, i: usize, mine: u32, theirs: u32) {
        // Dividing by 1 when both are 0 gives the same +0.0 as a branch would, without one.
        self.set(
            i,
            100 * (mine as i32 - theirs as i32),
            (mine + theirs).max(1) as i32,
        );
    }

    /// Every factor's value, in index order; the rest of the array is 0.
    #[inline(always)]
    pub fn values(&self) -> [f32; MAX_FACTORS] {
        let mut out = [0f32; MAX_FACTORS];
        // One loop over whole arrays, which the compiler turns into vector conversions and
        // divisions.
        for ((o, &n), &d) in out.iter_mut().zip(&self.num).zip(&self.den) {
            *o = n as f32 / d as f32;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::weights::paired;

    #[test]
    fn paired_fractions_divide_like_paired() {
        let mut f = Fractions::zero();
        for mine in 0..=64u32 {
            for theirs in 0..=64 - mine {
                f.paired(3, mine, theirs);
                assert_eq!(
                    f.values()[3].to_bits(),
                    paired(mine, theirs).to_bits(),
                    "{mine} {theirs}"
                );
            }
        }
        assert!(f.values()[LANES..].iter().all(|&v| v.to_bits() == 0));
        assert_eq!(Fractions::zero().values()[0].to_bits(), 0.0f32.to_bits());
    }
}
