//! Limits and secrets of one server instance.

use crate::ratelimit::RateLimit;

/// How an instance behaves; the CLI fills it from flags and the environment.
#[derive(Debug, Clone)]
pub struct Config {
    /// Largest request body accepted, in bytes (larger: 413).
    pub body_limit: usize,
    /// Most records accepted in one `POST /v1/games` batch (more: 413).
    pub max_batch_records: usize,
    /// Bearer token that opens the export and statistics endpoints. `None` closes them: the
    /// collection is private, and device tokens never read it.
    pub admin_token: Option<String>,
    /// Per-device-token limit on every authenticated endpoint.
    pub rate_limit: RateLimit,
    /// Per-client-address limit on device registration.
    pub registration_limit: RateLimit,
    /// Largest page `GET /v1/games` returns (`limit` is clamped to it).
    pub export_max_page: i64,
}

/// The protocol's upload body bound (`docs/sync-protocol.md`): what clients send at most.
pub const DEFAULT_BODY_LIMIT: usize = ply_core::sync::wire::MAX_BATCH_BYTES;
/// The protocol's batch bound (`docs/sync-protocol.md`).
pub const DEFAULT_MAX_BATCH_RECORDS: usize = ply_core::sync::wire::MAX_BATCH_RECORDS;
/// Default and largest export page.
pub const DEFAULT_EXPORT_PAGE: i64 = 1000;

impl Default for Config {
    fn default() -> Self {
        Config {
            body_limit: DEFAULT_BODY_LIMIT,
            max_batch_records: DEFAULT_MAX_BATCH_RECORDS,
            admin_token: None,
            rate_limit: RateLimit::default(),
            registration_limit: RateLimit {
                per_second: 1.0,
                burst: 20.0,
            },
            export_max_page: DEFAULT_EXPORT_PAGE,
        }
    }
}
