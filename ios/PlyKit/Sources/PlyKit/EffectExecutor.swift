import Foundation
import PlyFFI

/// What the platform does for the core's effects. The app implements it on the main actor; tests
/// record the calls.
@MainActor
public protocol PlatformEffects: AnyObject {
    /// Re-read the view models and redraw.
    func render()
    /// Re-read only the search's or the review's progress (`progressView()`, a tick every 100 ms
    /// while the computer thinks) and redraw that line alone.
    func renderProgress()
    /// Keep this blob (the core's UI state) and send it back with `Event.restoreUi` at launch.
    func saveUiState(_ blob: String)
    /// Ask for a background sync no earlier than `date` (the core's date, never a default).
    func scheduleSync(at date: Date)
    /// Keep the collector token in the Keychain (`nil`: forget it).
    func storeToken(_ token: String?)
    func cue(_ cue: Cue)
    /// Speak this for VoiceOver.
    func announce(_ text: String)
}

/// Performs the core's effects in order.
public enum EffectExecutor {
    /// The date of a `ScheduleSync` effect's `notBeforeMs` (unix ms).
    public static func date(ms: UInt64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(ms) / 1000)
    }

    @MainActor
    public static func perform(_ effects: [Effect], on platform: PlatformEffects) {
        // A render re-reads every view model, so of several in one batch only the last draws
        // (the core puts one, last), and a progress redraw before it is covered by it.
        let lastRender = effects.lastIndex(where: isRender) ?? -1
        for (index, effect) in effects.enumerated() {
            switch effect {
            case .render:
                if index == lastRender {
                    platform.render()
                }
            case .renderProgress:
                if index > lastRender {
                    platform.renderProgress()
                }
            case let .saveUiState(blob):
                platform.saveUiState(blob)
            // iOS cannot ask for an unmetered network; the core checks it when the run starts.
            case let .scheduleSync(notBeforeMs, _):
                platform.scheduleSync(at: date(ms: notBeforeMs))
            case let .storeToken(token):
                platform.storeToken(token)
            case let .cue(cue):
                platform.cue(cue)
            case let .announce(text):
                platform.announce(text)
            }
        }
    }

    private static func isRender(_ effect: Effect) -> Bool {
        if case .render = effect {
            return true
        }
        return false
    }
}
