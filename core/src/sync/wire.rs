//! The sync protocol's messages, shared by the client (this crate) and the collector server
//! (`ply-server`), so both sides serialise exactly the same JSON.
//!
//! - `POST /v1/devices` with [`RegisterDeviceRequest`] → `200` [`RegisterDeviceResponse`].
//! - `POST /v1/games` with `Authorization: Bearer <token>` and [`UploadRequest`] → `200`
//!   [`UploadResponse`], one [`UploadResult`] per record in request order.
//! - Errors of a whole request (`400`, `401`, `413`, `429`, `5xx`) carry an [`ErrorBody`].

use crate::record::Platform;
use serde::{Deserialize, Serialize};

/// Path of device registration.
pub const DEVICES_PATH: &str = "/v1/devices";
/// Path of game upload (and of the server's export).
pub const GAMES_PATH: &str = "/v1/games";
/// Most records in one upload request.
pub const MAX_BATCH_RECORDS: usize = 50;
/// Largest upload request body in bytes; servers should accept at least this much.
pub const MAX_BATCH_BYTES: usize = 1024 * 1024;

/// Body of `POST /v1/games`. Records are sent as JSON values so the server can answer for each
/// one separately, even for records it cannot parse.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UploadRequest {
    pub records: Vec<serde_json::Value>,
}

/// Answer to `POST /v1/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UploadResponse {
    /// One entry per uploaded record, in request order.
    pub results: Vec<UploadResult>,
}

/// The server's verdict on one record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UploadResult {
    /// The record's id as sent; absent if the record had no readable id.
    #[serde(default)]
    pub id: Option<String>,
    pub status: UploadStatus,
    /// Why it was rejected; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<RejectReason>,
}

impl UploadResult {
    pub fn accepted(id: impl Into<String>) -> Self {
        UploadResult {
            id: Some(id.into()),
            status: UploadStatus::Accepted,
            reason: None,
        }
    }
    pub fn duplicate(id: impl Into<String>) -> Self {
        UploadResult {
            id: Some(id.into()),
            status: UploadStatus::Duplicate,
            reason: None,
        }
    }
    pub fn rejected(
        id: Option<String>,
        code: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        UploadResult {
            id,
            status: UploadStatus::Rejected,
            reason: Some(RejectReason {
                code: code.into(),
                message: message.into(),
            }),
        }
    }
    /// Not stored now, to be sent again later; `message` says which budget is used up.
    pub fn deferred(id: impl Into<String>, message: impl Into<String>) -> Self {
        UploadResult {
            id: Some(id.into()),
            status: UploadStatus::Deferred,
            reason: Some(RejectReason {
                code: "budget_exhausted".into(),
                message: message.into(),
            }),
        }
    }
}

/// Why a record was rejected: a stable code (`RecordError::code`, or the server's own such as
/// `id_conflict`) and a message saying what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejectReason {
    pub code: String,
    pub message: String,
}

/// Accepted and duplicate both mean "the server has it": the client may delete its copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UploadStatus {
    /// Stored now.
    Accepted,
    /// Already stored earlier under this id (a re-send after a lost acknowledgement).
    Duplicate,
    /// Refused for good (invalid record); the client keeps it aside with the reason.
    Rejected,
    /// Valid, but over this device's storage budget for now: the client keeps it in the outbox
    /// and sends it again after the response's `Retry-After`.
    Deferred,
    /// A status this build does not know (a newer server's): the record is kept and sent again
    /// later, never deleted nor set aside on a word it cannot read.
    #[serde(other)]
    Unknown,
}

impl UploadStatus {
    /// Whether the server now holds the record, so the client may delete it.
    pub fn is_stored(self) -> bool {
        matches!(self, UploadStatus::Accepted | UploadStatus::Duplicate)
    }
}

/// Body of `POST /v1/devices`: what kind of install this is, nothing identifying. An empty body
/// is allowed too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisterDeviceRequest {
    pub platform: Platform,
    pub app_version: String,
}

/// Answer to `POST /v1/devices` (status 201): the bearer token for uploads, shown once (the
/// server keeps only a hash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisterDeviceResponse {
    #[serde(default)]
    pub device_id: Option<String>,
    pub token: String,
}

/// JSON body of every error response: `{ "error": { "code": ..., "message": ... } }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// The error inside an [`ErrorBody`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorDetail {
    /// Stable machine code: `unauthorized`, `payload_too_large`, `rate_limited`, ...
    pub code: String,
    /// Human-readable explanation.
    pub message: String,
}
