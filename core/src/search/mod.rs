//! Search engines (being written).
