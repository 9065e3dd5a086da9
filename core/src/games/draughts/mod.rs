//! English draughts (checkers) by the WCDF rules, plus the "relaxed" research variant.
//!
//! - [`Draughts`]: the position (three `u32` bitboards, side to move, the quiet-ply counter for
//!   the 40-move rule and the [`DraughtsRules`]); implements [`Game`].
//! - [`Move`]: the full jump path (counting convention A: two routes capturing the same pieces
//!   are two moves).
//! - [`notation`]: PDN move text (`11-15`, `22x15`, `15x24x31`, short `11x25`).
//! - [`fen`]: PDN FEN tag values (`B:W21,22,K10:B1-12`).
//!
//! Squares are the PDN numbers 1-32; Black (player 0) starts on 1-12, moves first, toward
//! higher numbers; White (player 1) starts on 21-32.

pub mod board;
pub mod fen;
mod movegen;
mod moves;
pub mod notation;
pub mod pdn;
mod perft;
mod render;
pub mod rules;

pub use moves::Move;
pub use notation::MoveError;
pub use rules::DraughtsRules;

use crate::game::{EndReason, Game, Outcome, ParseError, Player};
use board::{BLACK_KING_ROW, WHITE_KING_ROW, bit};
use movegen::Sides;

/// An English draughts position under a set of rules.
///
/// Equality (`==`) compares everything, including the quiet-ply counter; repetition detection
/// uses [`Draughts::same_board`] (board, side to move and rules) instead, through
/// [`Game::same_position`]. [`Game::hash`] covers board, side to move and whether captures are
/// compulsory, but not the counter (nor the draw-rule limits), so a transposition table treats
/// positions that differ only in how close the 40-move rule is as the same entry (the usual
/// engine trade-off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draughts {
    black: u32,
    white: u32,
    kings: u32,
    side: Player,
    /// Plies since the last man move or capture (the 40-move rule's counter).
    quiet_plies: u16,
    rules: DraughtsRules,
}

impl Draughts {
    /// A position from bitboards (bit `i` = square `i + 1`), checked for consistency.
    pub fn from_bitboards(
        black: u32,
        white: u32,
        kings: u32,
        side: Player,
        rules: DraughtsRules,
    ) -> Result<Self, ParseError> {
        if black & white != 0 {
            let sq = board::square(black & white);
            return Err(ParseError::new(
                0,
                format!("square {sq} holds both a black and a white piece"),
            ));
        }
        if kings & !(black | white) != 0 {
            let sq = board::square(kings & !(black | white));
            return Err(ParseError::new(
                0,
                format!("king flag on empty square {sq}"),
            ));
        }
        // Twelve is the most a side can have; move paths are sized for at most twelve jumps.
        for (name, b) in [("Black", black), ("White", white)] {
            if b.count_ones() > 12 {
                return Err(ParseError::new(
                    0,
                    format!("{name} has {} pieces; at most 12", b.count_ones()),
                ));
            }
        }
        if side > 1 {
            return Err(ParseError::new(
                0,
                format!("side to move {side} is not 0 (Black) or 1 (White)"),
            ));
        }
        if black & !kings & BLACK_KING_ROW != 0 {
            let sq = board::square(black & !kings & BLACK_KING_ROW);
            return Err(ParseError::new(
                0,
                format!("black man on {sq} stands on its king row (it would be a king)"),
            ));
        }
        if white & !kings & WHITE_KING_ROW != 0 {
            let sq = board::square(white & !kings & WHITE_KING_ROW);
            return Err(ParseError::new(
                0,
                format!("white man on {sq} stands on its king row (it would be a king)"),
            ));
        }
        Ok(Draughts {
            black,
            white,
            kings,
            side,
            quiet_plies: 0,
            rules,
        })
    }

    /// Bitboard of Black's pieces (bit `i` = square `i + 1`).
    pub fn black(&self) -> u32 {
        self.black
    }

    /// Bitboard of White's pieces.
    pub fn white(&self) -> u32 {
        self.white
    }

    /// Bitboard of kings (both colours).
    pub fn kings(&self) -> u32 {
        self.kings
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> DraughtsRules {
        self.rules
    }

    /// The same position under other rules.
    pub fn with_rules(mut self, rules: DraughtsRules) -> Self {
        self.rules = rules;
        self
    }

    /// Plies since the last man move or capture.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// The same position with the 40-move-rule counter set (e.g. when resuming a game).
    pub fn with_quiet_plies(mut self, plies: u16) -> Self {
        self.quiet_plies = plies;
        self
    }

    /// Board, side to move and rules equal (the quiet-ply counter ignored): the identity the
    /// repetition rule compares.
    pub fn same_board(&self, other: &Self) -> bool {
        self.black == other.black
            && self.white == other.white
            && self.kings == other.kings
            && self.side == other.side
            && self.rules == other.rules
    }

    /// What is on square `sq` (1-32): `Some((player, is_king))`, or `None` if empty or off range.
    pub fn piece_at(&self, sq: u8) -> Option<(Player, bool)> {
        if !(1..=32).contains(&sq) {
            return None;
        }
        let b = bit(sq);
        let king = self.kings & b != 0;
        if self.black & b != 0 {
            Some((0, king))
        } else if self.white & b != 0 {
            Some((1, king))
        } else {
            None
        }
    }

    #[inline(always)]
    fn sides<const WHITE: bool>(&self) -> Sides<WHITE> {
        Sides::new(self.black, self.white, self.kings)
    }

    fn legal_moves_for<const WHITE: bool>(&self, moves: &mut Vec<Move>) {
        let s = self.sides::<WHITE>();
        if s.jumpers() != 0 {
            s.captures(|m| moves.push(m));
        }
        if moves.is_empty() || !self.rules.captures_compulsory {
            s.quiet_moves(moves);
        }
    }

    #[inline(always)]
    fn count_moves_for<const WHITE: bool>(&self) -> u64 {
        let s = self.sides::<WHITE>();
        let captures = if s.jumpers() != 0 {
            s.count_captures()
        } else {
            0
        };
        if captures != 0 && self.rules.captures_compulsory {
            captures
        } else {
            captures + u64::from(s.count_quiet())
        }
    }

    #[inline(always)]
    fn has_any_move_for<const WHITE: bool>(&self) -> bool {
        let s = self.sides::<WHITE>();
        s.has_quiet() || s.jumpers() != 0
    }

    #[inline(always)]
    fn move_limit_reached(&self) -> bool {
        match self.rules.move_limit {
            Some(limit) => u32::from(self.quiet_plies) >= 2 * u32::from(limit),
            None => false,
        }
    }

    #[inline(always)]
    fn has_any_move(&self) -> bool {
        if self.side == 0 {
            self.has_any_move_for::<false>()
        } else {
            self.has_any_move_for::<true>()
        }
    }
}

impl Game for Draughts {
    type Move = Move;

    const NAME: &'static str = "checkers";
    /// `(from - 1) * 32 + (to - 1)`.
    const MOVE_KEY_SPACE: usize = 32 * 32;

    fn start() -> Self {
        Draughts {
            black: 0x0000_0FFF,
            white: 0xFFF0_0000,
            kings: 0,
            side: 0,
            quiet_plies: 0,
            rules: DraughtsRules::wcdf(),
        }
    }

    fn variant(&self) -> &'static str {
        self.rules.variant()
    }

    fn variants() -> &'static [&'static str] {
        &["standard", "relaxed"]
    }

    fn with_variant(self, name: &str) -> Result<Self, ParseError> {
        let captures_compulsory = match name {
            "standard" | "wcdf" => true,
            "relaxed" => false,
            other => {
                return Err(ParseError::new(
                    0,
                    format!("checkers has no variant '{other}' (expected standard or relaxed)"),
                ));
            }
        };
        Ok(self.with_rules(DraughtsRules {
            captures_compulsory,
            ..self.rules
        }))
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.move_limit_reached() {
            return;
        }
        if self.side == 0 {
            self.legal_moves_for::<false>(moves)
        } else {
            self.legal_moves_for::<true>(moves)
        }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        if self.move_limit_reached() {
            return 0;
        }
        if self.side == 0 {
            self.count_moves_for::<false>()
        } else {
            self.count_moves_for::<true>()
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        let from = bit(mv.from());
        let to = bit(mv.to());
        let was_king = self.kings & from != 0;
        let king_row = if self.side == 0 {
            BLACK_KING_ROW
        } else {
            WHITE_KING_ROW
        };
        let (own, opp) = if self.side == 0 {
            (&mut self.black, &mut self.white)
        } else {
            (&mut self.white, &mut self.black)
        };
        *own = (*own & !from) | to;
        *opp &= !mv.captured();
        self.kings &= !(from | mv.captured());
        if was_king || to & king_row != 0 {
            self.kings |= to;
        }
        if was_king && mv.captured() == 0 {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
        } else {
            self.quiet_plies = 0;
        }
        self.side ^= 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        // No move (or no pieces) loses, and that takes precedence over the 40-move rule: the
        // move that blocked the opponent already won.
        if !self.has_any_move() {
            return Some(Outcome::win(self.side ^ 1, EndReason::NoMovesForMover, 0));
        }
        if self.move_limit_reached() {
            return Some(Outcome::draw(EndReason::MoveLimit));
        }
        None
    }

    fn hash(&self) -> u64 {
        let a = u64::from(self.black) | (u64::from(self.white) << 32);
        let rules = u64::from(self.rules.captures_compulsory);
        let b = u64::from(self.kings) | (u64::from(self.side) << 32) | (rules << 33);
        mix64(a ^ mix64(b.wrapping_add(0x9E37_79B9_7F4A_7C15)))
    }

    fn same_position(&self, other: &Self) -> bool {
        self.same_board(other)
    }

    fn move_key(mv: Move) -> usize {
        (usize::from(mv.from()).wrapping_sub(1) & 31) * 32
            + (usize::from(mv.to()).wrapping_sub(1) & 31)
    }

    fn static_order(&self, mv: Move) -> i32 {
        if mv.is_capture() {
            return 1000 + 100 * mv.capture_count() as i32;
        }
        let man = self.kings & bit(mv.from()) == 0;
        let king_row = if self.side == 0 {
            BLACK_KING_ROW
        } else {
            WHITE_KING_ROW
        };
        if man && bit(mv.to()) & king_row != 0 {
            500
        } else {
            0
        }
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn is_irreversible(&self, mv: Move) -> bool {
        mv.is_capture() || self.kings & bit(mv.from()) == 0
    }

    fn repetition_limit(&self) -> Option<u8> {
        self.rules.repetition_limit
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(self, text).map_err(ParseError::from)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        fen::parse_fen(text)
    }

    fn format_position(&self) -> String {
        fen::format_fen(self)
    }

    fn render(&self) -> String {
        render::render(self)
    }

    fn perft_fast(&self, depth: u32) -> Option<u64> {
        Some(perft::perft(self, depth))
    }
}

/// SplitMix64 finaliser: spreads every input bit over the whole hash.
#[inline(always)]
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests;
