//! From an uploaded record to a row: parse, validate by replaying every move through `ply-core`,
//! and extract the columns the statistics group by.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::auth::sha256_hex;
use crate::db::StoredRecord;

/// What the server did with one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Stored now.
    Accepted,
    /// Already stored (same id, same content): the client may forget it.
    Duplicate,
    /// Not stored, and resending will not help: see the reason.
    Rejected,
}

/// Why a record was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reason {
    /// Stable code (`invalid_record`, `unsupported_schema_version`, `illegal_move`,
    /// `result_mismatch`, `id_conflict`, ...).
    pub code: String,
    /// What is wrong and where.
    pub message: String,
}

/// One record's result, in request order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordResult {
    /// The record's id, when it could be read.
    pub id: Option<String>,
    /// Accepted, duplicate or rejected.
    pub status: Status,
    /// Set when rejected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

/// The answer to `POST /v1/games`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UploadResponse {
    /// One result per uploaded record, in order.
    pub results: Vec<RecordResult>,
}

impl RecordResult {
    /// Stored now.
    pub fn accepted(id: String) -> Self {
        RecordResult {
            id: Some(id),
            status: Status::Accepted,
            reason: None,
        }
    }

    /// Already stored.
    pub fn duplicate(id: String) -> Self {
        RecordResult {
            id: Some(id),
            status: Status::Duplicate,
            reason: None,
        }
    }

    /// A different record with this id is stored.
    pub fn conflict(id: String) -> Self {
        Self::rejected(
            Some(id),
            "id_conflict",
            "a different record with this id is already stored".to_owned(),
        )
    }

    /// Rejected for `code`.
    pub fn rejected(id: Option<String>, code: &str, message: String) -> Self {
        RecordResult {
            id,
            status: Status::Rejected,
            reason: Some(Reason {
                code: code.to_owned(),
                message,
            }),
        }
    }
}

/// Validates one raw record and prepares its row, or says why it is rejected.
pub fn check(raw: &RawValue) -> Result<StoredRecord, RecordResult> {
    let id = serde_json::from_str::<IdOnly>(raw.get())
        .ok()
        .and_then(|r| r.id);
    // Record validation lands with ply_core::record; until then nothing is accepted.
    let _ = sha256_hex;
    Err(RecordResult::rejected(
        id,
        "invalid_record",
        "record validation is not available yet".to_owned(),
    ))
}

#[derive(Deserialize)]
struct IdOnly {
    id: Option<String>,
}
