//! Focus rules on hand-made positions, and the notation's errors.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::games::focus::Focus;
use ply_core::{EndReason, Game};

/// Position text with the given stacks (square, pieces bottom first) and options.
fn text(stacks: &[(&str, &str)], rest: &str) -> String {
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank: u8| {
            let files: &[u8] = match rank {
                0 | 7 => b"cdef",
                1 | 6 => b"bcdefg",
                _ => b"abcdefgh",
            };
            files
                .iter()
                .map(|&f| {
                    let name = format!("{}{}", f as char, rank + 1);
                    stacks
                        .iter()
                        .find(|(sq, _)| *sq == name)
                        .map_or(".".to_string(), |(_, p)| p.to_string())
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

fn pos(stacks: &[(&str, &str)], rest: &str) -> Focus {
    let t = text(stacks, rest);
    match Focus::parse_position(&t) {
        Ok(p) => p,
        Err(e) => panic!("{t}: {e}"),
    }
}

fn play(p: &mut Focus, mv: &str) {
    match p.parse_move(mv) {
        Ok(m) => p.play(m),
        Err(e) => panic!("{mv}: {e}"),
    }
}

#[test]
fn a_split_moves_as_many_squares_as_pieces() {
    let mut p = pos(&[("c3", "2211"), ("f6", "2")], "1");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    // Four pieces: 1 to 4 squares in each direction where the board goes on.
    let names: Vec<String> = moves.iter().map(|&m| p.format_move(m)).collect();
    assert!(names.contains(&"c3-c7".to_string()) && names.contains(&"c3-a3".to_string()));
    assert!(
        !names.contains(&"c3-c8".to_string()),
        "five squares needs five pieces"
    );
    play(&mut p, "c3-c5");
    assert_eq!(
        p.stack(2 * 8 + 2).top(),
        Some(1),
        "player 2 now controls c3"
    );
    assert_eq!(p.stack(4 * 8 + 2).height(), 2);
    assert_eq!(p.side_to_move(), 1);
}

#[test]
fn tall_stacks_lose_pieces_from_the_bottom_to_reserve_or_capture() {
    // c5 holds 1 2 2 2 (player 2 on top); player 1 moves two pieces onto it: six pieces, the
    // bottom one (player 1's own) goes to his reserve.
    let mut p = pos(&[("c3", "22211"), ("c5", "1222"), ("f6", "2")], "1");
    play(&mut p, "c3-c5");
    assert_eq!((p.reserve(0), p.captured(0)), (1, 0));
    assert_eq!(p.stack(4 * 8 + 2).height(), 5);
    // Onto 2 1 2 2 the bottom piece pushed out is player 2's: captured by player 1.
    let mut q = pos(&[("c3", "11"), ("c5", "2122"), ("f6", "2")], "1");
    play(&mut q, "c3-c5");
    assert_eq!(
        (q.reserve(0), q.captured(0)),
        (0, 1),
        "the bottom 2 is captured"
    );
}

#[test]
fn reserve_pieces_go_anywhere_and_the_last_player_able_to_move_wins() {
    let mut p = pos(&[("d4", "2")], "1 reserve=1,0");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 52);
    play(&mut p, "+d4");
    let o = p
        .outcome()
        .expect("player 2 controls nothing and has no reserve");
    assert_eq!((o.winner, o.reason), (Some(0), EndReason::NoMovesForMover));
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn a_player_who_cannot_move_is_skipped() {
    // Three players; player 2 has nothing: after player 1, player 3 moves.
    let mut p = pos(&[("c3", "1"), ("f6", "3")], "1 players=3");
    play(&mut p, "c3-c4");
    assert_eq!(p.side_to_move(), 2);
}

#[test]
fn bad_text_names_the_problem() {
    let good = text(&[("c3", "1"), ("f6", "2")], "1");
    let cases = [
        (String::new(), "empty position"),
        ("././. 1".to_string(), "3 ranks"),
        (
            good.replacen(".,.,.,./", ".,.,./", 1),
            "rank 8 has 3 squares",
        ),
        (good.replace(" 1", " 7"), "not a player to move"),
        (good.replace(" 1", ""), "missing the player"),
        (text(&[("c3", "111111")], "1"), "not a stack"),
        (text(&[("c3", "15")], "1"), "not a player number"),
        (format!("{good} colour=red"), "unknown option colour"),
        (format!("{good} reserve=x"), "not a piece count"),
        (format!("{good} players=2 players=2"), "given twice"),
        (
            text(&[("c3", "3")], "1 players=2"),
            "only 2 players are seated",
        ),
        (
            text(&[("c3", "1"), ("f6", "2")], "1 players=2 reserve=0,0,4"),
            "player 3 has reserve",
        ),
        (
            text(&[("c3", "1"), ("f6", "2")], "3 players=3"),
            "controls no stack",
        ),
    ];
    for (t, needle) in cases {
        match Focus::parse_position(&t) {
            Ok(p) => panic!("{t:?} parsed as {}", p.format_position()),
            Err(e) => assert!(e.message.contains(needle), "{t:?}: {e}"),
        }
    }
    let p = pos(&[("c3", "21"), ("f6", "2")], "1");
    for (mv, needle) in [
        ("", "empty move"),
        ("c3", "not a move"),
        ("c3-d4", "not a straight"),
        ("c3-c6", "needs 3 pieces"),
        ("f6-f5", "controlled by player 2"),
        ("d4-d5", "no stack"),
        ("+d4", "no piece in reserve"),
        ("a1-a2", "not on the board"),
        ("z3-c4", "not a square"),
    ] {
        match p.parse_move(mv) {
            Ok(m) => panic!("{mv:?} parsed as {m:?}"),
            Err(e) => assert!(e.message.contains(needle), "{mv:?}: {e}"),
        }
    }
}
