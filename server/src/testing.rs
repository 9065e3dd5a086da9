//! Helpers for tests and benchmarks that need a real server: a throw-away database (SQLite file
//! or a fresh PostgreSQL database with a random name) and a server running in-process on a
//! random loopback port, stoppable gracefully or killed at once. Blocking API, so synchronous
//! tests (the sync client is synchronous) can use it without an async runtime of their own.

// Test support: a failure to set up a test's database or server ends the test, with its reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::thread::JoinHandle;

use rand::Rng;
use tokio::sync::oneshot;

use crate::app::{AppState, serve};
use crate::budget::StorageBudget;
use crate::config::Config;
use crate::conn::ConnectionLimits;
use crate::db::Db;
use crate::ratelimit::RateLimit;

/// Environment variable naming a PostgreSQL server tests may create databases on.
pub const POSTGRES_ENV: &str = "PLY_TEST_POSTGRES_URL";

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
}

/// A database that exists for one test and is removed on drop.
#[derive(Debug)]
pub struct TempDatabase {
    /// URL to give to [`Db::connect`] or `ply-server --db`.
    pub url: String,
    /// `sqlite` or `postgres`.
    pub backend: &'static str,
    cleanup: Cleanup,
}

#[derive(Debug)]
enum Cleanup {
    Dir(PathBuf),
    PgDatabase { server_url: String, name: String },
}

impl TempDatabase {
    /// A SQLite file in a fresh temporary directory.
    pub fn sqlite() -> std::io::Result<TempDatabase> {
        let dir =
            std::env::temp_dir().join(format!("ply-test-{:016x}", rand::rng().random::<u64>()));
        std::fs::create_dir_all(&dir)?;
        Ok(TempDatabase {
            url: format!("sqlite://{}", dir.join("ply.db").display()),
            backend: "sqlite",
            cleanup: Cleanup::Dir(dir),
        })
    }

    /// A fresh database with a random name on the PostgreSQL server at `server_url` (whose role
    /// may create databases).
    pub fn postgres(server_url: &str) -> Result<TempDatabase, String> {
        let name = format!("ply_t_{:016x}", rand::rng().random::<u64>());
        let rt = runtime().map_err(|e| e.to_string())?;
        rt.block_on(pg_exec(server_url, &format!("CREATE DATABASE {name}")))?;
        Ok(TempDatabase {
            url: with_database(server_url, &name),
            backend: "postgres",
            cleanup: Cleanup::PgDatabase {
                server_url: server_url.to_owned(),
                name,
            },
        })
    }

    /// The PostgreSQL case if `PLY_TEST_POSTGRES_URL` is set; `None` (and a note on stderr
    /// naming `test`) when it is not, so the caller can skip.
    pub fn postgres_from_env(test: &str) -> Option<TempDatabase> {
        match std::env::var(POSTGRES_ENV) {
            Ok(url) if !url.is_empty() => Some(
                Self::postgres(&url)
                    .unwrap_or_else(|e| panic!("{test}: cannot create a test database: {e}")),
            ),
            _ => {
                eprintln!("{test}: SKIPPED on PostgreSQL: {POSTGRES_ENV} is not set");
                None
            }
        }
    }

    /// SQLite always, plus PostgreSQL when `PLY_TEST_POSTGRES_URL` is set.
    pub fn all_backends(test: &str) -> Vec<TempDatabase> {
        let mut out = vec![Self::sqlite().expect("temporary SQLite directory")];
        out.extend(Self::postgres_from_env(test));
        out
    }
}

impl Drop for TempDatabase {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::PgDatabase { server_url, name } => {
                let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                let server_url = server_url.clone();
                // Drop may run inside an async runtime: work on a thread of our own.
                let _ = std::thread::spawn(move || {
                    if let Ok(rt) = runtime() {
                        let _ = rt.block_on(pg_exec(&server_url, &sql));
                    }
                })
                .join();
            }
        }
    }
}

async fn pg_exec(server_url: &str, sql: &str) -> Result<(), String> {
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(server_url)
        .await
        .map_err(|e| format!("connect {server_url}: {e}"))?;
    let result = sqlx::query(sql).execute(&pool).await.map(|_| ());
    pool.close().await;
    result.map_err(|e| format!("{sql}: {e}"))
}

/// `url` with its database name replaced by `name` (query string kept).
pub fn with_database(url: &str, name: &str) -> String {
    let (head, query) = match url.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (url, None),
    };
    let after_scheme = head.find("://").map_or(0, |i| i + 3);
    let path_start = head
        .get(after_scheme..)
        .and_then(|rest| rest.find('/'))
        .map_or(head.len(), |i| after_scheme + i);
    let mut out = format!("{}/{name}", head.get(..path_start).unwrap_or(head));
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

/// The default configuration with `admin_token` and every rate limit off: tests and load runs
/// send far faster than a phone would, and must not measure the limiter instead of the server.
/// Likewise all their clients share 127.0.0.1, so the per-address connection cap is lifted.
pub fn unthrottled_config(admin_token: &str) -> Config {
    let off = RateLimit {
        per_second: 0.0,
        burst: 0.0,
    };
    Config {
        admin_token: Some(admin_token.to_owned()),
        rate_limit: off,
        registration_limit: off,
        registrations_total: off,
        auth_failure_limit: off,
        admin_limit: off,
        health_limit: off,
        throttled_lookups: off,
        throttled_lookups_per_address: off,
        budget: StorageBudget::unlimited(),
        connections: ConnectionLimits {
            per_address: usize::MAX,
            ..ConnectionLimits::default()
        },
        ..Config::default()
    }
}

/// The `p`-th percentile (0 to 100) of `sorted` latencies, nearest rank; zero when empty. For
/// the benchmarks in `server/examples`.
pub fn percentile(sorted: &[std::time::Duration], p: f64) -> std::time::Duration {
    if sorted.is_empty() {
        return std::time::Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

/// A server running on its own thread and runtime, on a random loopback port.
#[derive(Debug)]
pub struct RunningServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    stop: Option<oneshot::Sender<Stop>>,
    thread: Option<JoinHandle<()>>,
}

#[derive(Debug)]
enum Stop {
    Graceful,
    Kill,
}

impl RunningServer {
    /// Connects to `db_url` (migrating it) and serves it on 127.0.0.1 with a random port.
    pub fn start(db_url: &str, config: Config) -> Result<RunningServer, String> {
        Self::start_on(
            "127.0.0.1:0".parse().map_err(|e| format!("{e}"))?,
            db_url,
            config,
        )
    }

    /// [`RunningServer::start`] on a given address (port 0: any free port).
    pub fn start_on(
        addr: SocketAddr,
        db_url: &str,
        config: Config,
    ) -> Result<RunningServer, String> {
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<SocketAddr, String>>();
        let (stop_tx, stop_rx) = oneshot::channel::<Stop>();
        let db_url = db_url.to_owned();
        let thread = std::thread::spawn(move || {
            let rt = match runtime() {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = ready_tx.send(Err(e.to_string()));
                    return;
                }
            };
            let stop = rt.block_on(async move {
                let db = match Db::connect(&db_url).await {
                    Ok(db) => db,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return Stop::Graceful;
                    }
                };
                let listener = match tokio::net::TcpListener::bind(addr).await {
                    Ok(l) => l,
                    Err(e) => {
                        let _ = ready_tx.send(Err(format!("bind {addr}: {e}")));
                        return Stop::Graceful;
                    }
                };
                let local = listener.local_addr().map_err(|e| e.to_string());
                let _ = ready_tx.send(local);
                let (graceful_tx, graceful_rx) = oneshot::channel::<()>();
                let server = tokio::spawn(serve(listener, AppState::new(db, config), async {
                    let _ = graceful_rx.await;
                }));
                let stop = stop_rx.await.unwrap_or(Stop::Graceful);
                if let Stop::Graceful = stop {
                    let _ = graceful_tx.send(());
                    let _ = server.await;
                }
                stop
            });
            match stop {
                // Abandon every task wherever it is, like a killed process: open transactions
                // die with their connections and are rolled back.
                Stop::Kill => rt.shutdown_background(),
                Stop::Graceful => drop(rt),
            }
        });
        let addr = ready_rx
            .recv()
            .map_err(|_| "server thread ended before it was ready".to_owned())??;
        Ok(RunningServer {
            addr,
            url: format!("http://{addr}"),
            stop: Some(stop_tx),
            thread: Some(thread),
        })
    }

    /// Stops taking connections, finishes in-flight requests, closes the database.
    pub fn stop(mut self) {
        self.finish(Stop::Graceful);
    }

    /// Stops at once, abandoning in-flight requests mid-way (as if the process were killed).
    pub fn kill(mut self) {
        self.finish(Stop::Kill);
    }

    fn finish(&mut self, how: Stop) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(how);
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        self.finish(Stop::Graceful);
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn database_name_is_replaced() {
        assert_eq!(
            with_database("postgres://u@127.0.0.1:5/ply_test", "x"),
            "postgres://u@127.0.0.1:5/x"
        );
        assert_eq!(
            with_database("postgres://u@h/db?sslmode=disable", "x"),
            "postgres://u@h/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
    }
}

/// Game records played with random legal moves, for tests and benchmarks.
pub mod games {
    use ply_core::game::Game;
    use ply_core::games::GameKind;
    use ply_core::games::chinese_checkers::{ChineseCheckers, DistanceEval};
    use ply_core::games::connect4::ConnectFour;
    use ply_core::games::draughts::Draughts;
    use ply_core::games::focus::multi::StackControl;
    use ply_core::games::focus::{Focus, Move as FocusMove};
    use ply_core::games::othello::Othello;
    use ply_core::games::virus::Virus;
    use ply_core::line::GameLine;
    use ply_core::record::{
        ClientInfo, EngineSettings, GameRecord, MoveStats, Platform, PlayerInfo, RamBucket,
        RecordMeta, limits, record_from_line,
    };
    use ply_core::search::multi::MultiEvaluator;
    use rand::Rng;
    use rand::rngs::SmallRng;

    /// Who sits at the two seats of a generated game.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Seats {
        /// Seat 0 human (who resigns now and then in two-player games), the others
        /// `alphabeta` depth 4.
        HumanVsComputer,
        /// Seat 0 `scout` depth 4, the others `alphabeta` depth 4.
        ComputerVsComputer,
    }

    fn engine(algorithm: &str, depth: u32) -> EngineSettings {
        EngineSettings {
            algorithm: algorithm.into(),
            depth: Some(depth),
            heuristic: Some("default".into()),
            ..EngineSettings::default()
        }
    }

    /// Plays one game of `G` to its end with random legal moves and records it. Computer moves
    /// carry made-up but plausible statistics.
    pub fn play<G: Game>(rng: &mut SmallRng, seats: Seats) -> GameRecord {
        play_from(G::start(), rng, seats)
    }

    /// [`play`] from `start`, with a seat per player of the start: seat 0 as `seats` says, the
    /// others computers.
    pub fn play_from<G: Game>(start: G, rng: &mut SmallRng, seats: Seats) -> GameRecord {
        play_with(start, rng, seats, |_, legal, rng| {
            rng.random_range(0..legal.len())
        })
        .unwrap_or_else(|| panic!("a random game of {} outlasted a record", G::NAME))
    }

    /// [`play_from`] with the moves chosen by `choose` (an index into the legal moves); `None`
    /// if the game runs past a record's move limit.
    fn play_with<G: Game>(
        start: G,
        rng: &mut SmallRng,
        seats: Seats,
        mut choose: impl FnMut(&G, &[G::Move], &mut SmallRng) -> usize,
    ) -> Option<GameRecord> {
        let first = match seats {
            Seats::HumanVsComputer => PlayerInfo::human(),
            Seats::ComputerVsComputer => PlayerInfo::computer(engine("scout", 4)),
        };
        let players: Vec<PlayerInfo> = std::iter::once(first)
            .chain((1..start.players()).map(|_| PlayerInfo::computer(engine("alphabeta", 4))))
            .collect();
        let resign_at =
            (seats == Seats::HumanVsComputer && players.len() == 2 && rng.random_bool(0.2))
                .then(|| rng.random_range(4..20usize));
        let mut line = GameLine::new(start);
        let mut stats = Vec::new();
        let mut legal = Vec::new();
        let mut resigned_by = None;
        while line.outcome().is_none() {
            if line.ply() >= limits::MAX_MOVES {
                return None;
            }
            let mover = line.current().side_to_move();
            if resign_at == Some(line.ply()) && mover == 0 {
                resigned_by = Some(0);
                break;
            }
            legal.clear();
            line.current().legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            let Some(&mv) = legal.get(choose(line.current(), &legal, rng)) else {
                break;
            };
            if line.play(mv).is_err() {
                break;
            }
            let computer = players
                .get(usize::from(mover))
                .is_some_and(|p| p.engine.is_some());
            stats.push(computer.then(|| MoveStats {
                nodes: rng.random_range(1..100_000),
                depth: 4,
                time_ms: rng.random_range(0..50),
                score: rng.random_range(-100..100),
            }));
        }
        let meta = RecordMeta {
            id: None,
            players,
            started_at_ms: 1_763_000_000_000,
            ended_at_ms: 1_763_000_600_000,
            client: ClientInfo {
                app_version: "0.1.0-test".into(),
                platform: Platform::Cli,
                ram_bucket: RamBucket::From8To16G,
            },
        };
        Some(
            record_from_line(&line, &stats, resigned_by, meta)
                .unwrap_or_else(|e| panic!("a randomly played game must record: {e}")),
        )
    }

    /// One game of `kind`. The multi-player games are for three players from their standard
    /// starts; Focus and Chinese Checkers are played mostly greedily (random play runs far past
    /// a record's move limit).
    pub fn play_kind(kind: GameKind, rng: &mut SmallRng, seats: Seats) -> GameRecord {
        fn start<G: Game>(players: usize) -> G {
            G::start_for_players(players)
                .unwrap_or_else(|| panic!("{} has a {players}-player start", G::NAME))
        }
        match kind {
            GameKind::Othello => play::<Othello>(rng, seats),
            GameKind::ConnectFour => play::<ConnectFour>(rng, seats),
            GameKind::Draughts => play::<Draughts>(rng, seats),
            GameKind::Virus => play_from(start::<Virus>(3), rng, seats),
            GameKind::Focus => play_with(start::<Focus>(3), rng, seats, greedy_focus)
                .unwrap_or_else(|| panic!("a greedy Focus game outlasted a record")),
            GameKind::ChineseCheckers => {
                // Greedy play now and then leaves a straggler shuffling back and forth: such a
                // game is played again (with the random numbers drawn since).
                loop {
                    let start = start::<ChineseCheckers>(3);
                    if let Some(record) = play_with(start, rng, seats, greedy_chinese_checkers) {
                        return record;
                    }
                }
            }
        }
    }

    /// Nine moves in ten the one that leaves the mover the most stacks and pieces against the
    /// others', else any.
    fn greedy_focus(pos: &Focus, legal: &[FocusMove], rng: &mut SmallRng) -> usize {
        if rng.random_bool(0.1) {
            return rng.random_range(0..legal.len());
        }
        let me = usize::from(pos.side_to_move());
        let mut values = [0i32; 4];
        let mut best = (i32::MIN, 0);
        for (i, &mv) in legal.iter().enumerate() {
            let mut child = *pos;
            child.play(mv);
            StackControl.evaluate(&child, &mut values);
            let others: i32 = values.iter().sum::<i32>() - values.get(me).copied().unwrap_or(0);
            let value = values.get(me).copied().unwrap_or(0) - others;
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// Mostly the move that brings the mover's pieces furthest (random play, or more than a
    /// few random moves, leaves pieces straggling for hundreds of moves).
    fn greedy_chinese_checkers(
        pos: &ChineseCheckers,
        legal: &[<ChineseCheckers as Game>::Move],
        rng: &mut SmallRng,
    ) -> usize {
        if rng.random_bool(0.02) {
            return rng.random_range(0..legal.len());
        }
        let me = usize::from(pos.side_to_move());
        let mut values = [0i32; 6];
        let mut best = (i32::MIN, 0);
        for (i, &mv) in legal.iter().enumerate() {
            let mut child = *pos;
            child.play(mv);
            DistanceEval.evaluate(&child, &mut values);
            let value = values.get(me).copied().unwrap_or(0);
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// `n` games of each kind, seats alternating, reproducible from `seed`.
    pub fn mixed(n: usize, seed: u64) -> Vec<GameRecord> {
        use rand::SeedableRng;
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::with_capacity(GameKind::ALL.len() * n);
        for i in 0..n {
            let seats = if i % 3 == 0 {
                Seats::ComputerVsComputer
            } else {
                Seats::HumanVsComputer
            };
            for kind in GameKind::ALL {
                out.push(play_kind(kind, &mut rng, seats));
            }
        }
        out
    }
}
