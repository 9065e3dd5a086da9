//! Benchmark (not a test): an honest device's uploads, alone and during each attack of issue 47,
//! one attack at a time on a fresh server with the default limits.
//!
//! An established device (300 games stored two days ago) uploads three fresh games every
//! 250 ms from 127.0.0.1, `--secs` alone and then `--secs` while one attack runs from other
//! loopback addresses (127.0.0.0/8 is all loopback on Linux). Everything runs in this process
//! on the machine's cores, the attackers' own work included, so the slowdown is an upper bound.
//!
//! ```text
//! cargo run --release -p ply-server --example attacks -- [--secs 10] [--db sqlite|postgres]
//!     [--attack NAME]...
//! ```
//! Attacks: `bodies` (slow 1 MiB bodies from 24 addresses), `unread` (clients pipelining and
//! never reading), `farm` (50 established devices on 10 addresses uploading full batches),
//! `stats` (the admin reading statistics and charts of a flooded collection), `registrations`
//! (50 addresses registering), `guess` (device and admin tokens guessed from 8 addresses),
//! `healthz` (64 clients calling /healthz), `smuggle` (requests naming both Content-Length and
//! chunked).

// A benchmark run by hand: a failed setup (the database, the server, a client) ends it with
// its reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ply_core::games::GameKind;
use ply_core::record::{GameRecord, validate};
use ply_server::Config;
use ply_server::db::{Db, NewDevice, StoredRecord};
use ply_server::ingest;
use ply_server::testing::games::{Seats, play_kind};
use ply_server::testing::{RunningServer, TempDatabase, percentile};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::Mutex;

const ADMIN: &str = "plyadmin_0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab";
const ATTACKS: [&str; 8] = [
    "bodies",
    "unread",
    "farm",
    "stats",
    "registrations",
    "guess",
    "healthz",
    "smuggle",
];

struct Args {
    secs: u64,
    db: String,
    attacks: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        secs: 10,
        db: "sqlite".into(),
        attacks: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--secs" => args.secs = value()?.parse().map_err(|e| format!("--secs: {e}"))?,
            "--db" => args.db = value()?,
            "--attack" => {
                let name = value()?;
                if !ATTACKS.contains(&name.as_str()) {
                    return Err(format!("--attack: one of {}", ATTACKS.join(", ")));
                }
                args.attacks.push(name);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if args.attacks.is_empty() {
        args.attacks = ATTACKS.iter().map(|a| (*a).to_owned()).collect();
    }
    Ok(args)
}

fn database(kind: &str) -> Result<TempDatabase, String> {
    match kind {
        "sqlite" => TempDatabase::sqlite().map_err(|e| e.to_string()),
        "postgres" => TempDatabase::postgres_from_env("attacks")
            .ok_or_else(|| "set PLY_TEST_POSTGRES_URL for --db postgres".to_owned()),
        other => Err(format!("--db sqlite|postgres, not '{other}'")),
    }
}

fn games(kind: GameKind, n: usize, seed: u64) -> Vec<GameRecord> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n)
        .map(|_| play_kind(kind, &mut rng, Seats::ComputerVsComputer))
        .collect()
}

fn rows(records: &[GameRecord]) -> Vec<StoredRecord> {
    records
        .iter()
        .map(|r| ingest::to_row(r, &validate(r).expect("valid")).expect("row"))
        .collect()
}

/// Stores a device with `history` games received two days ago (established: its allowance is
/// twice that a day) and returns its token.
async fn established(db: &Db, id: &str, history: &[StoredRecord]) -> String {
    let token = ply_server::auth::new_token();
    db.insert_device(&NewDevice {
        id: id.into(),
        token_sha256: ply_server::auth::sha256_hex(token.as_bytes()),
        platform: "android".into(),
        app_version: "1.0".into(),
        created_at_ms: 0,
    })
    .await
    .expect("device");
    // Fresh ids, so that every device's history is its own.
    let history: Vec<StoredRecord> = history
        .iter()
        .enumerate()
        .map(|(n, r)| StoredRecord {
            id: format!("{:08x}-0000-4000-8000-{:012x}", hash(id), n),
            ..r.clone()
        })
        .collect();
    let two_days_ago = ply_core::record::now_ms() as i64 - 2 * ply_server::budget::DAY_MS;
    db.store_batch(id, &history, two_days_ago)
        .await
        .expect("history");
    token
}

fn hash(text: &str) -> u32 {
    text.bytes().fold(2_166_136_261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    })
}

/// A connection from `source` (a loopback address) to `addr`.
async fn connect(source: &str, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(
        format!("{source}:0")
            .parse()
            .map_err(std::io::Error::other)?,
    )?;
    tokio::time::timeout(Duration::from_secs(5), socket.connect(addr))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "connect"))?
}

/// Sends `raw` from `source` and reads the answer's status (0: no answer within 30 s).
async fn exchange(source: &str, addr: SocketAddr, raw: &[u8]) -> (u16, usize) {
    let work = async {
        let mut stream = connect(source, addr).await?;
        stream.write_all(raw).await?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await?;
        Ok::<_, std::io::Error>(answer)
    };
    match tokio::time::timeout(Duration::from_secs(30), work).await {
        Ok(Ok(answer)) => {
            let text = String::from_utf8_lossy(&answer);
            let status = text
                .split(' ')
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            (status, answer.len())
        }
        _ => (0, 0),
    }
}

fn post(path: &str, token: Option<&str>, body: &str) -> Vec<u8> {
    let auth = token.map_or_else(String::new, |t| format!("Authorization: Bearer {t}\r\n"));
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

fn get(path: &str, token: Option<&str>) -> Vec<u8> {
    let auth = token.map_or_else(String::new, |t| format!("Authorization: Bearer {t}\r\n"));
    format!("GET {path} HTTP/1.1\r\nHost: x\r\n{auth}Connection: close\r\n\r\n").into_bytes()
}

fn batch(records: &[GameRecord]) -> String {
    let parts: Vec<String> = records.iter().map(|r| r.to_json().expect("json")).collect();
    format!("{{\"records\":[{}]}}", parts.join(","))
}

/// The honest device: three fresh games every 250 ms for `secs`; latencies and failures.
async fn honest(
    addr: SocketAddr,
    token: &str,
    pool: &[GameRecord],
    secs: u64,
) -> (Vec<Duration>, usize) {
    let (mut latencies, mut failed) = (Vec::new(), 0);
    let end = Instant::now() + Duration::from_secs(secs);
    for chunk in pool.chunks(3) {
        if Instant::now() >= end {
            break;
        }
        let started = Instant::now();
        let (status, _) = exchange(
            "127.0.0.1",
            addr,
            &post("/v1/games", Some(token), &batch(chunk)),
        )
        .await;
        latencies.push(started.elapsed());
        if status != 200 {
            failed += 1;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    latencies.sort();
    (latencies, failed)
}

/// Counts of statuses the attack got.
#[derive(Default)]
struct Tally(Mutex<BTreeMap<u16, u64>>);

impl Tally {
    async fn note(&self, status: u16) {
        *self.0.lock().await.entry(status).or_insert(0) += 1;
    }

    async fn show(&self) -> String {
        let counts = self.0.lock().await;
        counts
            .iter()
            .map(|(s, n)| {
                if *s == 0 {
                    format!("{n} reset, unanswered or not connected")
                } else {
                    format!("{n}x{s}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Holds a body of 1 MiB open from `source`, a byte every 300 ms, and another once it is cut.
async fn slow_body(
    source: String,
    addr: SocketAddr,
    token: String,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = connect(&source, addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let head = format!(
            "POST /v1/games HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\
             Content-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{{"
        );
        if stream.write_all(head.as_bytes()).await.is_err() {
            continue;
        }
        let mut buf = vec![0u8; 4096];
        let mut got = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            tokio::select! {
                read = stream.read(&mut buf) => match read {
                    Ok(0) | Err(_) => break,
                    Ok(n) => got.extend_from_slice(&buf[..n]),
                },
                () = tokio::time::sleep(Duration::from_millis(300)) => {
                    if stream.write_all(b" ").await.is_err() {
                        break;
                    }
                }
            }
        }
        let text = String::from_utf8_lossy(&got);
        tally
            .note(
                text.split(' ')
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0),
            )
            .await;
    }
}

/// Pipelines requests from `source` and never reads the answers.
async fn unread(source: String, addr: SocketAddr, stop: Arc<AtomicBool>, tally: Arc<Tally>) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(socket) = TcpSocket::new_v4() else {
            return;
        };
        let _ = socket.set_recv_buffer_size(4096);
        let Ok(bind) = format!("{source}:0").parse() else {
            return;
        };
        if socket.bind(bind).is_err() {
            return;
        }
        let Ok(mut stream) = socket.connect(addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let requests = b"GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n".repeat(64);
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            match tokio::time::timeout(Duration::from_millis(500), stream.write_all(&requests))
                .await
            {
                Ok(Ok(())) => {}
                Ok(Err(_)) => {
                    tally.note(0).await;
                    break;
                }
                Err(_) => {}
            }
        }
    }
}

/// Runs one attack while the honest device uploads; what it got, for the report.
async fn attack(
    name: &str,
    addr: SocketAddr,
    db: &Db,
    secs: u64,
    honest_token: &str,
    pool: &[GameRecord],
) -> (Vec<Duration>, usize, String) {
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let mut tasks = tokio::task::JoinSet::new();
    let mut extra = String::new();
    match name {
        "bodies" => {
            for a in 0..24u8 {
                let source = format!("127.1.0.{}", a + 1);
                let (status, body) =
                    exchange_body(&source, addr, &post("/v1/devices", None, "")).await;
                let token = serde_json::from_str::<serde_json::Value>(&body)
                    .ok()
                    .and_then(|v| v["token"].as_str().map(str::to_owned))
                    .unwrap_or_default();
                assert_eq!(status, 201, "{body}");
                for _ in 0..8 {
                    tasks.spawn(slow_body(
                        source.clone(),
                        addr,
                        token.clone(),
                        stop.clone(),
                        tally.clone(),
                    ));
                }
            }
        }
        "unread" => {
            for a in 0..8u8 {
                for _ in 0..8 {
                    tasks.spawn(unread(
                        format!("127.2.0.{}", a + 1),
                        addr,
                        stop.clone(),
                        tally.clone(),
                    ));
                }
            }
        }
        "farm" => {
            let history = rows(&games(GameKind::ConnectFour, 300, 11));
            // Twelve hundred fresh games an address: more than its ceiling of a thousand.
            let fresh = Arc::new(games(GameKind::ConnectFour, 12_000, 12));
            for a in 0..10u8 {
                for d in 0..5u8 {
                    let token = established(db, &format!("farm-{a}-{d}"), &history).await;
                    let (stop, tally, fresh) = (stop.clone(), tally.clone(), fresh.clone());
                    let source = format!("127.3.0.{}", a + 1);
                    tasks.spawn(async move {
                        let base = usize::from(a) * 1_200;
                        let mut n = usize::from(d) * 240;
                        while !stop.load(Ordering::Relaxed) {
                            let chunk: Vec<GameRecord> = (0..50)
                                .map(|i| fresh[base + (n + i) % 1_200].clone())
                                .collect();
                            n += 50;
                            let (status, _) = exchange(
                                &source,
                                addr,
                                &post("/v1/games", Some(&token), &batch(&chunk)),
                            )
                            .await;
                            tally.note(status).await;
                        }
                    });
                }
            }
        }
        "stats" => {
            // A flooded collection: 5,000 records, every computer a different long name.
            let device = "flood";
            let _ = established(db, device, &[]).await;
            let mut flood = games(GameKind::ConnectFour, 5_000, 13);
            for (i, g) in flood.iter_mut().enumerate() {
                for (s, p) in g.players.iter_mut().enumerate() {
                    if let Some(e) = p.engine.as_mut() {
                        e.algorithm = format!("{:0>64}", format!("n{i}s{s}"));
                        e.depth = Some((i % 256) as u32);
                    }
                }
            }
            for chunk in rows(&flood).chunks(100) {
                db.store_batch(device, chunk, ply_core::record::now_ms() as i64)
                    .await
                    .expect("flood");
            }
            let (stopped, counted) = (stop.clone(), tally.clone());
            let times = Arc::new(Mutex::new(Vec::new()));
            let seen = times.clone();
            tasks.spawn(async move {
                let paths = [
                    "/v1/stats",
                    "/v1/stats/charts/results.svg",
                    "/v1/stats/charts/nodes.svg",
                ];
                let mut i = 0;
                while !stopped.load(Ordering::Relaxed) {
                    let started = Instant::now();
                    let (status, bytes) =
                        exchange_len("127.4.0.1", addr, &get(paths[i % 3], Some(ADMIN))).await;
                    if status == 200 {
                        seen.lock().await.push((started.elapsed(), bytes));
                    }
                    counted.note(status).await;
                    i += 1;
                    tokio::time::sleep(Duration::from_millis(400)).await;
                }
            });
            let honest = honest(addr, honest_token, pool, secs).await;
            stop.store(true, Ordering::Relaxed);
            while tasks.join_next().await.is_some() {}
            let times = times.lock().await;
            let largest = times.iter().map(|(_, b)| *b).max().unwrap_or(0);
            let mut t: Vec<Duration> = times.iter().map(|(d, _)| *d).collect();
            t.sort();
            extra = format!(
                "; statistics and charts answered in p50 {:.0} ms, p99 {:.0} ms, largest {} KB",
                percentile(&t, 50.0).as_secs_f64() * 1e3,
                percentile(&t, 99.0).as_secs_f64() * 1e3,
                largest / 1000
            );
            return (honest.0, honest.1, format!("{}{extra}", tally.show().await));
        }
        "registrations" => {
            for a in 0..50u8 {
                let (stop, tally) = (stop.clone(), tally.clone());
                tasks.spawn(async move {
                    let source = format!("127.5.0.{}", a + 1);
                    while !stop.load(Ordering::Relaxed) {
                        let (status, _) =
                            exchange(&source, addr, &post("/v1/devices", None, "")).await;
                        tally.note(status).await;
                    }
                });
            }
        }
        "guess" => {
            for a in 0..8u8 {
                let (stop, tally) = (stop.clone(), tally.clone());
                tasks.spawn(async move {
                    let source = format!("127.6.0.{}", a + 1);
                    let mut n = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        let request = if n.is_multiple_of(2) {
                            post(
                                "/v1/games",
                                Some(&ply_server::auth::new_token()),
                                "{\"records\":[]}",
                            )
                        } else {
                            get("/v1/stats", Some(&ply_server::auth::new_admin_token()))
                        };
                        let (status, _) = exchange(&source, addr, &request).await;
                        tally.note(status).await;
                        n += 1;
                    }
                });
            }
        }
        "healthz" => {
            for a in 0..16u8 {
                for _ in 0..4 {
                    let (stop, tally) = (stop.clone(), tally.clone());
                    tasks.spawn(async move {
                        let source = format!("127.7.0.{}", a + 1);
                        while !stop.load(Ordering::Relaxed) {
                            let (status, _) = exchange(&source, addr, &get("/healthz", None)).await;
                            tally.note(status).await;
                        }
                    });
                }
            }
        }
        "smuggle" => {
            for a in 0..8u8 {
                let (stop, tally) = (stop.clone(), tally.clone());
                tasks.spawn(async move {
                    let source = format!("127.8.0.{}", a + 1);
                    let raw = b"POST /v1/devices HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\
                        Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
                    while !stop.load(Ordering::Relaxed) {
                        let (status, _) = exchange(&source, addr, raw).await;
                        tally.note(status).await;
                    }
                });
            }
        }
        other => panic!("no attack '{other}'"),
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (latencies, failed) = honest(addr, honest_token, pool, secs).await;
    stop.store(true, Ordering::Relaxed);
    tasks.abort_all();
    while tasks.join_next().await.is_some() {}
    if name == "farm" {
        let stored: i64 = match db {
            Db::Sqlite(p, _) => sqlx::query_scalar("SELECT COUNT(*) FROM records WHERE device_id LIKE 'farm-%' AND received_at_ms > $1")
                .bind(ply_core::record::now_ms() as i64 - 3_600_000)
                .fetch_one(p)
                .await,
            Db::Postgres(p) => sqlx::query_scalar("SELECT COUNT(*) FROM records WHERE device_id LIKE 'farm-%' AND received_at_ms > $1")
                .bind(ply_core::record::now_ms() as i64 - 3_600_000)
                .fetch_one(p)
                .await,
        }
        .unwrap_or(0);
        extra = format!("; the farm stored {stored} records (ceiling: 10 addresses x 1,000)");
    }
    (latencies, failed, format!("{}{extra}", tally.show().await))
}

async fn exchange_body(source: &str, addr: SocketAddr, raw: &[u8]) -> (u16, String) {
    let Ok(mut stream) = connect(source, addr).await else {
        return (0, String::new());
    };
    if stream.write_all(raw).await.is_err() {
        return (0, String::new());
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

async fn exchange_len(source: &str, addr: SocketAddr, raw: &[u8]) -> (u16, usize) {
    let (status, body) = exchange_body(source, addr, raw).await;
    (status, body.len())
}

fn ms(latencies: &[Duration], p: f64) -> f64 {
    percentile(latencies, p).as_secs_f64() * 1e3
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("attacks: {e}");
            std::process::exit(2);
        }
    };
    let _ = ply_server::conn::fdlimit::raise();
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    println!(
        "| attack | honest uploads idle / under attack | idle p50 / p99 ms | under attack p50 / p99 ms | not 200 | what the attack got |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    let history = rows(&games(GameKind::ConnectFour, 300, 1));
    for (n, name) in args.attacks.iter().enumerate() {
        let temp = match database(&args.db) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("attacks: {e}");
                std::process::exit(1);
            }
        };
        let db = rt.block_on(Db::connect(&temp.url)).expect("database");
        let token = rt.block_on(established(&db, "honest", &history));
        let config = Config {
            admin_token: Some(ADMIN.to_owned()),
            ..Config::default()
        };
        let server = RunningServer::start(&temp.url, config).expect("server");
        let pool = games(GameKind::Othello, 400, 100 + n as u64);
        let (idle, idle_failed) = rt.block_on(honest(server.addr, &token, &pool[..200], args.secs));
        let (attacked, failed, got) = rt.block_on(attack(
            name,
            server.addr,
            &db,
            args.secs,
            &token,
            &pool[200..],
        ));
        println!(
            "| {name} | {} / {} | {:.1} / {:.1} | {:.1} / {:.1} | {} | {got} |",
            idle.len(),
            attacked.len(),
            ms(&idle, 50.0),
            ms(&idle, 99.0),
            ms(&attacked, 50.0),
            ms(&attacked, 99.0),
            idle_failed + failed,
        );
        server.stop();
        rt.block_on(db.close());
    }
}
