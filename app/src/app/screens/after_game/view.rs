//! The after-game screen's view model: the result, the computer's effort per move (a chart and
//! its text), the transcript to share, and the review.

use crate::app::Game;
use crate::app::screens::board::view::{action, numbered, status_text, title};
use crate::app::screens::review::{self, view as review_view};
use crate::app::view::{
    ActionKind, ActionStyle, ActionView, AfterGameView, ChartMark, ChartPoint, ChartSeries,
};
use crate::app::{AfterGameEvent, Event, HomeEvent, NavigationEvent};
use crate::i18n::Lang;
use crate::tr;

/// Whole milliseconds with the language's thousands separator (a time that is not a finite
/// non-negative number reads 0).
fn milliseconds(lang: Lang, ms: f64) -> String {
    let whole = if ms.is_finite() && ms > 0.0 {
        ms.round().min(u64::MAX as f64) as u64
    } else {
        0
    };
    lang.group(whole)
}

pub(super) fn after_game(lang: Lang, g: &Game) -> AfterGameView {
    let points: Vec<ChartPoint> = g
        .stats
        .values()
        .map(|st| {
            let label = if g.setup.game.is_multi_player() {
                // Turns, not two-player move pairs.
                format!("{}. {}", st.ply + 1, st.notation)
            } else {
                numbered(st.ply as usize, &st.notation)
            };
            let text = tr!(
                lang,
                "chart-point",
                depth = st.depth,
                nodes = st.nodes,
                positions = lang.group(st.nodes),
                ms = milliseconds(lang, st.time_ms),
            );
            ChartPoint {
                ply: st.ply,
                line: tr!(
                    lang,
                    "chart-line",
                    label = &label,
                    point = &text,
                    value = crate::judgement::value_text(
                        lang,
                        st.score,
                        g.setup.game.is_multi_player()
                    )
                ),
                label,
                nodes: st.nodes,
                time_ms: st.time_ms,
                depth: st.depth,
                score: st.score,
                text,
            }
        })
        .collect();
    let total_nodes = points.iter().map(|p| p.nodes).sum();
    let total_time_ms: f64 = points.iter().map(|p| p.time_ms).sum();
    let transcript = g
        .session
        .notation()
        .unwrap_or_else(|_| g.snapshot.history.join(" "));
    let title = title(lang, &g.setup);
    let result = status_text(lang, g);
    let after = tr!(lang, "share-after", moves = g.snapshot.moves_played());
    let mut share = format!("Ply — {title}\n{result} {after}");
    if !points.is_empty() && !g.setup.game.is_multi_player() {
        share.push('\n');
        share.push_str(&tr!(
            lang,
            "share-computer",
            level = g.setup.level,
            moves = points.len(),
            nodes = total_nodes,
            positions = lang.group(total_nodes),
            seconds = lang.decimal(total_time_ms / 1000.0, 1),
        ));
    }
    share.push_str("\n\n");
    share.push_str(transcript.trim());
    share.push('\n');
    let max_nodes = points.iter().map(|p| p.nodes).max().unwrap_or(0).max(1);
    let max_time_ms = points
        .iter()
        .map(|p| p.time_ms)
        .filter(|t| t.is_finite())
        .fold(1.0, f64::max);
    // Both figures of each move, each on its own scale: the positions as bars, the time as a
    // line through them (a time that is not a finite number draws as 0).
    let chart = if points.is_empty() {
        Vec::new()
    } else {
        vec![
            ChartSeries {
                label: tr!(lang, "chart-series-positions"),
                mark: ChartMark::Bars,
                values: points.iter().map(|p| p.nodes as f64).collect(),
                max: max_nodes as f64,
            },
            ChartSeries {
                label: tr!(lang, "chart-series-time"),
                mark: ChartMark::Line,
                values: points
                    .iter()
                    .map(|p| {
                        if p.time_ms.is_finite() {
                            p.time_ms.max(0.0)
                        } else {
                            0.0
                        }
                    })
                    .collect(),
                max: max_time_ms,
            },
        ]
    };
    let can_review = g.reviewable();
    AfterGameView {
        chart,
        actions: actions(lang, can_review),
        title,
        result,
        move_count: g.snapshot.moves_played(),
        move_count_text: tr!(lang, "move-count", moves = g.snapshot.moves_played()),
        chart_description: tr!(
            lang,
            "chart-description",
            moves = points.len(),
            nodes = total_nodes,
            positions = lang.group(total_nodes),
            ms = milliseconds(lang, total_time_ms),
            max = lang.group(max_nodes),
        ),
        max_nodes,
        max_time_ms,
        points,
        total_text: tr!(
            lang,
            "chart-total",
            nodes = total_nodes,
            positions = lang.group(total_nodes),
            ms = milliseconds(lang, total_time_ms),
        ),
        total_nodes,
        total_time_ms,
        transcript,
        share_text: share,
        can_review,
        // A two-player game without a move has nothing to review and no reason to give (the
        // no-moves reason is the history's, for games kept before moves were).
        review_refusal: review::refusal(lang, g.setup.game, true),
        review: g.review.as_ref().map(|r| review_view::review(lang, g, r)),
    }
}

/// The buttons under a finished game, in order: its review first while it has none, then
/// sharing it, and the ways on (its board, a new game, home).
fn actions(lang: Lang, can_review: bool) -> Vec<ActionView> {
    use ActionKind as K;
    use ActionStyle::{Normal, Primary};
    let mut out = Vec::new();
    if can_review {
        let label = tr!(lang, "action-review-game");
        out.push(action(
            K::ReviewGame,
            label,
            true,
            Primary,
            Some(Event::AfterGame(AfterGameEvent::ReviewGame)),
        ));
    }
    out.push(action(
        K::Share,
        tr!(lang, "action-share"),
        true,
        Normal,
        None,
    ));
    let label = tr!(lang, "action-back-to-board");
    out.push(action(
        K::BackToBoard,
        label,
        true,
        Normal,
        Some(Event::Navigation(NavigationEvent::OpenBoard)),
    ));
    let label = tr!(lang, "action-new-game");
    out.push(action(
        K::NewGame,
        label,
        true,
        Normal,
        Some(Event::Home(HomeEvent::NewGame)),
    ));
    out.push(action(
        K::Home,
        tr!(lang, "action-home"),
        true,
        Normal,
        Some(Event::Navigation(NavigationEvent::OpenHome)),
    ));
    out
}
