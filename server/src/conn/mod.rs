//! Connection hardening: the accept loop and the limits that keep one hostile client from
//! exhausting the process (open files, memory, shutdown).
//!
//! - [`accept`]: our own HTTP/1.1 accept loop over hyper (axum::serve has no per-connection
//!   limits): header timeout, per-address and global connection caps, bounded graceful shutdown.
//! - [`caps`]: counting open connections per client address and in all.
//! - [`body`]: the request-body guard: a deadline and a byte cap on every body, a global budget of
//!   body memory in flight, and the registration endpoint's own small bound.
//! - [`fdlimit`]: the process's open-file limit, raised at start, and the global cap derived
//!   from it.
//!
//! Only HTTP/1.1 (and 1.0) is served: the apps and the CLI speak HTTP/1.1, and one protocol
//! keeps the timeouts' meaning simple.

pub mod accept;
pub mod body;
pub mod caps;
pub mod fdlimit;
pub mod io;

use std::time::Duration;

pub use accept::Server;
pub use body::{BodyBudget, BodyError, BudgetKey, layers};

/// Bounds on connections and request bodies; `ply-server` fills them from flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// From the moment the server is ready for a request (connection accepted, or the previous
    /// response sent on a kept-alive connection) to the end of its headers. Covers a connection
    /// that never sends a byte and the wait between keep-alive requests: closed after it.
    pub header_timeout: Duration,
    /// From the end of a request's headers to the end of its body (longer: 408, and the
    /// connection is closed).
    pub body_timeout: Duration,
    /// Most open connections from one client address (see [`ConnectionLimits::ipv6_prefix`]);
    /// trusted proxies are exempt, since every client behind one shares its address.
    pub per_address: usize,
    /// IPv6 peers are grouped by this prefix length (one /64 is typically one subscriber);
    /// IPv4-mapped IPv6 peers count as IPv4.
    pub ipv6_prefix: u8,
    /// Most open connections in all. `None`: the open-file soft limit at start minus
    /// [`ConnectionLimits::fd_reserve`].
    pub max_connections: Option<usize>,
    /// File descriptors kept out of the global cap when it is derived: database pool, log,
    /// the listener, and sockets accepted only to be refused.
    pub fd_reserve: usize,
    /// Request-body memory in flight across all requests, in KiB.
    pub body_budget_kib: u32,
    /// How long a request waits for its share of the body budget before a 503.
    pub budget_wait: Duration,
    /// Bytes a second a body must keep up once [`body::MIN_RATE_GRACE`] has passed (0: no
    /// floor); slower: 408.
    pub body_min_rate: u64,
    /// While a body waits for room in the budget, bodies in flight arriving slower than this
    /// (bytes a second) are cut with 408, slowest first (0: never).
    pub body_contended_rate: u64,
    /// How long a connection's writes may stay blocked (its client not reading what it was
    /// sent) before the connection is reset.
    pub write_timeout: Duration,
    /// The kernel send buffer of each connection (`SO_SNDBUF`; Linux doubles it): how much
    /// unread answer a connection can hold in the kernel. 0: the system's default.
    pub send_buffer: usize,
    /// Largest body of `POST /v1/devices`, checked from `Content-Length` before any byte is read.
    pub registration_body_limit: usize,
    /// After a shutdown signal, how long in-flight requests may take before the remaining
    /// connections are closed.
    pub shutdown_grace: Duration,
}

/// Default [`ConnectionLimits::header_timeout`].
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Default [`ConnectionLimits::body_timeout`]: a full 1 MiB batch at about 20 KB/s.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(60);
/// Default [`ConnectionLimits::per_address`].
pub const DEFAULT_PER_ADDRESS: usize = 64;
/// Default [`ConnectionLimits::ipv6_prefix`].
pub const DEFAULT_IPV6_PREFIX: u8 = 64;
/// Default [`ConnectionLimits::fd_reserve`].
pub const DEFAULT_FD_RESERVE: usize = 128;
/// Default [`ConnectionLimits::body_budget_kib`]: 64 MiB.
pub const DEFAULT_BODY_BUDGET_KIB: u32 = 64 * 1024;
/// Default [`ConnectionLimits::budget_wait`].
pub const DEFAULT_BUDGET_WAIT: Duration = Duration::from_secs(2);
/// Default [`ConnectionLimits::body_min_rate`]: a 1 MiB batch in about 4 minutes, far below
/// a 2G phone's rate; what it catches is a body that stalls.
pub const DEFAULT_BODY_MIN_RATE: u64 = 4096;
/// Default [`ConnectionLimits::body_contended_rate`]: a 1 MiB batch in 16 s. Under pressure on
/// the budget only bodies slower than this are cut, so holding the budget costs an attacker
/// 64 KiB/s per MiB held, and such bodies end within seconds.
pub const DEFAULT_BODY_CONTENDED_RATE: u64 = 64 * 1024;
/// Default [`ConnectionLimits::write_timeout`].
pub const DEFAULT_WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Default [`ConnectionLimits::send_buffer`]: 128 KiB (256 KiB in the kernel), against about
/// 4 MiB the kernel's autotuning would let a non-reading client pin per connection.
pub const DEFAULT_SEND_BUFFER: usize = 128 * 1024;
/// Default [`ConnectionLimits::registration_body_limit`]: the body is two short strings.
pub const DEFAULT_REGISTRATION_BODY_LIMIT: usize = 4096;
/// Default [`ConnectionLimits::shutdown_grace`].
pub const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            per_address: DEFAULT_PER_ADDRESS,
            ipv6_prefix: DEFAULT_IPV6_PREFIX,
            max_connections: None,
            fd_reserve: DEFAULT_FD_RESERVE,
            body_budget_kib: DEFAULT_BODY_BUDGET_KIB,
            budget_wait: DEFAULT_BUDGET_WAIT,
            body_min_rate: DEFAULT_BODY_MIN_RATE,
            body_contended_rate: DEFAULT_BODY_CONTENDED_RATE,
            write_timeout: DEFAULT_WRITE_TIMEOUT,
            send_buffer: DEFAULT_SEND_BUFFER,
            registration_body_limit: DEFAULT_REGISTRATION_BODY_LIMIT,
            shutdown_grace: DEFAULT_SHUTDOWN_GRACE,
        }
    }
}

impl ConnectionLimits {
    /// The global cap in force: the configured one, or one derived from the open-file limit now.
    pub fn global_cap(&self) -> usize {
        self.max_connections.unwrap_or_else(|| {
            fdlimit::derive_cap(fdlimit::current().map(|l| l.soft), self.fd_reserve)
        })
    }
}
