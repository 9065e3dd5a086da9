//! Chinese Checkers (Sternhalma) on the 121-hole star, for 2, 3, 4 or 6 players: the
//! multi-player game of Polk and Oommen's History-ADS experiments and of Sturtevant's,
//! Schadd and Winands' and Nijssen and Winands' multi-player search work.
//!
//! **Board and seats** ([`board`]): a hexagon of 61 holes with a corner (star point) of ten
//! holes on each side. Each player starts with ten pieces filling one corner, and the target is
//! the opposite corner. Seats, with corners numbered clockwise from the bottom (0 bottom, 1
//! lower left, 2 upper left, 3 top, 4 upper right, 5 lower right), in turn order:
//! two players 0 and 3; three players 0, 2, 4 (every target corner starts empty); four players
//! 0, 1, 3, 4 (two pairs of opposite corners; upper left and lower right stay empty); six
//! players all, 0 to 5. Players move in seat order, so play goes clockwise round the star.
//!
//! **Moves**: one piece either steps to an adjacent empty hole (six directions), or hops over
//! one adjacent piece of any colour to the empty hole straight beyond, and may go on hopping
//! from each landing hole and stop at any of them. Nothing is captured. A move is its start
//! and end hole: two hop chains to the same hole are one move, and a chain back to the start
//! is no move. Steps and hops never share a destination (a hop chain always ends an even
//! vector away from its start).
//!
//! **Winning** (the choices the sources leave open are options, [`ChineseCheckersConfig`]):
//! - [`GoalRule::Filled`] (default): a player wins when every hole of the target corner is
//!   occupied and at least one of those pieces is theirs. This is the published fix of the
//!   blocking flaw (an opponent who parks a piece in your target, or never leaves their start
//!   corner, which is your target, would otherwise stop you for ever), given as David Parlett's
//!   criterion for Halma and Sternhalma; as far as we recall it is also the rule of
//!   Sturtevant's complete rule set ("On Strongly Solving Chinese Checkers", 2019), whose
//!   exact wording we could not read here. See `tests/data/multiplayer-rules.md`.
//!   The check runs after every move, whoever made it: another player's piece can be the one
//!   that completes your corner.
//! - [`GoalRule::OwnPieces`]: the classic rule, all ten of your own pieces in the target.
//! - [`ChineseCheckersConfig::goal_lock`] (off by default): a piece in its target corner may not
//!   end a move outside it (the Masters Games rule "once a marble has reached the opposite
//!   triangle, it may not be moved out of the triangle"). Sources are silent on whether a hop
//!   chain may pass outside on the way; here it may, only the end counts.
//! - The game ends at the first win (the research setups stop there; the table game plays on
//!   for places).
//! - A player with no move at all passes (a move of its own, [`Move::PASS`]); if nobody can
//!   move the game is drawn. The sources do not cover this; it needs a very contrived board.
//! - An optional limit of turns (plies, as the research setups count): at the limit the
//!   player closest to their target (the smallest sum of distances to the target's far tip)
//!   wins, a tie for the closest is a draw.
//!
//! [`crate::game::EndReason`] has no "target filled" reason; a win by filling the target is
//! reported as [`EndReason::BoardFull`] (the target corner is full), a stalemate as
//! [`EndReason::NoMovesForEither`], the turn limit as [`EndReason::MoveLimit`].
//!
//! `Game::NUM_PLAYERS` is the largest number of players (6); a position knows how many play.
//! Every player stays in the game to the end. Notation: see [`notation`].

pub mod board;
pub mod eval;
mod movegen;
pub mod notation;

pub use eval::DistanceEval;
pub use notation::{NotationError, hole_name, parse_hole};

use crate::game::MultiGame;
use crate::game::{EndReason, Game, Outcome, ParseError, Player};
use board::{ALL, BOARD, HOLES, START_DISTANCE, opposite};

/// A move: the start and end hole (`0..121`, see [`board`]), or [`Move::PASS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    /// The move of a player none of whose pieces can move.
    pub const PASS: Move = Move {
        from: HOLES as u8,
        to: HOLES as u8,
    };

    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }
}

/// When a filled target corner wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoalRule {
    /// Every target hole occupied, at least one by the player (Parlett; Sturtevant).
    Filled,
    /// All ten of the player's own pieces in the target (the classic rule).
    OwnPieces,
}

/// The corners each seating uses, in turn order, indexed by the number of players.
const SEATS: [&[usize]; 7] = [
    &[],
    &[],
    &[0, 3],
    &[0, 2, 4],
    &[0, 1, 3, 4],
    &[],
    &[0, 1, 2, 3, 4, 5],
];

/// Pieces per player.
pub const PIECES: u32 = 10;

/// The corner `player` starts in, with `players` playing.
pub fn home_corner(players: u8, player: Player) -> Option<usize> {
    SEATS
        .get(usize::from(players))
        .and_then(|s| s.get(usize::from(player)))
        .copied()
}

/// The corner `player` must fill.
pub fn target_corner(players: u8, player: Player) -> Option<usize> {
    home_corner(players, player).map(opposite)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChineseCheckers {
    /// The holes each player's pieces are on (bit = hole index).
    pieces: [u128; 6],
    players: u8,
    to_move: u8,
    goal_rule: GoalRule,
    goal_lock: bool,
    /// Turns after which the game ends (0: no limit), and turns played so far.
    limit: u16,
    played: u16,
}

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChineseCheckersConfig {
    /// 2, 3, 4 or 6.
    pub players: u8,
    pub goal_rule: GoalRule,
    /// A piece in its target corner may not end a move outside it.
    pub goal_lock: bool,
    /// Turns (plies) after which the game ends; 0 for none.
    pub turn_limit: u16,
}

impl Default for ChineseCheckersConfig {
    /// Four players (the History-ADS tables' main setting), the Filled rule, no limit.
    fn default() -> Self {
        ChineseCheckersConfig {
            players: 4,
            goal_rule: GoalRule::Filled,
            goal_lock: false,
            turn_limit: 0,
        }
    }
}

/// A setup that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("Chinese Checkers is for 2, 3, 4 or 6 players, not {0}")]
    Players(u8),
}

impl ChineseCheckers {
    pub fn new(config: ChineseCheckersConfig) -> Result<ChineseCheckers, ConfigError> {
        let seats = SEATS
            .get(usize::from(config.players))
            .filter(|s| !s.is_empty())
            .ok_or(ConfigError::Players(config.players))?;
        let mut pieces = [0u128; 6];
        for (p, &corner) in seats.iter().enumerate() {
            pieces[p] = BOARD.corner[corner];
        }
        Ok(ChineseCheckers {
            pieces,
            players: config.players,
            to_move: 0,
            goal_rule: config.goal_rule,
            goal_lock: config.goal_lock,
            limit: config.turn_limit,
            played: 0,
        })
    }

    /// How many players play.
    pub fn players(&self) -> u8 {
        self.players
    }

    pub fn goal_rule(&self) -> GoalRule {
        self.goal_rule
    }

    pub fn goal_lock(&self) -> bool {
        self.goal_lock
    }

    /// The turn limit (0: none) and the turns played so far.
    pub fn turns(&self) -> (u16, u16) {
        (self.limit, self.played)
    }

    /// The holes `player`'s pieces are on.
    pub fn pieces(&self, player: Player) -> u128 {
        self.pieces.get(usize::from(player)).copied().unwrap_or(0)
    }

    /// The occupied holes.
    pub fn occupied(&self) -> u128 {
        self.pieces.iter().fold(0, |a, b| a | b)
    }

    /// Who is on `hole`, if anyone.
    pub fn owner(&self, hole: u8) -> Option<Player> {
        let bit = 1u128.checked_shl(u32::from(hole)).unwrap_or(0);
        (0..self.players).find(|&p| self.pieces(p) & bit != 0)
    }

    /// The holes of `player`'s target corner (empty for a seat not in play).
    pub fn target(&self, player: Player) -> u128 {
        target_corner(self.players, player).map_or(0, |k| BOARD.corner[k])
    }

    /// The sum over `player`'s pieces of the steps to the target's far tip, ignoring every
    /// other piece: 140 at the start, 20 with the target filled by the player's own pieces.
    pub fn distance(&self, player: Player) -> u32 {
        let Some(k) = target_corner(self.players, player) else {
            return 0;
        };
        let table = &BOARD.tip_distance[k];
        let mut rest = self.pieces(player);
        let mut sum = 0u32;
        while rest != 0 {
            sum += u32::from(table[rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        sum
    }

    /// How far `player` has come: `140 - distance`, in `0..=120` for ten pieces.
    pub fn progress(&self, player: Player) -> u32 {
        START_DISTANCE.saturating_sub(self.distance(player))
    }

    /// The player whose filled target corner wins, if any (the lowest seat if a hand-built
    /// position has several).
    pub fn goal_winner(&self) -> Option<Player> {
        let occupied = self.occupied();
        (0..self.players).find(|&p| {
            let target = self.target(p);
            let own = self.pieces(p) & target;
            occupied & target == target
                && match self.goal_rule {
                    GoalRule::Filled => own != 0,
                    GoalRule::OwnPieces => own == target,
                }
        })
    }

    /// The same position with `player` to move (Best-Reply Search). `None` for a seat not in
    /// play.
    pub fn with_mover(&self, player: Player) -> Option<ChineseCheckers> {
        (player < self.players).then_some(ChineseCheckers {
            to_move: player,
            ..*self
        })
    }

    /// Pieces of `player` bound to their target, and where they may go.
    fn lock_for(&self, player: Player) -> (u128, u128) {
        if self.goal_lock {
            let target = self.target(player);
            (self.pieces(player) & target, target)
        } else {
            (0, u128::MAX)
        }
    }

    fn for_each_move(&self, player: Player, emit: impl FnMut(u8, u8) -> bool) -> bool {
        let (locked, allowed) = self.lock_for(player);
        movegen::for_each_move(self.pieces(player), self.occupied(), locked, allowed, emit)
    }

    fn can_move(&self, player: Player) -> bool {
        let empty = ALL & !self.occupied();
        let (locked, allowed) = self.lock_for(player);
        // Nearly always some piece has an empty hole next to it; only then is a search needed.
        let mut rest = self.pieces(player);
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let reach = if locked & (1u128 << i) != 0 {
                allowed
            } else {
                u128::MAX
            };
            if BOARD.adjacent[i as usize] & empty & reach != 0 {
                return true;
            }
        }
        self.for_each_move(player, |_, _| true)
    }

    /// The player closest to their target, `None` on a tie.
    fn leader(&self) -> Option<(Player, u32)> {
        let best = (0..self.players).map(|p| self.distance(p)).min()?;
        let mut leaders = (0..self.players).filter(|&p| self.distance(p) == best);
        let first = leaders.next()?;
        if leaders.next().is_some() {
            return None;
        }
        let second = (0..self.players)
            .filter(|&q| q != first)
            .map(|q| self.distance(q))
            .min()
            .unwrap_or(best);
        Some((first, second - best))
    }
}

impl Game for ChineseCheckers {
    type Move = Move;

    const NAME: &'static str = "chinese_checkers";
    const NUM_PLAYERS: usize = 6;
    const MOVE_KEY_SPACE: usize = HOLES * HOLES + 1;

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The default rules (see [`ChineseCheckersConfig::default`]) for 2, 3, 4 or 6 players.
    fn start_for_players(players: usize) -> Option<Self> {
        let players = u8::try_from(players).ok()?;
        ChineseCheckers::new(ChineseCheckersConfig {
            players,
            ..ChineseCheckersConfig::default()
        })
        .ok()
    }

    /// Four players with the default rules.
    fn start() -> Self {
        let mut pieces = [0u128; 6];
        for (p, &corner) in SEATS[4].iter().enumerate() {
            pieces[p] = BOARD.corner[corner];
        }
        ChineseCheckers {
            pieces,
            players: 4,
            to_move: 0,
            goal_rule: GoalRule::Filled,
            goal_lock: false,
            limit: 0,
            played: 0,
        }
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        self.for_each_move(self.to_move, |from, to| {
            moves.push(Move { from, to });
            false
        });
        if moves.is_empty() {
            moves.push(Move::PASS);
        }
    }

    fn count_moves(&self) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        let mut n = 0u64;
        self.for_each_move(self.to_move, |_, _| {
            n += 1;
            false
        });
        n.max(1)
    }

    fn play(&mut self, mv: Move) {
        if !mv.is_pass() && usize::from(mv.from) < HOLES && usize::from(mv.to) < HOLES {
            let me = usize::from(self.to_move);
            self.pieces[me] = (self.pieces[me] & !(1u128 << mv.from)) | 1u128 << mv.to;
        }
        // Turns are counted only under a limit, so that without one equal boards are equal
        // positions (transpositions meet in a table).
        if self.limit != 0 {
            self.played = self.played.saturating_add(1);
        }
        self.to_move = (self.to_move + 1) % self.players.max(1);
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.goal_winner() {
            return Some(Outcome::win(w, EndReason::BoardFull, 0));
        }
        if self.limit != 0 && self.played >= self.limit {
            return Some(match self.leader() {
                Some((p, margin)) => Outcome::win(p, EndReason::MoveLimit, margin as i32),
                None => Outcome::draw(EndReason::MoveLimit),
            });
        }
        if self.can_move(self.to_move) || (0..self.players).any(|p| self.can_move(p)) {
            return None;
        }
        Some(Outcome::draw(EndReason::NoMovesForEither))
    }

    fn hash(&self) -> u64 {
        let mix = |h: u64, v: u64| {
            let mut z = (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z ^ (z >> 27)
        };
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for p in self.pieces {
            h = mix(h, p as u64);
            h = mix(h, (p >> 64) as u64);
        }
        mix(
            h,
            u64::from(self.to_move)
                | u64::from(self.players) << 8
                | u64::from(self.goal_rule == GoalRule::OwnPieces) << 16
                | u64::from(self.goal_lock) << 17
                | u64::from(self.limit) << 32
                | u64::from(self.played) << 48,
        )
    }

    fn move_key(mv: Move) -> usize {
        if mv.is_pass() || usize::from(mv.from) >= HOLES || usize::from(mv.to) >= HOLES {
            HOLES * HOLES
        } else {
            usize::from(mv.from) * HOLES + usize::from(mv.to)
        }
    }

    /// Progress towards the target's tip first.
    fn static_order(&self, mv: Move) -> i32 {
        match target_corner(self.players, self.to_move) {
            Some(k) if !mv.is_pass() => {
                let d = &BOARD.tip_distance[k];
                i32::from(d[usize::from(mv.from)]) - i32::from(d[usize::from(mv.to)])
            }
            _ => 0,
        }
    }

    /// Every move can be walked back (pieces go both ways).
    fn is_irreversible(&self, _mv: Move) -> bool {
        false
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        notation::read_move(self, text).map_err(ParseError::from)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::read_position(text).map_err(ParseError::from)
    }

    fn format_position(&self) -> String {
        notation::format_position(self)
    }

    fn render(&self) -> String {
        notation::render(self)
    }
}

impl MultiGame for ChineseCheckers {
    /// Nobody drops out of Chinese Checkers.
    fn is_active(&self, player: Player) -> bool {
        player < self.players
    }

    fn with_mover(&self, player: Player) -> Option<Self> {
        ChineseCheckers::with_mover(self, player)
    }
}
