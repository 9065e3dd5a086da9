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
    /// Registrations from all addresses together (each adds a device row).
    pub registrations_total: RateLimit,
    /// Devices that stored nothing are deleted this long after registering (0: never).
    pub idle_device_ttl: std::time::Duration,
    /// How long an answer of `/v1/stats` (and its charts) is reused while nothing new was
    /// stored through this instance (0: never reused).
    pub stats_cache: std::time::Duration,
    /// Per-client-address limit on requests that fail authentication (missing, malformed or
    /// unknown device token, wrong admin token). Consulted before the token is looked at, so
    /// an address that used it up cannot try another token until it refills.
    pub auth_failure_limit: RateLimit,
    /// Per-client-address limit on the admin endpoints (export, statistics), for requests with
    /// the right token (wrong ones count as failed authentications).
    pub admin_limit: RateLimit,
    /// Per-client-address limit on `GET /healthz`.
    pub health_limit: RateLimit,
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
    /// The same per throttled address, so one address cannot use up the look-ups of all.
    pub throttled_lookups_per_address: RateLimit,
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
            // Ten thousand device rows a day at most (about 3 MB), a thousand at once.
            registrations_total: RateLimit {
                per_second: 10_000.0 / 86_400.0,
                burst: 1_000.0,
            },
            idle_device_ttl: std::time::Duration::from_secs(7 * 86_400),
            stats_cache: std::time::Duration::from_secs(5),
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
            // A load balancer or monitor checks every few seconds from a few addresses.
            health_limit: RateLimit {
                per_second: 5.0,
                burst: 20.0,
            },
            trusted_proxies: Vec::new(),
            export_max_page: DEFAULT_EXPORT_PAGE,
            budget: StorageBudget::default(),
            throttled_lookups: RateLimit {
                per_second: 20.0,
                burst: 40.0,
            },
            // Ten devices new to this instance at once behind a throttled address, then one
            // every six seconds; a guesser there gains that little.
            throttled_lookups_per_address: RateLimit {
                per_second: 1.0 / 6.0,
                burst: 10.0,
            },
            connections: ConnectionLimits::default(),
        }
    }
}

/// Fewest different characters an admin token must use: 32 random hex digits show 14 on
/// average (fewer than 10 about once in 10^5 draws; 64 of them, as generated, once in 10^12),
/// while a word or a pattern repeated to length shows a handful.
pub const MIN_ADMIN_TOKEN_DISTINCT: usize = 10;

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
    /// Holds white space or a control character (a paste gone wrong, or a padded word).
    #[error(
        "the admin token holds white space or a control character; use \
         `ply-server --generate-admin-token`"
    )]
    Whitespace,
    /// Too few different characters, or a shorter text repeated: no real entropy.
    #[error(
        "the admin token is not random enough ({0}); use `ply-server --generate-admin-token` \
         (or pass --allow-weak-admin-token to start anyway)"
    )]
    Guessable(String),
}

/// Checks a configured admin token's strength; `allow_weak` accepts any non-empty one. The
/// rule: at least [`MIN_ADMIN_TOKEN_LEN`] characters, none of them white space or control,
/// at least [`MIN_ADMIN_TOKEN_DISTINCT`] different ones, and not a shorter text repeated.
/// A token from `--generate-admin-token` (64 random hex digits) passes. The rule catches
/// repeated characters and patterns, not a passphrase of dictionary words: the generated token
/// is the one to use.
pub fn check_admin_token(token: &str, allow_weak: bool) -> Result<(), AdminTokenError> {
    if allow_weak {
        return Ok(());
    }
    let chars: Vec<char> = token.chars().collect();
    if chars.len() < MIN_ADMIN_TOKEN_LEN {
        return Err(AdminTokenError::TooShort(chars.len()));
    }
    if chars.iter().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(AdminTokenError::Whitespace);
    }
    let distinct = chars.iter().collect::<std::collections::HashSet<_>>().len();
    if distinct < MIN_ADMIN_TOKEN_DISTINCT {
        return Err(AdminTokenError::Guessable(format!(
            "{distinct} different characters, at least {MIN_ADMIN_TOKEN_DISTINCT} needed"
        )));
    }
    if let Some(period) = (1..=chars.len() / 2)
        .find(|&p| chars.len().is_multiple_of(p) && chars.chunks(p).all(|c| c == &chars[..p]))
    {
        return Err(AdminTokenError::Guessable(format!(
            "its first {period} characters repeated"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admin_tokens_need_length_and_entropy() {
        let short = "a".repeat(MIN_ADMIN_TOKEN_LEN - 1);
        assert_eq!(
            check_admin_token(&short, false),
            Err(AdminTokenError::TooShort(MIN_ADMIN_TOKEN_LEN - 1))
        );
        // What the probe started the server with.
        for weak in [
            "a".repeat(32),
            "password".repeat(4),
            "0123456789abcdef".repeat(2),
            "abcabcabcabcabcabcabcabcabcabcab".to_owned(),
        ] {
            assert!(
                matches!(
                    check_admin_token(&weak, false),
                    Err(AdminTokenError::Guessable(_))
                ),
                "{weak}"
            );
        }
        assert_eq!(
            check_admin_token(&" ".repeat(32), false),
            Err(AdminTokenError::Whitespace)
        );
        assert_eq!(
            check_admin_token("abcdefghijklmnopqrstuvwxyz01234 56789", false),
            Err(AdminTokenError::Whitespace)
        );
        // Generated tokens and other random ones pass; the flag accepts anything.
        for _ in 0..100 {
            assert_eq!(
                check_admin_token(&crate::auth::new_admin_token(), false),
                Ok(())
            );
        }
        assert_eq!(
            check_admin_token("Xq7#vR2p!Lm9@Tz4$Kw8&Nb3*Hd6^Fs1", false),
            Ok(())
        );
        assert!(check_admin_token(&short, true).is_ok());
        assert!(check_admin_token(&"a".repeat(32), true).is_ok());
    }
}
