//! The multi-player weighted heuristic: each game's default preset is the evaluation the
//! engines were checked with, every preset keeps the bounds Max-N's pruning relies on, values are
//! linear in the weights, and bad weights are refused with the reason.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig, DistanceEval};
use ply_core::games::focus::Focus;
use ply_core::games::focus::multi::StackControl;
use ply_core::games::virus::{SquaresEval, Virus, VirusConfig};
use ply_core::heuristic::multi::{MultiFactors, WeightedMulti, preset_names, preset_weights};
use ply_core::heuristic::{HeuristicError, Weight, Weights};
use ply_core::search::multi::MultiEvaluator;

/// Positions from random games (a xorshift stream), the finished ones included.
fn positions<G: Game>(starts: &[G], per_start: usize, max_plies: u64) -> Vec<G> {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for start in starts {
        for _ in 0..per_start {
            let mut pos = *start;
            for _ in 0..next() % max_plies {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[(next() % moves.len() as u64) as usize]);
            }
            out.push(pos);
        }
    }
    out
}

fn virus_positions() -> Vec<Virus> {
    let starts: Vec<Virus> = (2..=4)
        .map(|players| {
            Virus::new(VirusConfig {
                players,
                ..VirusConfig::default()
            })
            .expect("a start")
        })
        .collect();
    positions(&starts, 60, 30)
}

fn focus_positions() -> Vec<Focus> {
    let starts: Vec<Focus> = (2..=4).map(|n| Focus::new(n).expect("a start")).collect();
    let mut out = positions(&starts, 40, 200);
    // Random play seldom ends Focus: one won game, player 1 on top of the last stack.
    let won = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,21,.,.,.,./.,.,.,.,.,.,.,./\
               .,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. 2 players=2 reserve=0,0 captured=0,0";
    out.push(Focus::parse_position(won).expect("a position"));
    out
}

fn chinese_checkers_positions() -> Vec<ChineseCheckers> {
    let starts: Vec<ChineseCheckers> = [2, 3, 4, 6]
        .iter()
        .map(|&players| {
            ChineseCheckers::new(ChineseCheckersConfig {
                players,
                ..ChineseCheckersConfig::default()
            })
            .expect("a start")
        })
        .collect();
    positions(&starts, 30, 400)
}

fn values<G: Game>(ev: &dyn MultiEvaluator<G>, pos: &G) -> Vec<i32> {
    let mut v = vec![0; 6];
    ev.evaluate(pos, &mut v);
    v
}

/// The default preset gives every player of an unfinished game the value of the evaluation the
/// engines and experiments use.
fn default_is<G: MultiFactors>(reference: &dyn MultiEvaluator<G>, positions: &[G]) {
    let weighted = WeightedMulti::<G>::preset("default").expect("a default preset");
    let mut compared = 0;
    for pos in positions.iter().filter(|p| p.outcome().is_none()) {
        assert_eq!(
            values(&weighted, pos),
            values(reference, pos),
            "{}",
            pos.format_position()
        );
        compared += 1;
    }
    assert!(compared > positions.len() / 2, "{compared} unfinished");
}

#[test]
fn each_default_preset_is_the_engines_evaluation() {
    default_is(&SquaresEval, &virus_positions());
    default_is(&StackControl, &focus_positions());
    default_is(&DistanceEval, &chinese_checkers_positions());
}

/// Every value is in `0..=max_sum`, they sum to at most `max_sum`, and a winner gets exactly
/// `max_sum` (more than any unfinished position gives).
fn bounds_hold<G: MultiFactors>(positions: &[G]) -> usize {
    let mut finished = 0;
    for name in preset_names::<G>() {
        let ev = WeightedMulti::<G>::preset(name).expect("a preset");
        for pos in positions {
            let v = values(&ev, pos);
            let top = ev.max_sum(pos);
            let text = pos.format_position();
            assert!(
                v.iter().all(|&x| (0..=top).contains(&x)),
                "{name}: {v:?} {text}"
            );
            assert!(
                v.iter().sum::<i32>() <= top,
                "{name}: {v:?} > {top}: {text}"
            );
            if let Some(w) = pos.outcome().and_then(|o| o.winner) {
                finished += 1;
                assert_eq!(v[usize::from(w)], top, "{name}: {text}");
            }
        }
    }
    finished
}

#[test]
fn every_preset_keeps_the_bounds_max_n_prunes_with() {
    assert!(bounds_hold(&virus_positions()) > 0);
    assert!(bounds_hold(&focus_positions()) > 0);
    // Random moves never fill a corner: add the two-player game won by the first player.
    let mut cc = chinese_checkers_positions();
    cc.push(two_player_won());
    assert!(bounds_hold(&cc) > 0);
}

/// With whole-number weights, the values of a sum of weights are the sums of the values.
fn linear<G: MultiFactors>(positions: &[G]) {
    let factors: Vec<&str> = G::FACTORS.iter().map(|f| f.name).collect();
    let single = |i: usize, w: f32| {
        WeightedMulti::<G>::new(&Weights::flat("one", &[(factors[i], w)])).expect("weights")
    };
    let all: Vec<(&str, f32)> = factors
        .iter()
        .enumerate()
        .map(|(i, &f)| (f, i as f32 + 1.0))
        .collect();
    let combined = WeightedMulti::<G>::new(&Weights::flat("all", &all)).expect("weights");
    for pos in positions.iter().filter(|p| p.outcome().is_none()) {
        let mut sum = vec![0; 6];
        for i in 0..factors.len() {
            for (s, v) in sum.iter_mut().zip(values(&single(i, i as f32 + 1.0), pos)) {
                *s += v;
            }
        }
        assert_eq!(values(&combined, pos), sum, "{}", pos.format_position());
    }
}

#[test]
fn values_are_linear_in_the_weights() {
    linear(&virus_positions());
    linear(&focus_positions());
    linear(&chinese_checkers_positions());
}

/// Two players, each on the other's start corner: both targets filled with own pieces, and the
/// first player (the lowest seat) the winner.
fn two_player_won() -> ChineseCheckers {
    let two = ChineseCheckersConfig {
        players: 2,
        ..ChineseCheckersConfig::default()
    };
    let text = ChineseCheckers::new(two)
        .expect("a start")
        .format_position();
    let (rows, rest) = text.split_once(' ').expect("fields");
    let swapped: String = rows
        .chars()
        .map(|c| match c {
            'a' => 'b',
            'b' => 'a',
            c => c,
        })
        .collect();
    let won = ChineseCheckers::parse_position(&format!("{swapped} {rest}")).expect("a position");
    assert_eq!(won.outcome().and_then(|o| o.winner), Some(0));
    won
}

#[test]
fn chinese_checkers_factors_at_the_start_and_with_the_target_filled() {
    let two = ChineseCheckersConfig {
        players: 2,
        ..ChineseCheckersConfig::default()
    };
    let start = ChineseCheckers::new(two).expect("a start");
    let mut f = [0f32; 32];
    start.player_factors(0, &mut f);
    // Progress 0, nobody home, the hindmost piece on the far tip (16 steps from the target's).
    assert_eq!(&f[..3], &[0.0, 0.0, 0.0]);
    let home = two_player_won();
    home.player_factors(0, &mut f);
    // 120 steps made, ten home, and the hindmost piece three rows from the tip.
    assert_eq!(&f[..3], &[120.0, 10.0, 13.0]);
}

#[test]
fn bad_weights_are_refused_with_the_reason() {
    let refuse = |w: Weights, needle: &str| match WeightedMulti::<Focus>::new(&w) {
        Err(HeuristicError::BadWeights(why)) => assert!(why.contains(needle), "{why}"),
        other => panic!("{needle}: {other:?}"),
    };
    refuse(
        Weights::flat("x", &[("height", 1.0)]),
        "unknown factor 'height'",
    );
    refuse(Weights::flat("x", &[("stacks", -1.0)]), "not negative");
    refuse(Weights::flat("x", &[("stacks", f32::NAN)]), "finite");
    refuse(
        Weights::flat("x", &[]).with(
            "stacks",
            Weight::Phased {
                opening: 1.0,
                midgame: 1.0,
                endgame: 1.0,
            },
        ),
        "no game phases",
    );
    let mut other_game = preset_weights::<Virus>("default").expect("a preset");
    other_game.game = Some("virus".into());
    refuse(other_game, "weights are for 'virus'");
    assert!(matches!(
        WeightedMulti::<Focus>::preset("nope"),
        Err(HeuristicError::UnknownPreset { .. })
    ));
}
