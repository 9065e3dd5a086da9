//! The HTTP call as a trait, so each platform brings its own stack (OkHttp or
//! HttpURLConnection on Android, URLSession on iOS, `ureq` in the CLI) and tests bring a fake.
//! The types are plain data, and with the `uniffi` feature the trait is a UniFFI foreign trait
//! the phone shells implement (Kotlin `dev.ply.core.HttpTransport`, Swift `HttpTransport`).

/// One header line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HttpHeader {
    pub name: String,
    pub value: String,
}

impl HttpHeader {
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Self {
        HttpHeader {
            name: name.into(),
            value: value.into(),
        }
    }
}

/// A request the core wants sent.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HttpRequest {
    /// `GET` or `POST`.
    pub method: String,
    /// Absolute URL.
    pub url: String,
    pub headers: Vec<HttpHeader>,
    pub body: Vec<u8>,
    /// Give up after this long (connect plus response), in milliseconds.
    pub timeout_ms: u64,
}

/// The server's answer, whatever its status.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<HttpHeader>,
    pub body: Vec<u8>,
}

impl HttpResponse {
    /// First header with this name, compared case-insensitively.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| h.value.as_str())
    }
}

/// The request never produced a response (no network, DNS, refused, timeout, TLS...).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum TransportError {
    #[error("no connection: {reason}")]
    Connect { reason: String },
    #[error("timed out: {reason}")]
    Timeout { reason: String },
    #[error("transport failure: {reason}")]
    Other { reason: String },
    /// The platform refused to send plain `http` to this host: Android's network security
    /// configuration (`java.net.UnknownServiceException` "CLEARTEXT communication ... not
    /// permitted"), iOS App Transport Security (`NSURLErrorAppTransportSecurityRequiresSecureConnection`,
    /// -1022). Only `https` can reach it from this app.
    #[error("cleartext http refused by the platform: {reason}")]
    CleartextRefused { reason: String },
}

#[cfg(feature = "uniffi")]
impl From<uniffi::UnexpectedUniFFICallbackError> for TransportError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> Self {
        // An unexpected exception in the Kotlin/Swift implementation is a failed request, not a
        // crash.
        TransportError::Other { reason: e.reason }
    }
}

/// Sends one HTTP request and returns the response of any status; `Err` only when no response
/// arrived. Implementations must not follow redirects for `POST` and must not retry on their own
/// (the sync client decides about retries). The phone shells implement it with the platform's
/// stack (OkHttp/HttpURLConnection, URLSession) and throw `TransportException` only when no
/// response arrived.
#[cfg_attr(feature = "uniffi", uniffi::export(with_foreign))]
pub trait HttpTransport: Send + Sync {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError>;
}
