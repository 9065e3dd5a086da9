//! Bodies of the fuzz targets (`fuzz/`), as plain functions so that the same code runs under
//! `cargo fuzz` on nightly and as ordinary tests over the checked-in corpus on stable
//! (`core/tests/fuzz_corpus.rs`). Each body feeds arbitrary bytes to a parser and panics only
//! when an invariant breaks: a parser must answer `Err` for bad input, never panic, and what it
//! accepts must survive a round trip through its own output.

mod notation;
mod record;

pub use notation::{connect4_text, draughts_text, othello_text};
pub use record::{FUZZ_NOW_MS, record_json};

/// The input as text (lossy), at most `max` bytes of it: the parsers take `&str`, and longer
/// inputs only slow the campaign down without reaching new code.
fn text(data: &[u8], max: usize) -> String {
    String::from_utf8_lossy(&data[..data.len().min(max)]).into_owned()
}
