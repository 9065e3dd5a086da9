//! Limits and secrets of one server instance.

use std::net::IpAddr;

use crate::budget::StorageBudget;
use crate::conn::ConnectionLimits;
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
    /// Per-client-address limit on requests that fail authentication (missing, malformed or
    /// unknown device token, wrong admin token). Consulted before the token is looked at, so
    /// an address that used it up cannot try another token until it refills.
    pub auth_failure_limit: RateLimit,
    /// Per-client-address limit on the admin endpoints (export, statistics), good token or not.
    pub admin_limit: RateLimit,
    /// Peers whose `X-Forwarded-For` names the client (reverse proxies); empty: the TCP peer
    /// is the client and the header is ignored. See [`crate::client_addr`].
    pub trusted_proxies: Vec<IpAddr>,
    /// Largest page `GET /v1/games` returns (`limit` is clamped to it).
    pub export_max_page: i64,
    /// What devices, addresses and new devices may store per day (see [`crate::budget`]).
    pub budget: StorageBudget,
    /// Lookups of device tokens allowed per second, all addresses together, for addresses
    /// whose failed-authentication allowance is used up: a good device behind such an address
    /// (a carrier NAT shared with a guesser) still gets in, and guessing stays slow.
    pub throttled_lookups: RateLimit,
    /// Connection and request-body limits (timeouts, caps, body budget, shutdown grace).
    pub connections: ConnectionLimits,
}

/// The protocol's upload body bound (`docs/sync-protocol.md`): what clients send at most.
pub const DEFAULT_BODY_LIMIT: usize = ply_core::sync::wire::MAX_BATCH_BYTES;
/// The protocol's batch bound (`docs/sync-protocol.md`).
pub const DEFAULT_MAX_BATCH_RECORDS: usize = ply_core::sync::wire::MAX_BATCH_RECORDS;
/// Shortest admin token the server starts with (unless `--allow-weak-admin-token`): 32
/// characters of a random token are far beyond guessing at the throttled rate.
pub const MIN_ADMIN_TOKEN_LEN: usize = 32;
/// Default and largest export page.
pub const DEFAULT_EXPORT_PAGE: i64 = 1000;

impl Default for Config {
    fn default() -> Self {
        Config {
            body_limit: DEFAULT_BODY_LIMIT,
            max_batch_records: DEFAULT_MAX_BATCH_RECORDS,
            admin_token: None,
            rate_limit: RateLimit::default(),
            // Twenty at once, then a hundred a day: an address rarely installs more apps, and
            // an address rotating tokens gets no storage from them (the new devices' budgets).
            registration_limit: RateLimit {
                per_second: 100.0 / 86_400.0,
                burst: 20.0,
            },
            // Ten mistakes at once, then one every ten seconds: a client with a stale token
            // re-registers long before, and a guesser gets 8640 tries a day.
            auth_failure_limit: RateLimit {
                per_second: 0.1,
                burst: 10.0,
            },
            admin_limit: RateLimit {
                per_second: 2.0,
                burst: 30.0,
            },
            trusted_proxies: Vec::new(),
            export_max_page: DEFAULT_EXPORT_PAGE,
            budget: StorageBudget::default(),
            throttled_lookups: RateLimit {
                per_second: 20.0,
                burst: 40.0,
            },
            connections: ConnectionLimits::default(),
        }
    }
}

/// Why an admin token is refused at start-up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdminTokenError {
    /// Shorter than [`MIN_ADMIN_TOKEN_LEN`].
    #[error(
        "the admin token has {0} characters; at least {MIN_ADMIN_TOKEN_LEN} are required \
         (generate one with `ply-server --generate-admin-token`, or pass \
         --allow-weak-admin-token to start anyway)"
    )]
    TooShort(usize),
}

/// Checks a configured admin token's strength; `allow_weak` accepts any non-empty one.
pub fn check_admin_token(token: &str, allow_weak: bool) -> Result<(), AdminTokenError> {
    let len = token.chars().count();
    if len < MIN_ADMIN_TOKEN_LEN && !allow_weak {
        return Err(AdminTokenError::TooShort(len));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_admin_tokens_need_the_explicit_flag() {
        let short = "a".repeat(MIN_ADMIN_TOKEN_LEN - 1);
        assert_eq!(
            check_admin_token(&short, false),
            Err(AdminTokenError::TooShort(MIN_ADMIN_TOKEN_LEN - 1))
        );
        assert!(check_admin_token(&short, true).is_ok());
        assert!(check_admin_token(&"a".repeat(MIN_ADMIN_TOKEN_LEN), false).is_ok());
    }
}
