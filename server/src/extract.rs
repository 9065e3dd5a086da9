//! Request extractors: who is calling (device or admin token) and the body, each failing with a
//! JSON [`ApiError`]. Axum runs the header extractors before the body one, so a request without
//! a valid token is refused before its body is read.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;

use ply_core::record::strict_json::{StrictJsonError, check_no_duplicate_keys};

use crate::app::AppState;
use crate::auth;
use crate::client_addr::client_key;
use crate::error::ApiError;

/// The device that sent an authenticated request (its token checked and rate-limited).
#[derive(Debug, Clone)]
pub struct Device {
    /// The device's id.
    pub id: String,
    /// Its client address key (see [`crate::client_addr`]), for the per-address budgets.
    pub client: String,
}

/// The request's client key under this server's proxy and IPv6 settings.
fn client_of(parts: &Parts, state: &AppState) -> String {
    let config = state.config();
    client_key(
        parts,
        &config.trusted_proxies,
        config.connections.ipv6_prefix,
    )
}

/// The client address key of a request (see [`crate::client_addr`]), for the per-address
/// limits of endpoints without a token.
#[derive(Debug, Clone)]
pub struct ClientKey(pub String);

impl FromRequestParts<AppState> for ClientKey {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, std::convert::Infallible> {
        Ok(ClientKey(client_of(parts, state)))
    }
}

/// The 429 of an address that used up its allowance of failed authentications.
fn throttled(wait: std::time::Duration) -> ApiError {
    ApiError::rate_limited("that failed authentication from this address", wait)
}

/// Logs a failed authentication (already charged to `client`) and hands back the failure.
fn failed(client: &str, error: ApiError) -> ApiError {
    tracing::info!(client, code = error.code, "authentication failed");
    error
}

impl FromRequestParts<AppState> for Device {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let client = client_of(parts, state);
        let failures = state.auth_failure_limiter();
        let token = match auth::bearer_token(&parts.headers) {
            Ok(token) => token,
            Err(e) => {
                failures.check(&client).map_err(throttled)?;
                return Err(failed(&client, e));
            }
        };
        let hash = auth::sha256_hex(token.as_bytes());
        // Every attempt with a token not known to be good is charged up front, in one step
        // with the check, and refunded if the token is good: concurrent guesses cannot all
        // pass a check made before any of them is charged.
        let known = state.known_tokens().contains(&hash);
        let charged = !known && failures.check(&client).is_ok();
        if !known && !charged {
            // The address is throttled. A good device behind it (a shared carrier NAT) still
            // gets in, through a look-up whose rate is bounded for all addresses together; a
            // wrong token learns only that the address is throttled.
            let wait = failures.peek(&client).err().unwrap_or_default();
            // Bounded per address too, so that one throttled address cannot use up the look-ups
            // that good devices elsewhere need.
            state
                .throttled_lookup_limiter()
                .check(&client)
                .map_err(|_| throttled(wait))?;
            state
                .throttled_lookup_total()
                .check("all")
                .map_err(|_| throttled(wait))?;
            return match state.db().device_by_token_hash(&hash).await? {
                Some(id) => {
                    state.known_tokens().insert(&hash);
                    Ok(Device { id, client })
                }
                None => Err(throttled(wait)),
            };
        }
        let found = state.db().device_by_token_hash(&hash).await;
        if found.is_err() && charged {
            // A database fault is no failed authentication of this address.
            failures.refund(&client);
        }
        let Some(id) = found? else {
            state.known_tokens().remove(&hash);
            if known {
                failures.check(&client).map_err(throttled)?;
            }
            return Err(failed(
                &client,
                ApiError::unauthorized("unknown device token"),
            ));
        };
        if charged {
            failures.refund(&client);
        }
        state.known_tokens().insert(&hash);
        state
            .token_limiter()
            .check(&hash)
            .map_err(|wait| ApiError::rate_limited("for this token", wait))?;
        Ok(Device { id, client })
    }
}

/// A request carrying the admin token (export and statistics).
#[derive(Debug, Clone, Copy)]
pub struct Admin;

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let client = client_of(parts, state);
        let Some(expected) = state.config().admin_token.as_deref() else {
            return Err(ApiError::forbidden(
                "export and statistics are disabled: the server has no admin token \
                 (--admin-token or PLY_ADMIN_TOKEN)",
            ));
        };
        let token = auth::bearer_token(&parts.headers);
        let right = token
            .as_ref()
            .is_ok_and(|t| auth::secrets_equal(t.as_bytes(), expected.as_bytes()));
        // The right token passes an address throttled by a guesser (the admin behind the same
        // NAT), as a known device token does: a strong token is beyond guessing at any rate,
        // and the comparison costs no database work. A token allowed only by
        // --allow-weak-admin-token stays behind the throttle, which is then its protection.
        if !(right && state.admin_token_strong()) {
            // Charged up front and refunded on success, as for device tokens.
            let failures = state.auth_failure_limiter();
            failures.check(&client).map_err(throttled)?;
            if !right {
                let error = token.err().unwrap_or_else(|| {
                    ApiError::forbidden(
                        "this endpoint needs the admin token; device tokens cannot read the \
                         collection",
                    )
                });
                return Err(failed(&client, error));
            }
            failures.refund(&client);
        }
        // Only requests with the right token reach the collection's expensive queries; wrong
        // ones were counted as failures above, so a guesser cannot use up this allowance.
        state.admin_limiter().check(&client).map_err(|wait| {
            ApiError::rate_limited("to the admin endpoints from this address", wait)
        })?;
        Ok(Admin)
    }
}

/// A registration the address may still make (`POST /v1/devices`): checked from the headers,
/// before a byte of the body is read.
#[derive(Debug, Clone)]
pub struct Registration {
    /// The client address key.
    pub client: String,
}

impl FromRequestParts<AppState> for Registration {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let client = client_of(parts, state);
        state
            .registration_limiter()
            .check(&client)
            .map_err(|wait| {
                ApiError::rate_limited("registering devices from this address", wait)
            })?;
        // Each registration adds a device row: all addresses together are bounded too.
        if let Err(wait) = state.registrations_total().check("all") {
            state.registration_limiter().refund(&client);
            return Err(ApiError::rate_limited(
                "registering devices (all addresses together)",
                wait,
            ));
        }
        Ok(Registration { client })
    }
}

/// The raw request body, at most the configured limit (else 413 with a JSON error).
#[derive(Debug, Clone)]
pub struct RawBody(pub Bytes);

impl FromRequest<AppState> for RawBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        let limit = state.config().body_limit;
        match Bytes::from_request(req, state).await {
            Ok(bytes) => Ok(RawBody(bytes)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ApiError::payload_too_large(limit))
            }
            Err(rejection) => Err(ApiError::bad_request(
                "bad_body",
                format!("cannot read the request body: {}", rejection.body_text()),
            )),
        }
    }
}

/// Parses `bytes` as JSON into `T`, or 400 `malformed_json` naming the line and column, or
/// 400 `duplicate_key` for an object naming a key twice (which of the two counts would depend
/// on the reader).
pub fn parse_json<'a, T: serde::Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, ApiError> {
    if let Err(StrictJsonError::DuplicateKey(key)) = check_no_duplicate_keys(bytes) {
        return Err(ApiError::bad_request(
            "duplicate_key",
            format!("request body: duplicate key {key:?} in a JSON object"),
        ));
    }
    parse_envelope(bytes)
}

/// [`parse_json`] for an envelope whose parts are checked on their own (an upload batch, whose
/// records each get their own verdict, a repeated key included). A repeated field of the
/// envelope itself is still refused, by serde's derived reader.
pub fn parse_envelope<'a, T: serde::Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|err| {
        if err.to_string().starts_with("duplicate field") {
            return ApiError::bad_request("duplicate_key", format!("request body: {err}"));
        }
        let code = if err.is_data() {
            "invalid_request"
        } else {
            "malformed_json"
        };
        ApiError::bad_request(code, format!("request body: {err}"))
    })
}
