//! The request-body guard, one middleware in front of every route:
//!
//! - a body announced larger than its route's bound is refused (413) before a byte of it is
//!   read; `POST /v1/devices` has its own small bound;
//! - before the body is read, its announced length (or the route's bound when it is chunked)
//!   is reserved from a global [`BodyBudget`] and given back when the request ends; a request
//!   that cannot get its share within a short wait gets 503 with `Retry-After`;
//! - the body must arrive in full within a deadline and never exceed the bound: else its reads
//!   fail with a [`BodyError`] (what the extractors see) and the answer is replaced by 408 (or
//!   413), with the connection closed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{CONNECTION, CONTENT_LENGTH, TRANSFER_ENCODING};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Sleep;

use super::ConnectionLimits;
use super::caps::ConnectionCaps;
use crate::error::ApiError;

/// Why reading a request body failed. The extractors see it as the body's error: axum's
/// `Bytes::from_request` rejects with `FailedToBufferBody::UnknownBodyError` (400) whose text
/// ends with this message, and whose `source()` chain holds this value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BodyError {
    /// The body did not arrive in full within the body timeout.
    #[error("the request body did not arrive in full within {} s", .0.as_secs_f64())]
    TimedOut(Duration),
    /// A chunked body went over the route's bound.
    #[error("request body is larger than the limit of {0} bytes")]
    TooLarge(usize),
}

/// Request-body memory in flight, shared by all requests; counted in KiB. Cheap to clone.
///
/// A sixteenth of it is kept for small bodies (a registration, a batch of a few records), so a
/// flood of large uploads held open cannot keep every new device from registering.
#[derive(Debug, Clone)]
pub struct BodyBudget {
    inner: Arc<BudgetInner>,
}

#[derive(Debug)]
struct BudgetInner {
    /// KiB reserved by each client address (IPv6 by prefix; trusted proxies not counted).
    per_key: Mutex<HashMap<IpAddr, u32>>,
    /// What one address may hold at once: an eighth of the budget, so one client with a token
    /// holding bodies open cannot starve every other upload.
    per_key_kib: u32,
    /// What any body may take.
    shared: Arc<Semaphore>,
    /// What only small bodies may take, once `shared` is used up.
    small: Arc<Semaphore>,
    small_kib: u32,
    total_kib: u32,
    peak_kib: AtomicU32,
}

/// Bodies of at most this many KiB are small (the registration bound's order).
const SMALL_KIB: u32 = 4;

/// A reservation; given back on drop.
#[derive(Debug)]
pub struct Reservation {
    _permit: OwnedSemaphorePermit,
    /// The address's share, given back on drop too.
    _key: Option<KeyHold>,
}

#[derive(Debug)]
struct KeyHold {
    budget: Arc<BudgetInner>,
    key: IpAddr,
    kib: u32,
}

impl Drop for KeyHold {
    fn drop(&mut self) {
        let mut per_key = self
            .budget
            .per_key
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = per_key.get_mut(&self.key) {
            *n = n.saturating_sub(self.kib);
            if *n == 0 {
                per_key.remove(&self.key);
            }
        }
    }
}

impl BodyBudget {
    /// A budget of `total_kib` KiB (0: no budget, every request passes).
    pub fn new(total_kib: u32) -> Self {
        let small = total_kib / 16;
        BodyBudget {
            inner: Arc::new(BudgetInner {
                per_key: Mutex::new(HashMap::new()),
                per_key_kib: (total_kib / 8).max(1),
                shared: Arc::new(Semaphore::new((total_kib - small) as usize)),
                small: Arc::new(Semaphore::new(small as usize)),
                small_kib: small,
                total_kib,
                peak_kib: AtomicU32::new(0),
            }),
        }
    }

    /// The whole budget.
    pub fn total_kib(&self) -> u32 {
        self.inner.total_kib
    }

    /// Reserved now by requests in flight.
    pub fn reserved_kib(&self) -> u32 {
        let available = self
            .inner
            .shared
            .available_permits()
            .saturating_add(self.inner.small.available_permits());
        let available = u32::try_from(available).unwrap_or(u32::MAX);
        self.inner.total_kib.saturating_sub(available)
    }

    /// The most ever reserved at once.
    pub fn peak_kib(&self) -> u32 {
        self.inner.peak_kib.load(Ordering::Relaxed)
    }

    /// Reserves room for `bytes` from the client address `key` (`None`: not counted per
    /// address), waiting at most `wait`; `None` if the budget stayed full, or at once if the
    /// address already holds its share (one body of any size is always allowed). A body
    /// larger than the shared part takes all of it rather than waiting for ever.
    async fn reserve(
        &self,
        bytes: u64,
        wait: Duration,
        key: Option<IpAddr>,
    ) -> Option<Reservation> {
        let inner = &self.inner;
        let kib = u32::try_from(bytes.div_ceil(1024)).unwrap_or(u32::MAX);
        let key = match key {
            None => None,
            Some(key) => {
                let mut per_key = inner.per_key.lock().unwrap_or_else(PoisonError::into_inner);
                let held = per_key.entry(key).or_insert(0);
                if *held > 0 && held.saturating_add(kib) > inner.per_key_kib {
                    return None;
                }
                *held = held.saturating_add(kib);
                Some(KeyHold {
                    budget: Arc::clone(inner),
                    key,
                    kib,
                })
            }
        };
        let shared_kib = kib.min(inner.total_kib - inner.small_kib);
        let permit = if kib <= SMALL_KIB {
            // Whichever part frees room first.
            let shared = Arc::clone(&inner.shared).acquire_many_owned(shared_kib);
            let small = Arc::clone(&inner.small).acquire_many_owned(kib);
            tokio::time::timeout(wait, async {
                tokio::select! {
                    biased;
                    p = shared => p,
                    p = small => p,
                }
            })
            .await
        } else {
            let shared = Arc::clone(&inner.shared).acquire_many_owned(shared_kib);
            tokio::time::timeout(wait, shared).await
        };
        // On failure `key` is dropped here, giving the address's share back.
        let permit = permit.ok()?.ok()?;
        inner
            .peak_kib
            .fetch_max(self.reserved_kib(), Ordering::Relaxed);
        Some(Reservation {
            _permit: permit,
            _key: key,
        })
    }
}

/// Applies the body guard to every route of `router` (whose state is already set). `body_limit`
/// is the configured body bound (`Config::body_limit`).
pub fn layers(
    router: Router,
    limits: &ConnectionLimits,
    body_limit: usize,
    budget: BodyBudget,
    caps: ConnectionCaps,
) -> Router {
    let guard = Guard {
        inner: Arc::new(GuardInner {
            caps,
            body_limit,
            registration_limit: limits.registration_body_limit.min(body_limit),
            body_timeout: limits.body_timeout,
            budget_wait: limits.budget_wait,
            budget,
        }),
    };
    router.layer(middleware::from_fn_with_state(guard, guard_body))
}

#[derive(Debug, Clone)]
struct Guard {
    inner: Arc<GuardInner>,
}

#[derive(Debug)]
struct GuardInner {
    /// How client addresses are keyed (and which are exempt): as for connections.
    caps: ConnectionCaps,
    body_limit: usize,
    registration_limit: usize,
    body_timeout: Duration,
    budget_wait: Duration,
    budget: BodyBudget,
}

/// How long a body says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Announced {
    /// No `Content-Length` and no `Transfer-Encoding`: no body.
    Empty,
    Length(u64),
    Chunked,
}

fn announced(headers: &HeaderMap) -> Announced {
    if headers.contains_key(TRANSFER_ENCODING) {
        return Announced::Chunked;
    }
    // hyper has already refused a malformed Content-Length; a missing one means no body.
    headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(Announced::Empty, Announced::Length)
}

const OUTCOME_OK: u8 = 0;
const OUTCOME_TIMED_OUT: u8 = 1;
const OUTCOME_TOO_LARGE: u8 = 2;

async fn guard_body(State(guard): State<Guard>, request: Request, next: Next) -> Response {
    let g = &guard.inner;
    let limit = if request.method() == Method::POST && request.uri().path() == "/v1/devices" {
        g.registration_limit
    } else {
        g.body_limit
    };
    // The body's time runs from its headers, including any wait for the budget.
    let deadline = tokio::time::sleep(g.body_timeout);
    let limit_u64 = u64::try_from(limit).unwrap_or(u64::MAX);
    let need = match announced(request.headers()) {
        Announced::Empty => 0,
        Announced::Length(n) if n > limit_u64 => {
            return refuse(&request, ApiError::payload_too_large(limit));
        }
        Announced::Length(n) => n,
        Announced::Chunked => limit_u64,
    };
    if need == 0 {
        // No body to wait for or to hold.
        return next.run(request).await;
    }
    let key = request
        .extensions()
        .get::<ConnectInfo<std::net::SocketAddr>>()
        .and_then(|ConnectInfo(peer)| g.caps.key_of(peer.ip()));
    let Some(reservation) = g.budget.reserve(need, g.budget_wait, key).await else {
        return refuse(&request, busy());
    };
    let outcome = Arc::new(AtomicU8::new(OUTCOME_OK));
    let timeout = g.body_timeout;
    let watched = Arc::clone(&outcome);
    let (parts, body) = request.into_parts();
    let request = Request::from_parts(
        parts,
        Body::new(GuardedBody {
            inner: body,
            deadline: Box::pin(deadline),
            timeout,
            limit,
            remaining: limit,
            outcome: watched,
        }),
    );
    let probe = Probe::of(&request);
    let response = next.run(request).await;
    // The body is read (or abandoned) by now: its memory is the handler's or gone.
    drop(reservation);
    match outcome.load(Ordering::Acquire) {
        OUTCOME_TIMED_OUT => probe.refuse(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "request_timeout",
            BodyError::TimedOut(timeout).to_string(),
        )),
        OUTCOME_TOO_LARGE => probe.refuse(ApiError::payload_too_large(limit)),
        _ => response,
    }
}

fn busy() -> ApiError {
    ApiError {
        retry_after_secs: Some(1),
        ..ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "the server is receiving too many request bodies; retry later",
        )
    }
}

/// What the refusal log line says about a request.
struct Probe {
    method: Method,
    path: String,
    client: Option<String>,
}

impl Probe {
    fn of(request: &Request) -> Self {
        Probe {
            method: request.method().clone(),
            path: request.uri().path().to_owned(),
            client: request
                .extensions()
                .get::<ConnectInfo<std::net::SocketAddr>>()
                .map(|ConnectInfo(addr)| addr.ip().to_string()),
        }
    }

    /// Answers `error` and closes the connection: the rest of the body is unread, and reading
    /// it to keep the connection would hand the client the time we are refusing it.
    fn refuse(self, error: ApiError) -> Response {
        tracing::info!(
            method = %self.method,
            path = %self.path,
            status = error.status.as_u16(),
            client = self.client,
            code = error.code,
            "request refused"
        );
        let mut response = error.into_response();
        response
            .headers_mut()
            .insert(CONNECTION, HeaderValue::from_static("close"));
        response
    }
}

fn refuse(request: &Request, error: ApiError) -> Response {
    Probe::of(request).refuse(error)
}

/// A request body with a deadline and a byte bound; its failures are [`BodyError`]s, also
/// recorded in `outcome` so the guard can answer for them.
struct GuardedBody {
    inner: Body,
    deadline: Pin<Box<Sleep>>,
    timeout: Duration,
    limit: usize,
    remaining: usize,
    outcome: Arc<AtomicU8>,
}

impl GuardedBody {
    fn fail(
        &mut self,
        code: u8,
        error: BodyError,
    ) -> Poll<Option<Result<Frame<Bytes>, BodyError>>> {
        self.outcome.store(code, Ordering::Release);
        Poll::Ready(Some(Err(error)))
    }
}

impl http_body::Body for GuardedBody {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = &mut *self;
        if this.outcome.load(Ordering::Acquire) != OUTCOME_OK {
            return Poll::Ready(None);
        }
        let polled = match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                let len = frame.data_ref().map_or(0, Bytes::len);
                if len > this.remaining {
                    let limit = this.limit;
                    this.fail(OUTCOME_TOO_LARGE, BodyError::TooLarge(limit))
                } else {
                    this.remaining -= len;
                    Poll::Ready(Some(Ok(frame)))
                }
            }
            Poll::Ready(Some(Err(err))) => {
                // A client gone mid-body: passed on as it is.
                return Poll::Ready(Some(Err(err.into())));
            }
            Poll::Ready(None) => Poll::Ready(None),
            // Checked only while waiting: a body that is all there is never failed late.
            Poll::Pending if this.deadline.as_mut().poll(cx).is_ready() => {
                let timeout = this.timeout;
                this.fail(OUTCOME_TIMED_OUT, BodyError::TimedOut(timeout))
            }
            Poll::Pending => Poll::Pending,
        };
        polled.map(|frame| frame.map(|r| r.map_err(Into::into)))
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announced_lengths() {
        let mut h = HeaderMap::new();
        assert_eq!(announced(&h), Announced::Empty);
        h.insert(CONTENT_LENGTH, HeaderValue::from_static("42"));
        assert_eq!(announced(&h), Announced::Length(42));
        h.insert(TRANSFER_ENCODING, HeaderValue::from_static("chunked"));
        assert_eq!(announced(&h), Announced::Chunked);
    }

    #[tokio::test]
    async fn the_budget_counts_kib_and_refuses_when_full() {
        let budget = BodyBudget::new(4);
        let a = budget.reserve(3000, Duration::from_millis(10), None).await;
        assert!(a.is_some());
        assert_eq!(budget.reserved_kib(), 3);
        assert!(
            budget
                .reserve(2048, Duration::from_millis(10), None)
                .await
                .is_none()
        );
        drop(a);
        assert_eq!(budget.reserved_kib(), 0);
        // Larger than the whole budget: takes it all instead of waiting for ever.
        let all = budget
            .reserve(1 << 30, Duration::from_millis(10), None)
            .await;
        assert!(all.is_some());
        assert_eq!(budget.peak_kib(), 4);
    }

    #[tokio::test]
    async fn small_bodies_keep_a_share_large_ones_cannot_take() {
        let budget = BodyBudget::new(64);
        let large = budget
            .reserve(60 * 1024, Duration::from_millis(10), None)
            .await;
        assert!(large.is_some());
        assert!(
            budget
                .reserve(8 * 1024, Duration::from_millis(10), None)
                .await
                .is_none()
        );
        let mut small = Vec::new();
        for _ in 0..4 {
            small.push(budget.reserve(100, Duration::from_millis(10), None).await);
        }
        assert!(small.iter().all(Option::is_some));
        assert_eq!(budget.reserved_kib(), 64);
        assert!(
            budget
                .reserve(100, Duration::from_millis(10), None)
                .await
                .is_none()
        );
    }

    #[tokio::test]
    async fn one_address_holds_at_most_an_eighth_of_the_budget() {
        let budget = BodyBudget::new(64 * 1024);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let wait = Duration::from_millis(10);
        let mut held = Vec::new();
        for _ in 0..8 {
            held.push(
                budget
                    .reserve(1 << 20, wait, Some(a))
                    .await
                    .expect("within 8 MiB"),
            );
        }
        assert!(
            budget.reserve(1 << 20, wait, Some(a)).await.is_none(),
            "a ninth MiB"
        );
        // Others are served meanwhile, and the address's share comes back with its bodies.
        assert!(budget.reserve(1 << 20, wait, Some(b)).await.is_some());
        held.pop();
        assert!(budget.reserve(1 << 20, wait, Some(a)).await.is_some());
        drop(held);
        // One body larger than the share is allowed when the address holds nothing.
        let one = budget.reserve(20 << 20, wait, Some(b)).await;
        assert!(one.is_some());
    }
}
