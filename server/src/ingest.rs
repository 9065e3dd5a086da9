//! From an uploaded record to a row: parse it with `ply-core`, validate it by replaying every
//! move through the rules, and extract the columns the statistics group by. The record format
//! and the wire messages are `ply_core::record` and `ply_core::sync::wire`; nothing here
//! redefines them.

use axum::http::StatusCode;
use ply_core::record::{self, GameRecord, PlayerKind, RecordError, ValidatedGame};
use ply_core::sync::wire::UploadResult;
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::auth::sha256_hex;
use crate::db::{MoveRow, PlayerRow, StoredRecord};
use crate::error::ApiError;
use crate::extract::parse_envelope;

/// The batch envelope (`ply_core::sync::wire::UploadRequest`'s shape); each record is kept raw
/// so one bad record is rejected alone, with its own reason.
#[derive(Debug, Deserialize)]
struct Batch<'a> {
    #[serde(borrow)]
    records: Vec<&'a RawValue>,
}

/// Reads an upload body and checks every record in it: the rows to store, or each record's
/// rejection, in request order. A body that is not a batch, or holds more than `max_records`,
/// is refused whole. CPU only (the validator replays every move): run it off the async workers.
pub fn check_batch(
    body: &[u8],
    max_records: usize,
) -> Result<Vec<Result<StoredRecord, UploadResult>>, ApiError> {
    let batch: Batch<'_> = parse_envelope(body)?;
    if batch.records.len() > max_records {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_records",
            format!(
                "batch has {} records; at most {max_records} are accepted per request",
                batch.records.len()
            ),
        ));
    }
    Ok(batch.records.iter().map(|raw| check(raw.get())).collect())
}

/// [`check_batch`] for a device with no room left today: only the records already stored
/// (their ids in `stored`) are replayed, so that a re-sent one is answered `duplicate` (or a
/// conflict) whatever the budget; the others are answered `deferred` with `message`, unread.
pub fn check_stored_only(
    body: &[u8],
    max_records: usize,
    stored: &std::collections::HashSet<String>,
    message: &str,
) -> Result<Vec<Result<StoredRecord, UploadResult>>, ApiError> {
    let batch: Batch<'_> = parse_envelope(body)?;
    if batch.records.len() > max_records {
        return check_batch(body, max_records);
    }
    Ok(batch
        .records
        .iter()
        .map(|raw| match id_of(raw.get()) {
            Some(id) if !stored.contains(&id) => Err(UploadResult::deferred(id, message)),
            _ => check(raw.get()),
        })
        .collect())
}

/// Engine name stored for human seats.
pub const HUMAN: &str = crate::engines::HUMAN;

/// Code of the rejection for an id already stored with a different body.
pub const ID_CONFLICT: &str = "id_conflict";

/// Validates one raw record and prepares its row, or answers why it is rejected (with the id
/// as sent, if one could be read).
pub fn check(raw: &str) -> Result<StoredRecord, UploadResult> {
    let parsed = record::parse_record(raw.as_bytes()).and_then(|record| {
        let validated = record::validate(&record)?;
        Ok((record, validated))
    });
    match parsed {
        Ok((record, validated)) => {
            to_row(&record, &validated).map_err(|err| rejected(Some(record.id.clone()), &err))
        }
        Err(err) => Err(rejected(id_of(raw), &err)),
    }
}

/// A rejection carrying the record error's code and message.
pub fn rejected(id: Option<String>, err: &RecordError) -> UploadResult {
    UploadResult::rejected(id, err.code(), err.to_string())
}

/// The rejection of a record whose id is already stored with different content.
pub fn conflict(id: &str) -> UploadResult {
    UploadResult::rejected(
        Some(id.to_owned()),
        ID_CONFLICT,
        format!("a different record with id '{id}' is already stored"),
    )
}

/// The ids of a batch's records, read without validating anything (empty when the body is not
/// a batch): enough to tell a batch of re-sent records from new ones.
pub fn batch_ids(body: &[u8]) -> Vec<String> {
    match parse_envelope::<Batch<'_>>(body) {
        Ok(batch) => batch
            .records
            .iter()
            .filter_map(|r| id_of(r.get()))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// The `id` field of a record that failed to parse, if it is a string.
fn id_of(raw: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct IdOnly {
        id: Option<serde_json::Value>,
    }
    serde_json::from_str::<IdOnly>(raw)
        .ok()
        .and_then(|r| r.id)
        .and_then(|v| v.as_str().map(str::to_owned))
}

fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// The row of a validated record. The stored body is the record re-serialised by `ply-core`
/// (canonical: field order and spelling fixed, the start position parsed and written again, and
/// left out when it is the standard start however spelled), so the same game sent twice hashes
/// the same and every export writes the position the rules read.
pub fn to_row(record: &GameRecord, validated: &ValidatedGame) -> Result<StoredRecord, RecordError> {
    let record = &validated.canonical(record);
    let body = record
        .to_json()
        .map_err(|e| RecordError::Malformed(e.to_string()))?;
    let outcome = &validated.outcome;
    let result = match outcome.winner {
        Some(w) => format!("win:{w}"),
        None => "draw".to_owned(),
    };
    // People by their seat's kind; computers by their algorithm as the statistics name it
    // (a bounded set: a free-form name would make a row of its own and be repeated per row).
    let seat_engine = |seat: usize| -> (bool, String, i64, Option<i64>) {
        match record.players.get(seat) {
            Some(p) if p.kind == PlayerKind::Computer => p.engine.as_ref().map_or_else(
                || (false, crate::engines::OTHER.to_owned(), 0, None),
                |e| {
                    (
                        false,
                        crate::engines::normalise(&e.algorithm).to_owned(),
                        i64::from(e.depth.unwrap_or(0)),
                        e.level.map(i64::from),
                    )
                },
            ),
            _ => (true, HUMAN.to_owned(), 0, None),
        }
    };
    let players = (0..record.players.len())
        .map(|seat| {
            let (human, engine, depth, level) = seat_engine(seat);
            let player = u8::try_from(seat).unwrap_or(u8::MAX);
            let outcome = match outcome.sign_for(player) {
                1 => "win",
                0 => "draw",
                _ => "loss",
            };
            PlayerRow {
                seat: seat as i64,
                human,
                engine,
                depth,
                outcome: outcome.to_owned(),
                level,
            }
        })
        .collect();
    let moves = record
        .moves
        .iter()
        .zip(&validated.moves)
        .enumerate()
        .filter_map(|(ply, (m, v))| {
            let stats = m.stats?;
            let (_, engine, depth, _) = seat_engine(usize::from(v.mover));
            Some(MoveRow {
                ply: ply as i64,
                seat: i64::from(v.mover),
                engine,
                depth,
                phase: v.phase.name().to_owned(),
                nodes: to_i64(stats.nodes),
                time_ms: to_i64(stats.time_ms),
            })
        })
        .collect();
    Ok(StoredRecord {
        id: record.id.clone(),
        body_sha256: sha256_hex(body.as_bytes()),
        body,
        game: record.game.name().to_owned(),
        variant: record.variant.clone(),
        result,
        plies: record.moves.len() as i64,
        standard_start: validated.standard_start,
        players,
        moves,
    })
}
