//! `ply records analyze --db URL`: reviews every stored game that has no review yet
//! (`ply_core::review` at each game's default budget), on every core, and stores the reviews
//! beside the records. Resumable: reviews are stored a batch at a time and a stopped run leaves
//! its batch unreviewed. Several workers may share one PostgreSQL database (each claims its
//! records with `FOR UPDATE SKIP LOCKED`); on SQLite run one.

use anyhow::{Context, Result};
use ply_core::record::{GameRecord, parse_record};
use ply_core::review::judge::Reviewable;
use ply_core::review::{ReviewConfig, replay, review};
use ply_core::search::StopToken;
use serde_json::json;

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// Collector database: sqlite://FILE, a path to the SQLite file, or postgres://...
    #[arg(long)]
    pub db: String,
    /// Games reviewed at the same time (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Games claimed per batch (default: two per thread).
    #[arg(long)]
    pub batch: Option<usize>,
    /// Stop after this many games (default: until none is left).
    #[arg(long)]
    pub limit: Option<usize>,
    /// This worker's name in the stored reviews (default: ply-PID).
    #[arg(long)]
    pub worker: Option<String>,
    /// Search depth for positions no solver settles (default: each game's).
    #[arg(long)]
    pub depth: Option<u32>,
}

/// The review of one stored record as JSON; a record that does not replay gets an `error`
/// review, so it is not taken again and again.
pub fn review_body(body: &str, depth: Option<u32>) -> String {
    let record = match parse_record(body.as_bytes()) {
        Ok(r) => r,
        Err(e) => return json!({ "error": format!("the record does not parse: {e}") }).to_string(),
    };
    if record.game.is_multi_player() {
        return json!({ "error": format!("no review for {}, a multi-player game", record.game) })
            .to_string();
    }
    ply_core::with_game_kind!(record.game,
        two_player G => review_record::<G>(&record, depth),
        multi m => json!({ "error": crate::games::two_player_only(m).to_string() }).to_string())
}

fn review_record<G: Reviewable>(record: &GameRecord, depth: Option<u32>) -> String {
    let start = match &record.start_position {
        Some(text) => match G::parse_position(text) {
            Ok(p) => p,
            Err(e) => return json!({ "error": format!("start position: {e}") }).to_string(),
        },
        None => G::start(),
    };
    let start = match start.with_variant(&record.variant) {
        Ok(p) => p,
        Err(e) => return json!({ "error": format!("variant: {e}") }).to_string(),
    };
    let texts: Vec<String> = record.moves.iter().map(|m| m.notation.clone()).collect();
    let moves = match replay(&start, &texts) {
        Ok(m) => m,
        Err(e) => return json!({ "error": e.to_string() }).to_string(),
    };
    let defaults = G::review_config();
    // One game per core is already every core: each review's solves keep to one thread.
    let config = ReviewConfig {
        depth: depth.unwrap_or(defaults.depth),
        threads: 1,
        ..defaults
    };
    let r = review(&start, &moves, &config, &StopToken::new(), &mut |_, _| {});
    serde_json::to_string(&r).unwrap_or_else(|e| json!({ "error": e.to_string() }).to_string())
}

pub async fn analyze(args: AnalyzeArgs) -> Result<()> {
    let db = super::open(&args.db).await?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let batch = args.batch.unwrap_or(2 * threads).max(1);
    let worker = args
        .worker
        .clone()
        .unwrap_or_else(|| format!("ply-{}", std::process::id()));
    let mut reviewed = 0usize;
    let mut stored = 0u64;
    loop {
        let want = args
            .limit
            .map_or(batch, |l| batch.min(l.saturating_sub(reviewed)));
        if want == 0 {
            break;
        }
        let claim = db
            .claim_unreviewed(i64::try_from(want).unwrap_or(i64::MAX))
            .await
            .context("claiming unreviewed games")?;
        if claim.records.is_empty() {
            claim.abandon().await?;
            break;
        }
        let bar = crate::progress::bar(claim.records.len() as u64, "games reviewed", false);
        bar.set_message(format!("batch after {reviewed}: "));
        let reviews = review_all(&claim.records, threads, args.depth, &bar);
        bar.finish_and_clear();
        reviewed += reviews.len();
        stored += claim
            .finish(&db, &worker, &reviews, ply_core::record::now_ms() as i64)
            .await
            .context("storing reviews")?;
        eprintln!("reviewed {reviewed} games");
    }
    eprintln!(
        "{reviewed} games reviewed, {stored} reviews stored, {} in the database",
        db.count_reviews().await?
    );
    db.close().await;
    Ok(())
}

/// Reviews `(seq, body)` records on `threads` threads, in the order given.
fn review_all(
    records: &[(i64, String)],
    threads: usize,
    depth: Option<u32>,
    bar: &indicatif::ProgressBar,
) -> Vec<(i64, String)> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut out: Vec<Option<String>> = vec![None; records.len()];
    let results = std::sync::Mutex::new(&mut out);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(records.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((_, body)) = records.get(i) else {
                        break;
                    };
                    let review = review_body(body, depth);
                    bar.inc(1);
                    if let Ok(mut slots) = results.lock() {
                        slots[i] = Some(review);
                    }
                }
            });
        }
    });
    records
        .iter()
        .zip(out)
        .filter_map(|((seq, _), r)| r.map(|r| (*seq, r)))
        .collect()
}
