import Foundation
import PlyFFI
import XCTest
@testable import PlyKit

/// The board's drawing as PlyKit computes it from the core's board views (the canvas paints
/// these steps and computes nothing): where a tap lands, where each shape goes, and how the last
/// move's animation moves them.
// `@unchecked Sendable`: XCTest runs one test of an instance at a time, and the instance keeps no
// state; its `@MainActor` tests are handed to the main actor by the discovered test list.
final class BoardPainterTests: XCTestCase, @unchecked Sendable {
    override func tearDown() {
        TempDirs.removeAll()
    }

    @MainActor
    private func board(_ game: GameKind, moves: [String] = [], mode: PlayMode = .twoPlayers) async throws
        -> (AppModel, BoardView) {
        let model = try await startedModel(Fakes())
        model.sceneChanged(to: .active)
        model.send(.home(.chooseGame(game)))
        model.send(.home(.chooseMode(mode)))
        model.send(.home(.newGame))
        for m in moves {
            model.send(.board(.playNotation(m)))
        }
        return (model, try XCTUnwrap(model.board))
    }

    private func fills(_ ops: [DrawOp], _ paint: Paint) -> [Outline] {
        ops.compactMap { if case let .fill(o, p, _) = $0, p == paint { return o }; return nil }
    }

    private func rect(_ o: Outline) -> CGRect? {
        switch o {
        case let .rect(r), let .ellipse(r), let .roundedRect(r, _): return r
        case .polygon: return nil
        }
    }

    /// The board fills its frame's shorter side, centred; a tap at a cell's centre is that cell
    /// in the core's units, whatever the frame.
    @MainActor
    func testTheBoardIsCentredAndATapMapsBackToItsCell() async throws {
        let (model, b) = try await board(.othello)
        let layout = BoardLayout(size: CGSize(width: 400, height: 300), board: b)
        XCTAssertEqual(layout.unit, 300 / 8, accuracy: 1e-9)
        XCTAssertEqual(layout.frame, CGRect(x: 50, y: 0, width: 300, height: 300))
        let f5 = try XCTUnwrap(b.cells.first { $0.label.hasPrefix("f5") })
        XCTAssertEqual(layout.box(f5).width, layout.unit, accuracy: 1e-9, "a square's box is the square")
        model.send(layout.tap(at: layout.centre(f5)))
        XCTAssertEqual(model.board?.moves, ["f5"])
        // Outside the board: nothing.
        model.send(layout.tap(at: CGPoint(x: 10, y: 150)))
        XCTAssertEqual(model.board?.moves, ["f5"])
        // A frame with no room draws nothing and taps nowhere.
        let none = BoardLayout(size: .zero, board: b)
        XCTAssertEqual(none.unit, 0)
        XCTAssertEqual(BoardLayout.zoomed(CGSize(width: 100, height: 50), board: b), CGSize(width: 100, height: 50),
                       "the grids offer no zoom")
    }

    /// The star's holes are drawn where the core puts them, a zoomed star is the core's zoom
    /// times larger, and accessibility reads every hole over its own box.
    @MainActor
    func testTheStarIsDrawnWhereTheCorePutsItsHoles() async throws {
        let (_, b) = try await board(.chineseCheckers)
        let layout = BoardLayout(size: CGSize(width: 390, height: 600), board: b)
        let ops = BoardPainter.draw(b, in: layout, progress: 1)
        let holes = fills(ops, .starHole).compactMap(rect)
        XCTAssertEqual(holes.count, b.cells.count)
        for (hole, cell) in zip(holes, b.cells) {
            let c = layout.centre(cell)
            XCTAssertEqual(hole.midX, c.x, accuracy: 1e-9)
            XCTAssertEqual(hole.midY, c.y, accuracy: 1e-9)
            XCTAssertTrue(layout.frame.insetBy(dx: -1, dy: -1).contains(c))
        }
        XCTAssertEqual(BoardLayout.zoomed(CGSize(width: 100, height: 80), board: b).width, 100 * CGFloat(b.zoom),
                       accuracy: 1e-6)
        let read = layout.accessibleCells(b)
        XCTAssertEqual(read.count, b.cells.filter { $0.playable }.count)
        XCTAssertTrue(read.allSatisfy { $0.isButton })
        // Neighbouring holes' boxes never overlap.
        for (a, c) in zip(read, read.dropFirst()) where abs(a.frame.midY - c.frame.midY) < 1e-6 {
            XCTAssertLessThanOrEqual(a.frame.maxX, c.frame.minX + 1e-6)
        }
    }

    /// Connect Four's last stone falls from above the board to its cell; Othello's placed disc
    /// grows and the turned ones squeeze through the flip; at the end each is where it stands.
    @MainActor
    func testTheLastMoveAnimatesFromTheCoresSteps() async throws {
        let (_, c4) = try await board(.connectFour, moves: ["4"])
        let layout = BoardLayout(size: CGSize(width: 700, height: 600), board: c4)
        let stone = try XCTUnwrap(c4.cells.first { $0.piece == .red })
        let start = fills(BoardPainter.draw(c4, in: layout, progress: 0), .redPiece).compactMap(rect)
        let end = fills(BoardPainter.draw(c4, in: layout, progress: 1), .redPiece).compactMap(rect)
        XCTAssertEqual(start.count, 1)
        XCTAssertLessThan(start[0].maxY, layout.frame.minY + 1e-6, "above the board at the start")
        XCTAssertEqual(end[0].midY, layout.centre(stone).y, accuracy: 1e-9, "in its cell at the end")

        let (_, o) = try await board(.othello, moves: ["f5"])
        let ol = BoardLayout(size: CGSize(width: 400, height: 400), board: o)
        let placed = try XCTUnwrap(o.cells.first { $0.label.hasPrefix("f5") })
        let turned = try XCTUnwrap(o.cells.first { $0.label.hasPrefix("e5") })
        let half = BoardPainter.draw(o, in: ol, progress: 0.5)
        let black = fills(half, .blackPiece).compactMap(rect)
        let square = ol.square(turned)
        let flipping = try XCTUnwrap(black.first { abs($0.midX - square.midX) < 1e-6 && abs($0.midY - square.midY) < 1e-6 })
        XCTAssertLessThan(flipping.width, square.width * 0.05, "edge-on halfway through the flip")
        let growing = try XCTUnwrap(black.first { abs($0.midX - ol.centre(placed).x) < 1e-6 && abs($0.midY - ol.centre(placed).y) < 1e-6 })
        XCTAssertEqual(growing.width, square.width * 0.76 * 0.7, accuracy: 1e-6, "placed: 70 % grown halfway")
        let still = fills(BoardPainter.draw(o, in: ol, progress: 1), .blackPiece).compactMap(rect)
        XCTAssertTrue(still.allSatisfy { abs($0.width - square.width * 0.76) < 1e-6 }, "whole discs at the end")
        // The legal moves' dots sit on empty cells only.
        let dots = fills(BoardPainter.draw(o, in: ol, progress: 1), .legalDot).compactMap(rect)
        XCTAssertEqual(dots.count, o.cells.filter { $0.legal && $0.piece == .empty }.count)
    }

    /// What the last move replaced is drawn as the core says it was (`previousPiece`): a turned
    /// disc keeps its old colour until it is edge-on; kings taken by a double jump fade out as
    /// kings; once the move has played out, neither is drawn.
    @MainActor
    func testReplacedPiecesAreDrawnAsTheyWere() async throws {
        let (_, o) = try await board(.othello, moves: ["f5"])
        let layout = BoardLayout(size: CGSize(width: 400, height: 400), board: o)
        let e5 = try XCTUnwrap(o.cells.first { $0.label.hasPrefix("e5") })
        XCTAssertEqual(e5.previousPiece, .white)
        XCTAssertEqual(e5.piece, .black)
        let at = { (ops: [DrawOp], paint: Paint) -> Bool in
            self.fills(ops, paint).compactMap(self.rect).contains {
                abs($0.midX - layout.centre(e5).x) < 1e-6 && abs($0.midY - layout.centre(e5).y) < 1e-6
            }
        }
        let early = BoardPainter.draw(o, in: layout, progress: 0.25)
        XCTAssertTrue(at(early, .whitePiece) && !at(early, .blackPiece), "white before it is edge-on")
        let late = BoardPainter.draw(o, in: layout, progress: 0.75)
        XCTAssertTrue(at(late, .blackPiece) && !at(late, .whitePiece), "black after")

        let model = try await startedModel(Fakes())
        model.sceneChanged(to: .active)
        model.send(.home(.chooseGame(.draughts)))
        model.send(.home(.chooseMode(.twoPlayers)))
        model.send(.home(.chooseStartPosition("W:WK14:BK10,K11,K18,K19,K26,K27")))
        model.send(.home(.newGame))
        let jump = try XCTUnwrap(model.board?.legalMoves.first { $0.notation.filter { $0 == "x" }.count == 2 },
                                 "a double jump among \(model.board?.legalMoves.map(\.notation) ?? [])")
        model.send(.board(.chooseMove(jump.index)))
        let d = try XCTUnwrap(model.board)
        let taken = d.cells.filter { $0.previousPiece != $0.piece }
        XCTAssertEqual(taken.count, 2)
        XCTAssertTrue(taken.allSatisfy { $0.previousPiece == .blackKing && $0.piece == .empty })
        let dl = BoardLayout(size: CGSize(width: 800, height: 800), board: d)
        let half = BoardPainter.draw(d, in: dl, progress: 0.5)
        for cell in taken {
            let c = dl.centre(cell)
            let here = { (o: Outline) in self.rect(o).map { abs($0.midX - c.x) < 1e-6 && abs($0.midY - c.y) < 1e-6 } ?? false }
            XCTAssertTrue(half.contains { if case let .fill(o, .blackPiece, opacity) = $0 { return here(o) && opacity == 0.5 }; return false },
                          "a black piece half faded")
            XCTAssertTrue(half.contains { if case let .stroke(o, .crown, _) = $0 { return here(o) }; return false },
                          "with its crown")
            let end = BoardPainter.draw(d, in: dl, progress: 1)
            XCTAssertFalse(end.contains { if case let .fill(o, _, _) = $0 { return here(o) && o != .rect(dl.square(cell)) }; return false },
                           "gone at the end")
        }
    }

    /// A jump's piece travels its path leg by leg: halfway through a one-leg move it is halfway
    /// between the squares.
    @MainActor
    func testAMovingPieceTravelsItsPath() async throws {
        let (_, d) = try await board(.draughts, moves: ["11-15"])
        let layout = BoardLayout(size: CGSize(width: 800, height: 800), board: d)
        guard let jump = d.animation.first, case let .jump(from, to, _) = jump else {
            return XCTFail("\(d.animation)")
        }
        let a = layout.centre(try XCTUnwrap(d.cells.first { $0.index == from }))
        let b = layout.centre(try XCTUnwrap(d.cells.first { $0.index == to }))
        let mid = BoardPainter.along(d, [from, to], layout, 0.5)
        XCTAssertEqual(mid.x, (a.x + b.x) / 2, accuracy: 1e-9)
        XCTAssertEqual(mid.y, (a.y + b.y) / 2, accuracy: 1e-9)
        XCTAssertEqual(BoardPainter.along(d, [from, to], layout, 2), b, "clamped at the end")
    }

    /// The after-game chart's series as shares of their own scales.
    func testChartSeriesAreDrawnOnTheirOwnScales() {
        let s = ChartSeries(label: "x", mark: .bars, values: [0, 50, 100, 200, .nan, -3], max: 200)
        XCTAssertEqual(s.fractions, [0, 0.25, 0.5, 1, 0, 0])
        XCTAssertEqual(ChartSeries(label: "x", mark: .line, values: [0.5], max: 0).fractions, [0.5])
    }
}
