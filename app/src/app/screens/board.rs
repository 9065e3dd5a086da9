//! The board: the person's input ([`BoardEvent`]: moves, the selection, the game's buttons), the
//! board's own state ([`BoardState`]) and its view model.

pub mod model;
pub(in crate::app) mod moves;
pub mod view;

use crate::app::{App, BoardView, Effect, Event};
use crate::error::AppError;
use crate::line::TextError;
use crate::tr;

/// The board: moves, the selection, and the game's buttons.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum BoardEvent {
    /// A tap on a cell (Connect Four: any cell of a column drops a stone there; draughts and
    /// Chinese Checkers: select a piece, then its destination; Focus: select a stack, then its
    /// destination, or tap a square that starts no move, or the selected stack again, to place
    /// a reserve piece there).
    TapCell(u32),
    /// A tap at a point of the board, in board units (the board view's `width` by `height`, as
    /// its cells' `x` and `y`): the cell there, or the nearest hole of the star within one
    /// hole's spacing, is tapped as by `TapCell`; a tap beyond every cell does nothing.
    TapPoint {
        x: f32,
        y: f32,
    },
    /// A move by its index in the board's legal moves (keyboard, accessibility, the terminal).
    ChooseMove(u32),
    /// A move in the game's notation (`f5`, `4`, `11-15`, `pass`).
    PlayNotation(String),
    /// Othello: the person to move has no move and passes (the board's `must_pass`).
    Pass,
    /// One of the capture paths offered when two paths end on the same square.
    ChoosePath(u32),
    CancelSelection,
    Undo,
    Redo,
    Hint,
    /// Resigns the game for the person, once they confirm (the view model asks).
    Resign,
    /// Computer against computer: stop after the current move; `Resume` continues.
    Pause,
    Resume,
    /// Draw the board larger, scrolling (`BoardView::zoom` times), or back to fit the window.
    ZoomBoard(bool),
}

impl From<BoardEvent> for Event {
    fn from(e: BoardEvent) -> Self {
        Event::Board(e)
    }
}

/// What only the board keeps.
#[derive(Debug, Default)]
pub(in crate::app) struct BoardState {
    /// The person zoomed the board (`BoardEvent::ZoomBoard`); kept for the next game, drawn only
    /// where the board offers a zoom.
    pub(in crate::app) zoomed: bool,
}

impl App {
    pub(in crate::app) fn board_event(&mut self, e: BoardEvent, fx: &mut Vec<Effect>) {
        match e {
            BoardEvent::TapCell(i) => self.tap(i, fx),
            BoardEvent::TapPoint { x, y } => {
                if let Some(i) = self.game.as_ref().and_then(|g| g.cell_at(x, y)) {
                    self.tap(i, fx)
                }
            }
            BoardEvent::ChooseMove(i) => {
                let m = self.game.as_ref().and_then(|g| {
                    g.snapshot
                        .legal_moves
                        .iter()
                        .find(|m| m.index == i)
                        .cloned()
                });
                match m {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-no-move-number", number = i), fx),
                }
            }
            BoardEvent::Pass => {
                let pass = self
                    .game
                    .as_ref()
                    .and_then(|g| g.snapshot.legal_moves.iter().find(|m| m.is_pass).cloned());
                match pass {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-not-legal"), fx),
                }
            }
            BoardEvent::PlayNotation(text) => {
                // The game's own parser reads every form it knows (a draughts jump with its
                // landing squares or without) and says what is wrong with the rest.
                let found = self.game.as_ref().map(|g| {
                    g.session.find_move(&text).and_then(|i| {
                        g.snapshot
                            .legal_moves
                            .iter()
                            .find(|m| m.index == i)
                            .cloned()
                            .ok_or(TextError::NotLegal)
                    })
                });
                match found {
                    Some(Ok(m)) => self.play_human(m, fx),
                    Some(Err(error)) => {
                        let refused = AppError::MoveText { text, error };
                        self.say(refused.message(self.lang), fx)
                    }
                    None => {
                        let text = tr!(self.lang, "message-not-legal-here", notation = text.trim());
                        self.say(text, fx)
                    }
                }
            }
            BoardEvent::ChoosePath(i) => {
                let m = self
                    .game
                    .as_ref()
                    .and_then(|g| g.marks.path_choices.get(i as usize).cloned());
                if let Some(m) = m {
                    self.play_human(m, fx)
                }
            }
            BoardEvent::CancelSelection => {
                if let Some(g) = self.game.as_mut() {
                    g.marks.selected = None;
                    g.marks.path_choices.clear();
                }
            }
            BoardEvent::Undo => self.undo_redo(true, fx),
            BoardEvent::Redo => self.undo_redo(false, fx),
            BoardEvent::Hint => self.hint(fx),
            BoardEvent::Resign => self.ask_resign(fx),
            BoardEvent::Pause => {
                if let Some(g) = self.game.as_mut()
                    && !g.people_in_play()
                    && !g.finished()
                {
                    g.cancel_thinking();
                    g.paused = true;
                    self.save_game();
                }
            }
            BoardEvent::ZoomBoard(on) => self.board.zoomed = on,
            BoardEvent::Resume => {
                if let Some(g) = self.game.as_mut() {
                    g.paused = false;
                    self.save_game();
                    self.maybe_think(fx);
                }
            }
        }
    }

    /// The board of the game in progress (whatever screen is on top).
    pub fn board_view(&self) -> Option<BoardView> {
        let g = self.game.as_ref()?;
        Some(view::build(
            self.lang,
            g,
            self.visible(),
            self.labels,
            self.board.zoomed,
        ))
    }
}
