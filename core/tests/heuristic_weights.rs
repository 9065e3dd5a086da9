//! The weighted evaluator against its definition: `Σ weight_i * factor_i` over factors computed
//! independently, phases, JSON, presets of every game, terminal positions.

use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::heuristic::presets;
use ply_core::heuristic::weights::{HEURISTIC_LIMIT, TERMINAL_BASE};
use ply_core::heuristic::{
    Factors, HasHeuristic, HeuristicError, Weight, WeightedEvaluator, Weights,
};
use ply_core::{EVAL_LIMIT, Evaluator, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions from seeded random playouts (every ply of every game), terminal ones included.
fn positions<G: Game>(games: usize, seed: u64) -> Vec<G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..games {
        let mut pos = G::start();
        for _ in 0..300 {
            out.push(pos);
            pos.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            let mv = buf[rng.random_range(0..buf.len())];
            pos.play(mv);
        }
    }
    out
}

fn check_definition<G: Factors + HasHeuristic>() {
    for &name in G::heuristic_presets() {
        let weights = match G::heuristic_weights(name) {
            // A learned evaluation (Othello's patterns) has its own tests.
            Err(HeuristicError::NotWeighted { .. }) => continue,
            other => other.unwrap_or_else(|e| panic!("{}: {e}", G::NAME)),
        };
        let eval =
            WeightedEvaluator::<G>::new(&weights).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
        let preset = G::heuristic(name).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
        let resolved = eval.resolved();
        for pos in positions::<G>(6, 17) {
            let v = eval.evaluate(&pos);
            assert!(v.abs() < EVAL_LIMIT, "{} {name}: {v} out of range", G::NAME);
            assert_eq!(
                v,
                preset.evaluate(&pos),
                "{} {name}: preset and weights disagree",
                G::NAME
            );
            match WeightedEvaluator::<G>::factor_values(&pos) {
                Ok(values) => {
                    let phase = pos.phase();
                    let sum: f32 = values
                        .iter()
                        .enumerate()
                        .map(|(i, &(_, f))| resolved.weight_at(i, phase) * f)
                        .sum();
                    assert!(
                        (v as f32 - sum.round()).abs() <= 1.0,
                        "{} {name}: {v} vs {sum}",
                        G::NAME
                    );
                    assert!(v.abs() <= HEURISTIC_LIMIT);
                    for (n, f) in values {
                        assert!(
                            (-100.0..=100.0).contains(&f),
                            "{} factor {n} = {f}",
                            G::NAME
                        );
                    }
                }
                Err(outcome) => {
                    let expected = match outcome.sign_for(pos.side_to_move()) {
                        1 => TERMINAL_BASE + outcome.margin,
                        -1 => -(TERMINAL_BASE + outcome.margin),
                        _ => 0,
                    };
                    assert_eq!(v, expected, "{} {name}: terminal", G::NAME);
                }
            }
        }
    }
}

#[test]
fn othello_evaluation_is_the_weighted_sum_of_its_factors() {
    check_definition::<Othello>();
}

#[test]
fn connect4_evaluation_is_the_weighted_sum_of_its_factors() {
    check_definition::<ConnectFour>();
}

#[test]
fn draughts_evaluation_is_the_weighted_sum_of_its_factors() {
    check_definition::<Draughts>();
}

#[test]
fn finished_games_score_beyond_every_heuristic_value() {
    // A full board, X 40 discs against O 24: the side to move (X) has won by 16.
    let text = format!("{}{} X", "X".repeat(40), "O".repeat(24));
    let pos = Othello::parse_position(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(pos.outcome().is_some());
    let eval = Othello::heuristic("default").unwrap_or_else(|e| panic!("{e}"));
    let v = eval.evaluate(&pos);
    assert_eq!(v, TERMINAL_BASE + 16);
    assert!(v > HEURISTIC_LIMIT && v < EVAL_LIMIT);
    let lost = Othello::parse_position(&format!("{}{} O", "X".repeat(40), "O".repeat(24)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(eval.evaluate(&lost), -(TERMINAL_BASE + 16));
}

#[test]
fn zero_weights_are_not_computed_and_do_not_matter() {
    let with_zero = Weights::flat(
        "z",
        &[("coins", 3.0), ("mobility", 0.0), ("stability", 2.0)],
    );
    let without = Weights::flat("w", &[("coins", 3.0), ("stability", 2.0)]);
    let a = WeightedEvaluator::<Othello>::new(&with_zero).unwrap_or_else(|e| panic!("{e}"));
    let b = WeightedEvaluator::<Othello>::new(&without).unwrap_or_else(|e| panic!("{e}"));
    let mobility = Othello::factor_index("mobility").unwrap_or(usize::MAX);
    assert_eq!(a.resolved().enabled() & (1 << mobility), 0);
    assert_eq!(a.resolved().enabled(), b.resolved().enabled());
    for pos in positions::<Othello>(3, 5) {
        assert_eq!(a.evaluate(&pos), b.evaluate(&pos));
    }
}

#[test]
fn phase_weights_interpolate_between_opening_midgame_and_endgame() {
    let w = Weights::flat("p", &[]).with(
        "coins",
        Weight::Phased {
            opening: 10.0,
            midgame: 2.0,
            endgame: -6.0,
        },
    );
    let r = w.resolve::<Othello>().unwrap_or_else(|e| panic!("{e}"));
    let i = Othello::factor_index("coins").unwrap_or(usize::MAX);
    assert_eq!(r.weight_at(i, 0.0), 10.0);
    assert_eq!(r.weight_at(i, 0.25), 6.0);
    assert_eq!(r.weight_at(i, 0.5), 2.0);
    assert_eq!(r.weight_at(i, 0.75), -2.0);
    assert_eq!(r.weight_at(i, 1.0), -6.0);
    // Othello's phase follows the disc count: 0 at the start, 1 on a full board.
    assert_eq!(Othello::start().phase(), 0.0);
}

#[test]
fn weights_round_trip_through_json_and_the_cli_form() {
    let w = Othello::heuristic_weights("default").unwrap_or_else(|e| panic!("{e}"));
    let back = Weights::from_json(&w.to_json()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(w, back);
    let cli =
        Weights::parse_list("corners=10, coins=4,mobility=8/5/1").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cli.weights.get("corners"), Some(&Weight::Flat(10.0)));
    assert_eq!(
        cli.weights.get("mobility"),
        Some(&Weight::Phased {
            opening: 8.0,
            midgame: 5.0,
            endgame: 1.0
        })
    );
    let json = r#"{"game":"othello","weights":{"corners":10,"mobility":{"opening":8,"midgame":5,"endgame":1}}}"#;
    let parsed = Weights::from_json(json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed.weights.get("mobility"), cli.weights.get("mobility"));
}

#[test]
fn bad_weights_are_typed_errors_that_say_what_is_wrong() {
    let err = WeightedEvaluator::<Othello>::new(&Weights::flat("x", &[("cornerz", 1.0)])).err();
    match err {
        Some(HeuristicError::BadWeights(msg)) => {
            assert!(msg.contains("cornerz") && msg.contains("corners"), "{msg}")
        }
        other => panic!("expected BadWeights, got {other:?}"),
    }
    let mut w = Weights::flat("x", &[("coins", 1.0)]);
    w.game = Some("connect4".into());
    assert!(matches!(
        WeightedEvaluator::<Othello>::new(&w),
        Err(HeuristicError::BadWeights(_))
    ));
    assert!(matches!(
        Weights::from_json("{\"weights\": {\"coins\": \"a\"}}"),
        Err(HeuristicError::BadWeights(_))
    ));
    assert!(matches!(
        Weights::parse_list("coins"),
        Err(HeuristicError::BadWeights(_))
    ));
    assert!(matches!(
        Weights::parse_list("coins=1/2"),
        Err(HeuristicError::BadWeights(_))
    ));
    match Othello::heuristic("nope") {
        Err(HeuristicError::UnknownPreset { known, .. }) => assert!(known.contains("combine-2")),
        _ => panic!("expected UnknownPreset"),
    }
}

#[test]
fn every_game_lists_its_presets_with_default_first() {
    fn check<G: HasHeuristic>() {
        let names = G::heuristic_presets();
        assert_eq!(names.first(), Some(&"default"));
        for n in names {
            assert!(G::heuristic(n).is_ok(), "{} {n}", G::NAME);
        }
    }
    check::<Othello>();
    check::<ConnectFour>();
    check::<Draughts>();
    // The advertised names are exactly the preset lists, in order.
    for (names, list) in [
        (Othello::heuristic_presets(), presets::OTHELLO),
        (ConnectFour::heuristic_presets(), presets::CONNECT4),
        (Draughts::heuristic_presets(), presets::DRAUGHTS),
    ] {
        let listed: Vec<&str> = list.iter().map(|p| p.name).collect();
        let weighted: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| *n != ply_core::heuristic::games::OTHELLO_PATTERN)
            .collect();
        assert_eq!(weighted, listed);
        assert!(list.iter().all(|p| !p.provenance.is_empty()));
    }
    for name in [
        "paper-2019",
        "combine-2",
        "static-table",
        "coins",
        "corners",
        "mobility",
        "stability",
    ] {
        assert!(Othello::heuristic_presets().contains(&name), "{name}");
    }
    let c2 = Othello::heuristic_weights("combine-2").unwrap_or_default();
    for (f, w) in [
        ("corners", 10.0),
        ("coins", 4.0),
        ("mobility", 5.0),
        ("stability", 7.0),
    ] {
        assert_eq!(c2.weights.get(f), Some(&Weight::Flat(w)));
    }
}
