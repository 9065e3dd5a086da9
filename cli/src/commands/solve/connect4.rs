//! `ply solve connect4 <moves>`: the exact score of a position given as column digits.
//!
//! Prints the best move, the outcome in words, nodes and time, then the score alone on the last
//! line (the convention of `tests/data/connect4/README.md`: side to move's view, positive = win).
//!
//! Early positions take long: the empty board costs minutes of a fast laptop. Below
//! [`WARN_BELOW_MOVES`] stones a note on stderr says so, unless `--time-ms` bounds the solve.

use anyhow::{Result, anyhow, bail};
use ply_core::Game;
use ply_core::book::connect4::{self as book, BOOK_PLIES};
use ply_core::games::connect4::ConnectFour;
use ply_core::solve::connect4::{Solver, stones_to_win};
use std::time::Instant;

/// Positions with fewer stones than this may take minutes to solve.
pub const WARN_BELOW_MOVES: usize = 10;

pub fn run(args: &super::Args) -> Result<()> {
    if let Some(stones) = args.book {
        return write_book(stones, args);
    }
    let text = match (&args.moves, &args.position) {
        (Some(_), Some(_)) => {
            bail!("give the moves either as an argument or with --position, not both")
        }
        (Some(t), None) | (None, Some(t)) => t.as_str(),
        (None, None) => "",
    };
    let pos = ConnectFour::parse_position(text)
        .map_err(|e| anyhow!("bad connect4 position '{text}': {e}"))?;
    let mut solver = Solver::new(args.tt_bytes()?);
    let threads = args.threads()?;
    solver.set_threads(threads);
    let started = Instant::now();
    if let Some(outcome) = pos.outcome() {
        println!(
            "game over: {}",
            match outcome.winner {
                Some(0) => "X (first player) has four in a row",
                Some(_) => "O (second player) has four in a row",
                None => "the board is full, a draw",
            }
        );
        println!("{}", solver.solve(&pos));
        return Ok(());
    }
    if pos.moves_played() < WARN_BELOW_MOVES && args.time_ms.is_none() {
        eprintln!(
            "note: {} stones on the board; an exact solve with fewer than {WARN_BELOW_MOVES} may \
             take minutes (the empty board several). Bound it with --time-ms, or start from a \
             position further into the game.",
            pos.moves_played()
        );
    }
    if let Some(outcome) = book::embedded().and_then(|b| b.outcome(&pos)) {
        let mover = if pos.side_to_move() == 0 { "X" } else { "O" };
        let words = match outcome {
            1 => "wins",
            0 => "draws",
            _ => "loses",
        };
        eprintln!("note: the opening book says {mover} (to move) {words} with perfect play");
    }
    let cancel = super::deadline(args.time_ms);
    let spinner = crate::progress::spinner("solving", false);
    let found = solver.best_move_with_cancel(&pos, &cancel);
    spinner.finish_and_clear();
    let (best, score) = match found {
        Ok(Some(found)) => found,
        Ok(None) => bail!("no legal move in a game that is not over"),
        Err(_) => super::unfinished(args.time_ms, solver.nodes()),
    };
    let elapsed = started.elapsed();
    let mover = if pos.side_to_move() == 0 { "X" } else { "O" };
    let nth = |k: u32| match k {
        1 => "next stone".to_string(),
        k => format!("stone {k} from now"),
    };
    let verdict = match stones_to_win(score, pos.moves_played()) {
        None => "draw with perfect play".to_string(),
        Some(k) if score > 0 => format!("{mover} (to move) wins with its {}", nth(k)),
        Some(k) => format!(
            "{mover} (to move) loses: the opponent wins with its {}",
            nth(k)
        ),
    };
    println!("best move: {}", pos.format_move(best));
    println!("{verdict}");
    println!(
        "nodes: {} in {:.3?} (table {} MiB, {threads} thread{}, {:.2} searching on average)",
        solver.nodes(),
        elapsed,
        solver.table_bytes() >> 20,
        if threads == 1 { "" } else { "s" },
        solver.mean_busy_threads()
    );
    println!("{score}");
    Ok(())
}

/// `--book STONES`: the opening book's text on stdout.
fn write_book(stones: usize, args: &super::Args) -> Result<()> {
    // Past 8 stones the book would hold hundreds of thousands of positions: days of solving.
    if !(1..=8).contains(&stones) {
        bail!("--book {stones}: give 1 to 8 stones (the shipped book has {BOOK_PLIES})");
    }
    let threads = args.threads()?;
    let tt = args.tt_bytes()?;
    let positions = book::positions(stones);
    let bar = crate::progress::bar(positions.len() as u64, "positions solved", false);
    let entries = book::solve_all(&positions, threads, tt, &|done, _| {
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    print!("{}", book::Book::format(&positions, &entries));
    Ok(())
}
