//! `ply play`: play against the engine in the terminal.
//!
//! Reads one command per line from stdin, so a game can be scripted by piping moves in:
//! a move in the game's notation, `undo` (takes back your last move and the engine's answer),
//! `hint` (the engine's suggestion for you), `moves`, `board`, `help`, `quit` (or end of input).

use crate::commands::search::{EngineArgs, evaluator, line_text};
use crate::games::GameArgs;
use crate::with_game;
use anyhow::{Result, bail};
use ply_core::heuristic::HasHeuristic;
use ply_core::search::score::describe;
use ply_core::search::{SearchResult, Searcher, StopToken};
use ply_core::{Game, GameLine, Outcome, Player};
use std::io::{BufRead, Write};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Which side you play: first (black / X / player 1), second, both (no engine moves) or
    /// none (watch the engine play itself).
    #[arg(long, default_value = "first")]
    pub side: String,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Who the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Human {
    Side(Player),
    Both,
    Neither,
}

impl Human {
    fn parse(text: &str) -> Result<Self> {
        Ok(match text.to_ascii_lowercase().as_str() {
            "first" | "1" | "black" | "x" | "b" => Human::Side(0),
            "second" | "2" | "white" | "o" | "w" | "red" => Human::Side(1),
            "both" => Human::Both,
            "none" | "engine" => Human::Neither,
            other => bail!("unknown --side '{other}' (expected first, second, both or none)"),
        })
    }

    fn plays(self, player: Player) -> bool {
        match self {
            Human::Side(p) => p == player,
            Human::Both => true,
            Human::Neither => false,
        }
    }
}

pub fn run(args: Args) -> Result<()> {
    with_game!(args.game.game, G => play::<G>(&args))
}

fn legal_text<G: Game>(pos: &G) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| pos.format_move(m))
        .collect::<Vec<_>>()
        .join(" ")
}

fn result_line(outcome: &Outcome) -> String {
    match outcome.winner {
        None => format!("game over: draw ({:?})", outcome.reason),
        Some(w) => format!(
            "game over: player {} wins ({:?}{})",
            w + 1,
            outcome.reason,
            if outcome.margin > 0 {
                format!(", by {}", outcome.margin)
            } else {
                String::new()
            }
        ),
    }
}

fn stats_line<G: Game>(pos: &G, r: &SearchResult<G::Move>) -> String {
    let s = &r.stats;
    format!(
        "  score {} | depth {} | {} nodes | {} leaf evals | {} cutoffs | {:.1} ms | {:.0} nodes/s | pv {}",
        describe(r.score),
        r.depth,
        s.nodes,
        s.leaf_evals,
        s.cutoffs,
        s.time_ms,
        s.nodes_per_sec,
        line_text(pos, &r.pv).join(" ")
    )
}

fn play<G: HasHeuristic>(args: &Args) -> Result<()> {
    let human = Human::parse(&args.side)?;
    let config = args.engine.config()?;
    let eval = evaluator::<G>(&args.engine.heuristic)?;
    let mut searcher = Searcher::<G>::new(&config);
    let mut line = GameLine::new(args.game.position::<G>()?);
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    let mut out = std::io::stdout();
    let you = match human {
        Human::Side(p) => format!("you play player {}", p + 1),
        Human::Both => "you play both sides".to_string(),
        Human::Neither => "the engine plays both sides".to_string(),
    };
    println!(
        "{} — {you}; engine: {} (type 'help' for commands)",
        G::NAME,
        config.algorithm
    );
    let mut show_board = true;
    loop {
        let pos = *line.current();
        if show_board {
            print!("{}", pos.render());
            show_board = false;
        }
        if let Some(outcome) = line.outcome() {
            println!("{}", result_line(&outcome));
            println!("moves: {}", line.notation().join(" "));
            return Ok(());
        }
        let mover = pos.side_to_move();
        if !human.plays(mover) {
            let r = searcher.search(&pos, &*eval, &StopToken::new());
            let Some(mv) = r.best_move else {
                bail!("the engine found no move")
            };
            println!(
                "engine (player {}) plays {}",
                mover + 1,
                pos.format_move(mv)
            );
            println!("{}", stats_line(&pos, &r));
            line.play(mv)?;
            show_board = true;
            continue;
        }
        println!("player {} to move; legal: {}", mover + 1, legal_text(&pos));
        print!("> ");
        out.flush()?;
        let Some(text) = input.next().transpose()? else {
            println!();
            println!("end of input: leaving the game");
            return Ok(());
        };
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "q" | "exit" | "resign" => {
                println!("bye");
                return Ok(());
            }
            "help" | "?" => println!(
                "commands: a move in {} notation, undo, hint, moves, board, quit",
                G::NAME
            ),
            "moves" => println!("moves so far: {}", line.notation().join(" ")),
            "board" => show_board = true,
            "hint" => {
                let r = searcher.search(&pos, &*eval, &StopToken::new());
                match r.best_move {
                    Some(mv) => println!("hint: {}", pos.format_move(mv)),
                    None => println!("hint: no move"),
                }
                println!("{}", stats_line(&pos, &r));
            }
            "undo" => {
                // Take back moves until it is the human's turn again, at least one move.
                let mut undone = 0;
                while line.undo().is_some() {
                    undone += 1;
                    if human.plays(line.current().side_to_move()) {
                        break;
                    }
                }
                if undone == 0 {
                    println!("nothing to undo");
                } else {
                    println!("took back {undone} move(s)");
                    show_board = true;
                }
            }
            _ => match line.play_text(text) {
                Ok(_) => show_board = true,
                Err(e) => println!("not a legal move here: {e}"),
            },
        }
    }
}
