//! `ply show`: draw a position, its side to move and legal moves; with `--svg`, a picture of
//! the app core's board view (the one the apps and `ply play` draw) after `--moves`.

use crate::commands::play::options;
use crate::games::GameArgs;
use anyhow::{Context, Result, anyhow, bail};
use ply_app::ClientPlatform;
use ply_app::app::{
    App, AppConfig, BoardEvent, Command, Event, HomeEvent, Msg, PlatformEvent, PlayMode, ThinkKind,
    svg,
};
use ply_core::Game;
use ply_core::games::GameKind;
use ply_core::record::read_move_list;
use ply_core::review::replay;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Write the board as an SVG picture to this file (the app core's board view, with the
    /// legal moves, last move and hint marked) instead of printing it.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Moves played from the start (or from --position), read as every move list is (the
    /// `Moves:` line of `ply play`, `records export --format transcript`: "f5d6c3", "4 4 3",
    /// "1. 11-15 24-19", "1. b2 g7 pass"); the position they reach is shown.
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// With --svg: mark the engine's suggestion for the side to move.
    #[arg(long, requires = "svg")]
    pub hint: bool,
}

pub fn run(args: Args) -> Result<()> {
    let kind = args.game.game;
    if kind.is_multi_player() {
        if args.svg.is_some() {
            bail!(
                "--svg draws the apps' boards: {} is not in the apps yet",
                kind.name()
            );
        }
        return crate::multi::show(kind, &args.game, args.moves.as_deref());
    }
    if let Some(path) = &args.svg {
        if args.game.position.is_some() {
            bail!("--svg draws a game played from the start: give its moves with --moves");
        }
        let picture = board_svg(&args)?;
        std::fs::write(path, picture)
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!("wrote {}", path.display());
        return Ok(());
    }
    ply_core::with_game_kind!(args.game.game,
        two_player G => show::<G>(&args.game, args.moves.as_deref()),
        multi m => Err(crate::games::two_player_only(m)))
}

/// The app core's board after `--moves` between two players, as SVG. The core runs without
/// its runtime: nothing is written (its data directory is never created), and the one search
/// a hint needs runs here.
fn board_svg(args: &Args) -> Result<String> {
    let kind = args.game.game;
    if kind.is_multi_player() {
        bail!("--svg draws the apps' boards, which hold two-player games");
    }
    let rules = options::rules(kind, &args.game.variant)?;
    let dir = std::env::temp_dir().join(format!("ply-show-{}-unused", std::process::id()));
    // The core's commands are not run (no write, no sync): only a hint's search is.
    let (mut app, _) = App::new(AppConfig {
        data_dir: dir.to_string_lossy().into_owned(),
        platform: ClientPlatform::Cli,
        app_version: env!("CARGO_PKG_VERSION").into(),
        total_ram_bytes: 0,
        available_ram_bytes: 0,
        cpu_cores: 0,
        token: None,
    });
    for e in [
        Event::Home(HomeEvent::ChooseGame(kind)),
        Event::Home(HomeEvent::ChooseRules(rules)),
        Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)),
        Event::Home(HomeEvent::NewGame),
        Event::Platform(PlatformEvent::ScreenShown),
    ] {
        let _ = app.update(e);
    }
    let moves = read_move_list(kind, args.moves.as_deref().unwrap_or("")).moves;
    for (n, text) in moves.iter().enumerate() {
        let before = app.board_view().map_or(0, |b| b.moves.len());
        let _ = app.update(Event::Board(BoardEvent::PlayNotation(text.to_string())));
        let board = app.board_view().context("the game could not start")?;
        if board.moves.len() == before {
            bail!(
                "--moves: move {} '{text}' refused: {}",
                n + 1,
                board.message.unwrap_or_else(|| "the game is over".into())
            );
        }
    }
    if args.hint {
        for c in app.update(Event::Board(BoardEvent::Hint)).commands {
            if let Command::Think {
                ticket,
                kind: ThinkKind::Hint,
                session,
                epoch,
                ..
            } = c
            {
                let result = session.hint_at(epoch, None);
                let _ = app.update(Msg::Thought {
                    ticket,
                    kind: ThinkKind::Hint,
                    result,
                });
            }
        }
    }
    let board = app.board_view().context("the game could not start")?;
    Ok(svg::render(&board))
}

/// A side as `ply play` and the apps name it.
fn side_name(game: &str, side: u8) -> &'static str {
    match (game, side) {
        ("connect4", 0) => "Red (X)",
        ("connect4", _) => "Yellow (O)",
        (_, 0) => "Black (X)",
        _ => "White (O)",
    }
}

/// `start` after the move list `moves` (`None`: no moves), read by the one rule of
/// [`read_move_list`], passes inferred as [`replay`] does; a list naming its own start replaces
/// `start` unless `--position` gave one.
pub fn after_moves<G: Game>(
    game: GameKind,
    start: G,
    position_given: bool,
    moves: Option<&str>,
) -> Result<G> {
    let Some(text) = moves else {
        return Ok(start);
    };
    let list = read_move_list(game, text);
    let start = match &list.start {
        Some(_) if position_given => {
            bail!("--moves names its own start position: leave --position out")
        }
        Some(p) => G::parse_position(p).map_err(|e| anyhow!("--moves: its start position: {e}"))?,
        None => start,
    };
    // A PDN list names its rules (`[Variant "relaxed"]`).
    let start = match &list.variant {
        Some(v) => start
            .with_variant(v)
            .map_err(|e| anyhow!("--moves: its variant: {e}"))?,
        None => start,
    };
    if let Some(n) = list.players.filter(|&n| n != start.players()) {
        bail!(
            "--moves is a game of {n} players, the position seats {}: give --players {n}",
            start.players()
        );
    }
    let played = replay(&start, &list.moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let mut pos = start;
    for mv in played {
        pos.play(mv);
    }
    Ok(pos)
}

fn show<G: Game>(game: &GameArgs, moves: Option<&str>) -> Result<()> {
    let pos: G = after_moves(game.game, game.position()?, game.position.is_some(), moves)?;
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
                "{} to move; legal moves: {}",
                side_name(G::NAME, pos.side_to_move()),
                names.join(" ")
            );
        }
    }
    Ok(())
}
