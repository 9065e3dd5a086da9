//! "Survives a kill at any instant": a child process (this test binary, re-run with an
//! environment variable) writes records in a loop and prints each id once `write` has returned;
//! the parent SIGKILLs it at random moments, several times, on the same outbox. Afterwards every
//! record file is complete and valid, and every id the child acknowledged is present.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod sync_common;

use ply_core::sync::outbox::Outbox;
use rand::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const CHILD_ENV: &str = "PLY_OUTBOX_KILL_CHILD_DIR";

/// The child's body; a no-op in a normal test run.
#[test]
fn child_writer_process() {
    let Ok(dir) = std::env::var(CHILD_ENV) else {
        return;
    };
    let outbox = Outbox::open(&dir).unwrap();
    let mut out = std::io::stdout();
    loop {
        // Varying sizes so the kill lands in writes of different lengths.
        let record = sync_common::sample_record(rand::rng().random_range(1..400));
        outbox.write(&record).unwrap();
        writeln!(out, "WROTE {}", record.id).unwrap();
        out.flush().unwrap();
    }
}

#[test]
fn outbox_survives_sigkill_at_random_instants() {
    if std::env::var(CHILD_ENV).is_ok() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("ply-outbox-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let exe = std::env::current_exe().unwrap();
    let mut rng = rand::rng();
    let mut acknowledged = Vec::new();
    for _round in 0..12 {
        let mut child = Command::new(&exe)
            .args([
                "--exact",
                "child_writer_process",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(id) = line.strip_prefix("WROTE ") {
                    let _ = tx.send(id.to_string());
                }
            }
        });
        // Wait for the first acknowledged write (the child is up), then kill at a random moment.
        let first = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("child wrote nothing");
        acknowledged.push(first);
        std::thread::sleep(Duration::from_micros(rng.random_range(0..30_000)));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        reader.join().unwrap();
        acknowledged.extend(rx.try_iter());
    }

    // Temp files left behind show kills that landed mid-write (listed for the log, never read).
    let interrupted = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().starts_with(".tmp-"))
        })
        .count();
    let outbox = Outbox::open(&dir).unwrap();
    let check = outbox.check().unwrap();
    eprintln!(
        "{} records acknowledged, {} files present, {interrupted} writes interrupted mid-way",
        acknowledged.len(),
        check.records.len()
    );
    assert!(
        check.corrupt.is_empty(),
        "incomplete record files after kills: {:?}",
        check.corrupt
    );
    let present: std::collections::BTreeSet<String> =
        check.records.iter().map(|r| r.id.clone()).collect();
    for id in &acknowledged {
        assert!(present.contains(id), "acknowledged record {id} is missing");
    }
    // Every file is a whole record (the parse above) of the shape the child wrote.
    assert!(
        check
            .records
            .iter()
            .all(|r| !r.moves.is_empty() && r.players.len() == 2)
    );
    assert!(acknowledged.len() >= 12);
    std::fs::remove_dir_all(&dir).unwrap();
}
