//! Chinese Checkers move generation and game end against the plain referee in
//! `chinese_checkers_referee` (a second implementation built from the row lengths), from the
//! starts for every number of players and along random games under every rule option. No
//! published perft exists for the game; the referee is the independent truth.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod chinese_checkers_referee;

use chinese_checkers_referee::Referee;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig, GoalRule};
use ply_core::{Game, perft};
use std::collections::BTreeSet;

fn game(players: u8, goal_rule: GoalRule, goal_lock: bool, turn_limit: u16) -> ChineseCheckers {
    let config = ChineseCheckersConfig {
        players,
        goal_rule,
        goal_lock,
        turn_limit,
    };
    match ChineseCheckers::new(config) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

/// perft of the starts, depths 0..=3, as the referee counts them.
const STARTS: [(u8, [u64; 4]); 4] = [
    (2, [1, 14, 196, 4_760]),
    (3, [1, 14, 196, 2_744]),
    (4, [1, 14, 199, 2_786]),
    (6, [1, 14, 199, 2_828]),
];

#[test]
fn the_starts_are_the_corners_of_the_definition() {
    for players in [2, 3, 4, 6] {
        let pos = game(players, GoalRule::Filled, false, 0);
        assert_eq!(
            Referee::from_text(&pos.format_position()),
            Referee::start(usize::from(players)),
            "{players} players"
        );
    }
    assert_eq!(
        ChineseCheckers::start(),
        game(4, GoalRule::Filled, false, 0)
    );
}

#[test]
fn perft_of_the_starts_matches_the_referee() {
    for (players, counts) in STARTS {
        let pos = game(players, GoalRule::Filled, false, 0);
        let referee = Referee::start(usize::from(players));
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32;
            let n = perft(&pos, depth);
            assert_eq!(n, referee.perft(depth), "{players} players, depth {depth}");
            assert_eq!(n, expected, "{players} players, depth {depth}");
        }
    }
}

fn texts(pos: &ChineseCheckers) -> BTreeSet<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let set: BTreeSet<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    assert_eq!(set.len(), moves.len(), "a destination listed twice");
    set
}

/// Random games under every rule set, compared ply by ply: the move sets, the end, the text
/// round trip, and perft 2 now and then. The games are steered towards the targets (a random
/// move is mostly taken among the forward ones) so that corners fill, lock and finish.
#[test]
fn random_games_agree_with_the_referee_move_by_move() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut ends = BTreeSet::new();
    for g in 0..32u64 {
        let players = [2, 3, 4, 6][(g % 4) as usize];
        let rule = if g % 3 == 2 {
            GoalRule::OwnPieces
        } else {
            GoalRule::Filled
        };
        let lock = g % 2 == 1;
        let limit = if g % 5 == 4 { 60 + (g as u16) } else { 0 };
        let mut pos = game(players, rule, lock, limit);
        let mut moves = Vec::new();
        for ply in 0..1500 {
            let text = pos.format_position();
            let referee = Referee::from_text(&text);
            assert_eq!(ChineseCheckers::parse_position(&text), Ok(pos), "{text}");
            let expected: BTreeSet<String> = referee
                .moves()
                .into_iter()
                .map(Referee::move_text)
                .collect();
            assert_eq!(texts(&pos), expected, "game {g} ply {ply}: {text}");
            let end = pos.outcome();
            let referee_end = referee.outcome();
            assert_eq!(
                end.map(|o| o.winner.map(usize::from)),
                referee_end,
                "game {g} ply {ply}: {text}"
            );
            if ply % 37 == 5 {
                assert_eq!(perft(&pos, 2), referee.perft(2), "{text}");
            }
            if let Some(o) = end {
                ends.insert(format!("{:?}", o.reason));
                break;
            }
            pos.legal_moves(&mut moves);
            let forward: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| pos.static_order(m) > 0)
                .collect();
            let pool = if !forward.is_empty() && next() % 8 != 0 {
                &forward
            } else {
                &moves
            };
            let mv = pool[(next() % pool.len() as u64) as usize];
            pos.play(mv);
        }
    }
    // The games reached the ends the rules have.
    assert!(ends.contains("BoardFull"), "{ends:?}");
    assert!(ends.contains("MoveLimit"), "{ends:?}");
}
