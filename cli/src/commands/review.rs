//! `ply review`: a finished game move by move (`ply_core::review`): each move's label, the
//! values before and after it, the best move, and each player's accuracy; `--svg` draws the
//! first player's expected score over the game.

use crate::experiment::plot::{Series, line_chart};
use anyhow::{Context, Result, anyhow, bail};
use ply_core::Game;
use ply_core::games::GameKind;
use ply_core::games::draughts::pdn::read_pdn;
use ply_core::games::othello::Othello;
use ply_core::line::GameLine;
use ply_core::record::wthor::decode_file;
use ply_core::record::{AnnotatedGame, annotated_notation};
use ply_core::record::{read_move_list, validate_json};
use ply_core::review::judge::Reviewable;
use ply_core::review::{Review, ReviewConfig, replay, review};
use ply_core::search::StopToken;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// othello, connect4 or checkers (not with --record or --pdn).
    #[arg(required_unless_present_any = ["record", "pdn", "wthor"])]
    pub game: Option<GameKind>,
    /// The moves from the start in the game's notation: "f5d6c3" or "f5 d6 c3", "4453",
    /// "11-15 23-19".
    #[arg(required_unless_present_any = ["record", "pdn", "wthor"], num_args = 0..)]
    pub moves: Vec<String>,
    /// An Othello game from a WTHOR database file (`.wtb`, the French federation's archive
    /// format) instead of moves: the one `--game` names.
    #[arg(long, conflicts_with_all = ["moves", "record", "pdn"])]
    pub wthor: Option<PathBuf>,
    /// With --wthor: which game of the file, from 1 (default 1).
    #[arg(long = "game", value_name = "N", requires = "wthor")]
    pub wthor_game: Option<usize>,
    /// A game record (JSON, as the apps and the collector store them) instead of game and moves.
    #[arg(long, conflicts_with_all = ["game", "moves", "pdn"])]
    pub record: Option<PathBuf>,
    /// A checkers game in PDN (the first game of the file) instead of moves (the game word,
    /// checkers, may be given or left out).
    #[arg(long, conflicts_with = "moves")]
    pub pdn: Option<PathBuf>,
    /// Search depth for positions no solver settles (default per game: Othello 8, Connect Four
    /// 12, checkers 12).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Othello: solve exactly from this many empties (default 20).
    #[arg(long)]
    pub exact_empties: Option<u32>,
    /// Connect Four: node budget of one exact solve past the opening book (default 2,000,000;
    /// 0 for none).
    #[arg(long)]
    pub solver_nodes: Option<u64>,
    /// Connect Four: leave the opening book out (its positions are then solved or searched like
    /// any other), to see what it adds.
    #[arg(long)]
    pub no_book: bool,
    /// Threads for the exact solves (default: every core; the searches use one). The values
    /// are the same whatever the count, but with more than one, which Connect Four positions
    /// the solver settles within --solver-nodes (then counted per thread) may vary from run
    /// to run; 1 keeps the review deterministic.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Node budget for the whole game; the review stops early when it is spent.
    #[arg(long)]
    pub game_nodes: Option<u64>,
    /// Print the review as JSON.
    #[arg(long)]
    pub json: bool,
    /// Print the game in its standard notation with the review as a comment after each move:
    /// PDN for checkers, the moves with `{...}` comments for Othello and Connect Four.
    #[arg(long, conflicts_with = "json")]
    pub annotate: bool,
    /// Write the first player's expected score over the game as an SVG chart.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    let (game, start, variant, moves) = match &args.record {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            // The collector's checks: the record replays and its fields are in bounds.
            let (record, _) = validate_json(&bytes)
                .map_err(|e| anyhow!("{}: not a valid game record: {e}", path.display()))?;
            let moves: Vec<String> = record.moves.iter().map(|m| m.notation.clone()).collect();
            (record.game, record.start_position, record.variant, moves)
        }
        None if args.wthor.is_some() => wthor_game(&args)?,
        None => match &args.pdn {
            Some(path) => {
                if let Some(other) = args.game.filter(|g| *g != GameKind::Draughts) {
                    bail!("--pdn holds a checkers game, not {}", other.name());
                }
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let game = read_pdn(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
                let fen = game.tag("FEN").map(str::to_string);
                let variant = game.tag("Variant").unwrap_or("standard").to_string();
                (GameKind::Draughts, fen, variant, game.move_texts)
            }
            None => {
                let game = args
                    .game
                    .ok_or_else(|| anyhow!("name a game, or give --record or --pdn"))?;
                // The one reading of a move list (`docs/command-line.md`): what `ply play`
                // prints and `records export` writes reads back here.
                let list = read_move_list(game, &args.moves.join(" "));
                let variant = list.variant.unwrap_or_else(|| "standard".to_string());
                (game, list.start, variant, list.moves)
            }
        },
    };
    if moves.is_empty() {
        bail!("no moves to review");
    }
    let game_start = GameStart {
        kind: game,
        position: start.as_deref(),
        variant: &variant,
    };
    ply_core::with_game_kind!(game,
        two_player G => run_game::<G>(&args, &game_start, &moves),
        multi m => Err(crate::games::two_player_only(m)))
}

/// "1 inaccuracy", "2 inaccuracies", "0 blunders".
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The game `--game` names in the `--wthor` file, as (game, start, variant, moves in Othello
/// notation with the passes the archive leaves out).
fn wthor_game(args: &Args) -> Result<(GameKind, Option<String>, String, Vec<String>)> {
    let path = args
        .wthor
        .as_ref()
        .ok_or_else(|| anyhow!("no --wthor file"))?;
    if args.game.is_some_and(|g| g != GameKind::Othello) {
        bail!("a WTHOR file holds Othello games");
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file = decode_file(&bytes).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let number = args.wthor_game.unwrap_or(1);
    let game = number
        .checked_sub(1)
        .and_then(|i| file.games.get(i))
        .ok_or_else(|| {
            anyhow!(
                "{} holds {} games; --game takes 1 to {}",
                path.display(),
                file.games.len(),
                file.games.len()
            )
        })?;
    let mut pos = Othello::start();
    let mut texts = Vec::with_capacity(game.moves.len());
    for &mv in &game.moves {
        texts.push(pos.format_move(mv));
        pos.play(mv);
    }
    Ok((GameKind::Othello, None, "standard".to_string(), texts))
}

/// Where the reviewed game began.
struct GameStart<'a> {
    kind: GameKind,
    position: Option<&'a str>,
    variant: &'a str,
}

fn run_game<G: Reviewable>(args: &Args, from: &GameStart, texts: &[String]) -> Result<()> {
    let (kind, start_text) = (from.kind, from.position);
    let start = match start_text {
        Some(text) => {
            G::parse_position(text).map_err(|e| anyhow!("the record's start position: {e}"))?
        }
        None => G::start(),
    };
    let start = start
        .with_variant(from.variant)
        .map_err(|e| anyhow!("the game's variant: {e}"))?;
    let moves = replay(&start, texts).map_err(|e| anyhow!("{e}"))?;
    let defaults = G::review_config();
    let config = ReviewConfig {
        depth: args.depth.unwrap_or(defaults.depth),
        exact_empties: args.exact_empties.unwrap_or(defaults.exact_empties),
        solver_nodes: args.solver_nodes.unwrap_or(defaults.solver_nodes),
        game_nodes: args.game_nodes.unwrap_or(defaults.game_nodes),
        opening_book: defaults.opening_book && !args.no_book,
        threads: match args.threads {
            Some(0) => bail!("--threads must be at least 1"),
            Some(n) if n > ply_core::solve::split::MAX_THREADS => bail!(
                "--threads {n} is more than {}",
                ply_core::solve::split::MAX_THREADS
            ),
            Some(n) => n,
            None => ply_core::solve::split::all_cores(),
        },
        ..defaults
    };
    let bar = crate::progress::bar(moves.len() as u64, "moves reviewed", false);
    let r = review(
        &start,
        &moves,
        &config,
        &StopToken::new(),
        &mut |done, _| bar.set_position(done as u64),
    );
    bar.finish_and_clear();
    if let Some(path) = &args.svg {
        std::fs::write(path, chart(&r))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&r)?)?;
        return Ok(());
    }
    if args.annotate {
        // The line, not the last position alone: a draw by repetition is the history's.
        let mut end = GameLine::new(start);
        for &mv in &moves {
            end.play(mv).map_err(|e| anyhow!("{e}"))?;
        }
        let played: Vec<&str> = texts.iter().map(String::as_str).collect();
        let comments: Vec<String> = r.moves.iter().map(|m| m.comment(r.game)).collect();
        let game = AnnotatedGame {
            start: start_text,
            variant: from.variant,
            moves: &played,
            comments: &comments,
            result: end.outcome().map(|o| o.winner),
        };
        write!(out, "{}", annotated_notation(kind, &game))?;
        return Ok(());
    }
    writeln!(
        out,
        "{:>4} {:<6} {:<8} {:<10} {:>8} {:>8} {:<8} {:>6}",
        "ply", "player", "played", "label", "before", "after", "best", "values"
    )?;
    for m in &r.moves {
        let (before, after) = m.value_texts(r.game);
        writeln!(
            out,
            "{:>4} {:<6} {:<8} {:<10} {:>8} {:>8} {:<8} {:>6}",
            m.ply,
            side(m.mover),
            m.played,
            m.verdict(),
            before,
            after,
            m.best,
            match (m.exact, m.outcome_only) {
                (true, true) => "outcome",
                (true, false) => "exact",
                _ => "search",
            }
        )?;
    }
    writeln!(
        out,
        "before, after: the mover's expected score in percent (50 even) where a search judged, the result where it is proven (exact{})",
        if r.game == "othello" {
            ", by the final disc difference"
        } else {
            ""
        }
    )?;
    for p in &r.players {
        // A solved game's accuracy counts only the proven moves: say how many those are.
        let accuracy = match p.accuracy {
            None => "-".into(),
            Some(a) if p.not_proven > 0 => format!(
                "{a:.1} over {} ({} not proven)",
                counted(p.judged, "proven move", "proven moves"),
                p.not_proven
            ),
            Some(a) => format!("{a:.1}"),
        };
        writeln!(
            out,
            "{}: accuracy {}, {}, {}, {}",
            side(p.player),
            accuracy,
            counted(p.inaccuracies, "inaccuracy", "inaccuracies"),
            counted(p.mistakes, "mistake", "mistakes"),
            counted(p.blunders, "blunder", "blunders")
        )?;
    }
    if !r.complete {
        writeln!(
            out,
            "stopped after {} of {} moves: the game's node budget was spent",
            r.moves.len(),
            moves.len()
        )?;
    }
    Ok(())
}

fn side(p: u8) -> &'static str {
    if p == 0 { "first" } else { "second" }
}

/// The first player's expected score after each move.
fn chart(r: &Review) -> String {
    let points: Vec<(f64, f64)> = r
        .moves
        .iter()
        .map(|m| {
            let mine = if m.mover == 0 {
                m.expected_after
            } else {
                100.0 - m.expected_after
            };
            (m.ply as f64, mine)
        })
        .collect();
    line_chart(
        &format!("{} review: the first player's expected score", r.game),
        "ply",
        "expected score (%)",
        false,
        &[Series {
            name: "first player".into(),
            points,
            joined: true,
        }],
    )
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn counts_agree_with_their_noun() {
        assert_eq!(counted(1, "inaccuracy", "inaccuracies"), "1 inaccuracy");
        assert_eq!(counted(0, "blunder", "blunders"), "0 blunders");
        assert_eq!(counted(2, "mistake", "mistakes"), "2 mistakes");
    }
}
