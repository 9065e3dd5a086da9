//! `POST /v1/devices`: registers an install and hands it a bearer token, once.
//!
//! Body: `ply_core::sync::wire::RegisterDeviceRequest` (platform and app version: nothing
//! identifying), or empty. Answer: `201` `RegisterDeviceResponse { device_id, token }`. The token is shown
//! only here; the server keeps its SHA-256. Registration is limited per client address, checked
//! before the body is read.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use ply_core::record::Platform;
use ply_core::sync::wire::{RegisterDeviceRequest, RegisterDeviceResponse};

use crate::app::{AppState, now_ms};
use crate::auth;
use crate::db::NewDevice;
use crate::error::ApiError;
use crate::extract::{RawBody, Registration, parse_json};

/// Deletes, at most once an hour and off the request's path, the devices that registered
/// longer ago than `Config::idle_device_ttl` and never stored a record: device rows do not
/// pile up from registrations that upload nothing.
fn prune_idle_devices(state: &AppState) {
    let ttl = state.config().idle_device_ttl;
    if ttl.is_zero() || !state.prune_due() {
        return;
    }
    let before = now_ms().saturating_sub(i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX));
    let db = state.db().clone();
    tokio::spawn(async move {
        match db.prune_idle_devices(before).await {
            Ok(0) => {}
            Ok(pruned) => tracing::info!(pruned, "idle devices deleted"),
            Err(err) => tracing::warn!(error = %err, "cannot delete idle devices"),
        }
    });
}

/// Longest app version string kept (the record format's bound on short strings).
const MAX_VERSION: usize = ply_core::record::limits::MAX_SHORT_STRING;

/// Registers a device (201); 429 when one address registers too often.
pub async fn register(
    State(state): State<AppState>,
    allowed: Registration,
    RawBody(body): RawBody,
) -> Result<(StatusCode, Json<RegisterDeviceResponse>), ApiError> {
    let request: RegisterDeviceRequest = if body.iter().all(u8::is_ascii_whitespace) {
        RegisterDeviceRequest {
            platform: Platform::Other,
            app_version: String::new(),
        }
    } else {
        parse_json(&body)?
    };
    if request.app_version.len() > MAX_VERSION
        || !request
            .app_version
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-'))
    {
        return Err(ApiError::bad_request(
            "invalid_request",
            format!("'app_version' must be at most {MAX_VERSION} characters of [0-9A-Za-z.+-]"),
        ));
    }
    let token = auth::new_token();
    let device = NewDevice {
        id: auth::new_device_id(),
        token_sha256: auth::sha256_hex(token.as_bytes()),
        platform: request.platform.name().to_owned(),
        app_version: request.app_version,
        created_at_ms: now_ms(),
    };
    let tag = state.address_tag(&allowed.client).await?;
    state.db().insert_device_from(&device, Some(&tag)).await?;
    state.known_tokens().insert(&device.token_sha256);
    prune_idle_devices(&state);
    tracing::info!(device = %device.id, platform = %device.platform, "device registered");
    Ok((
        StatusCode::CREATED,
        Json(RegisterDeviceResponse {
            device_id: Some(device.id),
            token,
        }),
    ))
}
