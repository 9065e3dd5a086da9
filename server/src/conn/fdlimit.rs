//! The process's open-file limit (`RLIMIT_NOFILE`): every connection costs a descriptor, and
//! running out makes `accept` fail with EMFILE while the database and log need files too.

/// One reading of `RLIMIT_NOFILE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileLimit {
    /// The limit in force.
    pub soft: u64,
    /// How far an unprivileged process may raise it.
    pub hard: u64,
}

/// What [`raise`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Raised {
    /// Before.
    pub before: Option<FileLimit>,
    /// After (the same as before when the system refused).
    pub after: Option<FileLimit>,
}

/// Smallest global cap ever derived, so a tiny limit still serves someone.
const MIN_CAP: usize = 4;

/// Soft limits above this are treated as this: "unlimited" reads as `u64::MAX`, and a cap
/// that large would only hide the per-address one.
const MAX_SENSIBLE: u64 = 1 << 20;

/// The current limit; `None` where the platform has none or the call fails.
#[cfg(unix)]
pub fn current() -> Option<FileLimit> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` only writes the struct we own.
    let rc = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) };
    (rc == 0).then_some(FileLimit {
        soft: lim.rlim_cur,
        hard: lim.rlim_max,
    })
}

/// The current limit; `None` where the platform has none or the call fails.
#[cfg(not(unix))]
pub fn current() -> Option<FileLimit> {
    None
}

/// Raises the soft limit to the hard one (the default soft limit, 1024 on Linux, is far below
/// what a server with many clients needs, and the hard one is usually much higher). On macOS
/// the kernel refuses more than `OPEN_MAX` whatever the hard limit says: then it is kept.
#[cfg(unix)]
pub fn raise() -> Raised {
    let before = current();
    let Some(limit) = before else {
        return Raised {
            before,
            after: before,
        };
    };
    if limit.soft < limit.hard {
        let wanted = libc::rlimit {
            rlim_cur: limit.hard,
            rlim_max: limit.hard,
        };
        // SAFETY: `setrlimit` only reads the struct we own.
        let rc = unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) };
        if rc != 0 {
            tracing::debug!(
                error = %std::io::Error::last_os_error(),
                "cannot raise the open-file limit"
            );
        }
    }
    Raised {
        before,
        after: current(),
    }
}

/// No limit to raise here.
#[cfg(not(unix))]
pub fn raise() -> Raised {
    Raised {
        before: None,
        after: None,
    }
}

/// The global connection cap for a soft limit: the limit less `reserve`, at least a few.
/// Without a known limit, the common Linux default.
pub fn derive_cap(soft: Option<u64>, reserve: usize) -> usize {
    let soft = soft.unwrap_or(1024).min(MAX_SENSIBLE);
    let soft = usize::try_from(soft).unwrap_or(usize::MAX);
    soft.saturating_sub(reserve).max(MIN_CAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_leaves_the_reserve_and_never_vanishes() {
        assert_eq!(derive_cap(Some(1024), 128), 896);
        assert_eq!(derive_cap(Some(64), 128), MIN_CAP);
        assert_eq!(derive_cap(None, 24), 1000);
        assert_eq!(derive_cap(Some(u64::MAX), 128), (1 << 20) - 128);
    }

    #[cfg(unix)]
    #[test]
    fn raising_never_lowers() {
        let raised = raise();
        if let (Some(before), Some(after)) = (raised.before, raised.after) {
            assert!(after.soft >= before.soft);
            assert!(after.soft <= after.hard);
        }
    }
}
