//! The FFI's one error type: what `AppCore.start` can fail with. Inside, the app core's errors
//! are typed (`ply_app::AppError`) and said in the player's language on its screens; only
//! starting the core returns an error to a shell.

use ply_app::AppError;

/// Kotlin sees `PlyException.<Variant>`, Swift `PlyError.<variant>`; each carries a message
/// that says what is wrong, which the shell passes to `startFailureReason`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum PlyError {
    /// The data folder cannot be made or written.
    #[error("storage: {reason}")]
    Storage { reason: String },
    /// A bug in Ply (a caught panic or a broken invariant).
    #[error("internal error: {reason}")]
    Internal { reason: String },
}

/// Starting the core refuses nothing a person chose: any app error there is a bug.
impl From<AppError> for PlyError {
    fn from(e: AppError) -> Self {
        match e {
            AppError::Internal(reason) => PlyError::Internal { reason },
            other => PlyError::Internal {
                reason: other.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caught_panic_keeps_its_words() {
        let e = ply_app::guard::guard("start", || -> Result<(), AppError> { panic!("boom") })
            .map_err(PlyError::from);
        assert_eq!(
            e,
            Err(PlyError::Internal {
                reason: "start: boom".into()
            })
        );
    }
}
