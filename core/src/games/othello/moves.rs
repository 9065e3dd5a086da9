//! The Othello move: a square `a1`..`h8` or a forced pass.

use crate::game::ParseError;
use crate::move_text::MoveTextError;
use std::fmt;

/// An Othello move: square index 0..=63 (bit index, a1 = 0, h8 = 63) or [`OthelloMove::PASS`].
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct OthelloMove(u8);

impl OthelloMove {
    /// The forced pass (only legal when the side to move has no move and the opponent has one).
    pub const PASS: OthelloMove = OthelloMove(64);

    /// The move on square `sq` (0 = a1 .. 63 = h8); `None` if `sq` is off the board.
    pub fn square(sq: usize) -> Option<OthelloMove> {
        (sq < 64).then_some(OthelloMove(sq as u8))
    }

    /// Internal constructor for squares known to be in range.
    #[inline(always)]
    pub(crate) fn from_index(sq: usize) -> OthelloMove {
        OthelloMove((sq & 63) as u8)
    }

    /// The square index (0 = a1 .. 63 = h8), or `None` for a pass.
    #[inline(always)]
    pub fn to_square(self) -> Option<usize> {
        (self.0 < 64).then_some(self.0 as usize)
    }

    pub fn is_pass(self) -> bool {
        self.0 >= 64
    }

    /// Dense index 0..=64 (64 = pass).
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0.min(64) as usize
    }

    /// Parses `a1`..`h8` (any case) or `pass` / `pa` / `ps` / `--`, without checking legality.
    /// `at` is the offset of `text` in the caller's input, for error positions.
    pub fn parse(text: &str, at: usize) -> Result<OthelloMove, ParseError> {
        let t = text.trim();
        let lead = at + (text.len() - text.trim_start().len());
        if t.is_empty() {
            return Err(ParseError::refused(lead, MoveTextError::EmptySquareMove));
        }
        let lower = t.to_ascii_lowercase();
        if matches!(lower.as_str(), "pass" | "pa" | "ps" | "--" | "@@") {
            return Ok(OthelloMove::PASS);
        }
        let bytes = lower.as_bytes();
        let file = bytes[0];
        if !(b'a'..=b'h').contains(&file) {
            return Err(ParseError::refused(lead, MoveTextError::NoFileLetter));
        }
        match bytes.get(1) {
            Some(rank @ b'1'..=b'8') if bytes.len() == 2 => {
                Ok(OthelloMove((rank - b'1') * 8 + (file - b'a')))
            }
            Some(b'1'..=b'8') => Err(ParseError::refused(lead + 2, MoveTextError::AfterSquare)),
            _ => Err(ParseError::refused(lead + 1, MoveTextError::NoRankDigit)),
        }
    }
}

impl fmt::Display for OthelloMove {
    /// Lowercase square (`d3`) or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_square() {
            Some(sq) => {
                write!(
                    f,
                    "{}{}",
                    (b'a' + (sq % 8) as u8) as char,
                    (b'1' + (sq / 8) as u8) as char
                )
            }
            None => f.write_str("pass"),
        }
    }
}

impl fmt::Debug for OthelloMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_and_case_is_ignored() {
        for sq in 0..64 {
            let mv = OthelloMove::square(sq).unwrap();
            let text = mv.to_string();
            assert_eq!(OthelloMove::parse(&text, 0).unwrap(), mv);
            assert_eq!(OthelloMove::parse(&text.to_uppercase(), 0).unwrap(), mv);
        }
        assert_eq!(OthelloMove::parse("A1", 0).unwrap().to_square(), Some(0));
        assert_eq!(OthelloMove::parse("h8", 0).unwrap().to_square(), Some(63));
        assert_eq!(OthelloMove::parse("d3", 0).unwrap().to_square(), Some(19));
        for pass in ["pass", "PA", "--", "ps"] {
            assert!(OthelloMove::parse(pass, 0).unwrap().is_pass());
        }
        assert_eq!(OthelloMove::PASS.to_string(), "pass");
        assert_eq!(OthelloMove::square(64), None);
    }

    #[test]
    fn bad_squares_name_the_offending_character() {
        assert_eq!(OthelloMove::parse("i1", 5).unwrap_err().at, 5);
        assert_eq!(OthelloMove::parse("a9", 5).unwrap_err().at, 6);
        assert_eq!(OthelloMove::parse("a", 0).unwrap_err().at, 1);
        assert_eq!(OthelloMove::parse("a12", 0).unwrap_err().at, 2);
        assert_eq!(OthelloMove::parse("", 3).unwrap_err().at, 3);
        assert!(OthelloMove::parse("é1", 0).is_err());
    }
}
