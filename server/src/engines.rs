//! The engine names the statistics group by.
//!
//! A record names its computer seats' algorithms freely (any short identifier), so grouping by
//! the name as sent let one day's uploads create ten thousand result rows and repeat a
//! 64-character name in every stored row. The statistics keep a small fixed set instead: the
//! algorithms the apps and the CLI play (their aliases folded into one name, case ignored),
//! and every other name as [`OTHER`]. The record's body keeps the name as sent, for export.

/// People's seats, recognised by the seat's kind (never by an engine's name).
pub const HUMAN: &str = "human";

/// Every algorithm name not in [`KNOWN`].
pub const OTHER: &str = "other";

/// The names the statistics keep, each with the spellings that mean it (lower case). The
/// algorithms of `ply_core::search::Algorithm`, the multi-player ones the apps record (`brs`,
/// `paranoid`, `maxn`), and the aliases `Algorithm::from_str` accepts.
pub const KNOWN: &[(&str, &[&str])] = &[
    ("alphabeta", &["alphabeta", "alpha-beta", "ab"]),
    ("brs", &["brs", "best-reply", "bestreply"]),
    ("maxn", &["maxn", "max-n"]),
    ("mcts", &["mcts", "uct"]),
    ("minimax", &["minimax", "negamax"]),
    ("paranoid", &["paranoid"]),
    ("pvs", &["pvs", "negascout", "palphabeta"]),
    ("scout", &["scout"]),
];

/// The name a computer seat's algorithm counts under: one of [`KNOWN`]'s names, or [`OTHER`].
pub fn normalise(algorithm: &str) -> &'static str {
    let lower = algorithm.trim().to_ascii_lowercase();
    KNOWN
        .iter()
        .find(|(_, spellings)| spellings.contains(&lower.as_str()))
        .map_or(OTHER, |(name, _)| name)
}

/// The same mapping as an SQL expression over the column `column` (both dialects), for the
/// migration that normalises the names stored before: the migration files spell it out, and
/// a unit test checks they say what this says.
pub fn normalise_sql(column: &str) -> String {
    let mut sql = format!("CASE LOWER(TRIM({column}))");
    for (name, spellings) in KNOWN {
        for spelling in *spellings {
            sql.push_str(&format!(" WHEN '{spelling}' THEN '{name}'"));
        }
    }
    sql.push_str(&format!(" ELSE '{OTHER}' END"));
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_fold_and_unknown_names_are_grouped() {
        assert_eq!(normalise("alphabeta"), "alphabeta");
        assert_eq!(normalise("Alpha-Beta"), "alphabeta");
        assert_eq!(normalise("NegaScout"), "pvs");
        assert_eq!(normalise("uct"), "mcts");
        assert_eq!(normalise("brs"), "brs");
        assert_eq!(normalise(&"x".repeat(64)), OTHER);
        // A computer named like a person is not one.
        assert_eq!(normalise("human"), OTHER);
        assert_eq!(normalise(""), OTHER);
    }

    #[test]
    fn every_algorithm_of_the_core_is_known() {
        for algorithm in ply_core::search::Algorithm::ALL {
            assert_eq!(normalise(algorithm.name()), algorithm.name());
            assert_eq!(
                normalise(&algorithm.name().to_uppercase()),
                algorithm.name()
            );
        }
    }
}
