import BackgroundTasks
import Foundation
import Network
import PlyFFI
import PlyKit
import Security
import UIKit

// The Apple implementations of PlyKit's service protocols (PlyKit/Sources/PlyKit/Services.swift):
// each forwards to its framework and decides nothing. What is asked, and when, is the model's
// (PlyKit's AppModel, compiled and tested on Linux) and the core's.

extension PlatformServices {
    /// The services of the app on iOS.
    @MainActor
    static func apple() -> PlatformServices {
        PlatformServices(tasks: AppleTaskScheduler(), backgroundTime: AppleBackgroundTime(),
                         network: ApplePathMonitor(), tokens: KeychainTokens(), signals: AppleSignals(),
                         haptics: AppleHaptics(), announcer: VoiceOverAnnouncer(), uiState: UserDefaultsUiState(),
                         device: SystemDevice())
    }
}

/// `BGTaskScheduler`: the core's request as an app refresh or a processing request.
final class AppleTaskScheduler: BackgroundTaskScheduling {
    func submit(_ request: IosTaskRequest) {
        let r: BGTaskRequest
        switch request.kind {
        case .appRefresh:
            r = BGAppRefreshTaskRequest(identifier: request.identifier)
        case .processing:
            let p = BGProcessingTaskRequest(identifier: request.identifier)
            p.requiresNetworkConnectivity = request.requiresNetwork
            p.requiresExternalPower = request.requiresExternalPower
            r = p
        }
        r.earliestBeginDate = request.earliestBeginDate
        // Fails in the simulator and without the background mode: nothing else to do.
        try? BGTaskScheduler.shared.submit(r)
    }

    /// Registers the launch handler for the core's task identifier: on the main actor, the
    /// model runs the task. Before the end of launch (`PlyApp.init`).
    static func register(_ model: AppModel) {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: iosSyncTaskId(), using: nil) { @Sendable task in
            let handle = AppleTask(task)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { model.runBackgroundSync(handle) }
            }
        }
    }
}

/// A running `BGTask`.
final class AppleTask: BackgroundTaskHandle, @unchecked Sendable {
    private let task: BGTask

    init(_ task: BGTask) {
        self.task = task
    }

    func onExpiration(_ handler: @escaping @Sendable () -> Void) {
        task.expirationHandler = handler
    }

    func complete(success: Bool) {
        task.setTaskCompleted(success: success)
    }
}

/// `beginBackgroundTask` / `endBackgroundTask`.
@MainActor
final class AppleBackgroundTime: BackgroundTime {
    func begin(name: String, expiration: @escaping @MainActor @Sendable () -> Void) -> Int? {
        let id = UIApplication.shared.beginBackgroundTask(withName: name) {
            MainActor.assumeIsolated { expiration() }
        }
        return id == .invalid ? nil : id.rawValue
    }

    func end(_ id: Int) {
        UIApplication.shared.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: id))
    }
}

/// One `NWPathMonitor` for the process; every update, satisfied or not.
final class ApplePathMonitor: NetworkPathMonitoring, @unchecked Sendable {
    private let monitor = NWPathMonitor()
    private let lock = NSLock()
    private var last: NetworkPathFacts?

    func start(_ update: @escaping @Sendable (NetworkPathFacts) -> Void) {
        monitor.pathUpdateHandler = { @Sendable path in
            let facts = NetworkPathFacts(satisfied: path.status == .satisfied, expensive: path.isExpensive,
                                         constrained: path.isConstrained)
            self.remember(facts)
            update(facts)
        }
        monitor.start(queue: DispatchQueue(label: "dev.ply.path"))
    }

    private func remember(_ facts: NetworkPathFacts) {
        lock.withLock { last = facts }
    }

    /// The last path the monitor reported (nil before its first).
    var current: NetworkPathFacts? {
        lock.withLock { last }
    }

    func cancel() {
        monitor.cancel()
    }
}

/// The collector token in the Keychain (a generic password, this device only, readable after the
/// first unlock so a background sync can use it).
struct KeychainTokens: TokenStorage {
    let service = "dev.ply.collector"
    private let account = "collector-token"

    private var query: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword,
         kSecAttrService as String: service,
         kSecAttrAccount as String: account]
    }

    func read() -> String? {
        var q = query
        q[kSecReturnData as String] = true
        q[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        guard SecItemCopyMatching(q as CFDictionary, &item) == errSecSuccess, let data = item as? Data else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    func write(_ token: String?) {
        SecItemDelete(query as CFDictionary)
        guard let token else { return }
        var q = query
        q[kSecValueData as String] = Data(token.utf8)
        q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        SecItemAdd(q as CFDictionary, nil)
    }
}

/// The system's notifications, observed for the life of the process.
@MainActor
final class AppleSignals: SystemSignals {
    private var observers: [NSObjectProtocol] = []

    var accessibility: AccessibilityFacts {
        AccessibilityFacts(voiceOver: UIAccessibility.isVoiceOverRunning,
                           switchControl: UIAccessibility.isSwitchControlRunning)
    }

    func start(_ handler: @escaping @MainActor @Sendable (SystemSignal) -> Void) {
        let signals: [(Notification.Name, SystemSignal)] = [
            (UIApplication.didReceiveMemoryWarningNotification, .memoryWarning),
            (NSLocale.currentLocaleDidChangeNotification, .languagesChanged),
            (.NSSystemTimeZoneDidChange, .languagesChanged),
            (UIAccessibility.voiceOverStatusDidChangeNotification, .accessibilityChanged),
            (UIAccessibility.switchControlStatusDidChangeNotification, .accessibilityChanged),
        ]
        for (name, signal) in signals {
            observers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                MainActor.assumeIsolated { handler(signal) }
            })
        }
    }
}

/// The core's cues as feedback generators.
@MainActor
final class AppleHaptics: Haptics {
    private let impact = UIImpactFeedbackGenerator(style: .light)
    private let notification = UINotificationFeedbackGenerator()

    func play(_ cue: Cue) {
        switch cue {
        case .move: impact.impactOccurred()
        case .refused: notification.notificationOccurred(.error)
        case .gameOver: notification.notificationOccurred(.success)
        }
    }
}

/// VoiceOver announcements, queued (`.low`: spoken when the speech under way is done), so that
/// VoiceOver finishes the tapped cell's own label before the core's announcement.
@MainActor
final class VoiceOverAnnouncer: Announcer {
    func announce(_ text: String) {
        let queued = NSAttributedString(string: text, attributes: [
            .accessibilitySpeechAnnouncementPriority: UIAccessibilityPriority.low,
        ])
        UIAccessibility.post(notification: .announcement, argument: queued)
    }
}
