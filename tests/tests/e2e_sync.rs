//! End to end on loopback: games played through `GameLine` go into the core's outbox, the
//! core's sync client uploads them over HTTP to a real in-process `ply-server` (SQLite, and
//! PostgreSQL when PLY_TEST_POSTGRES_URL is set), and the server's export equals what was
//! played, each game exactly once, through faults: server down, server killed in the middle of
//! a batch, the same batch sent twice, acknowledgements lost.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod e2e_support;

use std::collections::BTreeSet;
use std::time::Duration;

use e2e_support::{
    Fault, FaultyTransport, KillingTransport, UreqTransport, by_id, export_all, played_games,
    start_server,
};
use ply_core::record::{GameRecord, Platform};
use ply_core::sync::wire::RegisterDeviceRequest;
use ply_core::sync::{HttpTransport, Outbox, SyncClient, SyncConfig, SyncOutcome, SyncReport};
use ply_server::testing::{RunningServer, TempDatabase};

fn register(client: &SyncClient) -> String {
    client
        .register(
            &UreqTransport::default(),
            &RegisterDeviceRequest {
                platform: Platform::Cli,
                app_version: "0.1.0-e2e".into(),
            },
        )
        .expect("registration")
}

/// A sync client for `url` with small batches (several requests per run) and short timeouts.
fn client(url: &str, batch: usize) -> SyncClient {
    let mut config = SyncConfig::new(url);
    config.max_batch_records = batch;
    config.timeout_ms = 10_000;
    SyncClient::with_seed(config, 7)
}

fn outbox_with(games: &[GameRecord]) -> (tempdir::Dir, Outbox) {
    let dir = tempdir::Dir::new();
    let outbox = Outbox::open(dir.path()).expect("outbox opens");
    for g in games {
        outbox.write(g).expect("outbox write");
    }
    assert_eq!(outbox.list().expect("list").len(), games.len());
    (dir, outbox)
}

fn now_ms() -> u64 {
    ply_core::record::now_ms()
}

/// The end every scenario must reach: the outbox is empty and the server's export (read in pages
/// of `page`) holds exactly `games`, each once.
fn assert_delivered(
    outbox: &Outbox,
    server_url: &str,
    games: &[GameRecord],
    page: usize,
    what: &str,
) {
    assert!(
        outbox.list().expect("list").is_empty(),
        "{what}: acknowledged records are deleted"
    );
    assert_eq!(
        by_id(export_all(server_url, page)),
        by_id(games.to_vec()),
        "{what}: the export equals what was played"
    );
}

/// One backend's starting point: `n` played games in an outbox, a running server and a client
/// registered with it.
struct Scenario {
    games: Vec<GameRecord>,
    server: RunningServer,
    client: SyncClient,
    token: String,
    outbox: Outbox,
    _dir: tempdir::Dir,
}

impl Scenario {
    fn new(db: &TempDatabase, n: usize, seed: u64, batch: usize) -> Scenario {
        let games = played_games(n, seed);
        let server = start_server(&db.url);
        let client = client(&server.url, batch);
        let token = register(&client);
        let (_dir, outbox) = outbox_with(&games);
        Scenario {
            games,
            server,
            client,
            token,
            outbox,
            _dir,
        }
    }

    fn sync_through(&self, transport: &dyn HttpTransport) -> SyncReport {
        self.client
            .sync_now(&self.outbox, transport, &self.token, now_ms())
            .expect("sync runs")
    }

    /// Checks [`assert_delivered`] and stops the server.
    fn finish(self, page: usize, what: &str) {
        assert_delivered(&self.outbox, &self.server.url, &self.games, page, what);
        self.server.stop();
    }
}

#[test]
fn played_games_reach_the_server_exactly_as_played() {
    for db in TempDatabase::all_backends("played_games_reach_the_server_exactly_as_played") {
        let s = Scenario::new(&db, 6, 1, 5);
        let report = s.sync_through(&UreqTransport::default());
        assert_eq!(
            report.outcome,
            SyncOutcome::Done,
            "{} : {report:?}",
            db.backend
        );
        assert_eq!(report.accepted, s.games.len());
        assert_eq!((report.duplicates, report.rejected), (0, 0));
        s.finish(7, db.backend);
    }
}

#[test]
fn server_down_loses_nothing_and_the_games_go_later() {
    for db in TempDatabase::all_backends("server_down_loses_nothing") {
        let games = played_games(3, 2);
        // Registration happens while the server is up; then it goes away.
        let server = start_server(&db.url);
        let token = register(&client(&server.url, 4));
        let down_url = server.url.clone();
        server.stop();

        let (_dir, outbox) = outbox_with(&games);
        let down = client(&down_url, 4);
        let t0 = now_ms();
        let report = down
            .sync_once(&outbox, &UreqTransport::default(), &token, t0)
            .expect("sync runs");
        assert!(
            matches!(report.outcome, SyncOutcome::RetryLater { .. }),
            "{report:?}"
        );
        assert_eq!(outbox.list().unwrap().len(), games.len(), "nothing lost");
        let next = report.next_attempt_at_ms.expect("a retry time");
        assert!(next >= t0);
        // Before the retry time nothing is attempted.
        if next > t0 {
            let report = down
                .sync_once(&outbox, &UreqTransport::default(), &token, t0)
                .expect("sync runs");
            assert!(
                matches!(report.outcome, SyncOutcome::NotDue { .. }),
                "{report:?}"
            );
        }

        // The server comes back (on another port); the retry sends everything.
        let server = start_server(&db.url);
        let report = client(&server.url, 4)
            .sync_once(&outbox, &UreqTransport::default(), &token, next)
            .expect("sync runs");
        assert_eq!(report.outcome, SyncOutcome::Done, "{report:?}");
        assert_eq!(report.accepted, games.len());
        assert_delivered(&outbox, &server.url, &games, 100, db.backend);
        server.stop();
    }
}

#[test]
fn lost_acknowledgements_end_as_duplicates_and_each_game_is_stored_once() {
    for db in TempDatabase::all_backends("lost_acknowledgements") {
        let s = Scenario::new(&db, 4, 3, 3);
        // The first two uploads are stored, but their answers are lost.
        let lossy = FaultyTransport::new(Fault::LoseAck, 2);
        let report = s.sync_through(&lossy);
        assert!(
            matches!(report.outcome, SyncOutcome::RetryLater { .. }),
            "{report:?}"
        );
        assert_eq!(
            s.outbox.list().unwrap().len(),
            s.games.len(),
            "nothing acknowledged"
        );
        // The run stops at the first failure; the retry meets the lost ones as duplicates.
        let report = s.sync_through(&lossy);
        assert!(
            matches!(report.outcome, SyncOutcome::RetryLater { .. }),
            "{report:?}"
        );
        let report = s.sync_through(&lossy);
        assert_eq!(report.outcome, SyncOutcome::Done, "{report:?}");
        assert_eq!(
            report.duplicates, 3,
            "the batch whose answer was lost: {report:?}"
        );
        s.finish(5, db.backend);
    }
}

#[test]
fn the_same_batch_sent_twice_is_stored_once() {
    for db in TempDatabase::all_backends("same_batch_twice") {
        let s = Scenario::new(&db, 3, 4, 4);
        let report = s.sync_through(&FaultyTransport::new(Fault::SendTwice, usize::MAX));
        assert_eq!(report.outcome, SyncOutcome::Done, "{report:?}");
        // The client sees only the second answers: every record a duplicate of the first send.
        assert_eq!(report.duplicates, s.games.len(), "{report:?}");
        s.finish(4, db.backend);
    }
}

#[test]
fn a_server_killed_in_the_middle_of_a_batch_loses_and_doubles_nothing() {
    for db in TempDatabase::all_backends("server_killed_mid_batch") {
        let (_dir, outbox) = outbox_with(&[]);
        let mut games = Vec::new();
        let mut token = None;
        // Kill at several points of the first request's life: before it is read, while it is
        // validated, while it is stored, after it is answered (then the next batch meets a dead
        // server). Each round adds fresh games so there is always a batch in flight.
        for (round, delay_ms) in [0, 2, 10, 40, 100, 250, 600].into_iter().enumerate() {
            for g in played_games(4, 50 + round as u64) {
                outbox.write(&g).expect("outbox write");
                games.push(g);
            }
            let server = start_server(&db.url);
            let url = server.url.clone();
            let client = client(&url, 8);
            let token = token.get_or_insert_with(|| register(&client)).clone();
            let killer = KillingTransport::new(server, Duration::from_millis(delay_ms));
            let report = client
                .sync_now(&outbox, &killer, &token, now_ms())
                .expect("sync runs");
            assert!(killer.killed());
            // Whatever the client saw, every game is still pending or stored (or both), and
            // nothing is stored twice.
            let pending: BTreeSet<String> =
                outbox.list().unwrap().into_iter().map(|e| e.id).collect();
            let server = start_server(&db.url);
            let stored: Vec<String> = export_all(&server.url, 1000)
                .into_iter()
                .map(|g| g.id)
                .collect();
            let stored_set: BTreeSet<String> = stored.iter().cloned().collect();
            assert_eq!(
                stored_set.len(),
                stored.len(),
                "delay {delay_ms} ms: a game stored twice"
            );
            for g in &games {
                assert!(
                    pending.contains(&g.id) || stored_set.contains(&g.id),
                    "delay {delay_ms} ms: game {} lost",
                    g.id
                );
            }
            eprintln!(
                "{}: killed after {delay_ms} ms: client saw {:?} ({} accepted), server holds {}, \
                 {} pending",
                db.backend,
                report.outcome,
                report.accepted,
                stored.len(),
                pending.len()
            );
            server.stop();
        }
        // Afterwards a normal sync finishes the job: every game exactly once.
        let server = start_server(&db.url);
        let report = client(&server.url, 20)
            .sync_now(
                &outbox,
                &UreqTransport::default(),
                token.as_deref().expect("registered"),
                now_ms(),
            )
            .expect("sync runs");
        assert_eq!(report.outcome, SyncOutcome::Done, "{report:?}");
        assert_delivered(&outbox, &server.url, &games, 9, db.backend);
        server.stop();
    }
}

/// A temporary directory removed on drop (std only).
mod tempdir {
    use std::path::{Path, PathBuf};

    pub struct Dir(PathBuf);

    impl Dir {
        pub fn new() -> Dir {
            let path = std::env::temp_dir().join(format!(
                "ply-e2e-{}-{:x}",
                std::process::id(),
                rand::random::<u64>()
            ));
            std::fs::create_dir_all(&path).expect("temp dir");
            Dir(path)
        }

        pub fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[test]
fn games_over_the_storage_budget_wait_in_the_outbox_and_go_later() {
    use ply_server::budget::StorageBudget;
    for db in TempDatabase::all_backends("budget_deferral") {
        let games = played_games(2, 11);
        let config = ply_server::Config {
            budget: StorageBudget {
                first_records: 4,
                ..StorageBudget::default()
            },
            ..ply_server::testing::unthrottled_config(e2e_support::ADMIN)
        };
        let server = RunningServer::start(&db.url, config).expect("server starts");
        let first = client(&server.url, 3);
        let token = register(&first);
        let (_dir, outbox) = outbox_with(&games);
        let now = now_ms();
        let report = first
            .sync_now(&outbox, &UreqTransport::default(), &token, now)
            .expect("sync runs");
        // The new device's first four, the rest kept for later, with the server's time.
        assert_eq!(report.accepted, 4, "{}: {report:?}", db.backend);
        assert_eq!(report.rejected, 0);
        assert_eq!(report.remaining, games.len() - 4);
        assert!(
            matches!(&report.outcome, SyncOutcome::RetryLater { reason } if reason.contains("budget")),
            "{report:?}"
        );
        let next = report.next_attempt_at_ms.expect("a retry time");
        assert!(
            next >= now + 1000,
            "the Retry-After is honoured: {next} vs {now}"
        );
        assert_eq!(export_all(&server.url, 100).len(), 4);
        assert!(
            outbox.rejected().expect("rejected").is_empty(),
            "nothing set aside"
        );
        server.stop();

        // The same database a day later (a server without budgets stands in for the clock):
        // the kept games go, each once.
        let server = start_server(&db.url);
        let later = client(&server.url, 3);
        let report = later
            .sync_now(&outbox, &UreqTransport::default(), &token, next)
            .expect("sync runs");
        assert_eq!(report.outcome, SyncOutcome::Done, "{report:?}");
        assert_delivered(&outbox, &server.url, &games, 5, db.backend);
        server.stop();
    }
}
