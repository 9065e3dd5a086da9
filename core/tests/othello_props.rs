//! Property tests for Othello: random playouts, hashing, text round trips, and parsers that never
//! panic on arbitrary input.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::othello::{Othello, OthelloMove, parse_obf};
use proptest::prelude::*;

/// Plays a random game chosen by `choices`; returns every position visited.
fn playout(choices: &[u8]) -> Vec<Othello> {
    let mut pos = Othello::start();
    let mut seen = vec![pos];
    let mut buf = Vec::new();
    let mut i = 0;
    loop {
        pos.legal_moves(&mut buf);
        if buf.is_empty() {
            break;
        }
        let pick = choices.get(i % choices.len().max(1)).copied().unwrap_or(0) as usize;
        pos.play(buf[(pick + i) % buf.len()]);
        seen.push(pos);
        i += 1;
        assert!(
            i <= 130,
            "a game cannot last more than 60 moves plus passes"
        );
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_playouts_end_legally(choices in prop::collection::vec(any::<u8>(), 1..80)) {
        let line = playout(&choices);
        for pos in &line {
            let mut buf = Vec::new();
            pos.legal_moves(&mut buf);
            prop_assert_eq!(buf.is_empty(), pos.outcome().is_some());
            prop_assert_eq!(buf.len() as u64, pos.count_moves());
            prop_assert_eq!(pos.black() & pos.white(), 0);
            // A pass is only ever the sole move.
            prop_assert!(!buf.contains(&OthelloMove::PASS) || buf.len() == 1);
        }
        let end = line.last().unwrap();
        let outcome = end.outcome().unwrap();
        let (b, w) = (end.black().count_ones() as i32, end.white().count_ones() as i32);
        let empties = 64 - b - w;
        match outcome.winner {
            None => prop_assert_eq!(b, w),
            Some(0) => prop_assert_eq!(outcome.margin, b - w + empties),
            Some(_) => prop_assert_eq!(outcome.margin, w - b + empties),
        }
    }

    #[test]
    fn equal_positions_hash_equal_and_text_round_trips(choices in prop::collection::vec(any::<u8>(), 1..80)) {
        let first = playout(&choices);
        let second = playout(&choices);
        for (a, b) in first.iter().zip(&second) {
            prop_assert_eq!(a.hash(), b.hash());
            let text = a.format_position();
            let back = Othello::parse_position(&text).unwrap();
            prop_assert_eq!(back, *a);
            prop_assert_eq!(back.hash(), a.hash());
            // The same discs with the other side to move is another position.
            let other = Othello::from_colors(a.black(), a.white(), a.side_to_move() ^ 1);
            prop_assert_ne!(other.hash(), a.hash());
        }
        // Transcript of the game (passes written out) gives the same final position.
        let mut transcript = String::new();
        for pair in first.windows(2) {
            let mut buf = Vec::new();
            pair[0].legal_moves(&mut buf);
            let mv = buf.iter().copied().find(|&m| { let mut c = pair[0]; c.play(m); c == pair[1] }).unwrap();
            transcript.push_str(&mv.to_string());
        }
        prop_assert_eq!(Othello::parse_position(&transcript).unwrap(), *first.last().unwrap());
    }

    #[test]
    fn parsers_never_panic(text in ".{0,120}") {
        let _ = Othello::parse_position(&text);
        let _ = parse_obf(&text);
        let _ = Othello::start().parse_move(&text);
        let _ = OthelloMove::parse(&text, 0);
    }

    #[test]
    fn parsers_never_panic_on_near_misses(
        board in "[XO.xo*bw\\-]{60,66}",
        tail in "[ \tXOxoQ;:+\\-0-9A-Ha-h]{0,30}",
        transcript in "([a-hA-H][1-9]|pass|--| ){0,40}",
    ) {
        let text = format!("{board}{tail}");
        match Othello::parse_position(&text) {
            Ok(pos) => prop_assert_eq!(Othello::parse_position(&pos.format_position()).unwrap(), pos),
            Err(err) => prop_assert!(err.at <= text.len(), "{err}"),
        }
        if let Err(err) = parse_obf(&text) {
            prop_assert!(err.at <= text.len());
        }
        if let Err(err) = Othello::parse_position(&transcript) {
            prop_assert!(err.at <= transcript.len() && !err.message.is_empty());
        }
    }
}
