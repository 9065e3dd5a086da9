//! UniFFI exports of ply-core (being written).

uniffi::setup_scaffolding!();
