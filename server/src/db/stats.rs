//! Aggregates over the whole collection: what `GET /v1/stats` and `ply records stats` show.

use serde::{Deserialize, Serialize};

use super::{Db, on_pool};

/// Everything `GET /v1/stats` answers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Number of stored records.
    pub records: i64,
    /// Number of registered devices.
    pub devices: i64,
    /// Records per game and variant.
    pub games: Vec<GameCount>,
    /// Results per game, engine and depth (one row per seat played).
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
    /// Total nodes over those moves.
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

fn ratio(num: i64, den: i64) -> f64 {
    if den == 0 {
        0.0
    } else {
        num as f64 / den as f64
    }
}

/// Runs the aggregate queries (each in SQL both dialects accept).
pub(super) async fn collect(db: &Db) -> Result<Stats, sqlx::Error> {
    let records = db.count_records().await?;
    let devices = db.count_devices().await?;

    let games: Vec<(String, String, i64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT game, variant, COUNT(*) FROM records GROUP BY game, variant ORDER BY game, variant",
    )
    .fetch_all(pool)
    .await?);

    let results: Vec<(String, String, i64, i64, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT r.game, p.engine, p.depth, COUNT(*), \
           CAST(SUM(CASE WHEN p.outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN p.outcome = 'draw' THEN 1 ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN p.outcome = 'loss' THEN 1 ELSE 0 END) AS BIGINT) \
         FROM record_players p JOIN records r ON r.id = p.record_id \
         GROUP BY r.game, p.engine, p.depth ORDER BY r.game, p.engine, p.depth",
    )
    .fetch_all(pool)
    .await?);

    let nodes: Vec<(String, String, i64, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT r.game, m.engine, m.depth, COUNT(*), CAST(SUM(m.nodes) AS BIGINT), \
           CAST(SUM(m.time_ms) AS BIGINT) \
         FROM record_moves m JOIN records r ON r.id = m.record_id \
         GROUP BY r.game, m.engine, m.depth ORDER BY r.game, m.engine, m.depth",
    )
    .fetch_all(pool)
    .await?);

    let phases: Vec<(String, String, String, i64, i64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT r.game, m.engine, m.phase, COUNT(*), CAST(SUM(m.nodes) AS BIGINT) \
         FROM record_moves m JOIN records r ON r.id = m.record_id \
         GROUP BY r.game, m.engine, m.phase ORDER BY r.game, m.engine, m.phase",
    )
    .fetch_all(pool)
    .await?);

    Ok(Stats {
        records,
        devices,
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
                    win_rate: ratio(wins, games),
                    score_rate: ratio(2 * wins + draws, 2 * games),
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
                nodes,
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
