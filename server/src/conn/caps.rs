//! Open connections counted per client address and in all, each held by a [`Slot`] that gives
//! its place back when the connection ends, however it ends.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use crate::client_addr::{canonical, network};

/// Why a connection was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The address (or its IPv6 prefix) has its allowance open.
    PerAddress,
    /// The server has its global allowance open.
    Global,
}

/// Shared counts; cheap to clone.
#[derive(Debug, Clone)]
pub struct ConnectionCaps {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    per_address: usize,
    global: usize,
    ipv6_prefix: u8,
    exempt: Vec<IpAddr>,
    counts: Mutex<Counts>,
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    by_key: HashMap<IpAddr, usize>,
}

/// One open connection's place; released on drop.
#[derive(Debug)]
pub struct Slot {
    caps: ConnectionCaps,
    key: Option<IpAddr>,
}

impl ConnectionCaps {
    /// At most `per_address` connections per key and `global` in all; addresses in `exempt`
    /// (trusted proxies, whose one address stands for many clients) count only globally.
    pub fn new(per_address: usize, global: usize, ipv6_prefix: u8, exempt: Vec<IpAddr>) -> Self {
        ConnectionCaps {
            inner: Arc::new(Inner {
                per_address,
                global,
                ipv6_prefix: ipv6_prefix.min(128),
                exempt: exempt.into_iter().map(canonical).collect(),
                counts: Mutex::new(Counts::default()),
            }),
        }
    }

    /// The key `peer` counts under per address (its IPv6 network), or `None` for an exempt
    /// trusted proxy.
    pub fn key_of(&self, peer: IpAddr) -> Option<IpAddr> {
        let peer = canonical(peer);
        (!self.inner.exempt.contains(&peer)).then(|| network(peer, self.inner.ipv6_prefix))
    }

    /// The key a request from TCP peer `peer` with `headers` counts under for the body budget:
    /// the client's network, behind a trusted proxy the forwarded client's
    /// ([`crate::client_addr::client_of`]), so a proxy's clients share fairly too.
    pub fn client_key(&self, peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        let client = crate::client_addr::client_of(peer, headers, &self.inner.exempt);
        network(client, self.inner.ipv6_prefix)
    }

    /// A place for a connection from `peer`, or why not.
    pub fn try_acquire(&self, peer: IpAddr) -> Result<Slot, Refused> {
        let key = self.key_of(peer);
        let mut counts = self.lock();
        if counts.total >= self.inner.global {
            return Err(Refused::Global);
        }
        if let Some(key) = key {
            let n = counts.by_key.entry(key).or_insert(0);
            if *n >= self.inner.per_address {
                return Err(Refused::PerAddress);
            }
            *n += 1;
        }
        counts.total += 1;
        Ok(Slot {
            caps: self.clone(),
            key,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.lock().total
    }

    /// The global cap.
    pub fn global(&self) -> usize {
        self.inner.global
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        // The counts stay consistent under every panic (plain integer updates), so a poisoned
        // lock is still right to use.
        self.inner
            .counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.caps.lock();
        counts.total = counts.total.saturating_sub(1);
        if let Some(key) = self.key
            && let Some(n) = counts.by_key.get_mut(&key)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                // Forget idle addresses, so the map is bounded by the open connections.
                counts.by_key.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn per_address_and_global_caps_hold_and_release() {
        let caps = ConnectionCaps::new(2, 3, 64, vec![ip("10.0.0.1")]);
        let a1 = caps.try_acquire(ip("192.0.2.1")).unwrap();
        let _a2 = caps.try_acquire(ip("::ffff:192.0.2.1")).unwrap();
        assert_eq!(
            caps.try_acquire(ip("192.0.2.1")).unwrap_err(),
            Refused::PerAddress,
            "the mapped address is the same client"
        );
        let _b = caps.try_acquire(ip("10.0.0.1")).unwrap();
        assert_eq!(
            caps.try_acquire(ip("10.0.0.1")).unwrap_err(),
            Refused::Global
        );
        drop(a1);
        assert_eq!(caps.open(), 2);
        assert!(caps.try_acquire(ip("192.0.2.1")).is_ok());
    }

    #[test]
    fn ipv6_is_grouped_by_prefix_and_proxies_count_only_globally() {
        let caps = ConnectionCaps::new(1, 100, 64, vec![ip("2001:db8::1")]);
        let _a = caps.try_acquire(ip("2001:db8:0:1::1")).unwrap();
        assert_eq!(
            caps.try_acquire(ip("2001:db8:0:1:ffff::2")).unwrap_err(),
            Refused::PerAddress
        );
        assert!(caps.try_acquire(ip("2001:db8:0:2::1")).is_ok());
        let _p1 = caps.try_acquire(ip("2001:db8::1")).unwrap();
        let _p2 = caps.try_acquire(ip("2001:db8::1")).unwrap();
        assert_eq!(network(ip("2001:db8::1"), 0), ip("::"));
        assert_eq!(network(ip("2001:db8::1"), 128), ip("2001:db8::1"));
    }
}
