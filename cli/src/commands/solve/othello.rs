//! `ply solve othello --position P`: exact endgame value and best move.
//!
//! Output (one `key: value` per line, the exact score alone on the last line):
//! ```text
//! position: <64 squares + side>
//! empties: 20
//! to move: X (black)
//! best move: a2
//! pv: a2 b1 ...
//! nodes: 29501406
//! threads: 2 (1.83 searching on average)
//! time: 1.234 s (23.9 M nodes/s)
//! listed: +38 (matches)          <- only for OBF lines with a move list
//! score: +38
//! 38
//! ```

use anyhow::{Context, Result, anyhow, bail};
use ply_core::Game;
use ply_core::games::othello::{Othello, parse_obf};
use ply_core::solve::othello::solve_parallel;

pub fn run(args: &super::Args) -> Result<()> {
    if let Some(moves) = &args.moves {
        bail!("`ply solve othello` takes --position, not a move string ('{moves}')");
    }
    let Some(text) = &args.position else {
        bail!(
            "`ply solve othello` needs --position (64 squares + side to move, an OBF line, or a transcript)"
        );
    };
    let pos = Othello::parse_position(text)
        .map_err(|e| anyhow!("{e}"))
        .with_context(|| format!("bad --position for othello: '{text}'"))?;
    let listed = if text.contains(';') {
        parse_obf(text).ok().and_then(|entry| entry.best_score())
    } else {
        None
    };
    let tt_bytes = args.tt_bytes()?;
    let threads = args.threads()?;
    let empties = pos.empty_count();
    if empties > 30 {
        eprintln!(
            "note: {empties} empties; an exact solve may take a very long time (bound it with --time-ms)"
        );
    }
    let cancel = super::deadline(args.time_ms);
    let spinner = crate::progress::spinner("solving", false);
    let result = solve_parallel(&pos, tt_bytes, threads, Some(&cancel), None);
    spinner.finish_and_clear();
    if !result.complete {
        super::unfinished(args.time_ms, result.nodes);
    }
    let secs = result.elapsed.as_secs_f64();
    println!("position: {}", pos.format_position());
    println!("empties: {empties}");
    println!(
        "to move: {}",
        if pos.side_to_move() == 0 {
            "X (black)"
        } else {
            "O (white)"
        }
    );
    match result.best_move {
        Some(mv) => println!("best move: {}", pos.format_move(mv)),
        None => println!("best move: none (the game is over)"),
    }
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    println!("pv: {}", pv.join(" "));
    println!("nodes: {}", result.nodes);
    println!(
        "threads: {threads} ({:.2} searching on average)",
        result.mean_busy_threads
    );
    println!(
        "time: {secs:.3} s ({:.1} M nodes/s)",
        result.nodes as f64 / secs.max(1e-9) / 1e6
    );
    if let Some(want) = listed {
        let verdict = if want == result.score {
            "matches"
        } else {
            "DIFFERS"
        };
        println!("listed: {want:+} ({verdict})");
    }
    println!("score: {:+}", result.score);
    println!("{}", result.score);
    Ok(())
}
