//! The review of a finished game, move by move: the position's value before each move, the
//! value of the move played, the best move and its value, the loss, whether those values are
//! exact, a label, and each player's accuracy. One implementation for `ply review`, the
//! collector's analysis (`ply records analyze`) and, next, the apps' after-game review.
//!
//! For each position the judge ([`judge`]) first tries the game's solver (Connect Four: the
//! opening book for the first five stones, then every position the solver settles within the
//! node budget, by its exact score or else by its outcome alone; Othello: from
//! [`ReviewConfig::exact_empties`] empties), then a fixed-depth search with the default
//! heuristic. The position and the position after the move played are judged the same way (both
//! exact, or both searched: the played move's value is the search one ply shallower from the
//! position after it), so the two values compare. Values are from the mover's view, in the
//! game's units: Connect Four solver scores (Pons' convention) or, where only the outcome is
//! known, `1`, `0`, `-1` ([`MoveReview::outcome_only`]), Othello disc margins, search scores
//! (see [`crate::search::score`]). Labels and accuracy: [`label`].
//!
//! Budgets are in nodes, so a review is the same on every machine: the solver's per-position
//! budget and the search depth per move, and [`ReviewConfig::game_nodes`] for the game; when the
//! game budget is spent, or `stop` is raised, the review ends early with the moves done
//! (`complete: false`).

pub mod judge;
pub mod label;

use crate::game::{Game, Player};
use crate::search::StopToken;
use crate::search::score::terminal_score;
use judge::{Judge, Judged, Reviewable};
use label::{Label, Thresholds, expected_score, move_accuracy};
use serde::{Deserialize, Serialize};

/// How much a review may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewConfig {
    /// Search depth for positions no solver settles.
    pub depth: u32,
    /// Node budget of one exact solve (Connect Four); 0 for none past the opening book.
    pub solver_nodes: u64,
    /// Othello: positions with this many empties or fewer are solved exactly.
    pub exact_empties: u32,
    /// Nodes for the whole game; the review stops early when they are spent.
    pub game_nodes: u64,
    /// Transposition-table bytes for the searches and the solver.
    pub tt_bytes: usize,
    /// Search values are the mean of two searches a ply apart. A heuristic that counts threats
    /// favours the side that moved last in the search, so a fixed depth makes every position
    /// look worse for its mover (Connect Four at 12 plies: about -1 to -4 pawns both ways),
    /// and a move that throws a game away from such a position looks like a small loss.
    pub smooth_parity: bool,
    /// The game is solved (Connect Four): a move is judged only where the position and the
    /// position after it are proven (book, solver, or a search that proves the result); the
    /// others get [`Label::NotProven`] and stay out of the accuracy, since a search's value
    /// can call a losing move best.
    pub proof_required: bool,
    /// Connect Four: take the opening's outcomes from the book
    /// ([`crate::book::connect4`]); off only to measure what the book adds.
    pub opening_book: bool,
    /// The evaluation the searches use (a name [`crate::heuristic::HasHeuristic::heuristic`] takes).
    pub heuristic: &'static str,
    /// Threads each exact solve may use (the Othello and Connect Four solvers; the searches use
    /// one). 1, the default, keeps the review deterministic; `ply records analyze` reviews one
    /// game per core, each on one thread, so that the solves do not compete for the cores.
    pub threads: usize,
}

impl Default for ReviewConfig {
    fn default() -> Self {
        ReviewConfig {
            depth: 6,
            solver_nodes: 0,
            exact_empties: 0,
            game_nodes: 2_000_000_000,
            tt_bytes: 16 << 20,
            smooth_parity: false,
            proof_required: false,
            opening_book: true,
            heuristic: "default",
            threads: 1,
        }
    }
}

/// One move of the review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// 1-based ply number.
    pub ply: usize,
    pub mover: Player,
    pub played: String,
    /// The position's value before the move (the best move's value), from the mover's view.
    pub value_before: i32,
    /// The value after the move played, from the mover's view.
    pub played_value: i32,
    pub best: String,
    /// `value_before - played_value`, at least 0.
    pub loss: i32,
    /// Both values exact (an opening book, a solver, or a search that proved the result).
    pub exact: bool,
    /// The exact values are outcomes only (`1` win, `0` draw, `-1` loss): Connect Four's opening
    /// book and weak solve, which say who wins but not how soon.
    #[serde(default)]
    pub outcome_only: bool,
    /// The mover's expected score (0 to 100) before and after the move.
    pub expected_before: f64,
    pub expected_after: f64,
    pub label: Label,
    /// The move was the only legal one.
    pub forced: bool,
    /// The move is one of the game's opening book's for the position (Othello: played by enough
    /// real games, worth near the best) and the judgement is a search's: never called an error,
    /// and like a forced move left out of the accuracy, as a search's judgement in the opening is
    /// no better than the book's. An exact judgement (Connect Four's book is solved) stands.
    #[serde(default)]
    pub book: bool,
}

impl MoveReview {
    /// Whether the move says something of the player: not forced, not from the opening book.
    /// A move the review left unjudged ([`Label::NotProven`]) says nothing either.
    pub fn counts_for_accuracy(&self) -> bool {
        !self.forced && !self.book && self.label != Label::NotProven
    }

    /// What the move is called: `forced`, `book`, or its label.
    pub fn verdict(&self) -> &'static str {
        if self.forced {
            "forced"
        } else if self.book {
            "book"
        } else {
            self.label.name()
        }
    }

    /// The values before and after the move as a reader sees them, on the one scale of every
    /// judgement Ply shows (`search::score::judgement`): a search value as the mover's expected
    /// score in percent (`62%`), an exact one as its result, `win`, `draw` or `loss`, with
    /// Othello's disc margin where the solver gives one (`win by 4`).
    pub fn value_texts(&self, game: &str) -> (String, String) {
        let text = |v: i32, expected: f64| {
            if !self.exact {
                return format!("{:.0}%", expected.round().clamp(1.0, 99.0));
            }
            let word = match v.signum() {
                1 => "win",
                0 => "draw",
                _ => "loss",
            };
            if game == "othello" && !self.outcome_only && v != 0 {
                format!("{word} by {}", v.abs())
            } else {
                word.into()
            }
        };
        (
            text(self.value_before, self.expected_before),
            text(self.played_value, self.expected_after),
        )
    }

    /// The move's review in a few words, as exports write it after the move:
    /// `mistake 85% -> 67%, best f6 (search)`.
    pub fn comment(&self, game: &str) -> String {
        if !self.counts_for_accuracy() {
            return self.verdict().into();
        }
        let (before, after) = self.value_texts(game);
        let values = format!("{before} -> {after}");
        let source = if self.exact { "exact" } else { "search" };
        if self.played == self.best {
            format!("{} {values} ({source})", self.label.name())
        } else {
            format!(
                "{} {values}, best {} ({source})",
                self.label.name(),
                self.best
            )
        }
    }
}

/// The comment of every move of a stored review (the JSON [`Review`] serializes to).
pub fn move_comments(review_json: &str) -> Result<Vec<String>, serde_json::Error> {
    #[derive(Deserialize)]
    struct Stored {
        #[serde(default)]
        game: String,
        moves: Vec<MoveReview>,
    }
    let stored: Stored = serde_json::from_str(review_json)?;
    Ok(stored
        .moves
        .iter()
        .map(|m| m.comment(&stored.game))
        .collect())
}

/// A player's summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerReview {
    pub player: Player,
    /// Mean Lichess accuracy of the moves with a choice that were judged; `None` if there were
    /// none.
    pub accuracy: Option<f64>,
    /// The moves the accuracy counts (with a choice, not from the book, judged).
    pub judged: usize,
    /// The moves with a choice left unjudged: [`Label::NotProven`].
    pub not_proven: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    pub game: &'static str,
    pub moves: Vec<MoveReview>,
    pub players: Vec<PlayerReview>,
    pub thresholds: Thresholds,
    /// Every move was reviewed (not stopped, within the game budget).
    pub complete: bool,
    pub nodes: u64,
}

/// What is wrong with a game to review.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("move {number} '{text}' is not legal here: {why}")]
    IllegalMove {
        number: usize,
        text: String,
        why: String,
    },
    #[error("move {number} '{text}' comes after the game has ended")]
    AfterTheEnd { number: usize, text: String },
}

/// Parses `moves` (in the game's notation) from `start`; the error names the first bad move.
///
/// A forced pass may be written or left out: where the side to move has only a pass and the
/// text is not `pass`, the pass is played and the text read as the next side's move, as often
/// as sides in turn must pass (WTHOR's archive and many transcripts leave passes out). The moves
/// returned include every pass; a text no side reaches that way is refused with the reason of the
/// last side it was tried for.
pub fn replay<G: Game>(start: &G, moves: &[String]) -> Result<Vec<G::Move>, ReviewError> {
    let mut pos = *start;
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(ReviewError::AfterTheEnd {
                number: i + 1,
                text: text.clone(),
            });
        }
        let mut next = pos;
        let mut passes = Vec::new();
        let mv = loop {
            match next.parse_move(text) {
                Ok(mv) => break mv,
                Err(e) => match forced_pass(&next) {
                    Some(pass) if passes.len() + 1 < next.players() => {
                        next.play(pass);
                        passes.push(pass);
                    }
                    _ => {
                        return Err(ReviewError::IllegalMove {
                            number: i + 1,
                            text: text.clone(),
                            why: e.message,
                        });
                    }
                },
            }
        };
        out.extend(passes);
        pos = next;
        pos.play(mv);
        out.push(mv);
    }
    Ok(out)
}

/// The pass when it is the only legal move (the game goes on with the other side).
fn forced_pass<G: Game>(pos: &G) -> Option<G::Move> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    match legal.as_slice() {
        [only] if pos.format_move(*only) == "pass" => Some(*only),
        _ => None,
    }
}

/// `value` (from `pos`'s side to move) from `player`'s view.
fn for_player<G: Game>(pos: &G, value: i32, player: Player) -> i32 {
    if pos.side_to_move() == player {
        value
    } else {
        -value
    }
}

/// Reviews the game `moves` played from `start`. `progress(done, total)` is called after each
/// move.
pub fn review<G: Reviewable>(
    start: &G,
    moves: &[G::Move],
    config: &ReviewConfig,
    stop: &StopToken,
    progress: &mut dyn FnMut(usize, usize),
) -> Review {
    let mut judge = G::judge(config);
    let thresholds = Thresholds::for_game(G::NAME);
    let mut pos = *start;
    let mut out = Vec::with_capacity(moves.len());
    let mut complete = true;
    let mut legal = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        if stop.is_stopped() || judge.nodes() >= config.game_nodes {
            complete = false;
            break;
        }
        let mover = pos.side_to_move();
        let mut child = pos;
        child.play(mv);
        let exact = judge.exact(&pos, stop).and_then(|before| {
            let after = judge.exact(&child, stop).or_else(|| {
                child.outcome().map(|o| Judged {
                    value: terminal_score(&o, child.side_to_move(), 0),
                    best: None,
                    exact: true,
                    outcome_only: false,
                })
            })?;
            Some(comparable(before, after))
        });
        let (before, after) = match exact {
            Some((mut before, after)) => {
                // An exact value without its best move (Connect Four's book outcome when testing
                // the moves ran out of budget): the move played if it keeps the value, else the
                // search's choice.
                if before.best.is_none() && for_player(&child, after.value, mover) < before.value {
                    before.best = judge.estimate(&pos, config.depth, stop).best;
                }
                (before, after)
            }
            None => {
                let before = estimate(&mut *judge, &pos, config.depth, config, stop);
                let after = if Some(mv) == before.best {
                    // The best move's value is the position's: a second search could only
                    // disagree through the table.
                    Judged {
                        value: for_player(&pos, before.value, child.side_to_move()),
                        ..before
                    }
                } else if let Some(o) = child.outcome() {
                    Judged {
                        value: terminal_score(&o, child.side_to_move(), 0),
                        best: None,
                        exact: true,
                        outcome_only: false,
                    }
                } else {
                    estimate(
                        &mut *judge,
                        &child,
                        config.depth.saturating_sub(1),
                        config,
                        stop,
                    )
                };
                (before, after)
            }
        };
        if stop.is_stopped() {
            complete = false;
            break;
        }
        let value_before = before.value;
        let played_value = for_player(&child, after.value, mover);
        let exact = before.exact && after.exact;
        let outcome_only = exact && before.outcome_only;
        let expected_before = expected_score(value_before, before.exact);
        let expected_after = expected_score(played_value, after.exact);
        let is_best = Some(mv) == before.best || played_value >= value_before;
        pos.legal_moves(&mut legal);
        let drop = (expected_before - expected_after).max(0.0);
        let book = !exact && crate::engine::book_moves(&pos).contains(&mv);
        let label = match thresholds.label(drop, is_best) {
            _ if config.proof_required && !exact && legal.len() > 1 => Label::NotProven,
            Label::Inaccuracy | Label::Mistake | Label::Blunder if book => Label::Good,
            label => label,
        };
        out.push(MoveReview {
            ply: i + 1,
            mover,
            played: pos.format_move(mv),
            value_before,
            played_value,
            best: before
                .best
                .map_or_else(|| pos.format_move(mv), |b| pos.format_move(b)),
            loss: (value_before - played_value).max(0),
            exact,
            outcome_only,
            expected_before,
            expected_after,
            label,
            forced: legal.len() == 1,
            book,
        });
        pos = child;
        progress(i + 1, moves.len());
    }
    let players = (0..G::NUM_PLAYERS as Player)
        .map(|p| summary(p, &out))
        .collect();
    Review {
        game: G::NAME,
        moves: out,
        players,
        thresholds,
        complete,
        nodes: judge.nodes(),
    }
}

/// The move a review of `pos` with `config` calls best, with its value for the side to move:
/// from the same sources as [`review`] (the game's solver where it settles within the budget,
/// else the search at `config.depth`), so a hint that plays it is never faulted by that review
/// (Connect Four: the fastest win or the slowest loss, the most central of equals, or a move
/// keeping the outcome where only that is known), and the nodes it took. `None` if the game is
/// over, no move was found or `stop` was raised. With [`ReviewConfig::proof_required`] the
/// solver has no node budget here: the move is always proven (never a loss in a won or drawn
/// position), however long that takes, unless `stop` ends it first.
pub fn best_move<G: Reviewable>(
    pos: &G,
    config: &ReviewConfig,
    stop: &StopToken,
) -> Option<(Judged<G::Move>, u64)> {
    if pos.outcome().is_some() {
        return None;
    }
    // A solved game's hint is proven: its solver runs without the review's node budget (until
    // `stop`), since where the budget runs out the search's move can lose a won position.
    let unbounded = ReviewConfig {
        solver_nodes: u64::MAX,
        ..*config
    };
    let config = if config.proof_required {
        &unbounded
    } else {
        config
    };
    let mut judge = G::judge(config);
    // The review judges a move exactly only when both the position and the position after the
    // move are settled; otherwise, or for an exact value without its move (the book's outcome
    // when testing the moves ran out of budget), it searches, and so does this.
    let exact = judge.exact(pos, stop).filter(|exact| {
        exact.best.is_some_and(|best| {
            let mut child = *pos;
            child.play(best);
            child.outcome().is_some() || judge.exact(&child, stop).is_some()
        })
    });
    let judged = match exact {
        Some(exact) => exact,
        None => estimate(&mut *judge, pos, config.depth, config, stop),
    };
    (!stop.is_stopped() && judged.best.is_some()).then(|| (judged, judge.nodes()))
}

/// Exact values of a position and of the position after a move, in one unit: both as outcomes
/// (`1`, `0`, `-1`) when either is only an outcome.
fn comparable<M>(before: Judged<M>, after: Judged<M>) -> (Judged<M>, Judged<M>) {
    if !(before.outcome_only || after.outcome_only) {
        return (before, after);
    }
    let outcome = |j: Judged<M>| Judged {
        value: j.value.signum(),
        outcome_only: true,
        ..j
    };
    (outcome(before), outcome(after))
}

/// A search value of `pos` at `depth`, or with [`ReviewConfig::smooth_parity`] the mean of the
/// values at `depth` and `depth - 1` (the deeper search's best move; a proved result stands).
fn estimate<G: Game>(
    judge: &mut dyn Judge<G>,
    pos: &G,
    depth: u32,
    config: &ReviewConfig,
    stop: &StopToken,
) -> Judged<G::Move> {
    let deep = judge.estimate(pos, depth, stop);
    if !config.smooth_parity || deep.exact || depth < 2 {
        return deep;
    }
    let shallow = judge.estimate(pos, depth - 1, stop);
    if shallow.exact {
        return Judged {
            best: deep.best.or(shallow.best),
            ..shallow
        };
    }
    Judged {
        value: ((i64::from(deep.value) + i64::from(shallow.value)) / 2) as i32,
        ..deep
    }
}

fn summary(player: Player, moves: &[MoveReview]) -> PlayerReview {
    let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.mover == player).collect();
    let chosen: Vec<f64> = mine
        .iter()
        .filter(|m| m.counts_for_accuracy())
        .map(|m| move_accuracy(m.expected_before - m.expected_after))
        .collect();
    let count = |l: Label| mine.iter().filter(|m| m.label == l).count();
    PlayerReview {
        player,
        accuracy: (!chosen.is_empty()).then(|| chosen.iter().sum::<f64>() / chosen.len() as f64),
        judged: chosen.len(),
        not_proven: count(Label::NotProven),
        inaccuracies: count(Label::Inaccuracy),
        mistakes: count(Label::Mistake),
        blunders: count(Label::Blunder),
    }
}
