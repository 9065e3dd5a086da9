//! Why a typed move was refused, in the player's language: the core's typed reason
//! ([`MoveTextError`]) rendered from the catalog's `move-` messages. The catalog's English reads
//! as the core's `Display` does (`tests/languages.rs` compares them).

use crate::i18n::Lang;
use crate::tr;
use ply_core::games::focus::MoveError as FocusMove;
use ply_core::games::focus::notation::square_name;
use ply_core::move_text::{DraughtsIllegal, HalmaIllegal, MoveTextError, OthelloIllegal};

/// `reason` in `lang`.
pub fn move_refusal(lang: Lang, reason: &MoveTextError) -> String {
    use MoveTextError as E;
    match reason {
        E::GameOver => tr!(lang, "move-game-over"),
        E::EmptyColumn => tr!(lang, "move-empty-column"),
        E::NotAColumn => tr!(lang, "move-not-a-column"),
        E::AfterColumn { found } => tr!(lang, "move-after-column", found = found),
        E::FourInARow => tr!(lang, "move-four-in-a-row"),
        E::ColumnFull { column } => tr!(lang, "move-column-full", column = *column),
        E::EmptySquareMove => tr!(lang, "move-empty-square-move"),
        E::NoFileLetter => tr!(lang, "move-no-file-letter"),
        E::AfterSquare => tr!(lang, "move-after-square"),
        E::NoRankDigit => tr!(lang, "move-no-rank-digit"),
        E::OthelloIllegal { square, mover, why } => {
            let mover = if *mover == 0 {
                tr!(lang, "side-black-inline")
            } else {
                tr!(lang, "side-white-inline")
            };
            let (square, mover) = (square.as_str(), mover.as_str());
            match why {
                OthelloIllegal::GameOver => {
                    tr!(
                        lang,
                        "move-othello-game-over",
                        square = square,
                        mover = mover
                    )
                }
                OthelloIllegal::MayNotPass => {
                    tr!(
                        lang,
                        "move-othello-may-not-pass",
                        square = square,
                        mover = mover
                    )
                }
                OthelloIllegal::MustPass => {
                    tr!(
                        lang,
                        "move-othello-must-pass",
                        square = square,
                        mover = mover
                    )
                }
                OthelloIllegal::Occupied => {
                    tr!(
                        lang,
                        "move-othello-occupied",
                        square = square,
                        mover = mover
                    )
                }
                OthelloIllegal::FlipsNone => {
                    tr!(
                        lang,
                        "move-othello-flips-none",
                        square = square,
                        mover = mover
                    )
                }
            }
        }
        E::EmptySquare => tr!(lang, "move-empty-square"),
        E::NotAFile { file, last } => tr!(lang, "move-not-a-file", file = *file, last = *last),
        E::NotARank { rank, size } => tr!(lang, "move-not-a-rank", rank = rank, size = *size),
        E::VirusMayNotPass => tr!(lang, "move-virus-may-not-pass"),
        E::SquareTaken => tr!(lang, "move-square-taken"),
        E::NotNextToOwn => tr!(lang, "move-not-next-to-own"),
        E::FocusNotASquare { word } => {
            tr!(lang, "move-focus-not-a-square", word = format!("{word:?}"))
        }
        E::FocusEmpty => tr!(lang, "move-focus-empty"),
        E::FocusNotAMove { word } => {
            tr!(lang, "move-focus-not-a-move", word = format!("{word:?}"))
        }
        E::FocusIllegal { word, why } => {
            tr!(
                lang,
                "move-focus-illegal",
                word = word,
                why = focus_reason(lang, why)
            )
        }
        E::NotAHole { text } => tr!(lang, "move-not-a-hole", text = text),
        E::HalmaNotAMove { text } => tr!(lang, "move-halma-not-a-move", text = text),
        E::HalmaIllegal { why } => {
            let why = match why {
                HalmaIllegal::GameOver => tr!(lang, "move-game-over"),
                HalmaIllegal::MayNotPass => tr!(lang, "move-halma-may-not-pass"),
                HalmaIllegal::NoPiece { hole, player } => {
                    tr!(lang, "move-halma-no-piece", hole = hole, player = *player)
                }
                HalmaIllegal::HoleTaken { hole } => tr!(lang, "move-halma-hole-taken", hole = hole),
                HalmaIllegal::StaysInCorner => tr!(lang, "move-halma-stays-in-corner"),
                HalmaIllegal::NoPath { from, to } => {
                    tr!(lang, "move-halma-no-path", from = from, to = to)
                }
            };
            tr!(lang, "move-halma-illegal", why = why)
        }
        E::DraughtsEmpty => tr!(lang, "move-draughts-empty"),
        E::ExpectedSquare { found: None } => tr!(lang, "move-expected-square-at-end"),
        E::ExpectedSquare { found: Some(c) } => {
            tr!(lang, "move-expected-square", found = *c)
        }
        E::SquareOutside { digits } => tr!(lang, "move-square-outside", digits = digits),
        E::MixedSeparators => tr!(lang, "move-mixed-separators"),
        E::ExpectedSeparator { found } => tr!(lang, "move-expected-separator", found = *found),
        E::TooFewSquares => tr!(lang, "move-too-few-squares"),
        E::QuietMoveTooLong => tr!(lang, "move-quiet-move-too-long"),
        E::DraughtsIllegal { why } => match why {
            DraughtsIllegal::Plain => tr!(lang, "move-draughts-illegal"),
            DraughtsIllegal::DidYouMean { mv } => tr!(lang, "move-did-you-mean", mv = mv),
            DraughtsIllegal::JumpContinues { moves } => {
                // "6x15x24 or 6x15x26", as the core's English joins them.
                let mut rest = moves.iter();
                let first = rest.next().cloned().unwrap_or_default();
                let moves = rest.fold(first, |acc, m| {
                    tr!(lang, "move-one-or-other", first = acc, last = m)
                });
                tr!(lang, "move-jump-continues", moves = moves)
            }
            DraughtsIllegal::CaptureCompulsory => tr!(lang, "move-capture-compulsory"),
            DraughtsIllegal::NoLegalMoves => tr!(lang, "move-no-legal-moves"),
        },
        E::Ambiguous { text, candidates } => tr!(
            lang,
            "move-ambiguous",
            text = text,
            candidates = candidates.join(", ")
        ),
    }
}

/// Why a Focus move cannot be played; players numbered from 1 as the core's English does.
fn focus_reason(lang: Lang, why: &FocusMove) -> String {
    match *why {
        FocusMove::GameOver => tr!(lang, "move-focus-game-over"),
        FocusMove::OffBoard(sq) => tr!(lang, "move-focus-off-board", square = square_name(sq)),
        FocusMove::NoStack(sq) => tr!(lang, "move-focus-no-stack", square = square_name(sq)),
        FocusMove::NotYours(sq, player) => tr!(
            lang,
            "move-focus-not-yours",
            square = square_name(sq),
            player = u32::from(player) + 1
        ),
        FocusMove::NotStraight(from, to) => tr!(
            lang,
            "move-focus-not-straight",
            from = square_name(from),
            to = square_name(to)
        ),
        FocusMove::TooFar(sq, height, moved) => tr!(
            lang,
            "move-focus-too-far",
            square = square_name(sq),
            height = height,
            moved = moved
        ),
        FocusMove::NoReserve(player) => {
            tr!(
                lang,
                "move-focus-no-reserve",
                player = u32::from(player) + 1
            )
        }
    }
}
