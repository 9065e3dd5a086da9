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

/// For each orientation (rank, file, diagonal, anti-diagonal): the squares whose line in it is
/// full.
#[inline(always)]
pub fn full_lines(occupied: u64) -> [u64; 4] {
    let (ranks, files) = full_ranks_and_files(occupied);
    [
        ranks,
        files,
        full_diagonals(occupied, 9, DIAG_EDGES),
        full_diagonals(occupied, 7, ANTI_EDGES),
    ]
}

/// The squares whose rank is full and those whose file is full.
#[inline(always)]
fn full_ranks_and_files(occupied: u64) -> (u64, u64) {
    // Ranks: AND each square with the seven to its east; bit a of a rank survives iff it is full.
    let mut h = occupied;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let ranks = (h & FILE_A).wrapping_mul(0xFF);
    // Files: the same along the file, collected on rank 1.
    let mut v = occupied;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let files = (v & RANK_1).wrapping_mul(FILE_A);
    (ranks, files)
}

/// Edge masks for [`full_diagonals`] along a1-h8 lines (steps of 9 bits): squares with at most
/// 0, 1 and 3 steps left towards h8 (first three) and towards a1 (last three).
const DIAG_EDGES: [u64; 6] = [
    RANK_8 | FILE_H,
    0xFFFF_C0C0_C0C0_C0C0,
    0xFFFF_FFFF_F0F0_F0F0,
    RANK_1 | FILE_A,
    0x0303_0303_0303_FFFF,
    0x0F0F_0F0F_FFFF_FFFF,
];

/// As [`DIAG_EDGES`] along h1-a8 lines (steps of 7 bits): towards a8, then towards h1.
const ANTI_EDGES: [u64; 6] = [
    RANK_8 | FILE_A,
    0xFFFF_0303_0303_0303,
    0xFFFF_FFFF_0F0F_0F0F,
    RANK_1 | FILE_H,
    0xC0C0_C0C0_C0C0_FFFF,
    0xF0F0_F0F0_FFFF_FFFF,
];

/// Squares whose diagonal (steps of `d` bits) is full: a square is full towards one end when it
/// and every square beyond it are occupied, found by doubling (1, 2, then 4 steps ahead); a
/// square whose remaining steps are fewer than the doubling reaches counts as done (`edges`).
#[inline(always)]
fn full_diagonals(occupied: u64, d: u32, edges: [u64; 6]) -> u64 {
    let mut up = occupied;
    up &= (up >> d) | edges[0];
    up &= (up >> (2 * d)) | edges[1];
    up &= (up >> (4 * d)) | edges[2];
    let mut down = occupied;
    down &= (down << d) | edges[3];
    down &= (down << (2 * d)) | edges[4];
    down &= (down << (4 * d)) | edges[5];
    up & down
}

/// Discs of `own` that can never be flipped: in each of the four orientations the disc is
/// protected by a full line, by the board's edge on one side, or by a stable disc of its own
/// colour next to it on one side. The least set closed under these rules (grown from the corners
/// and full lines), a conservative subset of the truly stable discs.
#[inline]
pub fn stable(own: u64, full: &[u64; 4]) -> u64 {
    stable_pair(own, 0, full).0
}

/// [`stable_pair`] for the position `a` against `b`, full lines included, with a shortcut:
/// when no corner is taken and there is no full rank or no full file, neither side has a
/// stable disc, and the full diagonals are not worked out.
///
/// Why: growth starts from discs protected in all four orientations without help from a
/// stable neighbour. A corner is (walls all round); a disc elsewhere on an edge needs the full
/// edge it lies along, which holds two corners; an inner disc needs its full rank and its full
/// file. With none of these, no disc starts the growth.
#[inline(always)]
pub fn stable_discs(a: u64, b: u64) -> (u64, u64) {
    let occupied = a | b;
    let (ranks, files) = full_ranks_and_files(occupied);
    if occupied & CORNERS == 0 && (ranks == 0 || files == 0) {
        return (0, 0);
    }
    let full = [
        ranks,
        files,
        full_diagonals(occupied, 9, DIAG_EDGES),
        full_diagonals(occupied, 7, ANTI_EDGES),
    ];
    stable_pair(a, b, &full)
}

/// [`stable`] for both sides at once (`a` and `b` are the two colours).
#[inline(always)]
pub fn stable_pair(a: u64, b: u64, full: &[u64; 4]) -> (u64, u64) {
    // Per orientation: squares protected whatever their neighbours (full line or wall).
    let base_h = full[0] | FILE_A | FILE_H;
    let base_v = full[1] | RANK_1 | RANK_8;
    let base_d9 = full[2] | EDGES;
    let base_d7 = full[3] | EDGES;
    let all = base_h & base_v & base_d9 & base_d7;
    let (mut sa, mut sb) = (a & all, b & all);
    if sa | sb == 0 {
        // No corner and no disc protected in every orientation: nothing can grow.
        return (0, 0);
    }
    // A disc on an edge is protected by the wall in the three orientations across the edge, so
    // it is stable exactly when its edge is full (already in `all`) or a run of its colour joins
    // it to one of its corners: the edges are final from the start, and the loop below only
    // grows inwards.
    sa |= edge_runs(a);
    sb |= edge_runs(b);
    let grow = |st: u64| {
        (base_h | ((st << 1) & !FILE_A) | ((st >> 1) & !FILE_H))
            & (base_v | (st << 8) | (st >> 8))
            & (base_d9 | ((st << 9) & !FILE_A) | ((st >> 9) & !FILE_H))
            & (base_d7 | ((st << 7) & !FILE_H) | ((st >> 7) & !FILE_A))
    };
    loop {
        let na = sa | (a & grow(sa));
        let nb = sb | (b & grow(sb));
        if na == sa && nb == sb {
            return (sa, sb);
        }
        (sa, sb) = (na, nb);
    }
}

/// Corners of `own` and its discs joined to one of them by an unbroken run along an edge: each
/// edge read as a byte, its runs from both ends looked up.
#[inline(always)]
fn edge_runs(own: u64) -> u64 {
    // The a and h files gathered into a byte (rank 1 in bit 0): the multiplication moves bit
    // 8k to bit 56 + k, and no two partial products meet there.
    const GATHER_FILE_A: u64 = 0x0102_0408_1020_4080;
    let file_a = ((own & FILE_A).wrapping_mul(GATHER_FILE_A) >> 56) as usize;
    let file_h = (((own >> 7) & FILE_A).wrapping_mul(GATHER_FILE_A) >> 56) as usize;
    let rank_1 = (own & 0xFF) as usize;
    let rank_8 = (own >> 56) as usize;
    // Every index is below 256 (a byte), the tables' length.
    (EDGE_RUNS[rank_1] as u64)
        | (EDGE_RUNS[rank_8] as u64) << 56
        | FILE_A_RUNS[file_a]
        | FILE_A_RUNS[file_h] << 7
}

/// `EDGE_RUNS[byte]`: the bits of `byte` joined to bit 0 or bit 7 by set bits only.
static EDGE_RUNS: [u8; 256] = build_edge_runs();

/// [`EDGE_RUNS`] spread onto the a file (bit k of the byte on rank k + 1).
static FILE_A_RUNS: [u64; 256] = build_file_a_runs();

const fn build_edge_runs() -> [u8; 256] {
    let mut out = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut runs = 0u8;
        let mut k = 0;
        while k < 8 && byte & (1 << k) != 0 {
            runs |= 1 << k;
            k += 1;
        }
        let mut k = 7i32;
        while k >= 0 && byte & (1 << k) != 0 {
            runs |= 1 << k;
            k -= 1;
        }
        out[byte] = runs;
        byte += 1;
    }
    out
}

const fn build_file_a_runs() -> [u64; 256] {
    let runs = build_edge_runs();
    let mut out = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        while k < 8 {
            if runs[byte] & (1 << k) != 0 {
                out[byte] |= 1 << (8 * k);
            }
            k += 1;
        }
        byte += 1;
    }
    out
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
    fn edge_runs_follow_the_edges_from_own_corners() {
        // a1 b1 c1 (run), e1 (gap), a2 a3 (run up file a), h8 g8 (run), h2 alone.
        let own = 0b111 | 1 << 4 | 1 << 8 | 1 << 16 | 1 << 63 | 1 << 62 | 1 << 15;
        assert_eq!(edge_runs(own), 0b111 | 1 << 8 | 1 << 16 | 1 << 63 | 1 << 62);
        assert_eq!(edge_runs(own & !CORNERS), 0);
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
