//! Property tests for draughts: random playouts, the outcome/legal-moves invariant, hashing,
//! text round trips and parser robustness.

use ply_core::games::draughts::{Draughts, DraughtsRules, notation};
use ply_core::{EndReason, Game};
use proptest::prelude::*;

/// Any game ends: men advance at most 7 times each, captures at most 23 times, and between
/// two such moves the 40-move rule allows at most 80 plies.
const MAX_GAME_PLIES: usize = (24 * 7 + 24 + 1) * 81;

fn check_invariants(p: &Draughts) {
    assert_eq!(p.black() & p.white(), 0, "{p:?}");
    assert_eq!(p.kings() & !(p.black() | p.white()), 0, "{p:?}");
    assert_eq!(
        p.black() & !p.kings() & 0xF000_0000,
        0,
        "uncrowned black man on 29-32: {p:?}"
    );
    assert_eq!(
        p.white() & !p.kings() & 0xF,
        0,
        "uncrowned white man on 1-4: {p:?}"
    );
    assert!(p.black().count_ones() <= 12 && p.white().count_ones() <= 12);
}

/// Plays random moves (chosen by `choices`, cycled) until the game ends; checks every step.
fn playout(
    start: Draughts,
    choices: &[u32],
    mut visit: impl FnMut(&Draughts, &[<Draughts as Game>::Move]),
) {
    let mut p = start;
    let mut moves = Vec::new();
    for ply in 0..MAX_GAME_PLIES {
        check_invariants(&p);
        p.legal_moves(&mut moves);
        assert_eq!(
            moves.is_empty(),
            p.outcome().is_some(),
            "legal moves empty iff outcome: {p:?}"
        );
        assert_eq!(p.count_moves(), moves.len() as u64);
        visit(&p, &moves);
        if moves.is_empty() {
            let o = p.outcome().unwrap_or_else(|| unreachable!());
            match o.reason {
                EndReason::NoMovesForMover => assert_eq!(o.winner, Some(p.side_to_move() ^ 1)),
                EndReason::MoveLimit => assert_eq!(o.winner, None),
                other => panic!("unexpected end {other:?}"),
            }
            return;
        }
        let pick = choices
            .get(ply % choices.len().max(1))
            .copied()
            .unwrap_or(0) as usize;
        let mv = moves[pick % moves.len()];
        let before = (p.black() | p.white()).count_ones();
        let mover = p.side_to_move();
        p.play(mv);
        assert_eq!(p.side_to_move(), mover ^ 1);
        assert_eq!(
            (p.black() | p.white()).count_ones(),
            before - mv.capture_count()
        );
    }
    panic!("game did not end within {MAX_GAME_PLIES} plies");
}

fn variant_start(relaxed: bool) -> Draughts {
    let s = Draughts::start();
    if relaxed {
        s.with_rules(DraughtsRules::relaxed())
    } else {
        s
    }
}

/// A random legal-looking position: disjoint piece sets, men off their own king row.
fn arb_position() -> impl Strategy<Value = Draughts> {
    (
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_filter_map(
            "uncrowned men on the king row or more than 12 pieces a side",
            |(b, w, k, white_to_move, relaxed)| {
                // Thin the boards out so positions look like play.
                let black = b & w.rotate_left(7) & k.rotate_left(21);
                let white = !b & w & k.rotate_left(13);
                let kings = (black | white) & k & k.rotate_left(3);
                let rules = if relaxed {
                    DraughtsRules::relaxed()
                } else {
                    DraughtsRules::wcdf()
                };
                Draughts::from_bitboards(black, white, kings, u8::from(white_to_move), rules).ok()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_playouts_end_legally(choices in prop::collection::vec(any::<u32>(), 1..64), relaxed in any::<bool>()) {
        playout(variant_start(relaxed), &choices, |_, _| {});
    }

    #[test]
    fn moves_and_positions_round_trip(choices in prop::collection::vec(any::<u32>(), 1..64)) {
        playout(Draughts::start(), &choices, |p, moves| {
            let fen = p.format_position();
            let back = Draughts::parse_position(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(back.same_position(p), "{fen}");
            assert_eq!(back.hash(), p.hash());
            assert_eq!(back.with_quiet_plies(p.quiet_plies()), *p);
            for &m in moves {
                let text = p.format_move(m);
                assert_eq!(p.parse_move(&text), Ok(m), "{text} in {fen}");
                assert_eq!(p.parse_move(&notation::full_path(m)), Ok(m));
                assert!(p.is_legal(m));
            }
        });
    }

    #[test]
    fn random_positions_keep_the_invariants(p in arb_position()) {
        let fen = p.format_position();
        let back = Draughts::parse_position(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        prop_assert_eq!(back.with_rules(p.rules()), p);
        prop_assert_eq!(back.with_rules(p.rules()).hash(), p.hash());
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        prop_assert_eq!(moves.is_empty(), p.outcome().is_some());
        prop_assert_eq!(p.count_moves(), moves.len() as u64);
        // Standard rules: captures exclude quiet moves; relaxed: the standard moves plus quiet ones.
        let std = p.with_rules(DraughtsRules::wcdf());
        let mut std_moves = Vec::new();
        std.legal_moves(&mut std_moves);
        if std_moves.iter().any(|m| m.is_capture()) {
            prop_assert!(std_moves.iter().all(|m| m.is_capture()));
        }
        for m in &std_moves {
            let relaxed = p.with_rules(DraughtsRules::relaxed());
            prop_assert!(relaxed.is_legal(*m));
        }
        for &m in &moves {
            let mut c = p;
            c.play(m);
            check_invariants(&c);
            prop_assert_eq!(p.parse_move(&p.format_move(m)), Ok(m));
        }
    }

    #[test]
    fn fen_parser_never_panics(text in ".{0,40}") {
        let _ = Draughts::parse_position(&text);
    }

    #[test]
    fn fen_parser_never_panics_on_near_misses(text in "\\[?(FEN )?\"?[BWbwK]?:?[BWKk0-9,\\-. :\"\\]]{0,40}") {
        if let Ok(p) = Draughts::parse_position(&text) {
            check_invariants(&p);
            prop_assert_eq!(Draughts::parse_position(&p.format_position()), Ok(p));
        }
    }

    #[test]
    fn move_parser_never_panics(text in "[0-9xX:\\- ]{0,20}|.{0,20}") {
        let p = Draughts::parse_position("W:WK14:B10,11,18,19,26,27").unwrap_or_else(|e| panic!("{e}"));
        if let Ok(m) = p.parse_move(&text) {
            prop_assert!(p.is_legal(m));
        }
        let _ = Draughts::start().parse_move(&text);
    }
}
