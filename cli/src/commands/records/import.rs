//! `ply records import --db URL --format wthor FILE...`: games from outside the apps into the
//! collector's database, as games of a named source (`external_games`), apart from the
//! devices' records and every statistic of them. Idempotent: a game already imported (same
//! source, file name and place in the file) is left as it is.

use anyhow::{Context, Result, anyhow};
use ply_core::Game;
use ply_core::games::othello::Othello;
use ply_core::record::wthor::{black_score, decode_file};
use ply_server::db::ExternalGame;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ImportArgs {
    /// Collector database: sqlite://FILE, a path to the SQLite file, or postgres://...
    #[arg(long)]
    pub db: String,
    /// The files' format; WTHOR (`.wtb`, the French federation's archive) is the one read.
    #[arg(long, value_enum, default_value = "wthor")]
    pub format: ImportFormat,
    /// The name the games are stored under (default: the format's name).
    #[arg(long)]
    pub source: Option<String>,
    /// The files to import.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ImportFormat {
    Wthor,
}

/// The games of one WTHOR file as rows, passes written out.
fn wthor_rows(path: &PathBuf, source: &str) -> Result<Vec<ExternalGame>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file = decode_file(&bytes).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| anyhow!("{}: not a file name", path.display()))?;
    Ok(file
        .games
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let mut pos = Othello::start();
            let mut moves = String::with_capacity(2 * game.moves.len());
            for &mv in &game.moves {
                moves.push_str(&pos.format_move(mv));
                pos.play(mv);
            }
            ExternalGame {
                source: source.to_owned(),
                file: name.clone(),
                number: i as i64 + 1,
                game: "othello".into(),
                year: i64::from(file.header.year),
                tournament: i64::from(game.tags.tournament),
                black_player: i64::from(game.tags.black),
                white_player: i64::from(game.tags.white),
                moves,
                finished: game.finished(),
                stored_score: i64::from(game.stored_score),
                final_score: i64::from(black_score(&game.end)),
            }
        })
        .collect())
}

pub async fn import(args: ImportArgs) -> Result<()> {
    let ImportFormat::Wthor = args.format;
    let source = args.source.unwrap_or_else(|| "wthor".to_owned());
    if source.is_empty()
        || source.len() > 64
        || !source
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    {
        return Err(anyhow!(
            "--source must be 1 to 64 characters of [A-Za-z0-9._-]"
        ));
    }
    // Every file is read and replayed before anything is stored: a bad file stores nothing.
    let mut files = Vec::with_capacity(args.files.len());
    let bar = crate::progress::bar(args.files.len() as u64, "files read", false);
    for path in &args.files {
        files.push((path, wthor_rows(path, &source)?));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let db = super::open(&args.db).await?;
    let (mut total, mut new) = (0, 0);
    for (path, rows) in &files {
        let inserted = db.import_external(rows).await?;
        let unfinished = rows.iter().filter(|g| !g.finished).count();
        println!(
            "{}: {} games, {inserted} new ({unfinished} not played out)",
            path.display(),
            rows.len()
        );
        total += rows.len();
        new += inserted;
    }
    println!(
        "{total} games read, {new} new; {} games of source '{source}' stored",
        db.count_external(&source).await?
    );
    db.close().await;
    Ok(())
}
