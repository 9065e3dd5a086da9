//! Support for the end-to-end sync tests: a blocking `ureq` transport for the core's sync
//! client, transports that inject faults, games played through `GameLine`, and the collection
//! read back from the server's export.
#![allow(dead_code)] // each e2e file uses a different subset

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ply_core::record::GameRecord;
use ply_core::sync::{HttpHeader, HttpRequest, HttpResponse, HttpTransport, TransportError};
use ply_server::testing::{RunningServer, unthrottled_config};

/// Admin token of the servers started here.
pub const ADMIN: &str = "e2e-admin";

/// Starts a server on `db_url` with [`ADMIN`] and no rate limit in the way.
pub fn start_server(db_url: &str) -> RunningServer {
    RunningServer::start(db_url, unthrottled_config(ADMIN)).expect("server starts")
}

/// The blocking HTTP transport the tests (and a CLI) give the core's sync client.
pub struct UreqTransport {
    agent: ureq::Agent,
}

impl Default for UreqTransport {
    fn default() -> Self {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .build();
        UreqTransport {
            agent: ureq::Agent::new_with_config(config),
        }
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
                reason: e.to_string(),
            })?;
        let http_request = self
            .agent
            .configure_request(http_request)
            .timeout_global(Some(Duration::from_millis(request.timeout_ms.max(1))))
            .build();
        let result = self.agent.run(http_request);
        let mut response = result.map_err(|e| match e {
            ureq::Error::Timeout(_) => TransportError::Timeout {
                reason: e.to_string(),
            },
            ureq::Error::Io(_) | ureq::Error::ConnectionFailed | ureq::Error::HostNotFound => {
                TransportError::Connect {
                    reason: e.to_string(),
                }
            }
            other => TransportError::Other {
                reason: other.to_string(),
            },
        })?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .map(|(name, value)| {
                HttpHeader::new(name.as_str(), String::from_utf8_lossy(value.as_bytes()))
            })
            .collect();
        let body = response
            .body_mut()
            .read_to_vec()
            .map_err(|e| TransportError::Other {
                reason: e.to_string(),
            })?;
        Ok(HttpResponse {
            status,
            headers,
            body,
        })
    }
}

/// Fault injection around a real transport, for upload requests (`POST /v1/games`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The server gets and stores the batch, but the answer never reaches the client.
    LoseAck,
    /// Every request goes out twice; the client sees the second answer.
    SendTwice,
}

/// A transport that applies `fault` to the first `times` uploads, then behaves.
pub struct FaultyTransport {
    inner: UreqTransport,
    fault: Fault,
    remaining: AtomicUsize,
    /// Uploads the server actually received.
    pub uploads_sent: AtomicUsize,
}

impl FaultyTransport {
    pub fn new(fault: Fault, times: usize) -> Self {
        FaultyTransport {
            inner: UreqTransport::default(),
            fault,
            remaining: AtomicUsize::new(times),
            uploads_sent: AtomicUsize::new(0),
        }
    }
}

fn is_upload(request: &HttpRequest) -> bool {
    request.method == "POST" && request.url.ends_with("/v1/games")
}

impl HttpTransport for FaultyTransport {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        if !is_upload(&request) {
            return self.inner.send(request);
        }
        self.uploads_sent.fetch_add(1, Ordering::SeqCst);
        let faulty = self
            .remaining
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if !faulty {
            return self.inner.send(request);
        }
        match self.fault {
            Fault::LoseAck => {
                let answer = self.inner.send(request)?;
                assert_eq!(answer.status, 200, "the lost answer was a success");
                Err(TransportError::Timeout {
                    reason: "acknowledgement lost (injected)".into(),
                })
            }
            Fault::SendTwice => {
                self.uploads_sent.fetch_add(1, Ordering::SeqCst);
                let _first = self.inner.send(request.clone())?;
                self.inner.send(request)
            }
        }
    }
}

/// A transport that kills the server while the first upload is in flight: the request starts
/// on its own thread, the server is killed `delay` later, and the client gets whatever came
/// back (usually a broken connection).
pub struct KillingTransport {
    inner: Arc<UreqTransport>,
    server: Mutex<Option<RunningServer>>,
    delay: Duration,
}

impl KillingTransport {
    pub fn new(server: RunningServer, delay: Duration) -> Self {
        KillingTransport {
            inner: Arc::new(UreqTransport::default()),
            server: Mutex::new(Some(server)),
            delay,
        }
    }

    /// Whether the server was killed already.
    pub fn killed(&self) -> bool {
        self.server.lock().expect("lock").is_none()
    }
}

impl HttpTransport for KillingTransport {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        if !is_upload(&request) {
            return self.inner.send(request);
        }
        let Some(server) = self.server.lock().expect("lock").take() else {
            return self.inner.send(request);
        };
        let inner = Arc::clone(&self.inner);
        let in_flight = std::thread::spawn(move || inner.send(request));
        std::thread::sleep(self.delay);
        server.kill();
        in_flight.join().unwrap_or_else(|_| {
            Err(TransportError::Other {
                reason: "sender panicked".into(),
            })
        })
    }
}

/// `n` games of each kind (Othello, Connect Four, draughts) played through `GameLine` with
/// random legal moves, reproducible from `seed`.
pub fn played_games(n: usize, seed: u64) -> Vec<GameRecord> {
    ply_server::testing::games::mixed(n, seed)
}

/// Every record the server holds, read through `GET /v1/games` page by page (`page` records a
/// page), parsed back into records.
pub fn export_all(server_url: &str, page: usize) -> Vec<GameRecord> {
    let transport = UreqTransport::default();
    let mut since = 0u64;
    let mut out = Vec::new();
    loop {
        let response = transport
            .send(HttpRequest {
                method: "GET".into(),
                url: format!("{server_url}/v1/games?since={since}&limit={page}"),
                headers: vec![HttpHeader::new("Authorization", format!("Bearer {ADMIN}"))],
                body: Vec::new(),
                timeout_ms: 30_000,
            })
            .expect("export answers");
        assert_eq!(
            response.status,
            200,
            "{}",
            String::from_utf8_lossy(&response.body)
        );
        let text = String::from_utf8(response.body.clone()).expect("UTF-8 export");
        for line in text.lines() {
            out.push(serde_json::from_str(line).expect("each export line is a record"));
        }
        if response.header("x-more") != Some("true") {
            return out;
        }
        since = response
            .header("x-next-cursor")
            .and_then(|c| c.parse().ok())
            .expect("next cursor");
    }
}

/// Records sorted by id, for comparing collections.
pub fn by_id(mut records: Vec<GameRecord>) -> Vec<GameRecord> {
    records.sort_by(|a, b| a.id.cmp(&b.id));
    records
}
