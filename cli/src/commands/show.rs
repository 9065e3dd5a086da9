//! `ply show`: draw a position, its side to move and legal moves.

use crate::games::GameArgs;
use crate::with_game;
use anyhow::Result;
use ply_core::Game;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
}

pub fn run(args: Args) -> Result<()> {
    with_game!(args.game.game, G => show::<G>(&args.game))
}

fn show<G: Game>(game: &GameArgs) -> Result<()> {
    let pos: G = game.position()?;
    let board = pos.render();
    println!("{}", board.trim_end_matches('\n'));
    println!("position: {}", pos.format_position());
    match pos.outcome() {
        Some(outcome) => println!("game over: {outcome:?}"),
        None => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let names: Vec<String> = moves.iter().map(|m| pos.format_move(*m)).collect();
            println!(
                "player {} to move; legal moves: {}",
                pos.side_to_move(),
                names.join(" ")
            );
        }
    }
    Ok(())
}
