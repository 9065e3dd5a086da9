//! Pascal Pons' Connect Four test sets in `tests/data/connect4/` (see the README there), read
//! once for the solver's tests.

/// The lines of `file`: each position's moves from the empty board (column digits) and its
/// exact score. A malformed line fails the test, naming the file and the line.
pub fn data(file: &str) -> Vec<(String, i32)> {
    let path = format!(
        "{}/../tests/data/connect4/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split_whitespace();
            let moves = parts.next().unwrap_or_default().to_string();
            let score = parts
                .next()
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("{path}: no score in '{l}'"));
            (moves, score)
        })
        .collect()
}
