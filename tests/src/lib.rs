//! Helpers shared by the cross-component tests in `tests/tests/`.

use std::path::PathBuf;

/// Path of a file under `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}
