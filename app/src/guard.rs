//! The last line of defence: no panic may unwind into Kotlin or Swift (that would abort the app).
//! Every exported entry point runs its body through [`guard`], which turns a panic into
//! [`AppError::Internal`]. Bodies never `unwrap` inputs; this only catches bugs.

use crate::error::AppError;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `f`, converting a panic into `AppError::Internal` with the panic message.
pub fn guard<T>(what: &str, f: impl FnOnce() -> Result<T, AppError>) -> Result<T, AppError> {
    // The session state behind a panic is protected by its mutex (poisoning is handled where it
    // is locked), so observing it after an unwind is safe.
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            log::error!("panic in {what}: {message}");
            Err(AppError::internal(format!("{what}: {message}")))
        }
    }
}

/// Like [`guard`] for functions that cannot fail: a panic yields `fallback`.
pub fn guard_or<T>(what: &str, fallback: T, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => {
            log::error!("panic in {what}");
            fallback
        }
    }
}
