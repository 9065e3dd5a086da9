//! Two small hand-written SVG charts (no plotting dependency): results by engine and depth as
//! stacked win/draw/loss bars, and average nodes per move by algorithm and game phase on a log
//! scale (the Scout versus alpha-beta comparison from real play).

use ply_server::db::{PhaseRow, ResultRow};
use std::fmt::Write;

const WIDTH: f64 = 900.0;
const LABEL_W: f64 = 260.0;
const BAR_H: f64 = 18.0;
const GAP: f64 = 6.0;
const TOP: f64 = 50.0;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open_svg(title: &str, rows: usize) -> (String, f64) {
    let height = TOP + rows.max(1) as f64 * (BAR_H + GAP) + 40.0;
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
    let (mut svg, height) = open_svg("Results by engine and depth (share of games)", rows.len());
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
    let _ = write!(
        svg,
        r##"<text x="10" y="{}" fill="#555">one bar per seat played by that engine</text></svg>"##,
        height - 12.0
    );
    svg
}

/// Horizontal bars on a log10 scale: average nodes per computer move by algorithm and phase.
pub fn nodes_chart(rows: &[PhaseRow]) -> String {
    let (mut svg, height) = open_svg(
        "Average nodes per move by algorithm and game phase (log scale)",
        rows.len(),
    );
    let plot_w = WIDTH - LABEL_W - 100.0;
    let max_log = rows
        .iter()
        .map(|r| r.avg_nodes.max(1.0).log10())
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
        let w = plot_w * r.avg_nodes.max(1.0).log10() / max_log;
        let _ = write!(
            svg,
            r#"<rect x="{LABEL_W}" y="{y:.1}" width="{w:.1}" height="{BAR_H}" fill="{color}"/>"#
        );
        let _ = write!(
            svg,
            r#"<text x="{:.1}" y="{:.1}">{:.0}</text>"#,
            LABEL_W + w + 4.0,
            y + 13.0,
            r.avg_nodes
        );
    }
    svg.push_str("</svg>");
    svg
}
