//! History-ADS, killer and history tables: unit behaviour, and that ordering changes node counts
//! but never values.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod search_common;

use ply_core::Game;
use ply_core::search::ordering::MoveOrderer;
use ply_core::search::ordering::ads::{AdsList, AdsTable};
use ply_core::search::ordering::history::History;
use ply_core::search::ordering::killer::Killers;
use ply_core::search::{
    AdsConfig, AdsUpdate, Algorithm, HistoryIncrement, KillerMode, OrderingConfig, SearchConfig,
    StopToken, search,
};
use search_common::*;

#[test]
fn move_to_front_moves_the_queried_move_to_the_head() {
    let mut list = AdsList::new(AdsUpdate::MoveToFront, None);
    for m in [1, 2, 3] {
        list.query(m);
    }
    assert_eq!(list.as_slice(), &[3, 2, 1]);
    list.query(1);
    assert_eq!(list.as_slice(), &[1, 3, 2]);
    list.query(1);
    assert_eq!(list.as_slice(), &[1, 3, 2]);
    list.query(2);
    assert_eq!(list.as_slice(), &[2, 1, 3]);
}

#[test]
fn transposition_swaps_with_the_predecessor() {
    let mut list = AdsList::new(AdsUpdate::Transposition, None);
    // New moves are appended, then swapped one place up.
    list.query(1);
    assert_eq!(list.as_slice(), &[1]);
    list.query(2);
    assert_eq!(list.as_slice(), &[2, 1]);
    list.query(3);
    assert_eq!(list.as_slice(), &[2, 3, 1]);
    list.query(1);
    assert_eq!(list.as_slice(), &[2, 1, 3]);
    list.query(1);
    assert_eq!(list.as_slice(), &[1, 2, 3]);
    list.query(1);
    assert_eq!(list.as_slice(), &[1, 2, 3], "the head stays put");
}

#[test]
fn bound_n_forgets_the_element_pushed_past_n() {
    let mut mtf = AdsList::new(AdsUpdate::MoveToFront, Some(3));
    for m in [1, 2, 3] {
        mtf.query(m);
    }
    assert_eq!(mtf.as_slice(), &[3, 2, 1]);
    mtf.query(4);
    assert_eq!(mtf.as_slice(), &[4, 3, 2], "the N+1th (1) is forgotten");
    mtf.query(1);
    assert_eq!(
        mtf.as_slice(),
        &[1, 4, 3],
        "and comes back only as a new move"
    );

    let mut tr = AdsList::new(AdsUpdate::Transposition, Some(3));
    for m in [1, 2, 3] {
        tr.query(m);
    }
    assert_eq!(tr.as_slice(), &[2, 3, 1]);
    tr.query(4);
    assert_eq!(
        tr.as_slice(),
        &[2, 3, 4],
        "4 swaps above the rear; the old rear 1 drops out"
    );
    assert_eq!(tr.len(), 3);

    for n in [5, 20] {
        let mut list = AdsList::new(AdsUpdate::MoveToFront, Some(n));
        for m in 0..100 {
            list.query(m);
        }
        assert_eq!(list.len(), n);
        assert_eq!(list.as_slice()[0], 99);
        assert_eq!(list.as_slice()[n - 1], 100 - n as i32);
    }
}

#[test]
fn max_and_min_lists_are_separate() {
    let mut table = AdsTable::new(AdsConfig {
        update: AdsUpdate::MoveToFront,
        limit: None,
        per_level: false,
    });
    table.on_cutoff(0, 0, 10);
    table.on_cutoff(3, 1, 20);
    table.on_cutoff(5, 0, 11);
    assert_eq!(
        table.list(7, 0),
        &[11, 10],
        "one list for every side-0 node, at any level"
    );
    assert_eq!(table.list(2, 1), &[20]);
}

#[test]
fn per_level_lists_are_separate() {
    let mut table = AdsTable::new(AdsConfig {
        update: AdsUpdate::MoveToFront,
        limit: Some(5),
        per_level: true,
    });
    table.on_cutoff(1, 0, 10);
    table.on_cutoff(3, 0, 30);
    table.on_cutoff(3, 0, 31);
    table.on_cutoff(3, 1, 99);
    assert_eq!(table.list(1, 0), &[10]);
    assert_eq!(table.list(3, 0), &[31, 30]);
    assert_eq!(table.list(3, 1), &[99]);
    assert!(table.list(2, 0).is_empty());
    assert!(table.list(40, 1).is_empty());
}

#[test]
fn ads_orders_list_moves_first_in_list_order_then_generation_order() {
    let ordering = OrderingConfig {
        ads: Some(AdsConfig {
            update: AdsUpdate::MoveToFront,
            limit: None,
            per_level: false,
        }),
        ..OrderingConfig::none()
    };
    let mut orderer = MoveOrderer::<TicTacToe>::new(ordering);
    let pos = TicTacToe::start();
    for m in [2u8, 7, 5] {
        orderer.on_cutoff(0, 3, 4, m);
    }
    orderer.on_cutoff(1, 3, 4, 0);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    orderer.order(&pos, &mut moves, 3, None);
    assert_eq!(moves, vec![5, 7, 2, 0, 1, 3, 4, 6, 8]);
    // The TT move outranks the list.
    pos.legal_moves(&mut moves);
    orderer.order(&pos, &mut moves, 3, Some(8));
    assert_eq!(moves, vec![8, 5, 7, 2, 0, 1, 3, 4, 6]);
}

#[test]
fn killers_two_per_ply_and_global_list() {
    let mut k = Killers::new(KillerMode::PerPly);
    k.on_cutoff(2, 5);
    k.on_cutoff(2, 6);
    k.on_cutoff(2, 6);
    k.on_cutoff(2, 7);
    assert_eq!(k.at(2).collect::<Vec<_>>(), vec![7, 6]);
    assert!(k.at(1).next().is_none());
    let mut g = Killers::new(KillerMode::Global { n: 2 });
    g.on_cutoff(0, 1);
    g.on_cutoff(5, 2);
    g.on_cutoff(9, 3);
    assert_eq!(g.at(4).collect::<Vec<_>>(), vec![3, 2]);
    g.on_cutoff(1, 2);
    assert_eq!(g.at(0).collect::<Vec<_>>(), vec![2, 3]);
}

#[test]
fn history_increments_and_sides() {
    let mut h = History::new(HistoryIncrement::DepthSquared, 9);
    h.on_cutoff(0, 4, 3);
    h.on_cutoff(0, 4, 2);
    assert_eq!(h.score(0, 4), 13);
    assert_eq!(h.score(1, 4), 0);
    let mut h = History::new(HistoryIncrement::TwoPowDepth, 9);
    h.on_cutoff(1, 8, 5);
    assert_eq!(h.score(1, 8), 32);
    h.on_cutoff(1, 99, 5);
    assert_eq!(h.score(1, 99), 0, "keys outside the key space are ignored");
}

#[test]
fn ordering_changes_node_counts_not_values() {
    let pos = random_position(TicTacToe::start(), 3, 1);
    let eval = HashEval { range: 50 };
    let mut counts = Vec::new();
    for (name, ordering) in orderings() {
        let config = SearchConfig::fixed(Algorithm::AlphaBeta, 7, ordering);
        let r = search(&pos, &eval, &config, &StopToken::new());
        counts.push((name, r.stats.nodes, r.score));
    }
    let value = counts[0].2;
    assert!(counts.iter().all(|c| c.2 == value), "{counts:?}");
    let distinct: std::collections::BTreeSet<u64> = counts.iter().map(|c| c.1).collect();
    assert!(
        distinct.len() > 3,
        "orderings should differ in work: {counts:?}"
    );
}

#[test]
fn static_and_history_sorts_are_stable() {
    let pos = TicTacToe::start();
    let mut moves = Vec::new();
    let mut orderer = MoveOrderer::<TicTacToe>::new(OrderingConfig {
        static_order: true,
        ..OrderingConfig::none()
    });
    pos.legal_moves(&mut moves);
    orderer.order(&pos, &mut moves, 0, None);
    assert_eq!(moves, vec![4, 0, 2, 6, 8, 1, 3, 5, 7]);

    let config = OrderingConfig {
        static_order: true,
        history: Some(HistoryIncrement::DepthSquared),
        ..OrderingConfig::none()
    };
    let mut orderer = MoveOrderer::<TicTacToe>::new(config);
    orderer.on_cutoff(0, 5, 2, 7);
    orderer.on_cutoff(0, 5, 2, 5);
    orderer.on_cutoff(0, 5, 3, 1);
    orderer.on_cutoff(1, 5, 9, 3);
    pos.legal_moves(&mut moves);
    orderer.order(&pos, &mut moves, 0, None);
    // History 9 for move 1, 4 for 5 and 7 (static ties keep generation order), then by static.
    assert_eq!(moves, vec![1, 5, 7, 4, 0, 2, 6, 8, 3]);
}
