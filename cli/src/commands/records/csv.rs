//! One CSV row per game: identity, players' engines, result, length and total engine work.

use ply_core::record::{GameRecord, PlayerInfo};

pub const HEADER: [&str; 17] = [
    "id",
    "game",
    "variant",
    "start_position",
    "plies",
    "winner",
    "reason",
    "margin",
    "player0",
    "player1",
    "nodes0",
    "nodes1",
    "started_at_ms",
    "ended_at_ms",
    "app_version",
    "platform",
    "moves",
];

/// Quotes a field when it holds a comma, quote or line break (RFC 4180), and neutralises a
/// cell a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, tab or
/// carriage return, as OWASP's CSV-injection guidance says) by prefixing a single quote.
fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// `human`, or `algorithm:depth` / `algorithm:time_ms` for a computer seat.
fn player(p: Option<&PlayerInfo>) -> String {
    match p.and_then(|p| p.engine.as_ref()) {
        None => "human".into(),
        Some(e) => match (e.depth, e.time_ms) {
            (Some(d), _) => format!("{}:d{d}", e.algorithm),
            (None, Some(t)) => format!("{}:{t}ms", e.algorithm),
            (None, None) => e.algorithm.clone(),
        },
    }
}

pub fn row(r: &GameRecord) -> String {
    // Stats count for the side that played each move: the replay knows who moved (passes and
    // set-up positions break simple alternation). Stored records always replay; parity is only
    // a fallback for a record this build cannot validate.
    let movers: Vec<usize> = match ply_core::record::validate_at(r, u64::MAX) {
        Ok(v) => v.moves.iter().map(|m| usize::from(m.mover)).collect(),
        Err(_) => (0..r.moves.len()).map(|i| i % 2).collect(),
    };
    let mut nodes = [0u64; 2];
    for (m, mover) in r.moves.iter().zip(movers) {
        if let (Some(s), Some(total)) = (m.stats, nodes.get_mut(mover)) {
            *total += s.nodes;
        }
    }
    let cells = [
        r.id.clone(),
        r.game.name().to_string(),
        r.variant.clone(),
        r.start_position.clone().unwrap_or_default(),
        r.moves.len().to_string(),
        r.result
            .winner
            .map(|w| w.to_string())
            .unwrap_or_else(|| "draw".into()),
        serde_json::to_value(r.result.reason)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        r.result.margin.map(|m| m.to_string()).unwrap_or_default(),
        player(r.players.first()),
        player(r.players.get(1)),
        nodes[0].to_string(),
        nodes[1].to_string(),
        r.started_at_ms.to_string(),
        r.ended_at_ms.to_string(),
        r.client.app_version.clone(),
        r.client.platform.name().to_string(),
        r.moves
            .iter()
            .map(|m| m.notation.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    ];
    cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn formula_cells_are_neutralised_and_quoting_still_applies() {
        for (cell, written) in [
            ("=1+1", "'=1+1"),
            ("+1", "'+1"),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "\"'\rx\""),
            (
                "=HYPERLINK(\"a\",\"b\")",
                "\"'=HYPERLINK(\"\"a\"\",\"\"b\"\")\"",
            ),
            ("a,b", "\"a,b\""),
            ("plain", "plain"),
            ("12", "12"),
            ("", ""),
        ] {
            assert_eq!(field(cell), written, "{cell:?}");
        }
    }
}
