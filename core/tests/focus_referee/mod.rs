//! A deliberately plain Focus referee, written apart from `ply_core::games::focus`: stacks as
//! vectors in a grid, the board's shape by a distance-to-corner formula, moves by name.

#![allow(dead_code)]

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Referee {
    pub players: usize,
    /// `stacks[rank][file]`, bottom piece first.
    pub stacks: Vec<Vec<Vec<usize>>>,
    pub reserve: Vec<u32>,
    pub captured: Vec<u32>,
    pub mover: usize,
}

/// The 52 squares: a square is cut off when it is within two steps of a corner.
pub fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank) && file.min(7 - file) + rank.min(7 - rank) >= 2
}

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn square(text: &str) -> (i32, i32) {
    let b = text.as_bytes();
    (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
}

impl Referee {
    /// The published two-player start: ranks 2 to 7 on files b to g read
    /// R R G G R R / G G R R G G / ... (R = player 1, moving first).
    pub fn two_player_start() -> Self {
        let rows = ["RRGGRR", "GGRRGG", "RRGGRR", "GGRRGG", "RRGGRR", "GGRRGG"];
        let mut stacks = vec![vec![Vec::new(); 8]; 8];
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.chars().enumerate() {
                stacks[i + 1][j + 1] = vec![if c == 'R' { 0 } else { 1 }];
            }
        }
        Referee {
            players: 2,
            stacks,
            reserve: vec![0; 2],
            captured: vec![0; 2],
            mover: 0,
        }
    }

    /// Reads the game's position notation (ranks top first, on-board squares only).
    pub fn from_text(text: &str) -> Self {
        let mut parts = text.split(' ');
        let ranks: Vec<&str> = parts.next().expect("ranks").split('/').collect();
        let mover = parts
            .next()
            .expect("mover")
            .parse::<usize>()
            .expect("digit")
            - 1;
        let mut players = 2;
        let mut reserve = vec![0; 4];
        let mut captured = vec![0; 4];
        for opt in parts {
            let (k, v) = opt.split_once('=').expect("option");
            let nums = || v.split(',').map(|n| n.parse::<u32>().expect("count"));
            match k {
                "players" => players = v.parse().expect("players"),
                "reserve" => nums().enumerate().for_each(|(i, n)| reserve[i] = n),
                "captured" => nums().enumerate().for_each(|(i, n)| captured[i] = n),
                _ => panic!("option {k}"),
            }
        }
        let mut stacks = vec![vec![Vec::new(); 8]; 8];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as i32;
            let files: Vec<i32> = (0..8).filter(|&f| on_board(f, rank)).collect();
            for (f, cell) in files.iter().zip(rank_text.split(',')) {
                if cell != "." {
                    stacks[rank as usize][*f as usize] = cell
                        .chars()
                        .map(|c| c.to_digit(10).expect("digit") as usize - 1)
                        .collect();
                }
            }
        }
        reserve.truncate(players);
        captured.truncate(players);
        Referee {
            players,
            stacks,
            reserve,
            captured,
            mover,
        }
    }

    fn top(&self, file: i32, rank: i32) -> Option<usize> {
        self.stacks[rank as usize][file as usize].last().copied()
    }

    pub fn can_move(&self, p: usize) -> bool {
        if self.reserve[p] > 0 {
            return true;
        }
        (0..8).any(|r| (0..8).any(|f| on_board(f, r) && self.top(f, r) == Some(p)))
    }

    /// The winner once at most one player can move.
    pub fn winner(&self) -> Option<Option<usize>> {
        let able: Vec<usize> = (0..self.players).filter(|&p| self.can_move(p)).collect();
        match able.len() {
            0 => Some(None),
            1 => Some(Some(able[0])),
            _ => None,
        }
    }

    pub fn moves(&self) -> Vec<String> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for rank in 0..8 {
            for file in 0..8 {
                if !on_board(file, rank) || self.top(file, rank) != Some(self.mover) {
                    continue;
                }
                let h = self.stacks[rank as usize][file as usize].len() as i32;
                for k in 1..=h {
                    for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                        let (f, r) = (file + k * df, rank + k * dr);
                        if on_board(f, r) {
                            out.push(format!("{}-{}", name(file, rank), name(f, r)));
                        }
                    }
                }
            }
        }
        if self.reserve[self.mover] > 0 {
            for rank in 0..8 {
                for file in 0..8 {
                    if on_board(file, rank) {
                        out.push(format!("+{}", name(file, rank)));
                    }
                }
            }
        }
        out
    }

    pub fn play(&mut self, mv: &str) {
        let me = self.mover;
        let (to_f, to_r, moving) = if let Some(sq) = mv.strip_prefix('+') {
            self.reserve[me] -= 1;
            let (f, r) = square(sq);
            (f, r, vec![me])
        } else {
            let (from, to) = mv.split_once('-').expect("from-to");
            let (ff, fr) = square(from);
            let (tf, tr) = square(to);
            let k = ((tf - ff).abs() + (tr - fr).abs()) as usize;
            let stack = &mut self.stacks[fr as usize][ff as usize];
            let moving = stack.split_off(stack.len() - k);
            (tf, tr, moving)
        };
        let dest = &mut self.stacks[to_r as usize][to_f as usize];
        dest.extend(moving);
        while dest.len() > 5 {
            let bottom = dest.remove(0);
            if bottom == me {
                self.reserve[me] += 1;
            } else {
                self.captured[me] += 1;
            }
        }
        for step in 1..=self.players {
            let q = (me + step) % self.players;
            if self.can_move(q) {
                self.mover = q;
                break;
            }
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.winner().is_some() {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}
