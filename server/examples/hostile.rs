//! Benchmark (not a test) of the collector under attack, side by side in one run:
//!
//! 1. an honest, established device uploads a batch of five games every 500 ms, first alone,
//!    then while 32 hostile clients attack (8 registering fresh tokens and uploading a full
//!    body of Focus records with each, 8 guessing tokens, 8 holding half-sent bodies, 8 holding silent connections); its
//!    p50 and p99 upload latency are printed for both phases, with what the attack achieved;
//! 2. `GET /v1/stats` on a collection of `--stats-moves` computer moves (the move rows the
//!    server once summed at each request are no longer stored; `move_totals` holds the sums).
//!
//! ```text
//! cargo run --release -p ply-server --example hostile -- [--secs 20] [--stats-moves 1000000]
//!     [--db sqlite|postgres]
//! ```
//! Everything runs on loopback (127.0.0.1); every attacker stops when its phase ends.

// A benchmark run by hand: a failed setup (the database, the server, a client) ends it with
// its reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ply_core::games::GameKind;
use ply_core::record::{GameRecord, validate};
use ply_core::sync::wire::RegisterDeviceResponse;
use ply_server::Config;
use ply_server::db::{Db, NewDevice, StoredRecord};
use ply_server::ingest;
use ply_server::testing::games::{Seats, play_kind};
use ply_server::testing::{RunningServer, TempDatabase, percentile};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

const ADMIN: &str = "plyadmin_0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab";

struct Args {
    secs: u64,
    stats_moves: usize,
    db: String,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        secs: 20,
        stats_moves: 1_000_000,
        db: "sqlite".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--secs" => args.secs = value()?.parse().map_err(|e| format!("--secs: {e}"))?,
            "--stats-moves" => {
                args.stats_moves = value()?
                    .parse()
                    .map_err(|e| format!("--stats-moves: {e}"))?
            }
            "--db" => args.db = value()?,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(args)
}

fn database(kind: &str) -> Result<TempDatabase, String> {
    match kind {
        "sqlite" => TempDatabase::sqlite().map_err(|e| e.to_string()),
        "postgres" => TempDatabase::postgres_from_env("hostile")
            .ok_or_else(|| "set PLY_TEST_POSTGRES_URL for --db postgres".to_owned()),
        other => Err(format!("--db sqlite|postgres, not '{other}'")),
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::new_with_config(
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build(),
    )
}

fn rows(records: &[GameRecord]) -> Vec<StoredRecord> {
    records
        .iter()
        .map(|r| ingest::to_row(r, &validate(r).expect("valid")).expect("row"))
        .collect()
}

fn games(kind: GameKind, n: usize, seed: u64) -> Vec<GameRecord> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n)
        .map(|_| play_kind(kind, &mut rng, Seats::ComputerVsComputer))
        .collect()
}

/// An honest device stored 300 games two days ago (so it is established, with the largest daily
/// allowance) and has its own token; returns the token.
fn established_device(rt: &tokio::runtime::Runtime, url: &str) -> Result<String, String> {
    let token = ply_server::auth::new_token();
    rt.block_on(async {
        let db = Db::connect(url).await.map_err(|e| e.to_string())?;
        db.insert_device(&NewDevice {
            id: "honest".into(),
            token_sha256: ply_server::auth::sha256_hex(token.as_bytes()),
            platform: "android".into(),
            app_version: "1.0".into(),
            created_at_ms: 0,
        })
        .await
        .map_err(|e| e.to_string())?;
        let two_days_ago = ply_core::record::now_ms() as i64 - 2 * ply_server::budget::DAY_MS;
        db.store_batch(
            "honest",
            &rows(&games(GameKind::ConnectFour, 300, 1)),
            two_days_ago,
        )
        .await
        .map_err(|e| e.to_string())?;
        db.close().await;
        Ok::<_, String>(())
    })?;
    Ok(token)
}

/// Uploads five fresh games every 500 ms for `secs` (within a day's allowance for both phases
/// of a 20 s run); the latencies of its answers, and how many were not a 200.
fn honest(url: &str, token: &str, secs: u64, seed: u64) -> (Vec<Duration>, usize) {
    let agent = agent();
    let pool: Vec<String> = games(GameKind::ConnectFour, 200, seed)
        .iter()
        .map(|g| g.to_json().expect("json"))
        .collect();
    let (mut latencies, mut failed) = (Vec::new(), 0);
    let end = Instant::now() + Duration::from_secs(secs);
    for chunk in pool.chunks(5).cycle() {
        if Instant::now() >= end {
            break;
        }
        let body = format!("{{\"records\":[{}]}}", chunk.join(","));
        let started = Instant::now();
        let status = agent
            .post(format!("{url}/v1/games"))
            .header("Authorization", format!("Bearer {token}"))
            .content_type("application/json")
            .send(body.as_str())
            .map(|r| r.status().as_u16());
        latencies.push(started.elapsed());
        if !matches!(status, Ok(200)) {
            failed += 1;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    latencies.sort();
    (latencies, failed)
}

/// What the attackers achieved.
#[derive(Default)]
struct Attack {
    registered: AtomicUsize,
    uploads: AtomicUsize,
    stored: AtomicUsize,
    guesses: AtomicUsize,
    held: AtomicUsize,
}

fn random_id(rng: &mut SmallRng) -> String {
    let n: u128 = rng.random();
    let hex = format!("{n:032x}");
    format!(
        "{}-{}-4{}-8{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    )
}

fn rotator(url: &str, records: &[Value], stop: &AtomicBool, out: &Attack, seed: u64) {
    let agent = agent();
    let mut rng = SmallRng::seed_from_u64(seed);
    while !stop.load(Ordering::Relaxed) {
        let token = agent
            .post(format!("{url}/v1/devices"))
            .content_type("application/json")
            .send(r#"{"platform":"other","app_version":"6.6.6"}"#)
            .ok()
            .filter(|r| r.status() == 201)
            .and_then(|mut r| r.body_mut().read_to_vec().ok())
            .and_then(|b| serde_json::from_slice::<RegisterDeviceResponse>(&b).ok());
        let token = match token {
            Some(r) => {
                out.registered.fetch_add(1, Ordering::Relaxed);
                r.token
            }
            // Out of registrations: keep uploading with the last address's luck.
            None => ply_server::auth::new_token(),
        };
        let batch: Vec<Value> = records
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r["id"] = json!(random_id(&mut rng));
                r
            })
            .collect();
        let reply = agent
            .post(format!("{url}/v1/games"))
            .header("Authorization", format!("Bearer {token}"))
            .content_type("application/json")
            .send(json!({ "records": batch }).to_string().as_str());
        out.uploads.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut r) = reply
            && r.status() == 200
            && let Ok(body) = r.body_mut().read_to_string()
        {
            out.stored
                .fetch_add(body.matches("\"accepted\"").count(), Ordering::Relaxed);
        }
    }
}

fn guesser(url: &str, stop: &AtomicBool, out: &Attack) {
    let agent = agent();
    while !stop.load(Ordering::Relaxed) {
        let _ = agent
            .post(format!("{url}/v1/games"))
            .header(
                "Authorization",
                format!("Bearer {}", ply_server::auth::new_token()),
            )
            .content_type("application/json")
            .send(r#"{"records":[]}"#);
        out.guesses.fetch_add(1, Ordering::Relaxed);
    }
}

/// Opens a connection and holds it until the server closes it: with `partial`, after headers
/// announcing a 1 MiB registration and a few bytes of it; else silent.
fn holder(addr: &str, partial: bool, stop: &AtomicBool, out: &Attack) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = TcpStream::connect(addr) else {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
        if partial {
            let _ = write!(
                stream,
                "POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                 Content-Length: 1048576\r\nAuthorization: Bearer ply_x\r\n\r\n{{\"rec"
            );
        }
        out.held.fetch_add(1, Ordering::Relaxed);
        let mut buf = [0u8; 512];
        while !stop.load(Ordering::Relaxed) {
            match stream.read(&mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => break,
            }
        }
    }
}

fn report(name: &str, latencies: &[Duration], failed: usize) {
    println!(
        "| {name} | {} | {:.1} | {:.1} | {failed} |",
        latencies.len(),
        percentile(latencies, 50.0).as_secs_f64() * 1000.0,
        percentile(latencies, 99.0).as_secs_f64() * 1000.0,
    );
}

fn attack_phase(args: &Args, rt: &tokio::runtime::Runtime) -> Result<(), String> {
    let db = database(&args.db)?;
    let token = established_device(rt, &db.url)?;
    let config = Config {
        admin_token: Some(ADMIN.to_owned()),
        ..Config::default()
    };
    let server = RunningServer::start(&db.url, config)?;
    let url = server.url.clone();
    let addr = server.addr.to_string();
    println!(
        "## Honest uploads, alone and under attack ({}, {} s each)\n",
        args.db, args.secs
    );
    println!("| phase | batches | p50 ms | p99 ms | not 200 |");
    println!("| --- | --- | --- | --- | --- |");
    let (alone, failed) = honest(&url, &token, args.secs, 2);
    report("alone", &alone, failed);

    // As many Focus records (the longest games) as one upload body holds, up to 50.
    let mut size = 0;
    let big: Vec<Value> = games(GameKind::Focus, 50, 3)
        .iter()
        .map(|g| serde_json::to_value(g).expect("json"))
        .take_while(|v| {
            size += v.to_string().len() + 1;
            size < ply_core::sync::wire::MAX_BATCH_BYTES - 1024
        })
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let attack = Arc::new(Attack::default());
    let mut threads = Vec::new();
    for i in 0..32u64 {
        let (stop, attack, url, addr, big) = (
            stop.clone(),
            attack.clone(),
            url.clone(),
            addr.clone(),
            big.clone(),
        );
        threads.push(std::thread::spawn(move || match i / 8 {
            0 => rotator(&url, &big, &stop, &attack, i),
            1 => guesser(&url, &stop, &attack),
            2 => holder(&addr, true, &stop, &attack),
            _ => holder(&addr, false, &stop, &attack),
        }));
    }
    std::thread::sleep(Duration::from_secs(1));
    let (attacked, failed) = honest(&url, &token, args.secs, 4);
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        let _ = t.join();
    }
    report("32 attackers", &attacked, failed);
    let p50 = |l: &[Duration]| percentile(l, 50.0).as_secs_f64();
    let p99 = |l: &[Duration]| percentile(l, 99.0).as_secs_f64();
    println!(
        "\nUnder attack / alone: p50 {:.2}x, p99 {:.2}x. The attack registered {} tokens, sent {} \
         full uploads and stored {} of them; {} token guesses; {} connections held.\n",
        p50(&attacked) / p50(&alone).max(1e-9),
        p99(&attacked) / p99(&alone).max(1e-9),
        attack.registered.load(Ordering::Relaxed),
        attack.uploads.load(Ordering::Relaxed),
        attack.stored.load(Ordering::Relaxed),
        attack.guesses.load(Ordering::Relaxed),
        attack.held.load(Ordering::Relaxed),
    );
    server.stop();
    Ok(())
}

fn stats_phase(args: &Args, rt: &tokio::runtime::Runtime) -> Result<(), String> {
    let db = database(&args.db)?;
    rt.block_on(async {
        let pool = Db::connect(&db.url).await.map_err(|e| e.to_string())?;
        pool.insert_device(&NewDevice {
            id: "bulk".into(),
            token_sha256: "0".repeat(64),
            platform: "cli".into(),
            app_version: "1".into(),
            created_at_ms: 0,
        })
        .await
        .map_err(|e| e.to_string())?;
        // Othello games between computers: every move carries statistics.
        let template = rows(&games(GameKind::Othello, 100, 5));
        let per_game: usize = template.iter().map(|r| r.moves.len()).sum::<usize>() / 100;
        let wanted = args.stats_moves.div_ceil(per_game.max(1));
        let started = Instant::now();
        let mut stored_moves = 0;
        let mut n = 0u64;
        while stored_moves < args.stats_moves {
            let batch: Vec<StoredRecord> = template
                .iter()
                .map(|r| {
                    n += 1;
                    StoredRecord {
                        id: format!("{:08x}-0000-4000-8000-{n:012x}", n),
                        body_sha256: format!("{n:064x}"),
                        ..r.clone()
                    }
                })
                .collect();
            stored_moves += batch.iter().map(|r| r.moves.len()).sum::<usize>();
            pool.store_batch("bulk", &batch, 0)
                .await
                .map_err(|e| e.to_string())?;
        }
        println!(
            "## /v1/stats at {stored_moves} computer moves ({}; {n} games, about {wanted} \
             wanted; filled in {:.0} s)\n",
            args.db,
            started.elapsed().as_secs_f64()
        );
        println!("| query | run 1 ms | run 2 ms | run 3 ms |");
        println!("| --- | --- | --- | --- |");
        let mut whole = Vec::new();
        for _ in 0..3 {
            let t = Instant::now();
            pool.stats().await.map_err(|e| e.to_string())?;
            whole.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        println!(
            "| every figure (`Db::stats`, what `GET /v1/stats` answers) | {:.0} | {:.0} | {:.0} |",
            whole[0], whole[1], whole[2]
        );
        pool.close().await;
        Ok::<_, String>(())
    })
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("hostile: {e}");
            std::process::exit(2);
        }
    };
    let rt = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("hostile: {e}");
            std::process::exit(1);
        }
    };
    let result = attack_phase(&args, &rt).and_then(|()| {
        if args.stats_moves > 0 {
            stats_phase(&args, &rt)
        } else {
            Ok(())
        }
    });
    if let Err(e) = result {
        eprintln!("hostile: {e}");
        std::process::exit(1);
    }
}
