//! A dependency-free SVG chart of a tournament's cross table: one row per player, a stacked
//! bar per opponent (wins green, draws grey, losses red) and the score percentage.

use super::report::Report;
use std::fmt::Write;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The chart as an SVG document.
pub fn cross_table_svg(report: &Report) -> String {
    let n = report.players.len();
    let cell_w = 150.0;
    let cell_h = 34.0;
    let left = 170.0;
    let top = 70.0;
    let width = left + cell_w * n as f64 + 20.0;
    let height = top + cell_h * n as f64 + 50.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">{} tournament: row's result against column (wins / draws / losses)</text>"#,
        esc(&report.game)
    );
    for (j, p) in report.players.iter().enumerate() {
        let x = left + cell_w * j as f64 + cell_w / 2.0;
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{}" text-anchor="middle" font-weight="bold">{}</text>"#,
            top - 10.0,
            esc(&p.name)
        );
    }
    for (i, p) in report.players.iter().enumerate() {
        let y = top + cell_h * i as f64;
        let _ = writeln!(
            s,
            r#"<text x="10" y="{}" font-weight="bold">{} ({:.1}%)</text>"#,
            y + cell_h / 2.0 + 4.0,
            esc(&p.name),
            100.0 * p.total.score()
        );
        for j in 0..n {
            let x = left + cell_w * j as f64;
            if i == j {
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{}" width="{}" height="{}" fill="#eee"/>"##,
                    y + 4.0,
                    cell_w - 8.0,
                    cell_h - 8.0
                );
                continue;
            }
            let r = report.cell(i, j);
            let games = r.wdl.games().max(1) as f64;
            let bar = cell_w - 8.0;
            let mut bx = x;
            for (count, colour) in [
                (r.wdl.wins, "#3a9d3a"),
                (r.wdl.draws, "#9a9a9a"),
                (r.wdl.losses, "#c83737"),
            ] {
                let w = bar * count as f64 / games;
                if w > 0.0 {
                    let _ = writeln!(
                        s,
                        r#"<rect x="{bx:.1}" y="{}" width="{w:.1}" height="{}" fill="{colour}"/>"#,
                        y + 4.0,
                        cell_h - 8.0
                    );
                }
                bx += w;
            }
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" text-anchor="middle" fill="white" font-weight="bold">{}/{}/{} {:.0}%</text>"#,
                x + bar / 2.0,
                y + cell_h / 2.0 + 4.0,
                r.wdl.wins,
                r.wdl.draws,
                r.wdl.losses,
                100.0 * r.wdl.score()
            );
        }
    }
    let _ = writeln!(
        s,
        r##"<text x="10" y="{}" fill="#555">bars: wins (green), draws (grey), losses (red) of the row player; percentage = score</text>"##,
        height - 20.0
    );
    s.push_str("</svg>\n");
    s
}
