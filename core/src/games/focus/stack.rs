//! One Focus stack packed in a `u16`: the height (0..=5) in bits 0-2, then two bits per piece,
//! bottom piece first (piece `i` in bits `3 + 2i`). The owner of the top piece controls it.

use crate::game::Player;

/// The tallest stack the rules allow; taller ones lose pieces from the bottom.
pub const MAX_HEIGHT: usize = 5;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack(u16);

impl Stack {
    pub const EMPTY: Stack = Stack(0);

    /// A stack from its pieces, bottom first (at most [`MAX_HEIGHT`], players 0..=3).
    pub fn from_pieces(pieces: &[Player]) -> Stack {
        let n = pieces.len().min(MAX_HEIGHT);
        let mut bits = n as u16;
        for (i, &p) in pieces.iter().take(n).enumerate() {
            bits |= u16::from(p & 3) << (3 + 2 * i);
        }
        Stack(bits)
    }

    /// The packed form (for hashing).
    pub fn bits(self) -> u16 {
        self.0
    }

    pub fn height(self) -> usize {
        usize::from(self.0 & 7)
    }

    pub fn is_empty(self) -> bool {
        self.height() == 0
    }

    /// The piece at `i` from the bottom.
    pub fn piece(self, i: usize) -> Player {
        ((self.0 >> (3 + 2 * i)) & 3) as Player
    }

    /// The player controlling the stack.
    pub fn top(self) -> Option<Player> {
        match self.height() {
            0 => None,
            h => Some(self.piece(h - 1)),
        }
    }

    /// The pieces, bottom first, in a fixed buffer with their count.
    pub fn pieces(self) -> ([Player; MAX_HEIGHT], usize) {
        let mut out = [0; MAX_HEIGHT];
        let h = self.height();
        for (i, slot) in out.iter_mut().enumerate().take(h) {
            *slot = self.piece(i);
        }
        (out, h)
    }
}
