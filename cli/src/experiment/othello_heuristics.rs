//! `othello-heuristics`: "Intelligent Othello" (course project report, Hanoi, 2023), chapter 4:
//! the four component heuristics one against another at depths 5 and 6 (tables 4.1-4.4), the
//! full heuristic against itself minus one component (tables 4.5-4.6), four weightings of the
//! components (tables 4.7-4.9), and the component-wise heuristic against the static board
//! (section 4.3).
//!
//! The report played two games per pairing from the standard start, one with each colour, with
//! plain alpha-beta; with deterministic engines that is two games, whatever the number of
//! repetitions. Ply plays those same two games (the "paper's protocol" column) and, for
//! statistics, every pairing again from seeded random 4-ply openings, each twice with colours
//! swapped. Scores count a win 1 and a draw ½ with Wilson intervals; discs won and lost are per
//! game (the report sums them over a heuristic's six games). Ply's component heuristics are
//! Sannidhanam and Annamalai's, which the report follows (`coins`, `corners`, `mobility`,
//! `stability` presets); the report does not give its "Everything" weights, so its final
//! weighting (combination 2, which it chose) plays that part.

use super::Run;
use super::report::{csv, num, table, write};
use super::stats::{Interval, rate_interval};
use crate::commands::tournament::{Plan, play_tournament};
use crate::tournament::report::Report;
use crate::tournament::spec::{Defaults, PlayerSpec};
use anyhow::Result;
use ply_core::Game;
use ply_core::games::othello::Othello;
use serde::Serialize;
use std::path::Path;

/// The four components alone, in the report's order.
const SINGLES: [&str; 4] = ["coins", "corners", "stability", "mobility"];

/// Table 4.7: corner, coins, mobility, stability weights of the four combinations.
const COMBINATIONS: [(&str, [u32; 4]); 4] = [
    ("combine-1", [6, 1, 2, 3]),
    ("combine-2", [10, 4, 5, 7]),
    ("combine-3", [7, 6, 9, 4]),
    ("combine-4", [9, 3, 4, 5]),
];

/// Tables 4.1 and 4.3 as printed: (depth, first player, second player, "discs winner").
const PAPER_GAMES: [(u32, &str, &str, &str); 24] = [
    (5, "coins", "corners", "52-0 corner"),
    (5, "coins", "stability", "41-23 stability"),
    (5, "coins", "mobility", "37-27 mobility"),
    (5, "corners", "coins", "45-19 corner"),
    (5, "corners", "stability", "35-29 stability"),
    (5, "corners", "mobility", "44-20 mobility"),
    (5, "stability", "coins", "41-23 coins"),
    (5, "stability", "corners", "41-23 corner"),
    (5, "stability", "mobility", "35-29 mobility"),
    (5, "mobility", "coins", "37-27 mobility"),
    (5, "mobility", "corners", "48-16 corner"),
    (5, "mobility", "stability", "41-23 stability"),
    (6, "coins", "corners", "60-3 corner"),
    (6, "coins", "stability", "40-24 stability"),
    (6, "coins", "mobility", "51-13 coins"),
    (6, "corners", "coins", "53-0 corner"),
    (6, "corners", "stability", "34-30 corners"),
    (6, "corners", "mobility", "45-19 corners"),
    (6, "stability", "coins", "40-24 coins"),
    (6, "stability", "corners", "49-15 corner"),
    (6, "stability", "mobility", "34-30 mobility"),
    (6, "mobility", "coins", "36-28 mobility"),
    (6, "mobility", "corners", "50-13 mobility"),
    (6, "mobility", "stability", "48-16 stability"),
];

/// A heuristic's discs won and lost over its six games, as a table prints them.
type Discs = (&'static str, u32, u32);

/// Tables 4.2 and 4.4: discs won and lost by each component over its six games, depths 5 and 6.
const PAPER_DISCS: [(u32, [Discs; 4]); 2] = [
    (
        5,
        [
            ("corners", 259, 107),
            ("stability", 192, 189),
            ("mobility", 168, 216),
            ("coins", 137, 225),
        ],
    ),
    (
        6,
        [
            ("corners", 253, 117),
            ("stability", 187, 197),
            ("mobility", 168, 215),
            ("coins", 146, 218),
        ],
    ),
];

/// Table 4.9: discs won and lost by each combination over its six games.
const PAPER_COMBINATION_DISCS: [Discs; 4] = [
    ("combine-2", 243, 140),
    ("combine-4", 223, 179),
    ("combine-3", 179, 205),
    ("combine-1", 141, 243),
];

/// One pairing's result for its first player.
#[derive(Debug, Clone, Serialize)]
pub struct Pairing {
    pub part: &'static str,
    pub depth: u32,
    pub player: String,
    pub opponent: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub score: Interval,
    /// The two games from the standard start (the report's protocol): the player's discs, as
    /// first player then as second, and the opponent's.
    pub paper_protocol: String,
    /// The report's two games of this pairing, as printed ("-" where it has none).
    pub published: String,
}

/// A player's totals in a round robin.
#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    pub part: &'static str,
    pub depth: u32,
    pub player: String,
    pub games: u32,
    pub score: Interval,
    pub discs_won_per_game: f64,
    pub discs_lost_per_game: f64,
    /// The report's discs over six games, divided by six (`None` where it has none).
    pub paper_won_per_game: Option<f64>,
    pub paper_lost_per_game: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Claim {
    pub claim: String,
    pub paper: String,
    pub ours: String,
    pub verdict: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub depths: Vec<u32>,
    pub games_per_pairing: usize,
    pub pairings: Vec<Pairing>,
    pub standings: Vec<Standing>,
    pub claims: Vec<Claim>,
}

fn spec(name: &str, body: &str, depth: u32) -> Result<PlayerSpec> {
    let defaults = Defaults {
        depth: Some(depth),
        time_ms: None,
        tt_mb: 4,
    };
    PlayerSpec::parse::<Othello>(
        &format!("{name}=algo=alphabeta,depth={depth},{body}"),
        &defaults,
    )
}

fn combination(name: &str, w: [u32; 4], depth: u32) -> Result<PlayerSpec> {
    spec(
        name,
        &format!(
            "heuristic=combine-2,w.corners={},w.coins={},w.mobility={},w.stability={}",
            w[0], w[1], w[2], w[3]
        ),
        depth,
    )
}

fn round_robin(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| ((i + 1)..n).map(move |j| (i, j)))
        .collect()
}

/// Plays `pairings` twice: from random openings (`games` each) and the report's two games from
/// the start.
fn tournament(
    run: &Run,
    players: Vec<PlayerSpec>,
    pairings: Vec<(usize, usize)>,
    games: usize,
) -> Result<(Report, Report)> {
    let start = Othello::start();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let plan = |games, opening_plies| Plan {
        players: players.clone(),
        pairings: pairings.clone(),
        games,
        opening_plies,
        openings_from: None,
        seed: run.seed,
        threads,
        quiet: false,
    };
    let seeded = play_tournament(&start, &plan(games, 4), "othello-heuristics")?;
    let paper = play_tournament(
        &start,
        &plan(2, 0),
        "othello-heuristics, the report's protocol",
    )?;
    Ok((seeded, paper))
}

fn pairings_of(
    part: &'static str,
    depth: u32,
    seeded: &Report,
    paper: &Report,
    pairs: &[(usize, usize)],
) -> Vec<Pairing> {
    pairs
        .iter()
        .filter_map(|&(i, j)| {
            let c = seeded.cell(i, j);
            let games = c.wdl.wins + c.wdl.draws + c.wdl.losses;
            let score = rate_interval(
                f64::from(c.wdl.wins) + f64::from(c.wdl.draws) / 2.0,
                games as usize,
                0.95,
            )?;
            let games_of = |first, second| {
                paper
                    .games
                    .iter()
                    .find(|g| g.first == first && g.second == second)
                    .map(|g| (g.material_first, g.material_second))
            };
            let protocol = match (games_of(i, j), games_of(j, i)) {
                (Some((a, b)), Some((c2, d))) => format!("{a}-{b} first, {d}-{c2} second"),
                _ => "-".into(),
            };
            Some(Pairing {
                part,
                depth,
                player: seeded.players[i].name.clone(),
                opponent: seeded.players[j].name.clone(),
                games,
                wins: c.wdl.wins,
                draws: c.wdl.draws,
                losses: c.wdl.losses,
                score,
                paper_protocol: protocol,
                published: published_games(depth, &seeded.players[i].name, &seeded.players[j].name),
            })
        })
        .collect()
}

fn published_games(depth: u32, a: &str, b: &str) -> String {
    let find = |x: &str, y: &str| {
        PAPER_GAMES
            .iter()
            .find(|g| g.0 == depth && g.1 == x && g.2 == y)
            .map(|g| g.3)
    };
    match (find(a, b), find(b, a)) {
        (Some(first), Some(second)) => format!("{a} first: {first}; {b} first: {second}"),
        _ => "-".into(),
    }
}

fn standings_of(part: &'static str, depth: u32, seeded: &Report, paper: &[Discs]) -> Vec<Standing> {
    seeded
        .players
        .iter()
        .filter_map(|p| {
            let t = p.total;
            let games = t.wins + t.draws + t.losses;
            let published = paper.iter().find(|(n, _, _)| *n == p.name);
            Some(Standing {
                part,
                depth,
                player: p.name.clone(),
                games,
                score: rate_interval(
                    f64::from(t.wins) + f64::from(t.draws) / 2.0,
                    games as usize,
                    0.95,
                )?,
                discs_won_per_game: p.material_for as f64 / f64::from(games.max(1)),
                discs_lost_per_game: p.material_against as f64 / f64::from(games.max(1)),
                paper_won_per_game: published.map(|(_, w, _)| f64::from(*w) / 6.0),
                paper_lost_per_game: published.map(|(_, _, l)| f64::from(*l) / 6.0),
            })
        })
        .collect()
}

pub fn run(run: &Run, out: &Path) -> Result<Summary> {
    let openings = run.trials(50, 1);
    let games = 2 * openings;
    let depths: Vec<u32> = if run.quick { vec![2] } else { vec![5, 6] };
    let last = depths.last().copied().unwrap_or(6);
    let mut pairings = Vec::new();
    let mut standings = Vec::new();

    for &depth in &depths {
        let singles: Vec<PlayerSpec> = SINGLES
            .iter()
            .map(|&h| spec(h, &format!("heuristic={h}"), depth))
            .collect::<Result<_>>()?;
        let pairs = round_robin(singles.len());
        let (seeded, paper) = tournament(run, singles, pairs.clone(), games)?;
        pairings.extend(pairings_of("singles", depth, &seeded, &paper, &pairs));
        let published = PAPER_DISCS
            .iter()
            .find(|(d, _)| *d == depth)
            .map_or(&[][..], |(_, t)| &t[..]);
        standings.extend(standings_of("singles", depth, &seeded, published));

        // Everything against everything minus one component.
        let base = combination("everything", COMBINATIONS[1].1, depth)?;
        let weights = base.effective_weights::<Othello>()?;
        let mut list = vec![base.clone()];
        for f in weights.active_factors() {
            list.push(base.with_weights(format!("minus-{f}"), weights.without(&f)));
        }
        let pairs: Vec<(usize, usize)> = (1..list.len()).map(|k| (0, k)).collect();
        let (seeded, paper) = tournament(run, list, pairs.clone(), games)?;
        pairings.extend(pairings_of("ablation", depth, &seeded, &paper, &pairs));
    }

    let combos: Vec<PlayerSpec> = COMBINATIONS
        .iter()
        .map(|&(n, w)| combination(n, w, last))
        .collect::<Result<_>>()?;
    let pairs = round_robin(combos.len());
    let (seeded, paper) = tournament(run, combos, pairs.clone(), games)?;
    pairings.extend(pairings_of("combinations", last, &seeded, &paper, &pairs));
    standings.extend(standings_of(
        "combinations",
        last,
        &seeded,
        &PAPER_COMBINATION_DISCS,
    ));

    let duel = vec![
        combination("component-wise", COMBINATIONS[1].1, last)?,
        spec("static-board", "heuristic=static-table-100", last)?,
    ];
    let (seeded, paper) = tournament(run, duel, vec![(0, 1)], games)?;
    pairings.extend(pairings_of("static", last, &seeded, &paper, &[(0, 1)]));

    let claims = claims(&pairings, &standings, &depths);
    let summary = Summary {
        depths,
        games_per_pairing: games,
        pairings,
        standings,
        claims,
    };
    write_outputs(run, out, &summary)?;
    Ok(summary)
}

fn pct(i: &Interval) -> String {
    format!(
        "{:.0} % ({:.0}-{:.0})",
        i.mean * 100.0,
        i.lo * 100.0,
        i.hi * 100.0
    )
}

/// `separated`: the intervals that decide the claim do not overlap, whichever way it went.
fn verdict(holds: bool, separated: bool) -> &'static str {
    match (holds, separated) {
        (true, true) => "reproduced",
        (true, false) => "reproduced in direction (intervals overlap)",
        (false, false) => "not reproduced (intervals overlap)",
        (false, true) => "not reproduced",
    }
}

fn claims(pairings: &[Pairing], standings: &[Standing], depths: &[u32]) -> Vec<Claim> {
    let mut out = Vec::new();
    for &depth in depths {
        let mut singles: Vec<&Standing> = standings
            .iter()
            .filter(|s| s.part == "singles" && s.depth == depth)
            .collect();
        singles.sort_by(|a, b| b.score.mean.total_cmp(&a.score.mean));
        let order = singles
            .iter()
            .map(|s| format!("{} {}", s.player, pct(&s.score)))
            .collect::<Vec<_>>()
            .join(", ");
        if let (Some(top), Some(second), Some(bottom)) =
            (singles.first(), singles.get(1), singles.last())
        {
            out.push(Claim {
                claim: format!("Corners is the strongest component alone (depth {depth})"),
                paper: "most discs won in tables 4.2 and 4.4; 4 of 6 games at depth 5, 5 of 6 at depth 6".into(),
                ours: order.clone(),
                verdict: verdict(top.player == "corners", top.score.lo > second.score.hi),
            });
            let above = singles.get(singles.len().saturating_sub(2));
            out.push(Claim {
                claim: format!("Coin parity is the weakest component alone (depth {depth})"),
                paper: "fewest discs won in tables 4.2 and 4.4".into(),
                ours: order,
                verdict: verdict(
                    bottom.player == "coins",
                    above.is_some_and(|a| bottom.score.hi < a.score.lo),
                ),
            });
        }
    }
    let ablation: Vec<&Pairing> = pairings.iter().filter(|p| p.part == "ablation").collect();
    if !ablation.is_empty() {
        // The report: E-coins won both depth-5 games (coin parity's greed hurts the full
        // heuristic), while removing corners or mobility degraded its play.
        let coins: Vec<&&Pairing> = ablation
            .iter()
            .filter(|p| p.opponent == "minus-coins")
            .collect();
        let others: Vec<&&Pairing> = ablation
            .iter()
            .filter(|p| p.opponent != "minus-coins")
            .collect();
        let coins_no_help = coins
            .iter()
            .all(|p| p.score.mean <= 0.5 || p.score.lo <= 0.5);
        let others_help = others.iter().all(|p| p.score.mean > 0.5);
        let separated =
            coins.iter().all(|p| p.score.lo <= 0.5) && others.iter().all(|p| p.score.lo > 0.5);
        out.push(Claim {
            claim: "Coin parity adds nothing to the full heuristic, the other components do (tables 4.5-4.6)"
                .into(),
            paper: "E-coins won both depth-5 games and one of two at depth 6; without corners or mobility the play degraded (the full heuristic won 7 of the 12 games the text keeps)".into(),
            ours: format!(
                "the full heuristic's score against it minus: {}",
                ablation
                    .iter()
                    .map(|p| format!("{} d{} {}", p.opponent.trim_start_matches("minus-"), p.depth, pct(&p.score)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            verdict: verdict(coins_no_help && others_help, separated),
        });
    }
    let mut combos: Vec<&Standing> = standings
        .iter()
        .filter(|s| s.part == "combinations")
        .collect();
    combos.sort_by(|a, b| b.score.mean.total_cmp(&a.score.mean));
    if let (Some(top), Some(second)) = (combos.first(), combos.get(1)) {
        out.push(Claim {
            claim: "Combination 2 (corners 10, coins 4, mobility 5, stability 7) is the strongest weighting (table 4.9)".into(),
            paper: "won all six of its games, most discs".into(),
            ours: combos
                .iter()
                .map(|s| format!("{} {}", s.player, pct(&s.score)))
                .collect::<Vec<_>>()
                .join(", "),
            verdict: verdict(top.player == "combine-2", top.score.lo > second.score.hi),
        });
    }
    if let Some(p) = pairings.iter().find(|p| p.part == "static") {
        out.push(Claim {
            claim: "The component-wise heuristic beats the static board (section 4.3)".into(),
            paper: "2 of 2 games (38-26, 41-22)".into(),
            ours: format!(
                "{} over {} games; the report's two games: {}",
                pct(&p.score),
                p.games,
                p.paper_protocol
            ),
            verdict: verdict(p.score.mean > 0.5, p.score.lo > 0.5),
        });
    }
    out
}

fn write_outputs(run: &Run, out: &Path, s: &Summary) -> Result<()> {
    let pairing_table = |part: &str| {
        table(
            &[
                "depth",
                "player",
                "opponent",
                "games",
                "won-drawn-lost",
                "score (95 % CI)",
                "Ply's two games from the start, discs",
                "the report's two games",
            ],
            &s.pairings
                .iter()
                .filter(|p| p.part == part)
                .map(|p| {
                    vec![
                        p.depth.to_string(),
                        p.player.clone(),
                        p.opponent.clone(),
                        p.games.to_string(),
                        format!("{}-{}-{}", p.wins, p.draws, p.losses),
                        pct(&p.score),
                        p.paper_protocol.clone(),
                        p.published.clone(),
                    ]
                })
                .collect::<Vec<_>>(),
        )
    };
    let standing_table = |part: &str| {
        table(
            &[
                "depth",
                "heuristic",
                "games",
                "score (95 % CI)",
                "discs won a game",
                "lost",
                "report: won a game",
                "lost",
            ],
            &s.standings
                .iter()
                .filter(|x| x.part == part)
                .map(|x| {
                    let opt = |v: Option<f64>| v.map_or("-".into(), num);
                    vec![
                        x.depth.to_string(),
                        x.player.clone(),
                        x.games.to_string(),
                        pct(&x.score),
                        num(x.discs_won_per_game),
                        num(x.discs_lost_per_game),
                        opt(x.paper_won_per_game),
                        opt(x.paper_lost_per_game),
                    ]
                })
                .collect::<Vec<_>>(),
        )
    };
    let claims = table(
        &["claim", "paper", "Ply", "verdict"],
        &s.claims
            .iter()
            .map(|c| {
                vec![
                    c.claim.clone(),
                    c.paper.clone(),
                    c.ours.clone(),
                    c.verdict.into(),
                ]
            })
            .collect::<Vec<_>>(),
    );
    let report = format!(
        "# Othello component heuristics\n\n\
         \"Intelligent Othello\" (course project report, Hanoi, 2023), chapter 4, re-run with Ply's \
         engines (`ply experiment othello-heuristics`).\n\n{}\n\n\
         Alpha-beta at the report's depths with a 4 MB table (the value at a fixed depth is plain \
         alpha-beta's; the table only saves time). Each pairing plays {} games: seeded random 4-ply \
         openings, each with colours swapped. The report played two games per pairing from the \
         standard start; Ply's two games from the start are in the last column (its engines are \
         deterministic too, but they are not the report's, so the discs need not match), the report's \
         own two games as printed in the next one. The report's \
         \"Everything\" weights are not given; its chosen combination 2 plays that part. Discs \
         won and lost are per game; the report's are its six-game sums divided by six.\n\n\
         ## Does it reproduce?\n\n{claims}\n\n\
         ## One component against another (tables 4.1-4.4)\n\n{}\n\n{}\n\n\
         ## The full heuristic minus one component (tables 4.5-4.6)\n\n{}\n\n\
         ## Four weightings (tables 4.7-4.9)\n\n{}\n\n{}\n\n\
         ## Component-wise against the static board (section 4.3)\n\n{}\n",
        super::provenance(run),
        s.games_per_pairing,
        standing_table("singles"),
        pairing_table("singles"),
        pairing_table("ablation"),
        standing_table("combinations"),
        pairing_table("combinations"),
        pairing_table("static"),
    );
    write(out, "report.md", &report)?;
    write(
        out,
        "pairings.csv",
        &csv(
            &[
                "part", "depth", "player", "opponent", "games", "wins", "draws", "losses", "score",
            ],
            &s.pairings
                .iter()
                .map(|p| {
                    vec![
                        p.part.into(),
                        p.depth.to_string(),
                        p.player.clone(),
                        p.opponent.clone(),
                        p.games.to_string(),
                        p.wins.to_string(),
                        p.draws.to_string(),
                        p.losses.to_string(),
                        format!("{:.4}", p.score.mean),
                    ]
                })
                .collect::<Vec<_>>(),
        ),
    )?;
    write(out, "summary.json", &serde_json::to_string_pretty(s)?)?;
    Ok(())
}
