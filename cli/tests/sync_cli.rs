//! `ply sync` against a real collector running in this process (`ply_server::testing`): the
//! records written to an outbox reach the server's database exactly once, a second run sends
//! nothing, and an unreachable server leaves every record in the outbox.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::record::GameRecord;
use ply_core::sync::Outbox;
use ply_server::testing::{RunningServer, TempDatabase, games};
use ply_server::{Config, Db};
use std::path::Path;
use std::process::Output;

mod common;
use common::{ply, temp_dir, text};

/// Every record the database holds, parsed, sorted by id.
fn stored(db_url: &str) -> Vec<GameRecord> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let mut out: Vec<GameRecord> = rt.block_on(async {
        let db = Db::connect(db_url)
            .await
            .expect("open the collector database");
        let mut records = Vec::new();
        let mut since = 0;
        loop {
            let page = db.export_page(since, None, 100).await.expect("export");
            for (_, body) in &page.records {
                records.push(serde_json::from_str(body).expect("stored body is a record"));
            }
            since = page.next_cursor;
            if !page.more {
                break;
            }
        }
        db.close().await;
        records
    });
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

fn sync(server: &str, outbox: &Path, extra: &[&str]) -> Output {
    let dir = outbox.to_string_lossy();
    let mut args = vec!["sync", "--server", server, "--outbox", &dir];
    args.extend_from_slice(extra);
    ply(&args)
}

/// A collector on a fresh SQLite database, and an outbox in a directory tagged `tag` holding
/// `records`.
fn collector_and_outbox(
    tag: &str,
    records: &[GameRecord],
) -> (TempDatabase, RunningServer, tempfile::TempDir, Outbox) {
    let db = TempDatabase::sqlite().expect("temporary database");
    let server = RunningServer::start(&db.url, Config::default()).expect("start the collector");
    let dir = temp_dir(tag);
    let outbox = Outbox::open(dir.path()).expect("outbox");
    for record in records {
        outbox.write(record).expect("write to the outbox");
    }
    (db, server, dir, outbox)
}

#[test]
fn sync_uploads_the_outbox_once_and_keeps_it_when_the_server_is_down() {
    // Two games of each kind, human and computer seats, ended by rules or resignation.
    let mut written = games::mixed(2, 7);
    let (db, server, dir, outbox) = collector_and_outbox("outbox", &written);
    written.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(outbox.list().expect("list").len(), written.len());

    let o = sync(&server.url, dir.path(), &["--register"]);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("registered"), "{out}");
    assert!(
        out.contains(&format!(
            "sent {}: {} accepted",
            written.len(),
            written.len()
        )),
        "{out}"
    );
    assert!(out.contains("0 pending"), "{out}");
    assert!(outbox.list().expect("list").is_empty(), "outbox emptied");
    assert!(outbox.rejected().expect("rejected").is_empty());
    assert_eq!(
        stored(&db.url),
        written,
        "the server holds exactly those games"
    );

    // Again with the saved token: nothing to send, nothing lost, nothing doubled.
    let o = sync(&server.url, dir.path(), &[]);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(text(&o.stdout).contains("sent 0:"), "{}", text(&o.stdout));
    assert_eq!(stored(&db.url), written);

    // A new game while the server is down stays in the outbox.
    let url = server.url.clone();
    server.stop();
    let late = games::mixed(1, 8);
    for record in &late {
        outbox.write(record).expect("write to the outbox");
    }
    let o = sync(&url, dir.path(), &[]);
    assert!(!o.status.success(), "{}", text(&o.stdout));
    let err = text(&o.stderr);
    assert!(err.contains("kept for later"), "{err}");
    assert!(
        err.to_lowercase().contains("connect") || err.to_lowercase().contains("refused"),
        "says the server could not be reached: {err}"
    );
    assert_eq!(outbox.list().expect("list").len(), late.len());

    // `--status` shows them pending and the failed attempt.
    let o = sync(&url, dir.path(), &["--status"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains(&format!("{} pending", late.len())), "{out}");
    assert!(out.contains("1 failed attempts"), "{out}");
}

#[test]
fn sync_without_a_token_or_with_a_bad_one_fails_cleanly() {
    let written = games::mixed(1, 9);
    let (db, server, dir, outbox) = collector_and_outbox("notoken", &written);

    let o = sync(&server.url, dir.path(), &[]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("--register"),
        "{}",
        text(&o.stderr)
    );

    let o = sync(&server.url, dir.path(), &["--token", "not-a-real-token"]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("--register"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        outbox.list().expect("list").len(),
        written.len(),
        "nothing lost"
    );
    assert!(stored(&db.url).is_empty());
}
