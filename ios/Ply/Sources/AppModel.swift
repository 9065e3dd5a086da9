import BackgroundTasks
import Foundation
import Network
import Observation
import PlyFFI
import PlyKit
import Security

/// App-wide state and glue: the outbox in Application Support, the settings in UserDefaults, the
/// token in the keychain, the device limits, and when to sync (decisions are `SyncPolicy`'s).
@Observable
final class AppModel {
    let limits: EngineLimits = DeviceLimits.current()
    let outbox: Outbox?
    let outboxError: String?
    var settings: SyncSettings {
        didSet { saveSettings() }
    }
    private(set) var finished: [FinishedGame] = []
    private(set) var lastSync: String = ""
    private(set) var refreshTick = 0
    @ObservationIgnored private var monitor: NWPathMonitor?
    @ObservationIgnored private let syncQueue = DispatchQueue(label: "dev.ply.sync")
    @ObservationIgnored private var syncing = false

    static let appVersion = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "dev"

    init() {
        initLogging(level: .info)
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let dir = support.appendingPathComponent("outbox", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            outbox = try Outbox.open(dir: dir.path)
            outboxError = nil
        } catch {
            outbox = nil
            outboxError = describe(error)
        }
        let defaults = UserDefaults.standard
        if let data = defaults.data(forKey: "sync"), let s = try? JSONDecoder().decode(SyncSettings.self, from: data) {
            settings = s
        } else {
            settings = SyncSettings()
        }
        finished = Self.loadFinished()
    }

    var client: ClientDescription {
        ClientDescription(appVersion: Self.appVersion, totalRamBytes: ProcessInfo.processInfo.physicalMemory)
    }

    // MARK: finished games

    func gameFinished(recordId: String?, game: GameKindName, result: String) {
        guard let id = recordId else { return }
        finished.append(FinishedGame(id: id, game: game, result: result, endedAt: Date()))
        Self.saveFinished(finished)
        requestSync()
    }

    /// The History tab's rows. The outbox is read on a background task: it is file I/O through
    /// the core, which does not belong on the main thread while SwiftUI lays out the list.
    func loadHistory() async -> [HistoryRow] {
        let finished = self.finished
        let box = outbox
        return await Task.detached(priority: .utility) {
            let pending = (try? box?.pending()) ?? []
            let rejected = (try? box?.rejected()) ?? []
            return historyRows(finished, pending: pending, rejected: rejected)
        }.value
    }

    /// Changes whenever the History rows may have changed (a game finished, a sync ran).
    var historyVersion: String { "\(finished.count)-\(refreshTick)" }

    private static var finishedURL: URL {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appendingPathComponent("finished-games.json")
    }

    private static func loadFinished() -> [FinishedGame] {
        guard let data = try? Data(contentsOf: finishedURL) else { return [] }
        return (try? JSONDecoder().decode([FinishedGame].self, from: data)) ?? []
    }

    private static func saveFinished(_ games: [FinishedGame]) {
        if let data = try? JSONEncoder().encode(games) {
            try? data.write(to: finishedURL, options: .atomic)
        }
    }

    private func saveSettings() {
        if let data = try? JSONEncoder().encode(settings) {
            UserDefaults.standard.set(data, forKey: "sync")
        }
        scheduleBackgroundSync(after: nil)
    }

    // MARK: sync

    /// Foreground: watch the network and sync when it comes back.
    func enterForeground() {
        let m = NWPathMonitor()
        m.pathUpdateHandler = { [weak self] path in
            if path.status == .satisfied {
                DispatchQueue.main.async { self?.requestSync() }
            }
        }
        m.start(queue: syncQueue)
        monitor = m
        refreshTick += 1
    }

    func enterBackground() {
        monitor?.cancel()
        monitor = nil
        scheduleBackgroundSync(after: nil)
    }

    /// Syncs now (off the main thread) if `SyncPolicy` says so.
    func requestSync() {
        guard let box = outbox, !syncing else { return }
        let pending = (try? box.pendingCount()) ?? 0
        guard SyncPolicy.decide(settings, pending: pending) == .sync else { return }
        syncing = true
        let settings = self.settings
        let runner = makeRunner(box)
        syncQueue.async {
            let run = runner.run(settings, trigger: .foreground)
            DispatchQueue.main.async {
                self.syncing = false
                self.lastSync = run.message
                self.refreshTick += 1
                self.scheduleBackgroundSync(after: run.summary)
            }
        }
    }

    private func makeRunner(_ box: Outbox) -> SyncRunner {
        SyncRunner(outbox: box, transport: URLSessionTransport(), tokens: KeychainTokenStore(), appVersion: Self.appVersion)
    }

    /// Background: a processing task that needs the network, at the core's next-attempt time.
    func scheduleBackgroundSync(after summary: SyncSummary?) {
        let pending = (try? outbox?.pendingCount()) ?? 0
        guard settings.enabled, let date = SyncPolicy.nextBackgroundDate(after: summary, pending: pending, now: Date())
        else {
            BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: SyncPolicy.backgroundTaskIdentifier)
            return
        }
        let request = BGProcessingTaskRequest(identifier: SyncPolicy.backgroundTaskIdentifier)
        request.requiresNetworkConnectivity = true
        request.requiresExternalPower = false
        request.earliestBeginDate = date
        try? BGTaskScheduler.shared.submit(request)
    }

    /// Registered once at launch (before the app finishes launching).
    static func registerBackgroundSync() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: SyncPolicy.backgroundTaskIdentifier, using: nil) { task in
            guard let task = task as? BGProcessingTask else { return }
            runBackgroundSync(task)
        }
    }

    private static func runBackgroundSync(_ task: BGProcessingTask) {
        let model = AppModel()
        guard let box = model.outbox else {
            task.setTaskCompleted(success: false)
            return
        }
        let runner = model.makeRunner(box)
        let settings = model.settings
        let work = DispatchWorkItem {
            let run = runner.run(settings, trigger: .background)
            DispatchQueue.main.async {
                model.scheduleBackgroundSync(after: run.summary)
                task.setTaskCompleted(success: run.success)
            }
        }
        // The transport's per-request timeout bounds the run; expiry only stops waiting for it.
        task.expirationHandler = { work.cancel() }
        DispatchQueue.global(qos: .utility).async(execute: work)
    }
}

/// The bearer token in the keychain (this device only, after first unlock: the background task
/// runs while the phone is locked).
final class KeychainTokenStore: TokenStore {
    private let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "dev.ply.sync",
        kSecAttrAccount as String: "token",
    ]

    func token() -> String? {
        var q = query
        q[kSecReturnData as String] = true
        q[kSecMatchLimit as String] = kSecMatchLimitOne
        var out: CFTypeRef?
        guard SecItemCopyMatching(q as CFDictionary, &out) == errSecSuccess, let data = out as? Data else { return nil }
        return String(data: data, encoding: .utf8)
    }

    func save(_ token: String?) {
        SecItemDelete(query as CFDictionary)
        guard let t = token else { return }
        var q = query
        q[kSecValueData as String] = Data(t.utf8)
        q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        SecItemAdd(q as CFDictionary, nil)
    }
}
