import Foundation
import Observation
import PlyFFI
import PlyKit

/// The board screen's model: a `GameController` on the main queue with a serial background queue
/// for searches, plus a timer that polls the live node count while the computer thinks.
@Observable
final class GameModel {
    private(set) var state: BoardViewState?
    private(set) var error: String?
    private(set) var finishedText: String?
    @ObservationIgnored private(set) var controller: GameController?
    @ObservationIgnored private var poll: Timer?
    @ObservationIgnored private let background = DispatchQueue(label: "dev.ply.search", qos: .userInitiated)
    @ObservationIgnored private weak var app: AppModel?

    init(app: AppModel) {
        self.app = app
    }

    private var executors: (background: Executor, main: Executor) {
        let queue = background
        return ({ task in queue.async(execute: task) }, { task in DispatchQueue.main.async(execute: task) })
    }

    /// Starts a new game (closing the old one: its search is cancelled).
    func start(_ setup: GameSetup) {
        guard let app else { return }
        controller?.close()
        finishedText = nil
        do {
            let e = executors
            let c = try GameController.create(setup: setup, limits: app.limits, background: e.background, main: e.main,
                                              outbox: app.outbox, client: app.client)
            attach(c)
        } catch {
            self.error = describe(error)
        }
    }

    /// Scene restoration: rebuilds the saved game.
    func restore(_ data: Data) -> Bool {
        guard let app, let saved = try? SavedGame.decode(data) else { return false }
        do {
            let e = executors
            let c = try GameController.restore(saved, limits: app.limits, background: e.background, main: e.main,
                                               outbox: app.outbox, client: app.client)
            attach(c)
            return true
        } catch {
            return false
        }
    }

    func savedData() -> Data? {
        try? controller?.saved().encoded()
    }

    private func attach(_ c: GameController) {
        controller = c
        c.onState = { [weak self] s in
            self?.state = s
            self?.updatePolling(s.thinking != .none)
        }
        c.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case let .finished(recordId, text):
                self.finishedText = text
                self.app?.gameFinished(recordId: recordId, game: c.setup.gameName, result: text)
            case .syncRequested:
                self.app?.requestSync()
            }
        }
        c.attach()
    }

    private func updatePolling(_ on: Bool) {
        if on && poll == nil {
            poll = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] _ in
                self?.controller?.pollThinking()
            }
        } else if !on {
            poll?.invalidate()
            poll = nil
        }
    }

    /// The app goes to the background: cancel the search (`enter()` continues it).
    func leave() {
        controller?.leave()
        updatePolling(false)
    }

    /// Back in the foreground: the computer continues unless the user paused it.
    func enter() {
        controller?.enter()
    }

    func close() {
        controller?.close()
        updatePolling(false)
    }
}
