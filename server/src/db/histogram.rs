//! Computer moves counted by their nodes on a log scale, and the median they give.
//!
//! The mean of nodes per move is at the mercy of one record: a single game at the format's
//! bound (10^11 nodes a move) moved an average of about 10^3 to 2·10^10. The statistics report
//! the median too, which half the moves would have to agree to move. Keeping every move to
//! sort it would cost a row per move again, so each group of `move_totals` keeps a histogram:
//! [`BINS_PER_OCTAVE`] bins per doubling of `nodes + 1`, at most [`BINS`] of them, stored
//! sparsely as text (`"bin:count,bin:count"`) in the group's row. The median is read from it
//! with the spread inside its bin taken as even on the log scale, so it is within a bin's
//! width (19 %) of the true one, and exact when all moves share a bin.

use std::collections::BTreeMap;

/// Bins per doubling of `nodes + 1`.
pub const BINS_PER_OCTAVE: f64 = 4.0;

/// Bins a histogram may use: enough for the format's bound on nodes (10^11 < 2^37).
pub const BINS: u32 = 38 * 4;

/// Moves per bin.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodesHistogram {
    counts: BTreeMap<u32, i64>,
}

/// Why a stored histogram could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unreadable move histogram entry '{0}'")]
pub struct BadHistogram(String);

impl NodesHistogram {
    /// The bin of a move with `nodes` nodes.
    pub fn bin(nodes: i64) -> u32 {
        let value = (nodes.max(0) as f64 + 1.0).log2() * BINS_PER_OCTAVE;
        (value.floor() as u32).min(BINS - 1)
    }

    /// Counts one move.
    pub fn add(&mut self, nodes: i64) {
        *self.counts.entry(Self::bin(nodes)).or_insert(0) += 1;
    }

    /// Adds (or with `sign` -1 takes away) another histogram's counts; bins left empty go.
    pub fn merge(&mut self, other: &NodesHistogram, sign: i64) {
        for (&bin, &count) in &other.counts {
            let entry = self.counts.entry(bin).or_insert(0);
            *entry += sign * count;
            if *entry <= 0 {
                self.counts.remove(&bin);
            }
        }
    }

    /// Moves counted.
    pub fn moves(&self) -> i64 {
        self.counts.values().sum()
    }

    /// The median of nodes per move (`None` with no moves).
    pub fn median(&self) -> Option<f64> {
        let total = self.moves();
        if total <= 0 {
            return None;
        }
        let half = total as f64 / 2.0;
        let mut below = 0.0;
        for (&bin, &count) in &self.counts {
            let count = count as f64;
            if below + count >= half {
                let within = ((half - below) / count).clamp(0.0, 1.0);
                let log2 = (f64::from(bin) + within) / BINS_PER_OCTAVE;
                return Some((log2.exp2() - 1.0).max(0.0));
            }
            below += count;
        }
        None
    }

    /// The stored form: `"bin:count"` pairs in bin order, comma-separated (empty: no moves).
    pub fn encode(&self) -> String {
        self.counts
            .iter()
            .map(|(bin, count)| format!("{bin}:{count}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads [`NodesHistogram::encode`]'s form; an entry out of range is refused, so a hand-
    /// edited row cannot make the statistics fail later in a less clear way.
    pub fn decode(text: &str) -> Result<NodesHistogram, BadHistogram> {
        let mut histogram = NodesHistogram::default();
        for entry in text.split(',').filter(|e| !e.is_empty()) {
            let parsed = entry
                .split_once(':')
                .and_then(|(b, c)| Some((b.parse::<u32>().ok()?, c.parse::<i64>().ok()?)))
                .filter(|&(bin, count)| bin < BINS && count > 0);
            let Some((bin, count)) = parsed else {
                return Err(BadHistogram(entry.chars().take(40).collect()));
            };
            *histogram.counts.entry(bin).or_insert(0) += count;
        }
        Ok(histogram)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(values: &[i64]) -> NodesHistogram {
        let mut h = NodesHistogram::default();
        for &v in values {
            h.add(v);
        }
        h
    }

    #[test]
    fn bins_cover_the_formats_bound() {
        assert_eq!(NodesHistogram::bin(0), 0);
        assert_eq!(NodesHistogram::bin(1), 4);
        assert!(NodesHistogram::bin(ply_core::record::limits::MAX_MOVE_NODES as i64) < BINS - 1);
        assert_eq!(NodesHistogram::bin(i64::MAX), BINS - 1);
        assert_eq!(NodesHistogram::bin(-5), 0);
    }

    #[test]
    fn the_median_is_within_a_bin_of_the_true_one_and_ignores_outliers() {
        let honest: Vec<i64> = (0..1000).map(|i| 500 + i).collect();
        let h = of(&honest);
        let median = h.median().expect("moves");
        assert!((median / 1000.0 - 1.0).abs() < 0.19, "{median}");
        // One record of 60 moves at the format's bound: the median barely moves, the mean by
        // seven orders of magnitude.
        let mut flooded = h.clone();
        flooded.merge(&of(&[100_000_000_000; 60]), 1);
        let after = flooded.median().expect("moves");
        assert!((after / median - 1.0).abs() < 0.1, "{median} -> {after}");
        // All moves in one bin: that bin's value.
        let same = of(&[0; 10]).median().expect("moves");
        assert!(same < 0.2, "{same}");
        assert_eq!(NodesHistogram::default().median(), None);
    }

    #[test]
    fn it_reads_back_what_it_wrote_and_refuses_garbage() {
        let h = of(&[1, 2, 3, 1_000, 1_000_000]);
        let text = h.encode();
        assert_eq!(NodesHistogram::decode(&text), Ok(h.clone()));
        assert_eq!(NodesHistogram::decode(""), Ok(NodesHistogram::default()));
        for bad in ["x", "1:", "999:1", "3:-1", "3:0", "1:2:3"] {
            assert!(NodesHistogram::decode(bad).is_err(), "{bad}");
        }
        // Taking a record's moves away again leaves what was there before.
        let mut both = h.clone();
        let other = of(&[7, 7, 9]);
        both.merge(&other, 1);
        both.merge(&other, -1);
        assert_eq!(both, h);
    }
}
