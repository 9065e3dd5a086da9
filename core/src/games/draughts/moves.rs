//! The draughts move: a full path, so two jump routes over the same pieces are different moves.

use super::board::bit;

/// A move: start and end square, the captured pieces, and for captures every landing square.
///
/// Captures keep their whole path (counting convention A: two routes that capture the same set
/// of pieces are distinct moves). 16 bytes, `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Landing squares of the jumps in order, 5 bits each (square - 1), first jump lowest.
    /// Zero for quiet moves. At most 12 jumps (one per opposing piece), so 60 bits suffice.
    path: u64,
    /// Bitboard of the captured pieces (bit `i` = square `i + 1`).
    captured: u32,
    from: u8,
    to: u8,
}

impl Move {
    /// A non-capturing step.
    #[inline(always)]
    pub(crate) const fn quiet(from: u8, to: u8) -> Self {
        Move {
            path: 0,
            captured: 0,
            from,
            to,
        }
    }

    /// A capture with its packed landing path (see the field docs).
    #[inline(always)]
    pub(crate) const fn capture(from: u8, to: u8, captured: u32, path: u64) -> Self {
        Move {
            path,
            captured,
            from,
            to,
        }
    }

    /// Start square (PDN 1-32).
    pub const fn from(&self) -> u8 {
        self.from
    }

    /// Final square (PDN 1-32).
    pub const fn to(&self) -> u8 {
        self.to
    }

    /// Bitboard of captured pieces (bit `i` = square `i + 1`); 0 for quiet moves.
    pub const fn captured(&self) -> u32 {
        self.captured
    }

    /// Whether the move captures.
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Number of pieces captured.
    pub const fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Every square the piece stands on, start first: `[from, to]` for a quiet move,
    /// `[from, landing1, landing2, ...]` for a capture.
    pub fn squares(&self) -> Vec<u8> {
        let mut out = vec![self.from];
        if self.captured == 0 {
            out.push(self.to);
        } else {
            for k in 0..self.capture_count() {
                out.push(((self.path >> (5 * k)) & 31) as u8 + 1);
            }
        }
        out
    }

    /// Whether the piece passes over (captures) square `sq`.
    pub const fn captures_square(&self, sq: u8) -> bool {
        self.captured & bit(sq) != 0
    }
}
