//! `ply records`: reads a collector database (the server's SQLite file or PostgreSQL, through
//! `ply_server::Db`) to export the stored games or summarise them.
//!
//! - `ply records export --db sqlite://ply.db --format jsonl|csv|wthor|pdn|transcript [--game G]
//!   [--out FILE]`: the records as stored, a CSV table, or each game in its field's own format
//!   (a WTHOR `.wtb` database of the Othello games, PDN of the draughts games, one move string a
//!   line for Othello and Connect Four)
//! - `ply records stats --db sqlite://ply.db [--charts DIR]`: tables on stdout and, with `--charts`, the SVG charts
//!   of `ply_server::charts` (`results.svg`, `nodes.svg`, `levels.svg`, `accuracy.svg`): results
//!   and nodes per move by engine, and people against each engine level (the level's Elo, their
//!   accuracy) and by game phase.
//! - `ply records analyze --db URL`: reviews the games not reviewed yet and stores the reviews.
//! - `ply records import --db URL --format wthor FILE...`: games from outside the apps, apart
//!   from the devices' games (`external_games`).

mod analyze;
mod csv;
mod import;

use ply_server::charts;

use anyhow::{Context, Result, bail};
use ply_core::record::export::{FieldFormat, export_field_with_comments};
use ply_server::Db;
use ply_server::db::StatsQuery;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: RecordsCommand,
}

#[derive(clap::Subcommand)]
pub enum RecordsCommand {
    /// Write every stored game, oldest first: JSON lines (the records as stored) or CSV.
    Export(ExportArgs),
    /// Print counts, results by engine and depth, nodes per move; write SVG charts.
    Stats(StatsArgs),
    /// Review every stored game not yet reviewed, on every core, and store the reviews.
    Analyze(analyze::AnalyzeArgs),
    /// Import games from outside the apps (WTHOR files) as games of a named source, kept
    /// apart from the devices' games in every statistic.
    Import(import::ImportArgs),
}

#[derive(clap::Args)]
pub struct ExportArgs {
    /// Collector database: sqlite://FILE, a path to the SQLite file, or postgres://...
    #[arg(long)]
    pub db: String,
    #[arg(long, value_enum, default_value = "jsonl")]
    pub format: Format,
    /// Only games of this kind (othello, connect4, checkers).
    #[arg(long)]
    pub game: Option<ply_core::games::GameKind>,
    /// Output file (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// With --format pdn or transcript: each game's stored review (`ply records analyze`) as a
    /// comment after each move.
    #[arg(long)]
    pub reviews: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Jsonl,
    Csv,
    /// Othello games as a WTHOR database (binary: needs --out).
    Wthor,
    /// Draughts games as PDN.
    Pdn,
    /// Othello and Connect Four games, one move string a line.
    Transcript,
}

impl Format {
    /// The field's format this is, if it is one (shared with the collector's export).
    fn field(self) -> Option<FieldFormat> {
        match self {
            Format::Jsonl | Format::Csv => None,
            Format::Wthor => Some(FieldFormat::Wthor),
            Format::Pdn => Some(FieldFormat::Pdn),
            Format::Transcript => Some(FieldFormat::Transcript),
        }
    }
}

#[derive(clap::Args)]
pub struct StatsArgs {
    /// Collector database: sqlite://FILE, a path to the SQLite file, or postgres://...
    #[arg(long)]
    pub db: String,
    /// Write the SVG charts into this directory (none without it).
    #[arg(long)]
    pub charts: Option<PathBuf>,
    /// Count games from set-up positions (FFO, XOT, puzzles) in the results too.
    #[arg(long)]
    pub include_custom_starts: bool,
}

pub fn run(args: Args) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        match args.command {
            RecordsCommand::Export(a) => export(a).await,
            RecordsCommand::Stats(a) => stats(a).await,
            RecordsCommand::Analyze(a) => analyze::analyze(a).await,
            RecordsCommand::Import(a) => import::import(a).await,
        }
    })
}

/// Opens the database, refusing to create a missing SQLite file (this command only reads).
pub(crate) async fn open(url: &str) -> Result<Db> {
    let is_pg = url.starts_with("postgres://") || url.starts_with("postgresql://");
    if !is_pg && !url.contains(":memory:") {
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        let path = path.split('?').next().unwrap_or(path);
        if !Path::new(path).is_file() {
            bail!("no collector database at {path}");
        }
    }
    Db::connect_with(url, 2)
        .await
        .with_context(|| format!("cannot open {url}"))
}

async fn export(args: ExportArgs) -> Result<()> {
    let field = args.format.field();
    if field == Some(FieldFormat::Wthor) && args.out.is_none() {
        bail!("--format wthor writes a binary file: give it --out FILE.wtb");
    }
    if let (Some(game), Some(f)) = (args.game, field)
        && !f.holds().contains(&game)
    {
        bail!(
            "--format {} holds {} games, not {}",
            f.name(),
            f.holds()
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(" and "),
            game.name()
        );
    }
    let db = open(&args.db).await?;
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create {}", path.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    if args.format == Format::Csv {
        writeln!(out, "{}", csv::HEADER.join(","))?;
    }
    if args.reviews && !matches!(field, Some(FieldFormat::Pdn | FieldFormat::Transcript)) {
        bail!("--reviews goes with --format pdn or transcript (the formats with comments)");
    }
    let game = args.game.map(|g| g.name());
    let mut since = 0;
    let mut count = 0usize;
    // The field's formats take the whole collection at once (a WTHOR file has one header).
    let mut records = Vec::new();
    let mut comments: Vec<Vec<String>> = Vec::new();
    loop {
        let page = db.export_page(since, game, 500).await?;
        let reviews: std::collections::HashMap<i64, String> = if args.reviews {
            let until = page.records.last().map_or(since, |(seq, _)| *seq);
            db.reviews_between(since, until)
                .await?
                .into_iter()
                .collect()
        } else {
            Default::default()
        };
        for (seq, body) in &page.records {
            if args.format == Format::Jsonl {
                writeln!(out, "{body}")?;
                count += 1;
                continue;
            }
            let record = ply_core::record::parse_record(body.as_bytes())
                .with_context(|| format!("stored record #{seq} does not parse"))?;
            if args.format == Format::Csv {
                writeln!(out, "{}", csv::row(&record))?;
                count += 1;
            } else {
                records.push(record);
                comments.push(
                    reviews
                        .get(seq)
                        .and_then(|json| ply_core::review::move_comments(json).ok())
                        .unwrap_or_default(),
                );
            }
        }
        since = page.next_cursor;
        if !page.more {
            break;
        }
    }
    if let Some(f) = field {
        let annotated = records.iter().zip(comments.iter().map(Vec::as_slice));
        let exported = export_field_with_comments(f, annotated, ply_core::record::now_ms());
        out.write_all(&exported.bytes)?;
        count = exported.games;
        if exported.other_games > 0 {
            eprintln!(
                "skipped {} records of games --format {} does not hold",
                exported.other_games,
                f.name()
            );
        }
        for reason in &exported.refused {
            eprintln!("skipped {reason}");
        }
    }
    out.flush()?;
    eprintln!("exported {count} records");
    db.close().await;
    Ok(())
}

async fn stats(args: StatsArgs) -> Result<()> {
    let db = open(&args.db).await?;
    let stats = db
        .stats_with(StatsQuery {
            include_custom_starts: args.include_custom_starts,
        })
        .await?;
    db.close().await;
    println!(
        "{} from {}\n",
        plural(stats.records as u64, "record", "records"),
        plural(stats.devices as u64, "device", "devices")
    );
    let skipped = stats.skipped;
    if skipped.player_rows > 0 || skipped.move_rows > 0 {
        eprintln!(
            "warning: left out {} seat rows and {} move rows whose numbers are out of bounds \
             (stored before validation bounded them, or by hand)",
            skipped.player_rows, skipped.move_rows
        );
    }

    print_table(
        &["game", "variant", "records"],
        stats
            .games
            .iter()
            .map(|g| vec![g.game.clone(), g.variant.clone(), g.records.to_string()]),
    );
    let from = if stats.results_include_custom_starts {
        format!(
            "all starts, {} from set-up positions",
            stats.custom_start_records
        )
    } else {
        format!(
            "standard start only; {} games from set-up positions left out",
            stats.custom_start_records
        )
    };
    println!("\nresults by engine and depth (one row per seat played; {from})");
    print_table(
        &[
            "game", "engine", "depth", "games", "wins", "draws", "losses", "win %", "score %",
        ],
        stats.results.iter().map(|r| {
            vec![
                r.game.clone(),
                r.engine.clone(),
                r.depth.to_string(),
                r.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                format!("{:.1}", 100.0 * r.win_rate),
                format!("{:.1}", 100.0 * r.score_rate),
            ]
        }),
    );
    println!("\nnodes per computer move by algorithm and depth");
    print_table(
        &["game", "algorithm", "depth", "moves", "avg nodes", "avg ms"],
        stats.nodes_per_move.iter().map(|r| {
            vec![
                r.game.clone(),
                r.engine.clone(),
                r.depth.to_string(),
                r.moves.to_string(),
                format!("{:.0}", r.avg_nodes),
                format!("{:.1}", r.avg_time_ms),
            ]
        }),
    );
    println!("\nnodes per computer move by algorithm and game phase");
    print_table(
        &["game", "algorithm", "phase", "moves", "avg nodes"],
        stats.nodes_by_phase.iter().map(|r| {
            vec![
                r.game.clone(),
                r.engine.clone(),
                r.phase.clone(),
                r.moves.to_string(),
                format!("{:.0}", r.avg_nodes),
            ]
        }),
    );

    println!("\npeople against each engine level (the level's Elo relative to them, 95% interval)");
    print_table(
        &[
            "game",
            "level",
            "games",
            "wins",
            "draws",
            "losses",
            "score %",
            "level Elo",
            "reviewed",
            "accuracy",
            "errors %",
        ],
        stats.human_by_level.iter().map(|r| {
            vec![
                r.game.clone(),
                r.level.to_string(),
                r.games.to_string(),
                r.human_wins.to_string(),
                r.human_draws.to_string(),
                r.human_losses.to_string(),
                format!("{:.1}", 100.0 * r.human_score_rate),
                r.level_elo.display(),
                r.reviewed_moves.to_string(),
                r.human_accuracy
                    .map_or_else(|| "-".to_owned(), |a| format!("{a:.1}")),
                r.human_error_rate
                    .map_or_else(|| "-".to_owned(), |e| format!("{:.1}", 100.0 * e)),
            ]
        }),
    );
    println!("\npeople's reviewed moves by game phase");
    print_table(
        &[
            "game",
            "phase",
            "moves",
            "accuracy",
            "inaccuracies",
            "mistakes",
            "blunders",
        ],
        stats.human_by_phase.iter().map(|r| {
            vec![
                r.game.clone(),
                r.phase.clone(),
                r.moves.to_string(),
                format!("{:.1}", r.accuracy),
                r.inaccuracies.to_string(),
                r.mistakes.to_string(),
                r.blunders.to_string(),
            ]
        }),
    );

    let Some(dir) = &args.charts else {
        println!("\ncharts: --charts DIR writes them as SVG");
        return Ok(());
    };
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for name in charts::CHARTS {
        let svg =
            charts::chart(name, &stats).ok_or_else(|| anyhow::anyhow!("no chart named {name}"))?;
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, svg)?;
        written.push(path.display().to_string());
    }
    println!("\ncharts: {}", written.join(" "));
    Ok(())
}

/// `n` and the noun, singular for one.
fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Left-aligned text, right-aligned numbers, columns as wide as their widest cell.
fn print_table(header: &[&str], rows: impl Iterator<Item = Vec<String>>) {
    let rows: Vec<Vec<String>> = rows.collect();
    if rows.is_empty() {
        println!("(none)");
        return;
    }
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let line = |cells: Vec<String>| {
        let parts: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| {
                if c.parse::<f64>().is_ok() {
                    format!("{c:>w$}", w = *w)
                } else {
                    format!("{c:<w$}", w = *w)
                }
            })
            .collect();
        println!("{}", parts.join("  ").trim_end());
    };
    line(header.iter().map(|h| h.to_string()).collect());
    line(widths.iter().map(|w| "-".repeat(*w)).collect());
    for row in rows {
        line(row);
    }
}
