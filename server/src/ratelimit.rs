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
    buckets: Mutex<Buckets>,
}

#[derive(Debug)]
struct Buckets {
    map: HashMap<String, Bucket>,
    /// The map is swept when it reaches this many keys.
    next_sweep: usize,
}

/// The first sweep happens at this many keys; each later one when the map has doubled since
/// the last, so sweeping costs O(1) a request however many keys are live.
const SWEEP_AT: usize = 10_000;
/// Most keys kept. When a sweep leaves more than half of it, the fullest buckets are forgotten
/// down to half: forgetting one gives its key a full bucket again, and the fullest lose the
/// least. Each key costs about 120 bytes.
pub const MAX_KEYS: usize = 200_000;

impl RateLimit {
    /// Tokens in a bucket that held `tokens` at `since`, at `now`.
    fn refilled(&self, tokens: f64, since: Instant, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(since).as_secs_f64();
        (tokens + elapsed * self.per_second).min(self.burst)
    }
}

impl Buckets {
    /// Forgets the buckets that are full again (a full bucket and no bucket mean the same),
    /// however long that took: a registration bucket takes hours to refill, and forgetting it
    /// any sooner would hand its address a new burst.
    fn sweep(&mut self, limit: &RateLimit, now: Instant) {
        self.map
            .retain(|_, b| limit.refilled(b.tokens, b.updated, now) < limit.burst);
        if self.map.len() > MAX_KEYS / 2 {
            let mut levels: Vec<f64> = self
                .map
                .values()
                .map(|b| limit.refilled(b.tokens, b.updated, now))
                .collect();
            let keep = MAX_KEYS / 2;
            levels.select_nth_unstable_by(keep, |a, b| a.total_cmp(b));
            let threshold = levels[keep];
            self.map
                .retain(|_, b| limit.refilled(b.tokens, b.updated, now) < threshold);
        }
        self.next_sweep = (self.map.len() * 2).clamp(SWEEP_AT, MAX_KEYS);
    }
}

impl RateLimiter {
    /// An empty limiter with the given parameters.
    pub fn new(limit: RateLimit) -> Self {
        RateLimiter {
            limit,
            buckets: Mutex::new(Buckets {
                map: HashMap::new(),
                next_sweep: SWEEP_AT,
            }),
        }
    }

    /// Keys held now (for tests and the sweep's bound).
    pub fn keys(&self) -> usize {
        self.buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .map
            .len()
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
        let Some(bucket) = buckets.map.get(key) else {
            return Ok(());
        };
        let tokens = limit.refilled(bucket.tokens, bucket.updated, now);
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
        if let Some(bucket) = buckets.map.get_mut(key) {
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
        if buckets.map.len() >= buckets.next_sweep {
            buckets.sweep(&limit, now);
        }
        let bucket = buckets.map.entry(key.to_owned()).or_insert(Bucket {
            tokens: limit.burst,
            updated: now,
        });
        bucket.tokens = limit.refilled(bucket.tokens, bucket.updated, now);
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

    /// Issue 47: the limiter forgot buckets idle for 600 s once it held 10,000 keys, while a
    /// registration bucket (20 at once, 100 a day) needs 4.8 h to refill: an address that
    /// used its burst got another after 10,000 other addresses came by.
    #[test]
    fn a_bucket_is_kept_until_it_is_full_again() {
        let rl = RateLimiter::new(RateLimit {
            per_second: 100.0 / 86_400.0,
            burst: 20.0,
        });
        let t0 = Instant::now();
        for _ in 0..20 {
            assert!(rl.check_at("drained", t0).is_ok());
        }
        assert!(rl.check_at("drained", t0).is_err());
        // An hour later, 12,000 other addresses register once each: sweeps run.
        let later = t0 + Duration::from_secs(3600);
        for n in 0..12_000 {
            assert!(rl.check_at(&format!("other-{n}"), later).is_ok());
        }
        assert!(rl.keys() > 12_000, "every bucket still refilling is kept");
        // The drained address has earned about four registrations in the hour, not 20.
        let mut got = 0;
        while rl.check_at("drained", later).is_ok() {
            got += 1;
        }
        assert_eq!(got, 4);
        // Once full again (4.8 h after it was drained), buckets are forgotten.
        let full = t0 + Duration::from_secs(6 * 3600);
        for n in 0..30_000 {
            let _ = rl.check_at(&format!("late-{n}"), full);
        }
        assert!(rl.keys() <= 30_001, "{} keys", rl.keys());
    }

    #[test]
    fn the_keys_are_bounded_and_the_fullest_go_first() {
        let rl = RateLimiter::new(RateLimit {
            per_second: 0.000_001,
            burst: 2.0,
        });
        let t0 = Instant::now();
        // One drained key, then more half-used keys than the bound.
        assert!(rl.check_at("drained", t0).is_ok());
        assert!(rl.check_at("drained", t0).is_ok());
        for n in 0..MAX_KEYS + 10 {
            let _ = rl.check_at(&n.to_string(), t0);
        }
        assert!(rl.keys() <= MAX_KEYS + 1, "{}", rl.keys());
        assert!(rl.check_at("drained", t0).is_err(), "the emptiest is kept");
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
