//! Bitboard helpers for the Othello factors: directional shifts without wrap-around, legal-move
//! masks, neighbourhoods and the board's lines. Layout as in the game: bit 0 = a1, bit 7 = h1,
//! bit 63 = h8 (bit = 8 * rank + file).

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

/// Squares `me` can play against `opp` (a disc flanking at least one opposing disc).
#[inline]
pub fn moves(me: u64, opp: u64) -> u64 {
    let empty = !(me | opp);
    let mut out = 0;
    for d in Dir::ALL {
        let mut run = d.shift(me) & opp;
        for _ in 0..5 {
            run |= d.shift(run) & opp;
        }
        out |= d.shift(run) & empty;
    }
    out
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

/// Squares on lines of `masks` that are completely filled in `occupied`.
#[inline]
fn full_of(masks: &[u64], occupied: u64) -> u64 {
    let mut full = 0;
    for &m in masks {
        if occupied & m == m {
            full |= m;
        }
    }
    full
}

/// For each orientation (rank, file, diagonal, anti-diagonal): the squares whose line in it is
/// full.
#[inline]
pub fn full_lines(occupied: u64) -> [u64; 4] {
    // Ranks: AND each square with the seven to its east; bit a of a rank survives iff it is full.
    let mut h = occupied;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let ranks = (h & FILE_A) * 0xFF;
    // Files: the same along the file, collected on rank 1.
    let mut v = occupied;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let files = (v & RANK_1) * FILE_A;
    [
        ranks,
        files,
        full_of(&LINES.diags, occupied),
        full_of(&LINES.anti, occupied),
    ]
}

/// Discs of `own` that can never be flipped: in each of the four orientations the disc is
/// protected by a full line, by the board's edge on one side, or by a stable disc of its own
/// colour next to it on one side. Grown from the corners and full lines to a fixed point, so the
/// result is exact for these rules (a conservative subset of the truly stable discs).
pub fn stable(own: u64, full: &[u64; 4]) -> u64 {
    let walls = [FILE_A | FILE_H, RANK_1 | RANK_8, EDGES, EDGES];
    let pairs = [
        (Dir::E, Dir::W),
        (Dir::N, Dir::S),
        (Dir::NE, Dir::SW),
        (Dir::NW, Dir::SE),
    ];
    // Seed: own corners and the own discs running along an edge from them (each is protected by
    // the wall in three orientations and by its stable neighbour in the fourth).
    let mut st = own & CORNERS;
    if st == 0 && full.iter().all(|&f| f & own == 0) {
        return 0;
    }
    for _ in 0..6 {
        st |= own
            & (((st << 1) | (st >> 1)) & (RANK_1 | RANK_8) & !(FILE_A | FILE_H)
                | ((st << 8) | (st >> 8)) & (FILE_A | FILE_H));
    }
    loop {
        let mut next = own;
        for k in 0..4 {
            let (a, b) = pairs[k];
            next &= full[k] | walls[k] | a.shift(st) | b.shift(st);
        }
        if next == st {
            return st;
        }
        st = next;
    }
}

/// Discs of `own` that `other` could flip with its next move: each lies in a straight run of
/// `own` discs with an `other` disc at one end and an empty square (hence a legal move for
/// `other`) at the other. Flipped discs lie strictly inside a line, so for the horizontal and
/// diagonal lines only discs off the a and h files can be flipped; masking them out also stops
/// shifted runs from wrapping from one rank into the next.
#[inline]
pub fn unstable(own: u64, other: u64) -> u64 {
    let empty = !(own | other);
    let inner = own & !(FILE_A | FILE_H);
    let mut out = 0;
    for (through, d) in [(inner, 1), (own, 8), (inner, 7), (inner, 9)] {
        let from_other_up = fill_up(other, through, d);
        let from_empty_down = fill_down(empty, through, d);
        let from_other_down = fill_down(other, through, d);
        let from_empty_up = fill_up(empty, through, d);
        out |= (from_other_up & from_empty_down) | (from_other_down & from_empty_up);
    }
    out
}

/// Squares of `through` reachable from `seed` by steps of `+d` bits over `through` only (at most
/// six steps: a parallel-prefix fill).
#[inline(always)]
fn fill_up(seed: u64, through: u64, d: u32) -> u64 {
    let mut run = through & (seed << d);
    run |= through & (run << d);
    let pairs = through & (through << d);
    run |= pairs & (run << (2 * d));
    run |= pairs & (run << (2 * d));
    run
}

/// As [`fill_up`] with steps of `-d` bits.
#[inline(always)]
fn fill_down(seed: u64, through: u64, d: u32) -> u64 {
    let mut run = through & (seed >> d);
    run |= through & (run >> d);
    let pairs = through & (through >> d);
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

    fn sq(name: &str) -> u64 {
        1 << square(name).unwrap_or(64 - 1)
    }

    #[test]
    fn start_moves_are_the_four_published_ones() {
        let black = sq("d5") | sq("e4");
        let white = sq("d4") | sq("e5");
        assert_eq!(
            moves(black, white),
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
    fn full_ranks_and_files_match_a_line_by_line_check() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Dense boards so that some lines are full.
            let occ = x | x.rotate_left(17) | x.rotate_left(41);
            let full = full_lines(occ);
            assert_eq!(full[0], full_of(&LINES.ranks, occ));
            assert_eq!(full[1], full_of(&LINES.files, occ));
        }
        assert_eq!(full_lines(u64::MAX), [u64::MAX; 4]);
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
