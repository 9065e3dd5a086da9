import Foundation
import Observation
import PlyFFI

/// Where the core stands.
public enum CoreState: Sendable, Equatable {
    /// Being created off the main thread (the first frame shows a progress indicator).
    case starting
    case ready
    /// The core could not start: `reason` is the core's sentence in the person's language; the
    /// screen offers to try again.
    case failed(reason: String)
}

/// The core's scene phase, by a name SwiftUI's `ScenePhase` does not hide.
public typealias CoreScenePhase = ScenePhase

/// Creates the core off the main thread with the shell the model gives it. Throws when it cannot
/// (`AppCore.start`'s error, a data directory that cannot be made).
public typealias CoreFactory = @Sendable (AppShell) throws -> AppCore

/// The app's one model: owns the `AppCore` (started off the main thread, with a failure state
/// instead of a crash), sends it events, performs its effects on the main actor through the
/// platform's services, and keeps the view model the screens draw. Every decision is the
/// core's: which events a scene phase means, what a network path is, which background task to
/// ask for and how it ends; this only carries them.
@MainActor
@Observable
public final class AppModel {
    public private(set) var state: CoreState = .starting
    /// What the screens draw: the view model the last `Render` read (nil until the core is up).
    /// Only the screen on top has its model; the others are drawn from nothing.
    public private(set) var view: ViewModel?
    /// The search's or review's progress as the last tick read it (`RenderProgress`); nil once a
    /// render has come since, which carries it too. Only the progress lines read it, so a tick
    /// redraws them alone.
    public private(set) var progress: WorkProgress?

    /// The core once started (tests read its limits).
    @ObservationIgnored private(set) var core: AppCore?
    @ObservationIgnored private let services: PlatformServices
    @ObservationIgnored private let factory: CoreFactory
    @ObservationIgnored private let shell = ShellBridge()
    /// Events sent while the core starts, sent in order once it is up.
    @ObservationIgnored private var waiting: [Event] = []
    /// Background tasks launched while the core starts.
    @ObservationIgnored private var pendingTasks: [BackgroundTaskHandle] = []
    @ObservationIgnored private var launched = false
    @ObservationIgnored private var observing = false

    public init(services: PlatformServices, factory: @escaping CoreFactory) {
        self.services = services
        self.factory = factory
        shell.model = self
    }

    // MARK: start

    /// Starts the core off the main thread; again after a failure (the error screen's retry). A
    /// no-op while starting or started.
    public func start() {
        switch state {
        case .ready:
            return
        case .starting:
            if launched { return }
        case .failed:
            state = .starting
        }
        launched = true
        observe()
        let factory = factory
        let shell = shell
        let languages = services.device.languages()
        DispatchQueue.global(qos: .userInitiated).async {
            let outcome: Result<AppCore, StartFailure>
            do {
                outcome = .success(try factory(shell))
            } catch {
                // The reason in the person's language; the library is linked into the app, so
                // the core's function is there even when the core could not start.
                // The core's typed start errors carry its own words; anything else is named
                // by its type.
                let detail: String
                switch error {
                case PlyError.Storage(let reason), PlyError.Internal(let reason): detail = reason
                default: detail = "\(type(of: error)): \(error)"
                }
                outcome = .failure(StartFailure(reason: startFailureReason(languages: languages, detail: detail)))
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.started(outcome) }
            }
        }
    }

    private func started(_ outcome: Result<AppCore, StartFailure>) {
        switch outcome {
        case let .success(core):
            self.core = core
            state = .ready
            // The session's facts first, then what came while the core started (the launch's
            // scene phase among them).
            var first: [Event] = []
            if let saved = services.uiState.load() {
                first.append(.platform(.restoreUi(saved)))
            }
            first += languageEvents()
            let a = services.signals.accessibility
            first.append(.platform(.iosAccessibility(voiceOver: a.voiceOver, switchControl: a.switchControl)))
            if let path = services.network.current {
                first.append(Self.networkEvent(path))
            }
            let events = first + waiting
            waiting = []
            for e in events {
                perform(core.dispatch(event: e))
            }
            render()
            let tasks = pendingTasks
            pendingTasks = []
            for task in tasks {
                runBackgroundSync(task)
            }
        case let .failure(failure):
            waiting = []
            state = .failed(reason: failure.reason)
            // A process launched for a background task: run again later, as the core says.
            let tasks = pendingTasks
            pendingTasks = []
            for task in tasks {
                end(task, as: syncWorkerPolicy().coreNotStarted)
            }
        }
    }

    /// The platform's observers, each started once; they keep the model, which lives as long as
    /// the process.
    private func observe() {
        guard !observing else { return }
        observing = true
        services.signals.start { signal in
            self.handle(signal)
        }
        services.network.start { path in
            let event = Self.networkEvent(path)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.send(event) }
            }
        }
    }

    // MARK: events

    /// Sends an event and performs its effects; while the core starts, the event waits.
    public func send(_ event: Event) {
        switch state {
        case .ready:
            if let core {
                perform(core.dispatch(event: event))
            }
        case .starting:
            waiting.append(event)
        case .failed:
            break
        }
    }

    /// The scene phase (the launch's included: a process launched for a background task starts
    /// in `.background`), as the core's event; the writes are finished where the core says.
    public func sceneChanged(to phase: ScenePhase) {
        send(.platform(.scenePhase(phase: phase, availableRamBytes: services.device.availableMemory())))
        if sceneEndsWrites(phase) {
            finishWrites()
        }
    }

    private func sceneEndsWrites(_ phase: ScenePhase) -> Bool {
        scenePhaseFinishesWrites(phase: phase)
    }

    /// What the system said.
    public func handle(_ signal: SystemSignal) {
        switch signal {
        case .memoryWarning:
            send(.platform(.memoryPressure(.critical)))
        case .languagesChanged:
            for e in languageEvents() {
                send(e)
            }
        case .accessibilityChanged:
            let a = services.signals.accessibility
            send(.platform(.iosAccessibility(voiceOver: a.voiceOver, switchControl: a.switchControl)))
        }
    }

    private func languageEvents() -> [Event] {
        [.platform(.languages(preferred: services.device.languages())),
         .platform(.timeZone(utcOffsetMinutes: services.device.utcOffsetMinutes()))]
    }

    nonisolated static func networkEvent(_ path: NetworkPathFacts) -> Event {
        .platform(.networkPath(satisfied: path.satisfied, expensive: path.expensive, constrained: path.constrained))
    }

    /// Keeps the app running (at most the system's background time) until the core's last
    /// writes are done, off the main thread (the core bounds the wait).
    private func finishWrites() {
        guard let core else { return }
        let time = services.backgroundTime
        let once = Once()
        let id = time.begin(name: "dev.ply.writes") {
            once.run()
        }
        once.body = {
            if let id { time.end(id) }
        }
        DispatchQueue.global(qos: .utility).async {
            _ = core.finishWrites()
            DispatchQueue.main.async {
                MainActor.assumeIsolated { once.run() }
            }
        }
    }

    // MARK: background sync

    /// A background task the system launched (`BGTaskScheduler`'s handler, on the main actor):
    /// the network as it is now, one blocking run off the main thread, and the task ended as
    /// the core's outcome says, by the run or by the system's expiration, whichever is first.
    public func runBackgroundSync(_ task: BackgroundTaskHandle) {
        switch state {
        case .failed:
            end(task, as: syncWorkerPolicy().coreNotStarted)
            return
        case .starting:
            // Run once the core is up; a core that takes longer than the policy's time to start
            // leaves the task to run again later.
            pendingTasks.append(task)
            let wait = Double(syncWorkerPolicy().startTimeoutMs) / 1000
            DispatchQueue.main.asyncAfter(deadline: .now() + wait) {
                MainActor.assumeIsolated {
                    guard let i = self.pendingTasks.firstIndex(where: { $0 === task }) else { return }
                    self.pendingTasks.remove(at: i)
                    self.end(task, as: syncWorkerPolicy().coreNotStarted)
                }
            }
            return
        case .ready:
            break
        }
        guard let core else { return }
        let done = TaskCompletion(task)
        task.onExpiration {
            // The run sends no further request and keeps the rest in the outbox; the task ends
            // now, as the core says, without waiting for the run.
            let outcome = core.cancelBackgroundSync()
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.finish(done, as: outcome) }
            }
        }
        // A process launched for this task may not have heard from the monitor yet.
        if let path = services.network.current {
            send(Self.networkEvent(path))
        }
        DispatchQueue.global(qos: .utility).async {
            // Its effects (a new token) reach the main queue before it returns: the task ends
            // after them.
            let outcome = core.backgroundSync()
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.finish(done, as: outcome) }
            }
        }
    }

    private func finish(_ done: TaskCompletion, as outcome: BackgroundOutcome) {
        guard let task = done.take() else { return }
        end(task, as: outcome)
    }

    private func end(_ task: BackgroundTaskHandle, as outcome: BackgroundOutcome) {
        let end = iosTaskEnd(outcome: outcome)
        if let again = end.resubmit {
            services.tasks.submit(again)
        }
        task.complete(success: end.success)
    }

    // MARK: effects

    /// Performs the core's effects in order: the core puts at most one `Render` in a batch,
    /// last, and one saved UI state, so each is performed as it comes.
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .render:
                render()
            case .renderProgress:
                progress = core?.progressView()
            case let .saveUiState(blob):
                services.uiState.save(blob)
            case let .scheduleSync(notBeforeMs, meteredOk):
                services.tasks.submit(iosSyncRequest(notBeforeMs: notBeforeMs, meteredOk: meteredOk))
            case let .storeToken(token):
                services.tokens.write(token)
            case let .cue(cue):
                services.haptics.play(cue)
            case let .announce(text):
                services.announcer.announce(text)
            }
        }
    }

    /// One read across the FFI: the view model of the screen on top. (`view()` is nil only when
    /// the core failed inside: the last view stays.)
    private func render() {
        progress = nil
        if let now = core?.view() {
            view = now
        }
    }

    /// The effects of the core's own work, on the main actor.
    fileprivate func receive(_ effects: [Effect]) {
        perform(effects)
    }

    // MARK: what the progress lines draw

    /// The thinking line: the newer tick's, else the last render's.
    public func thinking(rendered: ThinkingView?) -> ThinkingView? {
        progress.map { $0.thinking } ?? rendered
    }

    /// A running review's progress: the newer tick's, else the last render's (`done` of
    /// `total`), with the fraction done for a progress bar.
    public func reviewProgress(done: UInt32, total: UInt32, text: String) -> (fraction: Double, text: String) {
        let tick = progress?.review
        let d = tick?.done ?? done
        let t = tick?.total ?? total
        return (t == 0 ? 0 : min(Double(d) / Double(t), 1), tick?.text ?? text)
    }
}

/// Why the core did not start.
struct StartFailure: Error {
    let reason: String
}

/// The core's `AppShell`: the effects of its own work arrive on a core thread and are performed
/// on the main actor, in order; this never blocks the core.
final class ShellBridge: AppShell, @unchecked Sendable {
    // Set once on the main actor before the core exists; read on the main actor.
    weak var model: AppModel?

    func effects(effects: [Effect]) {
        guard !effects.isEmpty else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.model?.receive(effects) }
        }
    }
}

/// Completes a background task once: when the run ends or when the system expires it, whichever
/// is first.
final class TaskCompletion: @unchecked Sendable {
    private let lock = NSLock()
    private var task: BackgroundTaskHandle?

    init(_ task: BackgroundTaskHandle) {
        self.task = task
    }

    /// The task, to the first caller only.
    func take() -> BackgroundTaskHandle? {
        lock.lock()
        defer { lock.unlock() }
        let t = task
        task = nil
        return t
    }
}

/// Background time ended once: by the system's expiration or when the writes are done.
@MainActor
final class Once {
    var body: (@MainActor () -> Void)?

    func run() {
        guard let b = body else { return }
        body = nil
        b()
    }
}
