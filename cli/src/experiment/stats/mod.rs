//! The statistics the experiments report: the sample's mean and spread, intervals (Student-t for a mean, log scale for positive
//! quantities, Wilson for a rate), the rank tests (Mann-Whitney U for independent samples,
//! Wilcoxon signed-rank for paired ones), normal tails that keep their precision far below 1e-12,
//! and Holm's correction over a family of tests.
//!
//! The tests check them against SciPy and statsmodels: `reference-values.py` beside this file
//! prints every reference value they quote.

mod holm;
mod intervals;
mod moments;
mod normal;
mod rank_tests;

pub use holm::holm;
pub use intervals::{Interval, geometric_interval, mean_interval, rate_interval, ratio_interval};
pub use moments::{mean, sd, variance};
pub use rank_tests::{MannWhitney, Wilcoxon, mann_whitney, wilcoxon, wilcoxon_log};
