//! The Virus Game of Polk and Oommen's History-ADS and Threat-ADS papers: a territory game for
//! 2 to 4 players on a square board (5x5 in the papers).
//!
//! The papers describe it in two sentences: "During his turn, a player may infect a square
//! adjacent to one he controls, at which point he claims that square, and each square adjacent
//! to it", and a player who controls nothing is eliminated. Everything else is our choice,
//! documented here and configurable where a reader may want the other answer:
//! - **Adjacency**: the 8 surrounding squares (king moves) by default, or the 4 orthogonal ones
//!   ([`Adjacency`]); it applies both to where a player may infect and to what an infection
//!   claims.
//! - **What is infected**: an empty square. **What is claimed**: that square and every adjacent
//!   square an opponent holds (so moves cancel each other, as the papers say). Read literally,
//!   "each square adjacent to it" includes empty squares too; then four players fill the 5x5
//!   board in four turns, while the papers measure ten turns in and show a board ten turns in
//!   with two players eliminated, so the default claims occupied squares only.
//!   [`VirusConfig::claim_empty`] gives the literal reading.
//! - **Start**: each player holds one corner: player 0 the bottom-left (a1), player 1 the
//!   top-right, player 2 the top-left, player 3 the bottom-right (two players face each other
//!   across the board).
//! - **Turn order**: 0, 1, 2, 3, skipping eliminated players. A player who still holds squares
//!   but has no empty square next to any of them passes (a pass is a move of its own, so every
//!   engine counts it as a ply).
//! - **End**: when one player is left (reported as [`EndReason::NoMovesForMover`]: the last
//!   opponent has nothing left), when no one can infect (the board is full:
//!   [`EndReason::BoardFull`], or every empty square is out of reach:
//!   [`EndReason::NoMovesForEither`]), or after an optional limit of turns
//!   ([`EndReason::MoveLimit`]). The most squares wins; a tie for the most is a draw.
//!
//! `Game::NUM_PLAYERS` is the largest number of players (4); a position knows how many play
//! ([`Virus::players`]), which the multi-player engines read through
//! [`crate::game::MultiGame`]. Boards are 3x3 to 8x8 (one `u64` bitboard per player).
//!
//! Notation: a move is a square in algebraic form (`c3`: file letter from the left, rank number
//! from the bottom) or `pass`. A position is `ROWS MOVER PLAYERS ADJACENCY [LIMIT PLAYED]`: the
//! rows from the top separated by `/`, a square `.` (empty) or `a`..`d` (players 0..3); the
//! player to move as a letter; the number of players; `8` or `4` (followed by `e` when
//! infections claim empty squares too); and optionally the turn limit
//! and the turns played so far (`0 0`: no limit). The 5x5 start for three players is
//! `c...b/...../...../...../a.... a 3 8`.

mod notation;

pub use notation::parse_square;

use crate::game::{EndReason, Game, Outcome, ParseError, Player};
use crate::game::{MultiEvaluator, MultiGame};

/// A Virus Game move: the index of the square infected (`row * size + col`, row 0 at the bottom),
/// or [`PASS`].
pub type Move = u8;

/// The move of a player who holds squares but cannot reach an empty one.
pub const PASS: Move = 64;

/// The neighbourhood that infections reach and claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjacency {
    /// The 8 surrounding squares.
    Eight,
    /// The 4 orthogonal neighbours.
    Four,
}

/// The largest board side.
pub const MAX_SIZE: u8 = 8;
/// The smallest board side.
pub const MIN_SIZE: u8 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Virus {
    /// The squares each player holds (bit `row * size + col`).
    owned: [u64; 4],
    size: u8,
    players: u8,
    to_move: u8,
    adjacency: Adjacency,
    /// An infection also claims the empty squares around it (the literal reading).
    claim_empty: bool,
    /// Turns after which the game ends (0: no limit), and turns played so far.
    limit: u16,
    played: u16,
}

/// How a Virus Game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VirusConfig {
    pub size: u8,
    pub players: u8,
    pub adjacency: Adjacency,
    /// An infection also claims the empty squares around it (see the module documentation).
    pub claim_empty: bool,
    /// Turns after which the game ends; 0 for none.
    pub turn_limit: u16,
}

impl Default for VirusConfig {
    /// The papers' setting: 5x5, and (for the multi-player tables) four players.
    fn default() -> Self {
        VirusConfig {
            size: 5,
            players: 4,
            adjacency: Adjacency::Eight,
            claim_empty: false,
            turn_limit: 0,
        }
    }
}

/// A setup that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("the board side must be {MIN_SIZE} to {MAX_SIZE}, not {0}")]
    Size(u8),
    #[error("the Virus Game is for 2 to 4 players, not {0}")]
    Players(u8),
}

impl Virus {
    pub fn new(config: VirusConfig) -> Result<Virus, ConfigError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&config.size) {
            return Err(ConfigError::Size(config.size));
        }
        if !(2..=4).contains(&config.players) {
            return Err(ConfigError::Players(config.players));
        }
        let n = config.size;
        let corner = |row: u8, col: u8| 1u64 << (row * n + col);
        let corners = [
            corner(0, 0),
            corner(n - 1, n - 1),
            corner(n - 1, 0),
            corner(0, n - 1),
        ];
        let mut owned = [0; 4];
        owned[..config.players as usize].copy_from_slice(&corners[..config.players as usize]);
        Ok(Virus {
            owned,
            size: n,
            players: config.players,
            to_move: 0,
            adjacency: config.adjacency,
            claim_empty: config.claim_empty,
            limit: config.turn_limit,
            played: 0,
        })
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// How many players the game started with (eliminated ones included).
    pub fn players(&self) -> u8 {
        self.players
    }

    pub fn adjacency(&self) -> Adjacency {
        self.adjacency
    }

    pub fn claims_empty(&self) -> bool {
        self.claim_empty
    }

    /// The squares `player` holds.
    pub fn owned(&self, player: Player) -> u64 {
        self.owned.get(player as usize).copied().unwrap_or(0)
    }

    /// The number of squares `player` holds.
    pub fn count(&self, player: Player) -> u32 {
        self.owned(player).count_ones()
    }

    /// Still in the game: holds at least one square.
    pub fn is_active(&self, player: Player) -> bool {
        self.owned(player) != 0
    }

    fn board(&self) -> u64 {
        let cells = u32::from(self.size) * u32::from(self.size);
        if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        }
    }

    fn empty(&self) -> u64 {
        self.board() & !self.owned.iter().fold(0, |a, b| a | b)
    }

    /// The squares adjacent to any square of `set` (the set itself excluded).
    pub fn neighbours(&self, set: u64) -> u64 {
        let n = u32::from(self.size);
        let board = self.board();
        let first_column = (0..n).fold(0u64, |m, row| m | 1 << (row * n));
        let not_left = board & !first_column;
        let not_right = board & !(first_column << (n - 1));
        let (e, w) = (set & not_right, set & not_left);
        let mut out = e << 1 | w >> 1 | set << n | set >> n;
        if self.adjacency == Adjacency::Eight {
            out |= e << (n + 1) | w << (n - 1) | e >> (n - 1) | w >> (n + 1);
        }
        out & board & !set
    }

    fn can_infect(&self, player: Player) -> u64 {
        self.neighbours(self.owned(player)) & self.empty()
    }

    /// Whether anyone still in the game can infect a square.
    fn anyone_can_infect(&self) -> bool {
        (0..self.players).any(|p| self.is_active(p) && self.can_infect(p) != 0)
    }

    fn next_active(&self, from: Player) -> Player {
        let mut p = from;
        for _ in 0..self.players {
            p = (p + 1) % self.players;
            if self.is_active(p) {
                return p;
            }
        }
        from
    }

    /// The player with the most squares, `None` if two or more share the most.
    fn leader(&self) -> Option<Player> {
        let best = (0..self.players).map(|p| self.count(p)).max()?;
        let mut leaders = (0..self.players).filter(|&p| self.count(p) == best);
        let first = leaders.next()?;
        leaders.next().is_none().then_some(first)
    }

    fn end(&self, reason: EndReason) -> Outcome {
        match self.leader() {
            Some(p) => {
                let second = (0..self.players)
                    .filter(|&q| q != p)
                    .map(|q| self.count(q))
                    .max()
                    .unwrap_or(0);
                Outcome::win(p, reason, (self.count(p) - second) as i32)
            }
            None => Outcome::draw(reason),
        }
    }

    /// The same position with `player` to move (Best-Reply Search plays one opponent's reply
    /// and gives the turn straight back to the root player). `None` if `player` is out.
    pub fn with_mover(&self, player: Player) -> Option<Virus> {
        (player < self.players && self.is_active(player)).then_some(Virus {
            to_move: player,
            ..*self
        })
    }
}

impl Game for Virus {
    type Move = Move;

    const NAME: &'static str = "virus";
    const NUM_PLAYERS: usize = 4;
    const MOVE_KEY_SPACE: usize = 65;

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The papers' rules (see [`VirusConfig::default`]) for 2 to 4 players.
    fn start_for_players(players: usize) -> Option<Self> {
        let players = u8::try_from(players).ok()?;
        Virus::new(VirusConfig {
            players,
            ..VirusConfig::default()
        })
        .ok()
    }

    fn start() -> Self {
        Virus {
            owned: [1, 1 << 24, 1 << 20, 1 << 4],
            size: 5,
            players: 4,
            to_move: 0,
            adjacency: Adjacency::Eight,
            claim_empty: false,
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
        let mut targets = self.can_infect(self.to_move);
        if targets == 0 {
            moves.push(PASS);
            return;
        }
        while targets != 0 {
            moves.push(targets.trailing_zeros() as Move);
            targets &= targets - 1;
        }
    }

    fn play(&mut self, mv: Move) {
        let me = self.to_move as usize;
        if mv != PASS && mv < 64 {
            let square = 1u64 << mv;
            let claimable = if self.claim_empty {
                self.board()
            } else {
                self.board() & !self.empty()
            };
            let claimed = square | (self.neighbours(square) & claimable);
            for (p, owned) in self.owned.iter_mut().enumerate() {
                if p == me {
                    *owned |= claimed;
                } else {
                    *owned &= !claimed;
                }
            }
        }
        // Turns are counted only under a limit, so that without one equal boards are equal
        // positions (transpositions meet in a table).
        if self.limit != 0 {
            self.played = self.played.saturating_add(1);
        }
        self.to_move = self.next_active(self.to_move);
    }

    fn outcome(&self) -> Option<Outcome> {
        let active = (0..self.players).filter(|&p| self.is_active(p)).count();
        if active <= 1 {
            return Some(self.end(EndReason::NoMovesForMover));
        }
        if self.limit != 0 && self.played >= self.limit {
            return Some(self.end(EndReason::MoveLimit));
        }
        if self.empty() == 0 {
            return Some(self.end(EndReason::BoardFull));
        }
        if !self.anyone_can_infect() {
            return Some(self.end(EndReason::NoMovesForEither));
        }
        None
    }

    fn hash(&self) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        let mix = |h: u64, v: u64| {
            let mut z = (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z ^ (z >> 27)
        };
        for o in self.owned {
            h = mix(h, o);
        }
        mix(
            h,
            u64::from(self.to_move)
                | u64::from(self.size) << 8
                | u64::from(self.players) << 16
                | u64::from(self.adjacency == Adjacency::Four) << 24
                | u64::from(self.claim_empty) << 25
                | u64::from(self.limit) << 32
                | u64::from(self.played) << 48,
        )
    }

    fn move_key(mv: Move) -> usize {
        usize::from(mv.min(PASS))
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self.size, mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position(text)
    }

    fn format_position(&self) -> String {
        notation::format_position(self)
    }

    fn render(&self) -> String {
        let n = self.size;
        let mut out = String::new();
        // Row 1 at the top, as `ply play` and the apps draw the board.
        out.push_str("   ");
        for col in 0..n {
            out.push((b'a' + col) as char);
            out.push(' ');
        }
        out.push('\n');
        for row in 0..n {
            out.push_str(&format!("{:>2} ", row + 1));
            for col in 0..n {
                let bit = 1u64 << (row * n + col);
                let c = (0..self.players)
                    .find(|&p| self.owned(p) & bit != 0)
                    .map_or('.', |p| (b'A' + p) as char);
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
        let counts: Vec<String> = (0..self.players)
            .map(|p| format!("{}: {}", (b'A' + p) as char, self.count(p)))
            .collect();
        out.push_str(&format!(
            "{}; {} to move\n",
            counts.join(", "),
            (b'A' + self.to_move) as char
        ));
        out
    }
}

impl MultiGame for Virus {
    fn is_active(&self, player: Player) -> bool {
        Virus::is_active(self, player)
    }

    fn with_mover(&self, player: Player) -> Option<Self> {
        Virus::with_mover(self, player)
    }
}

/// The papers' evaluation: the squares each player controls. A finished game adds the board's
/// size to the winner's value, so a win outweighs any count of squares.
#[derive(Clone, Copy, Debug, Default)]
pub struct SquaresEval;

impl MultiEvaluator<Virus> for SquaresEval {
    fn evaluate(&self, pos: &Virus, values: &mut [i32]) {
        for (p, v) in values.iter_mut().enumerate() {
            *v = pos.count(p as Player) as i32;
        }
        if let Some(winner) = pos.outcome().and_then(|o| o.winner)
            && let Some(v) = values.get_mut(usize::from(winner))
        {
            *v += i32::from(pos.size) * i32::from(pos.size);
        }
    }

    fn max_sum(&self, pos: &Virus) -> i32 {
        2 * i32::from(pos.size) * i32::from(pos.size)
    }
}
