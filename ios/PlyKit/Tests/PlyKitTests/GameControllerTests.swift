import XCTest
import PlyFFI
@testable import PlyKit

final class GameControllerTests: XCTestCase {
    /// Two humans play Othello by tapping the first legal target each turn until the game ends;
    /// the result must agree with the counts, and the finished event fires once.
    func testTwoPlayerOthelloToTheEndByTaps() throws {
        let h = try Harness(GameSetup(game: .othello, mode: .twoPlayers))
        var plies = 0
        while !h.controller.state.gameOver {
            let s = h.controller.state
            if s.mustPass {
                h.controller.pass()
            } else {
                let target = try XCTUnwrap(s.cells.first { $0.legalTarget })
                XCTAssertTrue(target.description.hasSuffix("legal move"), target.description)
                h.controller.tap(target.index)
            }
            h.settle()
            plies += 1
            XCTAssertLessThan(plies, 200)
        }
        let snap = h.controller.snapshot()
        XCTAssertEqual(Int(snap.firstCount), h.controller.state.firstCount)
        if case let .won(winner, _, _) = snap.status {
            XCTAssertEqual(winner == .first, snap.firstCount > snap.secondCount)
        } else if case .draw = snap.status {
            XCTAssertEqual(snap.firstCount, snap.secondCount)
        } else {
            XCTFail("not over: \(snap.status)")
        }
        XCTAssertEqual(h.events.count, 1)
    }

    /// Against a level-1 computer in Connect Four: the human drops into the centre column (a tap
    /// on any cell of the column) and the computer answers on the background executor.
    func testConnectFourAgainstTheComputerToTheEnd() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outbox = try Outbox.open(dir: dir.path)
        let h = try Harness(GameSetup(game: .connectFour, mode: .vsComputer, humanPlaysFirst: true, difficulty: 1),
                            outbox: outbox)
        var turns = 0
        while !h.controller.state.gameOver {
            let s = h.controller.state
            XCTAssertTrue(s.acceptsInput, s.statusText)
            let col = [3, 2, 4, 1, 5, 0, 6].first { c in s.cells.contains { $0.col == c && $0.legalTarget } }
            h.controller.tap(try XCTUnwrap(col))
            XCTAssertEqual(h.controller.state.thinking == .computerMove, !h.controller.state.gameOver)
            h.settle()
            turns += 1
            XCTAssertLessThan(turns, 30)
        }
        XCTAssertFalse(h.controller.moveStats().isEmpty)
        XCTAssertTrue(h.controller.moveStats().allSatisfy { !$0.sideIsFirst && $0.nodes > 0 })
        XCTAssertEqual(h.events.count, 2, "\(h.events)")
        guard case let .finished(id, text) = h.events.first else { return XCTFail("\(h.events)") }
        XCTAssertNotNil(id)
        XCTAssertEqual(text, h.controller.state.statusText)
        XCTAssertEqual(h.events.last, .syncRequested)
        XCTAssertEqual(try outbox.pendingCount(), 1)
    }

    /// Draughts by taps to the end: select the first movable piece, then its first destination
    /// (choosing the first path when several end there). The rules end every game (repetition or
    /// the 40-move rule at the latest).
    func testTwoPlayerDraughtsToTheEndByTaps() throws {
        let h = try Harness(GameSetup(game: .draughts, mode: .twoPlayers))
        var plies = 0
        while !h.controller.state.gameOver {
            let piece = try XCTUnwrap(h.controller.state.cells.first { $0.movable }, h.controller.state.statusText)
            h.controller.tap(piece.index)
            let target = try XCTUnwrap(h.controller.state.cells.first { $0.legalTarget })
            h.controller.tap(target.index)
            if !h.controller.state.pathChoices.isEmpty { h.controller.choosePath(0) }
            plies += 1
            XCTAssertEqual(h.controller.state.moveNumber, plies)
            XCTAssertLessThan(plies, 2000)
        }
        XCTAssertNotEqual(h.controller.snapshot().status, .playing)
        XCTAssertEqual(h.controller.snapshot().history.count, plies)
        XCTAssertEqual(h.events.count, 1)
    }

    /// Computer against computer plays itself to the end once attached; undo pauses it.
    func testComputerAgainstComputerPlaysToTheEnd() throws {
        let h = try Harness(GameSetup(game: .connectFour, mode: .computerVsComputer, difficulty: 1))
        XCTAssertEqual(h.controller.state.thinking, .computerMove)
        h.settle()
        XCTAssertTrue(h.controller.state.gameOver, h.controller.state.statusText)
        XCTAssertEqual(h.controller.moveStats().count, h.controller.state.moveNumber)
        h.controller.undo()
        XCTAssertTrue(h.controller.state.paused)
        h.settle()
        XCTAssertFalse(h.controller.state.gameOver)
        h.controller.resume()
        h.settle()
        XCTAssertTrue(h.controller.state.gameOver)
    }

    /// Leaving (background) cancels the search and `enter()` restarts it, but never undoes the
    /// user's own pause.
    func testLeavingStopsTheComputerAndComingBackContinues() throws {
        let h = try Harness(GameSetup(game: .connectFour, mode: .vsComputer, humanPlaysFirst: false, difficulty: 1))
        XCTAssertEqual(h.controller.state.thinking, .computerMove)
        h.controller.leave()
        XCTAssertEqual(h.controller.state.thinking, .none)
        h.settle()
        XCTAssertEqual(h.controller.state.moveNumber, 0, "the queued search never started")
        XCTAssertFalse(h.controller.state.paused)
        h.controller.enter()
        XCTAssertEqual(h.controller.state.thinking, .computerMove)
        h.settle()
        XCTAssertEqual(h.controller.state.moveNumber, 1)

        let cvc = try Harness(GameSetup(game: .othello, mode: .computerVsComputer, difficulty: 1))
        for _ in 0..<4 { cvc.background.runOne(); cvc.main.runOne() }
        cvc.controller.undo()
        cvc.settle()
        cvc.controller.leave()
        cvc.controller.enter()
        XCTAssertTrue(cvc.background.isEmpty, "no search queued")
        XCTAssertTrue(cvc.controller.state.paused)
    }

    /// Draughts: a piece is selected first, then its destination; taps elsewhere explain why.
    func testDraughtsPieceThenDestination() throws {
        let h = try Harness(GameSetup(game: .draughts, mode: .twoPlayers))
        let s = h.controller.state
        let movable = s.cells.filter { $0.movable }
        XCTAssertEqual(movable.count, 4) // Black's front men on 9-12 can move at the start
        XCTAssertTrue(movable[0].description.contains("black man, can move"), movable[0].description)
        h.controller.tap(movable[0].index)
        let targets = h.controller.state.cells.filter { $0.legalTarget }
        XCTAssertFalse(targets.isEmpty)
        XCTAssertTrue(h.controller.state.cells[movable[0].index].selected)
        h.controller.tap(targets[0].index)
        XCTAssertEqual(h.controller.state.moveNumber, 1)
        XCTAssertEqual(h.controller.state.sideToMove, .second)
        // An empty square with nothing selected is not a move.
        let empty = try XCTUnwrap(h.controller.state.cells.first { $0.playable && $0.piece == .empty && !$0.legalTarget })
        h.controller.tap(empty.index)
        XCTAssertEqual(h.controller.state.message, "Select a piece to move first")
    }

    /// Two capture paths from the same piece to the same square: the controller asks which.
    /// The position is the core's ambiguity fixture (core/src/games/draughts/tests.rs): the white
    /// king on 14 reaches 30 by 14x23x30 or 14x7x16x23x30.
    func testDraughtsMultiPathCaptureAsksForThePath() throws {
        let h = try Harness(GameSetup(game: .draughts, mode: .twoPlayers, startPosition: "W:WK14:B10,11,18,19,26,27"))
        func sq(_ n: Int) throws -> Int { try XCTUnwrap(h.controller.state.cells.first { $0.label == "\(n)" }).index }
        h.controller.tap(try sq(14))
        h.controller.tap(try sq(30))
        let choices = h.controller.state.pathChoices.map { $0.notation }
        XCTAssertEqual(choices.sorted(), ["14x23x30", "14x7x16x23x30"])
        XCTAssertEqual(h.controller.snapshot().moveNumber, 0, "nothing played before the choice")
        let long = try XCTUnwrap(choices.firstIndex(of: "14x7x16x23x30"))
        h.controller.choosePath(long)
        XCTAssertEqual(h.controller.snapshot().history, ["14x7x16x23x30"])
        let path = Set(try [14, 7, 16, 23, 30].map(sq))
        XCTAssertEqual(Set(h.controller.state.cells.filter { $0.lastMove }.map { $0.index }), path)
        XCTAssertEqual(h.controller.state.cells.filter { $0.changedByLastMove }.count, 4, "four pieces jumped")
    }

    /// Undo while the computer thinks cancels the search and returns to the human's turn; redo
    /// replays to the human's turn; a queued search started before the undo never plays.
    func testUndoCancelsTheComputerAndRedoReplays() throws {
        let h = try Harness(GameSetup(game: .othello, mode: .vsComputer, humanPlaysFirst: true, difficulty: 2))
        let first = try XCTUnwrap(h.controller.state.cells.first { $0.legalTarget })
        h.controller.tap(first.index)
        XCTAssertEqual(h.controller.state.thinking, .computerMove)
        h.controller.undo() // before the queued search ran
        h.settle()
        XCTAssertEqual(h.controller.state.moveNumber, 0)
        XCTAssertTrue(h.controller.state.acceptsInput)
        XCTAssertTrue(h.controller.state.canRedo)
        h.controller.redo()
        XCTAssertEqual(h.controller.state.moveNumber, 1)
        // The computer is to move again after redo, and answers.
        XCTAssertEqual(h.controller.state.thinking, .computerMove)
        h.settle()
        XCTAssertEqual(h.controller.state.sideToMove, .first)
        XCTAssertEqual(h.controller.state.moveNumber, 2)
        h.controller.undo()
        XCTAssertEqual(h.controller.state.moveNumber, 0)
    }

    func testHintMarksCellsAndResignEndsTheGame() throws {
        let h = try Harness(GameSetup(game: .othello, mode: .vsComputer, difficulty: 2))
        h.controller.hint()
        XCTAssertEqual(h.controller.state.thinking, .hint)
        h.settle()
        let hinted = h.controller.state.cells.filter { $0.hint }
        XCTAssertEqual(hinted.count, 1)
        XCTAssertTrue(hinted[0].legalTarget)
        XCTAssertTrue(hinted[0].description.hasSuffix("legal move, hint"), hinted[0].description)
        h.controller.resign()
        h.settle()
        XCTAssertTrue(h.controller.state.gameOver)
        let text = h.controller.state.statusText
        XCTAssertTrue(text.hasPrefix("White wins") && text.hasSuffix("the opponent resigned"), text)
        XCTAssertFalse(h.controller.state.canHint)
    }

    func testRestoreGivesTheSameSnapshot() throws {
        let h = try Harness(GameSetup(game: .othello, mode: .vsComputer, difficulty: 1))
        for _ in 0..<3 {
            let t = try XCTUnwrap(h.controller.state.cells.first { $0.legalTarget })
            h.controller.tap(t.index)
            h.settle()
        }
        let saved = h.controller.saved()
        let data = try saved.encoded()
        let back = try SavedGame.decode(data)
        XCTAssertEqual(back, saved)
        let r = try Harness(restoring: GameSetupAndMoves(saved: back))
        XCTAssertEqual(r.controller.snapshot().position, h.controller.snapshot().position)
        XCTAssertEqual(r.controller.snapshot().history, h.controller.snapshot().history)
        XCTAssertEqual(r.controller.state.cells, h.controller.state.cells)
        XCTAssertEqual(r.controller.moveStats(), h.controller.moveStats())
    }

    func testRestoreRejectsAnIllegalMove() {
        let bad = SavedGame(setup: GameSetup(game: .othello, mode: .twoPlayers), moves: ["a1"])
        XCTAssertThrowsError(try Harness(restoring: GameSetupAndMoves(saved: bad)))
    }
}
