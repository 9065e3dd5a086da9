//! The weighted heuristic (being written).
