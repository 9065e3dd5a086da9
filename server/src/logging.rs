//! Structured logs through `tracing`: JSON lines or human-readable key=value text on stderr.
//!
//! Log lines carry what clients send (request paths, error messages quoting input). Neither
//! format escapes every character a log reader splits lines on: the text format writes field
//! values as they are, and JSON allows U+2028, U+2029 and U+0085 raw inside strings, which many
//! viewers and shippers take for line breaks. So every event passes through
//! [`EscapingWriter`], which writes such characters as `\uXXXX` (a valid JSON escape of the
//! same character, and plain to read in text), so one event is always one line.

use std::io::{self, Write};
use std::str::FromStr;

use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Output format of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One JSON object per event.
    Json,
    /// `time level target: message key=value ...`.
    Text,
}

/// Installs the global subscriber. `filter` uses the `RUST_LOG` target syntax
/// (`info`, `ply_server=debug,sqlx=warn`); a bad filter is an error naming it.
pub fn init(format: LogFormat, filter: &str) -> Result<(), String> {
    let targets =
        Targets::from_str(filter).map_err(|e| format!("bad log filter '{filter}': {e}"))?;
    let registry = tracing_subscriber::registry().with(targets);
    let stderr = || EscapingWriter::new(io::stderr());
    let result = match format {
        LogFormat::Json => registry
            .with(tracing_subscriber::fmt::layer().json().with_writer(stderr))
            .try_init(),
        LogFormat::Text => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .with_ansi(false)
                    .with_writer(stderr),
            )
            .try_init(),
    };
    result.map_err(|e| format!("cannot install the logger: {e}"))
}

/// Whether a log reader could take `c` for the end of a line, or be misled by it on screen:
/// control characters (C0 with CR and LF, DEL, C1 with NEL), the Unicode line and paragraph
/// separators, and the bidirectional formatting characters that reorder what a terminal shows.
pub fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every character [`needs_escape`] names written as `\uXXXX` (UTF-16 units, as
/// JSON spells them), except a final line feed, which ends the event.
pub fn escape_event(text: &str) -> String {
    let (body, end) = match text.strip_suffix('\n') {
        Some(body) => (body, "\n"),
        None => (text, ""),
    };
    let mut out = String::with_capacity(text.len() + 16);
    for c in body.chars() {
        if needs_escape(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out.push_str(end);
    out
}

/// A writer that escapes each event before it reaches `inner` (see the module doc). The fmt
/// layer formats an event whole and hands it over in one `write_all`, so each `write` here is
/// one event: its last line feed ends it, and any other is escaped.
#[derive(Debug)]
pub struct EscapingWriter<W> {
    inner: W,
}

impl<W: Write> EscapingWriter<W> {
    /// Escapes what is written before passing it to `inner`.
    pub fn new(inner: W) -> Self {
        EscapingWriter { inner }
    }
}

impl<W: Write> Write for EscapingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.inner.write_all(escape_event(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_of_every_kind_are_escaped_but_the_events_own() {
        let forged = "GET /a\u{2028}b\u{0085}c\u{2029}d\re\nf\u{1b}[31m\u{202e}g";
        let escaped = escape_event(&format!("path={forged}\n"));
        assert_eq!(
            escaped,
            "path=GET /a\\u2028b\\u0085c\\u2029d\\u000de\\u000af\\u001b[31m\\u202eg\n"
        );
        assert_eq!(escaped.lines().count(), 1);
        // Ordinary text, accents and emoji included, is left alone.
        assert_eq!(escape_event("état ✓ 🎲 a\\b\n"), "état ✓ 🎲 a\\b\n");
    }

    #[test]
    fn a_json_event_stays_the_same_json() {
        let event = serde_json::json!({"fields": {"path": "/x\u{2028}{\"level\":\"WARN\"}\u{85}"}});
        let line = format!("{event}\n");
        let escaped = escape_event(&line);
        assert!(!escaped.contains('\u{2028}') && !escaped.contains('\u{85}'));
        let back: serde_json::Value = serde_json::from_str(&escaped).expect("still JSON");
        assert_eq!(back, event, "the same value, escaped");
    }

    #[test]
    fn the_writer_escapes_each_write() {
        let mut out = Vec::new();
        let mut writer = EscapingWriter::new(&mut out);
        writer
            .write_all("one\u{2028}two\n".as_bytes())
            .expect("write");
        assert_eq!(String::from_utf8(out).expect("utf-8"), "one\\u2028two\n");
    }
}
