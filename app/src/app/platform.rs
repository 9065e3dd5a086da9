//! What the platform reports ([`PlatformEvent`]), each to where the core handles it: the app's
//! life (`lifecycle.rs`), the network, accessibility, the language and time zone, a background
//! sync's result and the saved UI state.

use super::lifecycle::MemoryPressure;
use super::platform_facts::{self, NetworkState};
use super::{App, Effect, PlatformEvent, SyncTrigger};
use crate::i18n::Lang;

impl App {
    pub(super) fn platform_event(&mut self, e: PlatformEvent, fx: &mut Vec<Effect>) {
        match e {
            e @ (PlatformEvent::ScreenShown
            | PlatformEvent::ScreenHidden
            | PlatformEvent::Foreground
            | PlatformEvent::Inactive
            | PlatformEvent::Background
            | PlatformEvent::MemoryPressure(_)
            | PlatformEvent::DeviceMemory { .. }) => self.lifecycle(e, fx),
            PlatformEvent::Network { online, metered } => {
                self.network(NetworkState { online, metered }, fx)
            }
            PlatformEvent::NetworkCapabilities {
                internet,
                not_metered,
            } => self.network(NetworkState::from_android(internet, not_metered), fx),
            PlatformEvent::NetworkPath {
                satisfied,
                expensive,
                constrained,
            } => self.network(
                NetworkState::from_ios_path(satisfied, expensive, constrained),
                fx,
            ),
            PlatformEvent::TrimMemory { level } => {
                if let Some(pressure) = MemoryPressure::from_android_trim_level(level) {
                    self.lifecycle(PlatformEvent::MemoryPressure(pressure), fx);
                }
            }
            PlatformEvent::Accessibility { labels } => self.labels = labels,
            PlatformEvent::IosAccessibility {
                voice_over,
                switch_control,
            } => self.labels = platform_facts::ios_labels(voice_over, switch_control),
            PlatformEvent::ScenePhase {
                phase,
                available_ram_bytes,
            } => {
                for e in phase.events(available_ram_bytes) {
                    self.event(e, fx);
                }
            }
            PlatformEvent::TimeZone { utc_offset_minutes } => {
                self.set_time_zone(utc_offset_minutes)
            }
            PlatformEvent::Languages { preferred } => self.lang = Lang::negotiate(&preferred),
            PlatformEvent::SyncFinished(result) => self.synced(result, fx),
            PlatformEvent::RestoreUi(blob) => self.restore_ui(&blob, fx),
        }
    }

    fn network(&mut self, now: NetworkState, fx: &mut Vec<Effect>) {
        let back = now.online && (!self.online || (self.metered && !now.metered));
        self.online = now.online;
        self.metered = now.metered;
        if back {
            self.consider_sync(SyncTrigger::NetworkBack, fx);
        }
    }
}
