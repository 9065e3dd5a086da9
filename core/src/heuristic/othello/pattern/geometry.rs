//! The pattern set: which squares each pattern reads, its instances under the board's eight
//! symmetries, and which of its configurations those symmetries make one.
//!
//! The set follows Buro's Logistello ("Experiments with Multi-ProbCut and a New High-Quality
//! Evaluation Function for Othello", 1997) as Edax keeps it: the edge with both X-squares, the
//! 2x5 and 3x3 corners, the second to fourth lines and the diagonals of four to eight squares.
//! Those are the shapes whose discs decide stability and access to the corners and edges; the
//! lines and diagonals carry mobility, which a pattern sees along the lines moves are made on.
//! Edax adds a few more shapes and Egaroucid larger ones; with this set the trained tables stay
//! under 5 MB in memory (a phone's share), and every one of 140,000 real games' 8 million
//! positions gives each configuration it holds a sample.

/// One pattern: a name and its squares (bit indices, a1 = 0, h8 = 63) in reading order.
pub struct PatternShape {
    pub name: &'static str,
    pub squares: &'static [u8],
}

const fn sq(file: u8, rank: u8) -> u8 {
    rank * 8 + file
}

/// The shapes, each at its canonical place (the a1 corner, the first rank, the long diagonal).
pub const SHAPES: &[PatternShape] = &[
    PatternShape {
        name: "edge+2x",
        squares: &[
            sq(1, 1),
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(3, 0),
            sq(4, 0),
            sq(5, 0),
            sq(6, 0),
            sq(7, 0),
            sq(6, 1),
        ],
    },
    PatternShape {
        name: "corner-2x5",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(3, 0),
            sq(4, 0),
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(3, 1),
            sq(4, 1),
        ],
    },
    PatternShape {
        name: "corner-3x3",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(0, 2),
            sq(1, 2),
            sq(2, 2),
        ],
    },
    PatternShape {
        name: "line-2",
        squares: &[
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(3, 1),
            sq(4, 1),
            sq(5, 1),
            sq(6, 1),
            sq(7, 1),
        ],
    },
    PatternShape {
        name: "line-3",
        squares: &[
            sq(0, 2),
            sq(1, 2),
            sq(2, 2),
            sq(3, 2),
            sq(4, 2),
            sq(5, 2),
            sq(6, 2),
            sq(7, 2),
        ],
    },
    PatternShape {
        name: "line-4",
        squares: &[
            sq(0, 3),
            sq(1, 3),
            sq(2, 3),
            sq(3, 3),
            sq(4, 3),
            sq(5, 3),
            sq(6, 3),
            sq(7, 3),
        ],
    },
    PatternShape {
        name: "diagonal-8",
        squares: &[
            sq(0, 0),
            sq(1, 1),
            sq(2, 2),
            sq(3, 3),
            sq(4, 4),
            sq(5, 5),
            sq(6, 6),
            sq(7, 7),
        ],
    },
    PatternShape {
        name: "diagonal-7",
        squares: &[
            sq(1, 0),
            sq(2, 1),
            sq(3, 2),
            sq(4, 3),
            sq(5, 4),
            sq(6, 5),
            sq(7, 6),
        ],
    },
    PatternShape {
        name: "diagonal-6",
        squares: &[sq(2, 0), sq(3, 1), sq(4, 2), sq(5, 3), sq(6, 4), sq(7, 5)],
    },
    PatternShape {
        name: "diagonal-5",
        squares: &[sq(3, 0), sq(4, 1), sq(5, 2), sq(6, 3), sq(7, 4)],
    },
    PatternShape {
        name: "diagonal-4",
        squares: &[sq(4, 0), sq(5, 1), sq(6, 2), sq(7, 3)],
    },
];

/// The eight symmetries of the board as maps of a square index.
pub fn symmetry(t: usize, square: u8) -> u8 {
    let (x, y) = (square % 8, square / 8);
    let (x, y) = match t & 7 {
        0 => (x, y),
        1 => (7 - x, y),
        2 => (x, 7 - y),
        3 => (7 - x, 7 - y),
        4 => (y, x),
        5 => (7 - y, x),
        6 => (y, 7 - x),
        _ => (7 - y, 7 - x),
    };
    y * 8 + x
}

/// A bitboard under symmetry `t`.
pub fn transform_bits(t: usize, bits: u64) -> u64 {
    let mut out = 0;
    let mut rest = bits;
    while rest != 0 {
        let s = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        out |= 1u64 << symmetry(t, s);
    }
    out
}

/// A shape placed on the board: its distinct images under the symmetries, and the
/// configurations those symmetries identify.
pub struct Pattern {
    pub name: &'static str,
    /// Squares per instance.
    pub len: usize,
    /// Each distinct placement, its squares in reading order.
    pub instances: Vec<Vec<u8>>,
    /// The symmetry that places each instance: instance `i` reads square
    /// `symmetry(symmetries[i], s)` where the shape reads `s`.
    pub symmetries: Vec<usize>,
    /// Configurations: `3^len`.
    pub configs: usize,
    /// For each configuration, the dense number of its class under the shape's own
    /// symmetries (the configurations one weight stands for).
    pub class_of: Vec<u32>,
    /// Number of classes.
    pub classes: usize,
}

impl Pattern {
    fn new(shape: &PatternShape) -> Pattern {
        let base = shape.squares;
        let len = base.len();
        let mut instances: Vec<Vec<u8>> = Vec::new();
        let mut symmetries = Vec::new();
        // Reorderings of the base's squares by the symmetries that map its set onto itself.
        let mut self_maps: Vec<Vec<usize>> = Vec::new();
        let mut base_set: Vec<u8> = base.to_vec();
        base_set.sort_unstable();
        for t in 0..8 {
            let image: Vec<u8> = base.iter().map(|&s| symmetry(t, s)).collect();
            let mut set = image.clone();
            set.sort_unstable();
            if set == base_set {
                let map = image
                    .iter()
                    .map(|s| base.iter().position(|b| b == s).unwrap_or(0))
                    .collect();
                self_maps.push(map);
            }
            let known = instances.iter().any(|inst| {
                let mut other = inst.clone();
                other.sort_unstable();
                other == set
            });
            if !known {
                instances.push(image);
                symmetries.push(t);
            }
        }
        let configs = 3usize.pow(len as u32);
        let mut class_of = vec![u32::MAX; configs];
        let mut classes = 0u32;
        let mut digits = vec![0u8; len];
        for config in 0..configs {
            if class_of[config] != u32::MAX {
                continue;
            }
            let mut rest = config;
            for d in digits.iter_mut().rev() {
                *d = (rest % 3) as u8;
                rest /= 3;
            }
            for map in &self_maps {
                let image = map
                    .iter()
                    .fold(0usize, |acc, &j| acc * 3 + usize::from(digits[j]));
                class_of[image] = classes;
            }
            classes += 1;
        }
        Pattern {
            name: shape.name,
            len,
            instances,
            symmetries,
            configs,
            class_of,
            classes: classes as usize,
        }
    }
}

/// Every pattern of [`SHAPES`], placed.
pub fn patterns() -> Vec<Pattern> {
    SHAPES.iter().map(Pattern::new).collect()
}

/// A fingerprint of the pattern set and stages, written in weight files so that a file made for
/// another set is refused rather than read as noise.
pub fn set_fingerprint(stages: usize) -> u64 {
    let mut bytes = Vec::new();
    for shape in SHAPES {
        bytes.extend_from_slice(shape.name.as_bytes());
        bytes.push(0);
        bytes.extend_from_slice(shape.squares);
        bytes.push(0xff);
    }
    bytes.extend_from_slice(&(stages as u64).to_le_bytes());
    crate::bytes::fnv1a(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_the_dihedral_group() {
        // Eight distinct maps, each a permutation of the squares, closed under composition.
        let maps: Vec<Vec<u8>> = (0..8)
            .map(|t| (0..64).map(|s| symmetry(t, s)).collect())
            .collect();
        for m in &maps {
            let mut sorted = m.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..64).collect::<Vec<u8>>());
        }
        for a in 0..8 {
            for b in 0..8 {
                let composed: Vec<u8> = (0..64).map(|s| symmetry(a, symmetry(b, s))).collect();
                assert!(maps.contains(&composed), "{a} after {b} is not a symmetry");
            }
        }
        let mut distinct = maps.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
    }

    #[test]
    fn instances_cover_each_orbit() {
        let counts: Vec<(&str, usize, usize)> = patterns()
            .iter()
            .map(|p| (p.name, p.instances.len(), p.classes))
            .collect();
        // Orbits by hand: an edge has four placements, a 2x5 corner eight (it is not symmetric
        // about the diagonal), the long diagonal two.
        let expect = [
            ("edge+2x", 4),
            ("corner-2x5", 8),
            ("corner-3x3", 4),
            ("line-2", 4),
            ("line-3", 4),
            ("line-4", 4),
            ("diagonal-8", 2),
            ("diagonal-7", 4),
            ("diagonal-6", 4),
            ("diagonal-5", 4),
            ("diagonal-4", 4),
        ];
        for ((name, n, _), (en, ecount)) in counts.iter().zip(expect) {
            assert_eq!((*name, *n), (en, ecount));
        }
        // A shape with a mirror symmetry has (3^n + 3^c) / 2 classes (Burnside), c the mirror's
        // cycles on its squares: the 3x3 corner's diagonal keeps 3 squares and swaps 3 pairs
        // (c = 6), an 8-square line swaps 4 pairs.
        let by_name = |n: &str| counts.iter().find(|c| c.0 == n).map(|c| c.2);
        assert_eq!(by_name("corner-3x3"), Some((19683 + 729) / 2));
        assert_eq!(by_name("line-2"), Some((6561 + 81) / 2));
        assert_eq!(by_name("corner-2x5"), Some(59049));
        assert_eq!(by_name("diagonal-7"), Some((2187 + 81) / 2));
    }
}
