//! The field's own formats for a set of records, shared by `ply records export` and the
//! collector's export endpoint: Othello games as a WTHOR database, draughts games as PDN,
//! Othello and Connect Four games as one move string a line.

use super::dispatch::validate_at;
use super::notation::{AnnotatedGame, annotated_notation, standard_notation};
use super::types::GameRecord;
use super::wthor::{self, WthorHeader, WthorTags};
use crate::games::GameKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldFormat {
    Wthor,
    Pdn,
    Transcript,
}

impl FieldFormat {
    pub const ALL: [FieldFormat; 3] = [
        FieldFormat::Wthor,
        FieldFormat::Pdn,
        FieldFormat::Transcript,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FieldFormat::Wthor => "wthor",
            FieldFormat::Pdn => "pdn",
            FieldFormat::Transcript => "transcript",
        }
    }

    /// The games the format holds.
    pub fn holds(self) -> &'static [GameKind] {
        match self {
            FieldFormat::Wthor => &[GameKind::Othello],
            FieldFormat::Pdn => &[GameKind::Draughts],
            FieldFormat::Transcript => &[GameKind::Othello, GameKind::ConnectFour],
        }
    }

    /// The media type of the bytes.
    pub fn content_type(self) -> &'static str {
        match self {
            FieldFormat::Wthor => "application/octet-stream",
            FieldFormat::Pdn | FieldFormat::Transcript => "text/plain; charset=utf-8",
        }
    }

    pub fn from_name(name: &str) -> Result<FieldFormat, String> {
        FieldFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown format '{name}' (known: wthor, pdn, transcript)"))
    }
}

/// What an export wrote and what it left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldExport {
    pub bytes: Vec<u8>,
    /// Games written.
    pub games: usize,
    /// Records of games the format does not hold.
    pub other_games: usize,
    /// Games of the right kind the format cannot express, with the reason (WTHOR: a set-up
    /// start, a resignation), and records that do not validate.
    pub refused: Vec<String>,
}

/// Writes `records` in `format`. A WTHOR file says when it was made (`now_ms`) and the year of
/// its games (that of the first game written).
pub fn export_field<'a>(
    format: FieldFormat,
    records: impl IntoIterator<Item = &'a GameRecord>,
    now_ms: u64,
) -> FieldExport {
    let none: &[String] = &[];
    export_field_with_comments(format, records.into_iter().map(|r| (r, none)), now_ms)
}

/// [`export_field`] with a comment after each move where a game has them (its review): PDN
/// comments for draughts, `{...}` after each move of an Othello or Connect Four move string.
/// WTHOR has no place for them.
pub fn export_field_with_comments<'a>(
    format: FieldFormat,
    records: impl IntoIterator<Item = (&'a GameRecord, &'a [String])>,
    now_ms: u64,
) -> FieldExport {
    let mut out = FieldExport::default();
    let mut wthor_games = Vec::new();
    let mut first_end_ms = None;
    for (record, comments) in records {
        if !format.holds().contains(&record.game) {
            out.other_games += 1;
            continue;
        }
        // Only what the rules accept is written, with its start position in canonical form: a
        // stored text (from an older collector, or edited by hand) cannot split a line or a
        // tag of the export. The reason names the error's code, never the record's own text.
        let canonical = match validate_at(record, u64::MAX) {
            Ok(validated) => validated.canonical(record),
            Err(e) => {
                out.refused
                    .push(format!("a record that does not validate ({})", e.code()));
                continue;
            }
        };
        let record = &canonical;
        match format {
            FieldFormat::Pdn | FieldFormat::Transcript if !comments.is_empty() => {
                let moves: Vec<&str> = record.moves.iter().map(|m| m.notation.as_str()).collect();
                let game = AnnotatedGame {
                    start: record.start_position.as_deref(),
                    variant: &record.variant,
                    moves: &moves,
                    comments,
                    result: Some(record.result.winner),
                };
                out.bytes
                    .extend_from_slice(annotated_notation(record.game, &game).as_bytes());
                if format == FieldFormat::Pdn {
                    out.bytes.push(b'\n');
                }
            }
            FieldFormat::Pdn | FieldFormat::Transcript => {
                out.bytes
                    .extend_from_slice(standard_notation(record).as_bytes());
                out.bytes.push(b'\n');
            }
            FieldFormat::Wthor => match wthor::encode_game(record, WthorTags::default()) {
                Ok(game) => {
                    first_end_ms.get_or_insert(record.ended_at_ms);
                    wthor_games.push(game);
                }
                Err(e) => {
                    out.refused.push(e.to_string());
                    continue;
                }
            },
        }
        out.games += 1;
    }
    if format == FieldFormat::Wthor {
        let (year, month, day) = civil_date(now_ms);
        let header = WthorHeader {
            created: (year, month, day),
            year: first_end_ms.map_or(year, |ms| civil_date(ms).0),
            depth: 0,
        };
        match wthor::encode_file(header, &wthor_games) {
            Ok(bytes) => out.bytes = bytes,
            Err(e) => out.refused.push(e.to_string()),
        }
    }
    out
}

/// Year, month and day (UTC) of a unix time in milliseconds (Hinnant's days-to-civil).
pub fn civil_date(ms: u64) -> (u16, u8, u8) {
    let days = (ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year as u16, month as u8, day as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_of_known_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        // A leap day in a century leap year, and a day and the millisecond before it.
        assert_eq!(civil_date(951_782_400_000), (2000, 2, 29));
        assert_eq!(civil_date(1_795_478_400_000), (2026, 11, 24));
        assert_eq!(civil_date(1_795_478_400_000 - 1), (2026, 11, 23));
    }

    #[test]
    fn format_names_round_trip_and_unknown_ones_are_named() {
        for f in FieldFormat::ALL {
            assert_eq!(FieldFormat::from_name(f.name()), Ok(f));
        }
        let e = FieldFormat::from_name("sgf").expect_err("unknown");
        assert!(e.contains("'sgf'") && e.contains("wthor"), "{e}");
    }
}
