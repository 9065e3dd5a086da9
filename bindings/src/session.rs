//! `GameSession`: one game as the CLI and the tests drive it, exported as `ply_app::Session`
//! (every behaviour and its documentation live there; each method here only forwards).

use crate::remote::{
    ClientPlatform, ComputerMove, EngineLimits, GameKind, MoveInfo, PlayerKind, PlyError,
    SearchLimits, Side, Snapshot,
};
use ply_app::Session;
use std::sync::Arc;

/// A game being played: create it, draw its `snapshot()`, `play` human moves, let the computer
/// move with `computer_move` on a background thread, `undo`/`redo`, export the record. Every
/// method may be called from any thread.
#[derive(uniffi::Object)]
pub struct GameSession {
    pub(crate) inner: Session,
}

#[uniffi::export]
impl GameSession {
    /// A new game of `game` between `first` (moves first) and `second`, from the standard start
    /// or `start_position` (`BadPosition` if it does not parse or the game is over there).
    #[uniffi::constructor]
    pub fn new(
        game: GameKind,
        first: PlayerKind,
        second: PlayerKind,
        start_position: Option<String>,
    ) -> Result<Arc<Self>, PlyError> {
        let inner = Session::new(game, first, second, start_position)?;
        Ok(Arc::new(GameSession { inner }))
    }

    /// A new game with one player per seat in turn order (the multi-player games seat 2 to 6;
    /// `InvalidSettings` for a count the game does not have).
    #[uniffi::constructor]
    pub fn with_seats(
        game: GameKind,
        seats: Vec<PlayerKind>,
        start_position: Option<String>,
    ) -> Result<Arc<Self>, PlyError> {
        let inner = Session::with_seats(game, seats, start_position)?;
        Ok(Arc::new(GameSession { inner }))
    }

    /// Changes who plays seat `seat` (turn order, 0-based).
    pub fn set_seat(&self, seat: u32, player: PlayerKind) {
        self.inner.set_seat(seat, player)
    }

    /// Caps every later search of this session (see `recommended_limits`).
    pub fn set_limits(&self, limits: EngineLimits) {
        self.inner.set_limits(limits)
    }

    /// The limits searches are clamped to.
    pub fn limits(&self) -> EngineLimits {
        self.inner.limits()
    }

    /// Describes the app for game records (version, platform, device RAM bucket).
    pub fn set_client(&self, app_version: String, platform: ClientPlatform, total_ram_bytes: u64) {
        self.inner
            .set_client(app_version, platform, total_ram_bytes)
    }

    /// Changes who plays `side` (cancels a running search).
    pub fn set_player(&self, side: Side, player: PlayerKind) {
        self.inner.set_player(side, player)
    }

    /// Everything to draw the game now.
    pub fn snapshot(&self) -> Result<Snapshot, PlyError> {
        self.inner.snapshot()
    }

    /// Plays a human move given in the game's notation (`f5`, `pass`, `4`, `11-15`, `22x15`).
    pub fn play(&self, move_text: String) -> Result<MoveInfo, PlyError> {
        self.inner.play(move_text)
    }

    /// Plays the human move at `legal_move_index` of the snapshot's `legal_moves`.
    pub fn play_index(&self, legal_move_index: u32) -> Result<MoveInfo, PlyError> {
        self.inner.play_index(legal_move_index)
    }

    /// `play_index` and the snapshot after it, in one call across the FFI.
    pub fn play_index_and_snapshot(&self, legal_move_index: u32) -> Result<Snapshot, PlyError> {
        self.inner.play_index_and_snapshot(legal_move_index)
    }

    /// Takes back moves until a human is to move; false if nothing to undo.
    pub fn undo(&self) -> Result<bool, PlyError> {
        self.inner.undo()
    }

    /// Replays undone moves until a human is to move; false if nothing to redo.
    pub fn redo(&self) -> Result<bool, PlyError> {
        self.inner.redo()
    }

    /// The computer plays the side to move (blocks while it searches).
    pub fn computer_move(&self, limits: Option<SearchLimits>) -> Result<ComputerMove, PlyError> {
        self.inner.computer_move(limits)
    }

    /// The move the engine suggests for the side to move (not played).
    pub fn hint(&self, limits: Option<SearchLimits>) -> Result<ComputerMove, PlyError> {
        self.inner.hint(limits)
    }

    /// Stops a running `computer_move` or `hint` (it returns `Cancelled`).
    pub fn cancel(&self) {
        self.inner.cancel()
    }

    /// True while a computer move or hint is being searched.
    pub fn is_thinking(&self) -> bool {
        self.inner.is_thinking()
    }

    /// Nodes searched so far by the running search, or by the last one.
    pub fn thinking_nodes(&self) -> u64 {
        self.inner.thinking_nodes()
    }

    /// `player` gives up; the other side wins.
    pub fn resign(&self, player: Side) -> Result<(), PlyError> {
        self.inner.resign(player)
    }

    /// The finished game as a record v1 JSON document.
    pub fn record_json(&self) -> Result<String, PlyError> {
        self.inner.record_json()
    }

    /// The game in its standard notation (transcript, column digits or PDN).
    pub fn notation(&self) -> Result<String, PlyError> {
        self.inner.notation()
    }

    /// The game being played.
    pub fn game(&self) -> GameKind {
        self.inner.game()
    }
}
