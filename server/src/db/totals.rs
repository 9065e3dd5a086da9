//! The work-per-move totals (`move_totals`): per game, engine, depth and game phase, the
//! computer moves counted, their nodes and time summed, and a histogram of their nodes for the
//! median. Kept up to date as records are stored (and purged), so the statistics read a few
//! rows per engine instead of every move; the record's body is the only per-move copy.

use std::collections::BTreeMap;

use ply_core::record::limits;
use sqlx::{Postgres, Sqlite, Transaction};

use super::histogram::NodesHistogram;
use super::{Db, StoredRecord};

/// Game, engine, depth, phase.
pub(crate) type GroupKey = (String, String, i64, String);

/// One group's sums.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct MoveSums {
    pub moves: i64,
    pub nodes: f64,
    pub time_ms: f64,
    pub bins: NodesHistogram,
}

/// Move rows summed by group, the rows out of the record format's bounds counted apart.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct MoveTotals {
    pub groups: BTreeMap<GroupKey, MoveSums>,
    pub skipped: i64,
}

impl MoveTotals {
    /// Adds one record's computer moves.
    pub fn add_record(&mut self, record: &StoredRecord) {
        let bound = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        for m in &record.moves {
            let in_bounds = (0..=bound(limits::MAX_MOVE_NODES)).contains(&m.nodes)
                && (0..=bound(limits::MAX_MOVE_TIME_MS)).contains(&m.time_ms)
                && (0..=i64::from(limits::MAX_SEARCH_DEPTH)).contains(&m.depth);
            if !in_bounds {
                self.skipped += 1;
                continue;
            }
            let sums = self
                .groups
                .entry((
                    record.game.clone(),
                    m.engine.clone(),
                    m.depth,
                    m.phase.clone(),
                ))
                .or_default();
            sums.moves += 1;
            sums.nodes += m.nodes as f64;
            sums.time_ms += m.time_ms as f64;
            sums.bins.add(m.nodes);
        }
    }

    /// The totals of `records`.
    pub fn of<'a>(records: impl IntoIterator<Item = &'a StoredRecord>) -> Self {
        let mut totals = MoveTotals::default();
        for record in records {
            totals.add_record(record);
        }
        totals
    }
}

impl MoveSums {
    /// `self` with `delta` added (`sign` 1) or taken away (`sign` -1).
    pub fn plus(&self, delta: &MoveSums, sign: i64) -> MoveSums {
        let mut bins = self.bins.clone();
        bins.merge(&delta.bins, sign);
        MoveSums {
            moves: self.moves + sign * delta.moves,
            nodes: self.nodes + sign as f64 * delta.nodes,
            time_ms: self.time_ms + sign as f64 * delta.time_ms,
            bins,
        }
    }
}

/// Adds `$totals` (a [`MoveTotals`]) to the stored totals on `$conn`, or with `$sign` -1 takes
/// it away (rows left with no move are deleted). Each group is read and written back whole:
/// the histograms are merged here, not in SQL. The caller holds the store lock, so no other
/// writer changes a row between the read and the write.
macro_rules! write_totals {
    ($conn:expr, $totals:expr, $sign:expr) => {{
        let totals: &crate::db::totals::MoveTotals = $totals;
        let sign: i64 = $sign;
        for ((game, engine, depth, phase), delta) in &totals.groups {
            let stored: Option<(i64, f64, f64, String)> = sqlx::query_as(
                "SELECT moves, nodes, time_ms, nodes_bins FROM move_totals \
                 WHERE game = $1 AND engine = $2 AND depth = $3 AND phase = $4",
            )
            .bind(game)
            .bind(engine)
            .bind(depth)
            .bind(phase)
            .fetch_optional(&mut *$conn)
            .await?;
            let before = stored.map_or_else(
                crate::db::totals::MoveSums::default,
                |(moves, nodes, time_ms, bins)| crate::db::totals::MoveSums {
                    moves,
                    nodes,
                    time_ms,
                    bins: crate::db::histogram::NodesHistogram::decode(&bins).unwrap_or_else(
                        |e| {
                            // A hand-edited row: its median starts again from what comes.
                            tracing::warn!(error = %e, %game, %engine, depth, %phase,
                                "move histogram reset");
                            crate::db::histogram::NodesHistogram::default()
                        },
                    ),
                },
            );
            let after = before.plus(delta, sign);
            if after.moves <= 0 {
                sqlx::query(
                    "DELETE FROM move_totals \
                     WHERE game = $1 AND engine = $2 AND depth = $3 AND phase = $4",
                )
                .bind(game)
                .bind(engine)
                .bind(depth)
                .bind(phase)
                .execute(&mut *$conn)
                .await?;
            } else {
                sqlx::query(
                    "INSERT INTO move_totals (game, engine, depth, phase, moves, nodes, \
                     time_ms, nodes_bins) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                     ON CONFLICT (game, engine, depth, phase) DO UPDATE SET \
                     moves = excluded.moves, nodes = excluded.nodes, \
                     time_ms = excluded.time_ms, nodes_bins = excluded.nodes_bins",
                )
                .bind(game)
                .bind(engine)
                .bind(depth)
                .bind(phase)
                .bind(after.moves)
                .bind(after.nodes.max(0.0))
                .bind(after.time_ms.max(0.0))
                .bind(after.bins.encode())
                .execute(&mut *$conn)
                .await?;
            }
        }
        if totals.skipped > 0 {
            sqlx::query(
                "INSERT INTO stats_counters (name, value) VALUES ($1, $2) \
                 ON CONFLICT (name) DO UPDATE SET value = stats_counters.value + \
                 excluded.value",
            )
            .bind(crate::db::SKIPPED_MOVE_ROWS)
            .bind(sign * totals.skipped)
            .execute(&mut *$conn)
            .await?;
        }
    }};
}
pub(crate) use write_totals;

/// Move rows read per query while filling the histograms.
const BACKFILL_PAGE: i64 = 20_000;

/// Fills the histograms of `move_totals` from the `record_moves` rows on the open transaction
/// `$tx`, a page at a time, and drops the table.
macro_rules! backfill_bins {
    ($tx:expr) => {{
        let mut bins: BTreeMap<GroupKey, NodesHistogram> = BTreeMap::new();
        let mut after = (String::new(), i64::MIN);
        loop {
            let page: Vec<(String, i64, String, String, i64, String, i64, i64)> = sqlx::query_as(
                "SELECT m.record_id, m.ply, r.game, m.engine, m.depth, m.phase, m.nodes, \
                 m.time_ms \
                 FROM record_moves m JOIN records r ON r.id = m.record_id \
                 WHERE (m.record_id, m.ply) > ($1, $2) \
                 ORDER BY m.record_id, m.ply LIMIT $3",
            )
            .bind(&after.0)
            .bind(after.1)
            .bind(BACKFILL_PAGE)
            .fetch_all(&mut *$tx)
            .await?;
            let Some(last) = page.last() else {
                break;
            };
            after = (last.0.clone(), last.1);
            for (_, _, game, engine, depth, phase, nodes, time_ms) in page {
                // The bounds the totals were summed within (migration 5 and the store).
                let in_bounds = (0..=limits::MAX_MOVE_NODES as i64).contains(&nodes)
                    && (0..=limits::MAX_MOVE_TIME_MS as i64).contains(&time_ms)
                    && (0..=i64::from(limits::MAX_SEARCH_DEPTH)).contains(&depth);
                if in_bounds {
                    let engine = crate::engines::normalise(&engine).to_owned();
                    bins.entry((game, engine, depth, phase))
                        .or_default()
                        .add(nodes);
                }
            }
        }
        for ((game, engine, depth, phase), histogram) in &bins {
            sqlx::query(
                "UPDATE move_totals SET nodes_bins = $5 \
                 WHERE game = $1 AND engine = $2 AND depth = $3 AND phase = $4",
            )
            .bind(game)
            .bind(engine)
            .bind(depth)
            .bind(phase)
            .bind(histogram.encode())
            .execute(&mut *$tx)
            .await?;
        }
        sqlx::query("DROP TABLE record_moves")
            .execute(&mut *$tx)
            .await?;
        bins.len()
    }};
}

impl Db {
    /// Migration 7's second half, which SQL cannot do portably: the histograms of nodes per
    /// move from the move rows an older server stored, after which those rows (the one part of
    /// the schema that grew with every move) are dropped. Runs at every start and does nothing
    /// once the table is gone; on PostgreSQL under the store lock, so two instances starting at
    /// once fill it once.
    pub(super) async fn backfill_move_bins(&self) -> Result<(), sqlx::Error> {
        match self {
            Db::Sqlite(pool, writer) => {
                let _writing = writer.lock().await;
                let mut tx: Transaction<'_, Sqlite> = pool.begin_with("BEGIN IMMEDIATE").await?;
                let table: Option<String> = sqlx::query_scalar(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'record_moves'",
                )
                .fetch_optional(&mut *tx)
                .await?;
                if table.is_some() {
                    let groups = backfill_bins!(tx);
                    tx.commit().await?;
                    tracing::info!(groups, "move histograms filled; move rows dropped");
                }
            }
            Db::Postgres(pool) => {
                let mut tx: Transaction<'_, Postgres> = pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(super::PG_STORE_LOCK)
                    .execute(&mut *tx)
                    .await?;
                let table: Option<String> =
                    sqlx::query_scalar("SELECT CAST(to_regclass('record_moves') AS TEXT)")
                        .fetch_one(&mut *tx)
                        .await?;
                if table.is_some() {
                    let groups = backfill_bins!(tx);
                    tx.commit().await?;
                    tracing::info!(groups, "move histograms filled; move rows dropped");
                }
            }
        }
        Ok(())
    }
}
