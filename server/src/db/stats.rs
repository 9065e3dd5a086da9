//! Aggregates over the whole collection: what `GET /v1/stats` and `ply records stats` show.
//!
//! Every figure is robust to what is stored: sums are taken in double precision (no row count
//! can overflow them), and rows whose numbers lie outside the record format's bounds (stored by
//! an older server, or by hand) are left out and counted in [`Stats::skipped`], never a failed
//! query. Results (win rates) count games from the standard start with at least one move unless
//! [`StatsQuery::include_custom_starts`] asks for set-up positions too.

use ply_core::elo::{Elo, Wdl};
use ply_core::record::limits;
use serde::{Deserialize, Serialize};

use super::{Db, on_pool};

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
    /// `nodes / moves`.
    pub avg_nodes: f64,
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
        "h.engine = 'human' AND o.engine <> 'human' AND o.level BETWEEN 1 AND 10 \
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
    let nodes: Vec<(String, String, i64, i64, f64, f64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT game, engine, depth, CAST(SUM(moves) AS BIGINT), SUM(nodes), SUM(time_ms) \
         FROM move_totals GROUP BY game, engine, depth ORDER BY game, engine, depth",
    )
    .fetch_all(pool)
    .await?);
    let phases: Vec<(String, String, String, i64, f64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT game, engine, phase, CAST(SUM(moves) AS BIGINT), SUM(nodes) \
         FROM move_totals GROUP BY game, engine, phase ORDER BY game, engine, phase",
    )
    .fetch_all(pool)
    .await?);

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
         WHERE h.engine = 'human' AND (r.standard_start = 1 OR $1 = 1) AND r.counts_in_results = 1 \
           AND {REVIEW_ROW_IN_BOUNDS} \
         GROUP BY r.game, v.phase ORDER BY r.game, v.phase"
    );
    let phase_reviews: Vec<(String, String, i64, f64, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(&phase_reviews_sql)
        .bind(include_custom)
        .fetch_all(pool)
        .await?);

    Ok(Stats {
        records,
        devices,
        custom_start_records,
        results_include_custom_starts: query.include_custom_starts,
        skipped: SkippedRows {
            player_rows: skipped_players,
            move_rows: skipped_moves,
        },
        games: games
            .into_iter()
            .map(|(game, variant, records)| GameCount {
                game,
                variant,
                records,
            })
            .collect(),
        results: results
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
        nodes_per_move: nodes
            .into_iter()
            .map(|(game, engine, depth, moves, nodes, time_ms)| NodesRow {
                game,
                engine,
                depth,
                moves,
                // Saturating: exact below 2^53, and no bounded collection comes near 2^63.
                nodes: nodes as i64,
                avg_nodes: ratio(nodes, moves),
                avg_time_ms: ratio(time_ms, moves),
            })
            .collect(),
        nodes_by_phase: phases
            .into_iter()
            .map(|(game, engine, phase, moves, nodes)| PhaseRow {
                game,
                engine,
                phase,
                moves,
                avg_nodes: ratio(nodes, moves),
            })
            .collect(),
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
