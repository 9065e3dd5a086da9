//! Game records, format v1: the types (`types`), making one from a played line (`build`),
//! importing and validating one by replaying it through the rules (`validate`), and the
//! standard-notation export of a whole game (`notation`) and the reading of a move list back
//! (`move_list`).
//!
//! The JSON Schema of the format is `docs/record-v1.schema.json`.

mod build;
mod dispatch;
mod error;
pub mod export;
mod id;
mod move_list;
mod notation;
pub mod strict_json;
mod types;
mod validate;
pub mod wthor;

pub use build::{RecordMeta, record_from_line, set_up_start};
pub use dispatch::{validate, validate_at, validate_json};
pub use error::RecordError;
pub use id::{is_valid_record_id, new_record_id};
pub use move_list::{MoveList, WrittenGame, read_move_list, write_move_list};
pub use notation::{AnnotatedGame, annotated_notation, standard_notation};
pub use types::{
    ClientInfo, EngineSettings, GameRecord, GameResult, MoveRecord, MoveStats, Platform,
    PlayerInfo, PlayerKind, RamBucket, SCHEMA_VERSION, limits,
};
pub use validate::{
    GamePhase, ValidatedGame, ValidatedMove, breaks_a_line, now_ms, parse_record,
    parse_record_value, validate_as,
};
