//! A game as played: start position, moves, undo/redo, and the rules that need history
//! (draw by repetition). Positions are `Copy`, so the line keeps every position it passed through.

use crate::game::{EndReason, Game, Outcome, ParseError};

/// Why a move could not be played on a [`GameLine`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over")]
    GameOver,
    #[error("illegal move: {0}")]
    Illegal(String),
    #[error(transparent)]
    Parse(#[from] ParseError),
}

#[derive(Clone, Debug)]
pub struct GameLine<G: Game> {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    /// Moves undone and available for redo, most recently undone last.
    redo: Vec<G::Move>,
}

impl<G: Game> GameLine<G> {
    pub fn new(start: G) -> Self {
        GameLine {
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }

    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    pub fn current(&self) -> &G {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Every position of the line so far, the start first and the current one last.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// Position before move `i` (0-based).
    pub fn position_before(&self, i: usize) -> Option<&G> {
        if i < self.moves.len() {
            self.positions.get(i)
        } else {
            None
        }
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Outcome including history rules (repetition).
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.current();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        let limit = pos.repetition_limit()?;
        let hash = pos.hash();
        let mut seen = 0u32;
        // Walk back to the last irreversible move: earlier positions can never recur.
        for i in (0..self.positions.len()).rev() {
            if self.positions[i].hash() == hash && self.positions[i].same_position(pos) {
                seen += 1;
                if seen >= u32::from(limit) {
                    return Some(Outcome::draw(EndReason::Repetition));
                }
            }
            if i == 0 {
                break;
            }
            let before = &self.positions[i - 1];
            if before.is_irreversible(self.moves[i - 1]) {
                break;
            }
        }
        None
    }

    /// Plays a legal move; clears the redo stack unless it is the move redo would play.
    pub fn play(&mut self, mv: G::Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let pos = *self.current();
        if !pos.is_legal(mv) {
            return Err(PlayError::Illegal(format!("{mv:?} is not legal here")));
        }
        let mut next = pos;
        next.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Parses a move in standard notation and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let mv = self.current().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(mv);
        Some(mv)
    }

    pub fn redo(&mut self) -> Option<G::Move> {
        let mv = *self.redo.last()?;
        self.play(mv).ok()?;
        Some(mv)
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The moves in standard notation, each formatted in the position it was played from.
    pub fn notation(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(mv, pos)| pos.format_move(*mv))
            .collect()
    }
}
