//! Root-parallel MCTS (`MctsConfig::threads`): independent trees merged at the root. It plays
//! legal moves, finds a win in one that the exact solver names, spends exactly the playouts it
//! is given, and repeats itself for a seed and thread count.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::Othello;
use ply_core::search::{
    Algorithm, ExactEvaluator, MctsConfig, SearchConfig, SearchResult, StopToken, search,
};
use ply_core::solve::connect4::Solver;

fn mcts<G: Game>(
    pos: &G,
    threads: u32,
    playouts: Option<u64>,
    time_ms: Option<u64>,
) -> SearchResult<G::Move> {
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
            assert!(
                wins.contains(&mv),
                "{moves}, {threads} threads: {mv} not in {wins:?}"
            );
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
            (
                a.best_move,
                a.score,
                &a.pv,
                a.stats.nodes,
                a.stats.tree_nodes
            ),
            (
                b.best_move,
                b.score,
                &b.pv,
                b.stats.nodes,
                b.stats.tree_nodes
            ),
            "{threads} threads"
        );
    }
}

/// One Connect Four game from `opening`: `first` plays the first stone after it. Returns the
/// result for `first`.
fn play_game(opening: &str, first: (u32, u64), second: (u32, u64)) -> ply_core::elo::Wdl {
    use ply_core::elo::Wdl;
    let mut pos = ConnectFour::parse_position(opening).unwrap();
    let first_side = pos.side_to_move();
    while pos.outcome().is_none() {
        let (threads, playouts) = if pos.side_to_move() == first_side {
            first
        } else {
            second
        };
        let r = mcts(&pos, threads, Some(playouts), None);
        pos.play(r.best_move.unwrap());
    }
    match pos.outcome().and_then(|o| o.winner) {
        None => Wdl::DRAW,
        Some(w) if w == first_side => Wdl::WIN,
        Some(_) => Wdl::LOSS,
    }
}

/// Two trees against one at equal wall time on free cores, played without needing free cores:
/// the trees are independent, so two threads run twice one thread's playouts in its time, and
/// the match gives the two-tree player twice the playouts (each tree as many as the one-tree
/// player's). A second match at equal playouts shows what merging costs against one deeper
/// tree. Connect Four, every 2-stone opening, both colours (98 games a match).
/// `cargo test -p ply-core --release --test mcts_root_parallel -- --ignored --nocapture`
#[test]
#[ignore]
fn two_trees_against_one_at_equal_time_and_equal_playouts() {
    use ply_core::elo::{Elo, Wdl};
    let playouts = 3000;
    for (label, two) in [("equal time", 2 * playouts), ("equal playouts", playouts)] {
        let mut score = Wdl::default();
        for a in 1..=7 {
            for b in 1..=7 {
                let opening = format!("{a}{b}");
                score.add(play_game(&opening, (2, two), (1, playouts)));
                let r = play_game(&opening, (1, playouts), (2, two));
                score.add(Wdl {
                    wins: r.losses,
                    draws: r.draws,
                    losses: r.wins,
                });
            }
        }
        println!(
            "two trees ({two} playouts) vs one tree ({playouts}), {label}: {}-{}-{}, {:.1}%, Elo {}",
            score.wins,
            score.draws,
            score.losses,
            100.0 * score.score(),
            Elo::from_wdl(score).display()
        );
    }
}
