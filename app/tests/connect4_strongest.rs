//! Connect Four's strongest level plays perfectly (issue #50, item 1): level 10 never plays a
//! move that loses a won or drawn position, and past the opening book its move reaches the
//! position's exact score. Checked against independent truth: Pascal Pons' published scores
//! (his Begin-Hard set, positions of 1 to 14 stones with 28 or more plies left) and, on random
//! positions, the solver without a time or node limit; and the position, where a
//! depth-limited choice lost the win.
//!
//! The move gets a minute (the level's own time stands in the device's limits and the machine's
//! load), so that what is tested is the rule, not this machine's speed: the phone's times are in
//! docs/performance.md.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_app::limits::unlimited;
use ply_app::session::{PlayerKind, Session};
use ply_app::settings::{GameKind, SearchLimits, settings_for_difficulty};
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::search::score::{UNKNOWN_PLIES, decode_terminal};
use ply_core::solve::connect4::Solver;

/// How level 10 chose its move.
#[derive(Debug, PartialEq)]
enum Source {
    Book,
    /// The solver's exact score: a win or loss with its distance, or a draw (0: a search's even
    /// estimate would read the same, which the moves' checks below tell apart).
    Exact,
    /// A proven win or loss without its distance: the solver's outcome only.
    OutcomeOnly,
    /// The search, after a solve that did not end in its time.
    Search,
}

/// Level 10's move in `pos` and where it came from, with a minute for the move.
fn level_10_move(pos: &ConnectFour) -> (u8, Source) {
    let (mv, source, _) = level_10_move_within(pos, Some(60_000), 0);
    (mv, source)
}

/// Level 10's move in `pos` within `time_ms` (`None`: the level's own time) on a device of
/// `cores` cores (0: unknown, one thread), where it came from, and the milliseconds it took.
fn level_10_move_within(pos: &ConnectFour, time_ms: Option<u64>, cores: u32) -> (u8, Source, f64) {
    let computer = PlayerKind::Computer {
        settings: settings_for_difficulty(GameKind::ConnectFour, 10).unwrap(),
    };
    let session = Session::new(
        GameKind::ConnectFour,
        computer.clone(),
        computer,
        Some(pos.format_position()),
    )
    .unwrap();
    session.set_limits(unlimited());
    session.set_device_cores(cores);
    let played = session
        .computer_move(time_ms.map(|ms| SearchLimits {
            depth: None,
            time_ms: Some(ms),
        }))
        .unwrap();
    let mv = pos.parse_move(&played.played.notation).unwrap();
    let stats = &played.stats;
    // A book move is shown at depth 0 (no search iteration chose it).
    let source = match decode_terminal(stats.score) {
        // A book move is shown at depth 0 (no search iteration chose it).
        _ if stats.depth == 0 => Source::Book,
        Some((_, _, UNKNOWN_PLIES)) => Source::OutcomeOnly,
        Some(_) => Source::Exact,
        None if stats.score == 0 => Source::Exact,
        None => Source::Search,
    };
    (mv, source, stats.time_ms)
}

/// Positions of `stones` stones by random play, `count` of them, the same every run.
fn random_positions(stones: usize, count: usize, seed: u64) -> Vec<ConnectFour> {
    // A fixed linear congruential sequence.
    let mut state = seed;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = ConnectFour::start();
        let mut legal = Vec::new();
        for _ in 0..stones {
            pos.legal_moves(&mut legal);
            if pos.outcome().is_some() || legal.is_empty() {
                break;
            }
            pos.play(legal[next(legal.len() as u64) as usize]);
        }
        if pos.outcome().is_none() && pos.moves_played() == stones {
            out.push(pos);
        }
    }
    out
}

/// The exact score of `pos` after `mv`, from the mover's view.
fn score_after(solver: &mut Solver, pos: &ConnectFour, mv: u8) -> i32 {
    let mut child = *pos;
    child.play(mv);
    if child.is_won() {
        // The winner's immediate-win score (Pons' convention).
        (43 - pos.moves_played() as i32) / 2
    } else if child.outcome().is_some() {
        0
    } else {
        -solver.solve(&child)
    }
}

/// Pons' Begin-Hard positions: past the book, level 10's move reaches the published score; up
/// to the book's stones (where the book knows only outcomes), it keeps the published outcome.
#[test]
fn level_10_plays_the_published_scores() {
    let mut solver = Solver::new(1 << 24);
    let book_stones = ply_core::book::connect4::BOOK_PLIES;
    let set = include_str!("../../tests/data/connect4/Test_L1_R3");
    let mut past_the_book = 0;
    for line in set.lines().take(10) {
        let (moves, score) = line.split_once(' ').unwrap();
        let published: i32 = score.parse().unwrap();
        let pos = ConnectFour::parse_position(moves).unwrap();
        let (mv, source) = level_10_move(&pos);
        let reached = score_after(&mut solver, &pos, mv);
        if pos.moves_played() > book_stones {
            assert_eq!(source, Source::Exact, "{moves}");
            past_the_book += 1;
            assert_eq!(
                reached,
                published,
                "{moves}: column {} scores {reached}, the position {published}",
                mv + 1
            );
        } else {
            assert_eq!(source, Source::Book, "{moves}");
            assert_eq!(
                reached.signum(),
                published.signum(),
                "{moves}: column {} changes the outcome",
                mv + 1
            );
        }
    }
    assert!(
        past_the_book >= 5,
        "{past_the_book} positions past the book"
    );
}

/// The position (X to move wins only by column 5, `ply solve connect4 444445`) and two
/// random positions of each of 6 to 16 stones: level 10 keeps every won or drawn outcome, as
/// the solver without a limit finds it.
#[test]
fn level_10_never_loses_a_won_or_drawn_position() {
    let mut solver = Solver::new(1 << 24);
    let mut positions = vec![ConnectFour::parse_position("444445").unwrap()];
    for stones in 6..=16 {
        positions.extend(random_positions(stones, 2, 0x5eed_0010 + stones as u64));
    }
    for pos in &positions {
        let outcome = solver.solve_weak(pos);
        let (mv, source) = level_10_move(pos);
        assert_eq!(source, Source::Exact, "{}", pos.format_position());
        assert_eq!(
            score_after(&mut solver, pos, mv).signum(),
            outcome,
            "{}: column {} changes the outcome",
            pos.format_position(),
            mv + 1
        );
    }
    let (mv, _) = level_10_move(&positions[0]);
    assert_eq!(mv, 4, "444445: column 5 wins");
}

/// Level 10's own time on this machine's cores, measured (not a test of speed): for random
/// positions of 4 to 12 stones, how each move was chosen (book, exact score, outcome only, or the search after a
/// solve that did not end in half the time) and its wall time, with whether the move kept the
/// outcome (the book's up to its stones, else the solver's). `cargo test --release -p ply-app
/// --test connect4_strongest -- --ignored --nocapture`
#[test]
#[ignore]
fn level_10_own_time_measured() {
    let book = ply_core::book::connect4::embedded().unwrap();
    // This machine's cores, as a phone reports its own: level 10 solves on up to four threads.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let mut solver = Solver::new(1 << 26);
    let mut outcome_of =
        |pos: &ConnectFour| book.outcome(pos).unwrap_or_else(|| solver.solve_weak(pos));
    println!(
        "| stones | positions | book | exact | outcome only | search | outcome kept | mean / longest |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for stones in 4..=12 {
        let positions = random_positions(stones, 12, 0x5eed_1000 + stones as u64);
        let (mut booked, mut exact, mut outcome, mut search, mut kept) = (0, 0, 0, 0, 0);
        let mut times = Vec::new();
        for pos in &positions {
            let (mv, source, ms) = level_10_move_within(pos, None, cores);
            times.push(ms);
            match source {
                Source::Book => booked += 1,
                Source::Exact => exact += 1,
                Source::OutcomeOnly => outcome += 1,
                Source::Search => search += 1,
            }
            let mut child = *pos;
            child.play(mv);
            let after = if child.is_won() {
                1
            } else if child.outcome().is_some() {
                0
            } else {
                -outcome_of(&child)
            };
            if after == outcome_of(pos) {
                kept += 1;
            }
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let longest = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "| {stones} | {} | {booked} | {exact} | {outcome} | {search} | {kept} | {:.2} / {:.2} s |",
            positions.len(),
            mean / 1000.0,
            longest / 1000.0
        );
    }
    // A drawn six-stone position whose exact solve takes 24 s on one thread with 16 MiB.
    let hard = ConnectFour::parse_position("771244").unwrap();
    let (mv, source, ms) = level_10_move_within(&hard, None, cores);
    let mut child = hard;
    child.play(mv);
    println!(
        "771244: column {} ({source:?}, outcome kept: {}) in {:.2} s",
        mv + 1,
        -outcome_of(&child) == outcome_of(&hard),
        ms / 1000.0
    );
}
