//! Aggregates over the whole collection: what `GET /v1/stats` and `ply records stats` show.
//!
//! Every figure is robust to what is stored: sums are taken in double precision (no row count
//! can overflow them), and rows whose numbers lie outside the record format's bounds (stored by
//! an older server, or by hand) are left out and counted in [`Stats::skipped`], never a failed
//! query. Results (win rates) count games from the standard start with at least one move unless
//! [`StatsQuery::include_custom_starts`] asks for set-up positions too.

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

/// A move row whose numbers are within the record format's bounds (`$1` nodes, `$2` time,
/// `$3` depth); the statistics count only these.
const MOVE_ROW_IN_BOUNDS: &str = "m.nodes BETWEEN 0 AND $1 AND m.time_ms BETWEEN 0 AND $2 \
     AND m.depth BETWEEN 0 AND $3";

/// A seat row with a depth within bounds (`$1`) and a known outcome.
const PLAYER_ROW_IN_BOUNDS: &str =
    "p.depth BETWEEN 0 AND $1 AND p.outcome IN ('win', 'draw', 'loss')";

/// Runs the aggregate queries (each in SQL both dialects accept).
pub(super) async fn collect(db: &Db, query: StatsQuery) -> Result<Stats, sqlx::Error> {
    let max_nodes = i64::try_from(limits::MAX_MOVE_NODES).unwrap_or(i64::MAX);
    let max_time = i64::try_from(limits::MAX_MOVE_TIME_MS).unwrap_or(i64::MAX);
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
    let skipped_moves: i64 = on_pool!(db, pool => sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM record_moves m WHERE NOT ({MOVE_ROW_IN_BOUNDS})"
    ))
    .bind(max_nodes)
    .bind(max_time)
    .bind(max_depth)
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
         GROUP BY r.game, p.engine, p.depth ORDER BY r.game, p.engine, p.depth"
    );
    let results: Vec<(String, String, i64, i64, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(&results_sql)
        .bind(max_depth)
        .bind(i64::from(query.include_custom_starts))
        .fetch_all(pool)
        .await?);

    let nodes_sql = format!(
        "SELECT r.game, m.engine, m.depth, COUNT(*), \
           SUM(CAST(m.nodes AS DOUBLE PRECISION)), SUM(CAST(m.time_ms AS DOUBLE PRECISION)) \
         FROM record_moves m JOIN records r ON r.id = m.record_id \
         WHERE {MOVE_ROW_IN_BOUNDS} \
         GROUP BY r.game, m.engine, m.depth ORDER BY r.game, m.engine, m.depth"
    );
    let nodes: Vec<(String, String, i64, i64, f64, f64)> = on_pool!(db, pool => sqlx::query_as(&nodes_sql)
        .bind(max_nodes)
        .bind(max_time)
        .bind(max_depth)
        .fetch_all(pool)
        .await?);

    let phases_sql = format!(
        "SELECT r.game, m.engine, m.phase, COUNT(*), SUM(CAST(m.nodes AS DOUBLE PRECISION)) \
         FROM record_moves m JOIN records r ON r.id = m.record_id \
         WHERE {MOVE_ROW_IN_BOUNDS} \
         GROUP BY r.game, m.engine, m.phase ORDER BY r.game, m.engine, m.phase"
    );
    let phases: Vec<(String, String, String, i64, f64)> = on_pool!(db, pool => sqlx::query_as(&phases_sql)
        .bind(max_nodes)
        .bind(max_time)
        .bind(max_depth)
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
    })
}
