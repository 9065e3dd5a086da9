//! Request extractors: who is calling (device or admin token) and the body, each failing with a
//! JSON [`ApiError`]. Axum runs the header extractors before the body one, so a request without
//! a valid token is refused before its body is read.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;

use crate::app::AppState;
use crate::auth;
use crate::client_addr::client_key;
use crate::error::ApiError;

/// The device that sent an authenticated request (its token checked and rate-limited).
#[derive(Debug, Clone)]
pub struct Device {
    /// The device's id.
    pub id: String,
}

/// Refuses at once (429) an address that has used up its allowance of failed authentications,
/// before its token is even looked at: a guesser learns nothing more until the bucket refills.
fn refuse_if_throttled(state: &AppState, client: &str) -> Result<(), ApiError> {
    state.auth_failure_limiter().peek(client).map_err(|wait| {
        ApiError::rate_limited("that failed authentication from this address", wait)
    })
}

/// Charges one failed authentication to `client` and hands back the failure to answer.
fn failed(state: &AppState, client: &str, error: ApiError) -> ApiError {
    // The answer is the failure itself; the next attempt finds the bucket empty.
    let _ = state.auth_failure_limiter().check(client);
    tracing::info!(client, code = error.code, "authentication failed");
    error
}

impl FromRequestParts<AppState> for Device {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let client = client_key(parts, &state.config().trusted_proxies);
        refuse_if_throttled(state, &client)?;
        let token = auth::bearer_token(&parts.headers).map_err(|e| failed(state, &client, e))?;
        let hash = auth::sha256_hex(token.as_bytes());
        let Some(id) = state.db().device_by_token_hash(&hash).await? else {
            return Err(failed(
                state,
                &client,
                ApiError::unauthorized("unknown device token"),
            ));
        };
        state
            .token_limiter()
            .check(&hash)
            .map_err(|wait| ApiError::rate_limited("for this token", wait))?;
        Ok(Device { id })
    }
}

/// A request carrying the admin token (export and statistics).
#[derive(Debug, Clone, Copy)]
pub struct Admin;

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let client = client_key(parts, &state.config().trusted_proxies);
        refuse_if_throttled(state, &client)?;
        state.admin_limiter().check(&client).map_err(|wait| {
            ApiError::rate_limited("to the admin endpoints from this address", wait)
        })?;
        let Some(expected) = state.config().admin_token.as_deref() else {
            return Err(ApiError::forbidden(
                "export and statistics are disabled: the server has no admin token \
                 (--admin-token or PLY_ADMIN_TOKEN)",
            ));
        };
        let token = auth::bearer_token(&parts.headers).map_err(|e| failed(state, &client, e))?;
        if !auth::secrets_equal(token.as_bytes(), expected.as_bytes()) {
            return Err(failed(
                state,
                &client,
                ApiError::forbidden(
                    "this endpoint needs the admin token; device tokens cannot read the collection",
                ),
            ));
        }
        Ok(Admin)
    }
}

/// The client address of a request (see [`crate::client_addr`]), for per-address limits.
#[derive(Debug, Clone)]
pub struct ClientKey(pub String);

impl FromRequestParts<AppState> for ClientKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(ClientKey(client_key(
            parts,
            &state.config().trusted_proxies,
        )))
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

/// Parses `bytes` as JSON into `T`, or 400 `malformed_json` naming the line and column.
pub fn parse_json<'a, T: serde::Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|err| {
        let code = if err.is_data() {
            "invalid_request"
        } else {
            "malformed_json"
        };
        ApiError::bad_request(code, format!("request body: {err}"))
    })
}
