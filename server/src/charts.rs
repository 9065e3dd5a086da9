//! Small hand-written SVG charts of the collection's statistics (no plotting dependency), drawn
//! for `GET /v1/stats/charts/NAME.svg` and `ply records stats`:
//! - `results`: results by engine and depth as stacked win/draw/loss bars;
//! - `nodes`: median nodes per move by algorithm and game phase on a log scale (the Scout
//!   versus alpha-beta comparison from real play);
//! - `levels`: each engine level's Elo against people, a point with its 95% interval;
//! - `accuracy`: people's accuracy against each level and in each phase of the game.
//!
//! Every chart is bounded in size whatever the collection holds: at most [`MAX_CHART_ROWS`]
//! bars (the rest counted in a closing line), labels cut to [`MAX_LABEL`] characters.

use crate::db::{HumanPhaseRow, LevelRow, PhaseRow, ResultRow, Stats};
use std::fmt::Write;

const WIDTH: f64 = 900.0;
const LABEL_W: f64 = 260.0;
const BAR_H: f64 = 18.0;
const GAP: f64 = 6.0;
const TOP: f64 = 50.0;

/// Most bars a chart draws: about 6,000 px tall at most.
pub const MAX_CHART_ROWS: usize = 250;
/// Longest label drawn, in characters.
pub const MAX_LABEL: usize = 60;

fn escape(text: &str) -> String {
    let text: String = if text.chars().count() > MAX_LABEL {
        text.chars().take(MAX_LABEL - 1).chain(['…']).collect()
    } else {
        text.to_owned()
    };
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The first [`MAX_CHART_ROWS`] of `rows`, and how many were left out.
fn bounded<T>(rows: &[T]) -> (&[T], usize) {
    let shown = rows.len().min(MAX_CHART_ROWS);
    (&rows[..shown], rows.len() - shown)
}

/// A closing line saying how many rows a chart left out, if any.
fn left_out(svg: &mut String, y: f64, n: usize) {
    if n > 0 {
        let _ = write!(
            svg,
            r##"<text x="10" y="{y:.1}" fill="#555">and {n} more rows (see /v1/stats)</text>"##
        );
    }
}

fn open_svg(title: &str, rows: usize) -> (String, f64) {
    let height = TOP + rows.clamp(1, MAX_CHART_ROWS + 1) as f64 * (BAR_H + GAP) + 40.0;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = write!(
        svg,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    let _ = write!(
        svg,
        r#"<text x="10" y="22" font-size="16" font-weight="bold">{}</text>"#,
        escape(title)
    );
    (svg, height)
}

/// Top edge of bar `i`.
fn row_top(i: usize) -> f64 {
    TOP + i as f64 * (BAR_H + GAP)
}

/// `text` in the label column, left of the bars, with its baseline at `y`.
fn label(svg: &mut String, y: f64, text: &str) {
    let _ = write!(svg, r#"<text x="10" y="{y}">{}</text>"#, escape(text));
}

/// Stacked horizontal bars: share of wins, draws and losses per game, engine and depth.
pub fn results_chart(rows: &[ResultRow]) -> String {
    let (rows, more) = bounded(rows);
    let (mut svg, height) = open_svg(
        "Results by engine and depth (share of games)",
        rows.len() + usize::from(more > 0),
    );
    let plot_w = WIDTH - LABEL_W - 20.0;
    let legend = [("win", "#2e7d32"), ("draw", "#9e9e9e"), ("loss", "#c62828")];
    for (i, (name, color)) in legend.iter().enumerate() {
        let x = LABEL_W + i as f64 * 80.0;
        let _ = write!(
            svg,
            r#"<rect x="{x}" y="30" width="12" height="12" fill="{color}"/>"#
        );
        let _ = write!(svg, r#"<text x="{}" y="41">{name}</text>"#, x + 16.0);
    }
    if rows.is_empty() {
        label(&mut svg, TOP + 14.0, "no games yet");
    }
    for (i, r) in rows.iter().enumerate() {
        let y = row_top(i);
        let depth = if r.depth > 0 {
            format!(" d{}", r.depth)
        } else {
            String::new()
        };
        // (`depth` -1 is a game's rest row: several depths.)
        let text = format!("{} {}{} (n={})", r.game, r.engine, depth, r.games);
        label(&mut svg, y + 13.0, &text);
        let total = r.games.max(1) as f64;
        let mut x = LABEL_W;
        for (count, (_, color)) in [r.wins, r.draws, r.losses].iter().zip(legend) {
            let w = plot_w * (*count as f64) / total;
            if w > 0.0 {
                let _ = write!(
                    svg,
                    r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{BAR_H}" fill="{color}"><title>{count}</title></rect>"#
                );
            }
            x += w;
        }
        let _ = write!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" fill="#ffffff">{:.0}%</text>"##,
            LABEL_W + 4.0,
            y + 13.0,
            100.0 * r.win_rate
        );
    }
    left_out(&mut svg, row_top(rows.len()) + 13.0, more);
    let _ = write!(
        svg,
        r##"<text x="10" y="{}" fill="#555">one bar per seat played by that engine</text></svg>"##,
        height - 12.0
    );
    svg
}

/// The figure the nodes chart draws for a row: its median, or its mean when no median is
/// known (totals kept before the histograms).
fn typical_nodes(row: &PhaseRow) -> f64 {
    row.median_nodes.unwrap_or(row.avg_nodes)
}

/// Horizontal bars on a log10 scale: median nodes per computer move by algorithm and phase.
pub fn nodes_chart(rows: &[PhaseRow]) -> String {
    let (rows, more) = bounded(rows);
    let (mut svg, height) = open_svg(
        "Median nodes per move by algorithm and game phase (log scale)",
        rows.len() + usize::from(more > 0),
    );
    let plot_w = WIDTH - LABEL_W - 100.0;
    let max_log = rows
        .iter()
        .map(|r| typical_nodes(r).max(1.0).log10())
        .fold(1.0, f64::max)
        .ceil();
    // Decade grid lines.
    for d in 0..=(max_log as u32) {
        let x = LABEL_W + plot_w * f64::from(d) / max_log;
        let _ = write!(
            svg,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="#dddddd"/><text x="{x:.1}" y="{}" fill="#555" text-anchor="middle">1e{d}</text>"##,
            TOP - 4.0,
            height - 30.0,
            height - 16.0
        );
    }
    if rows.is_empty() {
        label(&mut svg, TOP + 14.0, "no computer moves yet");
    }
    for (i, r) in rows.iter().enumerate() {
        let y = row_top(i);
        let color = match r.phase.as_str() {
            "opening" => "#1565c0",
            "middlegame" => "#6a1b9a",
            _ => "#ef6c00",
        };
        let text = format!("{} {} {} (n={})", r.game, r.engine, r.phase, r.moves);
        label(&mut svg, y + 13.0, &text);
        let w = plot_w * typical_nodes(r).max(1.0).log10() / max_log;
        let _ = write!(
            svg,
            r#"<rect x="{LABEL_W}" y="{y:.1}" width="{w:.1}" height="{BAR_H}" fill="{color}"/>"#
        );
        let _ = write!(
            svg,
            r#"<text x="{:.1}" y="{:.1}">{:.0}</text>"#,
            LABEL_W + w + 4.0,
            y + 13.0,
            typical_nodes(r)
        );
    }
    left_out(&mut svg, row_top(rows.len()) + 13.0, more);
    svg.push_str("</svg>");
    svg
}

/// The charts by name, in the order `ply records stats` writes them.
pub const CHARTS: [&str; 4] = ["results", "nodes", "levels", "accuracy"];

/// Chart `name` of `stats` (one of [`CHARTS`]), `None` for another name.
pub fn chart(name: &str, stats: &Stats) -> Option<String> {
    match name {
        "results" => Some(results_chart(&stats.results)),
        "nodes" => Some(nodes_chart(&stats.nodes_by_phase)),
        "levels" => Some(levels_chart(&stats.human_by_level)),
        "accuracy" => Some(accuracy_chart(&stats.human_by_level, &stats.human_by_phase)),
        _ => None,
    }
}

/// Each level's Elo against the people it played: a dot at the estimate and a whisker over
/// the 95% interval, on a scale from -1200 to +1200 with 0 (as strong as its opponents) marked.
pub fn levels_chart(rows: &[LevelRow]) -> String {
    let (rows, more) = bounded(rows);
    let (mut svg, height) = open_svg(
        "Engine levels against people: Elo with 95% interval",
        rows.len() + usize::from(more > 0),
    );
    let plot_w = WIDTH - LABEL_W - 20.0;
    let cap = ply_core::elo::ELO_CAP;
    let x_of = |elo: f64| LABEL_W + plot_w * (elo.clamp(-cap, cap) + cap) / (2.0 * cap);
    for tick in [-1200.0, -800.0, -400.0, 0.0, 400.0, 800.0, 1200.0] {
        let x = x_of(tick);
        let stroke = if tick == 0.0 { "#777777" } else { "#dddddd" };
        let _ = write!(
            svg,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="{stroke}"/><text x="{x:.1}" y="{}" fill="#555" text-anchor="middle">{tick:+}</text>"##,
            TOP - 4.0,
            height - 30.0,
            height - 16.0
        );
    }
    if rows.is_empty() {
        label(
            &mut svg,
            TOP + 14.0,
            "no games of people against a level yet",
        );
    }
    for (i, r) in rows.iter().enumerate() {
        let y = row_top(i);
        let mid = y + BAR_H / 2.0;
        let text = format!("{} level {} (n={})", r.game, r.level, r.games);
        label(&mut svg, y + 13.0, &text);
        let e = r.level_elo;
        let _ = write!(
            svg,
            r##"<line class="interval" x1="{:.1}" y1="{mid:.1}" x2="{:.1}" y2="{mid:.1}" stroke="#1565c0" stroke-width="2"/><circle class="estimate" cx="{:.1}" cy="{mid:.1}" r="4" fill="#1565c0"><title>{}</title></circle>"##,
            x_of(e.lo),
            x_of(e.hi),
            x_of(e.diff),
            escape(&e.display())
        );
    }
    left_out(&mut svg, row_top(rows.len()) + 13.0, more);
    let _ = write!(
        svg,
        r##"<text x="10" y="{}" fill="#555">0: as strong as the people it played; from their wins, draws and losses</text></svg>"##,
        height - 2.0
    );
    svg
}

/// People's mean accuracy (0 to 100) against each level, then in each phase of each game.
pub fn accuracy_chart(levels: &[LevelRow], phases: &[HumanPhaseRow]) -> String {
    let reviewed: Vec<(String, f64)> = levels
        .iter()
        .filter_map(|r| {
            r.human_accuracy.map(|a| {
                (
                    format!("{} vs level {} (n={})", r.game, r.level, r.reviewed_moves),
                    a,
                )
            })
        })
        .chain(phases.iter().map(|r| {
            (
                format!("{} {} (n={})", r.game, r.phase, r.moves),
                r.accuracy,
            )
        }))
        .collect();
    let (reviewed, more) = bounded(&reviewed);
    let (mut svg, height) = open_svg(
        "People's accuracy by engine level and game phase",
        reviewed.len() + usize::from(more > 0),
    );
    let plot_w = WIDTH - LABEL_W - 60.0;
    for tick in [0.0, 25.0, 50.0, 75.0, 100.0] {
        let x = LABEL_W + plot_w * tick / 100.0;
        let _ = write!(
            svg,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="#dddddd"/><text x="{x:.1}" y="{}" fill="#555" text-anchor="middle">{tick}</text>"##,
            TOP - 4.0,
            height - 30.0,
            height - 16.0
        );
    }
    if reviewed.is_empty() {
        label(
            &mut svg,
            TOP + 14.0,
            "no reviewed moves of people yet (ply records analyze)",
        );
    }
    for (i, (text, accuracy)) in reviewed.iter().enumerate() {
        let y = row_top(i);
        label(&mut svg, y + 13.0, text);
        let w = plot_w * accuracy.clamp(0.0, 100.0) / 100.0;
        let _ = write!(
            svg,
            r##"<rect class="accuracy" x="{LABEL_W}" y="{y:.1}" width="{w:.1}" height="{BAR_H}" fill="#2e7d32"/><text x="{:.1}" y="{:.1}">{accuracy:.1}</text>"##,
            LABEL_W + w + 4.0,
            y + 13.0
        );
    }
    left_out(&mut svg, row_top(reviewed.len()) + 13.0, more);
    let _ = write!(
        svg,
        r##"<text x="10" y="{}" fill="#555">Lichess accuracy of the reviewed moves that had a choice</text></svg>"##,
        height - 2.0
    );
    svg
}
