//! A search's value as a player reads it, in every place one is shown (the command line's
//! engine line, the after-game list of the computer's moves): one scale for a judgement, with
//! its unit. A two-player value is the core's judgement (`ply_core::search::score`): a proven
//! result with its distance and margin, else the expected score in percent. The multi-player
//! searches value a position in their evaluation's points, which have no such scale, and say so.

use crate::i18n::Lang;
use crate::tr;
use ply_core::search::score::{UNKNOWN_PLIES, decode_terminal, expected_percent};

/// A two-player score, for the side it is scored for, in `lang`.
pub fn judgement(lang: Lang, score: i32) -> String {
    match decode_terminal(score) {
        None => {
            let percent = expected_percent(score).round().clamp(1.0, 99.0);
            tr!(
                lang,
                "play-judgement-expected",
                percent = format!("{percent:.0}")
            )
        }
        Some((won, _, UNKNOWN_PLIES)) => {
            if won {
                tr!(lang, "play-judgement-win-proven")
            } else {
                tr!(lang, "play-judgement-loss-proven")
            }
        }
        Some((won, margin, plies)) => {
            let result = if won {
                tr!(lang, "play-judgement-win", plies = plies)
            } else {
                tr!(lang, "play-judgement-loss", plies = plies)
            };
            match u32::try_from(margin) {
                Ok(m) if m > 0 => {
                    tr!(lang, "play-judgement-margin", result = result, margin = m)
                }
                _ => result,
            }
        }
    }
}

/// A search's value with its unit: the judgement of a two-player game, the evaluation's
/// signed points of a multi-player one.
pub fn value_text(lang: Lang, score: i32, multi_player: bool) -> String {
    if multi_player {
        tr!(
            lang,
            "value-points",
            points = format!("{score:+}"),
            n = score.unsigned_abs()
        )
    } else {
        judgement(lang, score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::search::score::{MARGIN_UNIT, WIN_BASE};

    /// The catalog's English reads as the core's own English judgement on every kind of score
    /// (even, either side's estimate, the clamp at 1 and 99, a proven result with and without a
    /// margin, one ply); German says the same in its words; multi-player points are signed.
    #[test]
    fn a_value_reads_as_the_cores_judgement_with_its_unit() {
        let won = |margin: i32, plies: i32| WIN_BASE + margin * MARGIN_UNIT - plies;
        for score in [
            0,
            37,
            -210,
            900,
            -900,
            won(0, 7),
            won(4, 7),
            won(1, 1),
            -won(0, 12),
            -won(3, 2),
            won(0, UNKNOWN_PLIES as i32),
            -won(0, UNKNOWN_PLIES as i32),
        ] {
            assert_eq!(
                value_text(Lang::En, score, false),
                ply_core::search::score::judgement(score),
                "{score}"
            );
        }
        assert_eq!(value_text(Lang::De, 0, false), "50 % erwartet");
        assert_eq!(
            value_text(Lang::De, won(4, 7), false),
            "Gewinn in 7 Halbzügen mit 4 Steinen Vorsprung"
        );
        assert_eq!(
            value_text(Lang::De, -won(0, UNKNOWN_PLIES as i32), false),
            "bewiesener Verlust"
        );
        assert_eq!(value_text(Lang::En, 12, true), "+12 points");
        assert_eq!(value_text(Lang::De, -3, true), "-3 Punkte");
        assert_eq!(value_text(Lang::En, -1, true), "-1 point");
    }
}
