import Accessibility
import BackgroundTasks
import Network
import Observation
import PlyFFI
import PlyKit
import SwiftUI
import UIKit

/// The app's one model: it owns the `AppCore`, sends it events, performs its effects on the main
/// actor and keeps the view models the screens draw. Every decision is the core's.
@MainActor
@Observable
final class AppModel: PlatformEffects {
    static let syncTaskId = "dev.ply.sync"
    private static let uiStateKey = "ply.uiState"

    /// The view models: `view` read on every `Render` effect (one crossing), and each screen's
    /// the last that `view` carried, so that a tab not on top keeps what it drew.
    private(set) var view: ViewModel?
    private(set) var home: HomeView?
    private(set) var board: BoardView?
    private(set) var afterGame: AfterGameView?
    private(set) var history: HistoryView?
    private(set) var settings: SettingsView?
    /// The search's or review's progress as the last tick read it (`RenderProgress`); nil once a
    /// render has come since (which carries it too). Only the progress lines read it, so a tick
    /// redraws them alone: not the board and its accessibility elements.
    private(set) var progress: WorkProgress?
    /// The last haptic cue and a counter that changes with each (the `.sensoryFeedback` trigger).
    private(set) var cueCount = 0
    private(set) var lastCue: Cue = .move

    @ObservationIgnored private let core: AppCore
    @ObservationIgnored private let tokens = TokenStore()
    @ObservationIgnored private let pathMonitor = NWPathMonitor()
    @ObservationIgnored private var observers: [NSObjectProtocol] = []
    @ObservationIgnored private var boardShown = false
    /// The scene is on screen (active or inactive): the board is shown there.
    @ObservationIgnored private var sceneVisible = false

    init() {
        let shell = ShellBridge()
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0"
        let config = AppConfig(dataDir: Self.dataDirectory(), platform: .ios, appVersion: version,
                               totalRamBytes: DeviceFacts.totalMemory,
                               availableRamBytes: DeviceFacts.availableMemory(),
                               cpuCores: DeviceFacts.cpuCores, token: TokenStore().read())
        core = AppCore(config: config, shell: shell, transport: URLSessionTransport())
        shell.model = self
        if let saved = UserDefaults.standard.string(forKey: Self.uiStateKey) {
            send(.restoreUi(saved))
        }
        sendLanguages()
        observe()
        startPathMonitor()
        render()
    }

    deinit {
        pathMonitor.cancel()
    }

    /// The core's private directory, Application Support/Ply (the game in progress, settings,
    /// history, outbox): a game survives a force-quit.
    private static func dataDirectory() -> String {
        let base = (try? FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                                 appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
        let dir = base.appendingPathComponent("Ply", isDirectory: true)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    // MARK: events

    /// Sends an event and performs its effects.
    func send(_ event: Event) {
        EffectExecutor.perform(core.dispatch(event: event), on: self)
    }

    /// A board event: one FFI crossing returns the effects and the new board.
    func sendToBoard(_ event: Event) {
        let update = core.dispatchAndBoard(event: event)
        board = update.board
        EffectExecutor.perform(update.effects, on: self)
    }

    /// The scene phase (the launch phase included; a process launched for a background task
    /// starts in `.background`) as the core's event: the core decides what each means (an
    /// inactive scene is still on screen, so nothing stops).
    func sceneChanged(to phase: ScenePhase) {
        sceneVisible = phase != .background
        switch phase {
        case .active:
            // The offset may have changed meanwhile (a summer-time change sends no notification).
            sendLanguages()
            send(.deviceMemory(availableRamBytes: DeviceFacts.availableMemory()))
            send(.foreground)
        case .inactive:
            send(.inactive)
        case .background:
            send(.background)
            finishWrites()
        @unknown default:
            break
        }
        updateShown()
    }

    /// `ScreenShown` while the scene is on screen, `ScreenHidden` otherwise. Tabs are the core's
    /// (`ViewModel.tab`, `Event.selectTab`): the board on another tab does not think there.
    private func updateShown() {
        let shown = sceneVisible
        guard shown != boardShown else { return }
        boardShown = shown
        send(shown ? .screenShown : .screenHidden)
    }

    // MARK: platform observers (each started once, for the life of the process)

    private func observe() {
        let center = NotificationCenter.default
        // Cell labels stay on (the core's default): Voice Control users speak them ("tap d3"),
        // and iOS has no public way to tell whether Voice Control runs, so the shell never sends
        // Accessibility(labels: false). Lifting them costs Swift far less than it costs Kotlin.
        observers.append(center.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification,
                                            object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.send(.memoryPressure(.critical)) }
        })
        observers.append(center.addObserver(forName: NSLocale.currentLocaleDidChangeNotification,
                                            object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.sendLanguages() }
        })
        observers.append(center.addObserver(forName: .NSSystemTimeZoneDidChange,
                                            object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.sendLanguages() }
        })
    }

    /// The core speaks the language the app's own strings resolve to: the bundle's localizations
    /// (English, German) matched against the system's and the app's own language setting; and
    /// writes the history's times at the phone's offset from UTC.
    private func sendLanguages() {
        send(.languages(preferred: Bundle.main.preferredLocalizations))
        send(.timeZone(utcOffsetMinutes: Int32(TimeZone.current.secondsFromGMT() / 60)))
    }

    /// One monitor for the process, cancelled with the model; an expensive (cellular, hotspot) or
    /// constrained (Low Data Mode) path counts as metered.
    private func startPathMonitor() {
        // `@Sendable`: called on the monitor's queue, so not isolated to the main actor as a
        // plain closure formed here would be (Swift 6 traps on that at run time).
        pathMonitor.pathUpdateHandler = { @Sendable [weak self] path in
            let event = Self.networkEvent(path)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.send(event) }
            }
        }
        pathMonitor.start(queue: DispatchQueue(label: "dev.ply.path"))
    }

    private nonisolated static func networkEvent(_ path: NWPath) -> Event {
        .network(online: path.status == .satisfied, metered: path.isExpensive || path.isConstrained)
    }

    /// Keeps the app running (at most the system's background time) until the core's last
    /// writes are done, off the main thread (the core bounds the wait).
    private func finishWrites() {
        let core = core
        let time = BackgroundTime()
        time.id = UIApplication.shared.beginBackgroundTask(withName: "dev.ply.writes") {
            MainActor.assumeIsolated { time.end() }
        }
        DispatchQueue.global(qos: .utility).async {
            _ = core.finishWrites()
            DispatchQueue.main.async {
                MainActor.assumeIsolated { time.end() }
            }
        }
    }

    // MARK: background sync

    /// Registers the BGTask handler on this, the only model; called once from `PlyApp.init`.
    /// The launch and expiration handlers are `@Sendable`: they run on background queues, and a
    /// plain closure formed in this main-actor method would be main-actor isolated (Swift 6
    /// checks that at run time and traps off the main thread); what they do on the main actor
    /// they hop there for.
    func registerBackgroundSync() {
        let core = core
        let monitor = pathMonitor
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.syncTaskId, using: nil) { @Sendable [weak self] task in
            let done = TaskCompletion(task)
            // The system's deadline: the run is told to stop (it sends no further request and
            // keeps the rest in the outbox) and the task ends now as the core says, without
            // waiting for the run to return.
            task.expirationHandler = { @Sendable in
                let outcome = core.cancelBackgroundSync()
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { Self.finish(done, as: outcome) }
                }
            }
            // The network as it is now (a process launched for this task may not have heard from
            // the monitor yet): the core applies the metered setting, which the task cannot ask
            // for. A path not yet evaluated reads as unsatisfied, and the task requires a
            // connection anyway: only a satisfied path is reported. Its effects (a ScheduleSync
            // among them) are performed on the main actor like those of the core's own work.
            let path = monitor.currentPath
            if path.status == .satisfied {
                let effects = core.dispatch(event: Self.networkEvent(path))
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self?.receive(effects) }
                }
            }
            DispatchQueue.global(qos: .utility).async {
                // One blocking run off the main thread. Its effects (a new token for the
                // Keychain) were queued to the main queue by `ShellBridge` before it returned:
                // complete the task after them, or the app may be suspended first.
                let outcome = core.backgroundSync()
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { Self.finish(done, as: outcome) }
                }
            }
        }
    }

    /// Completes the task as the core's outcome says, once: the first of the run's end and the
    /// expiration does; the other finds it completed.
    private static func finish(_ done: TaskCompletion, as outcome: BackgroundOutcome) {
        guard let task = done.take() else { return }
        switch outcome {
        case .done:
            task.setTaskCompleted(success: true)
        case let .retryAfter(seconds):
            submitSyncRequest(at: Date(timeIntervalSinceNow: TimeInterval(seconds)))
            task.setTaskCompleted(success: false)
        case .giveUp:
            task.setTaskCompleted(success: false)
        }
    }

    // MARK: effects (PlatformEffects)

    /// One crossing: `view()` carries the view model of the screen on top (the selected tab's),
    /// and the core formats nothing for the others (the history's dates and lines). A tab not
    /// on top is not seen and keeps its last view; picking it sends `selectTab`, whose render
    /// carries its own.
    func render() {
        progress = nil
        let now = core.view()
        view = now
        if let v = now.home { home = v }
        if let v = now.board { board = v }
        if let v = now.afterGame { afterGame = v }
        if let v = now.history { history = v }
        if let v = now.settings { settings = v }
    }

    func renderProgress() {
        progress = core.progressView()
    }

    func saveUiState(_ blob: String) {
        UserDefaults.standard.set(blob, forKey: Self.uiStateKey)
    }

    func scheduleSync(at date: Date) {
        Self.submitSyncRequest(at: date)
    }

    /// Replaces the pending request for the sync task (fails in the simulator: harmless).
    private static func submitSyncRequest(at date: Date) {
        let request = BGProcessingTaskRequest(identifier: syncTaskId)
        request.requiresNetworkConnectivity = true
        request.earliestBeginDate = date
        try? BGTaskScheduler.shared.submit(request)
    }

    func storeToken(_ token: String?) {
        tokens.write(token)
    }

    func cue(_ cue: Cue) {
        lastCue = cue
        cueCount += 1
    }

    /// Queued (`.low`: spoken when the speech under way is done), so that VoiceOver finishes the
    /// tapped cell's own label before the core's announcement, instead of one cutting the other
    /// off (iOS 17's announcement priorities; the app's deployment target).
    func announce(_ text: String) {
        let queued = NSAttributedString(string: text, attributes: [
            .accessibilitySpeechAnnouncementPriority: UIAccessibilityPriority.low,
        ])
        AccessibilityNotification.Announcement(queued).post()
    }

    /// Effects of the core's background work (via `ShellBridge`, already on the main actor).
    func receive(_ effects: [Effect]) {
        EffectExecutor.perform(effects, on: self)
    }
}

/// The core's `AppShell`: the effects of background work arrive on a core thread and are
/// performed on the main actor; this never blocks the core.
final class ShellBridge: AppShell, @unchecked Sendable {
    weak var model: AppModel?

    func effects(effects: [Effect]) {
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.model?.receive(effects) }
        }
    }
}

/// A `beginBackgroundTask` ended once: by the expiration handler or when the writes are done.
@MainActor
final class BackgroundTime {
    var id: UIBackgroundTaskIdentifier = .invalid

    func end() {
        guard id != .invalid else { return }
        UIApplication.shared.endBackgroundTask(id)
        id = .invalid
    }
}

/// Completes a BGTask once: when the work ends or when the system expires it, whichever is first.
final class TaskCompletion: @unchecked Sendable {
    private let lock = NSLock()
    private var task: BGTask?

    init(_ task: BGTask) {
        self.task = task
    }

    /// The task, to the first caller only.
    func take() -> BGTask? {
        lock.lock()
        defer { lock.unlock() }
        let t = task
        task = nil
        return t
    }
}
