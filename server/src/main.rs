//! The collector server (being written).

fn main() {}
