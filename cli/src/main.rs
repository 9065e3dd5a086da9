//! `ply`: Ply in the terminal.

mod commands;
mod experiment;
mod games;
mod help;
mod http;
mod multi;
mod progress;
mod tournament;
mod wthor_games;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ply",
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("PLY_COMMIT"), ")"),
    about = "Board games with a real thinking engine: play, perft, search, solve, tournaments, experiments"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `ply`'s command line: `Cli`'s, with `ply --help` listing the commands in groups.
fn command_line() -> clap::Command {
    help::grouped(Cli::command())
}

#[derive(Subcommand)]
enum Command {
    /// Play in the terminal: against the engine, two players, or watch it play itself.
    Play(commands::play::Args),
    /// Count leaf nodes of the game tree (convention A: a pass is a ply, an ended game is a leaf).
    Perft(commands::perft::Args),
    /// Draw a position in the terminal.
    Show(commands::show::Args),
    /// Search a position with one engine and print the best move, score, PV and statistics.
    Search(commands::search::Args),
    /// Solve a position exactly (Connect Four from a move string, Othello endgames).
    Solve(commands::solve::Args),
    /// Review a finished game move by move: labels, values, best moves, accuracy.
    Review(commands::review::Args),
    /// Measure the engines: perft speed, node counts per algorithm and ordering, solver times.
    Bench(commands::bench::Args),
    /// Re-run a paper's experiment: a Markdown report with its data and plots.
    Experiment(commands::experiment::Args),
    /// Round-robin tournament between engine/heuristic specs, with Elo and a cross table.
    Tournament(commands::tournament::Args),
    /// Play engine-against-engine games and write them as records (JSONL).
    Selfplay(commands::selfplay::Args),
    /// Fit heuristic weights to recorded games by logistic regression.
    Tune(commands::tune::Args),
    /// Learn Othello's pattern evaluation from WTHOR game files.
    Train(commands::train::Args),
    /// Build Othello's opening book from WTHOR game files.
    Book(commands::book::Args),
    /// Othello's pattern evaluation beside the weighted heuristic on real games: error, depth
    /// swing, speed.
    Judgement(commands::judgement::Args),
    /// Calibrate ProbCut for Othello's pattern evaluation on positions of real games.
    Probcut(commands::probcut::Args),
    /// Upload finished games from an outbox directory to a collector server.
    Sync(commands::sync::Args),
    /// Export and summarise the games stored by a collector database.
    Records(commands::records::Args),
}

/// Rust ignores SIGPIPE, so a write to a closed pipe (`ply perft ... | head -n 1`) fails with
/// an error that `println!` turns into a panic. Tools on Unix die quietly of the signal
/// instead (status 141 in a shell); restoring its default action does that for every command.
/// Sockets are unaffected: the standard library sends with MSG_NOSIGNAL (SO_NOSIGPIPE on macOS).
#[cfg(unix)]
fn die_quietly_on_a_closed_pipe() {
    // SAFETY: called first thing in main, before any other thread exists; SIG_DFL is a valid
    // action for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    #[cfg(unix)]
    die_quietly_on_a_closed_pipe();
    let cli = match Cli::from_arg_matches(&command_line().get_matches()) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    };
    // `ply play --lang de` says its refusals in German, the word before them included.
    let lang = match &cli.command {
        Command::Play(args) => commands::play::chosen_lang(&args.lang).unwrap_or_default(),
        _ => ply_app::i18n::Lang::En,
    };
    let result = match cli.command {
        Command::Play(args) => commands::play::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Search(args) => commands::search::run(args),
        Command::Solve(args) => commands::solve::run(args),
        Command::Review(args) => commands::review::run(args),
        Command::Bench(args) => commands::bench::run(args),
        Command::Experiment(args) => commands::experiment::run(args),
        Command::Tournament(args) => commands::tournament::run(args),
        Command::Selfplay(args) => commands::selfplay::run(args),
        Command::Tune(args) => commands::tune::run(args),
        Command::Train(args) => commands::train::run(args),
        Command::Book(args) => commands::book::run(args),
        Command::Judgement(args) => commands::judgement::run(args),
        Command::Probcut(args) => commands::probcut::run(args),
        Command::Sync(args) => commands::sync::run(args),
        Command::Records(args) => commands::records::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{}", commands::play::error_line(lang, &err));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    /// clap checks its argument definitions only when a command is built: two flags with one id
    /// (a shared `GameArgs` and a command's own) would panic at the first use of that command.
    #[test]
    fn every_command_line_definition_is_consistent() {
        super::command_line().debug_assert();
    }
}
