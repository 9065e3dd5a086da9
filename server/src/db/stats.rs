//! Aggregates over the whole collection: what `GET /v1/stats` and `ply records stats` show.
//!
//! Every figure is robust to what is stored: sums are taken in double precision (no row count
//! can overflow them), and rows whose numbers lie outside the record format's bounds (stored by
//! an older server, or by hand) are left out and counted in [`Stats::skipped`], never a failed
//! query. Results (win rates) count games from the standard start with at least one move unless
//! [`StatsQuery::include_custom_starts`] asks for set-up positions too.
//!
//! The answer is bounded whatever was uploaded: engines are a fixed set of names
//! ([`crate::engines`]), each table keeps at most [`MAX_ROWS`] rows (the rest summed per game
//! in one row, engine [`REST`]), and work per move is reported with its median
//! ([`super::histogram`]), which one record cannot move as it can move the mean.

use std::collections::BTreeMap;

use ply_core::elo::{Elo, Wdl};
use ply_core::record::limits;
use serde::{Deserialize, Serialize};

use super::histogram::NodesHistogram;
use super::{Db, on_pool};

/// Most rows of `results` and of `nodes_per_move`: the largest groups are kept, and the rest
/// of each game summed in one row whose engine is [`REST`] and depth -1.
pub const MAX_ROWS: usize = 200;

/// The engine of a row summing the groups beyond [`MAX_ROWS`].
pub const REST: &str = "(rest)";

/// Which games the results statistics count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsQuery {
    /// Count games from set-up positions in `results` too (researchers' FFO positions, XOT
    /// openings, puzzles). Such results say nothing about playing strength from the start,
    /// and any device can make them say anything.
    pub include_custom_starts: bool,
}

/// Stored rows a statistics query left out because their numbers are out of bounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkippedRows {
    /// Seat rows with a depth outside `0..=MAX_SEARCH_DEPTH` or an outcome other than
    /// win, draw or loss: left out of `results`.
    pub player_rows: i64,
    /// Move rows with nodes, time or depth outside the record format's bounds: left out of
    /// `nodes_per_move` and `nodes_by_phase`.
    pub move_rows: i64,
}

/// Groups of a table summed into their game's [`REST`] row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoldedRows {
    pub results: i64,
    pub nodes_per_move: i64,
}

/// Everything `GET /v1/stats` answers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Number of stored records.
    pub records: i64,
    /// Number of registered devices.
    pub devices: i64,
    /// Stored records that began at a set-up position (counted in `games`, exported, and left
    /// out of `results` unless the query included them).
    pub custom_start_records: i64,
    /// Whether `results` includes games from set-up positions.
    pub results_include_custom_starts: bool,
    /// Rows left out because their numbers are out of bounds; all zero for a collection stored
    /// by a validating server.
    pub skipped: SkippedRows,
    /// Groups summed into a game's [`REST`] row because a table was over [`MAX_ROWS`].
    pub folded: FoldedRows,
    /// Records per game and variant.
    pub games: Vec<GameCount>,
    /// Results per game, engine and depth (one row per seat played), from the standard start
    /// only unless asked otherwise; resignations before the first move are no game played.
    pub results: Vec<ResultRow>,
    /// Average nodes per computer move per game, algorithm and depth: the SCOUT versus
    /// alpha-beta comparison from real play.
    pub nodes_per_move: Vec<NodesRow>,
    /// Average nodes per computer move per game, algorithm and game phase.
    pub nodes_by_phase: Vec<PhaseRow>,
    /// People against each engine level, per two-player game: their results, the level's Elo
    /// against them, and (from the reviews) their accuracy.
    pub human_by_level: Vec<LevelRow>,
    /// People's reviewed moves per game and phase: accuracy and bad moves.
    pub human_by_phase: Vec<HumanPhaseRow>,
}

/// People against one engine level in one game. Counts games from the standard start unless
/// the query includes set-up starts, like `results`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelRow {
    /// Game kind.
    pub game: String,
    /// The computer's difficulty level (1 = weakest .. 10).
    pub level: i64,
    /// Games of a person against this level.
    pub games: i64,
    /// The person's wins, draws and losses.
    pub human_wins: i64,
    pub human_draws: i64,
    pub human_losses: i64,
    /// The person's `(wins + draws / 2) / games`.
    pub human_score_rate: f64,
    /// The level's Elo relative to the people it played (0: as strong as they are on average),
    /// with its 95% interval, capped at ±1200 (see [`ply_core::elo`]).
    pub level_elo: Elo,
    /// The people's reviewed moves with a choice in these games, and their mean accuracy
    /// (0 to 100; `None` before any is reviewed).
    pub reviewed_moves: i64,
    pub human_accuracy: Option<f64>,
    /// Share of those moves labelled a mistake or a blunder.
    pub human_error_rate: Option<f64>,
}

/// People's reviewed moves in one phase of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HumanPhaseRow {
    /// Game kind.
    pub game: String,
    /// `opening`, `middlegame` or `endgame`.
    pub phase: String,
    /// Reviewed moves with a choice.
    pub moves: i64,
    /// Mean accuracy (0 to 100).
    pub accuracy: f64,
    pub inaccuracies: i64,
    pub mistakes: i64,
    pub blunders: i64,
}

/// Number of records of one game and variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameCount {
    /// Game kind.
    pub game: String,
    /// Variant.
    pub variant: String,
    /// Records stored.
    pub records: i64,
}

/// Results of one engine at one depth in one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultRow {
    /// Game kind.
    pub game: String,
    /// `human` or the algorithm name.
    pub engine: String,
    /// Depth limit (0: none or human).
    pub depth: i64,
    /// Games played in this seat configuration.
    pub games: i64,
    /// Games won.
    pub wins: i64,
    /// Games drawn.
    pub draws: i64,
    /// Games lost.
    pub losses: i64,
    /// `wins / games`.
    pub win_rate: f64,
    /// `(wins + draws / 2) / games`.
    pub score_rate: f64,
}

/// Work per move of one algorithm at one depth in one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodesRow {
    /// Game kind.
    pub game: String,
    /// Algorithm name.
    pub engine: String,
    /// Depth limit (0: none).
    pub depth: i64,
    /// Computer moves counted.
    pub moves: i64,
    /// Total nodes over those moves (summed in double precision: exact up to 2^53).
    pub nodes: i64,
    /// `nodes / moves`: the mean, which a few moves at the format's bound can move by orders
    /// of magnitude.
    pub avg_nodes: f64,
    /// The median of nodes per move, within a bin's width (19 %) of the exact one
    /// ([`super::histogram`]); `None` for totals kept without a histogram.
    pub median_nodes: Option<f64>,
    /// Average search time per move in milliseconds.
    pub avg_time_ms: f64,
}

/// Work per move of one algorithm in one game phase.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhaseRow {
    /// Game kind.
    pub game: String,
    /// Algorithm name.
    pub engine: String,
    /// `opening`, `middlegame` or `endgame`.
    pub phase: String,
    /// Computer moves counted.
    pub moves: i64,
    /// `nodes / moves`.
    pub avg_nodes: f64,
    /// The median of nodes per move, as in [`NodesRow::median_nodes`].
    pub median_nodes: Option<f64>,
}

fn ratio(num: f64, den: i64) -> f64 {
    if den == 0 { 0.0 } else { num / den as f64 }
}

/// A seat row with a depth within bounds (`$1`) and a known outcome.
const PLAYER_ROW_IN_BOUNDS: &str =
    "p.depth BETWEEN 0 AND $1 AND p.outcome IN ('win', 'draw', 'loss')";

/// A review row with an accuracy in range (a hand-edited database could hold anything).
const REVIEW_ROW_IN_BOUNDS: &str = "v.accuracy BETWEEN 0 AND 100";

/// A person's seat `h` against a computer seat `o` set to a level, in record `r`; `$1 = 1`
/// includes set-up starts.
fn person_against_level() -> String {
    format!(
        "h.human = 1 AND o.human = 0 AND o.level BETWEEN 1 AND 10 \
         AND r.game IN ({}) AND (r.standard_start = 1 OR $1 = 1) AND r.counts_in_results = 1",
        super::two_player_games_sql()
    )
}

/// Runs the aggregate queries (each in SQL both dialects accept).
pub(super) async fn collect(db: &Db, query: StatsQuery) -> Result<Stats, sqlx::Error> {
    let max_depth = i64::from(limits::MAX_SEARCH_DEPTH);
    let records = db.count_records().await?;
    let devices = db.count_devices().await?;

    let custom_start_records: i64 = on_pool!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM records WHERE standard_start <> 1",
    )
    .fetch_one(pool)
    .await?);

    let games: Vec<(String, String, i64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT game, variant, COUNT(*) FROM records GROUP BY game, variant ORDER BY game, variant",
    )
    .fetch_all(pool)
    .await?);

    let skipped_players: i64 = on_pool!(db, pool => sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM record_players p WHERE NOT ({PLAYER_ROW_IN_BOUNDS})"
    ))
    .bind(max_depth)
    .fetch_one(pool)
    .await?);
    // Move rows out of bounds were counted apart as they were stored (`move_totals`).
    let skipped_moves: i64 = on_pool!(db, pool => sqlx::query_scalar(
        "SELECT COALESCE(MAX(value), 0) FROM stats_counters WHERE name = $1",
    )
    .bind(super::SKIPPED_MOVE_ROWS)
    .fetch_one(pool)
    .await?);

    // `$2 = 1` includes set-up starts; no moves means a resignation before the first move.
    let results_sql = format!(
        "SELECT r.game, p.engine, p.depth, COUNT(*), \
           CAST(SUM(CASE WHEN p.outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN p.outcome = 'draw' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN p.outcome = 'loss' THEN 1 ELSE 0 END) AS BIGINT) \
         FROM record_players p JOIN records r ON r.id = p.record_id \
         WHERE {PLAYER_ROW_IN_BOUNDS} AND r.plies > 0 AND (r.standard_start = 1 OR $2 = 1) \
           AND r.counts_in_results = 1 \
         GROUP BY r.game, p.engine, p.depth ORDER BY r.game, p.engine, p.depth"
    );
    let results: Vec<(String, String, i64, i64, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(&results_sql)
        .bind(max_depth)
        .bind(i64::from(query.include_custom_starts))
        .fetch_all(pool)
        .await?);

    // The move figures read the totals kept as records are stored (a few rows per engine),
    // not the move rows: they stay fast at any number of moves.
    let totals: Vec<TotalsRow> = on_pool!(db, pool => sqlx::query_as(
        "SELECT game, engine, depth, phase, moves, nodes, time_ms, nodes_bins FROM move_totals",
    )
    .fetch_all(pool)
    .await?);
    let (nodes, phases) = move_figures(totals);

    let include_custom = i64::from(query.include_custom_starts);
    let level_results_sql = format!(
        "SELECT r.game, o.level, COUNT(*), \
           CAST(SUM(CASE WHEN h.outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN h.outcome = 'draw' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN h.outcome = 'loss' THEN 1 ELSE 0 END) AS BIGINT) \
         FROM record_players h JOIN records r ON r.id = h.record_id \
         JOIN record_players o ON o.record_id = h.record_id AND o.seat <> h.seat \
         WHERE {} AND r.plies > 0 AND h.outcome IN ('win', 'draw', 'loss') \
         GROUP BY r.game, o.level ORDER BY r.game, o.level",
        person_against_level()
    );
    let level_results: Vec<(String, i64, i64, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(&level_results_sql)
        .bind(include_custom)
        .fetch_all(pool)
        .await?);
    let level_reviews_sql = format!(
        "SELECT r.game, o.level, COUNT(*), SUM(v.accuracy), \
           CAST(SUM(CASE WHEN v.label IN ('mistake', 'blunder') THEN 1 ELSE 0 END) AS BIGINT) \
         FROM review_moves v JOIN records r ON r.seq = v.record_seq \
         JOIN record_players h ON h.record_id = r.id AND h.seat = v.seat \
         JOIN record_players o ON o.record_id = r.id AND o.seat <> v.seat \
         WHERE {} AND {REVIEW_ROW_IN_BOUNDS} \
         GROUP BY r.game, o.level ORDER BY r.game, o.level",
        person_against_level()
    );
    let level_reviews: Vec<(String, i64, i64, f64, i64)> = on_pool!(db, pool => sqlx::query_as(&level_reviews_sql)
        .bind(include_custom)
        .fetch_all(pool)
        .await?);
    let phase_reviews_sql = format!(
        "SELECT r.game, v.phase, COUNT(*), SUM(v.accuracy), \
           CAST(SUM(CASE WHEN v.label = 'inaccuracy' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN v.label = 'mistake' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN v.label = 'blunder' THEN 1 ELSE 0 END) AS BIGINT) \
         FROM review_moves v JOIN records r ON r.seq = v.record_seq \
         JOIN record_players h ON h.record_id = r.id AND h.seat = v.seat \
         WHERE h.human = 1 AND (r.standard_start = 1 OR $1 = 1) AND r.counts_in_results = 1 \
           AND {REVIEW_ROW_IN_BOUNDS} \
         GROUP BY r.game, v.phase ORDER BY r.game, v.phase"
    );
    let phase_reviews: Vec<(String, String, i64, f64, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(&phase_reviews_sql)
        .bind(include_custom)
        .fetch_all(pool)
        .await?);

    let (results, folded_results) = fold(
        results
            .into_iter()
            .map(
                |(game, engine, depth, games, wins, draws, losses)| ResultRow {
                    game,
                    engine,
                    depth,
                    games,
                    wins,
                    draws,
                    losses,
                    win_rate: ratio(wins as f64, games),
                    score_rate: ratio(wins as f64 + draws as f64 / 2.0, games),
                },
            )
            .collect(),
        |r| r.games,
        |rest: &mut ResultRow, r| {
            rest.games += r.games;
            rest.wins += r.wins;
            rest.draws += r.draws;
            rest.losses += r.losses;
            rest.win_rate = ratio(rest.wins as f64, rest.games);
            rest.score_rate = ratio(rest.wins as f64 + rest.draws as f64 / 2.0, rest.games);
        },
        |game| ResultRow {
            game,
            engine: REST.to_owned(),
            depth: -1,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            win_rate: 0.0,
            score_rate: 0.0,
        },
    );
    let (nodes_per_move, folded_nodes) = fold(
        nodes,
        |r| r.moves,
        |rest: &mut NodesRow, r| {
            let total_time = rest.avg_time_ms * rest.moves as f64 + r.avg_time_ms * r.moves as f64;
            rest.moves += r.moves;
            rest.nodes = rest.nodes.saturating_add(r.nodes);
            rest.avg_nodes = ratio(rest.nodes as f64, rest.moves);
            rest.avg_time_ms = ratio(total_time, rest.moves);
            // The median of groups summed without their histograms is not known.
            rest.median_nodes = None;
        },
        |game| NodesRow {
            game,
            engine: REST.to_owned(),
            depth: -1,
            moves: 0,
            nodes: 0,
            avg_nodes: 0.0,
            median_nodes: None,
            avg_time_ms: 0.0,
        },
    );

    Ok(Stats {
        records,
        devices,
        custom_start_records,
        results_include_custom_starts: query.include_custom_starts,
        skipped: SkippedRows {
            player_rows: skipped_players,
            move_rows: skipped_moves,
        },
        folded: FoldedRows {
            results: folded_results,
            nodes_per_move: folded_nodes,
        },
        games: games
            .into_iter()
            .map(|(game, variant, records)| GameCount {
                game,
                variant,
                records,
            })
            .collect(),
        results,
        nodes_per_move,
        nodes_by_phase: phases,
        human_by_level: level_rows(level_results, &level_reviews),
        human_by_phase: phase_reviews
            .into_iter()
            .map(
                |(game, phase, moves, accuracy, inaccuracies, mistakes, blunders)| HumanPhaseRow {
                    game,
                    phase,
                    moves,
                    accuracy: ratio(accuracy, moves),
                    inaccuracies,
                    mistakes,
                    blunders,
                },
            )
            .collect(),
    })
}

/// A `move_totals` row as read: game, engine, depth, phase, moves, nodes, time, histogram.
type TotalsRow = (String, String, i64, String, i64, f64, f64, String);

/// Sums of one group of move totals, its histogram merged.
#[derive(Default)]
struct Sums {
    moves: i64,
    nodes: f64,
    time_ms: f64,
    bins: NodesHistogram,
    /// Whether every row summed had a readable histogram.
    binned: bool,
}

impl Sums {
    fn add(&mut self, moves: i64, nodes: f64, time_ms: f64, bins: Option<&NodesHistogram>) {
        if self.moves == 0 {
            self.binned = true;
        }
        self.moves += moves;
        self.nodes += nodes;
        self.time_ms += time_ms;
        match bins {
            Some(b) if b.moves() == moves => self.bins.merge(b, 1),
            _ => self.binned = false,
        }
    }

    fn median(&self) -> Option<f64> {
        if self.binned {
            self.bins.median()
        } else {
            None
        }
    }
}

/// The rows of `move_totals` summed by game, engine and depth (`nodes_per_move`) and by game,
/// engine and phase (`nodes_by_phase`), with each group's median.
fn move_figures(rows: Vec<TotalsRow>) -> (Vec<NodesRow>, Vec<PhaseRow>) {
    let mut by_depth: BTreeMap<(String, String, i64), Sums> = BTreeMap::new();
    let mut by_phase: BTreeMap<(String, String, String), Sums> = BTreeMap::new();
    for (game, engine, depth, phase, moves, nodes, time_ms, bins) in rows {
        // A histogram that does not read back (a hand-edited row) or that counts other moves
        // than its row (filled before the moves were) gives no median, never a wrong one.
        let bins = NodesHistogram::decode(&bins).ok();
        by_depth
            .entry((game.clone(), engine.clone(), depth))
            .or_default()
            .add(moves, nodes, time_ms, bins.as_ref());
        by_phase.entry((game, engine, phase)).or_default().add(
            moves,
            nodes,
            time_ms,
            bins.as_ref(),
        );
    }
    let nodes = by_depth
        .into_iter()
        .map(|((game, engine, depth), s)| NodesRow {
            median_nodes: s.median(),
            game,
            engine,
            depth,
            moves: s.moves,
            // Saturating: exact below 2^53, and no bounded collection comes near 2^63.
            nodes: s.nodes as i64,
            avg_nodes: ratio(s.nodes, s.moves),
            avg_time_ms: ratio(s.time_ms, s.moves),
        })
        .collect();
    let phases = by_phase
        .into_iter()
        .map(|((game, engine, phase), s)| PhaseRow {
            median_nodes: s.median(),
            game,
            engine,
            phase,
            moves: s.moves,
            avg_nodes: ratio(s.nodes, s.moves),
        })
        .collect();
    (nodes, phases)
}

/// Keeps the [`MAX_ROWS`] rows of largest `weight` (in their order) and sums the others of
/// each game into one row made by `rest` and grown by `absorb`; the rows kept, then the games'
/// rest rows, and how many rows were summed.
fn fold<R: HasGame>(
    rows: Vec<R>,
    weight: impl Fn(&R) -> i64,
    absorb: impl Fn(&mut R, &R),
    rest: impl Fn(String) -> R,
) -> (Vec<R>, i64) {
    if rows.len() <= MAX_ROWS {
        return (rows, 0);
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    // Heaviest first; ties by position, so the answer does not depend on the sort.
    order.sort_by(|&a, &b| weight(&rows[b]).cmp(&weight(&rows[a])).then(a.cmp(&b)));
    // Room for one rest row per game among the kept rows.
    let games = rows
        .iter()
        .map(HasGame::game)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let keep_n = MAX_ROWS.saturating_sub(games);
    let mut keep = vec![false; rows.len()];
    for &i in order.iter().take(keep_n) {
        keep[i] = true;
    }
    let mut kept = Vec::with_capacity(MAX_ROWS);
    let mut rests: BTreeMap<String, R> = BTreeMap::new();
    let mut folded = 0;
    for (i, row) in rows.into_iter().enumerate() {
        if keep[i] {
            kept.push(row);
        } else {
            folded += 1;
            let game = row.game().to_owned();
            let target = rests.entry(game.clone()).or_insert_with(|| rest(game));
            absorb(target, &row);
        }
    }
    kept.extend(rests.into_values());
    (kept, folded)
}

/// A statistics row of one game.
trait HasGame {
    fn game(&self) -> &str;
}

impl HasGame for ResultRow {
    fn game(&self) -> &str {
        &self.game
    }
}

impl HasGame for NodesRow {
    fn game(&self) -> &str {
        &self.game
    }
}

/// Joins the results of people against each level with their reviewed moves there. A level
/// with reviews but no counted result (a set-up start left out, say) is left out too.
fn level_rows(
    results: Vec<(String, i64, i64, i64, i64, i64)>,
    reviews: &[(String, i64, i64, f64, i64)],
) -> Vec<LevelRow> {
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    results
        .into_iter()
        .map(|(game, level, games, wins, draws, losses)| {
            let reviewed = reviews.iter().find(|(g, l, ..)| *g == game && *l == level);
            let (moves, accuracy, errors) =
                reviewed.map_or((0, 0.0, 0), |&(_, _, m, a, e)| (m, a, e));
            LevelRow {
                level_elo: Elo::from_wdl(Wdl {
                    wins: count(losses),
                    draws: count(draws),
                    losses: count(wins),
                }),
                human_score_rate: ratio(wins as f64 + draws as f64 / 2.0, games),
                human_accuracy: (moves > 0).then(|| ratio(accuracy, moves)),
                human_error_rate: (moves > 0).then(|| ratio(errors as f64, moves)),
                reviewed_moves: moves,
                game,
                level,
                games,
                human_wins: wins,
                human_draws: draws,
                human_losses: losses,
            }
        })
        .collect()
}
