//! Unit tests: the rule edge cases and spec positions of `tests/data/checkers/pdn.md`.

use super::*;
use crate::game::{perft, perft_generic};

fn pos(fen: &str) -> Draughts {
    match Draughts::parse_position(fen) {
        Ok(p) => p,
        Err(e) => panic!("bad test FEN {fen}: {e}"),
    }
}

fn legal(p: &Draughts) -> Vec<Move> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
}

/// The position after each legal move.
fn children(p: &Draughts) -> impl Iterator<Item = Draughts> + '_ {
    legal(p).into_iter().map(|m| {
        let mut c = *p;
        c.play(m);
        c
    })
}

/// Full-path texts of every legal move, sorted.
fn move_texts(p: &Draughts) -> Vec<String> {
    let mut v: Vec<String> = legal(p).iter().map(|m| notation::full_path(*m)).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Perft where a position without moves has no children (the reference generator's count).
fn perft_dead_ends_zero(p: &Draughts, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    children(p)
        .map(|c| perft_dead_ends_zero(&c, depth - 1))
        .sum()
}

/// Number of finished games reached in fewer than `depth` plies.
fn finished_before(p: &Draughts, depth: u32) -> u64 {
    if depth == 0 {
        return 0;
    }
    if p.outcome().is_some() {
        return 1;
    }
    children(p).map(|c| finished_before(&c, depth - 1)).sum()
}

fn perfts(p: &Draughts, from_depth: u32, want: &[u64]) {
    for (i, &n) in want.iter().enumerate() {
        let d = from_depth + i as u32;
        assert_eq!(perft(p, d), n, "perft({d}) of {}", p.format_position());
    }
}

#[test]
fn start_perft_published_depths_1_to_7() {
    perfts(
        &Draughts::start(),
        1,
        &[7, 49, 302, 1469, 7361, 36768, 179740],
    );
}

#[test]
fn start_moves() {
    assert_eq!(
        move_texts(&Draughts::start()),
        sorted(&["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
    );
}

#[test]
fn spec_example_with_kings() {
    let p = pos("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    assert_eq!(
        move_texts(&p),
        sorted(&["16-19", "22-17", "22-26", "25-21", "25-30"])
    );
    perfts(&p, 2, &[38, 178, 1378, 5836]);
}

#[test]
fn spec_example_opening_like() {
    let p = pos("B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12");
    assert_eq!(
        move_texts(&p),
        sorted(&[
            "1-5", "3-8", "4-8", "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"
        ])
    );
    perfts(&p, 2, &[74, 472, 2862, 16737]);
}

#[test]
fn capture_is_compulsory() {
    let p = pos("W:W9,K11,19,K26,27,30:B15,22,25,K32");
    let moves = legal(&p);
    assert!(
        moves.iter().all(|m| m.is_capture()),
        "quiet moves exist but every legal move must capture"
    );
    assert_eq!(
        move_texts(&p),
        sorted(&["11x18", "19x10", "26x17", "30x21"])
    );
    perfts(&p, 2, &[11, 17]);
}

#[test]
fn relaxed_allows_quiet_moves_when_a_capture_exists() {
    let p = pos("W:W9,K11,19,K26,27,30:B15,22,25,K32")
        .with_variant("relaxed")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.variant(), "relaxed");
    // The four captures plus every quiet step, worked out by hand on the diagram.
    let want = sorted(&[
        "11x18", "19x10", "26x17", "30x21", "9-5", "9-6", "19-16", "27-23", "27-24", "11-7",
        "11-8", "11-16", "26-23", "26-31",
    ]);
    assert_eq!(move_texts(&p), want);
    assert_eq!(p.count_moves(), 14);
}

#[test]
fn relaxed_perft_diverges_once_a_capture_is_possible() {
    let std = Draughts::start();
    let relaxed = std
        .with_variant("relaxed")
        .unwrap_or_else(|e| panic!("{e}"));
    // No capture can arise in the first two plies, so the counts agree there ...
    perfts(&relaxed, 1, &[7, 49]);
    // ... and from ply 3 (e.g. 11-15 22-18 15x22) the relaxed tree is strictly larger,
    // because quiet moves stay legal beside the captures.
    for d in 3..=6 {
        assert!(perft(&relaxed, d) > perft(&std, d), "depth {d}");
    }
}

#[test]
fn relaxed_multi_jump_still_runs_to_its_end() {
    // Black man 6 can jump 10 and then 19 (6x15x24): under relaxed rules the single jump
    // 6x15 is not a move of its own.
    let p = pos("B:W10,19:B6")
        .with_variant("relaxed")
        .unwrap_or_else(|e| panic!("{e}"));
    let caps: Vec<String> = move_texts(&p)
        .into_iter()
        .filter(|t| t.contains('x'))
        .collect();
    assert_eq!(caps, vec!["6x15x24".to_string()]);
}

#[test]
fn multi_jump_is_one_move() {
    let p = pos("B:W10,19,27:B6");
    assert_eq!(move_texts(&p), vec!["6x15x24x31".to_string()]);
    let mv = legal(&p)[0];
    assert_eq!(mv.capture_count(), 3);
    let mut q = p;
    q.play(mv);
    // The man landed on 31, Black's king row: crowned, all three white men gone.
    assert_eq!(q.piece_at(31), Some((0, true)));
    assert_eq!(q.white(), 0);
    assert_eq!(
        q.outcome(),
        Some(Outcome::win(0, EndReason::NoMovesForMover, 0))
    );
}

#[test]
fn crowning_ends_the_jump() {
    let p = pos("W:W11:B6,7");
    assert_eq!(move_texts(&p), vec!["11x2".to_string()]);
    let mut q = p;
    q.play(legal(&p)[0]);
    assert_eq!(q.piece_at(2), Some((1, true)));
    assert_eq!(
        q.piece_at(6),
        Some((0, false)),
        "the new king may not continue over 6"
    );
    assert_eq!(move_texts(&q), sorted(&["6-9", "6-10"]));
    assert_eq!(perft(&p, 2), 2);
}

#[test]
fn men_do_not_capture_backwards_but_kings_do() {
    // White man on 18 with a black man behind it (on 22, Black's side is the top so "behind"
    // a White man is the higher numbers): no capture for the man.
    let man = pos("W:W18:B22");
    assert!(legal(&man).iter().all(|m| !m.is_capture()));
    let king = pos("W:WK18:B22");
    assert_eq!(move_texts(&king), vec!["18x25".to_string()]);
}

#[test]
fn two_path_king_ring_capture_counts_twice() {
    let p = pos("W:WK14:B10,11,18,19,26,27");
    assert_eq!(
        move_texts(&p),
        sorted(&[
            "14x7x16x23x14",
            "14x23x16x7x14",
            "14x23x30",
            "14x7x16x23x30",
            "14x23x32",
            "14x7x16x23x32"
        ])
    );
    // pdn.md's 32/80/334/1068 come from a generator where a side without moves has 0
    // children; our perft counts a finished game as one leaf (convention A of game.rs), which
    // first matters at depth 5 here, where Black can be wiped out earlier.
    assert_eq!(perft_dead_ends_zero(&p, 1), 6);
    assert_eq!(perft_dead_ends_zero(&p, 2), 32);
    assert_eq!(perft_dead_ends_zero(&p, 3), 80);
    assert_eq!(perft_dead_ends_zero(&p, 4), 334);
    assert_eq!(perft_dead_ends_zero(&p, 5), 1068);
    perfts(&p, 1, &[6, 32, 80, 334]);
    assert_eq!(perft(&p, 5), 1068 + finished_before(&p, 5));
    // The two ring moves capture the same set and end where they started, yet differ.
    let rings: Vec<Move> = legal(&p).into_iter().filter(|m| m.to() == 14).collect();
    assert_eq!(rings.len(), 2);
    assert_eq!(rings[0].captured(), rings[1].captured());
    assert_ne!(rings[0], rings[1]);
}

#[test]
fn side_without_moves_loses() {
    let blocked = pos("B:W9,14:B5");
    assert!(legal(&blocked).is_empty());
    assert_eq!(
        blocked.outcome(),
        Some(Outcome::win(1, EndReason::NoMovesForMover, 0))
    );
    let no_pieces = pos("W:W:B1");
    assert_eq!(
        no_pieces.outcome(),
        Some(Outcome::win(0, EndReason::NoMovesForMover, 0))
    );
    assert_eq!(perft(&no_pieces, 3), 1);
}

#[test]
fn forty_move_rule() {
    let p = pos("B:WK29:BK4");
    assert_eq!(p.outcome(), None);
    let mut q = p.with_quiet_plies(79);
    let king_move = q.parse_move("4-8").unwrap_or_else(|e| panic!("{e}"));
    q.play(king_move);
    assert_eq!(q.quiet_plies(), 80);
    assert_eq!(q.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
    assert!(legal(&q).is_empty());
    assert_eq!(q.count_moves(), 0);
    // A man move resets the counter.
    let mut r = pos("B:WK29:B4,K1").with_quiet_plies(79);
    let man_move = r.parse_move("4-8").unwrap_or_else(|e| panic!("{e}"));
    assert!(r.is_irreversible(man_move));
    r.play(man_move);
    assert_eq!(r.quiet_plies(), 0);
    // Turning the rule off.
    let off = q.with_rules(DraughtsRules {
        move_limit: None,
        ..DraughtsRules::wcdf()
    });
    assert_eq!(off.outcome(), None);
}

#[test]
fn hash_ignores_counter_but_not_board_side_or_rules() {
    let p = Draughts::start();
    assert_eq!(p.hash(), p.with_quiet_plies(7).hash());
    assert!(p.same_position(&p.with_quiet_plies(7)));
    assert_ne!(p, p.with_quiet_plies(7));
    let relaxed = p.with_variant("relaxed").unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(p.hash(), relaxed.hash());
    let white_to_move = pos("W:W21-32:B1-12");
    assert_ne!(p.hash(), white_to_move.hash());
}

#[test]
fn static_order_and_keys() {
    let p = pos("W:WK14:B10,11,18,19,26,27");
    for m in legal(&p) {
        assert!(p.is_tactical(m));
        assert_eq!(p.static_order(m), 1000 + 100 * m.capture_count() as i32);
        assert!(Draughts::move_key(m) < Draughts::MOVE_KEY_SPACE);
    }
    let promo = pos("B:W:B1,25");
    let crowning = promo.parse_move("25-29").unwrap_or_else(|e| panic!("{e}"));
    let plain = promo.parse_move("1-5").unwrap_or_else(|e| panic!("{e}"));
    assert!(promo.static_order(crowning) > promo.static_order(plain));
    assert!(!promo.is_tactical(crowning));
}

#[test]
fn move_notation_short_full_and_ambiguous() {
    let p = pos("W:WK14:B10,11,18,19,26,27");
    let full = p
        .parse_move("14x7x16x23x30")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(full.squares(), vec![14, 7, 16, 23, 30]);
    assert_eq!(
        p.format_move(full),
        "14x7x16x23x30",
        "14x30 is ambiguous, so the full path is written"
    );
    match notation::parse_move(&p, "14x30") {
        Err(notation::MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(
                sorted(&candidates.iter().map(String::as_str).collect::<Vec<_>>()),
                sorted(&["14x23x30", "14x7x16x23x30"])
            );
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
    // A single jump whose ends a longer capture shares: its two squares are its whole path.
    let r = pos("W:W28,29,K11:B6,7,10,15,16,K14");
    let jump = r.parse_move("11x20").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(jump.squares(), vec![11, 20]);
    assert_eq!(r.format_move(jump), "11x20");
    let mut moves = Vec::new();
    r.legal_moves(&mut moves);
    let longer: Vec<_> = moves
        .iter()
        .filter(|m| m.from() == 11 && m.to() == 20 && m.squares().len() > 2)
        .collect();
    assert!(!longer.is_empty(), "a longer capture from 11 to 20");
    for m in longer {
        assert_eq!(r.parse_move(&r.format_move(*m)), Ok(*m));
    }
    let q = pos("B:W10,19,27:B6");
    let m = q.parse_move("6x31").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(q.format_move(m), "6x31");
    assert_eq!(q.parse_move("6x15x24x31"), Ok(m));
    assert!(q.parse_move("6x15x31").is_err());
    let s = Draughts::start();
    assert_eq!(
        s.format_move(s.parse_move("11-15").unwrap_or_else(|e| panic!("{e}"))),
        "11-15"
    );
    let err = s.parse_move("11-33").err().map(|e| e.at);
    assert_eq!(err, Some(3));
    let err = s
        .parse_move("11x15")
        .err()
        .map(|e| e.message)
        .unwrap_or_default();
    assert!(err.contains("did you mean 11-15"), "{err}");
    // A double jump stopped after its first capture: the move is the whole jump.
    let double = pos("B:W10,19,26:B6");
    let whole = double.parse_move("6x24").expect("the double jump");
    assert_eq!(
        (double.format_move(whole), whole.squares().to_vec()),
        ("6x24".to_string(), vec![6, 15, 24])
    );
    let err = double.parse_move("6x15").err().map(|e| e.message);
    assert_eq!(
        err.as_deref(),
        Some("not a legal move here (the jump continues: 6x24)")
    );
    let err = pos("W:W9,K11,19,K26,27,30:B15,22,25,K32")
        .parse_move("9-5")
        .err()
        .map(|e| e.message);
    assert!(err.unwrap_or_default().contains("compulsory"));
}

#[test]
fn fen_forms() {
    let start = Draughts::start();
    for text in [
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "B:B1-12:W21-32",
        "B:W21-32:B1-12.",
        "[FEN \"B:W21-32:B1-12\"]",
        "  B:W21-32:B1-12  ",
    ] {
        assert_eq!(pos(text), start, "{text}");
    }
    assert_eq!(
        start.format_position(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    let k = pos("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    assert_eq!(
        k.format_position(),
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
    );
    let empty_black = pos("W:W18:B");
    assert_eq!(empty_black.black(), 0);
    assert_eq!(empty_black.format_position(), "W:W18:B");
    for (bad, at) in [
        ("X:W5:B2", 0),
        ("B:W33:B5", 3),
        ("B:W5:B5", 5),
        ("B:W5:B9,30", 8),
        ("B:W5-17:B20", 2),
        ("B:W5,,6:B3", 5),
        ("B:Q5:B2", 2),
        ("B:W5:W6", 5),
        ("B:W12-9:B5", 3),
    ] {
        match Draughts::parse_position(bad) {
            Err(e) => assert_eq!(e.at, at, "{bad}: {e}"),
            Ok(p) => panic!("{bad} parsed as {p:?}"),
        }
    }
    // A man on its own king row would already be a king.
    assert!(Draughts::parse_position("B:W5:B30").is_err());
    assert!(Draughts::parse_position("B:W5:BK30").is_ok());
}

#[test]
fn render_shows_pieces_and_numbers() {
    let text = pos("W:WK14:B10,11,18,19,26,27").render();
    assert!(text.ends_with("White to move\n"), "{text}");
    assert!(
        text.lines().all(|l| l == l.trim_end()),
        "no trailing spaces"
    );
    let rank = |label: &str| {
        text.lines()
            .find(|r| r.starts_with(label))
            .unwrap_or_default()
    };
    // Rank 5 holds squares 13-16; the white king on 14 sits on c5.
    let rank5 = rank("5 |");
    assert!(rank5.starts_with("5 | .   W   .   .   | 5"), "{text}");
    assert!(rank5.contains("13    14    15    16"), "{text}");
    let rank8 = rank("8 |");
    assert!(rank8.contains("1     2     3     4"), "{text}");
}

#[test]
fn fast_perft_matches_the_generic_one() {
    for (fen, depth) in [
        ("B:W21-32:B1-12", 6),
        ("W:WK14:B10,11,18,19,26,27", 6),
        ("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", 5),
        ("W:W9,K11,19,K26,27,30:B15,22,25,K32", 5),
        ("B:W9,14:B5", 3),
        ("W:W:B1", 2),
    ] {
        for rules in [DraughtsRules::wcdf(), DraughtsRules::relaxed()] {
            let p = pos(fen).with_rules(rules);
            for d in 0..=depth {
                assert_eq!(
                    p.perft_fast(d),
                    Some(perft_generic(&p, d)),
                    "{fen} depth {d}"
                );
            }
        }
    }
    // Near the 40-move limit the draw cuts the tree in both.
    let p = pos("B:WK29:BK4").with_quiet_plies(77);
    for d in 0..=5 {
        assert_eq!(
            p.perft_fast(d),
            Some(perft_generic(&p, d)),
            "move limit depth {d}"
        );
    }
}
