//! The HTTP call as a trait, so each platform brings its own stack (OkHttp or
//! HttpURLConnection on Android, URLSession on iOS, `ureq` in the CLI) and tests bring a fake.
//! The types are plain data so `ply-ffi` can export the trait as a UniFFI foreign trait.

/// One header line.
#[derive(Clone, Debug, PartialEq, Eq)]
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
pub enum TransportError {
    #[error("no connection: {0}")]
    Connect(String),
    #[error("timed out: {0}")]
    Timeout(String),
    #[error("transport failure: {0}")]
    Other(String),
    /// The platform refused to send plain `http` to this host (Android's network security
    /// configuration, iOS App Transport Security): only `https` can reach it from this app.
    #[error("cleartext http refused by the platform: {0}")]
    CleartextRefused(String),
}

/// Sends one HTTP request and returns the response of any status; `Err` only when no response
/// arrived. Implementations must not follow redirects for `POST` and must not retry on their own
/// (the sync client decides about retries).
pub trait HttpTransport: Send + Sync {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError>;
}
