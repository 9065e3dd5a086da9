//! `ply tournament`: round robin between engine/heuristic specs from shared random openings
//! with colours swapped; cross table, Elo with 95% intervals, CSV/JSON/SVG; `--ablate` plays
//! "everything" against "everything minus factor X" for each factor.

use crate::games::TwoPlayerGameArgs;
use crate::tournament::elo::Elo;
use crate::tournament::match_args::MatchArgs;
use crate::tournament::openings::{parse_openings, random_openings, wthor_openings};
use crate::tournament::play::{Engine, Material, play_game, run_pool, thinking};
use crate::tournament::report::{GameResult, Report};
use crate::tournament::spec::PlayerSpec;
use crate::tournament::svg::cross_table_svg;
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use ply_core::heuristic::HasHeuristic;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: TwoPlayerGameArgs,
    /// A player as NAME=SPEC, e.g. `ab6=algo=alphabeta,depth=6,ordering=tt+killer+history,heuristic=combine-2`
    /// (keys: level=1..10 first (the apps' level), algo, depth, time-ms, ordering (names joined by +), tt-mb, heuristic, exact=EMPTIES, book=on|off, probcut=T, threads=N (search threads, Lazy SMP), engine=COMMAND (a program outside Ply, run for each move as COMMAND POSITION-WORDS MS, its last line of output the move), protocol=nboard (the engine= command speaks NBoard instead: one process a game, set to depth=N, its CPU time read from /proc), weights=FILE.json, w.FACTOR=N, patterns=FILE.bin (Othello pattern weights from `ply train`, with the shipped weights' ProbCut calibration)).
    #[arg(long = "player")]
    pub players: Vec<String>,
    /// Games per pairing (half with each colour assignment).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Plies of each random opening (distinct openings, shared by every pairing).
    #[arg(long, default_value_t = 4)]
    pub openings: usize,
    /// Othello: open with the first --openings moves of real games from this WTHOR file
    /// (distinct positions, in file order) instead of random moves.
    #[arg(long)]
    pub openings_from: Option<PathBuf>,
    #[command(flatten)]
    pub play: MatchArgs,
    /// Play the first player ("everything") against itself minus each factor in turn.
    #[arg(long)]
    pub ablate: bool,
    /// Also write one CSV line per ordered pair of players to this file: games, wins, draws,
    /// losses, score, material for and against, Elo difference with its 95% interval.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Also write the whole report (settings, players, cross table, Elo) as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Also draw the cross table as an SVG chart: a bar per opponent (wins, draws, losses) and
    /// each player's score.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    ply_core::with_game_kind!(args.game.game,
        two_player G => run_for::<G>(&args),
        multi m => Err(crate::games::two_player_only(m)))
}

/// Everything a tournament needs besides the game type, for `ply tune`'s check as well.
pub struct Plan {
    pub players: Vec<PlayerSpec>,
    /// Pairs of player indices that meet.
    pub pairings: Vec<(usize, usize)>,
    pub games: usize,
    pub opening_plies: usize,
    /// A WTHOR file whose games' first moves are the openings (instead of random ones).
    pub openings_from: Option<PathBuf>,
    /// The openings themselves, as moves in the game's notation (instead of random or WTHOR
    /// ones): for a caller that chose them, such as `ply experiment othello-heuristics`.
    pub openings: Option<Vec<Vec<String>>>,
    pub seed: u64,
    pub threads: usize,
    pub quiet: bool,
}

fn run_for<G: HasHeuristic + Material>(args: &Args) -> Result<()> {
    let defaults = args.play.defaults();
    let mut players: Vec<PlayerSpec> = args
        .players
        .iter()
        .map(|p| PlayerSpec::parse::<G>(p, &defaults))
        .collect::<Result<_>>()?;
    let pairings;
    if args.ablate {
        let base = match players.first() {
            Some(p) => p.clone(),
            None => PlayerSpec::parse::<G>("everything=heuristic=default", &defaults)?,
        };
        let weights = base.effective_weights::<G>()?;
        let factors = weights.active_factors();
        if factors.len() < 2 {
            bail!(
                "--ablate needs a heuristic with at least two factors ({} has {:?})",
                base.name,
                factors
            );
        }
        let mut list = vec![base.with_weights("everything".into(), weights.clone())];
        for f in &factors {
            list.push(base.with_weights(format!("minus-{f}"), weights.without(f)));
        }
        pairings = (1..list.len()).map(|k| (0, k)).collect();
        players = list;
    } else {
        if players.len() < 2 {
            bail!("a tournament needs at least two --player specs (or --ablate)");
        }
        let mut names = std::collections::HashSet::new();
        for p in &players {
            if !names.insert(p.name.clone()) {
                bail!(
                    "two players are named '{}': give them distinct NAME= prefixes",
                    p.name
                );
            }
        }
        pairings = (0..players.len())
            .flat_map(|i| ((i + 1)..players.len()).map(move |j| (i, j)))
            .collect();
    }
    let start: G = args.game.position()?;
    let plan = Plan {
        players,
        pairings,
        games: args.games.max(1),
        opening_plies: args.openings,
        openings_from: args.openings_from.clone(),
        openings: None,
        seed: args.play.seed,
        threads: args.play.threads,
        quiet: args.quiet,
    };
    let source = match &args.openings_from {
        Some(path) => format!("openings of real games from {}", path.display()),
        None => "random openings".to_string(),
    };
    let settings = format!(
        "{} games per pairing, {}-ply {source}, seed {}, {}",
        plan.games,
        plan.opening_plies,
        plan.seed,
        args.play.describe_limit()
    );
    let report = play_tournament::<G>(&start, &plan, &settings)?;
    println!("{}", report.to_text());
    if args.ablate {
        println!("{}", ablation_summary(&report));
    }
    if let Some(path) = &args.csv {
        std::fs::write(path, report.to_csv())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.json {
        std::fs::write(path, report.to_json())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, cross_table_svg(&report))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Each factor's contribution: how much "everything" gains over "everything minus X".
pub fn ablation_summary(report: &Report) -> String {
    let mut rows: Vec<(String, Elo, f64, u32)> = (1..report.players.len())
        .map(|k| {
            let c = report.cell(0, k);
            (
                report.players[k]
                    .name
                    .trim_start_matches("minus-")
                    .to_string(),
                report.elo(0, k),
                c.wdl.score(),
                c.wdl.games(),
            )
        })
        .collect();
    rows.sort_by(|a, b| b.1.diff.total_cmp(&a.1.diff));
    let mut s = String::from(
        "Ablation (E - x): what each factor adds, as everything's result against everything without it\n",
    );
    for (factor, elo, score, games) in rows {
        s.push_str(&format!(
            "  {factor:20} {:5.1}% over {games} games, Elo {}\n",
            100.0 * score,
            elo.display()
        ));
    }
    s
}

/// Plays every pairing of `plan` from shared openings and returns the report.
pub fn play_tournament<G: HasHeuristic + Material>(
    start: &G,
    plan: &Plan,
    settings: &str,
) -> Result<Report> {
    let engines: Vec<Engine<G>> = plan
        .players
        .iter()
        .map(Engine::new)
        .collect::<Result<_>>()?;
    let openings = match (&plan.openings, &plan.openings_from) {
        (Some(given), _) if given.is_empty() => bail!("the tournament was given no opening"),
        (Some(given), _) => parse_openings(start, given)?,
        (None, Some(path)) => parse_openings(
            start,
            &wthor_openings(path, plan.games.div_ceil(2), plan.opening_plies)?,
        )?,
        (None, None) => {
            random_openings(start, plan.games.div_ceil(2), plan.opening_plies, plan.seed)
        }
    };
    if openings.len() < plan.games.div_ceil(2) {
        eprintln!(
            "note: only {} distinct {}-ply openings found; they are reused",
            openings.len(),
            plan.opening_plies
        );
    }
    // (first, second, opening index)
    let mut jobs = Vec::new();
    for &(i, j) in &plan.pairings {
        for g in 0..plan.games {
            let o = (g / 2) % openings.len();
            jobs.push(if g % 2 == 0 { (i, j, o) } else { (j, i, o) });
        }
    }
    let bar = if plan.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(jobs.len() as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta})  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut results: Vec<Option<GameResult>> = vec![None; jobs.len()];
    let mut failure: Option<anyhow::Error> = None;
    run_pool(
        &jobs,
        plan.threads,
        |&(a, b, o)| {
            let played = play_game(start, &openings[o], [&engines[a], &engines[b]])?;
            let end = *played.line.current();
            let winner = played
                .outcome
                .and_then(|oc| oc.winner)
                .map(|w| if w == 0 { a } else { b });
            let mut text = Vec::new();
            for i in 0..played.line.ply() {
                if let (Some(pos), Some(&mv)) =
                    (played.line.position_before(i), played.line.moves().get(i))
                {
                    text.push(pos.format_move(mv));
                }
            }
            Ok(GameResult {
                first: a,
                second: b,
                opening: o,
                winner,
                material_first: end.material(0),
                material_second: end.material(1),
                plies: played.line.ply() as u32,
                moves: text.join(" "),
                thinking: thinking(&played),
            })
        },
        |i, r: Result<GameResult>| match r {
            Ok(r) => {
                bar.set_message(format!(
                    "last: {} vs {}",
                    plan.players[r.first].name, plan.players[r.second].name
                ));
                results[i] = Some(r);
                bar.inc(1);
            }
            Err(e) => {
                failure.get_or_insert(e);
            }
        },
    );
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e.context("a game could not be played to its end"));
    }
    let games: Vec<GameResult> = results.into_iter().flatten().collect();
    let names: Vec<(String, String)> = plan
        .players
        .iter()
        .map(|p| (p.name.clone(), p.spec.clone()))
        .collect();
    Ok(Report::new(G::NAME, settings, &names, games))
}
