//! `ply selfplay`: engine-against-engine games from random openings, written as game records
//! (format v1, one JSON object per line) for `ply tune` and for analysis.

use crate::games::TwoPlayerGameArgs;
use crate::tournament::match_args::MatchArgs;
use crate::tournament::openings::random_openings;
use crate::tournament::play::{Engine, Material, play_game, run_pool};
use crate::tournament::spec::PlayerSpec;
use anyhow::{Context, Result, anyhow};
use ply_core::heuristic::{HasHeuristic, Weight};
use ply_core::record::{
    ClientInfo, EngineSettings, MoveStats, Platform, PlayerInfo, RamBucket, RecordMeta, now_ms,
    record_from_line,
};
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: TwoPlayerGameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Output file (JSON lines, one record per game).
    #[arg(long)]
    pub out: PathBuf,
    /// Engine of the first player (a tournament player spec, e.g. `algo=alphabeta,depth=4,heuristic=default`).
    #[arg(default_value = "heuristic=default")]
    pub spec: String,
    /// Engine of the second player (default: the same as the first).
    #[arg(long)]
    pub opponent: Option<String>,
    /// Plies of each random opening (distinct openings give varied training positions).
    #[arg(long, default_value_t = 6)]
    pub openings: usize,
    #[command(flatten)]
    pub play: MatchArgs,
}

pub fn run(args: Args) -> Result<()> {
    ply_core::with_game_kind!(args.game.game,
        two_player G => run_for::<G>(&args),
        multi m => Err(crate::games::two_player_only(m)))
}

/// The record's description of an engine.
pub fn engine_settings<G: HasHeuristic>(spec: &PlayerSpec) -> EngineSettings {
    let mut settings = EngineSettings {
        algorithm: spec.config.algorithm.name().to_string(),
        depth: spec.config.depth,
        time_ms: spec.config.time_ms,
        tt_bytes: Some(spec.config.tt_bytes as u64),
        heuristic: Some(spec.preset.clone()),
        ..EngineSettings::default()
    };
    // Records hold weights as numbers: the midgame (or only) weight per factor, and the
    // opening and endgame weights of phased factors as options.
    if let Ok(w) = spec.effective_weights::<G>() {
        for (factor, weight) in &w.weights {
            match *weight {
                Weight::Flat(v) => {
                    settings.weights.insert(factor.clone(), f64::from(v));
                }
                Weight::Phased {
                    opening,
                    midgame,
                    endgame,
                } => {
                    settings.weights.insert(factor.clone(), f64::from(midgame));
                    settings
                        .options
                        .insert(format!("{factor}.opening"), serde_json::json!(opening));
                    settings
                        .options
                        .insert(format!("{factor}.endgame"), serde_json::json!(endgame));
                }
            }
        }
        for (k, v) in &w.params {
            settings.options.insert(k.clone(), serde_json::json!(v));
        }
    }
    settings
}

fn run_for<G: HasHeuristic + Material>(args: &Args) -> Result<()> {
    let defaults = args.play.defaults();
    let first = PlayerSpec::parse::<G>(&args.spec, &defaults)?;
    let second = match &args.opponent {
        Some(s) => PlayerSpec::parse::<G>(s, &defaults)?,
        None => first.clone(),
    };
    let engines = [Engine::<G>::new(&first)?, Engine::<G>::new(&second)?];
    let start: G = args.game.position()?;
    let openings = random_openings(&start, args.games, args.openings, args.play.seed);
    let jobs: Vec<usize> = (0..args.games).collect();
    let mut out = std::io::BufWriter::new(
        std::fs::File::create(&args.out)
            .with_context(|| format!("creating {}", args.out.display()))?,
    );
    let bar = crate::progress::bar(jobs.len() as u64, "games", false);
    let settings = [engine_settings::<G>(&first), engine_settings::<G>(&second)];
    let mut failure = None;
    let mut written = 0;
    run_pool(
        &jobs,
        args.play.threads,
        |&g| {
            let started = now_ms();
            // Odd games swap the engines' colours.
            let (a, b) = if g % 2 == 0 { (0, 1) } else { (1, 0) };
            let played = play_game(
                &start,
                &openings[g % openings.len()],
                [&engines[a], &engines[b]],
            )
            .map_err(|e| e.context(format!("game {g}")))?;
            let stats: Vec<Option<MoveStats>> = played
                .stats
                .iter()
                .zip(&played.scores)
                .map(|(s, &score)| {
                    s.as_ref().map(|s| MoveStats {
                        nodes: s.nodes,
                        depth: s.depth,
                        time_ms: s.time_ms as u64,
                        score,
                    })
                })
                .collect();
            let meta = RecordMeta {
                id: None,
                players: vec![
                    PlayerInfo::computer(settings[a].clone()),
                    PlayerInfo::computer(settings[b].clone()),
                ],
                started_at_ms: started,
                ended_at_ms: now_ms().max(started),
                client: ClientInfo {
                    app_version: env!("CARGO_PKG_VERSION").to_string(),
                    platform: Platform::Cli,
                    ram_bucket: RamBucket::Unknown,
                },
            };
            record_from_line(&played.line, &stats, None, meta)
                .map_err(|e| anyhow!("game {g}: {e}"))
                .and_then(|r| r.to_json().map_err(|e| anyhow!("game {g}: {e}")))
        },
        |_, r| {
            match r {
                Ok(line) => {
                    if let Err(e) = writeln!(out, "{line}") {
                        failure.get_or_insert(anyhow!("writing {}: {e}", args.out.display()));
                    } else {
                        written += 1;
                    }
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    out.flush()?;
    if let Some(e) = failure {
        return Err(e);
    }
    eprintln!("wrote {written} records to {}", args.out.display());
    Ok(())
}
