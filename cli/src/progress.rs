//! Progress on stderr for the work that can take more than a few seconds: a bar where the
//! amount of work is known, a ticking spinner with the time spent where it is not (one exact
//! solve). Drawn only when stderr is a terminal (indicatif's own rule), and hidden by `--quiet`
//! in the commands that have it, so pipes and logs get none of it.

use indicatif::{ProgressBar, ProgressStyle};
use std::time::Duration;

/// A bar of `len` steps of `what` ("games", "positions") with the time spent and left.
pub fn bar(len: u64, what: &str, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{msg}}{{bar:40}} {{pos}}/{{len}} {what}  {{elapsed_precise}} (about {{eta}} left)"
    )) {
        bar.set_style(style);
    }
    bar
}

/// A spinner saying `what` ("solving") with the time spent, ticking on its own until it is
/// finished or dropped.
pub fn spinner(what: &str, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let spinner = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template(&format!("{{spinner}} {what} {{elapsed}}")) {
        spinner.set_style(style);
    }
    spinner.enable_steady_tick(Duration::from_millis(200));
    spinner
}
