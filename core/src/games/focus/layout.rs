//! The Focus board (8x8 without three squares at each corner: 52 squares) and the start layouts.
//!
//! Squares are indexed `rank * 8 + file` from a1, as in the Virus Game.
//!
//! Start layouts:
//! - two players (published: Gardner 1963, Sackson's *A Gamut of Games*, the pbmserv server's
//!   diagram): 18 pieces each fill the central 6x6 (b2-g7) in horizontal pairs, rank 2 reading
//!   `1 1 2 2 1 1` from b to g, rank 3 `2 2 1 1 2 2`, and so on alternately up to rank 7;
//! - three and four players: the published diagrams were not available to us (see
//!   `tests/data/multiplayer-rules.md`); the piece counts are known from the Domination rules
//!   (13 each). Ply's layouts keep the published pattern of horizontal pairs:
//!   - three players: 12 pieces each fill the central 6x6, each rank holding one pair of every
//!     player, the pairs shifting one place per rank (`1 1 2 2 3 3`, `2 2 3 3 1 1`, ...); the
//!     13th piece starts in reserve (the Domination rules have each player enter it on his first
//!     turn; here it is an ordinary reserve piece);
//!   - four players: 13 pieces each fill all 52 squares: the central 6x6 in pairs cycling through
//!     the four players rank by rank, then the 16 edge squares one by one to even the counts out.

use crate::game::Player;

/// Bit of every square on the board.
pub const BOARD: u64 = {
    let corners: u64 = (1 << 0) | (1 << 1) | (1 << 8) // a1 b1 a2
        | (1 << 6) | (1 << 7) | (1 << 15) // g1 h1 h2
        | (1 << 48) | (1 << 56) | (1 << 57) // a7 a8 b8
        | (1 << 55) | (1 << 62) | (1 << 63); // h7 g8 h8
    !corners
};

/// Whether `(file, rank)` is on the board (both may be out of 0..8).
pub fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank) && BOARD & (1u64 << (rank * 8 + file)) != 0
}

/// The start: who stands on each square (one piece per occupied square) and the reserves.
pub fn start(players: usize) -> ([Option<Player>; 64], [u8; 4]) {
    let mut cells = [None; 64];
    let mut reserve = [0u8; 4];
    let centre = |rank: usize, file: usize| rank * 8 + file;
    match players {
        2 => {
            for row in 0..6 {
                for col in 0..6 {
                    let pair = col / 2;
                    // Rank 2: 1 1 2 2 1 1; rank 3: 2 2 1 1 2 2; ...
                    let p = ((pair + row) % 2) as Player;
                    cells[centre(row + 1, col + 1)] = Some(p);
                }
            }
        }
        3 => {
            for row in 0..6 {
                for col in 0..6 {
                    let p = ((col / 2 + row) % 3) as Player;
                    cells[centre(row + 1, col + 1)] = Some(p);
                }
            }
            reserve = [1, 1, 1, 0];
        }
        _ => {
            let mut counts = [0usize; 4];
            for row in 0..6 {
                for col in 0..6 {
                    let p = (col / 2 + row) % 4;
                    counts[p] += 1;
                    cells[centre(row + 1, col + 1)] = Some(p as Player);
                }
            }
            // The 16 edge squares, going round the board (c1-f1, h3-h6, f8-c8, a6-a3), each to
            // the player with the fewest pieces so far (lowest seat on ties): the centre leaves
            // 8, 10, 10 and 8, so this gives everyone 13.
            let edges: [usize; 16] = [2, 3, 4, 5, 23, 31, 39, 47, 61, 60, 59, 58, 40, 32, 24, 16];
            for sq in edges {
                let p = (0..4).min_by_key(|&p| (counts[p], p)).unwrap_or(0);
                counts[p] += 1;
                cells[sq] = Some(p as Player);
            }
        }
    }
    (cells, reserve)
}
