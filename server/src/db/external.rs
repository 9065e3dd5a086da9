//! Games from outside the apps (`ply records import`), in `external_games`: a table of their
//! own, so that no statistic of the devices' games and no export of records can count them.

use super::{Db, on_pool, values_sql};

/// One imported game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalGame {
    /// The collection it comes from (`wthor`).
    pub source: String,
    /// The file's name and the game's place in it, from 1: what makes an import idempotent.
    pub file: String,
    pub number: i64,
    /// Game kind name (`othello`).
    pub game: String,
    pub year: i64,
    /// The archive's tournament and player numbers.
    pub tournament: i64,
    pub black_player: i64,
    pub white_player: i64,
    /// The moves in the game's notation, passes written out.
    pub moves: String,
    /// Whether the rules end the game where its moves end.
    pub finished: bool,
    /// Black's discs as the file states them, and on the final board.
    pub stored_score: i64,
    pub final_score: i64,
}

/// Rows per insert: 12 parameters each, far below both dialects' bound-parameter limits.
const ROWS_PER_STATEMENT: usize = 200;

impl Db {
    /// Stores `games`, each once: a game already imported (same source, file and number) is
    /// left as it is. Returns how many were new. One transaction.
    pub async fn import_external(&self, games: &[ExternalGame]) -> Result<u64, sqlx::Error> {
        let _writing = match self {
            Db::Sqlite(_, writer) => Some(writer.lock().await),
            Db::Postgres(_) => None,
        };
        let mut inserted = 0;
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            for chunk in games.chunks(ROWS_PER_STATEMENT) {
                let sql = values_sql(
                    "INSERT INTO external_games (source, file, number, game, year, tournament, \
                     black_player, white_player, moves, finished, stored_score, final_score)",
                    12,
                    chunk.len(),
                ) + " ON CONFLICT (source, file, number) DO NOTHING";
                let mut query = sqlx::query(&sql);
                for g in chunk {
                    query = query
                        .bind(&g.source)
                        .bind(&g.file)
                        .bind(g.number)
                        .bind(&g.game)
                        .bind(g.year)
                        .bind(g.tournament)
                        .bind(g.black_player)
                        .bind(g.white_player)
                        .bind(&g.moves)
                        .bind(i64::from(g.finished))
                        .bind(g.stored_score)
                        .bind(g.final_score);
                }
                inserted += query.execute(&mut *tx).await?.rows_affected();
            }
            tx.commit().await?;
        });
        Ok(inserted)
    }

    /// How many games of `source` are imported.
    pub async fn count_external(&self, source: &str) -> Result<i64, sqlx::Error> {
        on_pool!(self, pool => sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM external_games WHERE source = $1",
        )
        .bind(source)
        .fetch_one(pool)
        .await)
    }
}
