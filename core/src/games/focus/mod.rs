//! Focus (Sid Sackson, 1963; also sold as Domination) for 2 to 4 players.
//!
//! Rules (see `tests/data/multiplayer-rules.md` for the sources):
//! - the board is 8x8 without three squares at each corner (52 squares, see [`layout`]);
//! - pieces stand in stacks; the owner of a stack's top piece controls it;
//! - a turn either moves the top `k` pieces (1 <= k <= height) of a stack the player controls
//!   exactly `k` squares in a straight orthogonal line (passing over anything) onto an empty
//!   square or another stack, or places one piece from the player's reserve on any square (empty
//!   or on top of any stack);
//! - a stack taller than five loses pieces from the bottom: the mover's own go to his reserve,
//!   everyone else's are captured (out of the game);
//! - a player who controls no stack and has no reserve cannot move.
//!
//! Choices where the sources leave room, documented here:
//! - a player who cannot move when his turn comes is skipped; he is not removed for good, since
//!   another player's split can uncover one of his pieces and give him a stack again (the rules
//!   only say such a player "is out"; for two players the difference never arises);
//! - the game ends when at most one player can move; he wins ([`EndReason::NoMovesForMover`]:
//!   the others have no move). There is no repetition rule and no capture target (the research
//!   papers' early end by captured pieces is unconfirmed, so it is left out);
//! - the three- and four-player start layouts are Ply's (see [`layout`]).
//!
//! `NUM_PLAYERS` is 4, the most seats, and the position says how many play ([`Focus::players`]),
//! for the reasons given in the Virus Game's module documentation.
//!
//! Notation (see [`notation`]): a stack move is `from-to` (`c3-c5`: the distance is the number
//! of pieces moved), a reserve placement `+c3`.

pub mod layout;
pub mod multi;
pub mod notation;
pub mod stack;

use crate::game::{EndReason, Game, Outcome, ParseError, Player};
use layout::BOARD;
use stack::{MAX_HEIGHT, Stack};

/// Seats the game has room for.
pub const MAX_PLAYERS: usize = 4;

/// Source index of a reserve placement.
pub const RESERVE: u8 = 64;

/// A move: from a square (`rank * 8 + file`) or [`RESERVE`], to a square. A stack move carries
/// as many pieces as squares it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    /// Pieces moved: the distance for a stack move, 1 for a placement.
    pub fn count(self) -> usize {
        if self.from == RESERVE {
            return 1;
        }
        let (ff, fr) = (i32::from(self.from % 8), i32::from(self.from / 8));
        let (tf, tr) = (i32::from(self.to % 8), i32::from(self.to / 8));
        ((tf - ff).abs() + (tr - fr).abs()) as usize
    }
}

/// A Focus position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    stacks: [Stack; 64],
    reserve: [u8; MAX_PLAYERS],
    captured: [u8; MAX_PLAYERS],
    players: u8,
    to_move: Player,
}

/// Why a move cannot be played: defined with every game's move-text reasons, which a player
/// reads in their language.
pub use crate::move_text::FocusIllegal as MoveError;

/// Why parts do not form a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{0} players is not supported (Focus seats 2 to 4)")]
    Players(u8),
    #[error("a piece of player {} is on the board but only {} players are seated", *.0 + 1, .1)]
    UnseatedPiece(Player, u8),
    #[error("player {} is to move but only {} players are seated", *.0 + 1, .1)]
    UnseatedMover(Player, u8),
    #[error("player {} is to move but controls no stack and has no reserve", *.0 + 1)]
    MoverStuck(Player),
}

impl Default for Focus {
    fn default() -> Self {
        Self::start()
    }
}

impl Focus {
    /// The start for 2, 3 or 4 players (see [`layout`]), player 0 to move.
    pub fn new(players: u8) -> Result<Self, PositionError> {
        if !(2..=4).contains(&players) {
            return Err(PositionError::Players(players));
        }
        let (cells, reserve) = layout::start(usize::from(players));
        let mut stacks = [Stack::EMPTY; 64];
        for (slot, cell) in stacks.iter_mut().zip(cells) {
            if let Some(p) = cell {
                *slot = Stack::from_pieces(&[p]);
            }
        }
        Ok(Focus {
            stacks,
            reserve,
            captured: [0; MAX_PLAYERS],
            players,
            to_move: 0,
        })
    }

    /// A position from its parts, checked (stacks off the board are dropped by the caller).
    pub fn from_parts(
        stacks: [Stack; 64],
        reserve: [u8; MAX_PLAYERS],
        captured: [u8; MAX_PLAYERS],
        players: u8,
        to_move: Player,
    ) -> Result<Self, PositionError> {
        if !(2..=4).contains(&players) {
            return Err(PositionError::Players(players));
        }
        for s in stacks {
            let (pieces, h) = s.pieces();
            if let Some(&p) = pieces[..h].iter().find(|&&p| p >= players) {
                return Err(PositionError::UnseatedPiece(p, players));
            }
        }
        if to_move >= players {
            return Err(PositionError::UnseatedMover(to_move, players));
        }
        let mut reserve = reserve;
        let mut captured = captured;
        for p in usize::from(players)..MAX_PLAYERS {
            reserve[p] = 0;
            captured[p] = 0;
        }
        let pos = Focus {
            stacks,
            reserve,
            captured,
            players,
            to_move,
        };
        if pos.outcome().is_none() && !pos.can_move(to_move) {
            return Err(PositionError::MoverStuck(to_move));
        }
        Ok(pos)
    }

    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    pub fn stack(&self, sq: u8) -> Stack {
        self.stacks
            .get(usize::from(sq))
            .copied()
            .unwrap_or_default()
    }

    pub fn reserve(&self, player: Player) -> u8 {
        self.reserve.get(usize::from(player)).copied().unwrap_or(0)
    }

    /// Opponents' pieces `player` has captured.
    pub fn captured(&self, player: Player) -> u8 {
        self.captured.get(usize::from(player)).copied().unwrap_or(0)
    }

    /// Stacks `player` controls.
    pub fn controlled(&self, player: Player) -> usize {
        self.stacks
            .iter()
            .filter(|s| s.top() == Some(player))
            .count()
    }

    /// Whether `player` has a move (controls a stack or has a reserve piece); every stack has a
    /// neighbouring square, so a controlled stack always has a move.
    pub fn can_move(&self, player: Player) -> bool {
        self.reserve(player) > 0 || self.stacks.iter().any(|s| s.top() == Some(player))
    }

    /// Plays `mv` if legal, else says why not and leaves the position unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if mv.to >= 64 || BOARD & (1u64 << mv.to) == 0 {
            return Err(MoveError::OffBoard(mv.to));
        }
        let me = self.to_move;
        if mv.from == RESERVE {
            if self.reserve(me) == 0 {
                return Err(MoveError::NoReserve(me));
            }
        } else {
            if mv.from >= 64 || BOARD & (1u64 << mv.from) == 0 {
                return Err(MoveError::OffBoard(mv.from));
            }
            let s = self.stack(mv.from);
            match s.top() {
                None => return Err(MoveError::NoStack(mv.from)),
                Some(p) if p != me => return Err(MoveError::NotYours(mv.from, p)),
                _ => {}
            }
            let same_file = mv.from % 8 == mv.to % 8;
            let same_rank = mv.from / 8 == mv.to / 8;
            if mv.from == mv.to || !(same_file || same_rank) {
                return Err(MoveError::NotStraight(mv.from, mv.to));
            }
            if mv.count() > s.height() {
                return Err(MoveError::TooFar(mv.from, s.height(), mv.count()));
            }
        }
        self.apply(mv);
        Ok(())
    }

    fn apply(&mut self, mv: Move) {
        let me = self.to_move;
        let mut moving = [0 as Player; MAX_HEIGHT];
        let count;
        if mv.from == RESERVE {
            if let Some(r) = self.reserve.get_mut(usize::from(me)) {
                *r = r.saturating_sub(1);
            }
            moving[0] = me;
            count = 1;
        } else {
            let from = self.stack(mv.from);
            let (pieces, h) = from.pieces();
            count = mv.count().min(h);
            moving[..count].copy_from_slice(&pieces[h - count..h]);
            self.stacks[usize::from(mv.from & 63)] = Stack::from_pieces(&pieces[..h - count]);
        }
        let (below, hb) = self.stack(mv.to).pieces();
        let mut all = [0 as Player; 2 * MAX_HEIGHT];
        all[..hb].copy_from_slice(&below[..hb]);
        all[hb..hb + count].copy_from_slice(&moving[..count]);
        let total = hb + count;
        let cut = total.saturating_sub(MAX_HEIGHT);
        for &p in &all[..cut] {
            let pile = if p == me {
                &mut self.reserve
            } else {
                &mut self.captured
            };
            if let Some(n) = pile.get_mut(usize::from(me)) {
                *n = n.saturating_add(1);
            }
        }
        self.stacks[usize::from(mv.to & 63)] = Stack::from_pieces(&all[cut..total]);
        // The next seated player who can move; if nobody else can, the game is over.
        for step in 1..=self.players {
            let q = (self.to_move + step) % self.players;
            if self.can_move(q) {
                self.to_move = q;
                break;
            }
        }
    }

    /// The same position with `player` to move, if he is seated and can move.
    pub fn with_mover(&self, player: Player) -> Option<Self> {
        if player >= self.players || !self.can_move(player) {
            return None;
        }
        let mut pos = *self;
        pos.to_move = player;
        Some(pos)
    }
}

const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Game for Focus {
    type Move = Move;
    const NAME: &'static str = "focus";
    const NUM_PLAYERS: usize = MAX_PLAYERS;
    /// `from * 64 + to` for stack moves, `4096 + to` for placements.
    const MOVE_KEY_SPACE: usize = 64 * 64 + 64;

    fn players(&self) -> usize {
        Focus::players(self)
    }

    fn start_for_players(players: usize) -> Option<Self> {
        u8::try_from(players).ok().and_then(|n| Focus::new(n).ok())
    }

    /// The two-player start.
    fn start() -> Self {
        match Focus::new(2) {
            Ok(pos) => pos,
            // Unreachable: two players is a valid count.
            Err(_) => Focus {
                stacks: [Stack::EMPTY; 64],
                reserve: [0; MAX_PLAYERS],
                captured: [0; MAX_PLAYERS],
                players: 2,
                to_move: 0,
            },
        }
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// Stack moves by square, then pieces moved, then direction (north, east, south, west);
    /// then placements by square.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        let me = self.to_move;
        for sq in 0..64u8 {
            let s = self.stacks[usize::from(sq)];
            if s.top() != Some(me) {
                continue;
            }
            let (file, rank) = (i32::from(sq % 8), i32::from(sq / 8));
            for k in 1..=s.height() as i32 {
                for (df, dr) in DIRECTIONS {
                    let (f, r) = (file + k * df, rank + k * dr);
                    if layout::on_board(f, r) {
                        moves.push(Move {
                            from: sq,
                            to: (r * 8 + f) as u8,
                        });
                    }
                }
            }
        }
        if self.reserve(me) > 0 {
            let mut squares = BOARD;
            while squares != 0 {
                let to = squares.trailing_zeros() as u8;
                squares &= squares - 1;
                moves.push(Move { from: RESERVE, to });
            }
        }
    }

    fn play(&mut self, mv: Move) {
        // Trusted input (see `Game::play`); squares are masked so nothing can index out of range.
        if mv.to < 64 && (mv.from < 64 || mv.from == RESERVE) {
            self.apply(mv);
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        let mut probe = *self;
        probe.try_play(mv).is_ok()
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut able = (0..self.players).filter(|&p| self.can_move(p));
        let first = able.next();
        if able.next().is_some() {
            return None;
        }
        Some(match first {
            Some(p) => Outcome::win(p, EndReason::NoMovesForMover, 0),
            None => Outcome::draw(EndReason::NoMovesForEither),
        })
    }

    fn hash(&self) -> u64 {
        let mut h = 0x2d35_8dcc_aa6c_78a5_u64;
        let mut mix = |x: u64| {
            h = (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        };
        for chunk in self.stacks.chunks(4) {
            let mut word = 0u64;
            for (i, s) in chunk.iter().enumerate() {
                word |= u64::from(s.bits()) << (16 * i);
            }
            mix(word);
        }
        mix(u64::from_le_bytes([
            self.reserve[0],
            self.reserve[1],
            self.reserve[2],
            self.reserve[3],
            self.captured[0],
            self.captured[1],
            self.captured[2],
            self.captured[3],
        ]));
        mix(u64::from(self.players) << 8 | u64::from(self.to_move));
        h
    }

    fn move_key(mv: Move) -> usize {
        usize::from(mv.from.min(RESERVE)) * 64 + usize::from(mv.to & 63)
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
}
