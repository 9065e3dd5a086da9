//! UniFFI exports of ply-core for the Kotlin (Android) and Swift (iOS) shells.

uniffi::setup_scaffolding!();

/// Version of the Ply core library, for the shells' "about" screens and records.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
