//! Othello rules edge cases: start, flips in every direction and along every edge, no wrap
//! between the h and a files, forced pass, game end with empties to the winner, notation errors,
//! and the FFO files' move lists (which list exactly the legal moves).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::games::othello::{Othello, OthelloMove, parse_obf};
use ply_core::{EndReason, Game};

fn sq(name: &str) -> usize {
    OthelloMove::parse(name, 0).unwrap().to_square().unwrap()
}

fn bits(names: &str) -> u64 {
    names.split_whitespace().fold(0, |b, n| b | 1u64 << sq(n))
}

fn moves_of(pos: &Othello) -> Vec<String> {
    let mut buf = Vec::new();
    pos.legal_moves(&mut buf);
    buf.iter().map(|m| pos.format_move(*m)).collect()
}

fn play(pos: &Othello, text: &str) -> Othello {
    let mv = pos.parse_move(text).unwrap();
    let mut next = *pos;
    next.play(mv);
    next
}

#[test]
fn start_position_and_first_moves() {
    let start = Othello::start();
    assert_eq!(
        start.format_position(),
        format!("{}OX------XO{} X", "-".repeat(27), "-".repeat(27))
    );
    assert_eq!(start.black(), bits("d5 e4"));
    assert_eq!(start.white(), bits("d4 e5"));
    assert_eq!(start.side_to_move(), 0);
    assert_eq!(moves_of(&start), ["d3", "c4", "f5", "e6"]);
    let after = play(&start, "F5");
    assert_eq!(after.black(), bits("d5 e4 e5 f5"));
    assert_eq!(after.white(), bits("d4"));
    assert_eq!(after.side_to_move(), 1);
    assert_eq!(moves_of(&after), ["f4", "d6", "f6"]);
}

/// A move on d4 with a white run ending in a black disc in each of the eight directions flips
/// exactly the eight runs, and nothing else.
#[test]
fn flips_in_all_eight_directions() {
    let white = bits("c3 d3 e3 c4 e4 c5 d5 e5 b2 d2 f2 b4 f4 b6 d6 f6");
    let black = bits("a1 d1 g1 a4 g4 a7 d7 g7");
    let pos = Othello::from_colors(black, white, 0);
    assert_eq!(pos.flips_for(sq("d4")), white);
    let after = play(&pos, "d4");
    assert_eq!(after.white(), 0);
    assert_eq!(after.black(), black | white | bits("d4"));
}

/// Runs of 1..6 discs along each of the four edges, in both directions, flip completely.
#[test]
fn flips_along_every_edge_in_both_directions() {
    let edges: [[&str; 8]; 4] = [
        ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"],
        ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"],
        ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"],
        ["h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"],
    ];
    for edge in edges {
        for reversed in [false, true] {
            let line: Vec<&str> = if reversed {
                edge.iter().rev().copied().collect()
            } else {
                edge.to_vec()
            };
            for run in 1..=6 {
                let black = bits(line[0]);
                let white = line[1..=run].iter().fold(0, |b, n| b | bits(n));
                let target = line[run + 1];
                let pos = Othello::from_colors(black, white, 0);
                assert_eq!(pos.flips_for(sq(target)), white, "{line:?} run {run}");
                let after = play(&pos, target);
                assert_eq!(after.white(), 0);
                assert_eq!(after.outcome().map(|o| o.margin), Some(64));
            }
        }
    }
}

/// Square pairs adjacent in bit order but not on the board (h1 = bit 7, a2 = bit 8, ...): a
/// shift that wrapped rows would let the target square flip "through" the edge.
#[test]
fn no_wrap_around_between_the_h_and_a_files() {
    let cases = [
        ("h1", "a2", "b2"),                   // west from b2 would wrap to h1
        ("a2", "h1", "g1"),                   // east from g1 would wrap to a2
        ("h2", "a4", "b5"),                   // south-west from b5 would wrap via a4 to h2
        ("a5", "h3", "g2"),                   // north-east from g2 would wrap via h3 to a5
        ("a2", "b1 c1 d1 e1 f1 g1 h1", "a1"), // east from a1 along rank 1, wrapping to a2
        ("h7", "g8 f8 e8 d8 c8 b8 a8", "h8"), // west from h8 along rank 8, wrapping to h7
    ];
    for (black, white, target) in cases {
        let pos = Othello::from_colors(bits(black), bits(white), 0);
        assert_eq!(
            pos.move_mask(),
            0,
            "{black} / {white}: {:?}",
            moves_of(&pos)
        );
        assert_eq!(pos.flips_for(sq(target)), 0);
        assert!(pos.parse_move(target).is_err());
    }
}

#[test]
fn forced_pass_is_the_only_move_and_keeps_the_discs() {
    // White to move: a1 black, b1 white; white cannot move, black can (c1).
    let pos = Othello::from_colors(bits("a1"), bits("b1"), 1);
    let mut buf = Vec::new();
    pos.legal_moves(&mut buf);
    assert_eq!(buf, vec![OthelloMove::PASS]);
    assert_eq!(pos.count_moves(), 1);
    assert!(pos.outcome().is_none());
    assert!(pos.is_legal(OthelloMove::PASS));
    let after = play(&pos, "pass");
    assert_eq!(
        (after.black(), after.white(), after.side_to_move()),
        (bits("a1"), bits("b1"), 0)
    );
    assert_eq!(moves_of(&after), ["c1"]);
    // Passing is illegal when a move exists, and moving is illegal when the pass is forced.
    let err = after.parse_move("pass").unwrap_err();
    assert!(err.message.contains("may not pass"), "{err}");
    let err = pos.parse_move("c1").unwrap_err();
    assert!(err.message.contains("must pass"), "{err}");
}

#[test]
fn game_ends_when_neither_side_can_move_and_empties_go_to_the_winner() {
    // Both blocked with 61 empties: black 2, white 1 -> black wins 2 + 61 - 1 = 62.
    let pos = Othello::from_colors(bits("a1 b1"), bits("h8"), 1);
    let outcome = pos.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.margin), (Some(0), 62));
    assert_eq!(outcome.reason, EndReason::NoMovesForEither);
    assert_eq!(pos.count_moves(), 0);
    assert!(!pos.is_legal(OthelloMove::PASS));
    assert_eq!(pos.final_score(), -62);
    // Equal discs with empties: a draw, margin 0.
    let outcome = Othello::from_colors(bits("a1"), bits("h8"), 0)
        .outcome()
        .unwrap();
    assert_eq!((outcome.winner, outcome.margin), (None, 0));
    // A full board 33-31 for white: margin 2.
    let white = (0..33).fold(0u64, |b, i| b | 1 << i);
    let outcome = Othello::from_colors(!white, white, 0).outcome().unwrap();
    assert_eq!((outcome.winner, outcome.margin), (Some(1), 2));
    // The double pass after a move: c1 wipes white out.
    let end = play(&Othello::from_colors(bits("a1"), bits("b1"), 0), "c1");
    let outcome = end.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.margin), (Some(0), 64));
    assert!(moves_of(&end).is_empty());
}

#[test]
fn transcripts_replay_from_the_start() {
    let pos = Othello::parse_position("f5d6C3 d3").unwrap();
    let mut by_hand = Othello::start();
    for m in ["f5", "d6", "c3", "d3"] {
        by_hand = play(&by_hand, m);
    }
    assert_eq!(pos, by_hand);
    assert_eq!(Othello::parse_position("").unwrap(), Othello::start());
    let err = Othello::parse_position("f5d6c3e9").unwrap_err();
    assert_eq!(err.at, 7, "{err}");
    let err = Othello::parse_position("f5 d6 a1").unwrap_err();
    assert_eq!(err.at, 6, "{err}");
    assert!(err.message.contains("illegal move a1 for black"), "{err}");
    let err = Othello::parse_position("f5f5").unwrap_err();
    assert_eq!(err.at, 2, "{err}");
}

/// Finds, by depth-first search from the start, the first line of play reaching a position where
/// `found` holds; returns the moves.
fn find_line(depth: u32, found: &dyn Fn(&Othello) -> bool) -> Option<Vec<OthelloMove>> {
    fn go(
        pos: &Othello,
        depth: u32,
        found: &dyn Fn(&Othello) -> bool,
        line: &mut Vec<OthelloMove>,
    ) -> bool {
        if found(pos) {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let mut buf = Vec::new();
        pos.legal_moves(&mut buf);
        for mv in buf {
            let mut child = *pos;
            child.play(mv);
            line.push(mv);
            if go(&child, depth - 1, found, line) {
                return true;
            }
            line.pop();
        }
        false
    }
    let mut line = Vec::new();
    go(&Othello::start(), depth, found, &mut line).then_some(line)
}

#[test]
fn shortest_game_is_a_nine_ply_wipe_out_with_margin_64() {
    let line = find_line(9, &|p| p.outcome().is_some()).expect("a game ends within 9 plies");
    assert_eq!(line.len(), 9, "no game ends before ply 9");
    let text: String = line.iter().map(|m| m.to_string()).collect();
    let end = Othello::parse_position(&text).unwrap();
    let outcome = end.outcome().unwrap();
    assert_eq!(outcome.margin, 64, "{text}");
    assert_eq!(end.black().count_ones() + end.white().count_ones(), 13);
}

#[test]
fn transcripts_insert_forced_passes() {
    let needs_pass = |p: &Othello| p.move_mask() == 0 && p.outcome().is_none();
    let line = find_line(12, &needs_pass).expect("a forced pass within 12 plies");
    let mut pos = Othello::start();
    for &mv in &line {
        pos.play(mv);
    }
    pos.play(OthelloMove::PASS);
    let mut buf = Vec::new();
    pos.legal_moves(&mut buf);
    let next = buf[0];
    let mut after = pos;
    after.play(next);
    let implicit: String = line.iter().chain([&next]).map(|m| m.to_string()).collect();
    assert_eq!(
        Othello::parse_position(&implicit).unwrap(),
        after,
        "{implicit}"
    );
    let explicit: String = line
        .iter()
        .map(|m| m.to_string())
        .chain(["pass".into(), next.to_string()])
        .collect();
    assert_eq!(
        Othello::parse_position(&explicit).unwrap(),
        after,
        "{explicit}"
    );
}

#[test]
fn position_strings_round_trip_and_report_errors() {
    let text = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let pos = Othello::parse_position(text).unwrap();
    assert_eq!(pos.format_position(), text);
    let edax = text.replace('O', "o").replace('X', "*").replace('-', ".");
    assert_eq!(Othello::parse_position(&edax).unwrap(), pos);
    let white_to_move = Othello::parse_position(&text.replace(" X", "\tO")).unwrap();
    assert_eq!(white_to_move.side_to_move(), 1);
    assert_eq!(white_to_move.black(), pos.black());

    let bad_square = format!("{}Z{}", &text[..10], &text[11..]);
    let err = Othello::parse_position(&bad_square).unwrap_err();
    assert!(err.at <= 10, "{err}");
    let err = Othello::parse_position(&text[..64]).unwrap_err();
    assert_eq!(err.at, 64);
    assert!(err.message.contains("missing side"), "{err}");
    let err = Othello::parse_position(&text.replace(" X", " Q")).unwrap_err();
    assert_eq!(err.at, 65);
    let err = Othello::parse_position(&format!("{text} junk")).unwrap_err();
    assert_eq!(err.at, 67);
    let err = Othello::parse_position("XX--").unwrap_err();
    assert_eq!(err.at, 4);
    assert!(err.message.contains("ends after 4 squares"), "{err}");
    let render = pos.render();
    assert!(render.contains("  a b c d e f g h"));
    assert!(render.lines().count() >= 10);
}

#[test]
fn illegal_move_texts_are_rejected_with_reasons() {
    let start = Othello::start();
    for (text, at, why) in [
        ("z9", 0, "file letter"),
        ("d9", 1, "rank digit"),
        ("d4", 0, "occupied"),
        ("a1", 0, "flips no disc"),
        ("pass", 0, "may not pass"),
        ("", 0, "empty"),
        ("  c4x", 4, "after the square"),
    ] {
        let err = start.parse_move(text).unwrap_err();
        assert_eq!(err.at, at, "{text}: {err}");
        assert!(err.message.contains(why), "{text}: {err}");
    }
}

#[test]
fn every_obf_line_lists_exactly_the_legal_moves() {
    let files = [
        include_str!("../../tests/data/othello/fforum-1-19.obf"),
        include_str!("../../tests/data/othello/fforum-20-39.obf"),
        include_str!("../../tests/data/othello/fforum-40-59.obf"),
        include_str!("../../tests/data/othello/fforum-60-79.obf"),
    ];
    let mut lines = 0;
    for line in files
        .iter()
        .flat_map(|f| f.lines())
        .filter(|l| !l.trim().is_empty())
    {
        let entry = parse_obf(line).unwrap();
        let mut listed: Vec<OthelloMove> =
            entry.moves_with_scores.iter().map(|&(m, _)| m).collect();
        listed.sort();
        let mut legal = Vec::new();
        entry.position.legal_moves(&mut legal);
        legal.sort();
        assert_eq!(listed, legal, "{line}");
        lines += 1;
    }
    assert_eq!(lines, 79);
}
