//! Othello under World Othello Federation rules, on two `u64` bitboards.
//!
//! - Board layout: bit 0 = a1, bit 63 = h8, row-major from a1 (see [`bitboard`]), so the
//!   64-character position string's index `i` is bit `i`.
//! - The position stores the discs of the **side to move** (`player`) and of the other side
//!   (`opponent`), plus the colour to move (0 = black `X`, 1 = white `O`). Search then never
//!   branches on colour; [`Othello::black`] and [`Othello::white`] give the colour view.
//! - Black moves first from d5, e4 black and d4, e5 white.
//! - A side without a legal move while the opponent has one must pass: [`OthelloMove::PASS`] is
//!   then its only legal move. The game ends when neither side can move; the winner gets the
//!   empty squares ([`crate::Outcome::margin`] = winner's discs + empties - loser's discs).

pub mod bitboard;
#[cfg(target_arch = "x86_64")]
pub mod bitboard_avx2;
pub mod moves;
pub mod notation;
pub mod obf;
pub mod perft;
pub mod stability;

pub use moves::OthelloMove;
pub use obf::{ObfEntry, parse_obf};

use crate::game::{EndReason, Game, Outcome, ParseError, Player};
use bitboard::Squares;

/// An Othello position: the side to move's discs, the opponent's discs and the colour to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    player: u64,
    opponent: u64,
    /// 0 = black to move, 1 = white to move.
    side: u8,
}

/// Black discs at the start: d5 (bit 35), e4 (bit 28).
const START_BLACK: u64 = (1 << 35) | (1 << 28);
/// White discs at the start: d4 (bit 27), e5 (bit 36).
const START_WHITE: u64 = (1 << 27) | (1 << 36);

impl Othello {
    /// A position from colour bitboards and the colour to move (0 = black). Overlapping bits are
    /// given to black. Any arrangement is accepted (it need not be reachable from the start).
    pub fn from_colors(black: u64, white: u64, side: Player) -> Othello {
        let white = white & !black;
        if side == 0 {
            Othello {
                player: black,
                opponent: white,
                side: 0,
            }
        } else {
            Othello {
                player: white,
                opponent: black,
                side: 1,
            }
        }
    }

    /// A position from the side to move's view: its discs, the opponent's, and its colour.
    pub fn from_player_view(player: u64, opponent: u64, side: Player) -> Othello {
        Othello {
            player,
            opponent: opponent & !player,
            side: side & 1,
        }
    }

    /// Discs of the side to move.
    #[inline(always)]
    pub fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    #[inline(always)]
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    pub fn black(&self) -> u64 {
        if self.side == 0 {
            self.player
        } else {
            self.opponent
        }
    }

    pub fn white(&self) -> u64 {
        if self.side == 0 {
            self.opponent
        } else {
            self.player
        }
    }

    #[inline(always)]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Number of empty squares.
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Legal squares of the side to move as a mask (no pass bit).
    #[inline(always)]
    pub fn move_mask(&self) -> u64 {
        bitboard::legal_moves(self.player, self.opponent)
    }

    /// Discs the side to move would flip by playing `sq` (0 if illegal or occupied).
    pub fn flips_for(&self, sq: usize) -> u64 {
        if sq >= 64 || (self.player | self.opponent) & (1u64 << sq) != 0 {
            return 0;
        }
        bitboard::flips(sq, self.player, self.opponent)
    }

    /// Final score from the side to move's view if the game ended now: own discs minus
    /// opponent discs, empties to the winner.
    pub fn final_score(&self) -> i32 {
        let own = self.player.count_ones() as i32;
        let theirs = self.opponent.count_ones() as i32;
        let empty = 64 - own - theirs;
        match own.cmp(&theirs) {
            std::cmp::Ordering::Greater => own - theirs + empty,
            std::cmp::Ordering::Less => own - theirs - empty,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// Plays the square `sq` with its precomputed flips (search fast path).
    #[inline(always)]
    pub fn play_flips(&mut self, sq: usize, flipped: u64) {
        let own = self.player | flipped | (1u64 << (sq & 63));
        self.player = self.opponent & !flipped;
        self.opponent = own;
        self.side ^= 1;
    }

    /// Hands the move to the other side without playing a disc.
    #[inline(always)]
    pub fn pass(&mut self) {
        std::mem::swap(&mut self.player, &mut self.opponent);
        self.side ^= 1;
    }
}

/// Static move-ordering weights by square (corners high, X and C squares low), a1..h8.
#[rustfmt::skip]
const SQUARE_ORDER: [i8; 64] = [
    90, -20, 30, 20, 20, 30, -20, 90,
   -20, -50, -5, -5, -5, -5, -50, -20,
    30,  -5, 15,  5,  5, 15,  -5,  30,
    20,  -5,  5,  0,  0,  5,  -5,  20,
    20,  -5,  5,  0,  0,  5,  -5,  20,
    30,  -5, 15,  5,  5, 15,  -5,  30,
   -20, -50, -5, -5, -5, -5, -50, -20,
    90, -20, 30, 20, 20, 30, -20, 90,
];

impl Game for Othello {
    type Move = OthelloMove;
    const NAME: &'static str = "othello";
    const MOVE_KEY_SPACE: usize = 65;

    fn start() -> Self {
        Othello::from_colors(START_BLACK, START_WHITE, 0)
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<OthelloMove>) {
        moves.clear();
        let mask = self.move_mask();
        if mask != 0 {
            moves.extend(Squares(mask).map(OthelloMove::from_index));
        } else if bitboard::legal_moves(self.opponent, self.player) != 0 {
            moves.push(OthelloMove::PASS);
        }
    }

    fn count_moves(&self) -> u64 {
        let mask = self.move_mask();
        if mask != 0 {
            mask.count_ones() as u64
        } else {
            (bitboard::legal_moves(self.opponent, self.player) != 0) as u64
        }
    }

    #[inline]
    fn play(&mut self, mv: OthelloMove) {
        match mv.to_square() {
            Some(sq) => {
                let flipped = bitboard::flips(sq, self.player, self.opponent);
                self.play_flips(sq, flipped);
            }
            None => self.pass(),
        }
    }

    fn is_legal(&self, mv: OthelloMove) -> bool {
        match mv.to_square() {
            Some(sq) => self.move_mask() & (1u64 << sq) != 0,
            None => self.move_mask() == 0 && bitboard::legal_moves(self.opponent, self.player) != 0,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.move_mask() != 0 || bitboard::legal_moves(self.opponent, self.player) != 0 {
            return None;
        }
        let score = self.final_score();
        let reason = EndReason::NoMovesForEither;
        Some(match score.signum() {
            1 => Outcome::win(self.side, reason, score),
            -1 => Outcome::win(self.side ^ 1, reason, -score),
            _ => Outcome::draw(reason),
        })
    }

    fn hash(&self) -> u64 {
        // Two independent odd multipliers keep player and opponent boards apart; the murmur3
        // finaliser spreads every input bit over the whole word (TT index and check bits).
        let mut h = self.player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self
                .opponent
                .rotate_left(32)
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ (self.side as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }

    fn move_key(mv: OthelloMove) -> usize {
        mv.index()
    }

    fn static_order(&self, mv: OthelloMove) -> i32 {
        mv.to_square().map_or(0, |sq| SQUARE_ORDER[sq] as i32)
    }

    fn parse_move(&self, text: &str) -> Result<OthelloMove, ParseError> {
        notation::parse_legal_move(self, text, 0)
    }

    fn format_move(&self, mv: OthelloMove) -> String {
        mv.to_string()
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
        Some(perft::perft(self, depth))
    }
}
