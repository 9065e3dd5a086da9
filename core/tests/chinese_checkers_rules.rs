//! Chinese Checkers rules on hand-built positions: the blocked-target rule, a win completed by
//! another player's move, the goal lock, a pass, the turn limit, and the notation's errors.

use ply_core::game::EndReason;
use ply_core::games::chinese_checkers::board::{BOARD, HOLES, ROWS};
use ply_core::games::chinese_checkers::notation::NotationError;
use ply_core::games::chinese_checkers::{
    ChineseCheckers, ChineseCheckersConfig, GoalRule, Move, hole_name, parse_hole,
};
use ply_core::{Game, perft};

/// A position text with `pieces` (hole name, player letter) on an empty board.
fn position(pieces: &[(&str, char)], tail: &str) -> ChineseCheckers {
    let mut cells = ['.'; HOLES];
    for &(name, who) in pieces {
        let hole = parse_hole(name).unwrap_or_else(|e| panic!("{e}"));
        cells[usize::from(hole)] = who;
    }
    let rows: Vec<String> = (0..ROWS)
        .rev()
        .map(|r| {
            let start = usize::from(BOARD.row_start[r]);
            cells[start..start + usize::from(BOARD.row_len[r])]
                .iter()
                .collect()
        })
        .collect();
    let text = format!("{} {tail}", rows.join("/"));
    ChineseCheckers::parse_position(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn holes(names: &str, who: char) -> Vec<(&str, char)> {
    names.split_whitespace().map(|n| (n, who)).collect()
}

fn legal(pos: &ChineseCheckers) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&m| pos.format_move(m)).collect()
}

const BOTTOM_BUT_TIP: &str = "b1 b2 c1 c2 c3 d1 d2 d3 d4";

#[test]
fn holes_are_named_by_row_from_the_bottom_and_place_from_the_left() {
    for (name, hole) in [("a1", 0), ("d4", 9), ("e1", 10), ("i5", 60), ("q1", 120)] {
        assert_eq!(parse_hole(name), Ok(hole));
        assert_eq!(hole_name(hole), name);
    }
    for bad in ["r1", "a2", "e14", "i0", "i", "5i", ""] {
        assert!(
            matches!(parse_hole(bad), Err(NotationError::Hole { .. })),
            "{bad}"
        );
    }
}

#[test]
fn the_first_player_has_fourteen_moves_eight_steps_and_six_hops() {
    let moves = legal(&ChineseCheckers::start());
    assert_eq!(moves.len(), 14);
    // Hops start in row c and land in row e.
    assert_eq!(moves.iter().filter(|m| m.starts_with('c')).count(), 6);
    assert!(moves.contains(&"c2-e6".to_string()), "{moves:?}");
}

#[test]
fn a_chain_of_hops_is_one_move_to_each_landing_and_may_stop_anywhere() {
    // a's piece at e5 can hop over b's pieces at f5 and h5, and over f4 sideways.
    let mut pieces = holes("e5", 'a');
    pieces.extend(holes("a1 b1 b2 c1 c2 c3 d1 d2 d3", 'a'));
    pieces.extend(holes("f5 h5 q1 p1 p2 o1 o2 o3 n1 n2", 'b'));
    let pos = position(&pieces, "a 2 fill");
    let from_e5: Vec<String> = legal(&pos)
        .into_iter()
        .filter(|m| m.starts_with("e5-"))
        .collect();
    // e5 hops over f5 to g5, from there over h5 to i5 (and may stop at either); each landing
    // is listed once however many chains reach it.
    assert!(from_e5.contains(&"e5-g5".to_string()), "{from_e5:?}");
    assert!(from_e5.contains(&"e5-i5".to_string()), "{from_e5:?}");
    let mut sorted = from_e5.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), from_e5.len());
}

#[test]
fn a_filled_target_wins_with_one_own_piece_and_another_players_move_can_fill_it() {
    // a's target (the top) holds a on q1 and b on eight holes; b's step m8-n4 fills it.
    let mut pieces = holes("q1", 'a');
    pieces.extend(holes(BOTTOM_BUT_TIP, 'a'));
    pieces.extend(holes("p1 p2 o1 o2 o3 n1 n2 n3 m8 i5", 'b'));
    let filled = position(&pieces, "b 2 fill");
    assert_eq!(filled.outcome(), None);
    let mv = filled.parse_move("m8-n4").unwrap_or_else(|e| panic!("{e}"));
    let mut after = filled;
    after.play(mv);
    let end = after.outcome().unwrap_or_else(|| panic!("no end"));
    assert_eq!(end.winner, Some(0));
    assert_eq!(end.reason, EndReason::BoardFull);
    assert_eq!(perft(&after, 3), 1);
    assert!(legal(&after).is_empty());

    // The classic rule wants all ten of a's own pieces there.
    let own = position(&pieces, "b 2 own");
    let mut after = own;
    after.play(mv);
    assert_eq!(after.outcome(), None);

    // A target full of the opponent's pieces alone wins for nobody: the two-player start.
    assert_eq!(ChineseCheckers::start().outcome(), None);
}

#[test]
fn the_goal_lock_keeps_a_piece_in_its_target() {
    let mut pieces = holes("n4", 'a');
    pieces.extend(holes(BOTTOM_BUT_TIP, 'a'));
    pieces.extend(holes("q1 p1 p2 o1 o2 o3 n1 n2 n3 i5", 'b'));
    let locked = position(&pieces, "a 2 own+lock");
    match locked.parse_move("n4-m8") {
        Err(e) => assert!(e.message.contains("must stay"), "{e}"),
        Ok(_) => panic!("n4-m8 left the target under the lock"),
    }
    assert!(!legal(&locked).iter().any(|m| m.starts_with("n4-")));
    let free = position(&pieces, "a 2 own");
    assert!(free.parse_move("n4-m8").is_ok());
}

#[test]
fn a_player_with_no_move_passes_and_only_then() {
    // Three players: b walls in a's corner (e5-e9 and the hop landings f4-f8), c holds f9.
    let mut pieces = holes("a1 b1 b2 c1 c2 c3 d1 d2 d3 d4", 'a');
    pieces.extend(holes("e5 e6 e7 e8 e9 f4 f5 f6 f7 f8", 'b'));
    pieces.extend(holes("f9 j10 k10 k11 l10 l11 l12 m10 m11 m12", 'c'));
    let pos = position(&pieces, "a 3 fill");
    assert_eq!(legal(&pos), vec!["pass".to_string()]);
    assert_eq!(pos.parse_move("pass"), Ok(Move::PASS));
    let mut next = pos;
    next.play(Move::PASS);
    assert_eq!(next.side_to_move(), 1);
    assert!(next.outcome().is_none());
    match next.parse_move("pass") {
        Err(e) => assert!(e.message.contains("only when"), "{e}"),
        Ok(_) => panic!("b passed with moves to make"),
    }
}

#[test]
fn at_the_turn_limit_the_player_closest_to_the_target_wins() {
    let config = ChineseCheckersConfig {
        players: 2,
        turn_limit: 2,
        ..ChineseCheckersConfig::default()
    };
    let start = ChineseCheckers::new(config).unwrap_or_else(|e| panic!("{e}"));
    let play = |moves: &[&str]| {
        let mut pos = start;
        for text in moves {
            let mv = pos.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
            pos.play(mv);
        }
        pos
    };
    // One step each: level, a draw.
    let level = play(&["d1-e5", "n1-m5"]);
    let end = level.outcome().unwrap_or_else(|| panic!("no end"));
    assert_eq!((end.winner, end.reason), (None, EndReason::MoveLimit));
    // A step against a hop: the hop is one step closer.
    let ahead = play(&["d1-e5", "o2-m6"]);
    let end = ahead.outcome().unwrap_or_else(|| panic!("no end"));
    assert_eq!(end.winner, Some(1));
    assert_eq!(ahead.distance(1) + 1, ahead.distance(0));
    // The position text carries the count.
    let text = play(&["d1-e5"]).format_position();
    assert!(text.ends_with(" 2 1"), "{text}");
}

/// Whether an error is the one a case expects.
type Expected = fn(&NotationError) -> bool;

#[test]
fn bad_positions_and_moves_name_what_is_wrong() {
    let two = ChineseCheckersConfig {
        players: 2,
        ..ChineseCheckersConfig::default()
    };
    let start = ChineseCheckers::new(two)
        .unwrap_or_else(|e| panic!("{e}"))
        .format_position();
    let with = |field: usize, value: &str| {
        let mut f: Vec<&str> = start.split_whitespace().collect();
        f[field] = value;
        f.join(" ")
    };
    let cases: Vec<(String, Expected)> = vec![
        ("x a 2".into(), |e| {
            matches!(e, NotationError::FieldCount { found: 3 })
        }),
        (with(2, "5"), |e| matches!(e, NotationError::Players { .. })),
        (with(0, "1/1"), |e| {
            matches!(e, NotationError::RowCount { found: 2, .. })
        }),
        (with(1, "e"), |e| matches!(e, NotationError::Mover { .. })),
        (with(3, "first"), |e| {
            matches!(e, NotationError::Rules { .. })
        }),
        (format!("{start} x 0"), |e| {
            matches!(e, NotationError::Number { .. })
        }),
        (start.replacen("13", "14", 1), |e| {
            matches!(e, NotationError::RowLength { row: 'm', .. })
        }),
        (start.replacen('b', "z", 1), |e| {
            matches!(e, NotationError::Cell { found: 'z', .. })
        }),
        (start.replacen('b', ".", 1), |e| {
            matches!(
                e,
                NotationError::PieceCount {
                    player: 'b',
                    found: 9,
                    ..
                }
            )
        }),
    ];
    for (text, expected) in cases {
        let err = ply_core::games::chinese_checkers::notation::read_position(&text);
        match err {
            Err(e) => assert!(expected(&e), "{text}: {e:?}"),
            Ok(_) => panic!("{text} was read"),
        }
    }
    let pos = ChineseCheckers::start();
    for (text, why) in [
        ("d1e5", "not a move"),
        ("d1-z5", "not a hole"),
        ("n1-m5", "holds no piece of player a"),
        ("c1-d1", "not empty"),
        ("d1-f4", "no step or chain of hops"),
        ("pass", "only when"),
    ] {
        match pos.parse_move(text) {
            Err(e) => assert!(e.message.contains(why), "{text}: {e}"),
            Ok(m) => panic!("{text} read as {m:?}"),
        }
    }
}

#[test]
fn a_setup_for_five_players_is_refused() {
    let config = ChineseCheckersConfig {
        players: 5,
        ..ChineseCheckersConfig::default()
    };
    assert!(ChineseCheckers::new(config).is_err());
    assert!(
        ChineseCheckers::new(ChineseCheckersConfig {
            goal_rule: GoalRule::OwnPieces,
            ..ChineseCheckersConfig::default()
        })
        .is_ok()
    );
}
