//! Import and validation: parse a record, check every field against its bounds, and replay every
//! move through the rules. Nothing is trusted: the result must be the one the rules give (or a
//! resignation while the game was still on).

use super::error::RecordError;
use super::id::is_valid_record_id;
use super::strict_json::{StrictJsonError, check_no_duplicate_keys};
use super::types::{GameRecord, PlayerKind, SCHEMA_VERSION, limits};
use crate::game::{EndReason, Game, Outcome, Player};
use crate::games::GameKind;
use crate::line::GameLine;
use std::time::{SystemTime, UNIX_EPOCH};

/// A record that passed every check, with what the replay established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidatedGame {
    /// How the game ended: the rules' outcome, or the stated resignation.
    pub outcome: Outcome,
    /// The final position in the game's position notation.
    pub final_position: String,
    /// One entry per move, in order.
    pub moves: Vec<ValidatedMove>,
    /// Whether the game began at its variant's standard start (absent `start_position`, or one
    /// naming that very position). Games from set-up positions are genuine research material
    /// but prove nothing about who plays better, so results statistics leave them out.
    pub standard_start: bool,
    /// The start position in the game's own notation (parsed, then written again), or `None`
    /// for the standard start however the record spelled it: what the collector stores, so
    /// one position has one text in every export and statistic.
    pub canonical_start: Option<String>,
}

impl ValidatedGame {
    /// `record` with its start position in canonical form ([`ValidatedGame::canonical_start`]):
    /// the record a collector stores and exports.
    pub fn canonical(&self, record: &GameRecord) -> GameRecord {
        GameRecord {
            start_position: self.canonical_start.clone(),
            ..record.clone()
        }
    }

    /// Whether the game belongs in win/draw/loss statistics: played from the standard start,
    /// with at least one move (a resignation before any move is no game played).
    pub fn counts_in_results(&self) -> bool {
        self.standard_start && !self.moves.is_empty()
    }
}

/// Facts about one replayed move that analysis needs (who played it, in which phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValidatedMove {
    /// Player index of the side that played the move.
    pub mover: Player,
    pub phase: GamePhase,
}

/// Coarse game phase of a move, by ply count from the record's start (an approximation when the
/// record starts from a set-up position).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum GamePhase {
    Opening,
    Middlegame,
    Endgame,
}

impl GamePhase {
    /// Phase of the move played at `ply` (0-based) in a game of `players`, by the game's
    /// [`GameFacts::phases`](crate::games::GameFacts::phases); multi-player games count rounds
    /// (a turn of every player).
    pub fn of(game: GameKind, ply: usize, players: usize) -> GamePhase {
        let (mid, end) = game.facts().phases;
        let ply = if game.is_multi_player() {
            ply / players.max(1)
        } else {
            ply
        };
        if ply < mid {
            GamePhase::Opening
        } else if ply < end {
            GamePhase::Middlegame
        } else {
            GamePhase::Endgame
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GamePhase::Opening => "opening",
            GamePhase::Middlegame => "middlegame",
            GamePhase::Endgame => "endgame",
        }
    }
}

/// Parses record JSON, reporting a wrong `schema_version` as such rather than as a shape error.
pub fn parse_record(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    if bytes.len() > limits::MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            what: "record".into(),
            limit: limits::MAX_RECORD_BYTES,
            actual: bytes.len(),
        });
    }
    check_no_duplicate_keys(bytes).map_err(|e| match e {
        StrictJsonError::DuplicateKey(key) => RecordError::DuplicateKey { key },
        StrictJsonError::Syntax(message) => RecordError::Malformed(message),
    })?;
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| RecordError::Malformed(e.to_string()))?;
    parse_record_value(value)
}

/// Turns an already parsed JSON value (one element of an upload batch) into a record.
pub fn parse_record_value(value: serde_json::Value) -> Result<GameRecord, RecordError> {
    let Some(obj) = value.as_object() else {
        return Err(RecordError::Malformed(
            "a record must be a JSON object".into(),
        ));
    };
    match obj.get("schema_version") {
        None => {
            return Err(RecordError::Malformed(
                "missing field `schema_version`".into(),
            ));
        }
        Some(v) => match v.as_u64() {
            Some(n) if n == u64::from(SCHEMA_VERSION) => {}
            Some(n) => {
                return Err(RecordError::UnsupportedSchemaVersion(
                    u32::try_from(n).unwrap_or(u32::MAX),
                ));
            }
            None => {
                return Err(RecordError::Malformed(
                    "`schema_version` must be an integer".into(),
                ));
            }
        },
    }
    serde_json::from_value(value).map_err(|e| RecordError::Malformed(e.to_string()))
}

/// Current time in unix milliseconds (0 if the clock is before 1970).
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Validates a record against the rules of `G`. The caller picks `G` to match `record.game`
/// ([`validate`] does that); this generic form also serves the record builder.
pub fn validate_as<G: Game>(
    record: &GameRecord,
    now_ms: u64,
) -> Result<ValidatedGame, RecordError> {
    check_fields(record)?;
    check_timestamps(record, now_ms)?;
    check_search_stats(record)?;
    let start = start_position::<G>(record)?;
    if start.players() != record.players.len() {
        return Err(invalid(
            "players",
            format!(
                "the start position is for {} players, the record names {}",
                start.players(),
                record.players.len()
            ),
        ));
    }
    let standard_start = G::start_for_players(record.players.len())
        .and_then(|s| s.with_variant(&record.variant).ok())
        .is_some_and(|standard| standard == start);
    let mut line = GameLine::new(start);
    let mut legal = Vec::new();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (index, recorded) in record.moves.iter().enumerate() {
        if let Some(outcome) = line.outcome() {
            return Err(RecordError::MoveAfterEnd {
                index,
                outcome: describe_outcome(Some(outcome)),
            });
        }
        let pos = *line.current();
        let mover = pos.side_to_move();
        if recorded.stats.is_some()
            && record.players.get(usize::from(mover)).map(|p| p.kind) == Some(PlayerKind::Human)
        {
            return Err(RecordError::StatsOnHumanMove {
                index,
                player: mover,
            });
        }
        let mv = resolve_move(&pos, index, recorded.key, &recorded.notation, &mut legal)?;
        line.play(mv).map_err(|e| RecordError::IllegalMove {
            index,
            notation: recorded.notation.clone(),
            reason: e.to_string(),
        })?;
        moves.push(ValidatedMove {
            mover,
            phase: GamePhase::of(record.game, index, record.players.len()),
        });
    }
    let outcome = check_result(record, line.outcome())?;
    if record.moves.is_empty() && outcome.reason != EndReason::Resignation {
        // Only a set-up position can be over before a move; claiming its result would let any
        // device publish wins nobody played.
        return Err(RecordError::NoMoves {
            stated: describe_outcome(Some(outcome)),
        });
    }
    Ok(ValidatedGame {
        outcome,
        final_position: line.current().format_position(),
        moves,
        standard_start,
        canonical_start: (!standard_start).then(|| start.format_position()),
    })
}

/// The move that both the machine key and the notation name, or the precise disagreement.
fn resolve_move<G: Game>(
    pos: &G,
    index: usize,
    key: u32,
    notation: &str,
    legal: &mut Vec<G::Move>,
) -> Result<G::Move, RecordError> {
    pos.legal_moves(legal);
    let by_key: Vec<G::Move> = legal
        .iter()
        .copied()
        .filter(|m| G::move_key(*m) as u64 == u64::from(key))
        .collect();
    match pos.parse_move(notation) {
        Ok(mv) if legal.contains(&mv) => {
            let canonical = pos.format_move(mv);
            if !by_key.contains(&mv) {
                let expected = match by_key.first() {
                    Some(k) => pos.format_move(*k),
                    None => format!("{canonical} (key {})", G::move_key(mv)),
                };
                return Err(RecordError::NotationMismatch {
                    index,
                    key,
                    notation: notation.into(),
                    expected,
                });
            }
            if canonical != notation {
                return Err(RecordError::NotationMismatch {
                    index,
                    key,
                    notation: notation.into(),
                    expected: canonical,
                });
            }
            Ok(mv)
        }
        Ok(mv) => Err(RecordError::IllegalMove {
            index,
            notation: notation.into(),
            reason: format!(
                "{} is not legal here; legal: {}",
                pos.format_move(mv),
                list_moves(pos, legal)
            ),
        }),
        Err(err) => match by_key.first() {
            Some(k) => Err(RecordError::NotationMismatch {
                index,
                key,
                notation: notation.into(),
                expected: pos.format_move(*k),
            }),
            None => Err(RecordError::IllegalMove {
                index,
                notation: notation.into(),
                reason: format!("{err}; legal: {}", list_moves(pos, legal)),
            }),
        },
    }
}

fn list_moves<G: Game>(pos: &G, legal: &[G::Move]) -> String {
    const SHOWN: usize = 24;
    let mut names: Vec<String> = legal
        .iter()
        .take(SHOWN)
        .map(|m| pos.format_move(*m))
        .collect();
    if legal.len() > SHOWN {
        names.push(format!("... ({} in all)", legal.len()));
    }
    if names.is_empty() {
        "none".into()
    } else {
        names.join(" ")
    }
}

fn start_position<G: Game>(record: &GameRecord) -> Result<G, RecordError> {
    let start = match &record.start_position {
        None => G::start_for_players(record.players.len()).ok_or_else(|| {
            invalid(
                "players",
                format!(
                    "{} is not played by {} players",
                    record.game.name(),
                    record.players.len()
                ),
            )
        })?,
        Some(text) => G::parse_position(text).map_err(|e| RecordError::BadStartPosition {
            reason: e.to_string(),
        })?,
    };
    start
        .with_variant(&record.variant)
        .map_err(|_| RecordError::UnknownVariant {
            game: record.game.name().into(),
            variant: record.variant.clone(),
        })
}

/// The stated result against the rules: equal to the rules' outcome, or a resignation by the
/// side that is not the stated winner while the rules had not ended the game.
fn check_result(record: &GameRecord, rules: Option<Outcome>) -> Result<Outcome, RecordError> {
    let stated = record.result;
    let stated_text = describe_stated(&stated);
    if stated.reason == EndReason::Resignation {
        if let Some(o) = rules {
            return Err(RecordError::ResultMismatch {
                stated: stated_text,
                actual: format!(
                    "the rules had already ended the game: {}",
                    describe_outcome(Some(o))
                ),
            });
        }
        if record.players.len() != 2 {
            return Err(RecordError::ResultMismatch {
                stated: stated_text,
                actual: "a resignation ends only a two-player game".into(),
            });
        }
        let winner = match stated.winner {
            Some(w) if w < 2 => w,
            _ => {
                return Err(RecordError::ResultMismatch {
                    stated: stated_text,
                    actual: "a resignation needs a winner (player 0 or 1)".into(),
                });
            }
        };
        if stated.margin.is_some_and(|m| m != 0) {
            return Err(RecordError::ResultMismatch {
                stated: stated_text,
                actual: "a resignation has no margin".into(),
            });
        }
        let resigner = 1 - winner;
        if record.players.get(usize::from(resigner)).map(|p| p.kind) == Some(PlayerKind::Computer) {
            return Err(RecordError::ComputerResigned { player: resigner });
        }
        return Ok(Outcome::win(winner, EndReason::Resignation, 0));
    }
    match rules {
        Some(o)
            if o.winner == stated.winner
                && o.reason == stated.reason
                && stated.margin.is_none_or(|m| m == o.margin) =>
        {
            Ok(o)
        }
        other => Err(RecordError::ResultMismatch {
            stated: stated_text,
            actual: match other {
                None => format!("the game is not over after {} moves", record.moves.len()),
                Some(o) => describe_outcome(Some(o)),
            },
        }),
    }
}

fn describe_stated(r: &super::types::GameResult) -> String {
    let mut text = describe_outcome(Some(Outcome {
        winner: r.winner,
        reason: r.reason,
        margin: 0,
    }));
    if let Some(m) = r.margin {
        text = format!("{text}, margin {m}");
    }
    text
}

fn describe_outcome(o: Option<Outcome>) -> String {
    match o {
        None => "not over".into(),
        Some(o) => {
            let reason = serde_json::to_value(o.reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_else(|| format!("{:?}", o.reason));
            match o.winner {
                Some(w) if o.margin != 0 => {
                    format!("player {w} wins by {reason}, margin {}", o.margin)
                }
                Some(w) => format!("player {w} wins by {reason}"),
                None => format!("draw by {reason}"),
            }
        }
    }
}

/// Characters no text field of a record may hold: they would split a line of a transcript,
/// a PGN-style tag or a log line (C0 and C1 controls, DEL, U+2028 and U+2029).
pub fn breaks_a_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

fn too_large(what: impl Into<String>, limit: usize, actual: usize) -> RecordError {
    RecordError::TooLarge {
        what: what.into(),
        limit,
        actual,
    }
}

fn invalid(field: impl Into<String>, reason: impl Into<String>) -> RecordError {
    RecordError::InvalidField {
        field: field.into(),
        reason: reason.into(),
    }
}

fn check_short(field: &str, text: &str) -> Result<(), RecordError> {
    if text.len() > limits::MAX_SHORT_STRING {
        return Err(too_large(field, limits::MAX_SHORT_STRING, text.len()));
    }
    if text.is_empty() {
        return Err(invalid(field, "must not be empty"));
    }
    // Short identifiers only: this also keeps free text (and so personal data) out of records.
    if let Some(bad) = text
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+')))
    {
        return Err(invalid(
            field,
            format!("character {bad:?} not allowed (letters, digits, . - _ +)"),
        ));
    }
    Ok(())
}

/// Bounds and shapes that need no rules: id, sizes, players, client info.
fn check_fields(record: &GameRecord) -> Result<(), RecordError> {
    if record.schema_version != SCHEMA_VERSION {
        return Err(RecordError::UnsupportedSchemaVersion(record.schema_version));
    }
    if !is_valid_record_id(&record.id) {
        return Err(RecordError::BadId(record.id.chars().take(64).collect()));
    }
    check_short("variant", &record.variant)?;
    if let Some(p) = &record.start_position {
        if p.len() > limits::MAX_POSITION_LEN {
            return Err(too_large(
                "start_position",
                limits::MAX_POSITION_LEN,
                p.len(),
            ));
        }
        if let Some(bad) = p.chars().find(|&c| breaks_a_line(c)) {
            return Err(invalid(
                "start_position",
                format!(
                    "control or line-separator character U+{:04X} not allowed",
                    u32::from(bad)
                ),
            ));
        }
    }
    if record.moves.len() > limits::MAX_MOVES {
        return Err(too_large("moves", limits::MAX_MOVES, record.moves.len()));
    }
    for (i, m) in record.moves.iter().enumerate() {
        if m.notation.len() > limits::MAX_NOTATION_LEN {
            return Err(too_large(
                format!("moves[{i}].notation"),
                limits::MAX_NOTATION_LEN,
                m.notation.len(),
            ));
        }
    }
    if !(2..=limits::MAX_PLAYERS).contains(&record.players.len()) {
        return Err(invalid(
            "players",
            format!(
                "2 to {} expected, found {}",
                limits::MAX_PLAYERS,
                record.players.len()
            ),
        ));
    }
    for (i, p) in record.players.iter().enumerate() {
        match (p.kind, &p.engine) {
            (PlayerKind::Human, Some(_)) => {
                return Err(invalid(
                    format!("players[{i}]"),
                    "a human player has no engine",
                ));
            }
            (PlayerKind::Computer, None) => {
                return Err(invalid(
                    format!("players[{i}]"),
                    "a computer player needs its engine settings",
                ));
            }
            (PlayerKind::Human, None) => {}
            (PlayerKind::Computer, Some(e)) => {
                let at = |f: &str| format!("players[{i}].engine.{f}");
                let check_entries = |f: &str, n: usize| {
                    if n > limits::MAX_ENGINE_ENTRIES {
                        Err(too_large(at(f), limits::MAX_ENGINE_ENTRIES, n))
                    } else {
                        Ok(())
                    }
                };
                check_short(&at("algorithm"), &e.algorithm)?;
                if let Some(o) = &e.ordering {
                    check_short(&at("ordering"), o)?;
                }
                if let Some(h) = &e.heuristic {
                    check_short(&at("heuristic"), h)?;
                }
                check_entries("weights", e.weights.len())?;
                for (name, w) in &e.weights {
                    check_short(&at("weights key"), name)?;
                    if !w.is_finite() || w.abs() > limits::MAX_ABS_WEIGHT {
                        return Err(RecordError::OutOfBounds {
                            field: at("weights"),
                            reason: format!(
                                "weight '{name}' is {w}; a finite number of magnitude at most {:e} expected",
                                limits::MAX_ABS_WEIGHT
                            ),
                        });
                    }
                }
                check_entries("options", e.options.len())?;
                for (name, v) in &e.options {
                    check_short(&at("options key"), name)?;
                    match v {
                        serde_json::Value::Bool(_) | serde_json::Value::Number(_) => {}
                        serde_json::Value::String(s) => check_short(&at("options value"), s)?,
                        _ => {
                            return Err(invalid(
                                at("options"),
                                format!(
                                    "option '{name}' must be a number, boolean or short string"
                                ),
                            ));
                        }
                    }
                }
                if e.level.is_some_and(|l| !(1..=10).contains(&l)) {
                    return Err(invalid(at("level"), "must be 1 to 10"));
                }
                if let Some(d) = e.depth {
                    at_most(
                        &at("depth"),
                        u64::from(d),
                        u64::from(limits::MAX_SEARCH_DEPTH),
                    )?;
                }
                if let Some(t) = e.time_ms {
                    at_most(&at("time_ms"), t, limits::MAX_MOVE_TIME_MS)?;
                }
                if let Some(t) = e.tt_bytes {
                    at_most(&at("tt_bytes"), t, limits::MAX_TT_BYTES)?;
                }
            }
        }
    }
    check_short("client.app_version", &record.client.app_version)?;
    Ok(())
}

fn at_most(field: &str, value: u64, limit: u64) -> Result<(), RecordError> {
    if value > limit {
        return Err(RecordError::OutOfBounds {
            field: field.into(),
            reason: format!("{value} is more than the limit of {limit}"),
        });
    }
    Ok(())
}

/// Every move's search statistics within what a real device produces: each number bounded, the
/// node rate physically possible, and the thinking time no longer than the game itself (plus
/// the clock skew a phone may show). These numbers feed the collector's averages.
fn check_search_stats(record: &GameRecord) -> Result<(), RecordError> {
    let mut total_time_ms: u64 = 0;
    for (i, m) in record.moves.iter().enumerate() {
        let Some(s) = &m.stats else { continue };
        let at = |f: &str| format!("moves[{i}].stats.{f}");
        at_most(&at("nodes"), s.nodes, limits::MAX_MOVE_NODES)?;
        at_most(&at("time_ms"), s.time_ms, limits::MAX_MOVE_TIME_MS)?;
        at_most(
            &at("depth"),
            u64::from(s.depth),
            u64::from(limits::MAX_SEARCH_DEPTH),
        )?;
        if s.score.unsigned_abs() > limits::MAX_ABS_SCORE.unsigned_abs() {
            return Err(RecordError::OutOfBounds {
                field: at("score"),
                reason: format!(
                    "{} is beyond the engines' range of ±{}",
                    s.score,
                    limits::MAX_ABS_SCORE
                ),
            });
        }
        // Both factors are bounded above, so the product cannot overflow.
        let fastest = (s.time_ms + 1) * limits::MAX_NODES_PER_MS;
        if s.nodes > fastest {
            return Err(RecordError::OutOfBounds {
                field: at("nodes"),
                reason: format!(
                    "{} nodes in {} ms is faster than any device ({} nodes per ms at most)",
                    s.nodes,
                    s.time_ms,
                    limits::MAX_NODES_PER_MS
                ),
            });
        }
        total_time_ms += s.time_ms;
    }
    let duration = record.ended_at_ms.saturating_sub(record.started_at_ms);
    let allowed = duration.saturating_add(limits::MAX_CLOCK_SKEW_MS);
    if total_time_ms > allowed {
        return Err(RecordError::OutOfBounds {
            field: "moves[].stats.time_ms".into(),
            reason: format!(
                "the engines thought for {total_time_ms} ms in a game that lasted {duration} ms"
            ),
        });
    }
    Ok(())
}

fn check_timestamps(record: &GameRecord, now_ms: u64) -> Result<(), RecordError> {
    let (start, end) = (record.started_at_ms, record.ended_at_ms);
    if start < limits::MIN_TIMESTAMP_MS {
        return Err(RecordError::BadTimestamps(format!(
            "started_at_ms {start} is before 2024-01-01 ({})",
            limits::MIN_TIMESTAMP_MS
        )));
    }
    if end < start {
        return Err(RecordError::BadTimestamps(format!(
            "ended_at_ms {end} is before started_at_ms {start}"
        )));
    }
    if end - start > limits::MAX_DURATION_MS {
        return Err(RecordError::BadTimestamps(format!(
            "the game lasted {} ms, more than a year",
            end - start
        )));
    }
    if end > now_ms.saturating_add(limits::MAX_CLOCK_SKEW_MS) {
        return Err(RecordError::BadTimestamps(format!(
            "ended_at_ms {end} is more than a day after now ({now_ms})"
        )));
    }
    Ok(())
}
