//! The one error shape every endpoint answers with: `{ "error": { "code": ..., "message": ... } }`.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An error answered to a client: an HTTP status, a stable machine-readable code and a message
/// for people. Optionally a `Retry-After` (seconds) for rate limits and unavailable databases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status of the answer.
    pub status: StatusCode,
    /// Stable code clients can match on (`unauthorized`, `rate_limited`, ...).
    pub code: &'static str,
    /// What went wrong, for people.
    pub message: String,
    /// Seconds the client should wait before trying again, if any.
    pub retry_after_secs: Option<u64>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: Inner<'a>,
}

#[derive(Serialize)]
struct Inner<'a> {
    code: &'a str,
    message: &'a str,
}

impl ApiError {
    /// An error with the given status, code and message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            retry_after_secs: None,
        }
    }

    /// 400 with the given code.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 401: the bearer token is missing or unknown.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// 403: authenticated (or not), but this endpoint is closed to the caller.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 404 for paths the server does not serve.
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "no such endpoint")
    }

    /// 405 for a known path with the wrong method.
    pub fn method_not_allowed() -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "this endpoint does not accept that method",
        )
    }

    /// 413: the body is over the configured limit.
    pub fn payload_too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("request body is larger than the limit of {limit} bytes"),
        )
    }

    /// 429 with `Retry-After`: `wait` rounded up to whole seconds. `scope` says whose requests
    /// were too many (`for this token`, `from this address`, ...).
    pub fn rate_limited(scope: &str, wait: std::time::Duration) -> Self {
        let retry_after_secs = wait.as_secs().saturating_add(1);
        ApiError {
            retry_after_secs: Some(retry_after_secs),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("too many requests {scope}; retry after {retry_after_secs} s"),
            )
        }
    }

    /// 429 `budget_exhausted` with `Retry-After`: the storage budget left room for none of the
    /// batch's records (see [`crate::budget`]).
    pub fn budget_exhausted(wait: std::time::Duration) -> Self {
        let retry_after_secs = wait.as_secs().saturating_add(1);
        ApiError {
            retry_after_secs: Some(retry_after_secs),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "budget_exhausted",
                format!(
                    "the storage allowance for the day (this device's, its address's, all new \
                     devices' or the whole collection's) is used up; retry after \
                     {retry_after_secs} s"
                ),
            )
        }
    }

    /// 500 or 503 for a database failure. The details go to the log, not to the client.
    pub fn database(err: &sqlx::Error) -> Self {
        tracing::error!(error = %err, "database error");
        match err {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => ApiError {
                retry_after_secs: Some(1),
                ..Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "unavailable",
                    "the database is unavailable; retry later",
                )
            },
            _ => Self::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "internal error while talking to the database",
            ),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl std::error::Error for ApiError {}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        ApiError::database(&err)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            error: Inner {
                code: self.code,
                message: &self.message,
            },
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}
