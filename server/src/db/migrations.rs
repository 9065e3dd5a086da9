//! The schema, embedded in the binary. Two folders kept in step (`server/migrations/sqlite` and
//! `server/migrations/postgres`): the same tables and columns, differing only where the dialects
//! must (the auto-increment sequence). A new migration is added to both folders and listed here.
//!
//! The list is handed to sqlx's own `Migrator`, so locking (PostgreSQL advisory lock, safe when
//! several instances start at once), checksums and the `_sqlx_migrations` table are sqlx's.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// Which dialect's migration folder to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `server/migrations/sqlite`.
    Sqlite,
    /// `server/migrations/postgres`.
    Postgres,
}

/// (version, description, SQLite text, PostgreSQL text), in version order.
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "initial",
        include_str!("../../migrations/sqlite/0001_initial.sql"),
        include_str!("../../migrations/postgres/0001_initial.sql"),
    ),
    (
        2,
        "standard start",
        include_str!("../../migrations/sqlite/0002_standard_start.sql"),
        include_str!("../../migrations/postgres/0002_standard_start.sql"),
    ),
    (
        3,
        "reviews",
        include_str!("../../migrations/sqlite/0003_reviews.sql"),
        include_str!("../../migrations/postgres/0003_reviews.sql"),
    ),
    (
        4,
        "levels and review moves",
        include_str!("../../migrations/sqlite/0004_levels_and_review_moves.sql"),
        include_str!("../../migrations/postgres/0004_levels_and_review_moves.sql"),
    ),
    (
        5,
        "budgets and totals",
        include_str!("../../migrations/sqlite/0005_budgets_and_totals.sql"),
        include_str!("../../migrations/postgres/0005_budgets_and_totals.sql"),
    ),
    (
        6,
        "external games",
        include_str!("../../migrations/sqlite/0006_external_games.sql"),
        include_str!("../../migrations/postgres/0006_external_games.sql"),
    ),
    (
        7,
        "bounded storage",
        include_str!("../../migrations/sqlite/0007_bounded_storage.sql"),
        include_str!("../../migrations/postgres/0007_bounded_storage.sql"),
    ),
];

/// The embedded migrations of one dialect, as a sqlx migration source.
#[derive(Debug, Clone, Copy)]
pub struct Embedded(pub Dialect);

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 's>> {
        Box::pin(async move {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, description, sqlite, postgres)| {
                    let sql = match self.0 {
                        Dialect::Sqlite => sqlite,
                        Dialect::Postgres => postgres,
                    };
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// A sqlx migrator over the embedded migrations of `dialect`.
pub async fn migrator(dialect: Dialect) -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded(dialect)).await
}

#[cfg(test)]
mod tests {
    use super::MIGRATIONS;
    use ply_core::record::limits;

    /// Migration 5 fills the move totals with the bounds the server applies to every row it
    /// stores; both dialects' texts must name today's bounds.
    #[test]
    fn the_totals_backfill_uses_the_record_bounds() {
        let (_, _, sqlite, postgres) = MIGRATIONS[4];
        for text in [sqlite, postgres] {
            for bound in [
                format!("m.nodes BETWEEN 0 AND {}", limits::MAX_MOVE_NODES),
                format!("m.time_ms BETWEEN 0 AND {}", limits::MAX_MOVE_TIME_MS),
                format!("m.depth BETWEEN 0 AND {}", limits::MAX_SEARCH_DEPTH),
            ] {
                assert_eq!(text.matches(&bound).count(), 2, "{bound}");
            }
        }
    }

    /// Migration 7 normalises the engine names stored before as the server does each one it
    /// stores, and counts their cost with the budget's numbers.
    #[test]
    fn migration_7_names_and_costs_as_the_server_does() {
        let (_, _, sqlite, postgres) = MIGRATIONS[6];
        let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let mapping = flat(&crate::engines::normalise_sql("engine"));
        let cost = format!(
            "cost_bytes = body_bytes + {} + {} * (SELECT COUNT(*) FROM record_players",
            crate::budget::RECORD_OVERHEAD,
            crate::budget::SEAT_OVERHEAD
        );
        for text in [sqlite, postgres] {
            assert_eq!(flat(text).matches(&mapping).count(), 2, "{mapping}");
            assert_eq!(flat(text).matches(&cost).count(), 1, "{cost}");
        }
    }
}
