//! Connect Four on the standard 7x6 board.
//!
//! Rules: two players drop stones in turn into one of seven columns; a stone falls to the lowest
//! empty cell. Four of one player's stones in a line (vertical, horizontal or either diagonal)
//! win at once; a full board without four in a row is a draw. Player 0 moves first.
//!
//! Representation: two bitboards in the Fhourstones layout (see [`bitboard`]) plus the packed
//! move sequence (see [`history`]), so the position can be written back as its column digits.
//! Notation (see [`notation`]): a move is a column digit `1`..`7`; a position is the string of
//! column digits played from the empty board (`""` is the start).

pub mod bitboard;
pub mod history;
pub mod notation;
mod perft;

use crate::game::{EndReason, Game, Outcome, ParseError, Player};
use bitboard::{BOARD, CELLS, HEIGHT, WIDTH};

/// A Connect Four move: the column index `0..=6` (0 = leftmost). Its notation is the 1-based digit.
pub type Move = u8;

/// A Connect Four position: the board and the moves that led to it.
///
/// Equality compares the board only (two move orders that reach the same stones are the same
/// position for play, search and hashing); the move order is kept for writing the position out.
#[derive(Clone, Copy, Debug)]
pub struct ConnectFour {
    /// Stones of the side to move.
    current: u64,
    /// Every stone on the board.
    mask: u64,
    /// The columns played, in order (see [`history`]).
    history: u128,
}

impl PartialEq for ConnectFour {
    fn eq(&self, other: &Self) -> bool {
        self.current == other.current && self.mask == other.mask
    }
}

impl Eq for ConnectFour {}

impl Default for ConnectFour {
    fn default() -> Self {
        Self::new()
    }
}

/// Why a move cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("column {} does not exist (columns are 1-7)", *.0 as u32 + 1)]
    NoSuchColumn(u8),
    #[error("column {} is full", *.0 as u32 + 1)]
    ColumnFull(u8),
    #[error("the game is already over")]
    GameOver,
}

impl ConnectFour {
    /// The empty board, player 0 to move.
    pub const fn new() -> Self {
        ConnectFour {
            current: 0,
            mask: 0,
            history: 0,
        }
    }

    /// The position after playing `cols` (0-based columns) from the empty board, checking each move.
    /// On error, also returns the index of the offending move.
    pub fn from_columns(cols: &[u8]) -> Result<Self, (usize, MoveError)> {
        let mut pos = Self::new();
        for (i, &c) in cols.iter().enumerate() {
            pos.try_play(c).map_err(|e| (i, e))?;
        }
        Ok(pos)
    }

    /// Plays `col` if it is legal, otherwise says why not and leaves the position unchanged.
    pub fn try_play(&mut self, col: u8) -> Result<(), MoveError> {
        if col as usize >= WIDTH {
            return Err(MoveError::NoSuchColumn(col));
        }
        if self.is_won() {
            return Err(MoveError::GameOver);
        }
        if !self.can_play(col) {
            return Err(MoveError::ColumnFull(col));
        }
        self.play_column(col);
        Ok(())
    }

    /// Stones of the side to move (Fhourstones layout).
    #[inline]
    pub const fn current_stones(&self) -> u64 {
        self.current
    }

    /// Stones of the side that just moved.
    #[inline]
    pub const fn opponent_stones(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Every stone on the board.
    #[inline]
    pub const fn mask(&self) -> u64 {
        self.mask
    }

    /// Stones of `player` (0 moved first).
    pub const fn stones_of(&self, player: Player) -> u64 {
        if player == self.side() {
            self.current
        } else {
            self.opponent_stones()
        }
    }

    /// The stones of every four in a row on the board (the winner's line to highlight); empty
    /// while nobody has four.
    pub const fn winning_cells(&self) -> u64 {
        bitboard::four_cells(self.current) | bitboard::four_cells(self.opponent_stones())
    }

    /// Number of moves played so far.
    #[inline]
    pub const fn moves_played(&self) -> usize {
        self.mask.count_ones() as usize
    }

    #[inline]
    const fn side(&self) -> Player {
        (self.mask.count_ones() & 1) as Player
    }

    /// True if a stone can still be dropped into `col` (0-based; ignores whether the game is over).
    #[inline]
    pub const fn can_play(&self, col: u8) -> bool {
        (col as usize) < WIDTH && self.mask & bitboard::top_of(col as usize) == 0
    }

    /// Number of stones in column `col`.
    pub const fn column_height(&self, col: u8) -> usize {
        if col as usize >= WIDTH {
            return 0;
        }
        (self.mask & bitboard::column_of(col as usize)).count_ones() as usize
    }

    /// Who holds cell (`col`, `row`), row 0 at the bottom; `None` if empty or off the board.
    pub const fn cell(&self, col: usize, row: usize) -> Option<Player> {
        if col >= WIDTH || row >= HEIGHT {
            return None;
        }
        let bit = bitboard::cell(col, row);
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.side())
        } else {
            Some(1 - self.side())
        }
    }

    /// True if playing `col` now makes four in a row for the side to move.
    #[inline]
    pub const fn is_winning_move(&self, col: u8) -> bool {
        self.can_play(col)
            && bitboard::winning_cells(self.current, self.mask)
                & bitboard::playable(self.mask)
                & bitboard::column_of(col as usize)
                != 0
    }

    /// True if the side that just moved has four in a row.
    #[inline]
    pub const fn is_won(&self) -> bool {
        bitboard::has_four(self.current ^ self.mask)
    }

    /// The columns played from the empty board, in order (0-based).
    pub fn columns_played(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.moves_played()).map(|i| history::move_at(self.history, i))
    }

    /// Unique key of the board (the Pons key `current + mask`, below 2^49): equal iff boards are equal.
    #[inline]
    pub const fn key(&self) -> u64 {
        self.current + self.mask
    }

    #[inline]
    fn play_column(&mut self, col: u8) {
        let n = self.moves_played();
        self.history = history::with_move(self.history, n, col);
        self.current ^= self.mask;
        self.mask |= self.mask + bitboard::bottom_of(col as usize);
    }
}

impl Game for ConnectFour {
    type Move = Move;
    const NAME: &'static str = "connect4";
    const MOVE_KEY_SPACE: usize = WIDTH;

    fn start() -> Self {
        Self::new()
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_won() {
            return;
        }
        moves.extend((0..WIDTH as u8).filter(|&c| self.can_play(c)));
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        if self.is_won() {
            0
        } else {
            bitboard::playable(self.mask).count_ones() as u64
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        // An illegal column would corrupt the bitboards; ignore it instead (see `Game::play`).
        if self.can_play(mv) {
            self.play_column(mv);
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.can_play(mv) && !self.is_won()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.is_won() {
            Some(Outcome::win(1 - self.side(), EndReason::FourInARow, 0))
        } else if self.mask == BOARD {
            Some(Outcome::draw(EndReason::BoardFull))
        } else {
            None
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        // The key is unique but clustered in 49 bits: spread it over 64 bits (splitmix64 finaliser).
        let mut z = self.key().wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn move_key(mv: Move) -> usize {
        mv as usize
    }

    fn static_order(&self, mv: Move) -> i32 {
        3 - (mv as i32 - 3).abs()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position(text)
    }

    fn format_position(&self) -> String {
        notation::format_position(self)
    }

    fn render(&self) -> String {
        notation::render(self)
    }

    fn perft_fast(&self, depth: u32) -> Option<u64> {
        Some(if depth == 0 || self.outcome().is_some() {
            1
        } else {
            perft::perft_live(self.current, self.mask, depth)
        })
    }
}

const _: () = assert!(CELLS <= 42 && history::CAPACITY == CELLS);
