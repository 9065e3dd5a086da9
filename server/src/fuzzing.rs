//! Body of the `upload_body` fuzz target (`fuzz/`), a plain function so that stable tests run
//! it over the checked-in corpus (`server/tests/fuzz_corpus.rs`) and nightly fuzzes it.

use ply_core::record::{limits, parse_record, validate_at};
use ply_core::sync::wire::{MAX_BATCH_RECORDS, UploadStatus};

use crate::auth::sha256_hex;
use crate::ingest;

/// Runs the upload endpoint's body handling on `data`: the envelope, the batch bound, and every
/// record's validation and row. Whatever the bytes, the answer is a typed refusal or one verdict
/// per record; every row to be stored carries numbers the statistics can sum.
pub fn upload_body(data: &[u8]) {
    let checked = match ingest::check_batch(data, MAX_BATCH_RECORDS) {
        Ok(checked) => checked,
        Err(err) => {
            assert!(
                err.status.is_client_error(),
                "a bad body is the client's error, not {}",
                err.status
            );
            return;
        }
    };
    assert!(checked.len() <= MAX_BATCH_RECORDS);
    for verdict in checked {
        match verdict {
            Err(rejection) => {
                assert_eq!(rejection.status, UploadStatus::Rejected);
                assert!(rejection.reason.is_some_and(|r| !r.code.is_empty()));
            }
            Ok(row) => {
                assert_eq!(row.body_sha256, sha256_hex(row.body.as_bytes()));
                // The stored body is canonical: read again, it is its own canonical form.
                let stored = parse_record(row.body.as_bytes())
                    .unwrap_or_else(|e| panic!("a stored body does not parse: {e}"));
                let validated = validate_at(&stored, u64::MAX)
                    .unwrap_or_else(|e| panic!("a stored body does not validate: {e}"));
                assert_eq!(stored.start_position, validated.canonical_start);
                assert_eq!(row.standard_start, validated.standard_start);
                assert_eq!(row.players.len(), 2);
                assert!(row.plies >= 0 && row.plies <= limits::MAX_MOVES as i64);
                for p in &row.players {
                    assert!(matches!(p.outcome.as_str(), "win" | "draw" | "loss"));
                    assert!((0..=i64::from(limits::MAX_SEARCH_DEPTH)).contains(&p.depth));
                }
                for m in &row.moves {
                    assert!((0..=limits::MAX_MOVE_NODES as i64).contains(&m.nodes));
                    assert!((0..=limits::MAX_MOVE_TIME_MS as i64).contains(&m.time_ms));
                    assert!((0..=i64::from(limits::MAX_SEARCH_DEPTH)).contains(&m.depth));
                }
            }
        }
    }
}
