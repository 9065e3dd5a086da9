//! PDN written by Ply (the records' export and the review's annotated games) read back by the
//! PDN reader: the same moves, comments, result and start; bad PDN refused with its place.

use ply_core::Game;
use ply_core::games::GameKind;
use ply_core::games::draughts::Draughts;
use ply_core::games::draughts::fen::format_fen;
use ply_core::games::draughts::pdn::read_pdn;
use ply_core::record::{AnnotatedGame, annotated_notation};

/// A random game from `start` of up to `plies` moves, as move texts.
fn random_game(start: Draughts, seed: u64, plies: usize) -> Vec<String> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut pos = start;
    let mut moves = Vec::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[(next() % moves.len() as u64) as usize];
        out.push(pos.format_move(mv));
        pos.play(mv);
    }
    out
}

fn write(
    start: Option<&str>,
    moves: &[String],
    comments: &[String],
    winner: Option<Option<u8>>,
) -> String {
    let played: Vec<&str> = moves.iter().map(String::as_str).collect();
    let game = AnnotatedGame {
        start,
        variant: "standard",
        moves: &played,
        comments,
        result: winner,
    };
    annotated_notation(GameKind::Draughts, &game)
}

#[test]
fn annotated_games_round_trip() {
    for seed in 1..40u64 {
        let moves = random_game(Draughts::start(), seed, 30 + (seed as usize * 7) % 120);
        let comments: Vec<String> = (0..moves.len())
            .map(|i| {
                if i % 3 == 0 {
                    String::new()
                } else {
                    format!("mistake {i} -> -{i}, best 9-14 (search)")
                }
            })
            .collect();
        let winner = [Some(Some(0)), Some(Some(1)), Some(None), None][seed as usize % 4];
        let text = write(None, &moves, &comments, winner);
        let game = read_pdn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(game.move_texts, moves, "{text}");
        assert_eq!(game.comments, comments, "{text}");
        let result = match winner {
            Some(Some(0)) => "2-0",
            Some(Some(_)) => "0-2",
            Some(None) => "1-1",
            None => "*",
        };
        assert_eq!(game.result.as_deref(), Some(result));
        assert_eq!(game.tag("Result"), Some(result));
        assert_eq!(game.start, Draughts::start());
    }
}

#[test]
fn a_set_up_start_with_white_to_move_round_trips() {
    // A position after an odd number of moves: White to move, so PDN starts with "1...".
    let mut pos = Draughts::start();
    for text in ["11-15", "23-19", "8-11"] {
        let mv = pos.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        pos.play(mv);
    }
    let fen = format_fen(&pos);
    assert!(fen.starts_with('W'), "{fen}");
    let moves = random_game(pos, 7, 20);
    let text = write(Some(&fen), &moves, &[], Some(None));
    assert!(text.contains("1... "), "{text}");
    let game = read_pdn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(game.start, pos);
    assert_eq!(game.move_texts, moves);
    assert!(game.comments.iter().all(String::is_empty));
}

#[test]
fn published_style_pdn_with_glued_numbers_and_captures_reads() {
    // Move numbers glued to moves, a capture, comments before and between moves.
    // The Single Corner opening: 11-15 22-18 15x22 25x18.
    let text = "[Event \"x\"]\n{an opening comment}\n1.11-15 22-18 2.15x22 {takes} 25x18 \
                3.8-11 {develops} 29-25 *";
    let game = read_pdn(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves.len(), 6);
    assert_eq!(game.move_texts[2], "15x22");
    assert_eq!(game.comments[2], "takes");
    assert_eq!(game.comments[4], "develops");
    assert_eq!(game.comments[0], "");
    assert_eq!(game.result.as_deref(), Some("*"));
}

#[test]
fn bad_pdn_is_refused_with_its_place() {
    let cases = [
        ("1. 11-15 23-19 2. 11-15", "move 3 '11-15'"),
        ("1. 11-15 {open comment", "closing '}'"),
        ("[Event x]\n1. 11-15", "not quoted"),
        ("[Event \"x\"\n1. 11-15", "closing ']'"),
        ("1. 11-15 2-0 23-19", "after the result"),
        ("[FEN \"Q:W1:B2\"]\n1. 1-5", "the FEN tag"),
    ];
    for (text, needle) in cases {
        match read_pdn(text) {
            Err(e) => assert!(e.message.contains(needle), "{text}: {e}"),
            Ok(g) => panic!("{text} was read: {g:?}"),
        }
    }
    let Err(e) = read_pdn("1. 11-15 23-19 2. 11-15") else {
        panic!("read");
    };
    assert_eq!(e.at, 18);
}

#[test]
fn connect_four_and_othello_annotations_follow_each_move() {
    let played = ["4", "4", "3"];
    let comments = [
        "best 0 -> 0 (exact)".to_string(),
        String::new(),
        "good".to_string(),
    ];
    let game = AnnotatedGame {
        start: None,
        variant: "standard",
        moves: &played,
        comments: &comments,
        result: None,
    };
    assert_eq!(
        annotated_notation(GameKind::ConnectFour, &game),
        "4 {best 0 -> 0 (exact)} 4 3 {good}\n"
    );
}
