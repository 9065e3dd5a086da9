import Foundation
import PlyFFI

/// Runs a task somewhere: the app passes the main queue and a serial background queue; tests pass
/// `ManualExecutor`s they drain themselves.
public typealias Executor = (@escaping () -> Void) -> Void

/// Something the screen reacts to once (navigation, sync), as opposed to the drawn state.
public enum GameEvent: Equatable, Sendable {
    /// The game ended; its record is in the outbox under `recordId` (nil without an outbox or on failure).
    case finished(recordId: String?, statusText: String)
    /// A finished game waits in the outbox: the app asks `SyncPolicy` / BGTaskScheduler to sync.
    case syncRequested
}

/// How records describe this app (`GameSession.setClient`).
public struct ClientDescription: Sendable {
    public let appVersion: String
    public let totalRamBytes: UInt64

    public init(appVersion: String, totalRamBytes: UInt64) {
        self.appVersion = appVersion
        self.totalRamBytes = totalRamBytes
    }
}

/// The game screen's state machine around one `GameSession` (mirrors the Android shell's).
///
/// Threads: call every public method from the thread `main` runs tasks on (the main thread in the
/// app). Searches and outbox writes run on `background`, which must run tasks one after another
/// (a serial queue): a cancelled search then always returns before the next one starts.
/// Against the computer, the computer's turn starts a search at once; undo, redo, resign, a new
/// game or `close()` cancel it and a late result is ignored (a generation counter). In
/// computer-against-computer games undo/redo pause the play until `resume()`.
public final class GameController {
    public let setup: GameSetup
    private let session: GameSession
    private let background: Executor
    private let main: Executor
    private let outbox: Outbox?
    private var marks = UiMarks()
    private var snap: Snapshot
    private let generation = Generation()
    private var closed = false
    private var autoPlay = true
    /// The board is on screen and the app in the foreground (see `leave()` / `enter()`).
    private var onScreen = true
    private var recordedEnd = false
    private var stats: [Int: MoveStat]
    private var attached = false

    /// Called with every new state (on `main`).
    public var onState: ((BoardViewState) -> Void)?
    /// Called with one-off events (on `main`).
    public var onEvent: ((GameEvent) -> Void)?

    /// The current view state.
    public private(set) var state: BoardViewState

    private init(setup: GameSetup, session: GameSession, background: @escaping Executor, main: @escaping Executor,
                 outbox: Outbox?, stats: [MoveStat]) throws {
        self.setup = setup
        self.session = session
        self.background = background
        self.main = main
        self.outbox = outbox
        self.stats = Dictionary(stats.map { ($0.ply, $0) }, uniquingKeysWith: { _, b in b })
        let s = try session.snapshot()
        self.snap = s
        self.state = buildViewState(s, UiMarks(), humanToMove: !s.computerToMove, paused: false)
    }

    /// A new game; every search is capped by `limits` (the device's, see `DeviceLimits`).
    public static func create(setup: GameSetup, limits: EngineLimits?, background: @escaping Executor,
                              main: @escaping Executor, outbox: Outbox? = nil,
                              client: ClientDescription? = nil) throws -> GameController {
        let players = try setup.players()
        let session = try GameSession(game: setup.game, first: players.first, second: players.second,
                                      startPosition: setup.startPosition)
        configure(session, limits, client)
        return try GameController(setup: setup, session: session, background: background, main: main,
                                  outbox: outbox, stats: [])
    }

    /// Rebuilds a saved game by replaying its moves (throws `PlyError` if one is illegal).
    public static func restore(_ saved: SavedGame, limits: EngineLimits?, background: @escaping Executor,
                               main: @escaping Executor, outbox: Outbox? = nil,
                               client: ClientDescription? = nil) throws -> GameController {
        let setup = saved.setup
        // Replayed as two humans (the session refuses human moves on a computer's turn), then the
        // computer players take their seats.
        let session = try GameSession(game: setup.game, first: PlayerKind.human, second: PlayerKind.human,
                                      startPosition: setup.startPosition)
        for m in saved.moves {
            _ = try session.play(moveText: m)
        }
        let players = try setup.players()
        session.setPlayer(side: .first, player: players.first)
        session.setPlayer(side: .second, player: players.second)
        if let r = saved.resignedByFirst {
            try session.resign(player: r ? .first : .second)
        }
        configure(session, limits, client)
        let c = try GameController(setup: setup, session: session, background: background, main: main,
                                   outbox: outbox, stats: saved.stats)
        // A restored finished game was recorded before the app was killed (the outbox keeps it).
        c.recordedEnd = c.snap.status != .playing
        return c
    }

    private static func configure(_ session: GameSession, _ limits: EngineLimits?, _ client: ClientDescription?) {
        if let l = limits {
            session.setLimits(limits: l)
        }
        if let c = client {
            session.setClient(appVersion: c.appVersion, platform: .ios, totalRamBytes: c.totalRamBytes)
        }
    }

    /// Starts delivering states (at once with the current one) and starts the computer if it is to move.
    public func attach() {
        attached = true
        onState?(state)
        maybeStartComputer()
    }

    /// The engine limits every search of this game is clamped to.
    public func limits() -> EngineLimits { session.limits() }

    /// The current snapshot (tests, the after-game screen).
    public func snapshot() -> Snapshot { snap }

    /// The human taps the cell `index` (Connect Four: any cell of a column drops there).
    public func tap(_ index: Int) {
        if closed || !state.acceptsInput { return }
        stopHint()
        let legal = snap.legalMoves
        switch setup.game {
        case .othello:
            if let m = legal.first(where: { $0.to.map(Int.init) == index }) { playMove(m) } else { say("Not a legal move") }
        case .connectFour:
            let col = index % max(Int(snap.cols), 1)
            if let m = legal.first(where: { $0.column.map(Int.init) == col }) { playMove(m) } else { say("That column is full") }
        case .draughts, .relaxedDraughts:
            tapDraughts(index, legal)
        }
    }

    private func tapDraughts(_ index: Int, _ legal: [MoveInfo]) {
        let fromHere = legal.contains { $0.from.map(Int.init) == index }
        if let selected = marks.selected {
            let choices = legal.filter { $0.from.map(Int.init) == selected && $0.to.map(Int.init) == index }
            if choices.count == 1 {
                playMove(choices[0])
            } else if choices.count > 1 {
                marks.pathChoices = choices
                marks.message = "Choose the capture path"
                publish()
            } else if fromHere {
                marks.selected = index
                marks.pathChoices = []
                marks.message = nil
                publish()
            } else {
                marks.selected = nil
                marks.pathChoices = []
                marks.message = nil
                publish()
            }
        } else if fromHere {
            marks.selected = index
            marks.message = nil
            publish()
        } else {
            let piece = snap.cells.first { Int($0.index) == index }?.piece ?? .empty
            say(pieceName(piece) != nil ? "That piece cannot move" : "Select a piece to move first")
        }
    }

    /// Plays the capture path the user picked among `state.pathChoices`.
    public func choosePath(_ choice: Int) {
        guard state.acceptsInput, marks.pathChoices.indices.contains(choice) else { return }
        playMove(marks.pathChoices[choice])
    }

    /// Drops the draughts selection and any pending path choice.
    public func cancelSelection() {
        marks.selected = nil
        marks.pathChoices = []
        marks.message = nil
        publish()
    }

    /// Othello: the human to move has no disc to place and passes.
    public func pass() {
        guard state.acceptsInput, let m = snap.legalMoves.first(where: { $0.isPass }) else { return }
        playMove(m)
    }

    /// Plays a human move given in notation (keyboard / VoiceOver input).
    public func playNotation(_ text: String) {
        guard state.acceptsInput else { return }
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let m = snap.legalMoves.first(where: { $0.notation.lowercased() == t }) { playMove(m) } else { say("Not a legal move: \(text)") }
    }

    private func playMove(_ m: MoveInfo) {
        stopHint()
        let after: Snapshot
        do {
            // One call for the move and the new picture (half the FFI crossings of a tap).
            after = try session.playIndexAndSnapshot(legalMoveIndex: m.index)
        } catch {
            say(describe(error))
            return
        }
        forgetStats(from: Int(snap.moveNumber))
        marks = UiMarks()
        changed(after)
    }

    /// Asks the engine for a move for the human to move; shown as `CellView.hint`.
    public func hint() {
        if closed || !state.canHint { return }
        marks.hint = nil
        think(.hint, { try $0.hint(limits: nil) }, then: self.hintDone)
    }

    /// Starts a search on the background queue and delivers its result on the main queue, unless
    /// a newer action (undo, new game, leaving) bumped the generation before it started.
    private func think(
        _ kind: Thinking,
        _ search: @escaping (GameSession) throws -> ComputerMove,
        then done: @escaping (UInt64, Result<ComputerMove, Error>) -> Void
    ) {
        let mine = generation.next()
        marks.thinking = kind
        marks.thinkingNodes = 0
        marks.message = nil
        publish()
        let session = self.session
        let gen = generation
        background {
            guard gen.current == mine else { return }
            let result = Result { try search(session) }
            self.main { done(mine, result) }
        }
    }

    private func hintDone(_ mine: UInt64, _ result: Result<ComputerMove, Error>) {
        if closed || mine != generation.current { return }
        marks.thinking = .none
        marks.thinkingNodes = session.thinkingNodes()
        switch result {
        case let .success(cm):
            marks.hint = cm.played
            marks.message = "Hint: \(cm.played.notation)"
        case let .failure(e):
            if !isCancelled(e) { marks.message = "No hint: \(describe(e))" }
        }
        publish()
    }

    private func stopHint() {
        if marks.thinking == .hint {
            _ = generation.next()
            session.cancel()
            marks.thinking = .none
        }
    }

    /// Takes back moves until a human is to move again (cancels the computer's search).
    public func undo() {
        if closed { return }
        cancelSearch()
        if !setup.mode.hasHuman { autoPlay = false }
        if userChange({ _ = try session.undo() }) {
            recordedEnd = recordedEnd && snap.status != .playing
        }
    }

    /// Replays undone moves until a human is to move again.
    public func redo() {
        if closed { return }
        cancelSearch()
        if !setup.mode.hasHuman { autoPlay = false }
        userChange { _ = try session.redo() }
    }

    /// Continues the computer's play after `pause()` (or undo/redo in computer-against-computer games).
    public func resume() {
        if closed { return }
        autoPlay = true
        publish()
        maybeStartComputer()
    }

    /// The board is left or the app goes to the background: cancels any search and starts none
    /// until `enter()`. Unlike `pause()` this is not the user's choice, so `enter()` continues the play.
    public func leave() {
        if closed || !onScreen { return }
        onScreen = false
        cancelSearch()
        publish()
    }

    /// The board is shown again: the computer continues if it is to move and not paused by the user.
    public func enter() {
        if closed || onScreen { return }
        onScreen = true
        publish()
        maybeStartComputer()
    }

    /// The user stops the computer's play: cancels any search and starts none until `resume()`.
    public func pause() {
        if closed { return }
        cancelSearch()
        autoPlay = false
        publish()
    }

    /// Against the computer the human resigns; otherwise the side to move does.
    public func resign() {
        if closed || snap.status != .playing { return }
        cancelSearch()
        let side = setup.mode == .vsComputer ? setup.humanSide : snap.sideToMove
        userChange { try session.resign(player: side) }
    }

    /// Applies a change the user asked for (undo, redo, resign) and redraws from a fresh snapshot
    /// with the transient marks cleared; when the core refuses it, says why and changes nothing.
    @discardableResult
    private func userChange(_ change: () throws -> Void) -> Bool {
        do {
            try change()
        } catch {
            say(describe(error))
            return false
        }
        marks = UiMarks()
        changed()
        return true
    }

    /// Reads the running search's node count (the app calls this a few times a second while thinking).
    public func pollThinking() {
        if closed || marks.thinking == .none { return }
        let n = session.thinkingNodes()
        if n != marks.thinkingNodes {
            marks.thinkingNodes = n
            publish()
        }
    }

    /// Leaving the screen or starting a new game: cancels any search; the controller is done.
    public func close() {
        if closed { return }
        cancelSearch()
        closed = true
        onState = nil
        onEvent = nil
    }

    /// What to keep for scene restoration.
    public func saved() -> SavedGame {
        var resignedByFirst: Bool?
        if case let .won(winner, reason, _) = snap.status, reason == .resignation {
            resignedByFirst = winner == .second
        }
        return SavedGame(setup: setup, moves: snap.history, resignedByFirst: resignedByFirst, stats: moveStats())
    }

    /// The computer's moves of the game so far (for the after-game chart), in play order.
    public func moveStats() -> [MoveStat] {
        stats.values.filter { $0.ply < Int(snap.moveNumber) }.sorted { $0.ply < $1.ply }
    }

    /// The after-game screen's data.
    public func afterGame() -> AfterGameReport {
        AfterGameReport(setup: setup, statusText: state.statusText, firstCount: Int(snap.firstCount),
                        secondCount: Int(snap.secondCount), moves: moveStats(), transcript: notation())
    }

    /// The game in its standard notation (PDN with tags for finished draughts games).
    public func notation() -> String {
        (try? session.notation()) ?? snap.history.joined(separator: " ")
    }

    /// The finished game's record v1 JSON (throws `PlyError.BadRecord` while playing).
    public func recordJson() throws -> String { try session.recordJson() }

    private func cancelSearch() {
        if marks.thinking != .none {
            _ = generation.next()
            session.cancel()
            marks.thinking = .none
        }
    }

    private func say(_ message: String) {
        marks.message = message
        publish()
    }

    private func changed(_ current: Snapshot? = nil) {
        if let s = current ?? (try? session.snapshot()) { snap = s }
        publish()
        if snap.status != .playing { recordEnd() } else { maybeStartComputer() }
    }

    private func publish() {
        state = buildViewState(snap, marks, humanToMove: !snap.computerToMove, paused: !autoPlay)
        onState?(state)
    }

    private func maybeStartComputer() {
        if closed || !attached || !autoPlay || !onScreen || marks.thinking != .none { return }
        if snap.status != .playing || !snap.computerToMove { return }
        think(.computerMove, { try $0.computerMove(limits: nil) }, then: self.computerDone)
    }

    private func computerDone(_ mine: UInt64, _ result: Result<ComputerMove, Error>) {
        if closed { return }
        if mine != generation.current {
            // Cancelled in the instant between the check and the search's start, the search may
            // still have played: show the truth.
            if case .success = result, let now = try? session.snapshot(), now.moveNumber != snap.moveNumber {
                marks = UiMarks()
                changed()
            }
            return
        }
        marks.thinking = .none
        switch result {
        case let .success(cm):
            let ply = Int((try? session.snapshot().moveNumber) ?? 1) - 1
            forgetStats(from: ply)
            stats[ply] = MoveStat(ply: ply, notation: cm.played.notation, sideIsFirst: cm.played.player == .first,
                                  nodes: cm.stats.nodes, timeMs: cm.stats.timeMs, depth: Int(cm.stats.depth),
                                  score: Int(cm.stats.score),
                                  algorithm: DifficultyMapping.title(algorithm: cm.stats.algorithm))
            marks = UiMarks()
            changed()
        case let .failure(e):
            if isCancelled(e) { publish() } else { say("The computer could not move: \(describe(e))") }
        }
    }

    private func forgetStats(from ply: Int) {
        stats = stats.filter { $0.key < ply }
    }

    private func recordEnd() {
        if recordedEnd { return }
        recordedEnd = true
        let text = state.statusText
        guard let box = outbox else {
            onEvent?(.finished(recordId: nil, statusText: text))
            return
        }
        let session = self.session
        background {
            let id = try? box.addSession(session: session)
            self.main {
                self.onEvent?(.finished(recordId: id, statusText: text))
                if id != nil { self.onEvent?(.syncRequested) }
            }
        }
    }
}

/// A counter read from the background queue: bumped whenever a queued or running search's
/// result must be ignored, so a search queued before an undo never starts.
final class Generation: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 0

    var current: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

func isCancelled(_ e: Error) -> Bool {
    if let p = e as? PlyError, p == .Cancelled { return true }
    return false
}

/// A short message for the user.
public func describe(_ e: Error) -> String {
    if let p = e as? PlyError {
        switch p {
        case let .IllegalMove(reason): return "Illegal move: \(reason)"
        case .GameOver: return "The game is over"
        case let .NotYourTurn(reason): return "Not your turn: \(reason)"
        case let .BadPosition(reason): return "Bad position: \(reason)"
        case let .InvalidSettings(reason): return "Invalid settings: \(reason)"
        case .Cancelled: return "Cancelled"
        case let .Busy(reason): return "Busy: \(reason)"
        case let .BadRecord(reason): return "Bad record: \(reason)"
        case let .Storage(reason): return "Storage: \(reason)"
        case let .Sync(reason): return "Sync: \(reason)"
        case let .Internal(reason): return "Internal error: \(reason)"
        }
    }
    return e.localizedDescription
}
