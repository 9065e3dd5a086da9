import Foundation
import PlyFFI
@testable import PlyKit

/// An executor the test drains itself: everything runs on the test's thread, in order, so a
/// controller's background searches and main-thread callbacks are deterministic.
final class ManualExecutor {
    private var tasks: [() -> Void] = []

    var executor: Executor {
        { [unowned self] task in self.tasks.append(task) }
    }

    var isEmpty: Bool { tasks.isEmpty }

    /// Runs one queued task; false if none.
    @discardableResult
    func runOne() -> Bool {
        if tasks.isEmpty { return false }
        let t = tasks.removeFirst()
        t()
        return true
    }
}

/// A controller on two manual executors, recording its events.
final class Harness {
    let background = ManualExecutor()
    let main = ManualExecutor()
    let controller: GameController
    var events: [GameEvent] = []
    var states = 0

    init(_ setup: GameSetup, outbox: Outbox? = nil, limits: EngineLimits? = nil) throws {
        controller = try GameController.create(setup: setup, limits: limits, background: background.executor,
                                               main: main.executor, outbox: outbox)
        wire()
    }

    init(restoring saved: GameSetupAndMoves) throws {
        controller = try GameController.restore(saved.saved, limits: nil, background: background.executor,
                                                main: main.executor)
        wire()
    }

    private func wire() {
        controller.onEvent = { [unowned self] e in self.events.append(e) }
        controller.onState = { [unowned self] _ in self.states += 1 }
        controller.attach()
    }

    /// Runs queued work until nothing is left (searches, then their results on "main").
    func settle(maxSteps: Int = 10_000) {
        var steps = 0
        while steps < maxSteps && (background.runOne() || main.runOne()) {
            steps += 1
        }
    }
}

struct GameSetupAndMoves {
    let saved: SavedGame
}

/// A temporary directory removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("plykit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
