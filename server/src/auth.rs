//! Device tokens: random bearer secrets handed out once; only their SHA-256 is stored.

use axum::http::{HeaderMap, header};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// Bytes of randomness in a device token (256 bits).
const TOKEN_BYTES: usize = 32;
/// Prefix of every device token, so a leaked one is recognisable in logs and scanners.
pub const TOKEN_PREFIX: &str = "ply_";

/// A fresh random device token (`ply_` followed by 64 hex digits) from the OS-seeded generator.
pub fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    format!("{TOKEN_PREFIX}{}", hex(&bytes))
}

/// A fresh random identifier (32 hex digits) for a device row.
pub fn new_device_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// SHA-256 of `text`, lower-case hex. Tokens are high-entropy, so an unsalted fast hash is
/// enough: nothing can be guessed from it, and it can be looked up by equality.
pub fn sha256_hex(text: &[u8]) -> String {
    hex(&Sha256::digest(text))
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

/// The token of an `Authorization: Bearer <token>` header, or 401 saying what is missing.
pub fn bearer_token(headers: &HeaderMap) -> Result<&str, ApiError> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(|| ApiError::unauthorized("missing Authorization: Bearer <token> header"))?;
    let value = value
        .to_str()
        .map_err(|_| ApiError::unauthorized("Authorization header is not ASCII"))?;
    let (scheme, token) = value
        .split_once(' ')
        .ok_or_else(|| ApiError::unauthorized("Authorization header must be 'Bearer <token>'"))?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(ApiError::unauthorized(
            "Authorization scheme must be Bearer",
        ));
    }
    let token = token.trim();
    if token.is_empty() {
        return Err(ApiError::unauthorized("empty bearer token"));
    }
    Ok(token)
}

/// Compares two secrets in time independent of their contents and lengths: both are hashed
/// to 32 bytes first, and the digests are compared without an early exit.
pub fn secrets_equal(a: &[u8], b: &[u8]) -> bool {
    let (a, b) = (Sha256::digest(a), Sha256::digest(b));
    a.iter()
        .zip(b.iter())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
}

/// Hashes of device tokens that authenticated recently, so that a good device is never locked
/// out by its address's failed-authentication limit (a carrier NAT it shares with a guesser).
/// Bounded: when full, one entry is forgotten for each new one (that device then passes
/// through the database look-up once more).
#[derive(Debug, Default)]
pub struct KnownTokens {
    hashes: std::sync::Mutex<std::collections::HashSet<String>>,
}

/// Most token hashes kept (about 10 MB).
const KNOWN_TOKENS_MAX: usize = 100_000;

impl KnownTokens {
    /// Whether `hash` authenticated recently.
    pub fn contains(&self, hash: &str) -> bool {
        self.hashes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(hash)
    }

    /// Remembers a hash that authenticated (or was just registered).
    pub fn insert(&self, hash: &str) {
        let mut hashes = self.hashes.lock().unwrap_or_else(|p| p.into_inner());
        if hashes.len() >= KNOWN_TOKENS_MAX
            && let Some(old) = hashes.iter().next().cloned()
        {
            hashes.remove(&old);
        }
        hashes.insert(hash.to_owned());
    }

    /// Forgets a hash the database no longer knows.
    pub fn remove(&self, hash: &str) {
        self.hashes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(hash);
    }
}

/// Prefix of admin tokens made by [`new_admin_token`].
pub const ADMIN_TOKEN_PREFIX: &str = "plyadmin_";

/// A fresh random admin token (`plyadmin_` and 64 hex digits: 256 bits), for
/// `ply-server --generate-admin-token`.
pub fn new_admin_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    format!("{ADMIN_TOKEN_PREFIX}{}", hex(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn tokens_are_random_and_prefixed() {
        let a = new_token();
        let b = new_token();
        assert_ne!(a, b);
        assert!(a.starts_with(TOKEN_PREFIX));
        assert_eq!(a.len(), TOKEN_PREFIX.len() + 64);
    }

    #[test]
    fn sha256_matches_the_published_vector() {
        // FIPS 180-2 example "abc".
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn bearer_parsing_names_what_is_wrong() {
        let mut h = HeaderMap::new();
        assert!(bearer_token(&h).unwrap_err().message.contains("missing"));
        h.insert(header::AUTHORIZATION, HeaderValue::from_static("Basic abc"));
        assert!(bearer_token(&h).unwrap_err().message.contains("Bearer"));
        h.insert(header::AUTHORIZATION, HeaderValue::from_static("Bearer   "));
        assert!(bearer_token(&h).is_err());
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("bearer tok"),
        );
        assert_eq!(bearer_token(&h).unwrap(), "tok");
    }

    #[test]
    fn secrets_equal_compares_contents_and_lengths() {
        assert!(secrets_equal(b"abc", b"abc"));
        assert!(!secrets_equal(b"abc", b"abd"));
        assert!(!secrets_equal(b"abc", b"ab"));
        assert!(!secrets_equal(b"", b"a"));
        assert!(secrets_equal(b"", b""));
    }

    #[test]
    fn admin_tokens_are_long_and_random() {
        let a = new_admin_token();
        assert_ne!(a, new_admin_token());
        assert!(a.starts_with(ADMIN_TOKEN_PREFIX));
        assert_eq!(a.len(), ADMIN_TOKEN_PREFIX.len() + 64);
        assert!(a.len() >= crate::config::MIN_ADMIN_TOKEN_LEN);
    }
}
