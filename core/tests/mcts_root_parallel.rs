//! Root-parallel MCTS (`MctsConfig::threads`): independent trees merged at the root. It plays
//! legal moves, finds a win in one that the exact solver names, spends exactly the playouts it
//! is given, and repeats itself for a seed and thread count.

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::Othello;
use ply_core::search::{
    Algorithm, ExactEvaluator, MctsConfig, SearchConfig, SearchResult, StopToken, search,
};
use ply_core::solve::connect4::Solver;

fn mcts<G: Game>(pos: &G, threads: u32, playouts: Option<u64>, time_ms: Option<u64>) -> SearchResult<G::Move> {
    let config = SearchConfig {
        algorithm: Algorithm::Mcts,
        time_ms,
        mcts: MctsConfig {
            playouts,
            threads,
            ..MctsConfig::default()
        },
        ..SearchConfig::default()
    };
    search(pos, &ExactEvaluator, &config, &StopToken::new())
}

/// The moves of `pos` that win at once, and the solver's score of `pos`.
fn wins_now(pos: &ConnectFour) -> (Vec<u8>, i32) {
    let wins = (0..7)
        .filter(|&c| pos.is_legal(c))
        .filter(|&c| {
            let mut child = *pos;
            child.play(c);
            child
                .outcome()
                .is_some_and(|o| o.winner == Some(pos.side_to_move()))
        })
        .collect();
    (wins, Solver::new(1 << 20).solve(pos))
}

#[test]
fn finds_a_win_in_one() {
    // X to move with three in a column (the opponent threatening the same), and with an open
    // three on the bottom row (two winning squares).
    for moves in ["121212", "717171", "445566"] {
        let pos = ConnectFour::parse_position(moves).unwrap();
        let (wins, score) = wins_now(&pos);
        assert!(!wins.is_empty() && score > 0, "{moves}: {wins:?} {score}");
        for threads in [1, 2, 4] {
            let r = mcts(&pos, threads, Some(2000), None);
            let mv = r.best_move.unwrap();
            assert!(wins.contains(&mv), "{moves}, {threads} threads: {mv} not in {wins:?}");
            assert!(r.score > 0, "{moves}, {threads} threads: {}", r.score);
        }
    }
}

#[test]
fn plays_legal_moves_and_spends_exactly_its_playouts() {
    let mut pos = Othello::start();
    let mut c4 = ConnectFour::start();
    for ply in 0..12 {
        let r = mcts(&pos, 3, Some(301), None);
        let mv = r.best_move.unwrap();
        assert!(pos.is_legal(mv), "ply {ply}: {mv:?}");
        assert_eq!(r.stats.playouts, 301);
        assert_eq!(r.pv.first(), Some(&mv));
        pos.play(mv);
        let r = mcts(&c4, 2, Some(200), None);
        let col = r.best_move.unwrap();
        assert!(c4.is_legal(col));
        assert_eq!(r.stats.playouts, 200);
        c4.play(col);
    }
    // A time budget alone: every thread stops at the deadline, with a legal move.
    let r = mcts(&pos, 2, None, Some(50));
    assert!(pos.is_legal(r.best_move.unwrap()) && r.completed && r.stats.playouts > 0);
}

#[test]
fn a_seed_and_thread_count_give_the_same_search() {
    let pos = Othello::parse_position("f5d6c3d3c4f4").unwrap();
    for threads in [2, 4] {
        let a = mcts(&pos, threads, Some(4000), None);
        let b = mcts(&pos, threads, Some(4000), None);
        assert_eq!(
            (a.best_move, a.score, &a.pv, a.stats.nodes, a.stats.tree_nodes),
            (b.best_move, b.score, &b.pv, b.stats.nodes, b.stats.tree_nodes),
            "{threads} threads"
        );
    }
}
