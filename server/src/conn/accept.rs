//! The accept loop: HTTP/1.1 over hyper, one task per connection.
//!
//! hyper's `header_read_timeout` (hyper 1.12, `proto/h1/conn.rs::poll_read_head`) starts its
//! timer whenever the connection is ready to read a request head: on the first poll after
//! accept (so a connection that never sends a byte is covered) and again each time a kept-alive
//! connection goes idle (`State::idle` sets `notify_read` so the next head read, and its timer,
//! starts at once). So one timeout bounds the first byte, the keep-alive wait and the headers;
//! the connection is closed when it fires. `tests/connections.rs` checks both cases.

use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::HeaderValue;
use axum::http::header::CONNECTION;
use axum::response::{IntoResponse, Response};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::ServiceExt;

use super::ConnectionLimits;
use super::body::{BodyBudget, layers};
use super::caps::{ConnectionCaps, Refused};
use super::io::TimedStream;
use crate::error::ApiError;

/// hyper's read and write buffers grow up to this per connection (its default is about 400 KiB):
/// our heads are a few hundred bytes, and 1,000 slow clients must not hold 400 MB of headers.
const MAX_BUF_SIZE: usize = 64 * 1024;

/// Written to a connection over a cap before it is closed; one non-blocking write, never awaited.
const OVER_CAP: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\n\
Content-Type: application/json\r\nContent-Length: 78\r\nConnection: close\r\n\r\n\
{\"error\":{\"code\":\"unavailable\",\"message\":\"too many connections; retry later\"}}";

/// Pause after an accept error (EMFILE and the like): retrying at once only spins.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Refusals are logged at most this often, with the count since the last line.
const REFUSAL_LOG_EVERY: Duration = Duration::from_secs(10);

/// A configured server: its limits and the shared counters tests and logs read.
#[derive(Debug, Clone)]
pub struct Server {
    limits: ConnectionLimits,
    body_limit: usize,
    caps: ConnectionCaps,
    budget: BodyBudget,
}

impl Server {
    /// A server with `limits`; `body_limit` is `Config::body_limit`; `trusted_proxies` are
    /// exempt from the per-address cap.
    pub fn new(limits: ConnectionLimits, body_limit: usize, trusted_proxies: Vec<IpAddr>) -> Self {
        let caps = ConnectionCaps::new(
            limits.per_address,
            limits.global_cap(),
            limits.ipv6_prefix,
            trusted_proxies,
        );
        let budget = BodyBudget::new(limits.body_budget_kib, limits.body_contended_rate);
        Server {
            limits,
            body_limit,
            caps,
            budget,
        }
    }

    /// The body-memory budget (its counters).
    pub fn budget(&self) -> &BodyBudget {
        &self.budget
    }

    /// Connections open now.
    pub fn open_connections(&self) -> usize {
        self.caps.open()
    }

    /// The global connection cap in force.
    pub fn global_cap(&self) -> usize {
        self.caps.global()
    }

    /// Serves `router` (its state set) on `listener` until `shutdown` completes; then stops
    /// accepting, lets open requests finish for the grace period, closes whatever is left and
    /// returns.
    pub async fn serve(
        self,
        listener: TcpListener,
        router: Router,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> io::Result<()> {
        let router = layers(
            router,
            &self.limits,
            self.body_limit,
            self.budget.clone(),
            self.caps.clone(),
        );
        let mut builder = http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(self.limits.header_timeout)
            .keep_alive(true)
            .max_buf_size(MAX_BUF_SIZE);
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut connections = JoinSet::new();
        let mut errors = AcceptErrors::default();
        let mut refusals = Refusals::default();
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            tokio::select! {
                biased;
                () = &mut shutdown => break,
                // Reap finished connections so the set holds only open ones.
                Some(_) = connections.join_next(), if !connections.is_empty() => {}
                accepted = listener.accept() => match accepted {
                    Ok((stream, peer)) => {
                        errors.recovered();
                        match self.caps.try_acquire(peer.ip()) {
                            Ok(slot) => {
                                // The stream holds the slot: see its `Drop`.
                                let stream = TimedStream::new(
                                    stream, self.limits.write_timeout, self.limits.send_buffer,
                                    slot,
                                );
                                let conn = serve_one(
                                    builder.clone(), stream, peer, router.clone(),
                                    stop_rx.clone(),
                                );
                                connections.spawn(conn);
                            }
                            Err(why) => {
                                refusals.note(why, peer.ip(), self.caps.open());
                                refuse(&stream);
                            }
                        }
                    }
                    Err(err) => {
                        errors.failed(&err, self.caps.open());
                        tokio::time::sleep(ACCEPT_BACKOFF).await;
                    }
                },
            }
        }
        drop(listener);
        let open = connections.len();
        tracing::info!(
            open,
            grace_secs = self.limits.shutdown_grace.as_secs_f64(),
            "stopped accepting; finishing open requests"
        );
        let _ = stop_tx.send(true);
        let drained = tokio::time::timeout(self.limits.shutdown_grace, async {
            while connections.join_next().await.is_some() {}
        })
        .await;
        if drained.is_err() {
            tracing::warn!(
                closed = connections.len(),
                "shutdown grace period over: closing the remaining connections"
            );
            connections.shutdown().await;
        }
        Ok(())
    }
}

/// One connection: HTTP/1.1 until the client leaves, a timeout fires or shutdown is asked.
async fn serve_one(
    builder: http1::Builder,
    stream: TimedStream,
    peer: SocketAddr,
    router: Router,
    mut stop: watch::Receiver<bool>,
) {
    let ambiguous = stream.ambiguous_framing();
    let service = service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(Body::new);
        // The rest of the server reads the peer from here (`client_addr`, the request log).
        request.extensions_mut().insert(ConnectInfo(peer));
        let refused = ambiguous.load(Ordering::Acquire);
        let router = router.clone();
        async move {
            if refused {
                return Ok(ambiguous_framing(&request));
            }
            router.oneshot(request).await
        }
    });
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    let mut conn = std::pin::pin!(conn);
    let result = tokio::select! {
        result = conn.as_mut() => result,
        () = stopped(&mut stop) => {
            // Idle connections close now; one mid-request finishes it without keep-alive. The
            // accept loop aborts this task when the grace period is over.
            conn.as_mut().graceful_shutdown();
            conn.await
        }
    };
    if let Err(err) = result {
        // Timeouts and clients that leave mid-request are routine.
        tracing::debug!(client = %peer.ip(), error = %err, "connection ended with an error");
    }
}

/// The answer to a request whose head named both `Content-Length` and `Transfer-Encoding`
/// (see [`super::io::FramingScan`]): `400`, and the connection closed, since where its body
/// ends is exactly what is in doubt.
fn ambiguous_framing(request: &axum::extract::Request) -> Response {
    let error = ApiError::bad_request(
        "ambiguous_framing",
        "the request names both Content-Length and Transfer-Encoding; send one of them",
    );
    tracing::info!(
        method = %request.method(),
        path = %request.uri().path(),
        client = %request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(String::new, |ConnectInfo(a)| a.ip().to_string()),
        status = 400,
        code = error.code,
        "request refused"
    );
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Completes once shutdown is asked (or the accept loop is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    // The guard `wait_for` hands back is not `Send`: drop it inside.
    let _ = stop.wait_for(|stop| *stop).await.map(drop);
}

/// Tells a refused client why, if its socket takes the bytes at once, and closes.
fn refuse(stream: &TcpStream) {
    let _ = stream.try_write(OVER_CAP);
}

/// Accept errors, logged once per burst: EMFILE under a flood would otherwise log in a loop.
#[derive(Debug, Default)]
struct AcceptErrors {
    in_burst: u64,
}

impl AcceptErrors {
    fn failed(&mut self, err: &io::Error, open: usize) {
        if self.in_burst == 0 {
            tracing::warn!(error = %err, open, "cannot accept connections; pausing");
        }
        self.in_burst += 1;
    }

    fn recovered(&mut self) {
        if self.in_burst > 0 {
            tracing::info!(errors = self.in_burst, "accepting connections again");
            self.in_burst = 0;
        }
    }
}

/// Refused connections, logged at most every [`REFUSAL_LOG_EVERY`].
#[derive(Debug, Default)]
struct Refusals {
    last_logged: Option<Instant>,
    since: u64,
}

impl Refusals {
    fn note(&mut self, why: Refused, peer: IpAddr, open: usize) {
        self.since += 1;
        let due = self
            .last_logged
            .is_none_or(|at| at.elapsed() >= REFUSAL_LOG_EVERY);
        if due {
            let cap = match why {
                Refused::PerAddress => "per_address",
                Refused::Global => "global",
            };
            tracing::warn!(
                cap,
                client = %peer,
                open,
                refused = self.since,
                "connections over the cap refused"
            );
            self.last_logged = Some(Instant::now());
            self.since = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OVER_CAP;

    #[test]
    fn the_over_cap_answer_is_well_formed() {
        let text = std::str::from_utf8(OVER_CAP).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(
            head.contains(&format!("Content-Length: {}", body.len())),
            "{head}"
        );
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"]["code"], "unavailable");
    }
}
