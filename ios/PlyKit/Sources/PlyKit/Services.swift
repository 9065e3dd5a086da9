import Foundation
import PlyFFI

// The Apple services the app model uses, each behind a small protocol: the app target
// (ios/Ply/Sources/AppleServices.swift) implements them with BackgroundTasks, Network, Security,
// UIKit and Accessibility, which exist only on Apple's systems; the tests use fakes. What each
// service is asked, and when, is the model's (compiled and tested here) and, behind it, the core's.

/// iOS's network path as `NWPathMonitor` reports it (the core decides what it means).
public struct NetworkPathFacts: Sendable, Equatable {
    public var satisfied: Bool
    public var expensive: Bool
    public var constrained: Bool

    public init(satisfied: Bool, expensive: Bool, constrained: Bool) {
        self.satisfied = satisfied
        self.expensive = expensive
        self.constrained = constrained
    }
}

/// The assistive technologies iOS reports (`UIAccessibility.isVoiceOverRunning`,
/// `isSwitchControlRunning`); the core decides what they mean for the cells' labels.
public struct AccessibilityFacts: Sendable, Equatable {
    public var voiceOver: Bool
    public var switchControl: Bool

    public init(voiceOver: Bool, switchControl: Bool) {
        self.voiceOver = voiceOver
        self.switchControl = switchControl
    }
}

extension IosTaskRequest {
    /// `earliestBeginDate`: the core's time.
    public var earliestBeginDate: Date {
        Date(timeIntervalSince1970: TimeInterval(earliestBeginMs) / 1000)
    }
}

/// `BGTaskScheduler`: submits the core's requests (`iosSyncRequest`, `iosTaskEnd`).
public protocol BackgroundTaskScheduling: AnyObject, Sendable {
    /// Submits `request`, replacing a pending one with the same identifier.
    func submit(_ request: IosTaskRequest)
}

/// A running background task (`BGTask`), handed to `AppModel.runBackgroundSync`.
public protocol BackgroundTaskHandle: AnyObject, Sendable {
    /// `handler` runs when the system ends the task's time, on any queue.
    func onExpiration(_ handler: @escaping @Sendable () -> Void)
    /// `setTaskCompleted(success:)`; the model calls it once.
    func complete(success: Bool)
}

/// `UIApplication.beginBackgroundTask`: time to finish the core's writes after the scene went
/// to the background.
@MainActor
public protocol BackgroundTime: AnyObject {
    /// Asks for background time; `expiration` runs on the main actor when it is up (UIKit calls
    /// it from its own closure, hence `@Sendable`). Returns the task's identifier, nil when none
    /// was given.
    func begin(name: String, expiration: @escaping @MainActor @Sendable () -> Void) -> Int?
    func end(_ id: Int)
}

/// `NWPathMonitor`, one for the process.
public protocol NetworkPathMonitoring: AnyObject, Sendable {
    /// Starts reporting every path update, on any queue.
    func start(_ update: @escaping @Sendable (NetworkPathFacts) -> Void)
    /// The path now; nil before the monitor has evaluated one.
    var current: NetworkPathFacts? { get }
    func cancel()
}

/// The Keychain: the collector token.
public protocol TokenStorage: Sendable {
    func read() -> String?
    /// Stores `token`, or forgets the stored one when nil.
    func write(_ token: String?)
}

/// What the system tells the app through notifications (memory warnings, locale, time zone and
/// assistive technology changes).
public enum SystemSignal: Sendable, Equatable {
    /// `UIApplication.didReceiveMemoryWarningNotification`.
    case memoryWarning
    /// The languages or the time zone changed (`NSLocale.currentLocaleDidChangeNotification`,
    /// `.NSSystemTimeZoneDidChange`).
    case languagesChanged
    /// VoiceOver or Switch Control started or stopped.
    case accessibilityChanged
}

/// The system's notifications and the assistive technologies now.
@MainActor
public protocol SystemSignals: AnyObject {
    /// Calls `handler` on the main actor with every signal from now on (from the notification
    /// centre's observers, hence `@Sendable`).
    func start(_ handler: @escaping @MainActor @Sendable (SystemSignal) -> Void)
    var accessibility: AccessibilityFacts { get }
}

/// Haptic feedback (`UIFeedbackGenerator`).
@MainActor
public protocol Haptics: AnyObject {
    func play(_ cue: Cue)
}

/// VoiceOver announcements.
@MainActor
public protocol Announcer: AnyObject {
    func announce(_ text: String)
}

/// Where the core's UI state is kept between launches (`Effect.saveUiState`, `Event.restoreUi`).
public protocol UiStateStore: Sendable {
    func load() -> String?
    func save(_ blob: String)
}

/// The UI state in `UserDefaults` (a few hundred bytes, written as the core asks).
public struct UserDefaultsUiState: UiStateStore {
    public let key: String

    public init(key: String = "ply.uiState") {
        self.key = key
    }

    public func load() -> String? {
        UserDefaults.standard.string(forKey: key)
    }

    public func save(_ blob: String) {
        UserDefaults.standard.set(blob, forKey: key)
    }
}

/// Every service the app model uses.
public struct PlatformServices {
    public var tasks: BackgroundTaskScheduling
    public var backgroundTime: BackgroundTime
    public var network: NetworkPathMonitoring
    public var tokens: TokenStorage
    public var signals: SystemSignals
    public var haptics: Haptics
    public var announcer: Announcer
    public var uiState: UiStateStore
    public var device: DeviceFacts

    public init(tasks: BackgroundTaskScheduling, backgroundTime: BackgroundTime, network: NetworkPathMonitoring,
                tokens: TokenStorage, signals: SystemSignals, haptics: Haptics, announcer: Announcer,
                uiState: UiStateStore, device: DeviceFacts) {
        self.tasks = tasks
        self.backgroundTime = backgroundTime
        self.network = network
        self.tokens = tokens
        self.signals = signals
        self.haptics = haptics
        self.announcer = announcer
        self.uiState = uiState
        self.device = device
    }
}
