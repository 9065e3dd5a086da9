//! `ply book othello`: builds the opening book from WTHOR game files.

use crate::wthor_games::{Loaded, WthorGames, write_atomically};
use anyhow::Result;
use ply_core::Game;
use ply_core::book::othello::{Book, MIN_GAMES, PLIES};
use ply_core::games::othello::Othello;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: WthorGames,
    /// Where to write the book.
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run(args: Args) -> Result<()> {
    let spinner = crate::progress::spinner("reading the games and building the book", false);
    let Loaded { games, skipped, .. } = args.input.load()?;
    let book = Book::build(&games);
    spinner.finish_and_clear();
    let bytes = book.to_bytes();
    write_atomically(&args.out, &bytes)?;
    let mut line = Vec::new();
    let mut pos = Othello::start();
    while let Some(m) = book.best(&pos) {
        line.push(pos.format_move(m.mv));
        pos.play(m.mv);
    }
    println!(
        "{} games ({} left out), the first {PLIES} plies, moves played by {MIN_GAMES} games or more: {} positions, {} bytes in {}",
        games.len(),
        skipped,
        book.positions(),
        bytes.len(),
        args.out.display()
    );
    println!("the book's own line from the start: {}", line.join(" "));
    Ok(())
}
