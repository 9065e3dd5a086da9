//! Paranoid, Max-N and Best-Reply Search on the Virus Game, Focus and Chinese Checkers, against plain recursive
//! versions written here from their definitions: pruning and every ordering (History-ADS, Threat-ADS,
//! killers, history, static) change node counts only.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig, DistanceEval};
use ply_core::games::focus::Focus;
use ply_core::games::focus::multi::StackControl;
use ply_core::games::virus::{Adjacency, SquaresEval, Virus, VirusConfig};
use ply_core::heuristic::multi::WeightedMulti;
use ply_core::search::StopToken;
use ply_core::search::config::AdsUpdate;
use ply_core::search::multi::{
    HistoryAds, LeafValue, MultiAlgorithm, MultiConfig, MultiEvaluator, MultiOrdering, MultiResult,
    search_multi, search_multi_avoiding,
};
use ply_core::search::ordering::ads::AdsList;
use proptest::prelude::*;

mod multi_plain;

use multi_plain::{brs_of, children, maxn_of, paranoid_of, played};

fn paranoid(pos: &Virus, depth: u32, root: u8) -> i32 {
    paranoid_of(pos, &SquaresEval, depth, root, LeafValue::Absolute)
}

fn maxn(pos: &Virus, depth: u32) -> Vec<i32> {
    maxn_of(pos, &SquaresEval, depth)
}

fn brs(pos: &Virus, depth: u32, root: u8, max_node: bool) -> i32 {
    brs_of(
        pos,
        &SquaresEval,
        depth,
        root,
        max_node,
        LeafValue::Absolute,
    )
}

fn run(pos: &Virus, config: MultiConfig) -> MultiResult<u8> {
    let r = search_multi(pos, &SquaresEval, &config, &StopToken::new());
    assert!(r.completed);
    r
}

fn config(algorithm: MultiAlgorithm, depth: u32, pruning: bool) -> MultiConfig {
    MultiConfig {
        pruning,
        ..MultiConfig::new(algorithm, depth)
    }
}

/// Positions from random play: setup, then `plies` random moves (stopping before the end).
fn position() -> impl Strategy<Value = Virus> {
    (
        4u8..=6,
        2u8..=4,
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(any::<u32>(), 0..12),
    )
        .prop_map(|(size, players, eight, claim_empty, picks)| {
            let start = Virus::new(VirusConfig {
                size,
                players,
                adjacency: if eight {
                    Adjacency::Eight
                } else {
                    Adjacency::Four
                },
                claim_empty,
                turn_limit: 0,
            })
            .expect("a valid setup");
            played(start, &picks)
        })
}

/// Killer, history and static ordering, alone and together.
fn move_orderings() -> Vec<MultiOrdering> {
    let mut out = Vec::new();
    for bits in 1..8u8 {
        out.push(MultiOrdering {
            killers: bits & 1 != 0,
            history: bits & 2 != 0,
            static_order: bits & 4 != 0,
        });
    }
    out
}

/// The squares evaluation with a pseudo-random fraction per player and position, so that no two
/// different positions tie for anyone: Max-N's vector then no longer depends on move order.
struct Untied;

const UNTIE: i32 = 1_000_000;

impl MultiEvaluator<Virus> for Untied {
    fn evaluate(&self, pos: &Virus, values: &mut [i32]) {
        SquaresEval.evaluate(pos, values);
        let h = pos.hash();
        for (p, v) in values.iter_mut().enumerate() {
            let mix = h
                .rotate_left(17 * p as u32)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
            *v = *v * UNTIE + (mix >> 40) as i32 % UNTIE;
        }
    }
    fn max_sum(&self, pos: &Virus) -> i32 {
        SquaresEval.max_sum(pos) * UNTIE + 4 * UNTIE
    }
}

/// Max-N by definition under [`Untied`].
fn maxn_untied(pos: &Virus, depth: u32) -> Vec<i32> {
    if depth == 0 || pos.outcome().is_some() {
        let mut v = vec![0; 4];
        Untied.evaluate(pos, &mut v);
        return v;
    }
    let me = pos.side_to_move() as usize;
    let mut best: Option<Vec<i32>> = None;
    for (_, c) in children(pos) {
        let v = maxn_untied(&c, depth - 1);
        if best.as_ref().is_none_or(|b| v[me] > b[me]) {
            best = Some(v);
        }
    }
    best.expect("a move")
}

fn orderings() -> Vec<MultiConfig> {
    let mut out = Vec::new();
    for ordering in move_orderings() {
        out.push(MultiConfig {
            ordering,
            history_ads: Some(HistoryAds {
                update: AdsUpdate::MoveToFront,
                limit: None,
                per_level: false,
                per_player: true,
            }),
            threat_ads: Some(AdsUpdate::MoveToFront),
            ..MultiConfig::new(MultiAlgorithm::BestReply, 0)
        });
        out.push(MultiConfig {
            ordering,
            ..MultiConfig::new(MultiAlgorithm::BestReply, 0)
        });
    }
    for history in [
        None,
        Some((AdsUpdate::MoveToFront, None, false)),
        Some((AdsUpdate::Transposition, None, false)),
        Some((AdsUpdate::MoveToFront, Some(3), false)),
        Some((AdsUpdate::MoveToFront, None, true)),
        Some((AdsUpdate::Transposition, Some(3), true)),
    ] {
        for threat in [
            None,
            Some(AdsUpdate::MoveToFront),
            Some(AdsUpdate::Transposition),
        ] {
            out.push(MultiConfig {
                history_ads: history.map(|(update, limit, per_level)| HistoryAds {
                    update,
                    limit,
                    per_level,
                    // Per-level lists are also tried per player (one list for each opponent).
                    per_player: per_level,
                }),
                threat_ads: threat,
                ..MultiConfig::new(MultiAlgorithm::BestReply, 0)
            });
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn paranoid_with_and_without_pruning_is_paranoid(pos in position(), depth in 1u32..=4) {
        let root = pos.side_to_move();
        let want = paranoid(&pos, depth, root);
        let plain = run(&pos, config(MultiAlgorithm::Paranoid, depth, false));
        let pruned = run(&pos, config(MultiAlgorithm::Paranoid, depth, true));
        prop_assert_eq!(plain.value, want);
        prop_assert_eq!(pruned.value, want);
        prop_assert!(pruned.nodes <= plain.nodes);
        // The move chosen is worth the value.
        let mv = pruned.best_move.expect("a move");
        let mut child = pos;
        child.play(mv);
        prop_assert_eq!(paranoid(&child, depth - 1, root), want);
    }

    /// The root moves a caller avoids are left out: Paranoid's value is then the best of the
    /// other root moves by the plain definition, and the move chosen is one of them; every
    /// engine keeps to the others; with every move avoided, the search is the plain one.
    #[test]
    fn avoided_root_moves_are_left_out_unless_all_are(pos in position(), depth in 1u32..=3) {
        let root = pos.side_to_move();
        let kids = children(&pos);
        prop_assume!(kids.len() >= 2);
        let best = run(&pos, config(MultiAlgorithm::Paranoid, depth, true))
            .best_move
            .expect("a move");
        let avoid = [best];
        let want = kids
            .iter()
            .filter(|(m, _)| *m != best)
            .map(|(_, c)| paranoid(c, depth - 1, root))
            .max()
            .expect("another move");
        let stop = StopToken::new();
        let r = search_multi_avoiding(
            &pos,
            &SquaresEval,
            &config(MultiAlgorithm::Paranoid, depth, true),
            &stop,
            &avoid,
        );
        prop_assert_eq!(r.value, want);
        prop_assert!(r.best_move.is_some_and(|m| m != best));
        for algorithm in [MultiAlgorithm::MaxN, MultiAlgorithm::BestReply, MultiAlgorithm::Mcts] {
            let c = config(algorithm, depth, true);
            let r = search_multi_avoiding(&pos, &SquaresEval, &c, &stop, &avoid);
            prop_assert!(r.best_move.is_some_and(|m| m != best), "{:?}", algorithm);
        }
        let all: Vec<u8> = kids.iter().map(|(m, _)| *m).collect();
        let c = config(MultiAlgorithm::Paranoid, depth, true);
        let r = search_multi_avoiding(&pos, &SquaresEval, &c, &stop, &all);
        prop_assert_eq!(r.value, paranoid(&pos, depth, root));
    }

    #[test]
    fn paranoid_with_any_ordering_is_paranoid(pos in position(), depth in 1u32..=4) {
        let root = pos.side_to_move();
        let want = paranoid(&pos, depth, root);
        for ordering in move_orderings() {
            for history_ads in [None, Some(HistoryAds { update: AdsUpdate::Transposition, limit: None, per_level: true, per_player: false }), Some(HistoryAds { update: AdsUpdate::MoveToFront, limit: Some(2), per_level: false, per_player: true })] {
                let c = MultiConfig { ordering, history_ads, ..config(MultiAlgorithm::Paranoid, depth, true) };
                let r = run(&pos, c);
                prop_assert_eq!(r.value, want, "{:?}", c);
                let mut child = pos;
                child.play(r.best_move.expect("a move"));
                prop_assert_eq!(paranoid(&child, depth - 1, root), want, "{:?}", c);
            }
        }
    }

    #[test]
    fn max_n_with_any_ordering_is_max_n_when_nothing_ties(pos in position(), depth in 1u32..=3) {
        let want = maxn_untied(&pos, depth);
        for ordering in move_orderings() {
            let c = MultiConfig { ordering, ..config(MultiAlgorithm::MaxN, depth, true) };
            let r = search_multi(&pos, &Untied, &c, &StopToken::new());
            prop_assert_eq!(&r.values, &want, "{:?}", c);
            let mut child = pos;
            child.play(r.best_move.expect("a move"));
            prop_assert_eq!(&maxn_untied(&child, depth - 1), &want, "{:?}", c);
        }
    }

    #[test]
    fn max_n_with_shallow_pruning_is_max_n(pos in position(), depth in 1u32..=4) {
        let want = maxn(&pos, depth);
        let plain = run(&pos, config(MultiAlgorithm::MaxN, depth, false));
        let pruned = run(&pos, config(MultiAlgorithm::MaxN, depth, true));
        prop_assert_eq!(&plain.values, &want);
        prop_assert_eq!(&pruned.values, &want);
        prop_assert_eq!(pruned.best_move, plain.best_move);
        prop_assert!(pruned.nodes <= plain.nodes);
    }

    #[test]
    fn brs_with_any_pruning_and_ordering_is_brs(pos in position(), depth in 1u32..=4) {
        let root = pos.side_to_move();
        let want = brs(&pos, depth, root, true);
        let plain = run(&pos, config(MultiAlgorithm::BestReply, depth, false));
        prop_assert_eq!(plain.value, want);
        for c in orderings() {
            let r = run(&pos, MultiConfig { depth, ..c });
            prop_assert_eq!(r.value, want, "{:?}", c);
            prop_assert!(r.nodes <= plain.nodes, "{:?}", c);
            // The move chosen is worth the value: the best reply to it leaves the root `want`.
            let mv = r.best_move.expect("a move");
            let mut child = pos;
            child.play(mv);
            prop_assert_eq!(brs(&child, depth - 1, root, false), want, "{:?}", c);
        }
    }
}

#[test]
fn threat_ads_moves_the_most_threatening_opponent_up() {
    let mut mtf = AdsList::new(AdsUpdate::MoveToFront, None);
    let mut tr = AdsList::new(AdsUpdate::Transposition, None);
    for q in [1u8, 2, 3] {
        mtf.query(q);
        tr.query(q);
    }
    assert_eq!(
        mtf.as_slice(),
        &[3, 2, 1],
        "each new opponent goes to the front"
    );
    assert_eq!(
        tr.as_slice(),
        &[2, 3, 1],
        "each new opponent enters at the rear and moves up one"
    );
    mtf.query(1);
    tr.query(1);
    assert_eq!(mtf.as_slice(), &[1, 3, 2]);
    assert_eq!(tr.as_slice(), &[2, 1, 3]);
}

#[test]
fn history_and_threat_ads_save_nodes_in_the_papers_virus_setting() {
    // Four players on 5x5, two turns each in; BRS at depth 4 with and without the ADS orderings.
    let mut pos = Virus::start();
    let mut moves = Vec::new();
    for _ in 0..8 {
        pos.legal_moves(&mut moves);
        pos.play(moves[moves.len() / 2]);
    }
    assert!(pos.outcome().is_none());
    let plain = run(&pos, config(MultiAlgorithm::BestReply, 4, true));
    let ordered = run(
        &pos,
        MultiConfig {
            history_ads: Some(HistoryAds {
                update: AdsUpdate::MoveToFront,
                limit: None,
                per_level: false,
                per_player: false,
            }),
            threat_ads: Some(AdsUpdate::MoveToFront),
            ..config(MultiAlgorithm::BestReply, 4, true)
        },
    );
    assert_eq!(ordered.value, plain.value);
    assert!(
        ordered.nodes < plain.nodes,
        "{} nodes with the ADS orderings, {} without",
        ordered.nodes,
        plain.nodes
    );
}

/// Focus positions from random play (2 to 4 players; tall stacks and reserves show up).
fn focus_position() -> impl Strategy<Value = Focus> {
    (2u8..=4, prop::collection::vec(any::<u32>(), 0..30)).prop_map(|(players, picks)| {
        let start = Focus::new(players).expect("a start");
        played(start, &picks)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// The engines on Focus, a game with a branching factor near 100: depths 1 and 2 (a depth-3
    /// plain search would visit a million nodes a case).
    #[test]
    fn the_engines_on_focus_are_their_definitions(pos in focus_position(), depth in 1u32..=2) {
        let root = pos.side_to_move();
        let run = |c: MultiConfig| {
            let r = search_multi(&pos, &StackControl, &c, &StopToken::new());
            assert!(r.completed);
            r
        };
        let want = paranoid_of(&pos, &StackControl, depth, root, LeafValue::Absolute);
        prop_assert_eq!(run(config(MultiAlgorithm::Paranoid, depth, true)).value, want);
        let want = maxn_of(&pos, &StackControl, depth);
        let pruned = run(config(MultiAlgorithm::MaxN, depth, true));
        prop_assert_eq!(&pruned.values, &want);
        prop_assert_eq!(pruned.best_move, run(config(MultiAlgorithm::MaxN, depth, false)).best_move);
        let want = brs_of(&pos, &StackControl, depth, root, true, LeafValue::Absolute);
        for c in orderings() {
            let r = run(MultiConfig { depth, ..c });
            prop_assert_eq!(r.value, want, "{:?}", c);
        }
    }
}

/// Chinese Checkers positions from random play for 2, 3, 4 and 6 players.
fn chinese_checkers_position() -> impl Strategy<Value = ChineseCheckers> {
    (0usize..4, prop::collection::vec(any::<u32>(), 0..60)).prop_map(|(seating, picks)| {
        let config = ChineseCheckersConfig {
            players: [2, 3, 4, 6][seating],
            ..ChineseCheckersConfig::default()
        };
        let start = ChineseCheckers::new(config).expect("a start");
        played(start, &picks)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// The engines on Chinese Checkers with the distance evaluation, up to six players.
    #[test]
    fn the_engines_on_chinese_checkers_are_their_definitions(
        pos in chinese_checkers_position(),
        depth in 1u32..=2,
    ) {
        let root = pos.side_to_move();
        let run = |c: MultiConfig| {
            let r = search_multi(&pos, &DistanceEval, &c, &StopToken::new());
            assert!(r.completed);
            r
        };
        let want = paranoid_of(&pos, &DistanceEval, depth, root, LeafValue::Absolute);
        prop_assert_eq!(run(config(MultiAlgorithm::Paranoid, depth, true)).value, want);
        let want = maxn_of(&pos, &DistanceEval, depth);
        prop_assert_eq!(&run(config(MultiAlgorithm::MaxN, depth, true)).values, &want);
        // A weighted preset's bound on the sum is what shallow pruning relies on.
        let weighted = WeightedMulti::<ChineseCheckers>::preset("no-stragglers").expect("a preset");
        let want = maxn_of(&pos, &weighted, depth);
        let c = config(MultiAlgorithm::MaxN, depth, true);
        prop_assert_eq!(&search_multi(&pos, &weighted, &c, &StopToken::new()).values, &want);
        let want = brs_of(&pos, &DistanceEval, depth, root, true, LeafValue::Absolute);
        for c in orderings() {
            let r = run(MultiConfig { depth, ..c });
            prop_assert_eq!(r.value, want, "{:?}", c);
        }
    }
}

/// A running multi-player search tells its stop token how far it got (an app's "thinking… N
/// positions"), and the finished one its total.
#[test]
fn the_stop_token_counts_the_nodes_searched() {
    let pos = ChineseCheckers::start_for_players(4).expect("four players");
    let eval = WeightedMulti::<ChineseCheckers>::preset("default").expect("preset");
    for algorithm in [
        MultiAlgorithm::BestReply,
        MultiAlgorithm::Paranoid,
        MultiAlgorithm::MaxN,
    ] {
        let stop = StopToken::new();
        let r = search_multi(&pos, &eval, &MultiConfig::new(algorithm, 4), &stop);
        assert!(r.nodes > 1024, "{algorithm:?}: {} nodes", r.nodes);
        assert_eq!(stop.nodes(), r.nodes, "{algorithm:?}");
    }
}
