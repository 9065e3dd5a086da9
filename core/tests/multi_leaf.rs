//! The relative leaf value of Paranoid and Best-Reply Search ([`LeafValue::Relative`]): the
//! searches' values equal plain recursive versions written here that value a leaf by the root
//! player's entry of the evaluation's vector minus the largest other entry, recomputed from
//! [`MultiEvaluator::evaluate`]; Max-N ignores the setting; the default stays absolute.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::focus::Focus;
use ply_core::games::virus::{Adjacency, SquaresEval, Virus, VirusConfig};
use ply_core::heuristic::multi::WeightedMulti;
use ply_core::search::StopToken;
use ply_core::search::multi::{
    LeafValue, MultiAlgorithm, MultiConfig, MultiEvaluator, search_multi,
};
use proptest::prelude::*;

mod multi_plain;

use multi_plain::{brs_of, paranoid_of, played};

fn relative_config(algorithm: MultiAlgorithm, depth: u32) -> MultiConfig {
    MultiConfig {
        leaf: LeafValue::Relative,
        ..MultiConfig::new(algorithm, depth)
    }
}

fn focus_position() -> impl Strategy<Value = Focus> {
    (2u8..=4, prop::collection::vec(any::<u32>(), 0..40)).prop_map(|(players, picks)| {
        let start = Focus::new(players).expect("a start");
        played(start, &picks)
    })
}

fn virus_position() -> impl Strategy<Value = Virus> {
    (2u8..=4, prop::collection::vec(any::<u32>(), 0..12)).prop_map(|(players, picks)| {
        let start = Virus::new(VirusConfig {
            size: 5,
            players,
            adjacency: Adjacency::Eight,
            claim_empty: true,
            turn_limit: 0,
        })
        .expect("a valid setup");
        played(start, &picks)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Focus (branching near 100): depths 1 and 2.
    #[test]
    fn relative_paranoid_and_brs_on_focus_are_their_definitions(
        pos in focus_position(),
        depth in 1u32..=2,
    ) {
        let ev = WeightedMulti::<Focus>::preset("default").expect("preset");
        let root = pos.side_to_move();
        let stop = StopToken::new();
        let p = search_multi(&pos, &ev, &relative_config(MultiAlgorithm::Paranoid, depth), &stop);
        prop_assert_eq!(p.value, paranoid_of(&pos, &ev, depth, root, LeafValue::Relative));
        let b = search_multi(&pos, &ev, &relative_config(MultiAlgorithm::BestReply, depth), &stop);
        prop_assert_eq!(b.value, brs_of(&pos, &ev, depth, root, true, LeafValue::Relative));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn relative_paranoid_and_brs_on_virus_are_their_definitions(
        pos in virus_position(),
        depth in 1u32..=3,
    ) {
        let root = pos.side_to_move();
        let stop = StopToken::new();
        let p = search_multi(&pos, &SquaresEval, &relative_config(MultiAlgorithm::Paranoid, depth), &stop);
        prop_assert_eq!(p.value, paranoid_of(&pos, &SquaresEval, depth, root, LeafValue::Relative));
        let b = search_multi(&pos, &SquaresEval, &relative_config(MultiAlgorithm::BestReply, depth), &stop);
        prop_assert_eq!(b.value, brs_of(&pos, &SquaresEval, depth, root, true, LeafValue::Relative));
    }

    /// Max-N reads every player's own entry: the leaf setting changes nothing, pruning
    /// included (its bound needs non-negative entries).
    #[test]
    fn max_n_ignores_the_leaf_value(pos in virus_position(), depth in 1u32..=3) {
        let stop = StopToken::new();
        let absolute = search_multi(&pos, &SquaresEval, &MultiConfig::new(MultiAlgorithm::MaxN, depth), &stop);
        let rel = search_multi(&pos, &SquaresEval, &relative_config(MultiAlgorithm::MaxN, depth), &stop);
        prop_assert_eq!((absolute.best_move, absolute.values, absolute.nodes), (rel.best_move, rel.values, rel.nodes));
    }
}

/// The default is the papers' absolute value, and a relative value differs from it where the
/// opponents hold anything: at Focus's two-player start each side's stacks and reserve are
/// equal, so the relative value after the root's best single move is small, the absolute one
/// the player's whole material.
#[test]
fn the_default_is_absolute_and_relative_differs() {
    assert_eq!(
        MultiConfig::new(MultiAlgorithm::BestReply, 1).leaf,
        LeafValue::Absolute
    );
    let pos = Focus::new(2).expect("a start");
    let ev = WeightedMulti::<Focus>::preset("default").expect("preset");
    let stop = StopToken::new();
    let abs = search_multi(
        &pos,
        &ev,
        &MultiConfig::new(MultiAlgorithm::BestReply, 1),
        &stop,
    );
    let rel = search_multi(
        &pos,
        &ev,
        &relative_config(MultiAlgorithm::BestReply, 1),
        &stop,
    );
    let mut v = vec![0; 4];
    ev.evaluate(&pos, &mut v);
    assert_eq!(v[0], v[1], "the start is symmetric");
    assert!(abs.value >= v[0] - 1, "{} against {}", abs.value, v[0]);
    assert!(rel.value.abs() <= 2, "{}", rel.value);
}
