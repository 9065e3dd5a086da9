//! Seeing and purging a device farm (`ply-server farms`, `ply-server purge`).
//!
//! Tokens that upload every day earn allowances as honest devices do, within the per-address
//! and whole-collection ceilings. What such a farm stored is found by where its devices
//! registered from: each device row keeps a keyed hash of its registration address (IPv6 by
//! prefix), the key a random secret of this database, so addresses are not stored and cannot be
//! read back, while an operator who suspects one address can hash it the same way
//! ([`Db::address_tag`]). Purging deletes the devices (their tokens stop working), their
//! records with their seats, reviews and reviewed moves, and takes their moves out of the
//! work-per-move totals, all in one transaction under the store lock.

use rand::RngCore;
use serde::Serialize;
use sqlx::{Postgres, Sqlite, Transaction};

use super::totals::{MoveTotals, write_totals};
use super::{Db, PG_STORE_LOCK, on_pool};
use crate::auth::{hex, sha256_hex};

/// The name of the secret in `server_secrets`.
const ADDRESS_KEY: &str = "address_key";

/// Devices that registered from one address, and what they stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FarmRow {
    /// The address's tag ([`Db::address_tag`]); `None`: devices registered before tags were
    /// kept.
    pub tag: Option<String>,
    pub devices: i64,
    /// Stored in all.
    pub records: i64,
    pub bytes: i64,
    /// Stored within the window asked for.
    pub window_records: i64,
    pub window_bytes: i64,
}

/// One device of a farm.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FarmDevice {
    pub id: String,
    pub created_at_ms: i64,
    pub platform: String,
    pub app_version: String,
    pub records: i64,
    pub bytes: i64,
    /// When its last record was received, if any.
    pub last_received_ms: Option<i64>,
}

/// What a purge removed (or, dry, would remove).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PurgeReport {
    pub devices: u64,
    pub records: u64,
    /// Bytes the budgets had counted for those records.
    pub bytes: u64,
    pub reviews: u64,
    /// Records whose moves could not be taken out of the work-per-move totals: stored by an
    /// older server and no longer valid, so their moves cannot be read back.
    pub totals_not_adjusted: u64,
}

/// A `farm_devices` row as read: id, created, platform, app version, records, bytes, last.
type DeviceTuple = (String, i64, String, String, i64, i64, Option<i64>);

/// Records read per query while purging.
const PURGE_CHUNK: i64 = 500;

/// The body of [`Db::purge_devices`] on the open transaction `$tx`, for either dialect.
macro_rules! purge {
    ($tx:expr, $ids:expr) => {{
        let ids: &[String] = $ids;
        let mut report = PurgeReport::default();
        for id in ids {
            // The moves of its records, out of the totals; read a chunk at a time.
            let mut after = i64::MIN;
            loop {
                let chunk: Vec<(i64, String, i64)> = sqlx::query_as(
                    "SELECT seq, body, cost_bytes FROM records \
                     WHERE device_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
                )
                .bind(id)
                .bind(after)
                .bind(PURGE_CHUNK)
                .fetch_all(&mut *$tx)
                .await?;
                let Some(&(last, _, _)) = chunk.last() else {
                    break;
                };
                after = last;
                let mut rows = Vec::with_capacity(chunk.len());
                for (_, body, cost) in &chunk {
                    report.records += 1;
                    report.bytes += u64::try_from(*cost).unwrap_or(0);
                    match crate::ingest::check(body) {
                        Ok(row) => rows.push(row),
                        Err(_) => report.totals_not_adjusted += 1,
                    }
                }
                write_totals!(&mut *$tx, &MoveTotals::of(&rows), -1);
            }
            sqlx::query(
                "DELETE FROM review_moves WHERE record_seq IN \
                 (SELECT seq FROM records WHERE device_id = $1)",
            )
            .bind(id)
            .execute(&mut *$tx)
            .await?;
            report.reviews += sqlx::query(
                "DELETE FROM reviews WHERE record_seq IN \
                 (SELECT seq FROM records WHERE device_id = $1)",
            )
            .bind(id)
            .execute(&mut *$tx)
            .await?
            .rows_affected();
            sqlx::query(
                "DELETE FROM record_players WHERE record_id IN \
                 (SELECT id FROM records WHERE device_id = $1)",
            )
            .bind(id)
            .execute(&mut *$tx)
            .await?;
            sqlx::query("DELETE FROM records WHERE device_id = $1")
                .bind(id)
                .execute(&mut *$tx)
                .await?;
            report.devices += sqlx::query("DELETE FROM devices WHERE id = $1")
                .bind(id)
                .execute(&mut *$tx)
                .await?
                .rows_affected();
        }
        report
    }};
}

impl Db {
    /// The key of address tags, made (random, 256 bits) on first use and kept in the database,
    /// so every instance sharing it tags an address alike.
    pub async fn address_key(&self) -> Result<String, sqlx::Error> {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        let fresh = hex(&bytes);
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO server_secrets (name, value) VALUES ($1, $2) \
                 ON CONFLICT (name) DO NOTHING",
            )
            .bind(ADDRESS_KEY)
            .bind(&fresh)
            .execute(pool)
            .await?;
            sqlx::query_scalar("SELECT value FROM server_secrets WHERE name = $1")
                .bind(ADDRESS_KEY)
                .fetch_one(pool)
                .await
        })
    }

    /// The tag of a client address key (`client_addr::address_key`) under this database's
    /// key: 16 hex digits of a keyed SHA-256.
    pub async fn address_tag(&self, client: &str) -> Result<String, sqlx::Error> {
        Ok(tag_with(&self.address_key().await?, client))
    }

    /// The registration addresses whose devices stored the most bytes since `since_ms`, with
    /// their totals; at most `top`.
    pub async fn farms(&self, since_ms: i64, top: i64) -> Result<Vec<FarmRow>, sqlx::Error> {
        let sql = "SELECT d.registered_from, COUNT(*), \
                     CAST(COALESCE(SUM(d.stored_records), 0) AS BIGINT), \
                     CAST(COALESCE(SUM(d.stored_bytes), 0) AS BIGINT), \
                     CAST(COALESCE(SUM(w.records), 0) AS BIGINT), \
                     CAST(COALESCE(SUM(w.bytes), 0) AS BIGINT) \
                   FROM devices d LEFT JOIN ( \
                     SELECT device_id, COUNT(*) AS records, SUM(cost_bytes) AS bytes \
                     FROM records WHERE received_at_ms > $1 GROUP BY device_id \
                   ) w ON w.device_id = d.id \
                   GROUP BY d.registered_from \
                   ORDER BY 6 DESC, 4 DESC LIMIT $2";
        let rows: Vec<(Option<String>, i64, i64, i64, i64, i64)> = on_pool!(self, pool =>
            sqlx::query_as(sql).bind(since_ms).bind(top).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(
                |(tag, devices, records, bytes, window_records, window_bytes)| FarmRow {
                    tag,
                    devices,
                    records,
                    bytes,
                    window_records,
                    window_bytes,
                },
            )
            .collect())
    }

    /// The devices registered from the address tagged `tag`, those that stored most first.
    pub async fn farm_devices(&self, tag: &str) -> Result<Vec<FarmDevice>, sqlx::Error> {
        let sql = "SELECT d.id, d.created_at_ms, d.platform, d.app_version, d.stored_records, \
                     d.stored_bytes, (SELECT MAX(r.received_at_ms) FROM records r \
                                      WHERE r.device_id = d.id) \
                   FROM devices d WHERE d.registered_from = $1 \
                   ORDER BY d.stored_bytes DESC, d.id";
        let rows: Vec<DeviceTuple> = on_pool!(self, pool =>
            sqlx::query_as(sql).bind(tag).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(
                |(id, created_at_ms, platform, app_version, records, bytes, last)| FarmDevice {
                    id,
                    created_at_ms,
                    platform,
                    app_version,
                    records,
                    bytes,
                    last_received_ms: last,
                },
            )
            .collect())
    }

    /// Deletes the devices `ids` and everything they stored (see the module doc); with `dry`,
    /// only counts it. One transaction: nothing is deleted if anything fails.
    pub async fn purge_devices(
        &self,
        ids: &[String],
        dry: bool,
    ) -> Result<PurgeReport, sqlx::Error> {
        match self {
            Db::Sqlite(pool, writer) => {
                let _writing = writer.lock().await;
                let mut tx: Transaction<'_, Sqlite> = pool.begin_with("BEGIN IMMEDIATE").await?;
                let report = purge!(tx, ids);
                if dry {
                    tx.rollback().await?;
                } else {
                    tx.commit().await?;
                }
                Ok(report)
            }
            Db::Postgres(pool) => {
                let mut tx: Transaction<'_, Postgres> = pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(PG_STORE_LOCK)
                    .execute(&mut *tx)
                    .await?;
                let report = purge!(tx, ids);
                if dry {
                    tx.rollback().await?;
                } else {
                    tx.commit().await?;
                }
                Ok(report)
            }
        }
    }
}

/// 16 hex digits of SHA-256 over the key and the address: enough to tell a farm's addresses
/// apart, too short to be worth a table of every IPv4 address for one database's key.
pub fn tag_with(key: &str, client: &str) -> String {
    let mut text = String::with_capacity(key.len() + client.len() + 1);
    text.push_str(key);
    text.push('|');
    text.push_str(client);
    sha256_hex(text.as_bytes())[..16].to_owned()
}

#[cfg(test)]
mod tests {
    use super::tag_with;

    #[test]
    fn tags_depend_on_the_key_and_the_address() {
        let a = tag_with("key1", "203.0.113.7");
        assert_eq!(a.len(), 16);
        assert_eq!(a, tag_with("key1", "203.0.113.7"));
        assert_ne!(a, tag_with("key2", "203.0.113.7"));
        assert_ne!(a, tag_with("key1", "203.0.113.8"));
    }
}
