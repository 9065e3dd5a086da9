//! The 121-hole star: hole numbering, coordinates, corners and the neighbour and hop tables.
//!
//! Holes carry cube coordinates `(x, y, z)` with `x + y + z = 0`; the star is the union of the
//! two big triangles `x, y, z <= 4` and `x, y, z >= -4` (91 holes each, overlapping in the
//! 61-hole hexagon). Rows are the lines of constant `z`, bottom (`z = -8`) to top (`z = 8`);
//! within a row holes run left to right (increasing `x`). Holes are numbered in that order,
//! which is also the order of their names (`a1` is hole 0, the bottom tip; `q1` is hole 120).
//!
//! Everything is computed at compile time, so the move generator reads plain static arrays.

/// Holes on the board.
pub const HOLES: usize = 121;
/// Rows of holes, bottom to top.
pub const ROWS: usize = 17;
/// "No hole" in the neighbour tables.
pub const NONE: u8 = u8::MAX;
/// Every hole.
pub const ALL: u128 = (1u128 << HOLES) - 1;

/// The six directions as `(dx, dz)`: east, north-east, north-west, west, south-west, south-east.
const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The six star points, clockwise from the bottom; [`opposite`] of `k` is `(k + 3) % 6`.
pub const CORNER_NAMES: [&str; 6] = [
    "bottom",
    "lower left",
    "upper left",
    "top",
    "upper right",
    "lower right",
];

/// The far tip of each corner as `(x, y, z)`.
const TIPS: [(i8, i8, i8); 6] = [
    (4, 4, -8),
    (-4, 8, -4),
    (-8, 4, 4),
    (-4, -4, 8),
    (4, -8, 4),
    (8, -4, -4),
];

pub const fn opposite(corner: usize) -> usize {
    (corner + 3) % 6
}

/// The precomputed geometry.
pub struct Tables {
    /// `(x, z)` of each hole.
    pub coord: [(i8, i8); HOLES],
    /// The adjacent hole in each direction, or [`NONE`].
    pub neighbour: [[u8; 6]; HOLES],
    /// The hole two steps away in each direction (a hop's landing), or [`NONE`].
    pub landing: [[u8; 6]; HOLES],
    /// The holes adjacent to each hole.
    pub adjacent: [u128; HOLES],
    /// The ten holes of each corner.
    pub corner: [u128; 6],
    /// Steps from each hole to each corner's far tip (hex distance, ignoring pieces).
    pub tip_distance: [[u8; HOLES]; 6],
    /// First hole of each row and its length.
    pub row_start: [u8; ROWS],
    pub row_len: [u8; ROWS],
}

const fn on_board(x: i32, z: i32) -> bool {
    let y = -x - z;
    (x <= 4 && y <= 4 && z <= 4) || (x >= -4 && y >= -4 && z >= -4)
}

/// The index of `(x, z)` in the 17x17 square that holds the star.
const fn grid(x: i32, z: i32) -> usize {
    ((z + 8) * 17 + (x + 8)) as usize
}

const fn in_grid(x: i32, z: i32) -> bool {
    x >= -8 && x <= 8 && z >= -8 && z <= 8
}

const fn abs(v: i32) -> i32 {
    if v < 0 { -v } else { v }
}

const fn max3(a: i32, b: i32, c: i32) -> i32 {
    let m = if a > b { a } else { b };
    if m > c { m } else { c }
}

const fn build() -> Tables {
    let mut t = Tables {
        coord: [(0, 0); HOLES],
        neighbour: [[NONE; 6]; HOLES],
        landing: [[NONE; 6]; HOLES],
        adjacent: [0; HOLES],
        corner: [0; 6],
        tip_distance: [[0; HOLES]; 6],
        row_start: [0; ROWS],
        row_len: [0; ROWS],
    };
    let mut index_of = [NONE; 17 * 17];
    let mut n = 0usize;
    let mut z = -8;
    while z <= 8 {
        t.row_start[(z + 8) as usize] = n as u8;
        let mut x = -8;
        while x <= 8 {
            if on_board(x, z) {
                t.coord[n] = (x as i8, z as i8);
                index_of[grid(x, z)] = n as u8;
                n += 1;
            }
            x += 1;
        }
        t.row_len[(z + 8) as usize] = (n - t.row_start[(z + 8) as usize] as usize) as u8;
        z += 1;
    }
    assert!(n == HOLES);
    let mut i = 0;
    while i < HOLES {
        let (x, z) = (t.coord[i].0 as i32, t.coord[i].1 as i32);
        let y = -x - z;
        let mut d = 0;
        while d < 6 {
            let (dx, dz) = (DIRECTIONS[d].0 as i32, DIRECTIONS[d].1 as i32);
            if in_grid(x + dx, z + dz) && on_board(x + dx, z + dz) {
                let nb = index_of[grid(x + dx, z + dz)];
                t.neighbour[i][d] = nb;
                t.adjacent[i] |= 1u128 << nb;
                if in_grid(x + 2 * dx, z + 2 * dz) && on_board(x + 2 * dx, z + 2 * dz) {
                    t.landing[i][d] = index_of[grid(x + 2 * dx, z + 2 * dz)];
                }
            }
            d += 1;
        }
        // A corner is where one coordinate passes 4 (the hexagon has all of them within 4).
        let corner = if z <= -5 {
            0
        } else if y >= 5 {
            1
        } else if x <= -5 {
            2
        } else if z >= 5 {
            3
        } else if y <= -5 {
            4
        } else if x >= 5 {
            5
        } else {
            6
        };
        if corner < 6 {
            t.corner[corner] |= 1u128 << i;
        }
        let mut k = 0;
        while k < 6 {
            let (tx, ty, tz) = (TIPS[k].0 as i32, TIPS[k].1 as i32, TIPS[k].2 as i32);
            t.tip_distance[k][i] = max3(abs(x - tx), abs(y - ty), abs(z - tz)) as u8;
            k += 1;
        }
        i += 1;
    }
    t
}

pub static BOARD: Tables = build();

/// The corner a hole lies in, `None` for the hexagon.
pub fn corner_of(hole: u8) -> Option<usize> {
    (0..6).find(|&k| BOARD.corner[k] & (1u128 << hole) != 0)
}

/// The row (0 = bottom) and the 0-based position from the left of a hole.
pub fn row_and_position(hole: u8) -> (usize, usize) {
    let row = BOARD
        .row_start
        .iter()
        .rposition(|&s| s <= hole)
        .unwrap_or(0);
    (row, usize::from(hole - BOARD.row_start[row]))
}

/// The sum of tip distances of a corner's own ten holes (a filled corner), and of the ten
/// holes of the opposite corner (the farthest ten holes: the start).
pub const FILLED_DISTANCE: u32 = 20;
pub const START_DISTANCE: u32 = 140;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_star_has_a_61_hole_hexagon_and_six_corners_of_ten() {
        let corners: Vec<u32> = BOARD.corner.iter().map(|c| c.count_ones()).collect();
        assert_eq!(corners, vec![10; 6]);
        let all = BOARD.corner.iter().fold(0u128, |a, c| a | c);
        assert_eq!((ALL & !all).count_ones(), 61);
        assert_eq!(
            BOARD.row_len,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
        for i in 0..HOLES as u8 {
            let (row, pos) = row_and_position(i);
            assert_eq!(BOARD.row_start[row] + pos as u8, i);
        }
    }

    #[test]
    fn the_distance_sums_behind_the_evaluation_hold() {
        for k in 0..6 {
            let own: u32 = (0..HOLES)
                .filter(|&i| BOARD.corner[k] & (1 << i) != 0)
                .map(|i| u32::from(BOARD.tip_distance[k][i]))
                .sum();
            assert_eq!(own, FILLED_DISTANCE);
            let far: u32 = (0..HOLES)
                .filter(|&i| BOARD.corner[opposite(k)] & (1 << i) != 0)
                .map(|i| u32::from(BOARD.tip_distance[k][i]))
                .sum();
            assert_eq!(far, START_DISTANCE);
            // The opposite corner's holes are the ten farthest from the tip, so no ten pieces
            // are ever farther in sum than at the start.
            let mut d: Vec<u8> = BOARD.tip_distance[k].to_vec();
            d.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(d[..10].iter().map(|&v| u32::from(v)).sum::<u32>(), far);
            // The tip is in the corner.
            assert_eq!(BOARD.tip_distance[k].iter().filter(|&&v| v == 0).count(), 1);
        }
    }
}
