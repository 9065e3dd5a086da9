import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlyFFI
import XCTest
@testable import PlyKit

// Fakes of the Apple services (the app target's implementations forward to the frameworks), a
// model on the real core in a temporary directory, and a real ply-server on loopback.

final class FakeScheduler: BackgroundTaskScheduling, @unchecked Sendable {
    private let lock = NSLock()
    private var _submitted: [IosTaskRequest] = []
    var submitted: [IosTaskRequest] { lock.withLock { _submitted } }

    func submit(_ request: IosTaskRequest) {
        lock.withLock { _submitted.append(request) }
    }
}

/// A background task the test launches and may expire.
final class FakeTask: BackgroundTaskHandle, @unchecked Sendable {
    private let lock = NSLock()
    private var expiration: (@Sendable () -> Void)?
    private var _completions: [Bool] = []
    var completions: [Bool] { lock.withLock { _completions } }

    func onExpiration(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { expiration = handler }
    }

    /// What the system does when the task's time is up.
    func expire() {
        let h = lock.withLock { expiration }
        h?()
    }

    func complete(success: Bool) {
        lock.withLock { _completions.append(success) }
    }
}

@MainActor
final class FakeBackgroundTime: BackgroundTime {
    var begun: [String] = []
    var ended: [Int] = []
    private var next = 1

    func begin(name: String, expiration: @escaping @MainActor @Sendable () -> Void) -> Int? {
        begun.append(name)
        next += 1
        return next
    }

    func end(_ id: Int) {
        ended.append(id)
    }
}

final class FakePathMonitor: NetworkPathMonitoring, @unchecked Sendable {
    private let lock = NSLock()
    private var update: (@Sendable (NetworkPathFacts) -> Void)?
    private var path: NetworkPathFacts?

    init(_ path: NetworkPathFacts? = NetworkPathFacts(satisfied: true, expensive: false, constrained: false)) {
        self.path = path
    }

    func start(_ update: @escaping @Sendable (NetworkPathFacts) -> Void) {
        lock.withLock { self.update = update }
    }

    var current: NetworkPathFacts? { lock.withLock { path } }

    func cancel() {}

    /// A path update, as NWPathMonitor sends it on its own queue.
    func report(_ facts: NetworkPathFacts) {
        let u = lock.withLock { () -> (@Sendable (NetworkPathFacts) -> Void)? in
            path = facts
            return update
        }
        DispatchQueue.global().async { u?(facts) }
    }
}

final class FakeTokens: TokenStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?
    private var _writes: [String?] = []
    var writes: [String?] { lock.withLock { _writes } }
    var stored: String? { lock.withLock { token } }

    init(_ token: String? = nil) {
        self.token = token
    }

    func read() -> String? { lock.withLock { token } }

    func write(_ token: String?) {
        lock.withLock {
            self.token = token
            _writes.append(token)
        }
    }
}

@MainActor
final class FakeSignals: SystemSignals {
    private var handler: (@MainActor @Sendable (SystemSignal) -> Void)?
    var accessibility = AccessibilityFacts(voiceOver: false, switchControl: false)

    func start(_ handler: @escaping @MainActor @Sendable (SystemSignal) -> Void) {
        self.handler = handler
    }

    func post(_ signal: SystemSignal) {
        handler?(signal)
    }
}

@MainActor
final class FakeHaptics: Haptics {
    var cues: [Cue] = []
    func play(_ cue: Cue) { cues.append(cue) }
}

@MainActor
final class FakeAnnouncer: Announcer {
    var said: [String] = []
    func announce(_ text: String) { said.append(text) }
}

final class MemoryUiState: UiStateStore, @unchecked Sendable {
    private let lock = NSLock()
    private var blob: String?
    init(_ blob: String? = nil) { self.blob = blob }
    func load() -> String? { lock.withLock { blob } }
    func save(_ blob: String) { lock.withLock { self.blob = blob } }
}

final class FakeDevice: DeviceFacts, @unchecked Sendable {
    private let lock = NSLock()
    private var free: UInt64
    private var langs: [String]
    let totalMemory: UInt64 = 4 << 30
    let cpuCores: UInt32 = 2

    init(languages: [String] = ["en"], available: UInt64 = 2 << 30) {
        langs = languages
        free = available
    }

    func availableMemory() -> UInt64 { lock.withLock { free } }
    func languages() -> [String] { lock.withLock { langs } }
    func utcOffsetMinutes() -> Int32 { 60 }

    func set(languages: [String]) { lock.withLock { langs = languages } }
}

final class RecordingLog: LogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var _lines: [String] = []
    var lines: [String] { lock.withLock { _lines } }

    func log(level: LogLevel, target: String, message: String) {
        lock.withLock { _lines.append("\(level) \(target): \(message)") }
    }
}

/// The services of one test, with their fakes at hand.
@MainActor
struct Fakes {
    let scheduler = FakeScheduler()
    let time = FakeBackgroundTime()
    let network: FakePathMonitor
    let tokens: FakeTokens
    let signals = FakeSignals()
    let haptics = FakeHaptics()
    let announcer = FakeAnnouncer()
    let uiState: MemoryUiState
    let device: FakeDevice

    init(token: String? = nil, uiState: String? = nil, languages: [String] = ["en"],
         network: NetworkPathFacts? = NetworkPathFacts(satisfied: true, expensive: false, constrained: false)) {
        tokens = FakeTokens(token)
        self.uiState = MemoryUiState(uiState)
        device = FakeDevice(languages: languages)
        self.network = FakePathMonitor(network)
    }

    var services: PlatformServices {
        PlatformServices(tasks: scheduler, backgroundTime: time, network: network, tokens: tokens, signals: signals,
                         haptics: haptics, announcer: announcer, uiState: uiState, device: device)
    }
}

/// Fresh directories and the cores writing into them: `removeAll()` (each test's `tearDown`)
/// stops the cores first (hidden and in the background they start nothing new and stop their
/// searches; their last writes finish), then removes the directories.
enum TempDirs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [URL] = []
    nonisolated(unsafe) private static var cores: [AppCore] = []

    static func make() -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plykit-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        lock.withLock { made.append(dir) }
        return dir
    }

    static func track(_ core: AppCore) {
        lock.withLock { cores.append(core) }
    }

    static func removeAll() {
        let (dirs, running) = lock.withLock { () -> ([URL], [AppCore]) in
            defer {
                made = []
                cores = []
            }
            return (made, cores)
        }
        for core in running {
            _ = core.dispatch(event: .platform(.screenHidden))
            _ = core.dispatch(event: .platform(.background))
            _ = core.waitIdle(timeoutMs: 10_000)
            _ = core.finishWrites()
        }
        for d in dirs { try? FileManager.default.removeItem(at: d) }
    }
}

/// A model on the real core, started, in `dir`.
@MainActor
func startedModel(_ fakes: Fakes, dir: URL = TempDirs.make(), transport: HttpTransport? = nil,
                  log: LogSink = RecordingLog(), file: StaticString = #filePath, line: UInt = #line) async throws
    -> AppModel {
    let factory = CoreStart.factory(dataDirectory: CoreStart.dataDirectory(in: dir), appVersion: "test",
                                    device: fakes.device, tokens: fakes.tokens, transport: transport, log: log,
                                    level: .info)
    let model = AppModel(services: fakes.services, factory: factory)
    model.start()
    try await until("the core starts", file: file, line: line) { model.state != .starting }
    XCTAssertEqual(model.state, .ready, file: file, line: line)
    if let core = model.core {
        TempDirs.track(core)
    }
    return model
}

/// Waits on the main actor (the main queue runs meanwhile: the core's effects arrive there)
/// until `condition` holds, at most `seconds`.
@MainActor
func until(_ what: String, seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line,
           _ condition: @MainActor () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline {
            XCTFail("timed out: \(what)", file: file, line: line)
            throw TimedOut(what: what)
        }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
}

struct TimedOut: Error {
    let what: String
}

/// Lets the main queue run for `seconds` (nothing is expected to happen).
@MainActor
func pause(_ seconds: Double) async throws {
    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
}

extension ViewModel {
    // Each screen's model when it is the screen drawn (the app switches over `screen` instead).
    var home: HomeView? {
        guard case let .home(home) = screen else { return nil }
        return home
    }
    var board: BoardView? {
        guard case let .board(board) = screen else { return nil }
        return board
    }
    var afterGame: AfterGameView? {
        guard case let .afterGame(afterGame) = screen else { return nil }
        return afterGame
    }
    var history: HistoryView? {
        guard case let .history(history) = screen else { return nil }
        return history
    }
    var settings: SettingsView? {
        guard case let .settings(settings) = screen else { return nil }
        return settings
    }
}

extension AppModel {
    /// The board on top.
    var board: BoardView? { view?.board }

    /// Presses one of the screen's buttons as the SwiftUI button does: sends its event.
    func press(_ kind: ActionKind, file: StaticString = #filePath, line: UInt = #line) {
        let actions = (view?.board?.actions ?? []) + (view?.afterGame?.actions ?? [])
        guard let action = actions.first(where: { $0.kind == kind }) else {
            XCTFail("no \(kind) among \(actions.map(\.kind))", file: file, line: line)
            return
        }
        XCTAssertTrue(action.enabled, "\(kind) is dimmed", file: file, line: line)
        guard let event = action.event else {
            XCTFail("\(kind) sends no event", file: file, line: line)
            return
        }
        send(event)
    }

    /// A Connect Four game between two people that the first wins in seven moves, played by
    /// taps on the cells of the columns (the bottom cell of column 1 and 2).
    func quickWin() {
        send(.home(.chooseGame(.connectFour)))
        send(.home(.chooseMode(.twoPlayers)))
        send(.home(.newGame))
        for c in ["1", "2", "1", "2", "1", "2", "1"] {
            send(.board(.playNotation(c)))
        }
    }
}

/// A ply-server on loopback (the binary tests/swift.sh built, `PLY_SERVER_BIN`), on SQLite in a
/// temporary directory, with an admin token to read back what it stored.
final class PlyServer {
    let url: String
    let adminToken = "test-admin-0123456789abcdefghijklmnopqrstuvwxyz"
    private let process: Process

    init() throws {
        guard let bin = ProcessInfo.processInfo.environment["PLY_SERVER_BIN"] else {
            throw XCTSkip("PLY_SERVER_BIN is not set (tests/swift.sh sets it)")
        }
        let dir = TempDirs.make()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bin)
        p.arguments = ["--listen", "127.0.0.1:0", "--db", "sqlite://\(dir.path)/ply.db", "--admin-token", adminToken,
                       "--no-storage-budget", "--log-format", "json", "--log", "info"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        process = p
        // The "started" event names the address.
        var address: String?
        var buffer = Data()
        let deadline = Date().addingTimeInterval(30)
        while address == nil && Date() < deadline {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            for line in String(decoding: buffer, as: UTF8.self).split(separator: "\n") {
                guard let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let fields = json["fields"] as? [String: Any],
                      fields["message"] as? String == "ply-server started",
                      let listen = fields["listen"] as? String else { continue }
                address = listen
            }
        }
        guard let address else {
            p.terminate()
            throw ServerDidNotStart(log: String(decoding: buffer, as: UTF8.self))
        }
        url = "http://\(address)"
        // Keep reading its log so that it never blocks on a full pipe.
        err.fileHandleForReading.readabilityHandler = { h in _ = h.availableData }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The ids of the records the server stored, read back through its export (admin).
    func storedIds() throws -> [String] {
        var request = URLRequest(url: URL(string: "\(url)/v1/games?limit=1000")!)
        request.setValue("Bearer \(adminToken)", forHTTPHeaderField: "Authorization")
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        URLSession(configuration: .ephemeral).dataTask(with: request) { data, _, error in
            box.data = data
            box.error = error
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 30)
        if let e = box.error { throw e }
        // JSON Lines: one stored record a line.
        return String(decoding: box.data ?? Data(), as: UTF8.self).split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
    }

    private final class Box: @unchecked Sendable {
        var data: Data?
        var error: Error?
    }
}

struct ServerDidNotStart: Error {
    let log: String
}

/// The transport the app uses, counting each record it uploads; its first upload can be held
/// (after telling the test it arrived) until the test lets it go on.
final class CountingTransport: HttpTransport, @unchecked Sendable {
    private let inner = URLSessionTransport()
    private let lock = NSLock()
    private var _sent: [String: Int] = [:]
    private var _registrations = 0
    private var hold: Gate?

    var sent: [String: Int] { lock.withLock { _sent } }
    var registrations: Int { lock.withLock { _registrations } }

    /// Where a held upload waits.
    final class Gate: @unchecked Sendable {
        /// Signalled when the upload comes.
        let arrived = DispatchSemaphore(value: 0)
        /// The upload goes on once this is signalled.
        let go = DispatchSemaphore(value: 0)

        /// Waits off the main actor (which must keep running) until the upload came.
        func waitForArrival(seconds: Double) async -> Bool {
            await Task.detached { self.arrived.wait(timeout: .now() + seconds) == .success }.value
        }
    }

    /// The next upload waits at the returned gate.
    func holdNextUpload() -> Gate {
        let g = Gate()
        lock.withLock { hold = g }
        return g
    }

    func send(request: HttpRequest) throws -> HttpResponse {
        if request.url.hasSuffix("/v1/devices") {
            lock.withLock { _registrations += 1 }
        }
        if request.url.hasSuffix("/v1/games") {
            let json = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
            let ids = (json?["records"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            let held = lock.withLock { () -> Gate? in
                for id in ids { _sent[id, default: 0] += 1 }
                defer { hold = nil }
                return hold
            }
            if let held {
                held.arrived.signal()
                held.go.wait()
            }
        }
        return try inner.send(request: request)
    }
}
