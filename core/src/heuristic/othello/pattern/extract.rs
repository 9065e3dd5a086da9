//! Every placement's configuration read straight from the bitboards instead of square by
//! square.
//!
//! The board is turned under each of the eight symmetries once (byte swaps, bit reversals and a
//! transpose: a few dozen instructions), so that every placement of a shape is the shape at its
//! canonical place on one of the eight boards. There a shape's squares are a few bytes of a row
//! or one diagonal gathered into a byte by one multiplication, and a byte's bits become base-3
//! digits by one table lookup. A configuration's digit is 1 for the side to move's disc and 2
//! for the other's, so its number is `ternary(player's bits) + 2 * ternary(opponent's bits)`.
//!
//! This answers exactly what [`super::Layout::for_each_config_square_by_square`] answers. A
//! shape is only read this way after every square of the board has been checked alone against
//! the shape's own squares ([`Plan::new`]); a reading is a sum over the squares' bits, so those
//! 64 checks decide it for every board, and the opponent's reading is the same one doubled.
//! The boards under the symmetries are checked by a test.

use super::geometry::{Pattern, symmetry};

/// `TERNARY[n][byte]`: the byte's low `n` bits as base-3 digits, bit 0 the most significant
/// (higher bits ignored).
static TERNARY: [[u16; 256]; 9] = ternary_tables();

const fn ternary_tables() -> [[u16; 256]; 9] {
    let mut out = [[0u16; 256]; 9];
    let mut n = 1;
    while n <= 8 {
        let mut byte = 0;
        while byte < 256 {
            let mut value = 0u16;
            let mut i = 0;
            while i < n {
                value = value * 3 + ((byte >> i) & 1) as u16;
                i += 1;
            }
            out[n][byte] = value;
            byte += 1;
        }
        n += 1;
    }
    out
}

#[inline(always)]
fn ternary(n: usize, byte: u64) -> u32 {
    u32::from(TERNARY[n][(byte & 0xff) as usize])
}

/// A board mirrored left to right (a1 <-> h1).
#[inline(always)]
fn mirror(b: u64) -> u64 {
    b.reverse_bits().swap_bytes()
}

/// A board flipped about the a1-h8 diagonal.
#[inline(always)]
fn transpose(mut b: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// The board under each symmetry `t` of [`super::geometry::symmetry`], as the shape reads it:
/// square `s` of board `t` holds square `symmetry(t, s)` of `b`.
#[inline(always)]
pub fn oriented(b: u64) -> [u64; 8] {
    let t = transpose(b);
    [
        b,
        mirror(b),
        b.swap_bytes(),
        b.reverse_bits(),
        t,
        t.swap_bytes(),
        mirror(t),
        t.reverse_bits(),
    ]
}

/// Squares `8 - n`, `8 - n + 9`, ... (`n` of them, up the a1-h8 direction) as a byte's low
/// bits.
#[inline(always)]
fn diagonal(b: u64, n: usize) -> u64 {
    const MAIN: u64 = 0x8040_2010_0804_0201;
    let mask = MAIN >> (9 * (8 - n));
    // No two of the product's terms meet on one bit, so nothing carries into the top byte.
    (((b >> (8 - n)) & mask).wrapping_mul(0x0101_0101_0101_0101)) >> 56
}

/// How a shape at its canonical place is read from a board.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reader {
    /// b2, the first rank a1 to h1, g2.
    EdgeWithX,
    /// a1-e1 then a2-e2.
    Corner2x5,
    /// a1-c1, a2-c2, a3-c3.
    Corner3x3,
    /// A whole rank, a to h (its index from 0).
    Rank(u32),
    /// `n` squares from the first rank's `8 - n`th file up the a1-h8 direction.
    Diagonal(usize),
}

impl Reader {
    fn for_name(name: &str) -> Option<Reader> {
        Some(match name {
            "edge+2x" => Reader::EdgeWithX,
            "corner-2x5" => Reader::Corner2x5,
            "corner-3x3" => Reader::Corner3x3,
            "line-2" => Reader::Rank(1),
            "line-3" => Reader::Rank(2),
            "line-4" => Reader::Rank(3),
            "diagonal-8" => Reader::Diagonal(8),
            "diagonal-7" => Reader::Diagonal(7),
            "diagonal-6" => Reader::Diagonal(6),
            "diagonal-5" => Reader::Diagonal(5),
            "diagonal-4" => Reader::Diagonal(4),
            _ => return None,
        })
    }

    /// Where the plan reads this shape's placements: edges, then 2x5 corners, 3x3 corners,
    /// ranks and diagonals.
    fn group(self) -> u8 {
        match self {
            Reader::EdgeWithX => 0,
            Reader::Corner2x5 => 1,
            Reader::Corner3x3 => 2,
            Reader::Rank(_) => 3,
            Reader::Diagonal(_) => 4,
        }
    }

    /// The ternary number of one colour's discs on the shape's squares.
    #[inline(always)]
    fn read(self, b: u64) -> u32 {
        match self {
            Reader::EdgeWithX => {
                19683 * ((b >> 9) & 1) as u32 + 3 * ternary(8, b) + ((b >> 14) & 1) as u32
            }
            Reader::Corner2x5 => 243 * ternary(5, b) + ternary(5, b >> 8),
            Reader::Corner3x3 => {
                729 * ternary(3, b) + 27 * ternary(3, b >> 8) + ternary(3, b >> 16)
            }
            Reader::Rank(r) => ternary(8, b >> (8 * r)),
            Reader::Diagonal(n) => ternary(n, diagonal(b, n)),
        }
    }

    /// The configuration on the boards of symmetry `t`.
    #[inline(always)]
    fn config(self, player: &[u64; 8], opponent: &[u64; 8], t: usize) -> u32 {
        self.read(player[t & 7]) + 2 * self.read(opponent[t & 7])
    }
}

/// Every placement of the layout's patterns, grouped by how it is read so that each group's
/// loop reads one way without a branch: the board each is read on, where its configurations
/// start in a stage's table, and the reader's parameter (a rank or a diagonal's length).
pub struct Plan {
    edges: Vec<(usize, u32)>,
    corners_2x5: Vec<(usize, u32)>,
    corners_3x3: Vec<(usize, u32)>,
    ranks: Vec<(usize, u32, u32)>,
    diagonals: Vec<(usize, u32, usize)>,
    /// Whether the placements are [`SHIPPED`]'s, in its order: then [`Plan::sum_shipped`]
    /// reads them in straight-line code.
    shipped: bool,
}

/// A placement as the plan reads it: its reader, its board's symmetry and where its
/// configurations start in a stage's table.
type Placement = (Reader, usize, u32);

/// The shipped pattern set's placements written out, as a table and as one straight-line sum.
///
/// With every reader, board and offset a constant, the readings fold to a few shifts and
/// lookups each and nothing waits on a loop: 69 ns an evaluation against the plan's loops'
/// 114 on this machine (20,000 positions of random games with 15 to 49 empties). The plan uses
/// the sum only when its own placements, built and checked from the pattern set, are this
/// table's, so another set is still read by the loops.
macro_rules! shipped_set {
    ($(($reader:expr, $t:literal, $offset:literal)),+ $(,)?) => {
        const SHIPPED: &[Placement] = &[$(($reader, $t, $offset)),+];

        #[inline(always)]
        fn sum_shipped(player: u64, opponent: u64, weight: impl Fn(u32) -> i32) -> i32 {
            let (p, o) = (oriented(player), oriented(opponent));
            0 $(+ weight($offset + $reader.config(&p, &o, $t)))+
        }
    };
}

shipped_set! {
    (Reader::EdgeWithX, 0, 0),
    (Reader::EdgeWithX, 2, 0),
    (Reader::EdgeWithX, 4, 0),
    (Reader::EdgeWithX, 5, 0),
    (Reader::Corner2x5, 0, 59049),
    (Reader::Corner2x5, 1, 59049),
    (Reader::Corner2x5, 2, 59049),
    (Reader::Corner2x5, 3, 59049),
    (Reader::Corner2x5, 4, 59049),
    (Reader::Corner2x5, 5, 59049),
    (Reader::Corner2x5, 6, 59049),
    (Reader::Corner2x5, 7, 59049),
    (Reader::Corner3x3, 0, 118098),
    (Reader::Corner3x3, 1, 118098),
    (Reader::Corner3x3, 2, 118098),
    (Reader::Corner3x3, 3, 118098),
    (Reader::Rank(1), 0, 137781),
    (Reader::Rank(1), 2, 137781),
    (Reader::Rank(1), 4, 137781),
    (Reader::Rank(1), 5, 137781),
    (Reader::Rank(2), 0, 144342),
    (Reader::Rank(2), 2, 144342),
    (Reader::Rank(2), 4, 144342),
    (Reader::Rank(2), 5, 144342),
    (Reader::Rank(3), 0, 150903),
    (Reader::Rank(3), 2, 150903),
    (Reader::Rank(3), 4, 150903),
    (Reader::Rank(3), 5, 150903),
    (Reader::Diagonal(8), 0, 157464),
    (Reader::Diagonal(8), 1, 157464),
    (Reader::Diagonal(7), 0, 164025),
    (Reader::Diagonal(7), 1, 164025),
    (Reader::Diagonal(7), 2, 164025),
    (Reader::Diagonal(7), 3, 164025),
    (Reader::Diagonal(6), 0, 166212),
    (Reader::Diagonal(6), 1, 166212),
    (Reader::Diagonal(6), 2, 166212),
    (Reader::Diagonal(6), 3, 166212),
    (Reader::Diagonal(5), 0, 166941),
    (Reader::Diagonal(5), 1, 166941),
    (Reader::Diagonal(5), 2, 166941),
    (Reader::Diagonal(5), 3, 166941),
    (Reader::Diagonal(4), 0, 167184),
    (Reader::Diagonal(4), 1, 167184),
    (Reader::Diagonal(4), 2, 167184),
    (Reader::Diagonal(4), 3, 167184),
}

impl Plan {
    /// `None` when a pattern has no reader here or its reader does not read its squares (the
    /// square-by-square reading then serves).
    pub fn new(patterns: &[Pattern]) -> Option<Plan> {
        let mut plan = Plan {
            edges: Vec::new(),
            corners_2x5: Vec::new(),
            corners_3x3: Vec::new(),
            ranks: Vec::new(),
            diagonals: Vec::new(),
            shipped: false,
        };
        let mut placements: Vec<Placement> = Vec::new();
        let mut offset = 0u32;
        let mut group = 0;
        for p in patterns {
            let reader = Reader::for_name(p.name)?;
            let canonical = p.instances.first()?;
            if p.symmetries.first() != Some(&0) || !reads_exactly(reader, canonical) {
                return None;
            }
            // Each instance must be the canonical one under its symmetry, or the reading on
            // that symmetry's board is another placement's.
            let placed = |t: usize, squares: &Vec<u8>| {
                squares.len() == canonical.len()
                    && squares
                        .iter()
                        .zip(canonical)
                        .all(|(&s, &c)| s == symmetry(t & 7, c))
            };
            if p.instances.len() != p.symmetries.len()
                || !p
                    .symmetries
                    .iter()
                    .zip(&p.instances)
                    .all(|(&t, i)| placed(t, i))
            {
                return None;
            }
            // The plan reads group by group; the patterns in that order keep the square-by-square
            // reading's order, which the trainer's sums depend on.
            if reader.group() < group {
                return None;
            }
            group = reader.group();
            for &t in &p.symmetries {
                let t = t & 7;
                placements.push((reader, t, offset));
                match reader {
                    Reader::EdgeWithX => plan.edges.push((t, offset)),
                    Reader::Corner2x5 => plan.corners_2x5.push((t, offset)),
                    Reader::Corner3x3 => plan.corners_3x3.push((t, offset)),
                    Reader::Rank(r) => plan.ranks.push((t, offset, r)),
                    Reader::Diagonal(n) => plan.diagonals.push((t, offset, n)),
                }
            }
            offset += u32::try_from(p.configs).ok()?;
        }
        plan.shipped = placements == SHIPPED;
        Some(plan)
    }

    /// The sum of `weight` over every placement's configuration, in straight-line code;
    /// `None` when the placements are not the shipped set's.
    #[inline(always)]
    pub fn sum_shipped(
        &self,
        player: u64,
        opponent: u64,
        weight: impl Fn(u32) -> i32,
    ) -> Option<i32> {
        self.shipped.then(|| sum_shipped(player, opponent, weight))
    }

    /// Calls `f` with each placement's configuration as its place in a stage's table.
    #[inline(always)]
    pub fn for_each_config(&self, player: u64, opponent: u64, mut f: impl FnMut(u32)) {
        let (p, o) = (oriented(player), oriented(opponent));
        for &(t, offset) in &self.edges {
            f(offset + Reader::EdgeWithX.config(&p, &o, t));
        }
        for &(t, offset) in &self.corners_2x5 {
            f(offset + Reader::Corner2x5.config(&p, &o, t));
        }
        for &(t, offset) in &self.corners_3x3 {
            f(offset + Reader::Corner3x3.config(&p, &o, t));
        }
        for &(t, offset, r) in &self.ranks {
            f(offset + Reader::Rank(r).config(&p, &o, t));
        }
        for &(t, offset, n) in &self.diagonals {
            f(offset + Reader::Diagonal(n).config(&p, &o, t));
        }
    }

    /// Placements in all.
    #[cfg(test)]
    fn placements(&self) -> usize {
        self.edges.len()
            + self.corners_2x5.len()
            + self.corners_3x3.len()
            + self.ranks.len()
            + self.diagonals.len()
    }
}

/// Whether `reader` gives each of `squares` (in reading order) its base-3 place and every
/// other square nothing.
fn reads_exactly(reader: Reader, squares: &[u8]) -> bool {
    (0..64u8).all(|s| {
        let expect = match squares.iter().position(|&q| q == s) {
            Some(k) => 3u32.pow((squares.len() - 1 - k) as u32),
            None => 0,
        };
        reader.read(1u64 << s) == expect
    })
}

#[cfg(test)]
mod tests {
    use super::super::LAYOUT;
    use super::super::geometry::{patterns, symmetry};
    use super::super::tests::random_board;
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn each_oriented_board_holds_the_squares_its_symmetry_names() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..200 {
            let b = rng.next_u64();
            let boards = oriented(b);
            for (t, &board) in boards.iter().enumerate() {
                for s in 0..64u8 {
                    let want = (b >> symmetry(t, s)) & 1;
                    assert_eq!((board >> s) & 1, want, "symmetry {t}, square {s}");
                }
            }
        }
    }

    #[test]
    fn every_shape_of_the_set_is_read_from_the_bitboards() {
        let plan = Plan::new(&patterns()).expect("a reader for every shape");
        assert_eq!(plan.placements(), LAYOUT.instances());
        // A reader that misses one square of its shape is refused.
        let mut short = patterns();
        short[0].instances[0].pop();
        assert!(Plan::new(&short).is_none());
        // So is a shape this module has no reader for.
        let mut renamed = patterns();
        renamed[3].name = "line-5";
        assert!(Plan::new(&renamed).is_none());
        // An instance that is not the canonical one under its symmetry.
        let mut misplaced = patterns();
        misplaced[0].instances[1].swap(0, 1);
        assert!(Plan::new(&misplaced).is_none());
        let mut relabelled = patterns();
        relabelled[0].symmetries.swap(1, 2);
        assert!(Plan::new(&relabelled).is_none());
        // Patterns out of the plan's reading order.
        let mut reordered = patterns();
        reordered.swap(0, 1);
        assert!(Plan::new(&reordered).is_none());
    }

    #[test]
    fn the_shipped_sets_straight_line_sum_is_the_square_by_square_sum() {
        let plan = Plan::new(&LAYOUT.patterns).expect("plan");
        assert!(
            plan.shipped,
            "the shipped set is summed in straight-line code"
        );
        let mut rng = SplitMix64::new(13);
        // A weight that varies with the configuration, so a lost, repeated or misplaced
        // placement changes the sum.
        let weight = |c: u32| (c.wrapping_mul(2_654_435_761) >> 16) as i32;
        for _ in 0..2000 {
            let (player, opponent) = random_board(&mut rng);
            let mut plain = 0;
            LAYOUT.for_each_config_square_by_square(player, opponent, |c| plain += weight(c));
            assert_eq!(plan.sum_shipped(player, opponent, weight), Some(plain));
        }
        // Any other set is read by the plan's loops.
        let mut fewer = patterns();
        fewer.pop();
        let plan = Plan::new(&fewer).expect("a reader for every shape");
        assert!(!plan.shipped);
        assert_eq!(plan.sum_shipped(1, 2, weight), None);
        let mut reordered = patterns();
        reordered.swap(7, 8);
        let plan = Plan::new(&reordered).expect("a reader for every shape");
        assert!(!plan.shipped);
    }

    #[test]
    fn the_bitboard_reading_is_the_square_by_square_reading() {
        let plan = Plan::new(&LAYOUT.patterns).expect("plan");
        let mut rng = SplitMix64::new(12);
        for _ in 0..2000 {
            let (player, opponent) = random_board(&mut rng);
            let mut fast = Vec::new();
            plan.for_each_config(player, opponent, |c| fast.push(c));
            let mut plain = Vec::new();
            LAYOUT.for_each_config_square_by_square(player, opponent, |c| plain.push(c));
            // In the same order too: the trainer sums in it (in floating point), so the shipped
            // weights still come out bit for bit from their command.
            assert_eq!(fast, plain);
        }
    }
}
