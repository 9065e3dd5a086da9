//! SVG charts for the experiments' reports: one line (or scatter of points) per series,
//! optionally on a log scale, with axes, ticks and a legend. Small and dependency-free, so the pictures are reproducible
//! byte for byte from the data.

use std::fmt::Write;

pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    /// Joins the points (a line chart); otherwise only the points (a scatter plot).
    pub joined: bool,
}

const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
];
const W: f64 = 760.0;
const H: f64 = 400.0;
// Room for tick labels up to "100,000,000" and legend names of about 30 characters.
const LEFT: f64 = 110.0;
const RIGHT: f64 = 230.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

/// A line chart; with `log_y` the y axis is logarithmic (non-positive values are left out).
pub fn line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    log_y: bool,
    series: &[Series],
) -> String {
    let ty = |y: f64| if log_y { y.log10() } else { y };
    let points = series
        .iter()
        .flat_map(|s| s.points.iter())
        .filter(|p| p.0.is_finite() && p.1.is_finite() && (!log_y || p.1 > 0.0));
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(ty(y));
        y1 = y1.max(ty(y));
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    if log_y {
        (y0, y1) = (y0.floor(), y1.ceil().max(y0.floor() + 1.0));
    } else {
        (y0, y1) = (y0.min(0.0), if y1 > y0 { y1 * 1.05 } else { y0 + 1.0 });
    }
    if x1 == x0 {
        x1 = x0 + 1.0;
    }
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let sx = |x: f64| LEFT + (x - x0) / (x1 - x0) * pw;
    let sy = |y: f64| TOP + ph - (y - y0) / (y1 - y0) * ph;

    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{W}\" height=\"{H}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        LEFT + pw / 2.0,
        escape(title)
    );
    // Axes, ticks and grid.
    let _ = writeln!(
        svg,
        "<path d=\"M{LEFT},{TOP} V{} H{}\" stroke=\"black\" fill=\"none\"/>",
        TOP + ph,
        LEFT + pw
    );
    let x_ticks: Vec<f64> = if x1 - x0 <= 20.0 && x0.fract() == 0.0 {
        (x0 as i64..=x1 as i64).map(|x| x as f64).collect()
    } else {
        (0..=5).map(|i| x0 + (x1 - x0) * i as f64 / 5.0).collect()
    };
    for x in x_ticks {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            sx(x),
            TOP + ph + 18.0,
            tick(x)
        );
    }
    let y_ticks: Vec<f64> = if log_y {
        (y0 as i64..=y1 as i64).map(|y| y as f64).collect()
    } else {
        (0..=5).map(|i| y0 + (y1 - y0) * i as f64 / 5.0).collect()
    };
    for y in y_ticks {
        let label = if log_y { tick(10f64.powf(y)) } else { tick(y) };
        let _ = writeln!(
            svg,
            "<path d=\"M{LEFT},{:.1} H{}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>",
            sy(y),
            LEFT + pw,
            LEFT - 6.0,
            sy(y) + 4.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
        LEFT + pw / 2.0,
        H - 10.0,
        escape(x_label)
    );
    let _ = writeln!(
        svg,
        "<text transform=\"translate(16,{}) rotate(-90)\" text-anchor=\"middle\">{}{}</text>",
        TOP + ph / 2.0,
        escape(y_label),
        if log_y { " (log scale)" } else { "" }
    );
    // Lines and legend.
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let pts: Vec<String> = s
            .points
            .iter()
            .filter(|p| p.0.is_finite() && p.1.is_finite() && (!log_y || p.1 > 0.0))
            .map(|&(x, y)| format!("{:.1},{:.1}", sx(x), sy(ty(y))))
            .collect();
        if s.joined {
            let _ = writeln!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
                pts.join(" ")
            );
        }
        for p in &pts {
            let (x, y) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = writeln!(
                svg,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"{colour}\"/>"
            );
        }
        let ly = TOP + 10.0 + 20.0 * i as f64;
        let _ = writeln!(
            svg,
            "<path d=\"M{},{ly} h20\" stroke=\"{colour}\" stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">{}</text>",
            W - RIGHT + 15.0,
            W - RIGHT + 40.0,
            ly + 4.0,
            escape(&s.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn tick(v: f64) -> String {
    if v.abs() >= 1000.0 {
        super::report::grouped(v.round() as i64)
    } else if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        super::report::num(v)
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_one_line_and_one_legend_entry_per_series() {
        let series = vec![
            Series {
                name: "minimax".into(),
                points: vec![(1.0, 7.0), (2.0, 49.0), (3.0, 343.0)],
                joined: true,
            },
            Series {
                name: "a<b".into(),
                points: vec![(1.0, 7.0), (2.0, 13.0), (3.0, 0.0)],
                joined: false,
            },
        ];
        let svg = line_chart("Nodes", "depth", "nodes", true, &series);
        assert_eq!(
            svg.matches("<polyline").count(),
            1,
            "the scatter series has no line"
        );
        assert!(svg.contains("a&lt;b") && svg.contains("(log scale)"));
        // The zero is left out on a log scale: 3 + 2 points.
        assert_eq!(svg.matches("<circle").count(), 5);
        // Decades from 1 to 1,000 are ticked.
        for t in [">1<", ">10<", ">100<", ">1,000<"] {
            assert!(svg.contains(t), "{t}");
        }
    }
}
