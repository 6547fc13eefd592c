//! Parser benchmark (being written).
fn main() {}
