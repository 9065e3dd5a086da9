//! Storage: one [`Db`] over SQLite (embedded, the default) or PostgreSQL (shared by several
//! stateless server instances). Every query is written once, in SQL both dialects accept
//! (`$1` parameters, `ON CONFLICT ... DO NOTHING`, `CAST(... AS BIGINT)`), and run on whichever
//! pool the URL chose.
//!
//! Exactly-once storage rests on the database alone: the record id is unique, inserts are
//! `ON CONFLICT (id) DO NOTHING`, and a conflicting insert is told apart from a duplicate by the
//! SHA-256 of the stored body. No process memory is involved, so any number of instances may
//! write to one PostgreSQL database at once.

mod external;
mod farms;
pub mod histogram;
mod migrations;
mod reviews;
mod stats;
mod totals;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions};
use sqlx::{Postgres, Sqlite, Transaction};

use crate::budget::{DeviceUsage, Held, Remaining, StorageBudget};
use totals::{MoveTotals, write_totals};

pub use external::ExternalGame;
pub use farms::{FarmDevice, FarmRow, PurgeReport, tag_with};
pub use migrations::Dialect;
pub use reviews::Claim;
pub use stats::{
    FoldedRows, GameCount, HumanPhaseRow, LevelRow, MAX_ROWS, NodesRow, PhaseRow, REST, ResultRow,
    SkippedRows, Stats, StatsQuery,
};

/// Runs `$body` with `$pool` bound to whichever pool `$db` holds; the body is type-checked once
/// per backend, so the same SQL text serves both.
macro_rules! on_pool {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool, _) => $body,
            $crate::db::Db::Postgres($pool) => $body,
        }
    };
}
pub(crate) use on_pool;

/// A connection pool on the collector's database.
#[derive(Debug, Clone)]
pub enum Db {
    /// An embedded SQLite file, and the lock its writers queue on: SQLite has one writer at a
    /// time, and a fair async queue beats polling on the busy timeout under load.
    Sqlite(SqlitePool, Arc<tokio::sync::Mutex<()>>),
    /// A PostgreSQL server, possibly shared with other instances.
    Postgres(PgPool),
}

/// Why [`Db::connect`] failed.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The URL names no supported database.
    #[error(
        "unsupported database URL '{0}': use sqlite://FILE (or a plain file path) or postgres://..."
    )]
    UnsupportedUrl(String),
    /// Connecting or querying failed.
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// Applying the schema failed.
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// A device row to insert: the token itself is never stored, only its SHA-256.
#[derive(Debug, Clone)]
pub struct NewDevice {
    /// Random device id.
    pub id: String,
    /// SHA-256 (hex) of the bearer token.
    pub token_sha256: String,
    /// Platform the install reported (`android`, `ios`, `cli`, ...).
    pub platform: String,
    /// App version the install reported.
    pub app_version: String,
    /// Registration time, milliseconds since the Unix epoch.
    pub created_at_ms: i64,
}

/// A validated record, ready to store, with the columns the statistics group by.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRecord {
    /// The record's UUID: the idempotency key.
    pub id: String,
    /// The canonical JSON of the record, exported as is.
    pub body: String,
    /// SHA-256 (hex) of `body`: tells a re-sent record from a different one with the same id.
    pub body_sha256: String,
    /// Game kind name (`othello`, `connect4`, `checkers`).
    pub game: String,
    /// Variant name (`standard`, `relaxed`, ...).
    pub variant: String,
    /// Result in short form (`win:0`, `win:1`, `draw`).
    pub result: String,
    /// Number of moves played.
    pub plies: i64,
    /// Whether the game began at its variant's standard start; results statistics count only
    /// these unless asked otherwise.
    pub standard_start: bool,
    /// One row per seat.
    pub players: Vec<PlayerRow>,
    /// One row per computer move with statistics: summed into `move_totals` as the record is
    /// stored (the body is the only per-move copy kept).
    pub moves: Vec<MoveRow>,
}

impl StoredRecord {
    /// What storing it costs against the storage budgets: bytes on disk as
    /// [`crate::budget::record_cost`] counts them.
    pub fn cost(&self) -> u64 {
        crate::budget::record_cost(self.body.len() as u64, self.players.len() as u64)
    }
}

/// One seat of a stored game.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRow {
    /// Player index (0 moves first).
    pub seat: i64,
    /// Whether a person played it (the seat's kind).
    pub human: bool,
    /// `human` for a person, else the computer's algorithm as the statistics name it
    /// ([`crate::engines::normalise`]: `alphabeta`, `scout`, ..., `other`).
    pub engine: String,
    /// The computer's depth limit; 0 for humans and engines without one.
    pub depth: i64,
    /// `win`, `draw` or `loss` for this seat.
    pub outcome: String,
    /// The difficulty level the computer was set to, if it came from one.
    pub level: Option<i64>,
}

/// One computer move of a stored game.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRow {
    /// Index of the move in the game (0-based).
    pub ply: i64,
    /// Seat that played it.
    pub seat: i64,
    /// Algorithm that chose it, as the statistics name it ([`crate::engines::normalise`]).
    pub engine: String,
    /// Depth limit of the engine (0 if none).
    pub depth: i64,
    /// `opening`, `middlegame` or `endgame`: which third of the game the move falls in.
    pub phase: String,
    /// Nodes searched for this move.
    pub nodes: i64,
    /// Search time in milliseconds.
    pub time_ms: i64,
}

/// What storing one record did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreOutcome {
    /// Newly stored, with its export sequence number.
    Accepted {
        /// Export cursor value of the new row.
        seq: i64,
    },
    /// The same record (same id, same body) was already stored.
    Duplicate {
        /// Export cursor value of the existing row.
        seq: i64,
    },
    /// A different record with the same id is already stored; nothing was written.
    Conflict,
    /// Not stored: over the device's, its address's or the new devices' storage budget. The
    /// client keeps it and sends it again later.
    Deferred,
}

/// What the whole collection stored in the last day (the 24 hours of `hourly_usage` up to now).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CollectionUsage {
    pub records: u64,
    pub bytes: u64,
    /// The first of those hours that stored anything (unix time in hours).
    pub oldest_hour: Option<i64>,
}

impl CollectionUsage {
    /// How long until the first hour of the window leaves it, from `now_ms`.
    pub fn wait_ms(&self, now_ms: i64) -> i64 {
        self.oldest_hour.map_or(HOUR_MS, |hour| {
            ((hour + 24) * HOUR_MS - now_ms).clamp(0, 24 * HOUR_MS)
        })
    }
}

/// What storing a batch did, and the budget it was stored within.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredBatch {
    /// One outcome per record, in order.
    pub outcomes: Vec<StoreOutcome>,
    /// The device's figures before the batch.
    pub usage: DeviceUsage,
    /// The collection's figures before the batch.
    pub collection: CollectionUsage,
    /// What was left of each limit after the batch, and which refused a record.
    pub remaining: Remaining,
}

/// One page of the export, in sequence order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportPage {
    /// `(seq, canonical JSON)` of each record.
    pub records: Vec<(i64, String)>,
    /// Cursor to pass as `since` for the next page (the last `seq` here, or `since` if empty).
    pub next_cursor: i64,
    /// Whether more records follow this page.
    pub more: bool,
}

/// Stores one record inside the open transaction `$conn`, if `$remaining` has room for it, and
/// evaluates to its [`StoreOutcome`] (early-returning the `sqlx::Error` on failure). A macro
/// rather than a function because the two backends' executors share no nameable trait bound
/// worth writing. The caller holds the store lock, so nothing can insert between the look-up
/// and the insert, and adds the stored records' moves to the totals.
macro_rules! store_one {
    ($conn:expr, $device_id:expr, $record:expr, $received_at_ms:expr, $remaining:expr) => {{
        let record: &StoredRecord = $record;
        let existing: Option<(i64, String)> =
            sqlx::query_as("SELECT seq, body_sha256 FROM records WHERE id = $1")
                .bind(&record.id)
                .fetch_optional(&mut *$conn)
                .await?;
        match existing {
            Some((seq, hash)) if hash == record.body_sha256 => StoreOutcome::Duplicate { seq },
            Some(_) => StoreOutcome::Conflict,
            None if !$remaining.take(record.cost()) => StoreOutcome::Deferred,
            None => {
                let seq: i64 = sqlx::query_scalar(
                    "INSERT INTO records (id, body_sha256, body, game, variant, result, plies, \
                     standard_start, device_id, received_at_ms, body_bytes, cost_bytes) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING seq",
                )
                .bind(&record.id)
                .bind(&record.body_sha256)
                .bind(&record.body)
                .bind(&record.game)
                .bind(&record.variant)
                .bind(&record.result)
                .bind(record.plies)
                .bind(i64::from(record.standard_start))
                .bind($device_id)
                .bind($received_at_ms)
                .bind(record.body.len() as i64)
                .bind(i64::try_from(record.cost()).unwrap_or(i64::MAX))
                .fetch_one(&mut *$conn)
                .await?;
                if !record.players.is_empty() {
                    let sql = values_sql(
                        "INSERT INTO record_players (record_id, seat, human, engine, depth, \
                         outcome, level)",
                        7,
                        record.players.len(),
                    );
                    let mut query = sqlx::query(&sql);
                    for p in &record.players {
                        query = query
                            .bind(&record.id)
                            .bind(p.seat)
                            .bind(i64::from(p.human))
                            .bind(&p.engine)
                            .bind(p.depth)
                            .bind(&p.outcome)
                            .bind(p.level);
                    }
                    query.execute(&mut *$conn).await?;
                }
                StoreOutcome::Accepted { seq }
            }
        }
    }};
}

/// What device `$device_id` has stored, in all and in the day before `$now_ms`, read on
/// `$conn`; evaluates to a [`DeviceUsage`] (early-returning the `sqlx::Error`).
macro_rules! device_usage {
    ($conn:expr, $device_id:expr, $now_ms:expr) => {{
        let (stored_records, stored_bytes): (i64, i64) =
            sqlx::query_as("SELECT stored_records, stored_bytes FROM devices WHERE id = $1")
                .bind($device_id)
                .fetch_optional($conn)
                .await?
                .unwrap_or((0, 0));
        let (window_records, window_bytes, oldest): (i64, i64, Option<i64>) = sqlx::query_as(
            "SELECT COUNT(*), CAST(COALESCE(SUM(cost_bytes), 0) AS BIGINT), \
             MIN(received_at_ms) FROM records WHERE device_id = $1 AND received_at_ms > $2",
        )
        .bind($device_id)
        .bind($now_ms.saturating_sub(crate::budget::DAY_MS))
        .fetch_one($conn)
        .await?;
        let count = |v: i64| u64::try_from(v).unwrap_or(0);
        DeviceUsage {
            stored_records: count(stored_records),
            stored_bytes: count(stored_bytes),
            window_records: count(window_records),
            window_bytes: count(window_bytes),
            oldest_in_window_ms: oldest,
        }
    }};
}

/// What the whole collection stored in the day before `$now_ms` (the hours of `hourly_usage`
/// it covers), read on `$conn`: records, bytes and the first of those hours (unix hours).
macro_rules! collection_usage {
    ($conn:expr, $now_ms:expr) => {{
        let first_hour = $now_ms.div_euclid(HOUR_MS) - 23;
        let (records, bytes, oldest): (i64, i64, Option<i64>) = sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(records), 0) AS BIGINT), \
             CAST(COALESCE(SUM(bytes), 0) AS BIGINT), MIN(hour) \
             FROM hourly_usage WHERE hour >= $1",
        )
        .bind(first_hour)
        .fetch_one($conn)
        .await?;
        let count = |v: i64| u64::try_from(v).unwrap_or(0);
        CollectionUsage {
            records: count(records),
            bytes: count(bytes),
            oldest_hour: oldest,
        }
    }};
}

/// Stores `$records` in the open transaction `$tx` within the device's budget and the
/// collection's ceiling, and evaluates to a [`StoredBatch`]. Shared by both backends, like
/// [`store_one`].
macro_rules! store_all {
    ($tx:expr, $device_id:expr, $records:expr, $received_at_ms:expr, $budget:expr, $held:expr) => {{
        let budget: &StorageBudget = $budget;
        let (usage, collection) = if budget.enabled {
            (
                device_usage!(&mut *$tx, $device_id, $received_at_ms),
                collection_usage!(&mut *$tx, $received_at_ms),
            )
        } else {
            (DeviceUsage::default(), CollectionUsage::default())
        };
        let mut remaining = Remaining::new(
            budget,
            &usage,
            $held,
            (collection.records, collection.bytes),
        );
        let mut outcomes = Vec::with_capacity($records.len());
        let mut stored = Vec::new();
        for record in $records {
            let outcome = store_one!(&mut *$tx, $device_id, record, $received_at_ms, remaining);
            if matches!(outcome, StoreOutcome::Accepted { .. }) {
                stored.push(record);
            }
            outcomes.push(outcome);
        }
        if !stored.is_empty() {
            write_totals!(&mut *$tx, &MoveTotals::of(stored.iter().copied()), 1);
            let records = stored.len() as i64;
            let bytes: i64 = stored
                .iter()
                .map(|r| i64::try_from(r.cost()).unwrap_or(i64::MAX))
                .sum();
            sqlx::query(
                "UPDATE devices SET stored_records = stored_records + $2, \
                 stored_bytes = stored_bytes + $3 WHERE id = $1",
            )
            .bind($device_id)
            .bind(records)
            .bind(bytes)
            .execute(&mut *$tx)
            .await?;
            let hour = $received_at_ms.div_euclid(HOUR_MS);
            sqlx::query(
                "INSERT INTO hourly_usage (hour, records, bytes) VALUES ($1, $2, $3) \
                 ON CONFLICT (hour) DO UPDATE SET records = hourly_usage.records + \
                 excluded.records, bytes = hourly_usage.bytes + excluded.bytes",
            )
            .bind(hour)
            .bind(records)
            .bind(bytes)
            .execute(&mut *$tx)
            .await?;
            // Hours older than two days count for nothing any more.
            sqlx::query("DELETE FROM hourly_usage WHERE hour < $1")
                .bind(hour - 48)
                .execute(&mut *$tx)
                .await?;
        }
        StoredBatch {
            outcomes,
            usage,
            collection,
            remaining,
        }
    }};
}

/// The `stats_counters` row counting move rows left out of the totals.
pub(crate) const SKIPPED_MOVE_ROWS: &str = "skipped_move_rows";

/// Milliseconds in an hour: the collection's ceiling is kept per hour.
const HOUR_MS: i64 = 3_600_000;

/// The two-player games as an SQL list of names (`'othello','connect4','checkers'`): reviews,
/// engine levels and people's accuracy concern these; the multi-player games stay unreviewed
/// rather than being claimed for nothing. Names are the code's own, never input.
fn two_player_games_sql() -> String {
    ply_core::games::GameKind::ALL
        .iter()
        .filter(|k| !k.is_multi_player())
        .map(|k| format!("'{}'", k.name()))
        .collect::<Vec<_>>()
        .join(",")
}

/// `"{head} VALUES ($1, ..., $cols), (...), ..."` for `rows` rows of `cols` parameters.
fn values_sql(head: &str, cols: usize, rows: usize) -> String {
    let mut sql = String::with_capacity(head.len() + 8 + rows * cols * 5);
    sql.push_str(head);
    sql.push_str(" VALUES ");
    for r in 0..rows {
        if r > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for c in 0..cols {
            if c > 0 {
                sql.push_str(", ");
            }
            sql.push('$');
            sql.push_str(&(r * cols + c + 1).to_string());
        }
        sql.push(')');
    }
    sql
}

/// PostgreSQL advisory-lock key taken by every storing transaction, so sequence numbers are
/// committed in the order they are drawn and an export cursor never skips a late commit.
const PG_STORE_LOCK: i64 = 0x706c_795f_7374_6f72; // "ply_stor"

impl Db {
    /// Connects to `url` (`sqlite://FILE`, `sqlite::memory:`, a plain path, or
    /// `postgres://...`), creates a SQLite file if missing, and applies the migrations.
    pub async fn connect(url: &str) -> Result<Db, DbError> {
        Self::connect_with(url, 16).await
    }

    /// [`Db::connect`] with a given maximum number of pooled connections.
    pub async fn connect_with(url: &str, max_connections: u32) -> Result<Db, DbError> {
        let db = Self::connect_unmigrated(url, max_connections).await?;
        db.migrate().await?;
        Ok(db)
    }

    /// The pool of [`Db::connect_with`] without applying any migration (tests of the
    /// migrations start from an older schema with [`Db::migrate_up_to`]).
    pub async fn connect_unmigrated(url: &str, max_connections: u32) -> Result<Db, DbError> {
        let db = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let options = PgConnectOptions::from_str(url)?;
            let pool = PgPoolOptions::new()
                .max_connections(max_connections)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            Db::Postgres(pool)
        } else if url.starts_with("sqlite:") || !url.contains("://") {
            let options = if url.starts_with("sqlite:") {
                SqliteConnectOptions::from_str(url)?
            } else {
                SqliteConnectOptions::new().filename(url)
            };
            // WAL lets exports read while uploads write; FULL sync (the default) keeps an
            // acknowledged record on disk even through a power cut.
            let options = options
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            let pool = SqlitePoolOptions::new()
                .max_connections(max_connections)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            Db::Sqlite(pool, Arc::new(tokio::sync::Mutex::new(())))
        } else {
            return Err(DbError::UnsupportedUrl(url.to_owned()));
        };
        Ok(db)
    }

    /// Which dialect this pool speaks.
    pub fn dialect(&self) -> Dialect {
        match self {
            Db::Sqlite(..) => Dialect::Sqlite,
            Db::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Applies any migration not yet applied (idempotent; safe from several instances).
    pub async fn migrate(&self) -> Result<(), DbError> {
        let migrator = migrations::migrator(self.dialect()).await?;
        on_pool!(self, pool => migrator.run(pool).await?);
        self.backfill_review_moves().await?;
        self.backfill_move_bins().await?;
        Ok(())
    }

    /// Applies the migrations up to `version` only, and nothing after them: how a test makes
    /// the database an older server left, to check what a later migration does with its rows.
    pub async fn migrate_up_to(&self, version: i64) -> Result<(), DbError> {
        let mut migrator = migrations::migrator(self.dialect()).await?;
        migrator.migrations = std::borrow::Cow::Owned(
            migrator
                .migrations
                .iter()
                .filter(|m| m.version <= version)
                .cloned()
                .collect(),
        );
        on_pool!(self, pool => migrator.run(pool).await?);
        Ok(())
    }

    /// Closes every pooled connection.
    pub async fn close(&self) {
        on_pool!(self, pool => pool.close().await)
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        on_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    /// Stores a new device.
    pub async fn insert_device(&self, device: &NewDevice) -> Result<(), sqlx::Error> {
        self.insert_device_from(device, None).await
    }

    /// Stores a new device with the tag of the address it registered from
    /// ([`Db::address_tag`]).
    pub async fn insert_device_from(
        &self,
        device: &NewDevice,
        registered_from: Option<&str>,
    ) -> Result<(), sqlx::Error> {
        let sql = "INSERT INTO devices (id, token_sha256, platform, app_version, created_at_ms, \
                   registered_from) VALUES ($1, $2, $3, $4, $5, $6)";
        let _writing = match self {
            Db::Sqlite(_, writer) => Some(writer.lock().await),
            Db::Postgres(_) => None,
        };
        on_pool!(self, pool => sqlx::query(sql)
            .bind(&device.id)
            .bind(&device.token_sha256)
            .bind(&device.platform)
            .bind(&device.app_version)
            .bind(device.created_at_ms)
            .bind(registered_from)
            .execute(pool)
            .await
            .map(|_| ()))
    }

    /// Deletes the devices registered before `before_ms` that never stored a record: a row a
    /// day's registrations add is kept a week at most unless it holds something. A client
    /// whose token went this way is answered 401 and registers again.
    pub async fn prune_idle_devices(&self, before_ms: i64) -> Result<u64, sqlx::Error> {
        let sql = "DELETE FROM devices WHERE stored_records = 0 AND created_at_ms < $1 \
                   AND NOT EXISTS (SELECT 1 FROM records r WHERE r.device_id = devices.id)";
        let _writing = match self {
            Db::Sqlite(_, writer) => Some(writer.lock().await),
            Db::Postgres(_) => None,
        };
        on_pool!(self, pool => sqlx::query(sql)
            .bind(before_ms)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))
    }

    /// The id of the device whose token hashes to `token_sha256`, if any.
    pub async fn device_by_token_hash(
        &self,
        token_sha256: &str,
    ) -> Result<Option<String>, sqlx::Error> {
        let sql = "SELECT id FROM devices WHERE token_sha256 = $1";
        on_pool!(self, pool => sqlx::query_scalar::<_, String>(sql)
            .bind(token_sha256)
            .fetch_optional(pool)
            .await)
    }

    /// Stores a batch in one transaction, each record exactly once, and says per record what
    /// happened. On error nothing of the batch is stored, and the client may resend it whole.
    /// No storage budget: for imports and tests ([`Db::store_batch_within`] for devices).
    pub async fn store_batch(
        &self,
        device_id: &str,
        records: &[StoredRecord],
        received_at_ms: i64,
    ) -> Result<Vec<StoreOutcome>, sqlx::Error> {
        let batch = self
            .store_batch_within(
                device_id,
                records,
                received_at_ms,
                &StorageBudget::unlimited(),
                Held::unlimited(),
            )
            .await?;
        Ok(batch.outcomes)
    }

    /// [`Db::store_batch`] within the storage budget: records past what `budget` allows the
    /// device today, past what `held` holds of its address's ceiling (and, for a new device, of
    /// its address's and the new devices' allowances), or past the collection's ceiling are
    /// [`StoreOutcome::Deferred`].
    pub async fn store_batch_within(
        &self,
        device_id: &str,
        records: &[StoredRecord],
        received_at_ms: i64,
        budget: &StorageBudget,
        held: Held,
    ) -> Result<StoredBatch, sqlx::Error> {
        match self {
            Db::Sqlite(pool, writer) => {
                let _writing = writer.lock().await;
                // IMMEDIATE takes the write lock up front, so concurrent batches queue on the
                // busy timeout instead of failing on a read-to-write lock upgrade.
                let mut tx: Transaction<'_, Sqlite> = pool.begin_with("BEGIN IMMEDIATE").await?;
                let batch = store_all!(tx, device_id, records, received_at_ms, budget, held);
                tx.commit().await?;
                Ok(batch)
            }
            Db::Postgres(pool) => {
                let mut tx: Transaction<'_, Postgres> = pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(PG_STORE_LOCK)
                    .execute(&mut *tx)
                    .await?;
                let batch = store_all!(tx, device_id, records, received_at_ms, budget, held);
                tx.commit().await?;
                Ok(batch)
            }
        }
    }

    /// What a device has stored, in all and in the day before `now_ms` (outside any
    /// transaction: for a decision that only grows safer with time, such as whether a device
    /// is established).
    pub async fn device_usage(
        &self,
        device_id: &str,
        now_ms: i64,
    ) -> Result<DeviceUsage, sqlx::Error> {
        Ok(on_pool!(self, pool => device_usage!(pool, device_id, now_ms)))
    }

    /// What the whole collection stored in the day before `now_ms` (outside any transaction:
    /// for the check before a batch is replayed; the store reads it again in its transaction).
    pub async fn collection_usage(&self, now_ms: i64) -> Result<CollectionUsage, sqlx::Error> {
        Ok(on_pool!(self, pool => collection_usage!(pool, now_ms)))
    }

    /// Which of `ids` are stored.
    pub async fn stored_ids(
        &self,
        ids: &[String],
    ) -> Result<std::collections::HashSet<String>, sqlx::Error> {
        if ids.is_empty() {
            return Ok(std::collections::HashSet::new());
        }
        let placeholders = (1..=ids.len())
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!("SELECT id FROM records WHERE id IN ({placeholders})");
        let found: Vec<String> = on_pool!(self, pool => {
            let mut query = sqlx::query_scalar::<_, String>(&sql);
            for id in ids {
                query = query.bind(id);
            }
            query.fetch_all(pool).await?
        });
        Ok(found.into_iter().collect())
    }

    /// Up to `limit` records with `seq > since`, optionally of one game, in `seq` order.
    pub async fn export_page(
        &self,
        since: i64,
        game: Option<&str>,
        limit: i64,
    ) -> Result<ExportPage, sqlx::Error> {
        let limit = limit.max(1);
        // One extra row tells whether another page follows.
        let fetch = limit.saturating_add(1);
        let rows: Vec<(i64, String)> = match game {
            Some(game) => {
                let sql = "SELECT seq, body FROM records WHERE seq > $1 AND game = $2 \
                           ORDER BY seq LIMIT $3";
                on_pool!(self, pool => sqlx::query_as(sql)
                    .bind(since)
                    .bind(game)
                    .bind(fetch)
                    .fetch_all(pool)
                    .await?)
            }
            None => {
                let sql = "SELECT seq, body FROM records WHERE seq > $1 ORDER BY seq LIMIT $2";
                on_pool!(self, pool => sqlx::query_as(sql)
                    .bind(since)
                    .bind(fetch)
                    .fetch_all(pool)
                    .await?)
            }
        };
        let mut records = rows;
        let more = records.len() as i64 > limit;
        records.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        let next_cursor = records.last().map_or(since, |(seq, _)| *seq);
        Ok(ExportPage {
            records,
            next_cursor,
            more,
        })
    }

    /// Number of stored records.
    pub async fn count_records(&self) -> Result<i64, sqlx::Error> {
        on_pool!(self, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM records")
            .fetch_one(pool)
            .await)
    }

    /// Number of registered devices.
    pub async fn count_devices(&self) -> Result<i64, sqlx::Error> {
        on_pool!(self, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM devices")
            .fetch_one(pool)
            .await)
    }

    /// Counts, win rates and nodes per move over the whole collection; results from the
    /// standard start only.
    pub async fn stats(&self) -> Result<Stats, sqlx::Error> {
        stats::collect(self, StatsQuery::default()).await
    }

    /// [`Db::stats`] with a choice of which games the results count.
    pub async fn stats_with(&self, query: StatsQuery) -> Result<Stats, sqlx::Error> {
        stats::collect(self, query).await
    }
}

#[cfg(test)]
mod tests {
    use super::values_sql;

    #[test]
    fn values_sql_numbers_parameters_row_by_row() {
        assert_eq!(
            values_sql("INSERT INTO t (a, b)", 2, 3),
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4), ($5, $6)"
        );
    }
}
