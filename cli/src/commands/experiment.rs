//! `ply experiment <name>`: re-runs a paper's experiment and writes its report, data and plots.

use crate::experiment::{
    Run, connect4_variants, draughts_agents, history_ads, othello_heuristics, othello_scout,
};
use anyhow::Result;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Name {
    /// Z. Siew 2020: minimax, alpha-beta, PVS (Palphabeta) and SCOUT by depth in Connect Four
    /// (tables 2 and 3; table 1 is reported as not testable).
    Connect4Variants,
    /// Tesan's Twist framework (sections 3.1.1, 3.1.2, 3.2, 4; no tables): alpha-beta with
    /// quiescence and killers against UCT by node budget in English draughts.
    DraughtsAgents,
    /// Polk and Oommen: History-ADS move ordering, tables 1, 7, 12 (Othello), 2, 8, 13 (Relaxed
    /// Checkers), 3, 5, 9 (Focus), 4, 10, 14 (Virus Game), 6, 11 (Chinese Checkers).
    HistoryAds,
    /// "Intelligent Othello" (2023), tables 4.1-4.9 and section 4.4: the component heuristics one
    /// against another, minus one, four weightings, and against the static board.
    OthelloHeuristics,
    /// Hernandez, Daza and Florez 2019, section 6.1 and figures 5-6: SCOUT against alpha-beta at
    /// depth 8 in Othello.
    OthelloScoutVsAlphabeta,
}

#[derive(clap::Args)]
pub struct Args {
    pub name: Name,
    /// The directory for report.md, the data (CSV, JSON) and the plots (SVG).
    #[arg(long, default_value = "experiment-out")]
    pub out: PathBuf,
    /// A small version (for CI): fewer trials, positions and depths.
    #[arg(long)]
    pub quick: bool,
    /// Number of trials (each experiment has its own default).
    #[arg(long)]
    pub trials: Option<usize>,
    /// Seed of the random openings: the same seed gives the same positions and node counts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: Args) -> Result<()> {
    if args.trials == Some(0) {
        anyhow::bail!("--trials: must be at least 1");
    }
    let run = Run {
        quick: args.quick,
        trials: args.trials,
        seed: args.seed,
        started: Instant::now(),
    };
    let claims = match args.name {
        Name::Connect4Variants => connect4_variants::run(&run, &args.out)?
            .claims
            .into_iter()
            .map(|c| format!("{}: {}", c.verdict, c.claim))
            .collect::<Vec<_>>(),
        Name::DraughtsAgents => draughts_agents::run(&run, &args.out)?
            .claims
            .into_iter()
            .map(|c| format!("{}: {} ({})", c.verdict, c.claim, c.ours))
            .collect(),
        Name::HistoryAds => history_ads::run(&run, &args.out)?
            .claims
            .iter()
            .map(|c| {
                format!(
                    "{}: {} from the {} (paper {}, Ply {})",
                    c.verdict,
                    c.game,
                    if c.midgame { "midgame" } else { "start" },
                    c.paper,
                    c.ours
                )
            })
            .collect(),
        Name::OthelloHeuristics => othello_heuristics::run(&run, &args.out)?
            .claims
            .into_iter()
            .map(|c| format!("{}: {} ({})", c.verdict, c.claim, c.ours))
            .collect(),
        Name::OthelloScoutVsAlphabeta => {
            let s = othello_scout::run(&run, &args.out)?;
            s.engines
                .iter()
                .map(|e| {
                    format!(
                        "{:?}: {}-{} nodes, {:.1}-{:.1} ms a move at depth {}",
                        e.engine, e.min_nodes, e.max_nodes, e.min_ms, e.max_ms, s.depth
                    )
                })
                .collect()
        }
    };
    for line in &claims {
        println!("{line}");
    }
    println!(
        "report: {} ({:.1} s)",
        args.out.join("report.md").display(),
        run.started.elapsed().as_secs_f64()
    );
    Ok(())
}
