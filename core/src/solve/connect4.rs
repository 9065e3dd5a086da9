//! Connect Four exact solver (being written).
