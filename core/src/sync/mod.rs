//! Outbox and sync protocol (being written).
