//! `HttpTransport` over `ureq` (blocking, rustls): how the CLI talks to a collector. The core's
//! sync client decides what to send and how to retry; this only moves bytes, never retries and
//! never follows redirects, and reports every HTTP status as a response.

use ply_core::sync::{HttpHeader, HttpRequest, HttpResponse, HttpTransport, TransportError};
use std::time::Duration;

/// Largest response body read (the collector's answers are small; this bounds a bad server).
const MAX_RESPONSE_BYTES: u64 = 16 * 1024 * 1024;

/// A blocking HTTP client for the sync protocol.
pub struct UreqTransport {
    agent: ureq::Agent,
}

impl UreqTransport {
    pub fn new() -> Self {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_global(Some(Duration::from_secs(60)))
            .user_agent(concat!("ply-cli/", env!("CARGO_PKG_VERSION")))
            .build();
        UreqTransport {
            agent: ureq::Agent::new_with_config(config),
        }
    }
}

impl Default for UreqTransport {
    fn default() -> Self {
        Self::new()
    }
}

fn map_error(err: ureq::Error) -> TransportError {
    match err {
        ureq::Error::Timeout(t) => TransportError::Timeout {
            reason: t.to_string(),
        },
        ureq::Error::HostNotFound | ureq::Error::ConnectionFailed => TransportError::Connect {
            reason: err.to_string(),
        },
        ureq::Error::Io(e) => TransportError::Connect {
            reason: e.to_string(),
        },
        other => TransportError::Other {
            reason: other.to_string(),
        },
    }
}

impl HttpTransport for UreqTransport {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let mut builder = ureq::http::Request::builder()
            .method(request.method.as_str())
            .uri(request.url.as_str());
        for h in &request.headers {
            builder = builder.header(h.name.as_str(), h.value.as_str());
        }
        let http_request = builder
            .body(request.body)
            .map_err(|e| TransportError::Other {
                reason: format!("bad request: {e}"),
            })?;
        let http_request = self
            .agent
            .configure_request(http_request)
            .timeout_global(Some(Duration::from_millis(request.timeout_ms.max(1))))
            .build();
        let mut response = self.agent.run(http_request).map_err(map_error)?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .filter_map(|(name, value)| {
                value
                    .to_str()
                    .ok()
                    .map(|v| HttpHeader::new(name.as_str(), v))
            })
            .collect();
        let body = response
            .body_mut()
            .with_config()
            .limit(MAX_RESPONSE_BYTES)
            .read_to_vec()
            .map_err(map_error)?;
        Ok(HttpResponse {
            status,
            headers,
            body,
        })
    }
}
