//! The outbox's file handling: atomic one-file-per-record storage, idempotence, listing for the
//! UI, rejected records kept with their reasons, crash leftovers and corrupt files.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod sync_common;

use ply_core::sync::outbox::{Outbox, OutboxError, WriteOutcome};
use std::fs;
use std::time::{Duration, SystemTime};
use sync_common::sample_record;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "ply-outbox-{name}-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    ));
    let _ = fs::remove_dir_all(&dir);
    dir
}

#[test]
fn write_list_read_remove_round_trip() {
    let dir = temp_dir("roundtrip");
    let outbox = Outbox::open(&dir).unwrap();
    let a = sample_record(10);
    let b = sample_record(20);
    assert_eq!(outbox.write(&a).unwrap(), WriteOutcome::Written);
    assert_eq!(outbox.write(&b).unwrap(), WriteOutcome::Written);
    // One file per record, named by id, holding exactly the record.
    assert!(dir.join(format!("{}.json", a.id)).is_file());
    assert_eq!(outbox.read(&a.id).unwrap(), a);
    assert_eq!(outbox.read(&b.id).unwrap(), b);

    let listed: Vec<String> = outbox.list().unwrap().into_iter().map(|e| e.id).collect();
    let mut expected = vec![a.id.clone(), b.id.clone()];
    expected.sort();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(sorted, expected);

    let status = outbox.status().unwrap();
    assert_eq!(status.pending, 2);
    let on_disk: u64 = [&a.id, &b.id]
        .iter()
        .map(|id| fs::metadata(dir.join(format!("{id}.json"))).unwrap().len())
        .sum();
    assert_eq!(status.pending_bytes, on_disk);
    assert_eq!(status.rejected, 0);

    assert!(outbox.remove(&a.id).unwrap());
    assert!(!outbox.remove(&a.id).unwrap());
    assert_eq!(outbox.status().unwrap().pending, 1);
    assert!(matches!(outbox.read(&a.id), Err(OutboxError::NotFound(_))));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn writing_the_same_id_twice_changes_nothing() {
    let dir = temp_dir("idem");
    let outbox = Outbox::open(&dir).unwrap();
    let a = sample_record(5);
    assert_eq!(outbox.write(&a).unwrap(), WriteOutcome::Written);
    let mut changed = a.clone();
    changed.moves.clear();
    assert_eq!(
        outbox.write(&changed).unwrap(),
        WriteOutcome::AlreadyPending
    );
    assert_eq!(outbox.read(&a.id).unwrap(), a, "first write wins");
    outbox.reject(&a.id, "test reason").unwrap();
    assert_eq!(outbox.write(&a).unwrap(), WriteOutcome::AlreadyRejected);
    assert_eq!(outbox.status().unwrap().pending, 0);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rejected_records_are_kept_aside_with_their_reason() {
    let dir = temp_dir("reject");
    let outbox = Outbox::open(&dir).unwrap();
    let a = sample_record(5);
    let b = sample_record(6);
    outbox.write(&a).unwrap();
    outbox.write(&b).unwrap();
    outbox.reject(&a.id, "move 3 ('h9') is illegal").unwrap();
    let rejected = outbox.rejected().unwrap();
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0].id, a.id);
    assert_eq!(rejected[0].reason, "move 3 ('h9') is illegal");
    let kept: ply_core::record::GameRecord = serde_json::from_slice(
        &fs::read(dir.join("rejected").join(format!("{}.json", a.id))).unwrap(),
    )
    .unwrap();
    assert_eq!(kept, a);
    let status = outbox.status().unwrap();
    assert_eq!((status.pending, status.rejected), (1, 1));
    assert!(matches!(
        outbox.reject(&a.id, "again"),
        Err(OutboxError::NotFound(_))
    ));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn temp_files_are_never_listed_and_stale_ones_are_cleaned() {
    let dir = temp_dir("temps");
    let outbox = Outbox::open(&dir).unwrap();
    let a = sample_record(5);
    outbox.write(&a).unwrap();
    // A crash mid-write leaves a partial temp file; a live writer's temp file is young.
    let stale = dir.join(".tmp-999-00000000deadbeef");
    let young = dir.join(".tmp-998-00000000feedf00d");
    fs::write(&stale, b"{\"schema_version\":1,\"id\":\"trunc").unwrap();
    fs::write(&young, b"{\"schema_").unwrap();
    let old = SystemTime::now() - Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let ids: Vec<String> = outbox.list().unwrap().into_iter().map(|e| e.id).collect();
    assert_eq!(ids, vec![a.id.clone()]);

    let reopened = Outbox::open(&dir).unwrap();
    assert!(!stale.exists(), "stale temp file removed on open");
    assert!(
        young.exists(),
        "a young temp file may be a write in progress elsewhere"
    );
    assert_eq!(reopened.status().unwrap().pending, 1);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn corrupt_files_are_reported_and_never_deleted() {
    let dir = temp_dir("corrupt");
    let outbox = Outbox::open(&dir).unwrap();
    let good = sample_record(5);
    outbox.write(&good).unwrap();
    let bad_id = "0b4f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
    let bad_path = dir.join(format!("{bad_id}.json"));
    fs::write(&bad_path, b"{\"schema_version\":1,\"id\":\"0b4f").unwrap();
    // A file whose content names another record is corrupt too.
    let other_id = "1b4f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
    let mut wrong = sample_record(2);
    wrong.id = good.id.clone();
    fs::write(
        dir.join(format!("{other_id}.json")),
        serde_json::to_vec(&wrong).unwrap(),
    )
    .unwrap();

    let check = outbox.check().unwrap();
    assert_eq!(check.records, vec![good.clone()]);
    let mut corrupt: Vec<&str> = check.corrupt.iter().map(|c| c.id.as_str()).collect();
    corrupt.sort();
    assert_eq!(corrupt, vec![bad_id, other_id]);
    assert!(check.corrupt.iter().all(|c| !c.reason.is_empty()));
    assert!(bad_path.exists(), "corrupt files stay where they are");
    assert_eq!(outbox.status().unwrap().pending, 3);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_size_cap_only_warns() {
    let dir = temp_dir("cap");
    let outbox = Outbox::open(&dir).unwrap().with_soft_cap(1000);
    let records: Vec<_> = (0..5).map(|_| sample_record(40)).collect();
    for r in &records {
        assert_eq!(outbox.write(r).unwrap(), WriteOutcome::Written);
    }
    let status = outbox.status().unwrap();
    assert!(status.pending_bytes > 1000);
    assert!(status.over_soft_cap);
    assert_eq!(status.pending, 5, "nothing dropped over the cap");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_ids_are_refused_before_touching_the_disk() {
    let dir = temp_dir("badid");
    let outbox = Outbox::open(&dir).unwrap();
    let mut r = sample_record(1);
    r.id = "../../etc/passwd".into();
    assert!(matches!(outbox.write(&r), Err(OutboxError::BadId(_))));
    assert!(matches!(outbox.remove("../x"), Err(OutboxError::BadId(_))));
    assert!(matches!(outbox.read_bytes("X"), Err(OutboxError::BadId(_))));
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        1,
        "only rejected/ exists"
    );
    fs::remove_dir_all(&dir).unwrap();
}
