//! Reviews of stored games (`ply records analyze`): workers claim unreviewed records, review
//! them outside the database, and store each review once.
//!
//! On PostgreSQL a claim is a transaction holding `FOR UPDATE SKIP LOCKED` row locks on the
//! records it took, so workers on several machines never take the same record; the locked rows
//! are checked again for a review committed in the meantime (a statement's snapshot predates the
//! lock), so none is reviewed twice. A worker that dies drops its transaction: its records are
//! unlocked and unreviewed, and the next claim takes them. On SQLite (one machine) a claim is a
//! plain read; run one worker per file. On both, the review's primary key stores it exactly once.

use super::{Db, on_pool};
use ply_core::games::GameKind;
use ply_core::record::GamePhase;
use ply_core::review::MoveReview;
use ply_core::review::label::move_accuracy;
use sqlx::{Postgres, Transaction};

/// Records one worker has taken to review: `(seq, body)`.
pub struct Claim {
    pub records: Vec<(i64, String)>,
    lock: Option<Transaction<'static, Postgres>>,
}

/// Stores one review and its `review_moves` rows on `$conn` (a transaction of either dialect);
/// the number of reviews stored (0 if the record had one already, whose rows then stay).
macro_rules! store_review {
    ($conn:expr, $seq:expr, $worker:expr, $now_ms:expr, $review:expr) => {{
        let stored = sqlx::query(
            "INSERT INTO reviews (record_seq, worker, reviewed_at_ms, review) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (record_seq) DO NOTHING",
        )
        .bind($seq)
        .bind($worker)
        .bind($now_ms)
        .bind($review)
        .execute($conn)
        .await?
        .rows_affected();
        if stored > 0 {
            insert_move_rows!($conn, $seq, &review_move_rows($review));
        }
        stored
    }};
}

/// Inserts `review_moves` rows of the review of record `$seq`.
macro_rules! insert_move_rows {
    ($conn:expr, $seq:expr, $rows:expr) => {{
        let rows: &[ReviewMoveRow] = $rows;
        // Chunks keep every statement under both dialects' bound-parameter limits.
        for chunk in rows.chunks(200) {
            // Two servers starting at once may backfill the same review.
            let sql = super::values_sql(
                "INSERT INTO review_moves (record_seq, ply, seat, phase, label, accuracy)",
                6,
                chunk.len(),
            ) + " ON CONFLICT (record_seq, ply) DO NOTHING";
            let mut query = sqlx::query(&sql);
            for m in chunk {
                query = query
                    .bind($seq)
                    .bind(m.ply)
                    .bind(m.seat)
                    .bind(m.phase)
                    .bind(m.label)
                    .bind(m.accuracy);
            }
            query.execute($conn).await?;
        }
    }};
}

/// One reviewed move with a choice, as `review_moves` holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewMoveRow {
    /// 1-based ply from the record's start.
    pub ply: i64,
    pub seat: i64,
    pub phase: &'static str,
    pub label: &'static str,
    /// Lichess accuracy of the move (0 to 100).
    pub accuracy: f64,
}

/// The `review_moves` rows of a stored review: its moves that had a choice. A review that is an
/// error (a record that did not replay) has none.
pub fn review_move_rows(review_json: &str) -> Vec<ReviewMoveRow> {
    #[derive(serde::Deserialize)]
    struct Stored {
        game: String,
        moves: Vec<MoveReview>,
    }
    let Ok(stored) = serde_json::from_str::<Stored>(review_json) else {
        return Vec::new();
    };
    let Ok(game) = stored.game.parse::<GameKind>() else {
        return Vec::new();
    };
    stored
        .moves
        .iter()
        .filter(|m| m.counts_for_accuracy())
        .map(|m| ReviewMoveRow {
            ply: i64::try_from(m.ply).unwrap_or(i64::MAX),
            seat: i64::from(m.mover),
            phase: GamePhase::of(game, m.ply.saturating_sub(1), 2).name(),
            label: m.label.name(),
            accuracy: move_accuracy(m.expected_before - m.expected_after),
        })
        .collect()
}

impl Db {
    /// Takes up to `limit` records of two-player games that have no review yet, oldest first.
    pub async fn claim_unreviewed(&self, limit: i64) -> Result<Claim, sqlx::Error> {
        let limit = limit.max(1);
        match self {
            Db::Sqlite(pool, _) => {
                let sql = format!(
                    "SELECT r.seq, r.body FROM records r WHERE NOT EXISTS \
                     (SELECT 1 FROM reviews v WHERE v.record_seq = r.seq) \
                     AND r.game IN ({}) ORDER BY r.seq LIMIT $1",
                    super::two_player_games_sql()
                );
                let records = sqlx::query_as(&sql).bind(limit).fetch_all(pool).await?;
                Ok(Claim {
                    records,
                    lock: None,
                })
            }
            Db::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                let sql = format!(
                    "SELECT r.seq, r.body FROM records r WHERE NOT EXISTS \
                     (SELECT 1 FROM reviews v WHERE v.record_seq = r.seq) \
                     AND r.game IN ({}) ORDER BY r.seq LIMIT $1 FOR UPDATE OF r SKIP LOCKED",
                    super::two_player_games_sql()
                );
                let mut records: Vec<(i64, String)> =
                    sqlx::query_as(&sql).bind(limit).fetch_all(&mut *tx).await?;
                // A review committed after this statement's snapshot was taken but before its
                // row was locked: the row is ours now, so a fresh look is final.
                let seqs: Vec<i64> = records.iter().map(|(seq, _)| *seq).collect();
                let done: Vec<i64> =
                    sqlx::query_scalar("SELECT record_seq FROM reviews WHERE record_seq = ANY($1)")
                        .bind(&seqs)
                        .fetch_all(&mut *tx)
                        .await?;
                records.retain(|(seq, _)| !done.contains(seq));
                Ok(Claim {
                    records,
                    lock: Some(tx),
                })
            }
        }
    }

    /// Fills `review_moves` for reviews stored before that table existed (run after the
    /// migrations; reviews with rows, and error reviews, are passed over).
    pub(super) async fn backfill_review_moves(&self) -> Result<u64, sqlx::Error> {
        let sql = "SELECT v.record_seq, v.review FROM reviews v WHERE NOT EXISTS \
                   (SELECT 1 FROM review_moves m WHERE m.record_seq = v.record_seq) \
                   AND v.review NOT LIKE '{\"error\"%'";
        let pending: Vec<(i64, String)> =
            on_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?);
        let mut filled = 0;
        for (seq, review) in &pending {
            let rows = review_move_rows(review);
            if rows.is_empty() {
                continue;
            }
            match self {
                Db::Sqlite(pool, writer) => {
                    let _writing = writer.lock().await;
                    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                    insert_move_rows!(&mut *tx, *seq, &rows);
                    tx.commit().await?;
                }
                Db::Postgres(pool) => {
                    let mut tx = pool.begin().await?;
                    insert_move_rows!(&mut *tx, *seq, &rows);
                    tx.commit().await?;
                }
            }
            filled += 1;
        }
        Ok(filled)
    }

    /// Number of stored reviews.
    pub async fn count_reviews(&self) -> Result<i64, sqlx::Error> {
        on_pool!(self, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM reviews")
            .fetch_one(pool)
            .await)
    }

    /// The reviews of the records with `since < seq <= until` (an export page's range): `(record
    /// seq, review JSON)`.
    pub async fn reviews_between(
        &self,
        since: i64,
        until: i64,
    ) -> Result<Vec<(i64, String)>, sqlx::Error> {
        let sql = "SELECT record_seq, review FROM reviews \
                   WHERE record_seq > $1 AND record_seq <= $2 ORDER BY record_seq";
        on_pool!(self, pool => sqlx::query_as(sql).bind(since).bind(until).fetch_all(pool).await)
    }

    /// Every stored review: `(record seq, worker, review JSON)`, in record order.
    pub async fn reviews(&self) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
        let sql = "SELECT record_seq, worker, review FROM reviews ORDER BY record_seq";
        on_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await)
    }
}

impl Claim {
    /// Stores the reviews of claimed records (`(seq, review JSON)`) and releases the claim.
    /// Returns how many were new (a review already stored is kept as it was).
    pub async fn finish(
        self,
        db: &Db,
        worker: &str,
        reviews: &[(i64, String)],
        now_ms: i64,
    ) -> Result<u64, sqlx::Error> {
        let mut stored = 0;
        match (self.lock, db) {
            (Some(mut tx), _) => {
                for (seq, review) in reviews {
                    stored += store_review!(&mut *tx, *seq, worker, now_ms, review);
                }
                tx.commit().await?;
            }
            (None, Db::Sqlite(pool, writer)) => {
                let _writing = writer.lock().await;
                let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                for (seq, review) in reviews {
                    stored += store_review!(&mut *tx, *seq, worker, now_ms, review);
                }
                tx.commit().await?;
            }
            (None, Db::Postgres(_)) => {}
        }
        Ok(stored)
    }

    /// Gives the records back unreviewed (what a killed worker's claim amounts to).
    pub async fn abandon(self) -> Result<(), sqlx::Error> {
        match self.lock {
            Some(tx) => tx.rollback().await,
            None => Ok(()),
        }
    }
}
