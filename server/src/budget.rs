//! Storage budgets: how many records and bytes a device, an address and all new devices together
//! may store per day.
//!
//! Registering is free, so a budget per token alone would let anyone buy storage by the token.
//! Instead a device *earns* its allowance: a new device may store a little on its first days,
//! and its daily allowance grows with what it stored before (`earn_factor` times its history, up
//! to a ceiling). While a device is new, its uploads also draw on its address's allowance and on
//! one pool shared by every new device, so rotating tokens or addresses buys at most the pool.
//!
//! Whatever devices earn, two ceilings hold: everything one address stores per day (all its
//! devices, new or not), and everything the collection takes per day. A farm of tokens that
//! upload every day earns allowances as honest devices do (a device's allowance grows to twice
//! what it stored before, so a farm's total triples a day), and these ceilings are what bound
//! it.
//!
//! Sizes are bytes on disk as the budget counts them ([`record_cost`]): the stored body and a
//! fixed amount for its rows and indexes.
//!
//! A device's figures and the collection's are read from the database inside the storing
//! transaction (exact, shared by every instance); the per-address allowances and the new
//! devices' pool are token buckets in this process's memory, like the rate limits (each
//! instance keeps its own).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Milliseconds in the budget's window.
pub const DAY_MS: i64 = 24 * 3600 * 1000;

/// The budget parameters (see the module doc). Counts are records, sizes are bytes on disk as
/// [`record_cost`] counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StorageBudget {
    /// Off: store whatever validates (tests, imports).
    pub enabled: bool,
    /// What a device with no history may store per day.
    pub first_records: u64,
    pub first_bytes: u64,
    /// A device's daily allowance is this many times what it stored before the last day...
    pub earn_factor: u64,
    /// ...up to this.
    pub max_records: u64,
    pub max_bytes: u64,
    /// Per day for the new devices of one address (IPv6: of one prefix).
    pub address_records: u64,
    pub address_bytes: u64,
    /// Per day for all new devices together.
    pub pool_records: u64,
    pub pool_bytes: u64,
    /// Per day for everything one address stores, all its devices together (IPv6: one
    /// prefix): the ceiling a farm cannot earn its way past.
    pub address_cap_records: u64,
    pub address_cap_bytes: u64,
    /// Per day for everything the collection takes.
    pub total_cap_records: u64,
    pub total_cap_bytes: u64,
}

const MIB: u64 = 1024 * 1024;

/// Bytes on disk counted for a record's row, its indexes and its share of the tables' pages,
/// besides its body; measured with `examples/disk.rs` (see server/README.md).
pub const RECORD_OVERHEAD: u64 = 1024;
/// The same for each seat's row.
pub const SEAT_OVERHEAD: u64 = 128;

/// What storing a record of `body_bytes` with `seats` seats costs against the budgets.
pub fn record_cost(body_bytes: u64, seats: u64) -> u64 {
    body_bytes + RECORD_OVERHEAD + SEAT_OVERHEAD * seats
}

impl Default for StorageBudget {
    fn default() -> Self {
        StorageBudget {
            enabled: true,
            first_records: 20,
            first_bytes: MIB,
            earn_factor: 2,
            max_records: 500,
            max_bytes: 32 * MIB,
            address_records: 100,
            address_bytes: 8 * MIB,
            pool_records: 5_000,
            pool_bytes: 256 * MIB,
            address_cap_records: 1_000,
            address_cap_bytes: 64 * MIB,
            total_cap_records: 50_000,
            total_cap_bytes: 1024 * MIB,
        }
    }
}

impl StorageBudget {
    /// Whether every allowance can hold at least one record of the largest size a record may
    /// have: a smaller one would defer some valid record for ever.
    pub fn check(&self) -> Result<(), String> {
        if !self.enabled {
            return Ok(());
        }
        let largest = record_cost(
            ply_core::record::limits::MAX_RECORD_BYTES as u64,
            ply_core::record::limits::MAX_PLAYERS as u64,
        );
        for (name, records, bytes) in [
            ("first-day", self.first_records, self.first_bytes),
            ("maximum", self.max_records, self.max_bytes),
            ("per-address", self.address_records, self.address_bytes),
            ("new-device pool", self.pool_records, self.pool_bytes),
            (
                "address ceiling",
                self.address_cap_records,
                self.address_cap_bytes,
            ),
            (
                "collection ceiling",
                self.total_cap_records,
                self.total_cap_bytes,
            ),
        ] {
            if records == 0 || bytes < largest {
                return Err(format!(
                    "the {name} storage budget must allow at least one record and {largest} \
                     bytes (the largest record) a day; it allows {records} records and {bytes} \
                     bytes"
                ));
            }
        }
        if self.earn_factor == 0 {
            return Err("the budget's earn factor must be at least 1".into());
        }
        Ok(())
    }

    /// No budget at all.
    pub fn unlimited() -> Self {
        StorageBudget {
            enabled: false,
            ..StorageBudget::default()
        }
    }
}

/// What one device has stored, read in the storing transaction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeviceUsage {
    /// Everything it ever stored.
    pub stored_records: u64,
    pub stored_bytes: u64,
    /// What it stored in the last day.
    pub window_records: u64,
    pub window_bytes: u64,
    /// When the oldest record of the last day was received (unix ms).
    pub oldest_in_window_ms: Option<i64>,
}

impl DeviceUsage {
    fn before_window(&self) -> (u64, u64) {
        (
            self.stored_records.saturating_sub(self.window_records),
            self.stored_bytes.saturating_sub(self.window_bytes),
        )
    }
}

impl StorageBudget {
    /// The device's allowance per day: earned from what it stored before the window.
    pub fn device_allowance(&self, usage: &DeviceUsage) -> (u64, u64) {
        let (records, bytes) = usage.before_window();
        (
            records
                .saturating_mul(self.earn_factor)
                .clamp(self.first_records, self.max_records.max(self.first_records)),
            bytes
                .saturating_mul(self.earn_factor)
                .clamp(self.first_bytes, self.max_bytes.max(self.first_bytes)),
        )
    }

    /// Whether the device is still new: it has not stored a first day's allowance before the
    /// window. New devices also draw on their address's allowance and the shared pool.
    pub fn is_new(&self, usage: &DeviceUsage) -> bool {
        usage.before_window().0 < self.first_records
    }
}

/// Which limit refused a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The device's own allowance for the day.
    Device,
    /// A new device's share: its address's and the pool's.
    Shared,
    /// Everything its address stored today.
    AddressCap,
    /// Everything the collection took today.
    TotalCap,
}

/// What the allowances held in memory for one upload left: the address ceiling, and for a new
/// device the address's and the pool's (the smaller of each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    pub address_cap: (u64, u64),
    pub shared: Option<(u64, u64)>,
}

impl Held {
    /// Nothing held: no limit from memory (imports, tests).
    pub fn unlimited() -> Self {
        Held {
            address_cap: (u64::MAX, u64::MAX),
            shared: None,
        }
    }
}

/// What is left of each limit for one upload; decides record by record, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Remaining {
    device: (u64, u64),
    /// The address's and the pool's allowance (the smaller of each), for a new device.
    shared: Option<(u64, u64)>,
    address_cap: (u64, u64),
    total_cap: (u64, u64),
    /// Which limit refused a record, if one did.
    pub refused_by: Option<Refusal>,
}

impl Remaining {
    /// No limit.
    pub fn unlimited() -> Self {
        Remaining {
            device: (u64::MAX, u64::MAX),
            shared: None,
            address_cap: (u64::MAX, u64::MAX),
            total_cap: (u64::MAX, u64::MAX),
            refused_by: None,
        }
    }

    /// The device's remaining allowance today, what `held` holds of the address ceiling (and
    /// for a new device of the shared allowances), and what the collection stored today.
    pub fn new(
        budget: &StorageBudget,
        usage: &DeviceUsage,
        held: Held,
        collection: (u64, u64),
    ) -> Self {
        if !budget.enabled {
            return Self::unlimited();
        }
        let (records, bytes) = budget.device_allowance(usage);
        Remaining {
            device: (
                records.saturating_sub(usage.window_records),
                bytes.saturating_sub(usage.window_bytes),
            ),
            shared: if budget.is_new(usage) {
                Some(held.shared.unwrap_or((0, 0)))
            } else {
                None
            },
            address_cap: held.address_cap,
            total_cap: (
                budget.total_cap_records.saturating_sub(collection.0),
                budget.total_cap_bytes.saturating_sub(collection.1),
            ),
            refused_by: None,
        }
    }

    /// Takes one record of `bytes` if every limit has room for it. Once a record is refused,
    /// the rest of the batch is too: records are stored in the order the device played them.
    pub fn take(&mut self, bytes: u64) -> bool {
        if self.refused_by.is_some() {
            return false;
        }
        let fits = |(r, b): (u64, u64)| r >= 1 && b >= bytes;
        let refusal = if !fits(self.device) {
            Some(Refusal::Device)
        } else if self.shared.is_some_and(|s| !fits(s)) {
            Some(Refusal::Shared)
        } else if !fits(self.address_cap) {
            Some(Refusal::AddressCap)
        } else if !fits(self.total_cap) {
            Some(Refusal::TotalCap)
        } else {
            None
        };
        if refusal.is_some() {
            self.refused_by = refusal;
            return false;
        }
        let less = |(r, b): (u64, u64)| (r - 1, b - bytes);
        self.device = less(self.device);
        self.shared = self.shared.map(less);
        self.address_cap = less(self.address_cap);
        self.total_cap = less(self.total_cap);
        true
    }

    /// Whether the shared allowances were drawn on (the device is new).
    pub fn draws_on_shared(&self) -> bool {
        self.shared.is_some()
    }
}

/// Token buckets of records and bytes per key, refilled evenly over a day.
#[derive(Debug)]
pub struct DailyBuckets {
    records: u64,
    bytes: u64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    records: f64,
    bytes: f64,
    updated: Instant,
}

/// Buckets are forgotten once full again (a day idle), swept when the map grows past this.
const SWEEP_AT: usize = 10_000;

impl DailyBuckets {
    /// Buckets holding `records` and `bytes` each, refilled over a day.
    pub fn new(records: u64, bytes: u64) -> Self {
        DailyBuckets {
            records,
            bytes,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    fn refilled(&self, bucket: Option<&Bucket>, now: Instant) -> Bucket {
        let full = Bucket {
            records: self.records as f64,
            bytes: self.bytes as f64,
            updated: now,
        };
        let Some(b) = bucket else { return full };
        let day = Duration::from_millis(DAY_MS as u64).as_secs_f64();
        let share = now.saturating_duration_since(b.updated).as_secs_f64() / day;
        Bucket {
            records: (b.records + share * self.records as f64).min(full.records),
            bytes: (b.bytes + share * self.bytes as f64).min(full.bytes),
            updated: now,
        }
    }

    /// Whole records and bytes `key` may store now.
    pub fn available(&self, key: &str, now: Instant) -> (u64, u64) {
        let buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let b = self.refilled(buckets.get(key), now);
        (b.records.max(0.0) as u64, b.bytes.max(0.0) as u64)
    }

    /// Takes up to `records` and `bytes` from `key`'s bucket in one step, and says how much it
    /// took: concurrent uploads of one address cannot each see the whole allowance. What is not
    /// used goes back with [`DailyBuckets::refund`].
    pub fn reserve(&self, key: &str, records: u64, bytes: u64, now: Instant) -> (u64, u64) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= SWEEP_AT {
            let day = Duration::from_millis(DAY_MS as u64);
            buckets.retain(|_, b| now.saturating_duration_since(b.updated) < day);
        }
        let mut b = self.refilled(buckets.get(key), now);
        let taken = (
            records.min(b.records.max(0.0) as u64),
            bytes.min(b.bytes.max(0.0) as u64),
        );
        b.records -= taken.0 as f64;
        b.bytes -= taken.1 as f64;
        buckets.insert(key.to_owned(), b);
        taken
    }

    /// Gives back what a reservation did not use.
    pub fn refund(&self, key: &str, records: u64, bytes: u64, now: Instant) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let mut b = self.refilled(buckets.get(key), now);
        b.records = (b.records + records as f64).min(self.records as f64);
        b.bytes = (b.bytes + bytes as f64).min(self.bytes as f64);
        buckets.insert(key.to_owned(), b);
    }

    /// How long until `key` can store one record of `bytes` (zero if it can now; a day at most
    /// when the record is larger than the bucket).
    pub fn wait_for(&self, key: &str, bytes: u64, now: Instant) -> Duration {
        let buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let b = self.refilled(buckets.get(key), now);
        let day = DAY_MS as f64 / 1000.0;
        let wait = |have: f64, need: f64, per_day: u64| {
            if have >= need || per_day == 0 {
                0.0
            } else {
                ((need - have) / per_day as f64 * day).min(day)
            }
        };
        Duration::from_secs_f64(wait(b.records, 1.0, self.records).max(wait(
            b.bytes,
            bytes as f64,
            self.bytes,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(stored: u64, window: u64, bytes_each: u64) -> DeviceUsage {
        DeviceUsage {
            stored_records: stored,
            stored_bytes: stored * bytes_each,
            window_records: window,
            window_bytes: window * bytes_each,
            oldest_in_window_ms: None,
        }
    }

    #[test]
    fn a_device_earns_its_allowance_from_what_it_stored_before() {
        let b = StorageBudget::default();
        // Nothing stored: the first day's allowance.
        assert_eq!(b.device_allowance(&usage(0, 0, 1000)), (20, MIB));
        assert!(b.is_new(&usage(0, 0, 1000)));
        // What it stores today does not raise today's allowance.
        assert_eq!(b.device_allowance(&usage(20, 20, 1000)), (20, MIB));
        // 30 records before the window: 60 a day, and no longer new.
        let earned = usage(40, 10, 1000);
        assert_eq!(b.device_allowance(&earned).0, 60);
        assert!(!b.is_new(&earned));
        // The ceiling.
        assert_eq!(b.device_allowance(&usage(100_000, 0, 1000)).0, 500);
        assert_eq!(b.device_allowance(&usage(100_000, 0, 1000)).1, 32 * MIB);
    }

    fn held(shared: (u64, u64)) -> Held {
        Held {
            address_cap: (u64::MAX, u64::MAX),
            shared: Some(shared),
        }
    }

    #[test]
    fn records_are_taken_in_order_until_a_limit_refuses_one() {
        let b = StorageBudget::default();
        let mut left = Remaining::new(&b, &usage(0, 18, 10), held((100, MIB)), (0, 0));
        assert!(left.take(10));
        assert!(left.take(10));
        assert!(!left.take(10), "the first day's 20 are used up");
        assert_eq!(left.refused_by, Some(Refusal::Device));
        assert!(!left.take(1), "nothing after a refusal");

        // A new device within its own allowance, but its address has room for one record.
        let mut left = Remaining::new(&b, &usage(0, 0, 10), held((1, MIB)), (0, 0));
        assert!(left.take(10));
        assert!(!left.take(10));
        assert_eq!(left.refused_by, Some(Refusal::Shared));

        // An established device does not draw on the shared allowances.
        let left = Remaining::new(&b, &usage(100, 0, 10), held((0, 0)), (0, 0));
        assert!(!left.draws_on_shared());
        // Bytes count too.
        let mut left = Remaining::new(&b, &usage(0, 0, 10), held((100, MIB)), (0, 0));
        assert!(!left.take(MIB + 1));
    }

    #[test]
    fn the_ceilings_hold_whatever_a_device_earned() {
        let b = StorageBudget::default();
        // An established device with the largest allowance, its address near its ceiling.
        let established = usage(100_000, 0, 1000);
        let near = Held {
            address_cap: (2, MIB),
            shared: None,
        };
        let mut left = Remaining::new(&b, &established, near, (0, 0));
        assert!(left.take(10) && left.take(10));
        assert!(!left.take(10));
        assert_eq!(left.refused_by, Some(Refusal::AddressCap));
        // The collection's day is nearly full: one more record of 100 bytes fits.
        let full = (b.total_cap_records - 1, b.total_cap_bytes - 100);
        let mut left = Remaining::new(&b, &established, Held::unlimited(), full);
        assert!(left.take(100));
        assert!(!left.take(1));
        assert_eq!(left.refused_by, Some(Refusal::TotalCap));
        // Over it already (another instance stored meanwhile): nothing.
        let over = (b.total_cap_records + 5, 0);
        let mut left = Remaining::new(&b, &established, Held::unlimited(), over);
        assert!(!left.take(1));
    }

    #[test]
    fn every_allowance_must_hold_the_largest_record() {
        assert_eq!(StorageBudget::default().check(), Ok(()));
        let tiny = StorageBudget {
            address_bytes: 1000,
            ..StorageBudget::default()
        };
        let e = tiny.check().expect_err("too small");
        let largest = record_cost(262_144, 6);
        assert!(
            e.contains("per-address") && e.contains(&largest.to_string()),
            "{e}"
        );
        let none = StorageBudget {
            pool_records: 0,
            ..StorageBudget::default()
        };
        assert!(none.check().is_err());
        let off = StorageBudget {
            pool_records: 0,
            ..StorageBudget::unlimited()
        };
        assert_eq!(off.check(), Ok(()));
    }

    #[test]
    fn disabled_budgets_refuse_nothing() {
        let mut left = Remaining::new(
            &StorageBudget::unlimited(),
            &usage(0, 1_000, 1),
            held((0, 0)),
            (u64::MAX, u64::MAX),
        );
        for _ in 0..1000 {
            assert!(left.take(1 << 20));
        }
    }

    #[test]
    fn daily_buckets_refill_over_a_day() {
        let buckets = DailyBuckets::new(100, 1000);
        let t0 = Instant::now();
        assert_eq!(buckets.available("a", t0), (100, 1000));
        assert_eq!(buckets.reserve("a", 100, 500, t0), (100, 500));
        assert_eq!(buckets.available("a", t0), (0, 500));
        assert_eq!(buckets.available("b", t0), (100, 1000), "keys are apart");
        // A record needs a hundredth of a day.
        let wait = buckets.wait_for("a", 10, t0);
        assert!((wait.as_secs_f64() - 864.0).abs() < 1.0, "{wait:?}");
        let later = t0 + Duration::from_secs(864 * 2);
        assert_eq!(buckets.available("a", later).0, 2);
        // A day later it is full again.
        let day = t0 + Duration::from_secs(86_400);
        assert_eq!(buckets.available("a", day), (100, 1000));
    }

    #[test]
    fn reservations_take_at_most_what_is_left_and_refunds_give_it_back() {
        let buckets = DailyBuckets::new(10, 1000);
        let t0 = Instant::now();
        assert_eq!(buckets.reserve("a", 6, 400, t0), (6, 400));
        // A second upload at the same time sees only the rest.
        assert_eq!(buckets.reserve("a", 6, 400, t0), (4, 400));
        assert_eq!(buckets.available("a", t0), (0, 200));
        buckets.refund("a", 3, 100, t0);
        assert_eq!(buckets.available("a", t0), (3, 300));
        // Never above the bucket.
        buckets.refund("a", 100, 10_000, t0);
        assert_eq!(buckets.available("a", t0), (10, 1000));
    }
}
