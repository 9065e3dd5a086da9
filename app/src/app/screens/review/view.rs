//! The after-game review's view model: each side's accuracy, the value graph, the mistakes, and
//! one move at a time on its board beside the best one.

use crate::app::board_geometry::Geometry;
use crate::app::screens::board::view::{
    moves_text, numbered, piece_name, player_line, side_label, touches,
};
use crate::app::setup::side_name;
use crate::app::view::{
    BoardView, CellView, MoveLabel, PlayerView, ReviewPlayer, ReviewStatus, ReviewStepView,
    ReviewView, ReviewedMove,
};
use crate::app::{Game, ReviewState, progress};
use crate::i18n::Lang;
use crate::snapshot::{MoveInfo, Side};
use crate::tr;
use ply_core::review::label::Label;
use ply_core::review::{MoveReview, Review};

pub(in crate::app) fn review(lang: Lang, g: &Game, r: &ReviewState) -> ReviewView {
    let review = match &r.result {
        None => {
            let (done, total) = progress::review(lang, r).map_or((0, 0), |p| (p.done, p.total));
            return waiting(lang, ReviewStatus::Running { done, total });
        }
        Some(Err(message)) => {
            return waiting(
                lang,
                ReviewStatus::Failed {
                    message: message.clone(),
                },
            );
        }
        Some(Ok(review)) => review,
    };
    let moves: Vec<ReviewedMove> = review
        .moves
        .iter()
        .map(|m| reviewed_move(lang, m))
        .collect();
    let mistakes: Vec<ReviewedMove> = moves.iter().filter(|m| m.flagged).cloned().collect();
    let shown = r
        .step
        .or_else(|| mistakes.first().map(|m| m.ply))
        .or_else(|| moves.first().map(|m| m.ply));
    let exact = review.moves.iter().filter(|m| m.exact).count();
    let mut caption = tr!(
        lang,
        "review-caption",
        exact = exact,
        total = review.moves.len(),
        // "the others" only when there are others.
        estimated = review.moves.len() - exact
    );
    if !review.complete {
        caption.push(' ');
        caption.push_str(&tr!(lang, "review-incomplete"));
    }
    let graph_description = tr!(
        lang,
        "review-graph-description",
        moves = moves.len(),
        flagged = mistakes.len()
    );
    ReviewView {
        status: ReviewStatus::Ready,
        status_text: String::new(),
        graph_description,
        players: [Side::First, Side::Second]
            .into_iter()
            .map(|side| player(lang, g, review, side))
            .collect(),
        step: shown.and_then(|ply| step(lang, g, review, ply)),
        moves,
        mistakes,
        caption,
    }
}

fn waiting(lang: Lang, status: ReviewStatus) -> ReviewView {
    ReviewView {
        status_text: progress::status_text(lang, &status),
        graph_description: String::new(),
        status,
        players: Vec::new(),
        moves: Vec::new(),
        mistakes: Vec::new(),
        step: None,
        caption: String::new(),
    }
}

fn label_of(m: &MoveReview) -> MoveLabel {
    if m.forced {
        return MoveLabel::Forced;
    }
    if m.book {
        return MoveLabel::Book;
    }
    match m.label {
        Label::Best => MoveLabel::Best,
        Label::Good => MoveLabel::Good,
        Label::Inaccuracy => MoveLabel::Inaccuracy,
        Label::Mistake => MoveLabel::Mistake,
        Label::Blunder => MoveLabel::Blunder,
        Label::NotProven => MoveLabel::NotProven,
    }
}

/// The label as the catalogs' selectors name it.
fn label_key(label: MoveLabel) -> &'static str {
    match label {
        MoveLabel::Best => "best",
        MoveLabel::Good => "good",
        MoveLabel::Inaccuracy => "inaccuracy",
        MoveLabel::Mistake => "mistake",
        MoveLabel::Blunder => "blunder",
        MoveLabel::Forced => "forced",
        MoveLabel::Book => "book",
        MoveLabel::NotProven => "not-proven",
    }
}

fn reviewed_move(lang: Lang, m: &MoveReview) -> ReviewedMove {
    let label = label_of(m);
    let side = Side::of(m.mover);
    let played = numbered(m.ply.saturating_sub(1), &m.played);
    // A move as good as the best one is best even when the search named another.
    let text = if m.best != m.played
        && !matches!(
            label,
            MoveLabel::Forced | MoveLabel::Best | MoveLabel::Book | MoveLabel::NotProven
        ) {
        tr!(
            lang,
            "review-move-best",
            played = played,
            label = label_key(label),
            best = &m.best
        )
    } else {
        tr!(
            lang,
            "review-move",
            played = played,
            label = label_key(label)
        )
    };
    ReviewedMove {
        ply: u32::try_from(m.ply).unwrap_or(u32::MAX),
        side,
        played: m.played.clone(),
        best: m.best.clone(),
        label,
        flagged: matches!(
            label,
            MoveLabel::Inaccuracy | MoveLabel::Mistake | MoveLabel::Blunder
        ),
        first_expected: if side == Side::First {
            m.expected_after
        } else {
            100.0 - m.expected_after
        },
        exact: m.exact,
        text,
    }
}

fn player(lang: Lang, g: &Game, review: &Review, side: Side) -> ReviewPlayer {
    let name = side_label(lang, g, side);
    let summary = review.players.iter().find(|p| p.player == side.index());
    let accuracy = summary.and_then(|p| p.accuracy);
    let text = match summary {
        Some(p) => {
            let accuracy = match accuracy {
                None => tr!(lang, "review-no-choice"),
                Some(a) if p.not_proven > 0 => tr!(
                    lang,
                    "review-accuracy-proven",
                    accuracy = lang.decimal(a, 1),
                    judged = p.judged,
                    not_proven = p.not_proven
                ),
                Some(a) => tr!(lang, "review-accuracy", accuracy = lang.decimal(a, 1)),
            };
            tr!(
                lang,
                "review-summary",
                accuracy = accuracy,
                inaccuracies = p.inaccuracies,
                mistakes = p.mistakes,
                blunders = p.blunders,
            )
        }
        None => tr!(lang, "review-no-move"),
    };
    ReviewPlayer {
        side,
        line: tr!(lang, "review-player-line", name = &name, summary = &text),
        name,
        accuracy,
        summary: text,
    }
}

fn step(lang: Lang, g: &Game, review: &Review, ply: u32) -> Option<ReviewStepView> {
    let m = review.moves.iter().find(|m| m.ply == ply as usize)?;
    let cells = g.session.review_step(m.ply, &m.best)?;
    let on = |mv: &Option<MoveInfo>, c: u32| {
        mv.as_ref()
            .is_some_and(|mv| touches(mv, c) || mv.path.contains(&c))
    };
    let played = Some(cells.played.clone());
    let geometry = Geometry::new(g.setup.game, g.snapshot.rows, g.snapshot.cols);
    let views: Vec<CellView> = cells
        .cells
        .iter()
        .map(|c| {
            let (last, best) = (on(&played, c.index), on(&cells.best, c.index));
            let mut label = c.label.clone();
            if c.playable {
                label.push_str(", ");
                label.push_str(
                    &piece_name(lang, c.piece).unwrap_or_else(|| tr!(lang, "cell-empty")),
                );
                if last {
                    label.push_str(", ");
                    label.push_str(&tr!(lang, "mark-played"));
                }
                if best {
                    label.push_str(", ");
                    label.push_str(&tr!(lang, "mark-best"));
                }
            }
            let (x, y) = geometry.centre(c.row, c.col);
            CellView {
                index: c.index,
                row: c.row,
                col: c.col,
                x,
                y,
                piece: c.piece,
                playable: c.playable,
                legal: false,
                hint: best,
                last_move: last,
                selected: false,
                winning: false,
                seat: c.seat,
                stack: c.stack.clone(),
                previous_piece: c.piece,
                // Read, never pressed: nothing is played on a review's board.
                button: false,
                label,
            }
        })
        .collect();
    let label = label_of(m);
    let played_text = numbered(m.ply.saturating_sub(1), &m.played);
    let text = tr!(
        lang,
        "review-step",
        played = played_text,
        label = label_key(label),
        best = &m.best
    );
    let last = review.moves.last().map_or(0, |m| m.ply as u32);
    let before: Vec<String> = review
        .moves
        .iter()
        .take_while(|r| r.ply < m.ply)
        .map(|r| r.played.clone())
        .collect();
    let count = |side: u8| {
        views
            .iter()
            .filter(|c| c.piece.owner() == Some(side))
            .count() as u32
    };
    let (cell_width, cell_height) = geometry.cell_size();
    let board = BoardView {
        game: g.setup.game,
        rules: g.setup.rules,
        shape: geometry.shape,
        turn_seat: Some(u32::from(m.mover)),
        players: [Side::First, Side::Second]
            .into_iter()
            .map(|side| {
                let name = side_name(lang, g.setup.game, side);
                let count = count(side.index());
                PlayerView {
                    seat: u32::from(side.index()),
                    style: None,
                    line: player_line(lang, &name, count, None, false),
                    name,
                    count,
                    reserve: None,
                    to_move: side == Side::of(m.mover),
                    out: false,
                    winner: false,
                }
            })
            .collect(),
        title: tr!(lang, "review-title", game = g.setup.title(lang)),
        rows: g.snapshot.rows,
        cols: g.snapshot.cols,
        width: geometry.width(),
        height: geometry.height(),
        aspect: geometry.aspect(),
        // A review's board takes no taps: drawn to fit.
        zoom: 1.0,
        zoomed: false,
        cell_width,
        cell_height,
        animation: Vec::new(),
        animation_seq: 0,
        seats: Vec::new(),
        status: text.clone(),
        turn: Some(Side::of(m.mover)),
        first_name: side_name(lang, g.setup.game, Side::First),
        second_name: side_name(lang, g.setup.game, Side::Second),
        first_count: count(0),
        second_count: count(1),
        thinking: None,
        legal_moves: Vec::new(),
        legal_moves_label: String::new(),
        moves_text: moves_text(lang, &before),
        moves: before,
        path_choices: Vec::new(),
        message: None,
        can_undo: false,
        can_redo: false,
        can_hint: false,
        can_resign: false,
        can_pause: false,
        can_resume: false,
        must_pass: false,
        finished: false,
        accepts_input: false,
        cells: views,
        actions: Vec::new(),
    };
    Some(ReviewStepView {
        ply,
        board,
        text,
        previous_ply: (ply > 1).then(|| ply - 1),
        next_ply: (ply < last).then(|| ply + 1),
    })
}

/// What a screen reader says when the review is ready.
pub(in crate::app) fn announcement(lang: Lang, g: &Game, review: &Review) -> String {
    let [first, second] = [Side::First, Side::Second].map(|side| player(lang, g, review, side));
    tr!(
        lang,
        "review-ready",
        first = first.name,
        first_summary = first.summary,
        second = second.name,
        second_summary = second.summary,
    )
}
