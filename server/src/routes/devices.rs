//! `POST /v1/devices`: registers an install and hands it a bearer token, once.

use axum::Json;
use axum::extract::State;
use axum::http::Extensions;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::app::{AppState, client_key, now_ms};
use crate::auth;
use crate::db::NewDevice;
use crate::error::ApiError;
use crate::extract::{RawBody, parse_json};

/// Longest platform or version string kept.
const MAX_LABEL: usize = 64;

/// What an install tells about itself (no personal data). An empty body is allowed.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterRequest {
    /// `android`, `ios`, `cli`, ...
    #[serde(default)]
    pub platform: Option<String>,
    /// App version string.
    #[serde(default)]
    pub app_version: Option<String>,
}

/// The new device's id and its token (shown once; the server keeps only its hash).
#[derive(Debug, Serialize, Deserialize)]
pub struct RegisterResponse {
    /// Device id.
    pub device_id: String,
    /// Bearer token for `POST /v1/games`.
    pub token: String,
}

fn label(name: &str, value: Option<String>) -> Result<String, ApiError> {
    let value = value.unwrap_or_default();
    if value.len() > MAX_LABEL || value.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "invalid_request",
            format!("'{name}' must be at most {MAX_LABEL} printable characters"),
        ));
    }
    Ok(value)
}

/// 201 with a [`RegisterResponse`]; 429 when one address registers too often.
pub async fn register(
    State(state): State<AppState>,
    extensions: Extensions,
    RawBody(body): RawBody,
) -> Result<(StatusCode, Json<RegisterResponse>), ApiError> {
    let client = client_key(&extensions);
    state
        .registration_limiter()
        .check(&format!("register:{client}"))
        .map_err(|wait| ApiError::rate_limited(wait.as_secs().saturating_add(1)))?;
    let request: RegisterRequest = if body.iter().all(u8::is_ascii_whitespace) {
        RegisterRequest::default()
    } else {
        parse_json(&body)?
    };
    let token = auth::new_token();
    let device = NewDevice {
        id: auth::new_device_id(),
        token_sha256: auth::sha256_hex(token.as_bytes()),
        platform: label("platform", request.platform)?,
        app_version: label("app_version", request.app_version)?,
        created_at_ms: now_ms(),
    };
    state.db().insert_device(&device).await?;
    tracing::info!(device = %device.id, platform = %device.platform, "device registered");
    Ok((
        StatusCode::CREATED,
        Json(RegisterResponse {
            device_id: device.id,
            token,
        }),
    ))
}
