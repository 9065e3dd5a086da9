//! The Virus Game against a second, deliberately plain implementation written here from the
//! rules in the module documentation (a grid of owners, neighbours by coordinates): perft,
//! random games move by move, notation round trips and typed errors.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::game::EndReason;
use ply_core::games::virus::{Adjacency, ConfigError, PASS, Virus, VirusConfig};
use proptest::prelude::*;

/// The plain model: `grid[row][col]` is the owner, row 0 at the bottom.
#[derive(Clone, Debug, PartialEq)]
struct Plain {
    grid: Vec<Vec<Option<u8>>>,
    players: u8,
    to_move: u8,
    eight: bool,
    claim_empty: bool,
}

impl Plain {
    fn new(size: usize, players: u8, eight: bool, claim_empty: bool) -> Plain {
        let mut grid = vec![vec![None; size]; size];
        let n = size - 1;
        let corners = [(0, 0), (n, n), (n, 0), (0, n)];
        for (p, &(r, c)) in corners.iter().take(players as usize).enumerate() {
            grid[r][c] = Some(p as u8);
        }
        Plain {
            grid,
            players,
            to_move: 0,
            eight,
            claim_empty,
        }
    }

    fn size(&self) -> usize {
        self.grid.len()
    }

    fn neighbours(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for dr in -1i32..=1 {
            for dc in -1i32..=1 {
                if (dr, dc) == (0, 0) || (!self.eight && dr != 0 && dc != 0) {
                    continue;
                }
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < self.size() && (nc as usize) < self.size()
                {
                    out.push((nr as usize, nc as usize));
                }
            }
        }
        out
    }

    fn count(&self, p: u8) -> usize {
        self.grid
            .iter()
            .flatten()
            .filter(|&&o| o == Some(p))
            .count()
    }

    fn targets(&self, p: u8) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.size() {
            for c in 0..self.size() {
                if self.grid[r][c].is_none()
                    && self
                        .neighbours(r, c)
                        .iter()
                        .any(|&(nr, nc)| self.grid[nr][nc] == Some(p))
                {
                    out.push((r, c));
                }
            }
        }
        out
    }

    fn over(&self) -> bool {
        let active: Vec<u8> = (0..self.players).filter(|&p| self.count(p) > 0).collect();
        active.len() <= 1
            || self.grid.iter().flatten().all(Option::is_some)
            || active.iter().all(|&p| self.targets(p).is_empty())
    }

    /// Squares as indices in increasing order, or a pass.
    fn moves(&self) -> Vec<u8> {
        if self.over() {
            return Vec::new();
        }
        let t = self.targets(self.to_move);
        if t.is_empty() {
            return vec![PASS];
        }
        let mut idx: Vec<u8> = t
            .iter()
            .map(|&(r, c)| (r * self.size() + c) as u8)
            .collect();
        idx.sort();
        idx
    }

    fn play(&mut self, mv: u8) {
        if mv != PASS {
            let (r, c) = (mv as usize / self.size(), mv as usize % self.size());
            self.grid[r][c] = Some(self.to_move);
            for (nr, nc) in self.neighbours(r, c) {
                if self.claim_empty || self.grid[nr][nc].is_some() {
                    self.grid[nr][nc] = Some(self.to_move);
                }
            }
        }
        for step in 1..=self.players {
            let p = (self.to_move + step) % self.players;
            if self.count(p) > 0 {
                self.to_move = p;
                break;
            }
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 0 || moves.is_empty() {
            return 1;
        }
        moves
            .iter()
            .map(|&m| {
                let mut c = self.clone();
                c.play(m);
                c.perft(depth - 1)
            })
            .sum()
    }

    fn agrees(&self, v: &Virus) -> bool {
        (0..self.players).all(|p| {
            (0..self.size() * self.size()).all(|i| {
                let (r, c) = (i / self.size(), i % self.size());
                (self.grid[r][c] == Some(p)) == (v.owned(p) & (1 << i) != 0)
            })
        }) && self.to_move == v.side_to_move()
    }
}

fn virus(size: u8, players: u8, eight: bool, claim_empty: bool) -> Virus {
    Virus::new(VirusConfig {
        size,
        players,
        adjacency: if eight {
            Adjacency::Eight
        } else {
            Adjacency::Four
        },
        claim_empty,
        turn_limit: 0,
    })
    .expect("a valid setup")
}

#[test]
fn perft_agrees_with_the_plain_model() {
    for (size, players, eight, claim_empty, depth) in [
        (5, 4, true, false, 6),
        (5, 2, true, false, 6),
        (5, 3, false, false, 6),
        (4, 2, false, false, 7),
        (5, 4, true, true, 5),
        (3, 2, true, true, 8),
        (6, 4, false, true, 5),
        (8, 4, true, false, 4),
    ] {
        let v = virus(size, players, eight, claim_empty);
        let p = Plain::new(size as usize, players, eight, claim_empty);
        for d in 0..=depth {
            assert_eq!(
                ply_core::perft(&v, d),
                p.perft(d),
                "{size}x{size}, {players} players, {} adjacency, empty claimed {claim_empty}, depth {d}",
                if eight { 8 } else { 4 }
            );
        }
    }
}

#[test]
fn the_default_start_is_the_papers_board_for_four() {
    assert_eq!(Virus::start(), Virus::new(VirusConfig::default()).unwrap());
    assert_eq!(
        Virus::start().format_position(),
        "c...b/...../...../...../a...d a 4 8"
    );
    // Each player's corner touches three squares with 8-adjacency, two with 4.
    let mut moves = Vec::new();
    Virus::start().legal_moves(&mut moves);
    assert_eq!(moves.len(), 3);
    virus(5, 4, false, false).legal_moves(&mut moves);
    assert_eq!(moves.len(), 2);
}

#[test]
fn bad_setups_and_positions_are_refused_with_a_reason() {
    assert_eq!(
        Virus::new(VirusConfig {
            size: 9,
            ..VirusConfig::default()
        }),
        Err(ConfigError::Size(9))
    );
    assert_eq!(
        Virus::new(VirusConfig {
            players: 5,
            ..VirusConfig::default()
        }),
        Err(ConfigError::Players(5))
    );
    for (text, wanted) in [
        ("", "4 or 6 fields"),
        ("c...b/...../...../...../a...d a 5 8", "number of players"),
        ("c...b/...../...../..../a...d a 4 8", "row 4 has 4 squares"),
        ("c...b/...../..x../...../a...d a 4 8", "'x' is not a square"),
        ("c...b/...../...../...../a...d a 2 8", "'c' is not a square"),
        (
            "c...b/...../...../...../a...d e 4 8",
            "not a player to move",
        ),
        ("c...b/...../...../...../a...d a 4 6", "not an adjacency"),
        ("c...b/...../...../...../a...d a 4 8x", "not an adjacency"),
        (
            "c...b/...../...../...../a...d a 4 8 x 0",
            "not a turn limit",
        ),
        ("c.../..../..../...d a 4 8", "holds no square"),
    ] {
        let e = Virus::parse_position(text).expect_err(text);
        assert!(e.message.contains(wanted), "{text}: {e}");
    }
    let start = Virus::start();
    for (text, wanted) in [
        ("f1", "not a file"),
        ("a6", "not a rank"),
        ("a1", "is not empty"),
        ("c3", "not next to one the player to move holds"),
        ("pass", "only when no empty square"),
    ] {
        let e = start.parse_move(text).expect_err(text);
        assert!(e.message.contains(wanted), "{text}: {e}");
    }
    assert_eq!(
        start.parse_move("B2").map(|m| start.format_move(m)),
        Ok("b2".into())
    );
}

#[test]
fn a_player_cut_off_from_empty_squares_passes_and_one_left_wins() {
    // b holds the top row; a holds everything else but one square, which only b can reach.
    let pos = Virus::parse_position("bbb/aa./aaa a 2 4").expect("position");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves, vec![5], "a reaches c2 from b2 (4-adjacency)");
    let pos = Virus::parse_position("bb./aab/aaa a 2 4").expect("position");
    pos.legal_moves(&mut moves);
    assert_eq!(moves, vec![PASS], "a has no empty neighbour: it passes");
    let mut after = pos;
    after.play(PASS);
    assert_eq!(after.side_to_move(), 1);
    // b infects c3 (its neighbours are b's already): nobody can move, the board is full.
    after.play(8);
    let o = after.outcome().expect("over");
    assert_eq!(o.reason, EndReason::BoardFull);
    assert_eq!(o.winner, Some(0), "{}", after.render());
    // Taking a player's last square eliminates them; the last player standing wins.
    let mut pos = Virus::parse_position("..b/.../a.. a 2 8").expect("position");
    pos.play(4); // b2 claims every occupied square around it, c3 included
    let o = pos.outcome().expect("b is out");
    assert_eq!((o.winner, o.reason), (Some(0), EndReason::NoMovesForMover));
}

#[test]
fn an_infection_converts_the_opponents_around_it_and_with_claim_empty_the_empty_squares_too() {
    let pos = Virus::parse_position("..b/.b./a.. a 2 8").expect("position");
    let mut p = pos;
    p.play(1); // b1: b2 is b's and adjacent, so it turns; the empty a2, c1, c2 stay empty
    assert_eq!(p.format_position(), "..b/.a./aa. b 2 8");
    let mut q = Virus::parse_position("..b/.b./a.. a 2 8e").expect("position");
    q.play(1);
    assert_eq!(q.format_position(), "..b/aaa/aaa b 2 8e");
}

#[test]
fn a_turn_limit_ends_the_game() {
    let pos = Virus::parse_position("c...b/...../...../...../a...d a 4 8 2 0").expect("position");
    let mut p = pos;
    let mut moves = Vec::new();
    for _ in 0..2 {
        p.legal_moves(&mut moves);
        p.play(moves[0]);
    }
    assert_eq!(p.outcome().map(|o| o.reason), Some(EndReason::MoveLimit));
    assert_eq!(Virus::parse_position(&p.format_position()), Ok(p));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games: the same moves, positions and ends as the plain model; every position's
    /// notation reads back as the same position; the squares are owned by one player at most.
    #[test]
    fn random_games_follow_the_plain_model(
        size in 3u8..=7, players in 2u8..=4, eight: bool, claim_empty: bool,
        picks in prop::collection::vec(any::<u32>(), 60),
    ) {
        let mut v = virus(size, players, eight, claim_empty);
        let mut p = Plain::new(size as usize, players, eight, claim_empty);
        let mut moves = Vec::new();
        for pick in picks {
            v.legal_moves(&mut moves);
            prop_assert_eq!(&moves, &p.moves());
            prop_assert_eq!(moves.is_empty(), v.outcome().is_some());
            prop_assert_eq!(Virus::parse_position(&v.format_position()), Ok(v));
            let all: Vec<u64> = (0..players).map(|q| v.owned(q)).collect();
            for (i, a) in all.iter().enumerate() {
                for b in &all[i + 1..] {
                    prop_assert_eq!(a & b, 0);
                }
            }
            if moves.is_empty() {
                break;
            }
            let mv = moves[pick as usize % moves.len()];
            prop_assert_eq!(v.parse_move(&v.format_move(mv)), Ok(mv));
            v.play(mv);
            p.play(mv);
            prop_assert!(p.agrees(&v), "{}", v.render());
        }
    }
}
