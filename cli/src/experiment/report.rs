//! Markdown and CSV output of the experiments.

use anyhow::{Context, Result};
use std::path::Path;

/// A Markdown table.
pub fn table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n", headers.join(" | "));
    out.push_str(&format!("|{}\n", " --- |".repeat(headers.len())));
    for row in rows {
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    out
}

/// A CSV file; fields holding a comma, a quote or a line break are quoted.
pub fn csv(headers: &[&str], rows: &[Vec<String>]) -> String {
    let field = |f: &str| {
        if f.contains([',', '"', '\n']) {
            format!("\"{}\"", f.replace('"', "\"\""))
        } else {
            f.to_string()
        }
    };
    let mut out = headers.join(",") + "\n";
    for row in rows {
        out.push_str(&row.iter().map(|f| field(f)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

/// Writes `dir/name`, making `dir` first if need be.
pub fn write(dir: &Path, name: &str, contents: &str) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(name);
    std::fs::write(&path, contents).with_context(|| format!("cannot write {}", path.display()))
}

/// A number with three significant digits at most after the point ("0.00312", "48.4", "1,234").
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "-".into();
    }
    if x.abs() >= 1000.0 {
        return grouped(x.round() as i64);
    }
    let digits = if x.abs() >= 100.0 {
        0
    } else if x.abs() >= 10.0 {
        1
    } else if x.abs() >= 1.0 {
        2
    } else {
        3
    };
    format!("{x:.digits$}")
}

/// A p-value with three significant digits; the tails are computed in log space (`stats`), so
/// only a p below the smallest double (z > 37) is shown as a bound.
pub fn p_value(p: f64) -> String {
    if p <= 0.0 {
        "< 1e-300".into()
    } else if p >= 0.001 {
        let decimals = (2.0 - p.log10().floor()) as usize;
        format!("{p:.decimals$}")
    } else {
        format!("{p:.2e}")
    }
}

/// An integer with thousands separated by commas.
pub fn grouped(n: i64) -> String {
    let s = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_tables() {
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(p_value(0.0), "< 1e-300");
        assert_eq!(p_value(0.0123), "0.0123");
        assert_eq!(p_value(1.0), "1.00");
        assert_eq!(p_value(0.38), "0.380");
        assert_eq!(p_value(3.2e-17), "3.20e-17");
        assert_eq!(grouped(-1000), "-1,000");
        assert_eq!(num(0.0031234), "0.003");
        assert_eq!(num(48.412), "48.4");
        assert_eq!(num(12345.6), "12,346");
        assert_eq!(
            table(&["a", "b"], &[vec!["1".into(), "2".into()]]),
            "| a | b |\n| --- | --- |\n| 1 | 2 |\n"
        );
        assert_eq!(
            csv(&["x"], &[vec!["a,\"b\"".into()]]),
            "x\n\"a,\"\"b\"\"\"\n"
        );
    }
}
