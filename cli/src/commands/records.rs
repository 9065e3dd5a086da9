//! `ply records`: reads a collector database (the server's SQLite file or PostgreSQL, through
//! `ply_server::Db`) to export the stored games or summarise them.
//!
//! - `ply records export --db sqlite://ply.db --format jsonl|csv|wthor|pdn|transcript [--game G]
//!   [--out FILE]`: the records as stored, a CSV table, or each game in its field's own format
//!   (a WTHOR `.wtb` database of the Othello games, PDN of the draughts games, one move string a
//!   line for Othello and Connect Four)
//! - `ply records stats --db sqlite://ply.db [--charts DIR]`: tables on stdout and two SVG charts
//!   (`results-by-engine.svg`, `nodes-per-move.svg`).

mod charts;
mod csv;

use anyhow::{Context, Result, bail};
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
    /// The games this format holds (`None`: every game).
    fn games(self) -> Option<&'static [ply_core::games::GameKind]> {
        use ply_core::games::GameKind::*;
        match self {
            Format::Jsonl | Format::Csv => None,
            Format::Wthor => Some(&[Othello]),
            Format::Pdn => Some(&[Checkers]),
            Format::Transcript => Some(&[Othello, Connect4]),
        }
    }
}

#[derive(clap::Args)]
pub struct StatsArgs {
    /// Collector database: sqlite://FILE, a path to the SQLite file, or postgres://...
    #[arg(long)]
    pub db: String,
    /// Directory for the SVG charts.
    #[arg(long, default_value = ".")]
    pub charts: PathBuf,
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
        }
    })
}

/// Opens the database, refusing to create a missing SQLite file (this command only reads).
async fn open(url: &str) -> Result<Db> {
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
    if args.format == Format::Wthor && args.out.is_none() {
        bail!("--format wthor writes a binary file: give it --out FILE.wtb");
    }
    if let (Some(game), Some(held)) = (args.game, args.format.games())
        && !held.contains(&game)
    {
        bail!(
            "--format {:?} holds {} games, not {}",
            args.format,
            held.iter()
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
    let game = args.game.map(|g| g.name());
    let mut since = 0;
    let mut count = 0usize;
    let mut other_games = 0usize;
    let mut refused = Vec::new();
    let mut wthor_games = Vec::new();
    let mut first_end_ms = None;
    loop {
        let page = db.export_page(since, game, 500).await?;
        for (seq, body) in &page.records {
            if args.format == Format::Jsonl {
                writeln!(out, "{body}")?;
                count += 1;
                continue;
            }
            let record = ply_core::record::parse_record(body.as_bytes())
                .with_context(|| format!("stored record #{seq} does not parse"))?;
            if args
                .format
                .games()
                .is_some_and(|g| !g.contains(&record.game))
            {
                other_games += 1;
                continue;
            }
            match args.format {
                Format::Jsonl => {}
                Format::Csv => writeln!(out, "{}", csv::row(&record))?,
                Format::Pdn => writeln!(out, "{}", ply_core::record::standard_notation(&record))?,
                Format::Transcript => {
                    writeln!(out, "{}", ply_core::record::standard_notation(&record))?
                }
                Format::Wthor => {
                    match ply_core::record::wthor::encode_game(&record, Default::default()) {
                        Ok(g) => {
                            first_end_ms.get_or_insert(record.ended_at_ms);
                            wthor_games.push(g);
                        }
                        Err(e) => {
                            refused.push(e.to_string());
                            continue;
                        }
                    }
                }
            }
            count += 1;
        }
        since = page.next_cursor;
        if !page.more {
            break;
        }
    }
    if args.format == Format::Wthor {
        let (year, month, day) = civil_date(ply_core::record::now_ms());
        let header = ply_core::record::wthor::WthorHeader {
            created: (year, month, day),
            // A WTHOR file holds one year; the games' year is that of the first one.
            year: first_end_ms.map_or(year, |ms| civil_date(ms).0),
            depth: 0,
        };
        out.write_all(&ply_core::record::wthor::encode_file(header, &wthor_games)?)?;
    }
    out.flush()?;
    eprintln!("exported {count} records");
    if other_games > 0 {
        eprintln!(
            "skipped {other_games} records of games --format {:?} does not hold",
            args.format
        );
    }
    for reason in &refused {
        eprintln!("skipped {reason}");
    }
    db.close().await;
    Ok(())
}

/// Year, month and day (UTC) of a unix time in milliseconds (Hinnant's days-to-civil).
fn civil_date(ms: u64) -> (u16, u8, u8) {
    let days = (ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year as u16, month as u8, day as u8)
}

async fn stats(args: StatsArgs) -> Result<()> {
    let db = open(&args.db).await?;
    let stats = db
        .stats_with(StatsQuery {
            include_custom_starts: args.include_custom_starts,
        })
        .await?;
    db.close().await;
    println!("{} records from {} devices\n", stats.records, stats.devices);
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

    std::fs::create_dir_all(&args.charts)?;
    let results_path = args.charts.join("results-by-engine.svg");
    std::fs::write(&results_path, charts::results_chart(&stats.results))?;
    let nodes_path = args.charts.join("nodes-per-move.svg");
    std::fs::write(&nodes_path, charts::nodes_chart(&stats.nodes_by_phase))?;
    println!(
        "\ncharts: {} {}",
        results_path.display(),
        nodes_path.display()
    );
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn civil_dates_of_known_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        // 2000-02-29 (a leap day in a century leap year) and 2026-11-24.
        assert_eq!(civil_date(951_782_400_000), (2000, 2, 29));
        assert_eq!(civil_date(1_795_478_400_000), (2026, 11, 24));
        assert_eq!(civil_date(1_795_478_400_000 - 1), (2026, 11, 23));
    }
}
