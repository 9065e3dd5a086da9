//! The record parser and validator: what the collector runs on every uploaded record.

use crate::games::GameKind;
use crate::record::{
    GameRecord, ValidatedGame, breaks_a_line, limits, parse_record, standard_notation, validate_at,
};

/// The clock of the fuzz runs (2026-01-01T00:00:00Z), fixed so that a crash reproduces.
pub const FUZZ_NOW_MS: u64 = 1_767_225_600_000;

/// Parses and validates `data` as one record. A record that validation accepts must respect
/// every bound the collector's statistics rely on, and must be accepted again after a round
/// trip through its canonical JSON with the same verdict.
pub fn record_json(data: &[u8]) {
    let record = match parse_record(data) {
        Ok(record) => record,
        Err(err) => {
            let _ = (err.code(), err.to_string());
            return;
        }
    };
    let validated = match validate_at(&record, FUZZ_NOW_MS) {
        Ok(v) => v,
        Err(err) => {
            let _ = (err.code(), err.to_string());
            return;
        }
    };
    assert_within_limits(&record);
    assert_eq!(validated.moves.len(), record.moves.len());
    if record.moves.is_empty() {
        assert!(
            !validated.counts_in_results(),
            "a game without moves counts"
        );
    }
    let json = record
        .to_json()
        .unwrap_or_else(|e| panic!("an accepted record does not serialise: {e}"));
    let again = parse_record(json.as_bytes())
        .unwrap_or_else(|e| panic!("canonical JSON of an accepted record fails: {e}"));
    let revalidated = validate_at(&again, FUZZ_NOW_MS)
        .unwrap_or_else(|e| panic!("accepted once, refused after a round trip: {e}"));
    assert_eq!(
        revalidated, validated,
        "the verdict changed after a round trip"
    );
    let _ = standard_notation(&record);
    assert_canonical_start(&record, &validated);
}

/// What the collector stores of an accepted record ([`ValidatedGame::canonical`]): a start
/// position without control or line-separator characters, that is its own canonical form, that
/// validates to the same verdict, and whose export keeps one game on one line (transcripts) or
/// in one FEN tag (PDN).
pub fn assert_canonical_start(record: &GameRecord, validated: &ValidatedGame) {
    let canonical = validated.canonical(record);
    if let Some(start) = &canonical.start_position {
        assert!(
            !start.chars().any(breaks_a_line),
            "a canonical start breaks a line: {start:?}"
        );
    }
    let again = validate_at(&canonical, FUZZ_NOW_MS)
        .unwrap_or_else(|e| panic!("the canonical record is refused: {e}"));
    assert_eq!(
        again.canonical_start, validated.canonical_start,
        "not a fixed point"
    );
    assert_eq!(again.outcome, validated.outcome);
    assert_eq!(again.standard_start, validated.standard_start);
    assert_eq!(again.final_position, validated.final_position);
    let text = standard_notation(&canonical);
    match canonical.game {
        GameKind::Othello | GameKind::ConnectFour => {
            assert!(
                !text.trim_end().contains('\n'),
                "a transcript of two lines: {text:?}"
            );
        }
        GameKind::Draughts => assert!(text.matches("[FEN").count() <= 1, "{text:?}"),
        _ => {}
    }
}

/// What the collector's aggregates assume of every accepted record.
pub fn assert_within_limits(record: &GameRecord) {
    assert!(record.moves.len() <= limits::MAX_MOVES);
    let mut total_time: u64 = 0;
    for m in &record.moves {
        if let Some(s) = m.stats {
            assert!(s.nodes <= limits::MAX_MOVE_NODES, "nodes {}", s.nodes);
            assert!(s.time_ms <= limits::MAX_MOVE_TIME_MS, "time {}", s.time_ms);
            assert!(s.depth <= limits::MAX_SEARCH_DEPTH, "depth {}", s.depth);
            assert!(s.score.unsigned_abs() <= limits::MAX_ABS_SCORE.unsigned_abs());
            total_time += s.time_ms;
        }
    }
    assert!(
        total_time
            <= (record.ended_at_ms - record.started_at_ms)
                .saturating_add(limits::MAX_CLOCK_SKEW_MS)
    );
    for p in &record.players {
        if let Some(e) = &p.engine {
            assert!(e.depth.is_none_or(|d| d <= limits::MAX_SEARCH_DEPTH));
            assert!(e.time_ms.is_none_or(|t| t <= limits::MAX_MOVE_TIME_MS));
            assert!(
                e.weights
                    .values()
                    .all(|w| w.abs() <= limits::MAX_ABS_WEIGHT)
            );
        }
    }
}
