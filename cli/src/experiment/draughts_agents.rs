//! `draughts-agents`: T. Tesan, "Twist: a trivially simple draughts engine + extensible
//! microframework for game-playing agents": English draughts under the WCDF rules, an alpha-beta
//! agent with quiescence search and a killer list, and UCT with a budget counted in nodes.
//!
//! The paper publishes no result table: it describes the agents and states three expectations,
//! which this experiment measures with Ply's engines in the paper's setting (the naive material
//! evaluation, man 1 and king 2; a game drawn after 100 plies without a winner; UCT's budget in
//! total nodes, tree and default policy together, so that it does not depend on the machine):
//! - a killer list, not kept between searches, "yield[s] an appreciable gain" (section 3.1.2);
//! - quiescence search makes the static evaluation trustworthy where exchanges are pending
//!   (section 3.1.1), so it should win games at equal depth;
//! - UCT improves with its budget (it converges on the minimax value), and its best exploration
//!   constant depends on the budget (section 4, future work).
//!
//! Protocol: every pairing plays each seeded random opening of [`OPENING_PLIES`] plies twice,
//! colours swapped (the paper states no opening; the openings of a part are distinct positions,
//! listed in `openings.txt`, and every budget meets the same ones; distinct positions are
//! distinct games: the board's only symmetry that keeps the rules, the half turn, swaps the
//! colours and so the side to move, which openings of one length share); the games are independent and run on every core, each
//! reproducible from its seed. The unit of the match tests is an opening (the score over its two
//! games), tested by a Wilcoxon signed-rank test; the killer saving is measured and tested per
//! game (the searches of one game are not independent): the geometric mean of each game's ratio
//! of node totals with and without killers, and a Wilcoxon signed-rank test of those log ratios. Holm's correction over the run and the
//! verdict rule of `docs/experiments/README.md`.

use super::plot::{Series, line_chart};
use super::report::{csv, grouped, num, p_value, table, write};
use super::stats::{
    Interval, Wilcoxon, mean_interval, rate_interval, ratio_interval, wilcoxon, wilcoxon_log,
};
use super::verdict::{Evidence, Judged, Verdict, judge};
use super::{Run, parallel_map};
use anyhow::{Result, anyhow};
use ply_core::games::draughts::Draughts;
use ply_core::heuristic::HasHeuristic;
use ply_core::search::{
    Algorithm, KillerMode, MctsConfig, OrderingConfig, Playout, SearchConfig, StopToken, search,
};
use ply_core::{Evaluator, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::path::Path;

/// Random plies before the agents take over (so that the deterministic alpha-beta agent does not
/// play the same game every time). Two plies allow 49 openings, too few: a third of a hundred
/// games were repeats; six allow thousands, and repeats are skipped.
pub const OPENING_PLIES: usize = 6;
/// The framework's default: a game without a winner after this many plies is a draw.
pub const DRAW_AFTER_PLIES: u32 = 100;
/// Alpha-beta's nominal depth (the paper fixes none).
pub const AB_DEPTH: u32 = 6;
/// Size of the single killer list for the whole tree (the paper's SimpleKillerAlphaBeta).
pub const KILLERS: usize = 4;

/// One of the agents.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Agent {
    AlphaBeta {
        depth: u32,
        quiescence: bool,
        killers: bool,
    },
    Uct {
        budget: u64,
        exploration: f64,
    },
}

impl Agent {
    pub fn name(&self) -> String {
        match *self {
            Agent::AlphaBeta {
                depth,
                quiescence,
                killers,
            } => format!(
                "alpha-beta {depth}{}{}",
                if quiescence { " +q" } else { "" },
                if killers { " +killers" } else { "" }
            ),
            Agent::Uct {
                budget,
                exploration,
            } => format!("UCT {budget} nodes c={exploration:.2}"),
        }
    }

    fn config(&self, seed: u64) -> SearchConfig {
        match *self {
            Agent::AlphaBeta {
                depth,
                quiescence,
                killers,
            } => SearchConfig {
                algorithm: Algorithm::AlphaBeta,
                depth: Some(depth),
                quiescence,
                ordering: OrderingConfig {
                    killers: if killers {
                        KillerMode::Global { n: KILLERS }
                    } else {
                        KillerMode::Off
                    },
                    ..OrderingConfig::none()
                },
                tt_bytes: 0,
                iterative: false,
                ..SearchConfig::default()
            },
            Agent::Uct {
                budget,
                exploration,
            } => SearchConfig {
                algorithm: Algorithm::Mcts,
                mcts: MctsConfig {
                    playouts: None,
                    node_budget: Some(budget),
                    exploration,
                    playout: Playout::Random,
                    seed,
                    ..MctsConfig::default()
                },
                ..SearchConfig::default()
            },
        }
    }
}

const AB: Agent = Agent::AlphaBeta {
    depth: AB_DEPTH,
    quiescence: true,
    killers: true,
};

/// One game to play: `first` moves first after the opening.
#[derive(Debug, Clone, Copy)]
struct Job {
    part: &'static str,
    first: Agent,
    second: Agent,
    /// The agent whose score the part reports (`first` or `second`).
    measured_first: bool,
    opening_seed: u64,
}

/// A finished game.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    pub part: &'static str,
    pub first: String,
    pub second: String,
    pub opening: String,
    /// Every move from the start, the opening's included, in the game's notation.
    pub moves: String,
    /// The measured agent moved first (after the opening).
    pub measured_first: bool,
    /// 1, ½ or 0 for the measured agent.
    pub score: f64,
    pub plies: u32,
    /// Mean nodes a move for the measured agent and its opponent.
    pub nodes_measured: f64,
    pub nodes_opponent: f64,
    pub ms_measured: f64,
    /// Alpha-beta's searches in this game with and without killers (the killer part only).
    pub killer_pairs: Vec<(u64, u64)>,
}

/// The opening of `seed`: its moves and the position it reaches.
fn opening(seed: u64) -> (Draughts, Vec<String>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Draughts::start();
    let mut moves = Vec::new();
    let mut opening = Vec::new();
    for _ in 0..OPENING_PLIES {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        opening.push(pos.format_move(mv));
        pos.play(mv);
    }
    (pos, opening)
}

/// The seeds of `count` openings reaching distinct positions, from `base` on (seeds whose
/// opening repeats an earlier one's position are skipped; fewer come back only if the game had
/// fewer distinct positions, which six plies of draughts do not).
fn distinct_openings(count: usize, base: u64) -> Vec<u64> {
    let mut seen = std::collections::HashSet::new();
    let mut seeds = Vec::new();
    for i in 0..(count as u64).saturating_mul(20) {
        if seeds.len() == count {
            break;
        }
        let seed = base.wrapping_mul(1_000_003).wrapping_add(i);
        if seen.insert(opening(seed).0.format_position()) {
            seeds.push(seed);
        }
    }
    seeds
}

/// Each part's openings, one a line after the part's name, in the order the jobs meet them.
fn openings_listing(jobs: &[Job]) -> String {
    let mut seen = std::collections::HashSet::new();
    jobs.iter()
        .filter(|job| seen.insert((job.part, job.opening_seed)))
        .map(|job| format!("{}: {}\n", job.part, opening(job.opening_seed).1.join(" ")))
        .collect()
}

fn play(job: &Job, eval: &dyn Evaluator<Draughts>) -> GameRecord {
    let (mut pos, opening) = opening(job.opening_seed);
    let mut played = Vec::new();
    let measured_side = if job.measured_first { 0 } else { 1 };
    let (mut nodes, mut ms, mut count) = ([0u64; 2], [0f64; 2], [0u32; 2]);
    let mut killer_pairs = Vec::new();
    let mut plies = 0;
    let score = loop {
        if let Some(o) = pos.outcome() {
            break f64::from(o.sign_for(measured_side) + 1) / 2.0;
        }
        if plies >= DRAW_AFTER_PLIES {
            break 0.5;
        }
        let side = pos.side_to_move();
        let agent = if side == 0 { job.first } else { job.second };
        let seed = job.opening_seed ^ u64::from(plies).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let r = search(&pos, eval, &agent.config(seed), &StopToken::new());
        if job.part == "killers"
            && let Agent::AlphaBeta {
                depth, quiescence, ..
            } = agent
        {
            let without = Agent::AlphaBeta {
                depth,
                quiescence,
                killers: false,
            };
            let plain = search(&pos, eval, &without.config(seed), &StopToken::new());
            killer_pairs.push((r.stats.nodes, plain.stats.nodes));
        }
        let i = usize::from(side != measured_side);
        nodes[i] += r.stats.nodes;
        ms[i] += r.stats.time_ms;
        count[i] += 1;
        let Some(mv) = r.best_move else {
            break 0.5;
        };
        played.push(pos.format_move(mv));
        pos.play(mv);
        plies += 1;
    };
    let mean = |total: f64, n: u32| if n == 0 { 0.0 } else { total / f64::from(n) };
    GameRecord {
        part: job.part,
        first: job.first.name(),
        second: job.second.name(),
        moves: opening
            .iter()
            .chain(&played)
            .cloned()
            .collect::<Vec<_>>()
            .join(" "),
        opening: opening.join(" "),
        measured_first: job.measured_first,
        score,
        plies,
        nodes_measured: mean(nodes[0] as f64, count[0]),
        nodes_opponent: mean(nodes[1] as f64, count[1]),
        ms_measured: mean(ms[0], count[0]),
        killer_pairs,
    }
}

/// Both colours of each opening: the measured agent first, then second.
fn pairs(part: &'static str, measured: Agent, opponent: Agent, openings: &[u64]) -> Vec<Job> {
    openings
        .iter()
        .flat_map(|&opening_seed| {
            [
                Job {
                    part,
                    first: measured,
                    second: opponent,
                    measured_first: true,
                    opening_seed,
                },
                Job {
                    part,
                    first: opponent,
                    second: measured,
                    measured_first: false,
                    opening_seed,
                },
            ]
        })
        .collect()
}

/// A pairing's result for the measured agent.
#[derive(Debug, Clone, Serialize)]
pub struct Pairing {
    pub part: &'static str,
    pub measured: String,
    pub opponent: String,
    /// The budget or exploration constant the row varies (for the plots).
    pub x: f64,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Score rate (win 1, draw ½) with its Wilson interval.
    pub score: Interval,
    pub nodes_measured: Option<Interval>,
    pub nodes_opponent: Option<Interval>,
    pub ms_measured: Option<Interval>,
    pub plies: Option<Interval>,
    /// Distinct openings (each played twice, colours swapped).
    pub openings: usize,
    /// Games that reached the draw limit without a winner.
    pub capped: usize,
    /// The measured agent's score over the two games of each opening, by opening.
    pub opening_scores: Vec<(String, f64)>,
    /// Wilcoxon signed-rank test of the opening scores against one half.
    pub test: Option<Wilcoxon>,
}

fn pairing(
    part: &'static str,
    measured: Agent,
    opponent: Agent,
    x: f64,
    games: &[GameRecord],
) -> Option<Pairing> {
    let (m, o) = (measured.name(), opponent.name());
    let mine: Vec<&GameRecord> = games
        .iter()
        .filter(|g| {
            g.part == part && (g.first == m && g.second == o || g.first == o && g.second == m)
        })
        .collect();
    let col = |f: fn(&GameRecord) -> f64| {
        mean_interval(&mine.iter().map(|g| f(g)).collect::<Vec<_>>(), 0.95)
    };
    let total: f64 = mine.iter().map(|g| g.score).sum();
    let mut by_opening: std::collections::BTreeMap<&str, f64> = Default::default();
    for g in &mine {
        *by_opening.entry(g.opening.as_str()).or_default() += g.score / 2.0;
    }
    let opening_scores: Vec<(String, f64)> = by_opening
        .into_iter()
        .map(|(o, s)| (o.to_string(), s))
        .collect();
    let scores: Vec<f64> = opening_scores.iter().map(|(_, s)| *s).collect();
    let test = wilcoxon(&scores, &vec![0.5; scores.len()]);
    Some(Pairing {
        part,
        measured: m,
        opponent: o,
        x,
        games: mine.len(),
        wins: mine.iter().filter(|g| g.score == 1.0).count(),
        draws: mine.iter().filter(|g| g.score == 0.5).count(),
        losses: mine.iter().filter(|g| g.score == 0.0).count(),
        score: rate_interval(total, mine.len(), 0.95)?,
        nodes_measured: col(|g| g.nodes_measured),
        nodes_opponent: col(|g| g.nodes_opponent),
        ms_measured: col(|g| g.ms_measured),
        plies: col(|g| f64::from(g.plies)),
        openings: opening_scores.len(),
        capped: mine
            .iter()
            .filter(|g| g.plies >= DRAW_AFTER_PLIES && g.score == 0.5)
            .count(),
        opening_scores,
        test,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct KillerSaving {
    pub searches: usize,
    /// Games the searches came from: the unit of the test.
    pub games: usize,
    /// Nodes with killers over nodes without, on the same positions: the geometric mean over the
    /// games of each game's ratio of node totals (the unit of the test), with its interval.
    pub ratio: Interval,
    /// Wilcoxon signed-rank test of each game's node totals with and without killers.
    pub test: Option<Wilcoxon>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Claim {
    pub claim: String,
    pub paper: String,
    pub ours: String,
    pub verdict: Verdict,
    pub judged: Option<Judged>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub budgets: Vec<u64>,
    /// UCT's budgets in the exploration sweep.
    pub sweep_budgets: Vec<u64>,
    /// UCT's budget against the alpha-beta agent whose searches are repeated without killers.
    pub killer_budget: u64,
    pub explorations: Vec<f64>,
    pub pairings: Vec<Pairing>,
    pub killers: Option<KillerSaving>,
    pub claims: Vec<Claim>,
}

fn interval_text(i: &Interval, percent: bool) -> String {
    if percent {
        format!(
            "{:.0} % ({:.0}-{:.0})",
            i.mean * 100.0,
            i.lo * 100.0,
            i.hi * 100.0
        )
    } else {
        format!("{} ({}-{})", num(i.mean), num(i.lo), num(i.hi))
    }
}

pub fn run(run: &Run, out: &Path) -> Result<Summary> {
    let eval = Draughts::heuristic("material").map_err(|e| anyhow!("{e}"))?;
    let openings = run.trials(50, 1);
    let budgets: Vec<u64> = if run.quick {
        vec![500, 2_000]
    } else {
        vec![1_000, 10_000, 100_000, 1_000_000]
    };
    let sweep_budgets: Vec<u64> = if run.quick {
        vec![500]
    } else {
        vec![1_000, 100_000]
    };
    let killer_budget = if run.quick { 1_000 } else { 10_000 };
    let explorations = [0.5, 1.0, std::f64::consts::SQRT_2, 2.0];
    let uct = |budget, exploration| Agent::Uct {
        budget,
        exploration,
    };
    let ab_without_q = Agent::AlphaBeta {
        depth: AB_DEPTH,
        quiescence: false,
        killers: true,
    };

    // Every budget meets the same openings, so that budgets compare opening by opening.
    let budget_openings = distinct_openings(openings, run.seed);
    let sweep_openings = distinct_openings(openings.div_ceil(2), run.seed + 100);
    let mut jobs = Vec::new();
    for &b in &budgets {
        jobs.extend(pairs(
            "budget",
            uct(b, std::f64::consts::SQRT_2),
            AB,
            &budget_openings,
        ));
    }
    for &b in &sweep_budgets {
        for &c in &explorations {
            jobs.extend(pairs("exploration", uct(b, c), AB, &sweep_openings));
        }
    }
    jobs.extend(pairs(
        "quiescence",
        AB,
        ab_without_q,
        &distinct_openings(openings, run.seed + 200),
    ));
    jobs.extend(pairs(
        "killers",
        AB,
        uct(killer_budget, std::f64::consts::SQRT_2),
        &distinct_openings(openings.div_ceil(4), run.seed + 300),
    ));

    write(out, "openings.txt", &openings_listing(&jobs))?;

    let bar = run.progress(jobs.len() as u64, "games");
    let games = parallel_map(&jobs, &bar, |job| play(job, &*eval));
    bar.finish_and_clear();

    let mut pairings = Vec::new();
    for &b in &budgets {
        pairings.extend(pairing(
            "budget",
            uct(b, std::f64::consts::SQRT_2),
            AB,
            b as f64,
            &games,
        ));
    }
    for &b in &sweep_budgets {
        for &c in &explorations {
            pairings.extend(pairing("exploration", uct(b, c), AB, c, &games));
        }
    }
    pairings.extend(pairing("quiescence", AB, ab_without_q, 0.0, &games));

    let killers = killer_saving(games.iter().map(|g| g.killer_pairs.as_slice()));

    let claims = claims(&pairings, killers.as_ref());
    let summary = Summary {
        budgets: budgets.clone(),
        sweep_budgets,
        killer_budget,
        explorations: explorations.to_vec(),
        pairings,
        killers,
        claims,
    };
    write_outputs(run, out, &summary, &games)?;
    Ok(summary)
}

/// A pairing's mean score per opening (both colours) with its t interval: the unit of its test.
fn per_opening(p: &Pairing) -> Interval {
    let scores: Vec<f64> = p.opening_scores.iter().map(|(_, s)| *s).collect();
    mean_interval(&scores, 0.95).unwrap_or(Interval::NONE)
}

/// The killer saving from each game's searches with and without killers: measured and tested
/// over the same unit, the game (the searches of one game are not independent), as each game's
/// ratio of node totals. Games without a measured search are left out.
fn killer_saving<'a>(games: impl Iterator<Item = &'a [(u64, u64)]>) -> Option<KillerSaving> {
    let mut searches = 0;
    let (with, without): (Vec<f64>, Vec<f64>) = games
        .filter(|pairs| !pairs.is_empty())
        .map(|pairs| {
            searches += pairs.len();
            pairs
                .iter()
                .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x as f64, b + y as f64))
        })
        .unzip();
    ratio_interval(&with, &without, 0.95).map(|ratio| KillerSaving {
        searches,
        games: with.len(),
        ratio,
        test: wilcoxon_log(&with, &without),
    })
}

fn claims(pairings: &[Pairing], killers: Option<&KillerSaving>) -> Vec<Claim> {
    // The family: killers, quiescence, budget (whichever ran). The paper states each as a
    // direction without a figure.
    let mut tested: Vec<(String, String, String, Evidence)> = Vec::new();
    if let Some(k) = killers {
        let saving = 1.0 - k.ratio.mean;
        tested.push((
            "A killer list not kept between searches yields an appreciable gain (section 3.1.2)".into(),
            "stated, its measurement reference lost (\"experimentally shown to suffice in yielding an appreciable gain in ??\")".into(),
            format!(
                "{:.0} % fewer nodes (ratio {}), {} searches from {} games; Wilcoxon over the games p {}",
                saving * 100.0,
                interval_text(&k.ratio, false),
                k.searches,
                k.games,
                k.test.map_or("-".into(), |t| p_value(t.p))
            ),
            Evidence::saving(k.test.map_or(1.0, |t| t.p), &k.ratio, None),
        ));
    }
    if let Some(q) = pairings.iter().find(|p| p.part == "quiescence") {
        tested.push((
            "Quiescence search makes the static evaluation trustworthy, so it wins at equal depth (section 3.1.1)".into(),
            "stated, not measured".into(),
            format!(
                "alpha-beta {AB_DEPTH} with quiescence scores {} against it without, {} distinct openings, {} of {} games drawn at the {DRAW_AFTER_PLIES}-ply limit; Wilcoxon over the openings p {}",
                interval_text(&q.score, true),
                q.openings,
                q.capped,
                q.games,
                q.test.map_or("-".into(), |t| p_value(t.p))
            ),
            Evidence::score(q.test.map_or(1.0, |t| t.p), &per_opening(q), true, None),
        ));
    }
    let budget: Vec<&Pairing> = pairings.iter().filter(|p| p.part == "budget").collect();
    if let (Some(lo), Some(hi)) = (budget.first(), budget.last())
        && budget.len() > 1
    {
        // The same openings at every budget: compare them opening by opening.
        let score_of = |p: &Pairing, o: &str| {
            p.opening_scores
                .iter()
                .find(|(x, _)| x == o)
                .map(|(_, s)| *s)
        };
        let (h, l): (Vec<f64>, Vec<f64>) = hi
            .opening_scores
            .iter()
            .filter_map(|(o, s)| score_of(lo, o).map(|x| (*s, x)))
            .unzip();
        let test = wilcoxon(&h, &l);
        tested.push((
            "UCT gets stronger with its node budget (section 3.2)".into(),
            "expected (UCT converges on the minimax value), not measured".into(),
            format!(
                "against alpha-beta {AB_DEPTH}: {} at {} nodes, {} at {} nodes; Wilcoxon over the {} shared openings p {}",
                interval_text(&lo.score, true),
                num(lo.x),
                interval_text(&hi.score, true),
                num(hi.x),
                h.len(),
                test.map_or("-".into(), |t| p_value(t.p))
            ),
            {
                // The interval of the paired differences, the unit of the test; as a score of
                // one half plus the difference, so that 0 is no effect.
                let d: Vec<f64> = h.iter().zip(&l).map(|(a, b)| 0.5 + a - b).collect();
                Evidence::score(
                    test.map_or(1.0, |t| t.p),
                    &mean_interval(&d, 0.95).unwrap_or(Interval::NONE),
                    true,
                    None,
                )
            },
        ));
    }
    let family: Vec<Option<Evidence>> = tested.iter().map(|t| Some(t.3)).collect();
    let mut out: Vec<Claim> = tested
        .into_iter()
        .zip(judge(&family))
        .map(|((claim, paper, ours, _), j)| Claim {
            claim,
            paper,
            ours: format!(
                "{ours}; after Holm p {}",
                j.p_holm.map_or("-".into(), p_value)
            ),
            verdict: j.verdict,
            judged: Some(j),
        })
        .collect();
    let sweep: Vec<&Pairing> = pairings
        .iter()
        .filter(|p| p.part == "exploration")
        .collect();
    let mut best = Vec::new();
    for p in &sweep {
        let budget = p
            .measured
            .split(" nodes")
            .next()
            .unwrap_or("")
            .trim_start_matches("UCT ");
        match best
            .iter_mut()
            .find(|(b, _): &&mut (&str, &Pairing)| *b == budget)
        {
            Some(entry) if entry.1.score.mean < p.score.mean => entry.1 = p,
            Some(_) => {}
            None => best.push((budget, p)),
        }
    }
    if best.len() > 1 {
        let same = best.windows(2).all(|w| w[0].1.x == w[1].1.x);
        // A best constant is only shown best when its score's interval clears every other
        // constant's at the same budget.
        let clear = best.iter().all(|(_, b)| {
            sweep
                .iter()
                .filter(|p| p.measured.split(" c=").next() == b.measured.split(" c=").next())
                .filter(|p| !std::ptr::eq(**p, *b))
                .all(|p| p.score.hi < b.score.lo)
        });
        out.push(Claim {
            claim: "UCT's best exploration constant depends on the budget".into(),
            paper: "posed as future work (section 4)".into(),
            ours: format!(
                "the best-scoring constant: {}; {} (not tested: the paper makes no claim to test, and the scores' intervals are in the table)",
                best.iter()
                    .map(|(b, p)| {
                        let budget = b.parse::<i64>().map_or_else(|_| b.to_string(), grouped);
                        format!("c = {} at {budget} nodes ({})", num(p.x), interval_text(&p.score, true))
                    })
                    .collect::<Vec<_>>()
                    .join("; "),
                match (same, clear) {
                    (true, _) => "the same at every budget",
                    (false, true) => "it differs between budgets, each best's interval clear of the other constants'",
                    (false, false) => {
                        "the best-scoring constant differs between budgets, but its interval overlaps another constant's at the same budget: not shown to differ"
                    }
                }
            ),
            verdict: Verdict::NotTestable,
            judged: None,
        });
    }
    out
}

fn pairing_rows(pairings: &[Pairing], part: &str) -> Vec<Vec<String>> {
    pairings
        .iter()
        .filter(|p| p.part == part)
        .map(|p| {
            let opt =
                |i: &Option<Interval>| i.as_ref().map_or("-".into(), |i| interval_text(i, false));
            vec![
                p.measured.clone(),
                p.opponent.clone(),
                p.games.to_string(),
                format!("{}-{}-{}", p.wins, p.draws, p.losses),
                interval_text(&p.score, true),
                opt(&p.nodes_measured),
                opt(&p.nodes_opponent),
                opt(&p.ms_measured),
                opt(&p.plies),
            ]
        })
        .collect()
}

fn write_outputs(run: &Run, out: &Path, s: &Summary, games: &[GameRecord]) -> Result<()> {
    let headers = [
        "agent",
        "opponent",
        "games",
        "won-drawn-lost",
        "score (95 % CI)",
        "nodes a move",
        "opponent's nodes a move",
        "ms a move",
        "plies",
    ];
    let claims = table(
        &["claim", "paper", "Ply", "verdict"],
        &s.claims
            .iter()
            .map(|c| {
                vec![
                    c.claim.clone(),
                    c.paper.clone(),
                    c.ours.clone(),
                    format!("**{}**", c.verdict),
                ]
            })
            .collect::<Vec<_>>(),
    );
    let killers = s.killers.as_ref().map_or(
        "No alpha-beta search was measured.".to_string(),
        |k| {
            table(
                &[
                    "searches",
                    "games",
                    "nodes with killers / without per game (geometric mean over games, 95 % CI)",
                    "Wilcoxon W+ (games)",
                    "p",
                    "rank-biserial r",
                ],
                &[vec![
                    k.searches.to_string(),
                    k.games.to_string(),
                    interval_text(&k.ratio, false),
                    k.test.map_or("-".into(), |t| num(t.w_plus)),
                    k.test.map_or("-".into(), |t| p_value(t.p)),
                    k.test.map_or("-".into(), |t| num(t.rank_biserial)),
                ]],
            )
        },
    );
    let report = format!(
        "# Draughts agents: alpha-beta with quiescence and killers against UCT\n\n\
         T. Tesan, \"Twist: a trivially simple draughts engine + extensible microframework for \
         game-playing agents\", re-run with Ply's engines (`ply experiment draughts-agents`).\n\n{}\n\n\
         The paper publishes no results: it describes the agents and states what they should do. \
         Its setting is kept: English draughts (WCDF), the naive material evaluation (man 1, king 2; \
         Ply's `material` preset), a draw after {DRAW_AFTER_PLIES} plies without a winner, UCT's \
         budget in nodes (tree steps and playout plies together). Alpha-beta searches {AB_DEPTH} plies \
         without a transposition table, with a single killer list of {KILLERS} moves for the whole tree \
         (the paper's SimpleKillerAlphaBeta) and quiescence search. The quiescence differs: the paper \
         searches a fixed number of extra plies below a non-quiescent leaf, Ply extends captures until \
         the position is quiet. Each pairing plays every seeded opening of {OPENING_PLIES} random \
         plies (the paper states none) twice, colours swapped; the openings of a part are \
         distinct positions (listed by part in `openings.txt`), and every budget meets the same \
         ones. No two are one game up to a symmetry: the only symmetry of the board that keeps \
         the playable squares and the rules is the half turn, which swaps the colours and so the \
         side to move, and every opening of {OPENING_PLIES} plies leaves the same side to move. Scores count a win 1 and a \
         draw ½, with Wilson intervals; means have t intervals. The unit of a match's test is an \
         opening (its two games), tested by a Wilcoxon signed-rank test (against one half, or \
         budget against budget on the shared openings); the killer saving is tested per game, \
         each game's log ratio of node totals with and without killers (the searches of one game are \
         not independent; every search is in `killers.csv`). Holm's correction over the run, \
         and the verdict rule of `docs/experiments/README.md`: the paper gives no figure, so a \
         significant effect in its direction is \"reproduced\".\n\n\
         ## Does it reproduce?\n\n{claims}\n\n\
         ## Alpha-beta against UCT by node budget\n\n{}\n\n![UCT's score by budget](budget.svg)\n\n\
         ## UCT's exploration constant\n\nAt {} nodes.\n\n{}\n\n\
         ## Killer moves\n\n\
         Every alpha-beta move of the killer games (alpha-beta against UCT at {} nodes) searched again \
         without killers, on the same position.\n\n{killers}\n\n\
         ## Quiescence\n\n{}\n",
        super::provenance(run),
        table(&headers, &pairing_rows(&s.pairings, "budget")),
        s.sweep_budgets
            .iter()
            .map(|&b| grouped(b as i64))
            .collect::<Vec<_>>()
            .join(" and "),
        table(&headers, &pairing_rows(&s.pairings, "exploration")),
        grouped(s.killer_budget as i64),
        table(&headers, &pairing_rows(&s.pairings, "quiescence")),
    );
    write(out, "report.md", &report)?;
    let budget_points: Vec<(f64, f64)> = s
        .pairings
        .iter()
        .filter(|p| p.part == "budget")
        .map(|p| (p.x.log10(), p.score.mean * 100.0))
        .collect();
    let bounds = |f: fn(&Interval) -> f64| -> Vec<(f64, f64)> {
        s.pairings
            .iter()
            .filter(|p| p.part == "budget")
            .map(|p| (p.x.log10(), f(&p.score) * 100.0))
            .collect()
    };
    write(
        out,
        "budget.svg",
        &line_chart(
            "UCT against alpha-beta by node budget",
            "log10 of UCT's node budget",
            "UCT's score, %",
            false,
            &[
                Series {
                    name: "score".into(),
                    points: budget_points,
                    joined: true,
                },
                Series {
                    name: "95 % CI, low".into(),
                    points: bounds(|i| i.lo),
                    joined: true,
                },
                Series {
                    name: "95 % CI, high".into(),
                    points: bounds(|i| i.hi),
                    joined: true,
                },
            ],
        ),
    )?;
    write(
        out,
        "games.csv",
        &csv(
            &[
                "part",
                "first",
                "second",
                "measured_first",
                "opening",
                "moves",
                "score",
                "plies",
                "nodes_measured",
                "nodes_opponent",
                "ms_measured",
            ],
            &games
                .iter()
                .map(|g| {
                    vec![
                        g.part.into(),
                        g.first.clone(),
                        g.second.clone(),
                        g.measured_first.to_string(),
                        g.opening.clone(),
                        g.moves.clone(),
                        g.score.to_string(),
                        g.plies.to_string(),
                        format!("{:.1}", g.nodes_measured),
                        format!("{:.1}", g.nodes_opponent),
                        format!("{:.3}", g.ms_measured),
                    ]
                })
                .collect::<Vec<_>>(),
        ),
    )?;
    let mut killer_rows = Vec::new();
    for (g, game) in games.iter().enumerate() {
        for (i, (with, without)) in game.killer_pairs.iter().enumerate() {
            killer_rows.push(vec![
                g.to_string(),
                game.opening.clone(),
                i.to_string(),
                with.to_string(),
                without.to_string(),
            ]);
        }
    }
    write(
        out,
        "killers.csv",
        &csv(
            &["game", "opening", "search", "nodes_with", "nodes_without"],
            &killer_rows,
        ),
    )?;
    write(out, "summary.json", &serde_json::to_string_pretty(s)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::othello_symmetry::transform;
    use ply_core::games::draughts::board::row_file;

    /// A side's squares on the 8x8 board, bit `row * 8 + file` (the Othello symmetries' layout).
    fn board_of(squares: u32) -> u64 {
        (0..32u8)
            .filter(|i| squares & (1 << i) != 0)
            .map(|i| row_file(i + 1))
            .fold(0, |acc, (r, f)| {
                acc | 1u64 << (u32::from(r) * 8 + u32::from(f))
            })
    }

    /// Of the eight symmetries of the square, only the identity keeps the start position and only
    /// the half turn gives it back with the colours swapped (so with the other side to move); the
    /// other six put the men on light squares or on the wrong rows. Hence two openings of one
    /// length are one game up to symmetry only if they are one position, which the experiment
    /// already keeps apart.
    #[test]
    fn draughts_has_no_symmetry_keeping_the_side_to_move() {
        let start = Draughts::start();
        let (black, white) = (board_of(start.black()), board_of(start.white()));
        let dark = board_of(u32::MAX);
        assert_eq!(dark.count_ones(), 32);
        let keeps: Vec<u8> = (0..8)
            .filter(|&t| (transform(black, t), transform(white, t)) == (black, white))
            .collect();
        let swaps: Vec<u8> = (0..8)
            .filter(|&t| (transform(black, t), transform(white, t)) == (white, black))
            .collect();
        assert_eq!(keeps, vec![0]);
        assert_eq!(swaps, vec![3], "the half turn mirrors both files and ranks");
        let keep_dark: Vec<u8> = (0..8).filter(|&t| transform(dark, t) == dark).collect();
        assert_eq!(
            keep_dark.len(),
            4,
            "identity, half turn and the two diagonal reflections"
        );
    }

    /// The openings written hold each part's openings once, as distinct positions (replayed from
    /// their text, a second route to the positions than the seeds').
    #[test]
    fn the_openings_written_are_distinct_positions() {
        let jobs = [
            pairs("budget", AB, AB, &distinct_openings(30, 1)),
            pairs("killers", AB, AB, &distinct_openings(10, 4)),
        ]
        .concat();
        let listing = openings_listing(&jobs);
        assert_eq!(listing.lines().count(), 40);
        for part in ["budget", "killers"] {
            let boards: std::collections::HashSet<String> = listing
                .lines()
                .filter_map(|l| l.strip_prefix(part)?.strip_prefix(": "))
                .map(|line| {
                    let mut pos = Draughts::start();
                    for text in line.split(' ') {
                        let mv = pos.parse_move(text).expect("a legal move");
                        pos.play(mv);
                    }
                    pos.format_position()
                })
                .collect();
            assert_eq!(boards.len(), if part == "budget" { 30 } else { 10 });
        }
    }

    /// Three games of 40, 2 and 1 searches: the interval and the test both count three games,
    /// and the ratio is the geometric mean of the games' ratios of totals (checked by hand),
    /// not of the 43 searches' ratios, which the long game would dominate.
    #[test]
    fn the_killer_interval_is_over_the_tests_unit() {
        let long: Vec<(u64, u64)> = (0..40).map(|i| (50 + i, 100 + 2 * i)).collect();
        let games: Vec<&[(u64, u64)]> = vec![&long, &[(90, 100), (30, 10)], &[], &[(80, 100)]];
        let k = killer_saving(games.into_iter()).unwrap();
        assert_eq!((k.searches, k.games), (43, 3));
        let test = k.test.unwrap();
        assert_eq!(k.ratio.n, 3);
        assert_eq!(k.ratio.n, test.n);
        let totals = |p: &[(u64, u64)]| {
            let (a, b) = p.iter().fold((0, 0), |(a, b), &(x, y)| (a + x, b + y));
            a as f64 / b as f64
        };
        let expected = (totals(&long) * (120.0 / 110.0) * 0.8).cbrt();
        assert!((k.ratio.mean - expected).abs() < 1e-12, "{:?}", k.ratio);
        assert!(k.ratio.lo < k.ratio.mean && k.ratio.mean < k.ratio.hi);
        assert!(killer_saving(std::iter::empty()).is_none());
    }
}
