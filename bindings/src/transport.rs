//! The shells' HTTP stack as a foreign trait, seen by the core's sync as its own transport.
//!
//! The shells decide *when* to sync (connectivity, app lifecycle, WorkManager/BGTaskScheduler)
//! and send what they are asked; the app core decides *what* (`ply_core::sync`): batches,
//! acknowledgements, rejected records, backoff with jitter.

use ply_core::sync as core;
use std::sync::Arc;

/// One HTTP header line.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpHeader {
    pub name: String,
    pub value: String,
}

/// A request the core wants sent.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpRequest {
    /// `GET` or `POST`.
    pub method: String,
    pub url: String,
    pub headers: Vec<HttpHeader>,
    pub body: Vec<u8>,
    /// Give up after this long (connect plus response).
    pub timeout_ms: u64,
}

/// The server's answer, whatever its status.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<HttpHeader>,
    pub body: Vec<u8>,
}

/// The request produced no response at all (no network, DNS, refused, timeout, TLS, plain http
/// the platform does not allow...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum TransportError {
    #[error("no connection: {reason}")]
    Connect { reason: String },
    #[error("timed out: {reason}")]
    Timeout { reason: String },
    #[error("transport failure: {reason}")]
    Other { reason: String },
    /// The platform refused plain `http` to this host: Android's network security configuration
    /// (`java.net.UnknownServiceException` "CLEARTEXT communication ... not permitted"), iOS App
    /// Transport Security (`NSURLErrorAppTransportSecurityRequiresSecureConnection`, -1022).
    #[error("cleartext http refused by the platform: {reason}")]
    CleartextRefused { reason: String },
}

impl From<uniffi::UnexpectedUniFFICallbackError> for TransportError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> Self {
        // An unexpected exception in the Kotlin/Swift implementation is a failed request, not a crash.
        TransportError::Other { reason: e.reason }
    }
}

/// Sends one HTTP request with the platform's stack (OkHttp/HttpURLConnection, URLSession).
/// Return the response of any status; throw `TransportException` only when no response arrived.
/// Do not follow redirects for POST and do not retry (the core decides about retries).
#[uniffi::export(with_foreign)]
pub trait HttpTransport: Send + Sync {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError>;
}

/// The foreign transport seen as the core's trait.
pub(crate) struct Bridge(pub(crate) Arc<dyn HttpTransport>);

fn headers_in(h: Vec<core::HttpHeader>) -> Vec<HttpHeader> {
    h.into_iter()
        .map(|h| HttpHeader {
            name: h.name,
            value: h.value,
        })
        .collect()
}

impl core::HttpTransport for Bridge {
    fn send(&self, r: core::HttpRequest) -> Result<core::HttpResponse, core::TransportError> {
        let request = HttpRequest {
            method: r.method,
            url: r.url,
            headers: headers_in(r.headers),
            body: r.body,
            timeout_ms: r.timeout_ms,
        };
        match self.0.send(request) {
            Ok(resp) => Ok(core::HttpResponse {
                status: resp.status,
                headers: resp
                    .headers
                    .into_iter()
                    .map(|h| core::HttpHeader::new(h.name, h.value))
                    .collect(),
                body: resp.body,
            }),
            Err(TransportError::Connect { reason }) => Err(core::TransportError::Connect(reason)),
            Err(TransportError::Timeout { reason }) => Err(core::TransportError::Timeout(reason)),
            Err(TransportError::Other { reason }) => Err(core::TransportError::Other(reason)),
            Err(TransportError::CleartextRefused { reason }) => {
                Err(core::TransportError::CleartextRefused(reason))
            }
        }
    }
}
