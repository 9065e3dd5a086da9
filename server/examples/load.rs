//! Load benchmark (not a test): N concurrent clients each register and upload G games in
//! batches to an in-process `ply-server` on loopback, then the export is checked for zero lost
//! and zero duplicated games, and throughput and latency percentiles are printed.
//!
//! ```text
//! cargo run --release -p ply-server --example load -- [--clients 50] [--games 200]
//!     [--batch 20] [--db sqlite|postgres|URL] [--resend 0.1]
//! ```
//! `--db postgres` uses a fresh database on `PLY_TEST_POSTGRES_URL`; `--resend F` re-sends a
//! fraction F of the batches (which must come back as duplicates).

// A benchmark run by hand: a failed setup (the database, the server, a client) ends it with
// its reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use ply_core::games::GameKind;
use ply_core::record::GameRecord;
use ply_core::sync::wire::{RegisterDeviceResponse, UploadResponse, UploadStatus};
use ply_server::testing::games::{Seats, play_kind};
use ply_server::testing::{RunningServer, TempDatabase, percentile, unthrottled_config};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

struct Args {
    clients: usize,
    games: usize,
    batch: usize,
    db: String,
    resend: f64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        clients: 50,
        games: 200,
        batch: 20,
        db: "sqlite".into(),
        resend: 0.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--clients" => {
                args.clients = value()?.parse().map_err(|e| format!("--clients: {e}"))?
            }
            "--games" => args.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--batch" => args.batch = value()?.parse().map_err(|e| format!("--batch: {e}"))?,
            "--db" => args.db = value()?,
            "--resend" => args.resend = value()?.parse().map_err(|e| format!("--resend: {e}"))?,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if args.clients == 0 || args.games == 0 || args.batch == 0 {
        return Err("--clients, --games and --batch must be positive".into());
    }
    Ok(args)
}

fn agent() -> ureq::Agent {
    ureq::Agent::new_with_config(
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build(),
    )
}

struct ClientResult {
    latencies: Vec<Duration>,
    accepted: usize,
    duplicates: usize,
    rejected: usize,
    failed_requests: usize,
}

fn run_client(url: &str, games: &[String], batch: usize, resend: f64, seed: u64) -> ClientResult {
    let agent = agent();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = ClientResult {
        latencies: Vec::new(),
        accepted: 0,
        duplicates: 0,
        rejected: 0,
        failed_requests: 0,
    };
    let token = match agent
        .post(format!("{url}/v1/devices"))
        .content_type("application/json")
        .send(r#"{"platform":"cli","app_version":"0.1.0-load"}"#)
        .and_then(|mut r| r.body_mut().read_to_vec())
        .map_err(|e| e.to_string())
        .and_then(|bytes| {
            serde_json::from_slice::<RegisterDeviceResponse>(&bytes).map_err(|e| e.to_string())
        }) {
        Ok(r) => r.token,
        Err(e) => {
            eprintln!("registration failed: {e}");
            out.failed_requests += 1;
            return out;
        }
    };
    for chunk in games.chunks(batch) {
        let body = format!("{{\"records\":[{}]}}", chunk.join(","));
        let sends = if rng.random_bool(resend.clamp(0.0, 1.0)) {
            2
        } else {
            1
        };
        for _ in 0..sends {
            let started = Instant::now();
            let response = agent
                .post(format!("{url}/v1/games"))
                .header("Authorization", format!("Bearer {token}"))
                .content_type("application/json")
                .send(body.as_str());
            let elapsed = started.elapsed();
            match response {
                Ok(mut r) if r.status() == 200 => {
                    out.latencies.push(elapsed);
                    let parsed = r
                        .body_mut()
                        .read_to_vec()
                        .map_err(|e| e.to_string())
                        .and_then(|b| {
                            serde_json::from_slice::<UploadResponse>(&b).map_err(|e| e.to_string())
                        });
                    match parsed {
                        Ok(parsed) => {
                            for result in parsed.results {
                                match result.status {
                                    UploadStatus::Accepted => out.accepted += 1,
                                    UploadStatus::Duplicate => out.duplicates += 1,
                                    // The load run's config lifts the budgets; a deferral
                                    // here is a server fault worth counting.
                                    UploadStatus::Rejected
                                    | UploadStatus::Deferred
                                    | UploadStatus::Unknown => out.rejected += 1,
                                }
                            }
                        }
                        Err(e) => {
                            eprintln!("bad answer: {e}");
                            out.failed_requests += 1;
                        }
                    }
                }
                Ok(r) => {
                    eprintln!("upload answered {}", r.status());
                    out.failed_requests += 1;
                }
                Err(e) => {
                    eprintln!("upload failed: {e}");
                    out.failed_requests += 1;
                }
            }
        }
    }
    out
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let temp = match args.db.as_str() {
        "sqlite" => TempDatabase::sqlite().expect("temp dir"),
        "postgres" => {
            let base = std::env::var(ply_server::testing::POSTGRES_ENV)
                .expect("--db postgres needs PLY_TEST_POSTGRES_URL");
            TempDatabase::postgres(&base).expect("test database")
        }
        _ => {
            eprintln!("load: --db must be sqlite or postgres");
            std::process::exit(2);
        }
    };
    let total = args.clients * args.games;
    eprintln!("generating {total} games (Othello and Connect Four, random play)...");
    let started = Instant::now();
    let mut rng = SmallRng::seed_from_u64(42);
    let games: Vec<GameRecord> = (0..total)
        .map(|i| {
            let kind = if i % 2 == 0 {
                GameKind::Othello
            } else {
                GameKind::ConnectFour
            };
            play_kind(kind, &mut rng, Seats::ComputerVsComputer)
        })
        .collect();
    let json: Vec<String> = games.iter().map(|g| g.to_json().expect("json")).collect();
    let bytes: usize = json.iter().map(String::len).sum();
    eprintln!(
        "generated in {:.1} s, {:.1} KiB per game on average",
        started.elapsed().as_secs_f64(),
        bytes as f64 / total as f64 / 1024.0
    );

    let server = RunningServer::start(&temp.url, unthrottled_config("load-admin")).expect("server");
    let url = server.url.clone();

    let started = Instant::now();
    let results: Vec<ClientResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = json
            .chunks(args.games)
            .enumerate()
            .map(|(i, mine)| {
                let url = url.as_str();
                let (batch, resend) = (args.batch, args.resend);
                scope.spawn(move || run_client(url, mine, batch, resend, i as u64))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("client thread"))
            .collect()
    });
    let wall = started.elapsed();

    let mut latencies: Vec<Duration> = results.iter().flat_map(|r| r.latencies.clone()).collect();
    latencies.sort();
    let accepted: usize = results.iter().map(|r| r.accepted).sum();
    let duplicates: usize = results.iter().map(|r| r.duplicates).sum();
    let rejected: usize = results.iter().map(|r| r.rejected).sum();
    let failed: usize = results.iter().map(|r| r.failed_requests).sum();

    // Read everything back: each game exactly once.
    let agent = agent();
    let mut since = 0u64;
    let mut exported = Vec::new();
    loop {
        let mut r = agent
            .get(format!("{url}/v1/games?since={since}&limit=1000"))
            .header("Authorization", "Bearer load-admin")
            .call()
            .expect("export");
        let more = r.headers().get("x-more").is_some_and(|v| v == "true");
        since = r
            .headers()
            .get("x-next-cursor")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .unwrap_or(since);
        let text = r
            .body_mut()
            .with_config()
            .limit(1 << 30)
            .read_to_string()
            .expect("export body");
        exported.extend(
            text.lines()
                .map(|l| serde_json::from_str::<GameRecord>(l).expect("record")),
        );
        if !more {
            break;
        }
    }
    server.stop();
    let exported_ids: BTreeSet<&str> = exported.iter().map(|g| g.id.as_str()).collect();
    let sent_ids: BTreeSet<&str> = games.iter().map(|g| g.id.as_str()).collect();
    let lost = sent_ids.difference(&exported_ids).count();
    let duplicated = exported.len() - exported_ids.len();
    let equal = {
        let mut a: Vec<&GameRecord> = exported.iter().collect();
        let mut b: Vec<&GameRecord> = games.iter().collect();
        a.sort_by_key(|g| &g.id);
        b.sort_by_key(|g| &g.id);
        a == b
    };

    println!("backend            {}", temp.backend);
    println!(
        "clients x games    {} x {} (batch {})",
        args.clients, args.games, args.batch
    );
    println!("requests           {} ok, {failed} failed", latencies.len());
    println!("results            {accepted} accepted, {duplicates} duplicate, {rejected} rejected");
    println!(
        "stored             {} ({lost} lost, {duplicated} duplicated, export equals sent: {equal})",
        exported.len()
    );
    println!("wall time          {:.2} s", wall.as_secs_f64());
    println!(
        "throughput         {:.0} games/s, {:.0} requests/s",
        accepted as f64 / wall.as_secs_f64(),
        latencies.len() as f64 / wall.as_secs_f64()
    );
    println!(
        "latency per batch  p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&latencies, 50.0).as_secs_f64() * 1000.0,
        percentile(&latencies, 99.0).as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0
    );
    // Exit skips destructors: remove the throw-away database first.
    drop(temp);
    if lost != 0 || duplicated != 0 || !equal || failed != 0 || rejected != 0 {
        eprintln!(
            "load: FAILED: lost {lost}, duplicated {duplicated}, failed requests {failed}, rejected {rejected}"
        );
        std::process::exit(1);
    }
}
