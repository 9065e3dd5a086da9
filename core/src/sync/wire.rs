//! The sync protocol's messages, shared by the client (this crate) and the collector server
//! (`ply-server`), so both sides serialise exactly the same JSON.
//!
//! - `POST /v1/devices` with [`RegisterDeviceRequest`] → `200` [`RegisterDeviceResponse`].
//! - `POST /v1/games` with `Authorization: Bearer <token>` and [`UploadRequest`] → `200`
//!   [`UploadResponse`], one [`UploadResult`] per record in request order.
//! - Errors of a whole request (`400`, `401`, `413`, `429`, `5xx`) carry an [`ErrorBody`].

use crate::record::{Platform, RamBucket};
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
    /// The record's id as sent (empty if the record had no readable id).
    pub id: String,
    pub status: UploadStatus,
    /// Why it was rejected (the `RecordError` message); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
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
}

impl UploadStatus {
    /// Whether the server now holds the record, so the client may delete it.
    pub fn is_stored(self) -> bool {
        matches!(self, UploadStatus::Accepted | UploadStatus::Duplicate)
    }
}

/// Body of `POST /v1/devices`: what kind of install this is, nothing identifying.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisterDeviceRequest {
    pub platform: Platform,
    pub app_version: String,
    #[serde(default = "unknown_ram")]
    pub ram_bucket: RamBucket,
}

fn unknown_ram() -> RamBucket {
    RamBucket::Unknown
}

/// Answer to `POST /v1/devices`: the bearer token for uploads (shown once; the server keeps only
/// a hash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisterDeviceResponse {
    pub token: String,
}

/// JSON body of every error response.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// Stable machine code: `unauthorized`, `body_too_large`, `rate_limited`, `bad_request`, ...
    pub error: String,
    /// Human-readable explanation.
    pub message: String,
}
