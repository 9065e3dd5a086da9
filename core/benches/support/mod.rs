//! What the benchmarks share: this thread's CPU time.

use std::time::Duration;

/// CPU time this thread has run (`CLOCK_THREAD_CPUTIME_ID`), or `None` where unavailable. The
/// machine is shared, so wall time alone overstates a cost when other processes compete for the
/// cores; `clock_gettime` is exact to the nanosecond, where the scheduler's `/proc` counter only
/// moves at ticks and reads 0 for a microsecond solve.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec for the call's duration.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        (rc == 0).then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// CPU time all threads of this process have run (`CLOCK_PROCESS_CPUTIME_ID`): with a parallel
/// search, how much of the machine it used.
#[allow(dead_code)]
pub fn process_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec for the call's duration.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
        (rc == 0).then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(unix))]
    {
        None
    }
}
