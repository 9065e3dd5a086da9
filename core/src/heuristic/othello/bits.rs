//! Bitboard helpers for the Othello factors: directional shifts without wrap-around,
//! neighbourhoods and the board's lines (the legal-move masks are the game's,
//! [`crate::games::othello::bitboard::legal_moves`]). Layout as in the game: bit 0 = a1,
//! bit 7 = h1, bit 63 = h8 (bit = 8 * rank + file).

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;
pub const RANK_1: u64 = 0xFF;
pub const RANK_8: u64 = 0xFF << 56;
pub const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;
/// a1, h1, a8, h8.
pub const CORNERS: u64 = 1 | (1 << 7) | (1 << 56) | (1 << 63);

/// Square index (0 = a1) of a name like `c4`; `None` if it is not a square.
pub fn square(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
    let rank = b[1].checked_sub(b'1')?;
    (file < 8 && rank < 8).then_some(rank as usize * 8 + file as usize)
}

/// The eight directions as shift functions: east, west, north, south and the diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    E,
    W,
    N,
    S,
    NE,
    NW,
    SE,
    SW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::E,
        Dir::W,
        Dir::N,
        Dir::S,
        Dir::NE,
        Dir::NW,
        Dir::SE,
        Dir::SW,
    ];

    /// Moves every bit one step in this direction; bits leaving the board vanish (no wrap).
    #[inline(always)]
    pub fn shift(self, b: u64) -> u64 {
        match self {
            Dir::E => (b << 1) & !FILE_A,
            Dir::W => (b >> 1) & !FILE_H,
            Dir::N => b << 8,
            Dir::S => b >> 8,
            Dir::NE => (b << 9) & !FILE_A,
            Dir::NW => (b << 7) & !FILE_H,
            Dir::SE => (b >> 7) & !FILE_A,
            Dir::SW => (b >> 9) & !FILE_H,
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::E => Dir::W,
            Dir::W => Dir::E,
            Dir::N => Dir::S,
            Dir::S => Dir::N,
            Dir::NE => Dir::SW,
            Dir::SW => Dir::NE,
            Dir::NW => Dir::SE,
            Dir::SE => Dir::NW,
        }
    }
}

/// Every square next to (in the eight directions) a square of `b`.
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let h = b | ((b << 1) & !FILE_A) | ((b >> 1) & !FILE_H);
    (h | (h << 8) | (h >> 8)) & !b
}

/// Like [`neighbours`] but keeps `b` itself (the 3x3 block around every bit).
#[inline]
pub fn around(b: u64) -> u64 {
    let h = b | ((b << 1) & !FILE_A) | ((b >> 1) & !FILE_H);
    h | (h << 8) | (h >> 8)
}

/// The board's 46 lines in the four orientations: ranks, files, diagonals (a1-h8 direction)
/// and anti-diagonals (h1-a8 direction), each as a mask.
pub struct Lines {
    pub ranks: [u64; 8],
    pub files: [u64; 8],
    pub diags: [u64; 15],
    pub anti: [u64; 15],
}

pub const LINES: Lines = build_lines();

const fn build_lines() -> Lines {
    let mut lines = Lines {
        ranks: [0; 8],
        files: [0; 8],
        diags: [0; 15],
        anti: [0; 15],
    };
    let mut sq = 0;
    while sq < 64 {
        let rank = sq / 8;
        let file = sq % 8;
        lines.ranks[rank] |= 1 << sq;
        lines.files[file] |= 1 << sq;
        // file - rank runs -7..=7 along a diagonal; file + rank runs 0..=14 along an anti-diagonal.
        lines.diags[file + 7 - rank] |= 1 << sq;
        lines.anti[file + rank] |= 1 << sq;
        sq += 1;
    }
    lines
}

/// Discs of `own` that `other` could flip with its next move: each lies in a straight run of
/// `own` discs with an `other` disc at one end and an empty square (hence a legal move for
/// `other`) at the other.
#[inline]
pub fn unstable(own: u64, other: u64) -> u64 {
    moves_and_exposed(other, own).1
}

/// Every square except the a and h files.
pub const INNER: u64 = !(FILE_A | FILE_H);

/// The legal moves of `p` against `o` and the discs of `o` that `p` could flip with one of
/// them, from the same fills: a run of `o` discs with `p` on one side is flippable exactly when
/// an empty square (then a legal move) closes its other side. Flipped discs lie strictly inside
/// a line, so for the horizontal and diagonal lines only discs off the a and h files take part;
/// masking them out also stops shifted runs from wrapping from one rank into the next.
#[inline(always)]
pub fn moves_and_exposed(p: u64, o: u64) -> (u64, u64) {
    let empty = !(p | o);
    let inner = o & INNER;
    // One call per line orientation with constant shifts: a loop over them is not unrolled,
    // and shifts by a variable cost more.
    let lines = [
        along(p, inner, empty, 1),
        along(p, o, empty, 8),
        along(p, inner, empty, 7),
        along(p, inner, empty, 9),
    ];
    let (mut moves, mut exposed) = (0, 0);
    for (m, e) in lines {
        moves |= m;
        exposed |= e;
    }
    (moves & empty, exposed)
}

/// [`moves_and_exposed`] along the lines of one orientation (steps of `d` bits, runs over
/// `through`); the moves are not yet masked with the empty squares.
#[inline(always)]
fn along(p: u64, through: u64, empty: u64, d: u32) -> (u64, u64) {
    let pairs_up = through & (through << d);
    let pairs_down = through & (through >> d);
    let from_p_up = fill_pairs_up(p, through, pairs_up, d);
    let from_p_down = fill_pairs_down(p, through, pairs_down, d);
    let moves = (from_p_up << d) | (from_p_down >> d);
    let from_empty_up = fill_pairs_up(empty, through, pairs_up, d);
    let from_empty_down = fill_pairs_down(empty, through, pairs_down, d);
    // A run reached from both a `p` disc and an empty square has one at each end.
    let exposed = (from_p_up | from_p_down) & (from_empty_up | from_empty_down);
    (moves, exposed)
}

/// Two bitboards handled side by side (one per colour): the same operation on both lanes, written
/// so that the compiler can keep them in one vector register (SSE2 on x86-64, NEON on ARM).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair(pub [u64; 2]);

impl Pair {
    #[inline(always)]
    fn splat(x: u64) -> Pair {
        Pair([x, x])
    }
    #[inline(always)]
    fn and(self, o: Pair) -> Pair {
        Pair([self.0[0] & o.0[0], self.0[1] & o.0[1]])
    }
    #[inline(always)]
    fn or(self, o: Pair) -> Pair {
        Pair([self.0[0] | o.0[0], self.0[1] | o.0[1]])
    }
    #[inline(always)]
    fn shl(self, d: u32) -> Pair {
        Pair([self.0[0] << d, self.0[1] << d])
    }
    #[inline(always)]
    fn shr(self, d: u32) -> Pair {
        Pair([self.0[0] >> d, self.0[1] >> d])
    }
}

/// [`moves_and_exposed`] for both sides at once: lane 0 plays `a` against `b`, lane 1 `b`
/// against `a`. Returns both sides' moves and the discs of `b` and of `a` they could flip.
// Not inlined: on its own the compiler keeps both lanes in vector registers, inside the larger
// evaluation it has split them again (measured: half the instructions this way).
#[inline(never)]
pub fn moves_and_exposed_pair(a: u64, b: u64) -> (Pair, Pair) {
    moves_and_exposed_pair_inline(a, b)
}

#[inline(always)]
fn moves_and_exposed_pair_inline(a: u64, b: u64) -> (Pair, Pair) {
    let empty = Pair::splat(!(a | b));
    let p = Pair([a, b]);
    let o = Pair([b, a]);
    let inner = o.and(Pair::splat(INNER));
    let lines = [
        along_pair(p, inner, empty, 1),
        along_pair(p, o, empty, 8),
        along_pair(p, inner, empty, 7),
        along_pair(p, inner, empty, 9),
    ];
    let (mut moves, mut exposed) = (Pair::splat(0), Pair::splat(0));
    for (m, e) in lines {
        moves = moves.or(m);
        exposed = exposed.or(e);
    }
    (moves.and(empty), exposed)
}

#[inline(always)]
fn along_pair(p: Pair, through: Pair, empty: Pair, d: u32) -> (Pair, Pair) {
    let pairs_up = through.and(through.shl(d));
    let pairs_down = through.and(through.shr(d));
    let fill_up = |seed: Pair| {
        let mut run = through.and(seed.shl(d));
        run = run.or(through.and(run.shl(d)));
        run = run.or(pairs_up.and(run.shl(2 * d)));
        run.or(pairs_up.and(run.shl(2 * d)))
    };
    let fill_down = |seed: Pair| {
        let mut run = through.and(seed.shr(d));
        run = run.or(through.and(run.shr(d)));
        run = run.or(pairs_down.and(run.shr(2 * d)));
        run.or(pairs_down.and(run.shr(2 * d)))
    };
    let from_p_up = fill_up(p);
    let from_p_down = fill_down(p);
    let moves = from_p_up.shl(d).or(from_p_down.shr(d));
    let from_empty = fill_up(empty).or(fill_down(empty));
    (moves, from_p_up.or(from_p_down).and(from_empty))
}

/// Squares of `through` reachable from `seed` by steps of `+d` bits over `through` only (at most
/// six steps: a parallel-prefix fill), given `pairs = through & (through << d)`, shared by fills
/// over the same squares.
#[inline(always)]
fn fill_pairs_up(seed: u64, through: u64, pairs: u64, d: u32) -> u64 {
    let mut run = through & (seed << d);
    run |= through & (run << d);
    run |= pairs & (run << (2 * d));
    run |= pairs & (run << (2 * d));
    run
}

/// As [`fill_pairs_up`] with steps of `-d` bits, given `pairs = through & (through >> d)`.
#[inline(always)]
fn fill_pairs_down(seed: u64, through: u64, pairs: u64, d: u32) -> u64 {
    let mut run = through & (seed >> d);
    run |= through & (run >> d);
    run |= pairs & (run >> (2 * d));
    run |= pairs & (run >> (2 * d));
    run
}

/// Parses an 8x8 diagram (rank 8 first, as on a printed board; `X`/`O`/`-`, whitespace
/// ignored) into `(x, o)` bitboards. For tests and docs.
pub fn from_diagram(text: &str) -> Option<(u64, u64)> {
    let cells: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if cells.len() != 64 {
        return None;
    }
    let (mut x, mut o) = (0u64, 0u64);
    for (i, &c) in cells.iter().enumerate() {
        let rank = 7 - i / 8;
        let sq = rank * 8 + i % 8;
        match c {
            b'X' | b'x' | b'*' => x |= 1 << sq,
            b'O' | b'o' => o |= 1 << sq,
            b'-' | b'.' => {}
            _ => return None,
        }
    }
    Some((x, o))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::bitboard::legal_moves;
    use crate::games::othello::stability::full_lines;

    fn sq(name: &str) -> u64 {
        1 << square(name).unwrap_or(64 - 1)
    }

    #[test]
    fn start_moves_are_the_four_published_ones() {
        let black = sq("d5") | sq("e4");
        let white = sq("d4") | sq("e5");
        assert_eq!(
            legal_moves(black, white),
            sq("d3") | sq("c4") | sq("f5") | sq("e6")
        );
    }

    #[test]
    fn shifts_do_not_wrap() {
        assert_eq!(Dir::E.shift(sq("h4")), 0);
        assert_eq!(Dir::W.shift(sq("a4")), 0);
        assert_eq!(Dir::NE.shift(sq("h1")), 0);
        assert_eq!(Dir::SW.shift(sq("a8")), 0);
        assert_eq!(Dir::NE.shift(sq("a1")), sq("b2"));
    }

    #[test]
    fn full_lines_match_a_line_by_line_check() {
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        for _ in 0..5000 {
            let x = rng.next_u64();
            // Dense boards so that many lines are full.
            let occ = x | x.rotate_left(17) | x.rotate_left(41);
            assert_eq!(
                full_lines(occ),
                super::super::reference::full_lines(occ),
                "{occ:x}"
            );
        }
        assert_eq!(full_lines(u64::MAX), [u64::MAX; 4]);
        assert_eq!(full_lines(0), [0; 4]);
        // Every single-square line: the four corners' diagonals are full on their own.
        assert_eq!(full_lines(CORNERS)[2], 1 << 7 | 1 << 56);
        assert_eq!(full_lines(CORNERS)[3], 1 | 1 << 63);
    }

    #[test]
    fn lines_cover_the_board_once_per_orientation() {
        for set in [
            &LINES.ranks[..],
            &LINES.files[..],
            &LINES.diags[..],
            &LINES.anti[..],
        ] {
            assert_eq!(set.iter().fold(0u64, |a, &m| a | m), u64::MAX);
            assert_eq!(set.iter().map(|m| m.count_ones()).sum::<u32>(), 64);
        }
    }
}
