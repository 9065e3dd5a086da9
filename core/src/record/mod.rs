//! Game records (being written).
