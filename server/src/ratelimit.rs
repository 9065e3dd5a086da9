//! Per-key token-bucket rate limiting, kept in this process's memory.
//!
//! With several server instances behind a balancer each keeps its own buckets, so a client can
//! reach at most `instances x rate`. That is acceptable: the limit protects each instance from a
//! runaway client, and correctness (exactly-once storage) never depends on it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Bucket parameters: `burst` requests at once, refilled at `per_second`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimit {
    /// Sustained requests per second per key.
    pub per_second: f64,
    /// Requests allowed in a burst (bucket capacity).
    pub burst: f64,
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit {
            per_second: 20.0,
            burst: 40.0,
        }
    }
}

#[derive(Debug)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Buckets per key (a token hash, or a client address).
#[derive(Debug)]
pub struct RateLimiter {
    limit: RateLimit,
    buckets: Mutex<HashMap<String, Bucket>>,
}

/// Buckets idle this long are full again and can be forgotten.
const FORGET_AFTER: Duration = Duration::from_secs(600);
/// Sweep idle buckets when the map grows past this many keys.
const SWEEP_AT: usize = 10_000;

impl RateLimiter {
    /// An empty limiter with the given parameters.
    pub fn new(limit: RateLimit) -> Self {
        RateLimiter {
            limit,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `key`'s bucket now: `Ok` if allowed, else the wait before the
    /// next request would be allowed.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    /// Whether `key` could make a request now, without taking one: for limits on failures,
    /// consulted before the attempt and charged ([`RateLimiter::check`]) only when it fails.
    pub fn peek(&self, key: &str) -> Result<(), Duration> {
        self.peek_at(key, Instant::now())
    }

    /// [`RateLimiter::peek`] at a given instant (for tests).
    pub fn peek_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let limit = self.limit;
        if limit.per_second <= 0.0 || limit.burst <= 0.0 {
            return Ok(());
        }
        let buckets = self
            .buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Some(bucket) = buckets.get(key) else {
            return Ok(());
        };
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        let tokens = (bucket.tokens + elapsed * limit.per_second).min(limit.burst);
        if tokens >= 1.0 {
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - tokens) / limit.per_second))
        }
    }

    /// Gives back a request taken by [`RateLimiter::check`]: how a limit on failures charges
    /// every attempt up front (one atomic step, so concurrent attempts cannot all pass a
    /// check made before any of them is charged) and refunds the ones that succeed.
    pub fn refund(&self, key: &str) {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(bucket) = buckets.get_mut(key) {
            bucket.tokens = (bucket.tokens + 1.0).min(self.limit.burst);
        }
    }

    /// [`RateLimiter::check`] at a given instant (for tests).
    pub fn check_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let limit = self.limit;
        if limit.per_second <= 0.0 || limit.burst <= 0.0 {
            return Ok(());
        }
        // A poisoned lock only means another request panicked mid-update; the map is still usable.
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, b| now.saturating_duration_since(b.updated) < FORGET_AFTER);
        }
        let bucket = buckets.entry(key.to_owned()).or_insert(Bucket {
            tokens: limit.burst,
            updated: now,
        });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * limit.per_second).min(limit.burst);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let missing = 1.0 - bucket.tokens;
            Err(Duration::from_secs_f64(missing / limit.per_second))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_refill() {
        let rl = RateLimiter::new(RateLimit {
            per_second: 2.0,
            burst: 3.0,
        });
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(rl.check_at("a", t0).is_ok());
        }
        let wait = rl.check_at("a", t0).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-9, "{wait:?}");
        // Another key has its own bucket.
        assert!(rl.check_at("b", t0).is_ok());
        // Half a second later one request is back.
        let t1 = t0 + Duration::from_millis(500);
        assert!(rl.check_at("a", t1).is_ok());
        assert!(rl.check_at("a", t1).is_err());
    }

    #[test]
    fn peeking_takes_nothing() {
        let rl = RateLimiter::new(RateLimit {
            per_second: 1.0,
            burst: 2.0,
        });
        let t0 = Instant::now();
        for _ in 0..10 {
            assert!(rl.peek_at("a", t0).is_ok());
        }
        assert!(rl.check_at("a", t0).is_ok());
        assert!(rl.check_at("a", t0).is_ok());
        let wait = rl.peek_at("a", t0).unwrap_err();
        assert!((wait.as_secs_f64() - 1.0).abs() < 1e-9, "{wait:?}");
        assert!(rl.peek_at("a", t0 + Duration::from_secs(1)).is_ok());
    }

    #[test]
    fn a_refund_gives_back_what_a_check_took() {
        let rl = RateLimiter::new(RateLimit {
            per_second: 0.001,
            burst: 2.0,
        });
        let t0 = Instant::now();
        for _ in 0..100 {
            assert!(rl.check_at("a", t0).is_ok());
            rl.refund("a");
        }
        assert!(rl.check_at("a", t0).is_ok());
        assert!(rl.check_at("a", t0).is_ok());
        assert!(rl.check_at("a", t0).is_err());
        // Never above the burst.
        for _ in 0..10 {
            rl.refund("a");
        }
        assert!(rl.check_at("a", t0).is_ok());
        assert!(rl.check_at("a", t0).is_ok());
        assert!(rl.check_at("a", t0).is_err());
    }

    #[test]
    fn zero_rate_disables_the_limit() {
        let rl = RateLimiter::new(RateLimit {
            per_second: 0.0,
            burst: 0.0,
        });
        for _ in 0..1000 {
            assert!(rl.check("x").is_ok());
        }
    }
}
