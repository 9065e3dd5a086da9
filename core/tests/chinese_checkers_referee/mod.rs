//! A second Chinese Checkers, written from the rules alone and sharing nothing with
//! `ply_core::games::chinese_checkers` but the position text: the star is built from its row
//! lengths in "doubled" coordinates (a hole is `(column, row)`; the six neighbours are two
//! columns left or right in the same row, or one column left or right in the rows above and
//! below), holes live in a map, and hop chains are followed by a recursive depth-first search.
//! Slow and plain on purpose.

use std::collections::{BTreeMap, BTreeSet};

/// Holes per row, bottom to top: the 121-hole star.
const ROW_LENGTHS: [i32; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const NEIGHBOURS: [(i32, i32); 6] = [(2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

pub type Hole = (i32, i32);

/// The corners each number of players sits in, in turn order; corners clockwise from the
/// bottom: 0 bottom, 1 lower left, 2 upper left, 3 top, 4 upper right, 5 lower right.
fn seats(players: usize) -> &'static [usize] {
    match players {
        2 => &[0, 3],
        3 => &[0, 2, 4],
        4 => &[0, 1, 3, 4],
        6 => &[0, 1, 2, 3, 4, 5],
        _ => panic!("no seating for {players} players"),
    }
}

/// Row `r`'s holes, left to right.
fn row_holes(r: i32) -> Vec<Hole> {
    let len = ROW_LENGTHS[r as usize];
    (0..len).map(|i| (12 - (len - 1) + 2 * i, r)).collect()
}

/// Which corner a hole is in, if any.
fn corner(hole: Hole) -> Option<usize> {
    let (c, r) = hole;
    let place = row_holes(r).iter().position(|&h| h == (c, r))? as i32;
    let len = ROW_LENGTHS[r as usize];
    match r {
        0..=3 => Some(0),
        13..=16 => Some(3),
        4..=7 if place < 8 - r => Some(1),
        4..=7 if place >= len - (8 - r) => Some(5),
        9..=12 if place < r - 8 => Some(2),
        9..=12 if place >= len - (r - 8) => Some(4),
        _ => None,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Referee {
    /// Every hole, with the player on it.
    pub board: BTreeMap<Hole, Option<usize>>,
    pub players: usize,
    pub mover: usize,
    /// `true`: a filled target with one own piece wins; `false`: all ten own pieces.
    pub fill_rule: bool,
    pub lock: bool,
    pub limit: u32,
    pub played: u32,
}

impl Referee {
    /// Reads the position text: rows top to bottom split by `/` (`.`, a run length, or a
    /// player letter), mover letter, players, `fill`/`own` with `+lock`, optional limit and
    /// turns played.
    pub fn from_text(text: &str) -> Referee {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let players: usize = fields[2].parse().unwrap();
        let mut board = BTreeMap::new();
        for (i, row_text) in fields[0].split('/').enumerate() {
            let r = 16 - i as i32;
            let mut cells = Vec::new();
            let mut run = String::new();
            for ch in row_text.chars().chain(std::iter::once(' ')) {
                if ch.is_ascii_digit() {
                    run.push(ch);
                    continue;
                }
                if !run.is_empty() {
                    cells.extend(std::iter::repeat_n(None, run.parse().unwrap()));
                    run.clear();
                }
                match ch {
                    '.' => cells.push(None),
                    ' ' => {}
                    c => cells.push(Some((c as u8 - b'a') as usize)),
                }
            }
            let holes = row_holes(r);
            assert_eq!(cells.len(), holes.len(), "row {r} of {text}");
            for (h, cell) in holes.into_iter().zip(cells) {
                board.insert(h, cell);
            }
        }
        let (rule, lock) = match fields[3].strip_suffix("+lock") {
            Some(rule) => (rule, true),
            None => (fields[3], false),
        };
        Referee {
            board,
            players,
            mover: (fields[1].as_bytes()[0] - b'a') as usize,
            fill_rule: rule == "fill",
            lock,
            limit: fields.get(4).map_or(0, |t| t.parse().unwrap()),
            played: fields.get(5).map_or(0, |t| t.parse().unwrap()),
        }
    }

    /// The start for `players`, from the corners' definition.
    pub fn start(players: usize) -> Referee {
        let mut board = BTreeMap::new();
        for r in 0..17 {
            for h in row_holes(r) {
                let owner = corner(h).and_then(|k| seats(players).iter().position(|&s| s == k));
                board.insert(h, owner);
            }
        }
        Referee {
            board,
            players,
            mover: 0,
            fill_rule: true,
            lock: false,
            limit: 0,
            played: 0,
        }
    }

    fn empty(&self, h: Hole) -> bool {
        self.board.get(&h) == Some(&None)
    }

    fn occupied(&self, h: Hole) -> bool {
        matches!(self.board.get(&h), Some(Some(_)))
    }

    pub fn target(&self, player: usize) -> BTreeSet<Hole> {
        let k = (seats(self.players)[player] + 3) % 6;
        self.board
            .keys()
            .copied()
            .filter(|&h| corner(h) == Some(k))
            .collect()
    }

    /// Hop landings from `at` for the piece lifted from `from`.
    fn hops(&self, from: Hole, at: Hole, seen: &mut BTreeSet<Hole>) {
        for (dc, dr) in NEIGHBOURS {
            let over = (at.0 + dc, at.1 + dr);
            let land = (at.0 + 2 * dc, at.1 + 2 * dr);
            let free = self.empty(land) || land == from;
            if over != from && self.occupied(over) && free && seen.insert(land) {
                self.hops(from, land, seen);
            }
        }
    }

    /// Every `(from, to)` of the mover, `None` as the only move when they have none (a pass);
    /// empty when the game is over.
    pub fn moves(&self) -> BTreeSet<Option<(Hole, Hole)>> {
        if self.outcome().is_some() {
            return BTreeSet::new();
        }
        let mut out = self.piece_moves(self.mover);
        if out.is_empty() {
            out.insert(None);
        }
        out
    }

    fn piece_moves(&self, player: usize) -> BTreeSet<Option<(Hole, Hole)>> {
        let target = self.target(player);
        let mut out = BTreeSet::new();
        for (&from, &who) in &self.board {
            if who != Some(player) {
                continue;
            }
            let mut seen = BTreeSet::from([from]);
            self.hops(from, from, &mut seen);
            seen.remove(&from);
            for (dc, dr) in NEIGHBOURS {
                let to = (from.0 + dc, from.1 + dr);
                if self.empty(to) {
                    seen.insert(to);
                }
            }
            for to in seen {
                if self.lock && target.contains(&from) && !target.contains(&to) {
                    continue;
                }
                out.insert(Some((from, to)));
            }
        }
        out
    }

    pub fn play(&mut self, mv: Option<(Hole, Hole)>) {
        if let Some((from, to)) = mv {
            let who = self.board.insert(from, None).flatten();
            self.board.insert(to, who);
        }
        if self.limit > 0 {
            self.played += 1;
        }
        self.mover = (self.mover + 1) % self.players;
    }

    fn distance(&self, player: usize) -> u32 {
        let k = (seats(self.players)[player] + 3) % 6;
        // The far tip: the target's hole farthest from the centre (12, 8).
        let tip = *self
            .board
            .keys()
            .filter(|&&h| corner(h) == Some(k))
            .max_by_key(|&&(c, r)| (c - 12).abs() + 3 * (r - 8).abs())
            .unwrap();
        let steps = |a: Hole, b: Hole| {
            let (dc, dr) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
            (dr + (dc - dr).max(0) / 2) as u32
        };
        self.board
            .iter()
            .filter(|(_, w)| **w == Some(player))
            .map(|(&h, _)| steps(h, tip))
            .sum()
    }

    /// `Some(Some(winner))`, `Some(None)` for a draw, `None` while the game goes on.
    pub fn outcome(&self) -> Option<Option<usize>> {
        for p in 0..self.players {
            let target = self.target(p);
            let full = target.iter().all(|&h| self.occupied(h));
            let own = target.iter().filter(|h| self.board[h] == Some(p)).count();
            if full && (if self.fill_rule { own > 0 } else { own == 10 }) {
                return Some(Some(p));
            }
        }
        if self.limit > 0 && self.played >= self.limit {
            let d: Vec<u32> = (0..self.players).map(|p| self.distance(p)).collect();
            let best = *d.iter().min().unwrap();
            let leaders: Vec<usize> = (0..self.players).filter(|&p| d[p] == best).collect();
            return Some((leaders.len() == 1).then_some(leaders[0]));
        }
        let stuck = |p: usize| {
            // Without the lock a piece next to an empty hole can step; only else look further.
            let steps = !self.lock
                && self.board.iter().any(|(&(c, r), &w)| {
                    w == Some(p)
                        && NEIGHBOURS
                            .iter()
                            .any(|(dc, dr)| self.empty((c + dc, r + dr)))
                });
            !steps && self.piece_moves(p).is_empty()
        };
        if (0..self.players).all(stuck) {
            return Some(None);
        }
        None
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.outcome().is_some() {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play(mv);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// A hole's name in the game's notation: row letter from the bottom, place from the left.
    pub fn name(h: Hole) -> String {
        let place = row_holes(h.1).iter().position(|&x| x == h).unwrap() + 1;
        format!("{}{}", (b'a' + h.1 as u8) as char, place)
    }

    pub fn move_text(mv: Option<(Hole, Hole)>) -> String {
        match mv {
            None => "pass".into(),
            Some((a, b)) => format!("{}-{}", Referee::name(a), Referee::name(b)),
        }
    }
}
