//! The solver's own copy of a position: the two bitboards and the move count, nothing else (the
//! rules type also carries the move history, which search does not need).

use crate::games::connect4::ConnectFour;
use crate::games::connect4::bitboard::{self, BOARD, CELLS, COLUMN_BITS, WIDTH};

/// Columns from the centre outwards: the order in which equal-looking moves are tried.
pub const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// Stones of the side to move.
    pub current: u64,
    /// Every stone.
    pub mask: u64,
    /// Stones on the board.
    pub moves: u32,
}

impl Node {
    pub fn from_position(pos: &ConnectFour) -> Self {
        Node {
            current: pos.current_stones(),
            mask: pos.mask(),
            moves: pos.moves_played() as u32,
        }
    }

    /// Unique key of the board (fits in 49 bits).
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the mirror image (columns reversed). Adding `current` to `mask` never carries
    /// out of a column (each column's sum is below 2^7), so the key is a row of seven 7-bit
    /// column fields that can be reordered.
    #[inline]
    pub fn mirrored_key(&self) -> u64 {
        let k = self.key();
        let field = (1u64 << COLUMN_BITS) - 1;
        let mut m = 0;
        let mut col = 0;
        while col < WIDTH {
            let f = (k >> (col * COLUMN_BITS)) & field;
            m |= f << ((WIDTH - 1 - col) * COLUMN_BITS);
            col += 1;
        }
        m
    }

    /// True if the board reads the same from both sides.
    pub fn is_symmetric(&self) -> bool {
        self.key() == self.mirrored_key()
    }

    /// Plays the stone `bit` (a cell from [`bitboard::playable`]).
    #[inline]
    pub fn play_bit(&self, bit: u64) -> Node {
        Node {
            current: self.current ^ self.mask,
            mask: self.mask | bit,
            moves: self.moves + 1,
        }
    }

    /// Cells where the side to move would make four if it played there now.
    #[inline]
    pub fn immediate_wins(&self) -> u64 {
        bitboard::winning_cells(self.current, self.mask) & bitboard::playable(self.mask)
    }

    /// Cells (playable or not) where the opponent would make four.
    #[inline]
    pub fn opponent_threats(&self) -> u64 {
        bitboard::winning_cells(self.current ^ self.mask, self.mask)
    }

    /// The landing cells of moves that do not hand the opponent an immediate win: a forced block
    /// if the opponent threatens to win, never the cell just below an opponent threat. Empty when
    /// every move loses at once (two threats, or the only block sits below another threat).
    #[inline]
    pub fn non_losing_moves(&self) -> u64 {
        let mut possible = bitboard::playable(self.mask);
        let threats = self.opponent_threats();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// Ordering score of playing `bit`: how many cells the mover would then threaten.
    #[inline]
    pub fn threat_count_after(&self, bit: u64) -> u32 {
        let mine = self.current | bit;
        (bitboard::winning_cells(mine, self.mask | bit)).count_ones()
    }

    /// Score of a side to move that wins with its next stone.
    #[inline]
    pub fn win_now_score(&self) -> i32 {
        (CELLS as i32 + 1 - self.moves as i32) / 2
    }

    /// True when the board is full.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.mask == BOARD
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn node(text: &str) -> Node {
        Node::from_position(&ConnectFour::parse_position(text).unwrap())
    }

    #[test]
    fn mirror_key_is_the_key_of_the_mirrored_moves() {
        for (text, mirrored) in [
            ("", ""),
            ("1", "7"),
            ("4453", "4435"),
            ("1234567", "7654321"),
        ] {
            assert_eq!(node(text).mirrored_key(), node(mirrored).key(), "{text}");
        }
        assert!(node("").is_symmetric());
        assert!(node("44").is_symmetric());
        assert!(node("1177").is_symmetric());
        assert!(!node("1717").is_symmetric());
        assert!(!node("4453").is_symmetric());
    }

    #[test]
    fn non_losing_moves_block_and_avoid_playing_under_a_threat() {
        // X threatens column 1 (three stacked): O must block there.
        let n = node("121212");
        assert_eq!(n.immediate_wins(), bitboard::cell(0, 3));
        let n = node("1212123");
        assert_eq!(n.non_losing_moves(), bitboard::cell(0, 3));
        // X has two open ends on the bottom row (b1 c1 d1 with a1 and e1 empty): O loses at once.
        let n = node("22334");
        assert_eq!(n.non_losing_moves(), 0);
        // O must not play directly under a cell where X would make four.
        // X: a1 b2 c3 (diagonal), so d4 wins for X; with d1..d2 filled, playing d3 hands it over.
        let n = node("122343347");
        let threats = n.opponent_threats();
        assert_ne!(threats & bitboard::cell(3, 3), 0, "X threatens d4");
        assert_eq!(
            n.non_losing_moves() & bitboard::cell(3, 2),
            0,
            "d3 is not playable for O"
        );
        assert_ne!(n.non_losing_moves(), 0);
    }
}
