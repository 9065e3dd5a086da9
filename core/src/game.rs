//! The one game abstraction every engine, the CLI and the bindings use.
//!
//! # Design choice
//!
//! We looked at three shapes:
//! - **minimax-rs** (`Game` with associated `S: State`, `M: Move`, `generate_moves(&S, &mut Vec<M>)`,
//!   `apply`/`undo` on the move): fast, two-player only, the move type carries undo information.
//! - **board-game-rs** (`Board` trait: `next_player`, `available_moves` iterator, `play(&mut self, mv)`,
//!   `outcome() -> Option<Outcome>`, boards are `Clone` and hashable): ergonomic and copy-make.
//! - **OpenSpiel** (`State` with `CurrentPlayer()` as an integer index, `LegalActions()`, `ApplyAction`,
//!   `Returns()` per player, chance and simultaneous nodes): general N-player.
//!
//! Ply takes board-game-rs's copy-make shape with OpenSpiel's player index:
//! - a position is a small `Copy` value (a few machine words of bitboards), so engines search by
//!   copying and playing (`let mut child = *pos; child.play(mv)`), which on bitboards is faster
//!   than make/unmake and needs no undo bookkeeping; the game history (for undo in the apps and
//!   for repetition draws) lives outside the position, in [`crate::line::GameLine`];
//! - moves are compact `Copy` values with a small integer [`Game::move_key`] for history tables;
//! - move generation writes into a caller-owned reusable `Vec` (no allocation in search);
//! - the side to move is a [`Player`] index, so multi-player research games fit the same trait
//!   (two-player engines assert `NUM_PLAYERS == 2`);
//! - a forced pass is an ordinary move returned by [`Game::legal_moves`] (Othello), so every engine
//!   and perft count it as a ply without special cases;
//! - text in and out (positions and moves) is part of the trait, because records, the CLI and the
//!   bindings all need it for every game.

use crate::move_text::MoveTextError;
use std::fmt::Debug;
use std::hash::Hash;

/// Index of a player: 0 moves first (Othello black, Connect Four first player, draughts Black).
pub type Player = u8;

/// How a finished game ended, from the rules' point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Othello: neither side can move (board full or both blocked); the disc count decides.
    NoMovesForEither,
    /// Draughts: the side to move has no legal move (or no pieces) and loses.
    NoMovesForMover,
    /// Connect Four: four in a row.
    FourInARow,
    /// Connect Four: board full without four in a row.
    BoardFull,
    /// Draughts: the same position occurred the configured number of times.
    Repetition,
    /// Draughts: the 40-move rule (configurable) without a man move or capture.
    MoveLimit,
    /// A player resigned (app level, not a rules outcome).
    Resignation,
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Player>,
    pub reason: EndReason,
    /// Size of the win from the winner's view where the game measures one (Othello: final disc
    /// difference with empties to the winner); 0 otherwise and for draws.
    pub margin: i32,
}

impl Outcome {
    pub fn win(winner: Player, reason: EndReason, margin: i32) -> Self {
        Outcome {
            winner: Some(winner),
            reason,
            margin,
        }
    }
    pub fn draw(reason: EndReason) -> Self {
        Outcome {
            winner: None,
            reason,
            margin: 0,
        }
    }
    /// +1 win, 0 draw, -1 loss for `player`.
    pub fn sign_for(&self, player: Player) -> i32 {
        match self.winner {
            None => 0,
            Some(w) if w == player => 1,
            Some(_) => -1,
        }
    }
}

/// A typed parse error for positions and moves: what is wrong and where (byte offset in the input).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at character {at})")]
pub struct ParseError {
    pub message: String,
    /// Byte offset in the input where the problem was found.
    pub at: usize,
    /// For a move: why it was refused, as data (`message` is its English text), so a player
    /// can be told in their language.
    pub reason: Option<MoveTextError>,
}

impl ParseError {
    pub fn new(at: usize, message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            at,
            reason: None,
        }
    }

    /// A move refused for `reason`, its English text the message.
    pub fn refused(at: usize, reason: MoveTextError) -> Self {
        ParseError {
            message: reason.to_string(),
            at,
            reason: Some(reason),
        }
    }
}

/// A two-or-more-player, perfect-information, deterministic game position.
///
/// Invariants every implementation keeps (tested per game by property tests):
/// - [`Game::legal_moves`] is empty if and only if [`Game::outcome`] is `Some`;
/// - a forced pass, where the rules have one, is a legal move of its own;
/// - [`Game::hash`] is equal for equal positions (including side to move and any rule state).
pub trait Game: Copy + Clone + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// Compact move; includes the pass move where the rules need one.
    type Move: Copy + Clone + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;

    /// Short stable name used by the CLI, records and bindings: `othello`, `connect4`, `checkers`.
    const NAME: &'static str;
    const NUM_PLAYERS: usize = 2;
    /// Upper bound of [`Game::move_key`] + 1 (size of per-move tables such as history tables).
    const MOVE_KEY_SPACE: usize;

    /// The standard starting position.
    fn start() -> Self;

    /// How many players this position is played by, eliminated ones included (multi-player
    /// games are set up for fewer than [`Game::NUM_PLAYERS`]).
    fn players(&self) -> usize {
        Self::NUM_PLAYERS
    }

    /// The standard start for `players` players under the default rules, if the game is
    /// played by that many (records name the player count by their seats).
    fn start_for_players(players: usize) -> Option<Self> {
        (players == Self::NUM_PLAYERS).then(Self::start)
    }

    /// Name of the rules variant this position is played under (`standard` unless the game has
    /// variants; draughts also has `relaxed`, where captures are optional).
    fn variant(&self) -> &'static str {
        "standard"
    }

    /// Names of every variant [`Game::with_variant`] accepts.
    fn variants() -> &'static [&'static str] {
        &["standard"]
    }

    /// The same position under another variant of the rules.
    fn with_variant(self, name: &str) -> Result<Self, ParseError> {
        if name == "standard" {
            Ok(self)
        } else {
            Err(ParseError::new(
                0,
                format!("{} has no variant '{name}'", Self::NAME),
            ))
        }
    }

    fn side_to_move(&self) -> Player;

    /// Clears `moves` and fills it with every legal move (generation order is deterministic).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Number of legal moves; games override it with a faster count (perft bulk counting).
    fn count_moves(&self) -> u64 {
        let mut buf = Vec::new();
        self.legal_moves(&mut buf);
        buf.len() as u64
    }

    /// Plays a move that [`Game::legal_moves`] returned. Playing anything else is a logic error
    /// (the position may become inconsistent, but it never panics in release builds); use
    /// [`Game::is_legal`] or [`Game::parse_move`] on untrusted input.
    fn play(&mut self, mv: Self::Move);

    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut buf = Vec::new();
        self.legal_moves(&mut buf);
        buf.contains(&mv)
    }

    /// `Some` when the game is over by the rules visible in the position itself
    /// (repetition needs the history: see [`crate::line::GameLine`]).
    fn outcome(&self) -> Option<Outcome>;

    /// 64-bit hash of the position (side to move and rule state included), for transposition tables.
    fn hash(&self) -> u64;

    /// Whether two positions count as the same for the repetition rule. Defaults to `==`;
    /// games whose position carries a counter that does not define the position (draughts'
    /// 40-move counter) compare board, side to move and rules only.
    fn same_position(&self, other: &Self) -> bool {
        self == other
    }

    /// Dense index of a move in `0..MOVE_KEY_SPACE` (history heuristic, killer and ADS tables).
    fn move_key(mv: Self::Move) -> usize;

    /// Static move-ordering score, higher first (corners first, centre columns first, captures first).
    fn static_order(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// True if the move changes material or is otherwise "noisy" (draughts captures); quiescence
    /// search extends such moves.
    fn is_tactical(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Whether this move can never be undone by later play (draughts man moves and captures);
    /// repetition detection looks only at positions since the last irreversible move.
    fn is_irreversible(&self, _mv: Self::Move) -> bool {
        true
    }

    /// How many times the same position must occur for a draw (draughts: 3); `None` = no such rule.
    fn repetition_limit(&self) -> Option<u8> {
        None
    }

    /// Parses a move in the game's standard notation, checking that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// Formats a move in the game's standard notation (unambiguous in this position).
    fn format_move(&self, mv: Self::Move) -> String;

    /// Parses a position in the game's standard position notation.
    fn parse_position(text: &str) -> Result<Self, ParseError>;

    /// Formats the position so that [`Game::parse_position`] gives it back.
    fn format_position(&self) -> String;

    /// A multi-line human-readable board for terminals.
    fn render(&self) -> String;

    /// A game-specific fast perft (same counts as [`perft_generic`]), used by [`perft`] when
    /// the game has one; `None` (the default) means "use the generic one".
    fn perft_fast(&self, _depth: u32) -> Option<u64> {
        None
    }
}

/// What the multi-player engines ([`crate::search::multi`]) need of a game beyond [`Game`].
/// The player count is [`Game::players`].
pub trait MultiGame: Game {
    /// Still in the game.
    fn is_active(&self, player: Player) -> bool;
    /// The same position with `player` to move (BRS), `None` if that player is out.
    fn with_mover(&self, player: Player) -> Option<Self>;
}

/// A value per player, each in `0..=max_value()`, summing to at most `max_sum()`.
pub trait MultiEvaluator<G: Game>: Send + Sync {
    /// Writes each player's value (for finished games too: a win must be worth the most).
    fn evaluate(&self, pos: &G, values: &mut [i32]);
    fn max_sum(&self, pos: &G) -> i32;
}

/// A heuristic evaluation of non-terminal positions, from the side to move's point of view.
///
/// Values must lie strictly inside `-EVAL_LIMIT..EVAL_LIMIT`, so that every engine can score
/// terminal positions beyond any heuristic value.
pub trait Evaluator<G: Game>: Send + Sync {
    fn evaluate(&self, pos: &G) -> i32;

    /// [`Evaluator::evaluate`] of a position the caller knows is not finished (a search asks
    /// [`Game::outcome`] at every node before its leaf's value): an evaluator that looks for
    /// the end of the game first may skip that.
    fn evaluate_unfinished(&self, pos: &G) -> i32 {
        self.evaluate(pos)
    }

    /// How a search of `pos` to `deep` plies is expected to differ from one to `shallow` plies
    /// with this evaluation, as measured on real positions: the mean and the standard deviation
    /// of `deep - shallow`, in evaluation units. ProbCut ([`crate::SearchConfig::probcut`]) cuts
    /// on it; `None` (the default) = not calibrated, so never cut.
    fn probcut(&self, _pos: &G, _shallow: u32, _deep: u32) -> Option<ProbCutError> {
        None
    }

    /// What one legal move of the opponent is worth, in evaluation units, when moves are
    /// ordered by the evaluation after them ([`crate::search::Ordering::Evaluation`]): fewer
    /// replies is better for the mover beyond what the evaluation sees. 0 (the default) =
    /// order by the evaluation alone.
    fn mobility_order_weight(&self) -> i32 {
        0
    }
}

/// The error of a shallow search as a predictor of a deeper one (see [`Evaluator::probcut`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCutError {
    /// Mean of `deep - shallow`.
    pub mean: f64,
    /// Standard deviation of `deep - shallow` (positive).
    pub sigma: f64,
}

/// Bound on heuristic values; terminal scores in search lie outside it.
pub const EVAL_LIMIT: i32 = 1_000_000;

impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for std::sync::Arc<E> {
    fn evaluate(&self, pos: &G) -> i32 {
        (**self).evaluate(pos)
    }
    fn evaluate_unfinished(&self, pos: &G) -> i32 {
        (**self).evaluate_unfinished(pos)
    }
    fn probcut(&self, pos: &G, shallow: u32, deep: u32) -> Option<ProbCutError> {
        (**self).probcut(pos, shallow, deep)
    }
    fn mobility_order_weight(&self) -> i32 {
        (**self).mobility_order_weight()
    }
}

impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for Box<E> {
    fn evaluate(&self, pos: &G) -> i32 {
        (**self).evaluate(pos)
    }
    fn evaluate_unfinished(&self, pos: &G) -> i32 {
        (**self).evaluate_unfinished(pos)
    }
    fn probcut(&self, pos: &G, shallow: u32, deep: u32) -> Option<ProbCutError> {
        (**self).probcut(pos, shallow, deep)
    }
    fn mobility_order_weight(&self) -> i32 {
        (**self).mobility_order_weight()
    }
}

impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for &E {
    fn evaluate(&self, pos: &G) -> i32 {
        (**self).evaluate(pos)
    }
    fn evaluate_unfinished(&self, pos: &G) -> i32 {
        (**self).evaluate_unfinished(pos)
    }
    fn probcut(&self, pos: &G, shallow: u32, deep: u32) -> Option<ProbCutError> {
        (**self).probcut(pos, shallow, deep)
    }
    fn mobility_order_weight(&self) -> i32 {
        (**self).mobility_order_weight()
    }
}

/// Counts leaf nodes to `depth` plies (convention A: a pass is a ply, a finished game is one leaf
/// where it ends). Uses the game's [`Game::perft_fast`] if it has one, else [`perft_generic`].
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    pos.perft_fast(depth)
        .unwrap_or_else(|| perft_generic(pos, depth))
}

/// [`perft`] through the trait's `legal_moves`/`play`/`outcome` only, with bulk counting at the
/// last ply (the reference the fast paths are tested against).
pub fn perft_generic<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_with(pos, depth, &mut buffers)
}

fn perft_with<G: Game>(pos: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return 1;
    }
    if depth == 1 {
        return pos.count_moves();
    }
    // `perft_generic` makes one buffer per ply and each level takes one, so `depth` > 1 here
    // leaves at least one.
    #[allow(clippy::expect_used)]
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(buf);
    let mut total = 0;
    for &mv in buf.iter() {
        let mut child = *pos;
        child.play(mv);
        total += perft_with(&child, depth - 1, rest);
    }
    total
}
