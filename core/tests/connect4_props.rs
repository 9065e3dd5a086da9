//! Property tests of the Connect Four rules against a plain grid referee.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use proptest::prelude::*;

/// Plays the `choices` (each picks among the legal moves, modulo their number) to the end or until
/// the choices run out; returns the positions along the way and the columns played.
fn playout(choices: &[u8]) -> (Vec<ConnectFour>, Vec<u8>) {
    let mut pos = ConnectFour::start();
    let mut seen = vec![pos];
    let mut cols = Vec::new();
    let mut moves = Vec::new();
    for &c in choices {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[c as usize % moves.len()];
        pos.play(mv);
        cols.push(mv);
        seen.push(pos);
    }
    (seen, cols)
}

/// Column stacks as the referee sees them: for each column, the owners bottom up.
fn stacks(cols: &[u8]) -> Vec<Vec<u8>> {
    let mut s = vec![Vec::new(); 7];
    for (i, &c) in cols.iter().enumerate() {
        s[c as usize].push((i % 2) as u8);
    }
    s
}

fn referee_has_four(stacks: &[Vec<u8>], player: u8) -> bool {
    let at = |c: i32, r: i32| -> bool {
        (0..7).contains(&c)
            && (0..6).contains(&r)
            && stacks[c as usize].get(r as usize) == Some(&player)
    };
    (0..7).any(|c| {
        (0..6).any(|r| {
            [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&(dc, dr)| (0..4).all(|k| at(c + k * dc, r + k * dr)))
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_playouts_end_with_the_referees_outcome(choices in proptest::collection::vec(any::<u8>(), 42)) {
        let (seen, cols) = playout(&choices);
        let last = *seen.last().unwrap();
        let outcome = last.outcome();
        prop_assert!(outcome.is_some(), "42 choices always finish a game");
        for (i, pos) in seen.iter().enumerate() {
            let st = stacks(&cols[..i]);
            let x4 = referee_has_four(&st, 0);
            let o4 = referee_has_four(&st, 1);
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            prop_assert_eq!(moves.is_empty(), pos.outcome().is_some());
            prop_assert_eq!(pos.count_moves(), moves.len() as u64);
            match pos.outcome() {
                Some(o) => match o.winner {
                    Some(w) => {
                        prop_assert_eq!(i, seen.len() - 1);
                        prop_assert_eq!(w as usize, (i + 1) % 2, "the last mover wins");
                        let expected = if w == 0 { x4 && !o4 } else { o4 && !x4 };
                        prop_assert!(expected);
                    }
                    None => {
                        prop_assert_eq!(i, 42);
                        prop_assert!(!x4 && !o4);
                    }
                },
                None => prop_assert!(!x4 && !o4 && i < 42),
            }
            for c in 0..7u8 {
                prop_assert_eq!(pos.is_legal(c), moves.contains(&c));
                if pos.is_legal(c) {
                    let mut child = *pos;
                    child.play(c);
                    prop_assert_eq!(pos.is_winning_move(c), child.outcome().is_some_and(|o| o.winner.is_some()));
                }
            }
        }
    }

    #[test]
    fn notation_round_trips(choices in proptest::collection::vec(any::<u8>(), 0..42)) {
        let (seen, _) = playout(&choices);
        for pos in seen {
            let text = pos.format_position();
            let back = ConnectFour::parse_position(&text).unwrap();
            prop_assert_eq!(back, pos);
            prop_assert_eq!(back.format_position(), text);
            prop_assert_eq!(back.hash(), pos.hash());
        }
    }

    #[test]
    fn hash_and_equality_follow_the_board_not_the_move_order(
        a in proptest::collection::vec(any::<u8>(), 0..20),
        swap in any::<prop::sample::Index>(),
    ) {
        let (seen, cols) = playout(&a);
        let pos = *seen.last().unwrap();
        if cols.len() >= 3 {
            // Swap two moves of the same player; replay; compare with the referee's stacks.
            let i = swap.index(cols.len() - 2);
            let mut other = cols.clone();
            other.swap(i, i + 2);
            let digits: String = other.iter().map(|&c| char::from(b'1' + c)).collect();
            if let Ok(q) = ConnectFour::parse_position(&digits) {
                let same_board = stacks(&cols) == stacks(&other);
                prop_assert_eq!(q == pos, same_board);
                prop_assert_eq!(q.key() == pos.key(), same_board);
                if same_board {
                    prop_assert_eq!(q.hash(), pos.hash());
                }
            }
        }
        // Children of one position hash apart (the key is unique, the mix is a bijection).
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let hashes: std::collections::HashSet<u64> = moves.iter().map(|&m| { let mut c = pos; c.play(m); c.hash() }).collect();
        prop_assert_eq!(hashes.len(), moves.len());
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,60}", digits in "[0-9]{0,50}") {
        for t in [&text, &digits] {
            match ConnectFour::parse_position(t) {
                Ok(pos) => prop_assert_eq!(&pos.format_position(), t),
                Err(e) => {
                    prop_assert!(e.at < t.len() && t.is_char_boundary(e.at));
                    prop_assert!(!e.message.is_empty());
                }
            }
            let start = ConnectFour::start();
            if let Err(e) = start.parse_move(t) {
                prop_assert!(e.at <= t.len());
            }
        }
    }
}
