//! The app's life on the platform and what the core does about it: whether the board can be
//! seen, the foreground and the background, an interruption, memory pressure and the device's
//! free memory. The shells only report what the platform says (`event.rs`, "Platform").
//!
//! | event | what changes |
//! | --- | --- |
//! | `ScreenShown` / `ScreenHidden` | the board is seen or not: searches start, or stop with a running review |
//! | `Foreground` | back from the background: the device's caps return whole, searches and syncs resume |
//! | `Inactive` | still on screen: nothing stops (from the background it is the way back: as `Foreground`) |
//! | `Background` | searches and a running review stop; records waiting are left to the platform's background run |
//! | `MemoryPressure(level)` | see [`MemoryPressure`] |
//! | `DeviceMemory` | the device's caps are recomputed from the free memory now |

use super::{App, Effect, PlatformEvent, SyncTrigger, ThinkKind};
use crate::i18n::Lang;
use crate::limits::{recommended_limits, with_table_share};
use crate::tr;

/// The reason a shell's error screen shows when the core did not start (the shell's `create`
/// threw: the data directory, the secure store, the core itself), in the first of `preferred`
/// (the platform's languages, most preferred first) the core speaks; `detail` is the error in
/// the platform's words. Called without a core: there is none.
pub fn start_failure_reason<S: AsRef<str>>(preferred: &[S], detail: &str) -> String {
    tr!(
        Lang::negotiate(preferred),
        "start-failed-reason",
        detail = detail
    )
}

/// How short of memory the platform says the app is, mildest first. Each level keeps what the
/// milder ones do, and the worst level since the app last came to the foreground holds until
/// it comes again (then the device's caps return whole):
///
/// | level | table of the searches to come | kept between searches (pondering's table) | running work |
/// | --- | --- | --- | --- |
/// | `Backgrounded` | the device's | dropped | (the background already stopped it) |
/// | `Low` | a quarter of the device's | dropped | goes on |
/// | `Critical` | a sixteenth of the device's | dropped | a computer move starts again with the small table; a hint, pondering and a review stop, and no pondering until the foreground |
///
/// Each is a share of the device's table, never of the current one: however many warnings
/// arrive (Android sends one each time the app is cached), the table never shrinks further.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum MemoryPressure {
    /// The app left the screen and the system may reclaim its memory (Android
    /// `TRIM_MEMORY_UI_HIDDEN` and `TRIM_MEMORY_BACKGROUND`, which API 34+ sends whenever the
    /// app is cached).
    Backgrounded,
    /// The device runs low on memory (Android `TRIM_MEMORY_RUNNING_MODERATE`,
    /// `TRIM_MEMORY_RUNNING_LOW`, `TRIM_MEMORY_MODERATE`).
    Low,
    /// The system is about to end processes for memory (Android `TRIM_MEMORY_RUNNING_CRITICAL`,
    /// `TRIM_MEMORY_COMPLETE`; iOS `didReceiveMemoryWarning`, which comes before the app is
    /// ended for its memory).
    Critical,
}

impl MemoryPressure {
    /// The share of the device's table left to the searches to come (1: all of it).
    fn table_divisor(self) -> u64 {
        match self {
            MemoryPressure::Backgrounded => 1,
            MemoryPressure::Low => 4,
            MemoryPressure::Critical => 16,
        }
    }
}

impl App {
    /// Handles the platform's lifecycle events (see the module documentation).
    pub(super) fn lifecycle(&mut self, e: PlatformEvent, fx: &mut Vec<Effect>) {
        match e {
            PlatformEvent::ScreenShown => {
                self.shown = true;
                self.maybe_think(fx);
            }
            PlatformEvent::ScreenHidden => {
                self.shown = false;
                self.stop_thinking();
                self.stop_review();
            }
            PlatformEvent::Foreground => self.come_to_foreground(fx),
            // An interruption leaves the board in sight: a search or a review stopped here was
            // lost for nothing (Control Centre pulled down for a second). iOS passes through it
            // on the way back from the background too.
            PlatformEvent::Inactive => {
                if !self.foreground {
                    self.come_to_foreground(fx);
                }
            }
            PlatformEvent::Background => {
                self.foreground = false;
                self.stop_thinking();
                self.stop_review();
                self.schedule_background_sync(fx);
            }
            PlatformEvent::MemoryPressure(level) => self.memory_pressure(level, fx),
            PlatformEvent::DeviceMemory {
                available_ram_bytes,
            } => {
                self.device_limits = recommended_limits(
                    self.config.total_ram_bytes,
                    available_ram_bytes,
                    self.config.cpu_cores,
                );
                self.apply_limits();
            }
            other => log::warn!("not a lifecycle event: {other:?}"),
        }
    }

    fn come_to_foreground(&mut self, fx: &mut Vec<Effect>) {
        // Only a return from the background ends the pressure: a second `Foreground` (iOS sends
        // one after every interruption) is no sign that memory was freed.
        if !self.foreground {
            self.pressure = None;
            self.apply_limits();
        }
        self.foreground = true;
        self.maybe_think(fx);
        self.consider_sync(SyncTrigger::Foreground, fx);
    }

    fn memory_pressure(&mut self, level: MemoryPressure, fx: &mut Vec<Effect>) {
        self.pressure = self.pressure.max(Some(level));
        self.apply_limits();
        let ponders = self.game.as_ref().is_some_and(|g| self.ponders(&g.setup));
        let critical = level == MemoryPressure::Critical;
        if critical {
            self.stop_review();
        }
        let Some(g) = self.game.as_mut() else { return };
        // Pondering's table is the only memory a search keeps once it ends; the next search
        // builds it again, at the table size of the moment.
        g.session.set_pondering(false);
        g.session.set_pondering(ponders);
        if !critical {
            return;
        }
        let restart = g
            .thinking
            .as_ref()
            .is_some_and(|t| t.kind == ThinkKind::Move);
        // The running search holds the table it began with until it returns.
        g.cancel_thinking();
        if restart {
            self.maybe_think(fx);
        }
    }

    /// Pondering is optional work: none after a critical warning, until the foreground.
    pub(super) fn pondering_allowed(&self) -> bool {
        self.pressure != Some(MemoryPressure::Critical)
    }

    /// The caps of the searches to come: the device's, with the table cut to the pressure's
    /// share; given to the game in progress when they change.
    fn apply_limits(&mut self) {
        let limits = match self.pressure {
            Some(level) => with_table_share(self.device_limits, level.table_divisor()),
            None => self.device_limits,
        };
        if limits != self.limits {
            self.limits = limits;
            if let Some(g) = self.game.as_mut() {
                g.session.set_limits(limits);
            }
        }
    }
}
