//! The sync client against a fake in-memory collector: every record ends up stored exactly once
//! whatever fails in between, nothing is deleted without an acknowledgement, rejected records are
//! kept aside with the reason, and failures back off exponentially with jitter.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod sync_common;

use ply_core::record::{GameRecord, MoveRecord, Platform};
use ply_core::sync::outbox::Outbox;
use ply_core::sync::protocol::{
    BackoffPolicy, STATE_FILE, SyncClient, SyncConfig, SyncOutcome, load_state,
};
use ply_core::sync::wire::RegisterDeviceRequest;
use std::fs;
use sync_common::{FakeServer, Fault, sample_record};

const NOW: u64 = 1_770_000_000_000;
const TOKEN: &str = "secret-token";

fn fresh_outbox(name: &str) -> (std::path::PathBuf, Outbox) {
    let dir = std::env::temp_dir().join(format!(
        "ply-sync-{name}-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    ));
    let _ = fs::remove_dir_all(&dir);
    let outbox = Outbox::open(&dir).unwrap();
    (dir, outbox)
}

fn fill(outbox: &Outbox, n: usize) -> Vec<GameRecord> {
    (0..n)
        .map(|i| {
            let r = sample_record(5 + i % 30);
            outbox.write(&r).unwrap();
            r
        })
        .collect()
}

fn client(seed: u64) -> SyncClient {
    SyncClient::with_seed(SyncConfig::new("http://collector.test/"), seed)
}

#[test]
fn uploads_everything_in_bounded_batches_and_empties_the_outbox() {
    let (dir, outbox) = fresh_outbox("all");
    let records = fill(&outbox, 120);
    let server = FakeServer::new(TOKEN);
    let report = client(1).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    assert_eq!(report.outcome, SyncOutcome::Done);
    assert_eq!(
        (report.sent, report.accepted, report.remaining),
        (120, 120, 0)
    );
    assert_eq!(report.next_attempt_at_ms, None);
    let st = server.state.lock().unwrap();
    assert!(
        st.batch_sizes.iter().all(|&n| n <= 50),
        "{:?}",
        st.batch_sizes
    );
    assert_eq!(st.batch_sizes.iter().sum::<usize>(), 120);
    for r in &records {
        let stored: GameRecord = serde_json::from_value(st.stored[&r.id].clone()).unwrap();
        assert_eq!(&stored, r, "the server holds exactly what was played");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lost_acknowledgement_is_resent_and_counted_as_duplicate() {
    let (dir, outbox) = fresh_outbox("ack");
    let records = fill(&outbox, 7);
    let server = FakeServer::new(TOKEN);
    server.push_fault(Fault::LoseResponse);
    let c = client(2);
    let first = c.sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    assert!(matches!(first.outcome, SyncOutcome::RetryLater { .. }));
    assert_eq!(
        first.remaining, 7,
        "nothing deleted without an acknowledgement"
    );
    assert_eq!(server.stored_ids().len(), 7, "the server did store them");
    let again = c.sync_now(&outbox, &server, TOKEN, NOW + 1).unwrap();
    assert_eq!(again.outcome, SyncOutcome::Done);
    assert_eq!(
        (again.duplicates, again.accepted, again.remaining),
        (7, 0, 0)
    );
    let ids: std::collections::BTreeSet<String> = records.iter().map(|r| r.id.clone()).collect();
    assert_eq!(server.stored_ids(), ids, "every game stored exactly once");
    assert_eq!(
        load_state(&outbox).unwrap().consecutive_failures,
        0,
        "success resets the backoff"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_same_batch_sent_twice_is_stored_once() {
    let (dir, outbox) = fresh_outbox("twice");
    let records = fill(&outbox, 3);
    let server = FakeServer::new(TOKEN);
    // A copy of the outbox uploads the same records again (e.g. restored from a backup).
    let (dir2, copy) = fresh_outbox("twice-copy");
    for r in &records {
        copy.write(r).unwrap();
    }
    let a = client(3).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    let b = client(4).sync_once(&copy, &server, TOKEN, NOW).unwrap();
    assert_eq!((a.accepted, a.duplicates), (3, 0));
    assert_eq!((b.accepted, b.duplicates), (0, 3));
    assert_eq!(server.stored_ids().len(), 3);
    assert_eq!((a.remaining, b.remaining), (0, 0));
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&dir2).unwrap();
}

#[test]
fn server_down_keeps_everything_and_backs_off_with_bounded_jitter() {
    let (dir, outbox) = fresh_outbox("down");
    fill(&outbox, 4);
    let server = FakeServer::new(TOKEN);
    let policy = BackoffPolicy {
        base_ms: 1_000,
        max_ms: 60_000,
    };
    let mut config = SyncConfig::new("http://collector.test");
    config.backoff = policy;
    let c = SyncClient::with_seed(config.clone(), 5);
    let mut now = NOW;
    let mut delays = Vec::new();
    for failure in 1..=12u32 {
        server.push_fault(Fault::Down);
        let report = c.sync_now(&outbox, &server, TOKEN, now).unwrap();
        assert!(matches!(report.outcome, SyncOutcome::RetryLater { .. }));
        assert_eq!(report.remaining, 4, "nothing lost while the server is down");
        let next = report.next_attempt_at_ms.unwrap();
        let delay = next - now;
        assert!(
            delay <= policy.ceiling_ms(failure),
            "failure {failure}: {delay} over the ceiling"
        );
        assert!(delay <= policy.max_ms);
        let state = load_state(&outbox).unwrap();
        assert_eq!(state.consecutive_failures, failure);
        assert_eq!(state.next_attempt_at_ms, next);
        delays.push(delay);
        now = next;
    }
    // The ceiling doubles: 1, 2, 4, ... s, capped at 60 s from the 7th failure on.
    assert_eq!(policy.ceiling_ms(1), 1_000);
    assert_eq!(policy.ceiling_ms(4), 8_000);
    assert_eq!(policy.ceiling_ms(7), 60_000);
    assert_eq!(policy.ceiling_ms(40), 60_000);
    // Jitter: the capped delays are not all the same.
    let capped = &delays[6..];
    assert!(
        capped.iter().any(|d| *d != capped[0]),
        "no jitter: {capped:?}"
    );

    // Before the next attempt time (even from a restarted client), nothing is sent.
    let requests_before = server.state.lock().unwrap().requests;
    let restarted = SyncClient::with_seed(config, 6);
    let skipped = restarted
        .sync_once(&outbox, &server, TOKEN, now - 1)
        .unwrap();
    assert_eq!(skipped.outcome, SyncOutcome::NotDue { until_ms: now });
    assert_eq!(
        (skipped.sent, skipped.remaining, skipped.next_attempt_at_ms),
        (0, 4, Some(now))
    );
    assert_eq!(server.state.lock().unwrap().requests, requests_before);
    assert!(dir.join(STATE_FILE).is_file());

    // Server back: everything goes, state resets.
    let done = restarted.sync_once(&outbox, &server, TOKEN, now).unwrap();
    assert_eq!((done.accepted, done.remaining), (4, 0));
    assert_eq!(load_state(&outbox).unwrap(), Default::default());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn backoff_grows_on_average_across_failures() {
    // Full jitter draws uniformly below the ceiling; averaged over many clients the delay after
    // the 6th failure is far above the delay after the 1st.
    let policy = BackoffPolicy {
        base_ms: 1_000,
        max_ms: 1_000_000,
    };
    let mut mean = [0f64; 2];
    for seed in 0..40 {
        let (dir, outbox) = fresh_outbox("mean");
        fill(&outbox, 1);
        let server = FakeServer::new(TOKEN);
        let mut config = SyncConfig::new("http://collector.test");
        config.backoff = policy;
        let c = SyncClient::with_seed(config, seed);
        for failure in 1..=6 {
            server.push_fault(Fault::Status(503));
            let r = c.sync_now(&outbox, &server, TOKEN, NOW).unwrap();
            let delay = (r.next_attempt_at_ms.unwrap() - NOW) as f64;
            if failure == 1 {
                mean[0] += delay / 40.0;
            } else if failure == 6 {
                mean[1] += delay / 40.0;
            }
        }
        fs::remove_dir_all(&dir).unwrap();
    }
    assert!(mean[0] < 1_000.0 && mean[1] > 8_000.0, "means {mean:?}");
}

#[test]
fn retry_after_is_honoured_on_429() {
    let (dir, outbox) = fresh_outbox("429");
    fill(&outbox, 2);
    let server = FakeServer::new(TOKEN);
    server.state.lock().unwrap().retry_after = Some(120);
    server.push_fault(Fault::Status(429));
    let r = client(7).sync_now(&outbox, &server, TOKEN, NOW).unwrap();
    assert!(matches!(&r.outcome, SyncOutcome::RetryLater { reason } if reason.contains("429")));
    assert!(r.next_attempt_at_ms.unwrap() >= NOW + 120_000);
    assert_eq!(r.remaining, 2);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn partial_answers_delete_only_what_was_acknowledged() {
    let (dir, outbox) = fresh_outbox("partial");
    fill(&outbox, 10);
    let server = FakeServer::new(TOKEN);
    server.push_fault(Fault::Partial(3));
    let mut config = SyncConfig::new("http://collector.test");
    config.max_batch_records = 10;
    // Lost answers are retried in later rounds of the same run; afterwards all are stored once.
    let r = SyncClient::with_seed(config, 8)
        .sync_once(&outbox, &server, TOKEN, NOW)
        .unwrap();
    assert_eq!(r.outcome, SyncOutcome::Done);
    assert_eq!(r.accepted, 10);
    assert_eq!(r.remaining, 0);
    let st = server.state.lock().unwrap();
    assert_eq!(
        st.batch_sizes,
        vec![10, 7],
        "the 7 unanswered records were sent again"
    );
    assert_eq!(st.stored.len(), 10);
    drop(st);

    // An answer for none of the records is a failure, and nothing is deleted.
    let (dir2, outbox2) = fresh_outbox("partial0");
    fill(&outbox2, 4);
    server.push_fault(Fault::Partial(0));
    let r = client(9).sync_once(&outbox2, &server, TOKEN, NOW).unwrap();
    assert!(matches!(r.outcome, SyncOutcome::RetryLater { .. }));
    assert_eq!(r.remaining, 4);
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&dir2).unwrap();
}

#[test]
fn rejected_records_are_kept_aside_with_the_servers_reason() {
    let (dir, outbox) = fresh_outbox("rejected");
    let records = fill(&outbox, 6);
    let server = FakeServer::new(TOKEN);
    server
        .state
        .lock()
        .unwrap()
        .reject
        .extend([records[1].id.clone(), records[4].id.clone()]);
    let r = client(10).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    assert_eq!((r.accepted, r.rejected, r.remaining), (4, 2, 0));
    let rejected = outbox.rejected().unwrap();
    let mut expected = vec![records[1].id.clone(), records[4].id.clone()];
    expected.sort();
    assert_eq!(
        rejected.iter().map(|e| e.id.clone()).collect::<Vec<_>>(),
        expected
    );
    assert!(
        rejected
            .iter()
            .all(|e| e.reason.contains("move 3 ('h9') is illegal")),
        "{rejected:?}"
    );
    assert!(!server.stored_ids().contains(&records[1].id));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refused_token_asks_for_registration_and_a_new_token_works() {
    let (dir, outbox) = fresh_outbox("401");
    fill(&outbox, 3);
    let server = FakeServer::new(TOKEN);
    let c = client(11);
    let r = c.sync_once(&outbox, &server, "wrong-token", NOW).unwrap();
    assert_eq!(r.outcome, SyncOutcome::NeedsRegistration);
    assert_eq!(r.remaining, 3);
    assert!(load_state(&outbox).unwrap().needs_registration);
    assert!(server.stored_ids().is_empty());

    let request = RegisterDeviceRequest {
        platform: Platform::Cli,
        app_version: "0.1.0".into(),
    };
    let token = c.register(&server, &request).unwrap();
    assert!(!token.is_empty());
    let r = c.sync_once(&outbox, &server, &token, NOW).unwrap();
    assert_eq!((r.accepted, r.remaining), (3, 0));
    assert!(!load_state(&outbox).unwrap().needs_registration);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn oversized_records_are_set_aside_locally_and_413_shrinks_batches() {
    let (dir, outbox) = fresh_outbox("big");
    let small = fill(&outbox, 5);
    let mut huge = sample_record(1);
    huge.moves = (0..40_000)
        .map(|i| MoveRecord {
            key: i % 7,
            notation: "4".into(),
            stats: None,
        })
        .collect();
    outbox.write(&huge).unwrap();
    let server = FakeServer::new(TOKEN);
    // The server takes at most about two small records per request.
    let one = serde_json::to_vec(&small[0]).unwrap().len();
    server.state.lock().unwrap().body_limit = 2 * one + 200;
    let r = client(12).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    assert_eq!(r.outcome, SyncOutcome::Done);
    assert_eq!((r.accepted, r.rejected_locally, r.remaining), (5, 1, 0));
    let rejected = outbox.rejected().unwrap();
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0].id, huge.id);
    assert!(
        rejected[0].reason.contains("over the upload limit"),
        "{}",
        rejected[0].reason
    );
    assert!(!server.stored_ids().contains(&huge.id));
    assert!(
        server
            .state
            .lock()
            .unwrap()
            .batch_sizes
            .iter()
            .all(|&n| n <= 2)
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn corrupt_outbox_files_are_set_aside_not_sent_not_deleted() {
    let (dir, outbox) = fresh_outbox("corrupt");
    fill(&outbox, 2);
    let bad = "2b4f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
    fs::write(dir.join(format!("{bad}.json")), b"{\"schema_version\":1,").unwrap();
    let server = FakeServer::new(TOKEN);
    let r = client(13).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    assert_eq!((r.accepted, r.rejected_locally, r.remaining), (2, 1, 0));
    assert!(dir.join("rejected").join(format!("{bad}.json")).is_file());
    let rejected = outbox.rejected().unwrap();
    assert!(
        rejected[0].reason.contains("corrupt"),
        "{}",
        rejected[0].reason
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn deferred_records_stay_in_the_outbox_until_the_servers_retry_time() {
    let (dir, outbox) = fresh_outbox("deferred");
    let records = fill(&outbox, 10);
    let server = FakeServer::new(TOKEN);
    // A day's budget with room for three: the server names the next day.
    server.state.lock().unwrap().retry_after = Some(86_401);
    server.push_fault(Fault::Budget(3));
    let report = client(3).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    assert_eq!((report.accepted, report.rejected), (3, 0), "{report:?}");
    assert_eq!(report.remaining, 7, "deferred records are kept");
    assert!(outbox.rejected().unwrap().is_empty(), "and not set aside");
    assert!(
        matches!(&report.outcome, SyncOutcome::RetryLater { reason } if reason.contains("deferred")),
        "{report:?}"
    );
    // Past the client's own 6 h ceiling: the server's time is honoured.
    let next = report.next_attempt_at_ms.expect("a retry time");
    assert!(next >= NOW + 86_401_000, "{next}");
    assert_eq!(
        server.state.lock().unwrap().batch_sizes.len(),
        1,
        "the run stops"
    );
    // Then everything goes, each record once.
    let report = client(3).sync_once(&outbox, &server, TOKEN, next).unwrap();
    assert_eq!(report.outcome, SyncOutcome::Done, "{report:?}");
    assert_eq!(report.remaining, 0);
    let ids: std::collections::BTreeSet<String> = records.iter().map(|r| r.id.clone()).collect();
    assert_eq!(server.stored_ids(), ids);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_status_this_client_does_not_know_keeps_the_record() {
    let (dir, outbox) = fresh_outbox("unknown-status");
    fill(&outbox, 4);
    let server = FakeServer::new(TOKEN);
    server.push_fault(Fault::UnknownStatus);
    let report = client(4).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    assert_eq!((report.accepted, report.rejected), (0, 0), "{report:?}");
    assert_eq!(report.remaining, 4);
    assert!(outbox.rejected().unwrap().is_empty());
    assert!(matches!(report.outcome, SyncOutcome::RetryLater { .. }));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_retry_after_longer_than_two_days_is_cut_to_two_days() {
    let (dir, outbox) = fresh_outbox("long-retry");
    fill(&outbox, 2);
    let server = FakeServer::new(TOKEN);
    server.state.lock().unwrap().retry_after = Some(30 * 86_400);
    server.push_fault(Fault::Status(429));
    let report = client(5).sync_once(&outbox, &server, TOKEN, NOW).unwrap();
    let next = report.next_attempt_at_ms.expect("a retry time");
    assert_eq!(next, NOW + 48 * 3600 * 1000);
    assert_eq!(report.remaining, 2);
    fs::remove_dir_all(&dir).unwrap();
}
