//! English draughts in a session (waiting for the draughts rules to land on main).

use crate::driver::AnyGame;
use crate::error::PlyError;
use crate::settings::GameKind;

pub(crate) fn new_game(kind: GameKind, _start: Option<&str>) -> Result<Box<dyn AnyGame>, PlyError> {
    Err(PlyError::internal(format!("{kind:?} is not available in this build yet")))
}
