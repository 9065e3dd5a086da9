//! The solver's own copy of a position: the two bitboards and the move count, nothing else (the
//! rules type also carries the move history, which search does not need).

use crate::games::connect4::ConnectFour;
use crate::games::connect4::bitboard::{self, BOARD, CELLS, WIDTH};

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
