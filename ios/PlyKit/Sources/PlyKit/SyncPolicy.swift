import Foundation
import PlyFFI

/// The user's sync settings (the settings screen edits them; the app keeps them in UserDefaults).
public struct SyncSettings: Codable, Equatable, Sendable {
    public var enabled: Bool
    public var serverUrl: String

    public init(enabled: Bool = false, serverUrl: String = "") {
        self.enabled = enabled
        self.serverUrl = serverUrl
    }
}

/// Why a sync run starts: it decides whether the core's backoff is respected.
public enum SyncTrigger: Sendable {
    /// A game just ended or connectivity came back in the foreground: send now (`syncNow`).
    case foreground
    /// The BGTaskScheduler processing task: respects the core's backoff (`syncWhenDue`).
    case background
}

/// Whether to sync now, and why not.
public enum SyncDecision: Equatable, Sendable {
    case sync
    case skip(String)
}

/// When the app syncs (the core decides what): at once when a game ends or the network comes back
/// while the app is in the foreground (`NWPathMonitor`), and from a BGTaskScheduler processing task
/// (`dev.ply.sync`, `requiresNetworkConnectivity`) scheduled whenever games are pending; never while
/// sync is off or the server URL is invalid. After a failure the core's next-attempt time decides
/// the background task's earliest begin date.
public enum SyncPolicy {
    public static let backgroundTaskIdentifier = "dev.ply.sync"
    /// Earliest begin of the next background task when the core asked for no particular time.
    public static let defaultBackgroundInterval: TimeInterval = 6 * 3600
    /// Never schedule sooner than this (BGTaskScheduler ignores tighter requests anyway).
    public static let minimumBackgroundDelay: TimeInterval = 15 * 60

    public static func decide(_ settings: SyncSettings, pending: UInt64) -> SyncDecision {
        if !settings.enabled { return .skip("sync is off") }
        if case .failure = SettingsValidation.serverUrl(settings.serverUrl) { return .skip("no valid server address") }
        if pending == 0 { return .skip("nothing to send") }
        return .sync
    }

    /// The earliest begin date of the next background task after a run (nil: none needed).
    public static func nextBackgroundDate(after summary: SyncSummary?, pending: UInt64, now: Date) -> Date? {
        if pending == 0 { return nil }
        var delay = defaultBackgroundInterval
        if let s = summary {
            switch s.outcome {
            case let .notDue(untilMs):
                delay = Date(timeIntervalSince1970: Double(untilMs) / 1000).timeIntervalSince(now)
            case .retryLater, .done:
                if let at = s.nextAttemptAtMs {
                    delay = Date(timeIntervalSince1970: Double(at) / 1000).timeIntervalSince(now)
                }
            case .needsRegistration:
                delay = minimumBackgroundDelay
            }
        }
        return now.addingTimeInterval(max(delay, minimumBackgroundDelay))
    }

    /// Whether the background task succeeded (`BGTask.setTaskCompleted(success:)`).
    public static func succeeded(_ summary: SyncSummary) -> Bool {
        switch summary.outcome {
        case .done, .notDue: return true
        case .retryLater, .needsRegistration: return false
        }
    }

    public static func describe(_ s: SyncSummary) -> String {
        switch s.outcome {
        case .done:
            return "sent \(s.sent): \(s.accepted) stored, \(s.duplicates) already there, "
                + "\(s.rejected + s.rejectedLocally) rejected; \(s.remaining) waiting"
        case .notDue: return "waiting after a failure; \(s.remaining) games queued"
        case let .retryLater(reason): return "server unreachable (\(reason)); \(s.remaining) games kept"
        case .needsRegistration: return "the server refused this install's token"
        }
    }
}

/// Where the app keeps the bearer token (the app: the keychain).
public protocol TokenStore: AnyObject {
    func token() -> String?
    func save(_ token: String?)
}

/// What one sync run did.
public struct SyncRun {
    public let summary: SyncSummary?
    public let message: String
    public let success: Bool
}

/// One sync run (call it off the main thread: the transport blocks): skips when off, registers
/// the install when there is no token (or the server refused it), uploads the outbox.
public final class SyncRunner {
    private let outbox: Outbox
    private let transport: HttpTransport
    private let tokens: TokenStore
    private let appVersion: String

    public init(outbox: Outbox, transport: HttpTransport, tokens: TokenStore, appVersion: String) {
        self.outbox = outbox
        self.transport = transport
        self.tokens = tokens
        self.appVersion = appVersion
    }

    public func run(_ settings: SyncSettings, trigger: SyncTrigger) -> SyncRun {
        let pending = (try? outbox.pendingCount()) ?? 0
        if case let .skip(why) = SyncPolicy.decide(settings, pending: pending) {
            return SyncRun(summary: nil, message: why, success: true)
        }
        guard case let .success(server) = SettingsValidation.serverUrl(settings.serverUrl) else {
            return SyncRun(summary: nil, message: "no valid server address", success: false)
        }
        do {
            var summary = try upload(server, trigger, tokens.token() ?? register(server))
            if summary.outcome == .needsRegistration {
                tokens.save(nil)
                summary = try upload(server, trigger, register(server))
            }
            return SyncRun(summary: summary, message: SyncPolicy.describe(summary), success: SyncPolicy.succeeded(summary))
        } catch {
            return SyncRun(summary: nil, message: describe(error), success: false)
        }
    }

    private func register(_ server: String) throws -> String {
        let token = try registerDevice(transport: transport, server: server, platform: .ios, appVersion: appVersion)
        tokens.save(token)
        return token
    }

    private func upload(_ server: String, _ trigger: SyncTrigger, _ token: String) throws -> SyncSummary {
        switch trigger {
        case .foreground: return try syncNow(outbox: outbox, transport: transport, server: server, token: token)
        case .background: return try syncWhenDue(outbox: outbox, transport: transport, server: server, token: token)
        }
    }
}

/// A finished game the app remembers for the history screen (the outbox forgets uploaded ones).
public struct FinishedGame: Codable, Equatable, Sendable, Identifiable {
    public let id: String
    public let game: GameKindName
    public let result: String
    public let endedAt: Date

    public init(id: String, game: GameKindName, result: String, endedAt: Date) {
        self.id = id
        self.game = game
        self.result = result
        self.endedAt = endedAt
    }
}

public enum SyncState: Equatable, Sendable {
    case waiting
    case rejected(String)
    case synced
}

/// One row of the history screen.
public struct HistoryRow: Equatable, Sendable, Identifiable {
    public var id: String { game.id }
    public let game: FinishedGame
    public let state: SyncState
}

/// The history screen's rows: every finished game, newest first, with its sync state (pending in
/// the outbox, set aside as rejected, or gone from the outbox = acknowledged by the server).
public func historyRows(_ games: [FinishedGame], pending: [OutboxItem], rejected: [RejectedItem]) -> [HistoryRow] {
    let waiting = Set(pending.map { $0.id })
    let refused = Dictionary(rejected.map { ($0.id, $0.reason) }, uniquingKeysWith: { a, _ in a })
    return games.sorted { $0.endedAt > $1.endedAt }.map { g in
        if let why = refused[g.id] { return HistoryRow(game: g, state: .rejected(why)) }
        return HistoryRow(game: g, state: waiting.contains(g.id) ? .waiting : .synced)
    }
}
