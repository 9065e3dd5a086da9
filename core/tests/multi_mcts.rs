//! Multi-player MCTS (max-n backups) on the Virus Game, against exact game values computed here
//! by plain full-depth search: it finds forced wins in two-player endgames and forced wins
//! for three and four players; its root rewards are a distribution; it is reproducible for a
//! seed and stops when told.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::virus::{Adjacency, SquaresEval, Virus, VirusConfig};
use ply_core::search::StopToken;
use ply_core::search::multi::mcts::{MultiMcts, VALUE_SCALE};
use ply_core::search::multi::{MultiAlgorithm, MultiConfig, MultiResult, search_multi};

fn moves(pos: &Virus) -> Vec<u8> {
    let mut m = Vec::new();
    pos.legal_moves(&mut m);
    m
}

fn after(pos: &Virus, mv: u8) -> Virus {
    let mut c = *pos;
    c.play(mv);
    c
}

/// Exact value for the player to move in a two-player game: 1 win, 0 draw, -1 loss (a pass is
/// a move, so the mover alternates). `budget` counts nodes; `None` when the tree is larger.
fn negamax(pos: &Virus, budget: &mut u32) -> Option<i32> {
    *budget = budget.checked_sub(1)?;
    if let Some(o) = pos.outcome() {
        return Some(o.sign_for(pos.side_to_move()));
    }
    let me = pos.side_to_move();
    let mut best = -1;
    for mv in moves(pos) {
        let child = after(pos, mv);
        let v = negamax(&child, budget)?;
        best = best.max(if child.side_to_move() == me { v } else { -v });
    }
    Some(best)
}

/// A small deterministic generator for the random games (the tests' own, not the engine's).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn start(size: u8, players: u8, adjacency: Adjacency) -> Virus {
    Virus::new(VirusConfig {
        size,
        players,
        adjacency,
        claim_empty: false,
        turn_limit: 0,
    })
    .expect("a valid setup")
}

/// Every position of a random game from `start` that is not over.
fn random_game(start: Virus, rng: &mut Lcg) -> Vec<Virus> {
    let mut out = Vec::new();
    let mut pos = start;
    while pos.outcome().is_none() {
        out.push(pos);
        let m = moves(&pos);
        pos = after(&pos, m[rng.below(m.len())]);
    }
    out
}

fn mcts(pos: &Virus, playouts: u64, seed: u64) -> MultiResult<u8> {
    let config = MultiConfig {
        mcts: MultiMcts {
            playouts,
            seed,
            ..MultiMcts::default()
        },
        ..MultiConfig::new(MultiAlgorithm::Mcts, 0)
    };
    search_multi(pos, &SquaresEval, &config, &StopToken::new())
}

#[test]
fn finds_forced_wins_in_two_player_endgames() {
    let mut rng = Lcg(7);
    let mut checked = 0;
    for game in 0..200 {
        let adjacency = if game % 2 == 0 {
            Adjacency::Four
        } else {
            Adjacency::Eight
        };
        for pos in random_game(start(4, 2, adjacency), &mut rng) {
            let me = pos.side_to_move();
            let mut budget = 20_000;
            let Some(1) = negamax(&pos, &mut budget) else {
                continue;
            };
            // Only positions where the choice matters: some move does not win.
            let wins: Vec<u8> = moves(&pos)
                .into_iter()
                .filter(|&mv| {
                    let child = after(&pos, mv);
                    let mut b = 20_000;
                    let v = negamax(&child, &mut b).expect("inside the parent's budget");
                    (if child.side_to_move() == me { v } else { -v }) == 1
                })
                .collect();
            if wins.len() == moves(&pos).len() {
                continue;
            }
            let r = mcts(&pos, 20_000, 3);
            let best = r.best_move.expect("a move");
            assert!(
                wins.contains(&best),
                "{}: MCTS played {best}, the winning moves are {wins:?}",
                pos.format_position()
            );
            checked += 1;
        }
        if checked >= 12 {
            break;
        }
    }
    assert!(checked >= 12, "only {checked} positions with a forced win");
}

/// Whether `me` wins whatever the others do (he choosing his moves well); `None` when the tree
/// is larger than `budget` nodes.
fn forced_win(pos: &Virus, me: u8, budget: &mut u32) -> Option<bool> {
    *budget = budget.checked_sub(1)?;
    if let Some(o) = pos.outcome() {
        return Some(o.winner == Some(me));
    }
    let mine = pos.side_to_move() == me;
    for mv in moves(pos) {
        let w = forced_win(&after(pos, mv), me, budget)?;
        if w == mine {
            return Some(w);
        }
    }
    Some(!mine)
}

#[test]
fn takes_a_forced_win_with_three_and_four_players() {
    let mut rng = Lcg(11);
    let mut checked = 0;
    for game in 0..400 {
        let players = 3 + (game % 2) as u8;
        for pos in random_game(start(4, players, Adjacency::Four), &mut rng) {
            let me = pos.side_to_move();
            let all = moves(&pos);
            let mut budget = 50_000;
            let forcing: Option<Vec<u8>> = all
                .iter()
                .map(|&mv| Some((mv, forced_win(&after(&pos, mv), me, &mut budget)?)))
                .filter_map(|r| match r {
                    Some((mv, true)) => Some(Some(mv)),
                    Some((_, false)) => None,
                    None => Some(None),
                })
                .collect();
            let Some(forcing) = forcing else { continue };
            if forcing.is_empty() || forcing.len() == all.len() {
                continue;
            }
            let best = mcts(&pos, 5_000, 5).best_move.expect("a move");
            assert!(
                forcing.contains(&best),
                "{}: played {best}, the forced wins are {forcing:?}",
                pos.format_position()
            );
            checked += 1;
        }
        if checked >= 12 {
            break;
        }
    }
    assert!(checked >= 12, "only {checked} positions with a forced win");
}

#[test]
fn root_rewards_are_a_distribution_and_the_search_is_reproducible() {
    let mut rng = Lcg(13);
    for players in 2..=4u8 {
        let game = random_game(start(5, players, Adjacency::Four), &mut rng);
        let pos = game[game.len() / 3];
        let a = mcts(&pos, 3_000, 9);
        let b = mcts(&pos, 3_000, 9);
        assert_eq!(
            a,
            MultiResult {
                time_ms: a.time_ms,
                ..b
            }
        );
        assert!(a.completed);
        let sum: i32 = a.values.iter().sum();
        assert!(
            (sum - VALUE_SCALE as i32).abs() <= players as i32,
            "{:?} sums to {sum}",
            a.values
        );
        for p in 0..players {
            if !pos.is_active(p) {
                assert_eq!(a.values[p as usize], 0, "player {p} is out");
            }
        }
        assert_eq!(a.value, a.values[pos.side_to_move() as usize]);
    }
}

#[test]
fn a_finished_game_has_no_move_and_its_result_as_values() {
    let mut rng = Lcg(17);
    let mut pos = start(4, 3, Adjacency::Eight);
    while pos.outcome().is_none() {
        let m = moves(&pos);
        pos = after(&pos, m[rng.below(m.len())]);
    }
    let r = mcts(&pos, 100, 1);
    assert_eq!(r.best_move, None);
    let o = pos.outcome().expect("over");
    match o.winner {
        Some(w) => assert_eq!(r.values[w as usize], VALUE_SCALE as i32),
        None => assert_eq!(r.values.iter().sum::<i32>(), VALUE_SCALE as i32),
    }
}

#[test]
fn a_stopped_search_says_so() {
    let pos = start(6, 4, Adjacency::Four);
    let stop = StopToken::new();
    stop.stop();
    let config = MultiConfig {
        mcts: MultiMcts {
            playouts: 1_000_000,
            ..MultiMcts::default()
        },
        ..MultiConfig::new(MultiAlgorithm::Mcts, 0)
    };
    let r = search_multi(&pos, &SquaresEval, &config, &stop);
    assert!(!r.completed);
}
