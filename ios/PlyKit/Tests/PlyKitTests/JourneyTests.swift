import Foundation
import PlyFFI
import XCTest
@testable import PlyKit

/// The app's journeys through PlyKit's `AppModel` against the real core (the Rust library built
/// for Linux), as the SwiftUI app drives it: the Kotlin journeys of android/shell/src/test on
/// iOS's model. Each test is `@MainActor async` in a nonisolated class (Linux's XCTest calls a
/// synchronous test from a nonisolated context); while a test awaits, the main queue runs and the
/// core's effects arrive there, as in the app.
// `@unchecked Sendable`: XCTest runs one test of an instance at a time, and the instance keeps no
// state; its `@MainActor` tests are handed to the main actor by the discovered test list.
final class JourneyTests: XCTestCase, @unchecked Sendable {
    override func tearDown() {
        TempDirs.removeAll()
    }

    /// The core starts off the main thread: the model says so until it is up, the events sent
    /// meanwhile go in after the session's own (the launch's scene phase, a tab picked), and the
    /// core's logs reach the console sink.
    @MainActor
    func testTheCoreStartsOffTheMainThreadAndTheEventsSentMeanwhileGoIn() async throws {
        let fakes = Fakes(languages: ["de-DE"])
        let log = RecordingLog()
        let factory = CoreStart.factory(dataDirectory: TempDirs.make(), appVersion: "test", device: fakes.device,
                                        tokens: fakes.tokens, transport: nil, log: log, level: .debug)
        let model = AppModel(services: fakes.services, factory: factory)
        XCTAssertEqual(model.state, .starting)
        model.start()
        // Sent before the core is up, as the scene's first phase and a first tap are.
        model.sceneChanged(to: .active)
        model.send(.navigation(.selectTab(.settings)))
        XCTAssertEqual(model.state, .starting, "not created on the main thread")
        XCTAssertNil(model.view)
        try await until("the core starts") { model.state == .ready }
        TempDirs.track(try XCTUnwrap(model.core))
        let view = try XCTUnwrap(model.view)
        XCTAssertNotNil(view.settings, "the waiting events went in")
        XCTAssertEqual(view.tab, .settings)
        XCTAssertTrue(view.settings?.memory.contains("MiB") ?? false, "in German: \(view.settings?.memory ?? "")")
        model.send(.navigation(.selectTab(.play)))
        XCTAssertNotNil(model.view?.home)
        XCTAssertEqual(model.view?.home?.levelTitle, "Stufe des Computers", "the phone's language")
        // The core's log records (its start among them) reached the sink.
        try await until("the core's start logged") { log.lines.contains { $0.contains("app core") } }
        model.start()
        XCTAssertEqual(model.state, .ready, "a started core is kept")
    }

    /// A core that cannot start (its directory cannot be made) is an error screen with the
    /// core's reason in the phone's language, not a crash; "Try again" starts it once the cause
    /// is gone.
    @MainActor
    func testAFailedStartShowsTheCoresReasonAndTryAgainStartsIt() async throws {
        let fakes = Fakes(languages: ["de-AT", "en-GB"])
        let base = TempDirs.make()
        // A file where the core's directory should be.
        let blocked = CoreStart.dataDirectory(in: base)
        XCTAssertTrue(FileManager.default.createFile(atPath: blocked.path, contents: Data("x".utf8)))
        let factory = CoreStart.factory(dataDirectory: blocked, appVersion: "test", device: fakes.device,
                                        tokens: fakes.tokens, transport: nil, log: RecordingLog())
        let model = AppModel(services: fakes.services, factory: factory)
        model.start()
        model.send(.navigation(.openHistory))
        try await until("the start fails") { model.state != .starting }
        guard case let .failed(reason) = model.state else {
            return XCTFail("\(model.state)")
        }
        XCTAssertTrue(reason.hasPrefix("Was schiefging: "), reason)
        XCTAssertTrue(reason.contains(blocked.path), reason)
        // The typed error's own words, not its Swift description ("Storage(reason: ...)").
        XCTAssertTrue(reason.contains("cannot be made") && !reason.contains("reason:"), reason)
        XCTAssertNil(model.view)
        model.send(.navigation(.openSettings)) // dropped, no crash

        // A background task launched into a process whose core failed runs again later.
        let task = FakeTask()
        model.runBackgroundSync(task)
        XCTAssertEqual(task.completions, [false])
        XCTAssertEqual(fakes.scheduler.submitted.map(\.kind), [.appRefresh])
        let again = try XCTUnwrap(fakes.scheduler.submitted.first).earliestBeginDate.timeIntervalSinceNow
        XCTAssertEqual(again, Double(syncRetryBaseSeconds()), accuracy: 5, "at the core's retry time")

        try FileManager.default.removeItem(at: blocked)
        model.start()
        XCTAssertEqual(model.state, .starting)
        try await until("the core starts") { model.state == .ready }
        TempDirs.track(try XCTUnwrap(model.core))
        XCTAssertNotNil(model.view?.home, "what was sent while it failed is gone")
    }

    /// Start, play a Connect Four game between two people to the end by tapping the cells as the
    /// canvas sends them, then the summary, its buttons and the history: with the haptic cues,
    /// the announcements and the UI state the platform keeps.
    @MainActor
    func testPlayAGameToTheEndByTapsThenItsSummaryAndHistory() async throws {
        let fakes = Fakes()
        let model = try await startedModel(fakes)
        model.sceneChanged(to: .active)
        let home = try XCTUnwrap(model.view?.home)
        XCTAssertTrue(home.levelShown)
        model.send(.home(.chooseGame(.connectFour)))
        model.send(.home(.chooseMode(.twoPlayers)))
        XCTAssertEqual(model.view?.home?.mode, .twoPlayers, "the picker's selection is the core's value")
        XCTAssertEqual(model.view?.home?.levelTitle, "The hints' level")
        model.send(.home(.newGame))
        var board = try XCTUnwrap(model.board)
        XCTAssertEqual(board.actions.map(\.kind), [.hint, .undo, .redo, .resign, .newGame])
        // Taps where the canvas is drawn: a 700 x 600 pt board, column 1 and 2's bottom cells.
        for column in [0, 1, 0, 1, 0, 1, 0] {
            board = try XCTUnwrap(model.board)
            let layout = BoardLayout(size: CGSize(width: 700, height: 600), board: board)
            let cell = try XCTUnwrap(board.cells.first { $0.col == UInt32(column) && $0.row == board.rows - 1 })
            XCTAssertTrue(cell.button, "every playable cell is pressed by accessibility")
            model.send(layout.tap(at: layout.centre(cell)))
        }
        board = try XCTUnwrap(model.board)
        XCTAssertTrue(board.finished, board.status)
        XCTAssertEqual(board.moves, ["1", "2", "1", "2", "1", "2", "1"])
        XCTAssertEqual(board.actions.last?.kind, .gameSummary)
        XCTAssertTrue(board.cells.contains { $0.winning })
        XCTAssertEqual(fakes.haptics.cues.filter { $0 == .move }.count, 7)
        XCTAssertEqual(fakes.haptics.cues.last, .gameOver)
        XCTAssertTrue(fakes.announcer.said.last?.contains("wins") ?? false, "\(fakes.announcer.said)")

        model.press(.gameSummary)
        let after = try XCTUnwrap(model.view?.afterGame)
        XCTAssertEqual(after.actions.map(\.kind), [.reviewGame, .share, .backToBoard, .newGame, .home])
        XCTAssertTrue(after.chart.isEmpty, "no computer move, no chart")
        XCTAssertTrue(after.shareText.contains("1 2 1 2 1 2 1") || after.shareText.contains("Connect"), after.shareText)
        // The history holds the game once the core's writer has put it there.
        model.send(.navigation(.selectTab(.history)))
        try await until("the game in the history") { (model.view?.history?.entries.count ?? 0) == 1 }
        XCTAssertEqual(model.view?.history?.entries.first?.sync, .local)
        XCTAssertNotNil(fakes.uiState.load(), "the core's UI state is kept for the next launch")
    }

    /// Draughts' rules are a choice beside the game, as the home screen's rules picker sends it:
    /// relaxed rules make a step past a capture a move.
    @MainActor
    func testTheRulesPickerChoosesRelaxedDraughts() async throws {
        let fakes = Fakes()
        let model = try await startedModel(fakes)
        model.sceneChanged(to: .active)
        XCTAssertEqual(model.view?.home?.games.map(\.game), [.othello, .connectFour, .draughts, .virus, .focus, .chineseCheckers])
        model.send(.home(.chooseGame(.othello)))
        XCTAssertEqual(model.view?.home?.variants.isEmpty, true, "one set of rules: no picker")
        model.send(.home(.chooseGame(.draughts)))
        XCTAssertEqual(model.view?.home?.variants.map(\.rules), [.standard, .relaxed])
        model.send(.home(.chooseRules(.relaxed)))
        XCTAssertEqual(model.view?.home?.rules, .relaxed, "the picker's selection is the core's value")
        model.send(.home(.chooseMode(.twoPlayers)))
        model.send(.home(.chooseStartPosition("B:W10,19,28:B1,6")))
        model.send(.home(.newGame))
        let board = try XCTUnwrap(model.board)
        XCTAssertTrue(board.title.hasPrefix("Draughts (captures optional)"), board.title)
        XCTAssertTrue(board.legalMoves.contains { $0.notation == "1-5" })
    }

    /// A game of computers alone waits out the pace the settings choose: the first move, found
    /// at once, is not shown before its 3 s; a pause meanwhile drops it; at the fast pace the
    /// game plays on to its end.
    @MainActor
    func testAWatchGameWaitsForItsPaceAndAPauseDropsTheWaitingMove() async throws {
        let fakes = Fakes()
        let model = try await startedModel(fakes)
        model.sceneChanged(to: .active)
        model.send(.navigation(.selectTab(.settings)))
        XCTAssertEqual(model.view?.settings?.watchPace, .normal, "a new install watches at a move a second")
        model.send(.settings(.setWatchPace(.slow)))
        XCTAssertEqual(model.view?.settings?.watchPaceOptions.filter(\.selected).map(\.pace), [.slow])
        XCTAssertEqual(model.view?.settings?.watchPaceOptions.map(\.label),
                       ["At once", "1 s a move", "3 s a move"])
        model.send(.navigation(.selectTab(.play)))
        model.send(.home(.chooseGame(.connectFour)))
        model.send(.home(.chooseMode(.computerVsComputer)))
        model.send(.home(.chooseLevel(1)))
        model.send(.home(.newGame))
        XCTAssertNotNil(model.board?.thinking, "the computer thinks")
        try await pause(1.0)
        XCTAssertEqual(model.board?.moves, [], "found at once, shown no sooner than 3 s after")
        model.send(.board(.pause))
        XCTAssertNil(model.board?.thinking, "paused")
        try await pause(2.5)
        XCTAssertEqual(model.board?.moves, [], "the pause dropped the waiting move")
        model.send(.settings(.setWatchPace(.fast)))
        model.send(.board(.resume))
        try await until("the game's end", seconds: 60) { model.board?.finished == true }
    }

    /// Resign asks first: cancel keeps the game, accept ends it with the opponent's win.
    @MainActor
    func testResignAsksFirstAndAcceptingEndsTheGame() async throws {
        let fakes = Fakes()
        let model = try await startedModel(fakes)
        model.sceneChanged(to: .active)
        model.send(.home(.chooseGame(.othello)))
        model.send(.home(.chooseMode(.vsComputer)))
        model.send(.home(.chooseSide(.first)))
        model.send(.home(.chooseLevel(1)))
        model.send(.home(.newGame))
        let first = try XCTUnwrap(model.board?.legalMoves.first)
        model.send(.board(.chooseMove(first.index)))
        try await until("the computer's reply") { model.board?.moves.count == 2 }
        model.press(.resign)
        let question = try XCTUnwrap(model.view?.confirmation)
        XCTAssertEqual(question.question, "Resign this game?")
        model.send(.confirmation(.cancel))
        XCTAssertNil(model.view?.confirmation)
        XCTAssertFalse(model.board?.finished ?? true, "cancelled: the game goes on")
        model.press(.resign)
        model.send(.confirmation(.accept))
        let board = try XCTUnwrap(model.board)
        XCTAssertTrue(board.finished)
        XCTAssertTrue(board.status.contains("computer wins") || board.status.contains("wins"), board.status)
        XCTAssertFalse(board.actions.map(\.kind).contains(.resign))
        XCTAssertEqual(fakes.haptics.cues.last, .gameOver)
    }

    /// A question the core asked survives the process's death: the UI state the platform kept
    /// brings the dialog back in the phone's language after a new launch, the dismissal (back)
    /// cancels it and keeps the game, and accepting starts a new one. (The Kotlin
    /// ConfirmationJourneyTest on iOS's model.)
    @MainActor
    func testANewGameQuestionSurvivesProcessDeathAndBackCancelsIt() async throws {
        let dir = TempDirs.make()
        let uiState = MemoryUiState()
        do {
            let fakes = Fakes()
            let factory = CoreStart.factory(dataDirectory: CoreStart.dataDirectory(in: dir), appVersion: "test",
                                            device: fakes.device, tokens: fakes.tokens, transport: nil,
                                            log: RecordingLog())
            var services = fakes.services
            services.uiState = uiState
            let model = AppModel(services: services, factory: factory)
            model.start()
            try await until("the core starts") { model.state == .ready }
            model.sceneChanged(to: .active)
            model.send(.home(.chooseGame(.connectFour)))
            model.send(.home(.chooseMode(.twoPlayers)))
            model.send(.home(.newGame))
            XCTAssertNil(model.view?.confirmation, "no game to lose: no question")
            model.send(.board(.playNotation("4")))
            model.send(.navigation(.openHome))
            model.send(.home(.newGame))
            let asked = try XCTUnwrap(model.view?.confirmation, "a game with a move: the core asks")
            XCTAssertEqual(asked.question, "Start a new game?")
            XCTAssertEqual(asked.confirm, "New game")
            XCTAssertEqual(asked.cancel, "Cancel")
            XCTAssertEqual(model.view?.backLeavesApp, false, "back goes to the dialog")
            // The process dies with the dialog up: its core's last writes done, nothing more.
            let core = try XCTUnwrap(model.core)
            XCTAssertTrue(core.waitIdle(timeoutMs: 30_000))
            _ = core.finishWrites()
        }
        XCTAssertNotNil(uiState.load(), "the core's UI state was kept")

        let fakes = Fakes(languages: ["de-DE"])
        var services = fakes.services
        services.uiState = uiState
        let factory = CoreStart.factory(dataDirectory: CoreStart.dataDirectory(in: dir), appVersion: "test",
                                        device: fakes.device, tokens: fakes.tokens, transport: nil,
                                        log: RecordingLog())
        let model = AppModel(services: services, factory: factory)
        model.start()
        model.sceneChanged(to: .active)
        try await until("the core starts again") { model.state == .ready }
        TempDirs.track(try XCTUnwrap(model.core))
        XCTAssertNotNil(model.view?.home)
        let again = try XCTUnwrap(model.view?.confirmation, "the dialog is up again after the restore")
        XCTAssertEqual(again.question, "Neues Spiel beginnen?", "in the phone's language")
        XCTAssertEqual(again.cancel, "Abbrechen")
        let before = uiState.load()
        // The alert's dismissal (back) cancels: the same game, still on home.
        model.send(.navigation(.back))
        XCTAssertNil(model.view?.confirmation)
        XCTAssertNotNil(model.view?.home)
        XCTAssertNotEqual(uiState.load(), before, "the answer reaches the saved state")
        model.send(.navigation(.openBoard))
        XCTAssertEqual(model.board?.moves, ["4"])
        model.send(.navigation(.openHome))
        model.send(.home(.newGame))
        model.send(.confirmation(.accept))
        XCTAssertNil(model.view?.confirmation)
        XCTAssertNotNil(model.view?.board)
        XCTAssertEqual(model.board?.moves, [], "a new game")
    }

    /// Background and foreground in the middle of the computer's search (the computer against
    /// itself at level 10, which searches for its time once out of the opening book): a tick
    /// redraws the progress line alone; Control Centre (inactive) stops nothing; the background
    /// stops the search and asks for time to finish the writes, and no move is played there;
    /// back in the foreground it searches again, ticks and plays on.
    @MainActor
    func testBackgroundAndForegroundMidSearch() async throws {
        let fakes = Fakes()
        let model = try await startedModel(fakes)
        model.sceneChanged(to: .active)
        model.send(.home(.chooseGame(.othello)))
        model.send(.home(.chooseMode(.computerVsComputer)))
        model.send(.home(.chooseLevel(10)))
        model.send(.home(.newGame))
        XCTAssertNotNil(model.board?.thinking, "the computer thinks")
        // A tick: the progress line's model, the board's left as the last render drew it.
        try await until("a progress tick mid-search", seconds: 60) { model.progress?.thinking != nil }
        XCTAssertEqual(model.thinking(rendered: model.board?.thinking)?.kind, .move)
        XCTAssertEqual(model.board?.thinking?.nodes, 0, "a tick re-reads no board")
        model.sceneChanged(to: .inactive)
        XCTAssertNotNil(model.board?.thinking, "Control Centre stops nothing")
        XCTAssertTrue(fakes.time.begun.isEmpty)
        model.sceneChanged(to: .background)
        XCTAssertNil(model.board?.thinking, "the background stops the search")
        XCTAssertNil(model.progress, "the render carries the progress")
        XCTAssertEqual(fakes.time.begun, ["dev.ply.writes"])
        let stopped = try XCTUnwrap(model.board).moves
        try await until("the writes are done and the time given back") { fakes.time.ended.count == 1 }
        // A search that ended just as the background came has had its move played by the
        // session (a finished search's move is the game's truth, `thought` in the core): that
        // one move may still land; none after it.
        try await pause(0.5)
        let played = try XCTUnwrap(model.board).moves
        XCTAssertLessThanOrEqual(played.count, stopped.count + 1, "at most the move found before the background")
        XCTAssertEqual(Array(played.prefix(stopped.count)), stopped)
        try await pause(0.5)
        XCTAssertEqual(model.board?.moves, played, "no move was played in the background")
        XCTAssertNil(model.progress, "no tick in the background")
        model.sceneChanged(to: .inactive)
        model.sceneChanged(to: .active)
        XCTAssertNotNil(model.board?.thinking, "back on screen: it thinks again")
        try await until("its next move", seconds: 120) { (model.board?.moves.count ?? 0) > played.count }
        XCTAssertEqual(Array(model.board?.moves.prefix(played.count) ?? []), played)
        model.sceneChanged(to: .inactive)
        model.sceneChanged(to: .background)
    }

    /// A memory warning cuts the searches' table to a sixteenth; coming back from the background
    /// with the memory free then gives the device's table back.
    @MainActor
    func testMemoryPressureAndRecovery() async throws {
        let fakes = Fakes()
        let model = try await startedModel(fakes)
        model.sceneChanged(to: .active)
        let core = try XCTUnwrap(model.core)
        let table = core.limits().ttBytes
        XCTAssertEqual(table, 128 << 20, "4 GiB with 2 GiB free")
        fakes.signals.post(.memoryWarning)
        XCTAssertEqual(core.limits().ttBytes, table / 16)
        for _ in 0..<3 {
            model.sceneChanged(to: .inactive)
            model.sceneChanged(to: .background)
            fakes.signals.post(.memoryWarning)
            XCTAssertEqual(core.limits().ttBytes, table / 16, "never less than a sixteenth")
            model.sceneChanged(to: .inactive)
            model.sceneChanged(to: .active)
            XCTAssertEqual(core.limits().ttBytes, table, "the device's table again")
        }
        // The languages change while the app runs: the core's texts follow.
        fakes.device.set(languages: ["de"])
        fakes.signals.post(.languagesChanged)
        XCTAssertEqual(model.view?.home?.levelTitle, "Stufe des Computers")
        // VoiceOver turned off: the cells keep their labels (Voice Control reads them).
        model.send(.home(.chooseMode(.twoPlayers)))
        model.send(.home(.newGame))
        fakes.signals.post(.accessibilityChanged)
        XCTAssertTrue(model.board?.cells.allSatisfy { !$0.label.isEmpty } ?? false)
    }

    /// Sync to a real ply-server on loopback through URLSessionTransport: the device registers,
    /// its token goes to the Keychain, the game is stored once, and the history says so.
    @MainActor
    func testSyncToARealCollectorThroughURLSession() async throws {
        let server = try PlyServer()
        let fakes = Fakes()
        let model = try await startedModel(fakes, transport: URLSessionTransport())
        model.sceneChanged(to: .active)
        model.send(.navigation(.openSettings))
        model.send(.settings(.setServerUrl(server.url)))
        model.send(.settings(.setSyncEnabled(true)))
        XCTAssertEqual(model.view?.settings?.syncEnabled, true, model.view?.settings?.serverUrlError ?? "")
        model.send(.navigation(.openHome))
        model.quickWin()
        model.send(.navigation(.openHistory))
        try await until("synced") { model.view?.history?.entries.first?.sync == .synced }
        // The history reads the outbox: the run's own end (its `StoreToken`) may come just after.
        try await until("the token kept") { !fakes.tokens.writes.isEmpty }
        XCTAssertEqual(fakes.tokens.writes.count, 1)
        let token = try XCTUnwrap(fakes.tokens.stored)
        XCTAssertTrue(token.hasPrefix("ply_"), token)
        XCTAssertEqual(try server.storedIds().count, 1)
        XCTAssertEqual(model.view?.history?.entries.count, 1)
    }

    /// The token the app kept is one the collector no longer knows (a Keychain restored from
    /// another install, a wiped server): the core registers again, the new token replaces it,
    /// and the game is stored.
    @MainActor
    func testALostTokenIsRegisteredAgain() async throws {
        let server = try PlyServer()
        let fakes = Fakes(token: "ply_0000000000000000000000000000000000000000000")
        let transport = CountingTransport()
        let model = try await startedModel(fakes, transport: transport)
        model.sceneChanged(to: .active)
        model.send(.navigation(.openSettings))
        model.send(.settings(.setServerUrl(server.url)))
        model.send(.settings(.setSyncEnabled(true)))
        model.send(.navigation(.openHome))
        model.quickWin()
        model.send(.navigation(.openHistory))
        try await until("synced") { model.view?.history?.entries.first?.sync == .synced }
        // The history reads the outbox: the run's own end (its `StoreToken`) may come just after.
        try await until("the new token kept") { !fakes.tokens.writes.isEmpty }
        XCTAssertEqual(transport.registrations, 1, "registered again once")
        XCTAssertEqual(fakes.tokens.writes.count, 1, "\(fakes.tokens.writes)")
        let token = try XCTUnwrap(fakes.tokens.stored)
        XCTAssertNotEqual(token, "ply_0000000000000000000000000000000000000000000")
        XCTAssertTrue(token.hasPrefix("ply_"))
        XCTAssertEqual(try server.storedIds().count, 1)
        XCTAssertEqual(Set(transport.sent.values), [2], "sent with the old token, then the new")
    }

    /// iOS launches the background task; the system ends its time while the first upload is on
    /// the wire: the task ends at once as the core says (a new app refresh at its time), the
    /// upload under way is applied, nothing else leaves the outbox, and the next task sends the
    /// rest: every game stored once.
    @MainActor
    func testACancelledBackgroundRunLosesNothing() async throws {
        let server = try PlyServer()
        let fakes = Fakes()
        let transport = CountingTransport()
        let model = try await startedModel(fakes, transport: transport)
        model.sceneChanged(to: .active)
        // 55 games with sync off: more than one upload's batch (50).
        for _ in 0..<55 {
            model.quickWin()
        }
        model.send(.navigation(.openHistory))
        try await until("55 games kept") { model.view?.history?.entries.count == 55 }
        // In the background, sync turned on: the platform's run will send them.
        model.sceneChanged(to: .background)
        model.send(.navigation(.openSettings))
        model.send(.settings(.setServerUrl(server.url)))
        model.send(.settings(.setSyncEnabled(true)))
        try await until("an app refresh asked for") { !fakes.scheduler.submitted.isEmpty }
        XCTAssertEqual(fakes.scheduler.submitted.last?.kind, .appRefresh)
        XCTAssertEqual(fakes.scheduler.submitted.last?.identifier, iosSyncTaskId())
        XCTAssertTrue(transport.sent.isEmpty, "nothing sent from the background by the core itself")

        let held = transport.holdNextUpload()
        let task = FakeTask()
        model.runBackgroundSync(task)
        let arrived = await held.waitForArrival(seconds: 60)
        XCTAssertTrue(arrived, "the first upload")
        let asked = fakes.scheduler.submitted.count
        task.expire()
        try await until("the task ended by its expiration") { !task.completions.isEmpty }
        XCTAssertEqual(task.completions, [false])
        XCTAssertEqual(fakes.scheduler.submitted.count, asked + 1, "a new request for the core's time")
        held.go.signal()
        try await pause(1)
        XCTAssertEqual(task.completions, [false], "ended once")
        let stored = try server.storedIds()
        XCTAssertEqual(stored.count, 50, "the upload under way was applied, no other")

        let next = FakeTask()
        model.runBackgroundSync(next)
        try await until("the next run") { !next.completions.isEmpty }
        XCTAssertEqual(next.completions, [true], "done")
        let all = try server.storedIds()
        XCTAssertEqual(all.count, 55)
        XCTAssertEqual(Set(all).count, 55)
        XCTAssertEqual(transport.sent.count, 55)
        XCTAssertTrue(transport.sent.values.allSatisfy { $0 == 1 }, "each record sent once")
    }

    /// The network path goes to the core on every update, unsatisfied too: offline, a finished
    /// game waits; the path back, it is sent.
    @MainActor
    func testEveryNetworkPathReachesTheCore() async throws {
        let server = try PlyServer()
        let fakes = Fakes()
        let model = try await startedModel(fakes, transport: URLSessionTransport())
        model.sceneChanged(to: .active)
        fakes.network.report(NetworkPathFacts(satisfied: false, expensive: false, constrained: false))
        try await pause(0.3)
        model.send(.navigation(.openSettings))
        model.send(.settings(.setServerUrl(server.url)))
        model.send(.settings(.setSyncEnabled(true)))
        model.quickWin()
        model.send(.navigation(.openHistory))
        try await until("kept") { model.view?.history?.entries.count == 1 }
        try await pause(0.5)
        XCTAssertEqual(model.view?.history?.entries.first?.sync, .waiting, "offline: it waits")
        // Cellular with sync on metered networks off: still waiting.
        fakes.network.report(NetworkPathFacts(satisfied: true, expensive: true, constrained: false))
        try await pause(0.5)
        XCTAssertEqual(model.view?.history?.entries.first?.sync, .waiting, "metered: it waits")
        fakes.network.report(NetworkPathFacts(satisfied: true, expensive: false, constrained: false))
        try await until("synced when the network is back") { model.view?.history?.entries.first?.sync == .synced }
    }
}
