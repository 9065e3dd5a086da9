import PlyFFI

/// One square as the board view draws it.
public struct CellView: Equatable, Identifiable {
    public var id: Int { index }
    public let index: Int
    public let row: Int
    public let col: Int
    public let label: String
    public let piece: Piece
    /// False for the light squares of a draughts board (never tappable).
    public let playable: Bool
    /// A legal move lands here (Othello disc, Connect Four drop cell, draughts destination).
    public let legalTarget: Bool
    /// Draughts, nothing selected: a piece that can move.
    public let movable: Bool
    public let lastMove: Bool
    /// Turned, or jumped and removed, by the last move (animate it).
    public let changedByLastMove: Bool
    public let selected: Bool
    public let hint: Bool
    /// The VoiceOver label: "e4, black disc, legal move".
    public let description: String
}

/// What is being searched right now.
public enum Thinking: Sendable {
    case none
    case computerMove
    case hint
}

/// Everything the board screen draws: pure data built from a `Snapshot` plus the controller's marks.
public struct BoardViewState: Equatable {
    public let game: GameKind
    public let rows: Int
    public let cols: Int
    public let cells: [CellView]
    public let sideToMove: Side
    public let firstName: String
    public let secondName: String
    public let firstCount: Int
    public let secondCount: Int
    /// "Black to move", "Computer (White) is thinking…", "Red wins: four in a row".
    public let statusText: String
    public let gameOver: Bool
    public let acceptsInput: Bool
    public let thinking: Thinking
    public let thinkingNodes: UInt64
    public let paused: Bool
    public let canUndo: Bool
    public let canRedo: Bool
    public let canHint: Bool
    public let canResign: Bool
    /// Othello: the human to move has no disc to place; offer "pass".
    public let mustPass: Bool
    /// Draughts: several capture paths end on the tapped square; the user picks one.
    public let pathChoices: [MoveInfo]
    public let lastMove: MoveInfo?
    public let moveNumber: Int
    public let message: String?

    public func cell(row: Int, col: Int) -> CellView? {
        let i = row * cols + col
        return cells.indices.contains(i) ? cells[i] : nil
    }
}

/// The UI-only part of the board state the controller keeps next to the session.
struct UiMarks {
    var selected: Int?
    var hint: MoveInfo?
    var pathChoices: [MoveInfo] = []
    var thinking: Thinking = .none
    var thinkingNodes: UInt64 = 0
    var message: String?
}

func isDraughts(_ game: GameKind) -> Bool {
    game == .draughts || game == .relaxedDraughts
}

public func pieceName(_ p: Piece) -> String? {
    switch p {
    case .empty: return nil
    case .black: return "black disc"
    case .white: return "white disc"
    case .red: return "red stone"
    case .yellow: return "yellow stone"
    case .blackMan: return "black man"
    case .blackKing: return "black king"
    case .whiteMan: return "white man"
    case .whiteKing: return "white king"
    }
}

public func sideName(_ game: GameKind, _ side: Side) -> String {
    let first = side == .first
    switch game {
    case .othello, .draughts, .relaxedDraughts: return first ? "Black" : "White"
    case .connectFour: return first ? "Red" : "Yellow"
    }
}

/// Cells a move marks: the draughts path (start included), or the placed/dropped cell.
func moveCells(_ m: MoveInfo) -> Set<Int> {
    var s = Set(m.path.map { Int($0) })
    if let f = m.from { s.insert(Int(f)) }
    if let t = m.to { s.insert(Int(t)) }
    return s
}

func reasonText(_ reason: EndReason, winner: Side?, game: GameKind) -> String {
    switch reason {
    case .noMovesForEither: return "neither side can move"
    case .noMovesForMover:
        if let w = winner { return "\(sideName(game, w == .first ? .second : .first)) cannot move" }
        return "no moves"
    case .fourInARow: return "four in a row"
    case .boardFull: return "the board is full"
    case .repetition: return "threefold repetition"
    case .moveLimit: return "40 moves without progress"
    case .resignation: return "the opponent resigned"
    }
}

func statusText(_ game: GameKind, _ status: GameStatus, _ side: Side, _ thinking: Thinking, humanToMove: Bool) -> String {
    switch status {
    case let .won(winner, reason, margin):
        let by = game == .othello && margin > 0 ? " by \(margin) discs" : ""
        return "\(sideName(game, winner)) wins\(by): \(reasonText(reason, winner: winner, game: game))"
    case let .draw(reason):
        return "Draw: \(reasonText(reason, winner: nil, game: game))"
    case .playing:
        switch thinking {
        case .computerMove: return "Computer (\(sideName(game, side))) is thinking…"
        case .hint: return "Looking for a hint…"
        case .none: return humanToMove ? "\(sideName(game, side)) to move" : "\(sideName(game, side)) (computer) to move"
        }
    }
}

/// "e4, black disc, legal move"; "square 11, white king, selected"; "c1, empty".
func describeCell(game: GameKind, label: String, piece: Piece, playable: Bool,
                  selected: Bool, movable: Bool, legalTarget: Bool, lastMove: Bool, hint: Bool) -> String {
    if !playable { return "light square" }
    var parts = [isDraughts(game) ? "square \(label)" : label, pieceName(piece) ?? "empty"]
    if selected { parts.append("selected") }
    if movable { parts.append("can move") }
    if legalTarget { parts.append("legal move") }
    if lastMove { parts.append("last move") }
    if hint { parts.append("hint") }
    return parts.joined(separator: ", ")
}

func buildViewState(_ s: Snapshot, _ marks: UiMarks, humanToMove: Bool, paused: Bool) -> BoardViewState {
    let playing = s.status == .playing
    let input = playing && humanToMove && marks.thinking != .computerMove
    let legal = input ? s.legalMoves : []
    var targets = Set<Int>()
    var movable = Set<Int>()
    if isDraughts(s.game) {
        if let sel = marks.selected {
            targets = Set(legal.filter { $0.from.map(Int.init) == sel }.compactMap { $0.to.map(Int.init) })
        } else {
            movable = Set(legal.compactMap { $0.from.map(Int.init) })
        }
    } else {
        targets = Set(legal.compactMap { $0.to.map(Int.init) })
    }
    let last = s.lastMove
    let lastCells = last.map(moveCells) ?? []
    let changed = Set((last.map { $0.flipped + $0.captured } ?? []).map { Int($0) })
    let hintCells = marks.hint.map(moveCells) ?? []
    let cells = s.cells.map { c -> CellView in
        let i = Int(c.index)
        let sel = marks.selected == i
        return CellView(
            index: i, row: Int(c.row), col: Int(c.col), label: c.label, piece: c.piece, playable: c.playable,
            legalTarget: targets.contains(i), movable: movable.contains(i), lastMove: lastCells.contains(i),
            changedByLastMove: changed.contains(i), selected: sel, hint: hintCells.contains(i),
            description: describeCell(game: s.game, label: c.label, piece: c.piece, playable: c.playable, selected: sel,
                                      movable: movable.contains(i), legalTarget: targets.contains(i),
                                      lastMove: lastCells.contains(i), hint: hintCells.contains(i)))
    }
    let onlyPass = !legal.isEmpty && legal.allSatisfy { $0.isPass }
    let isPaused = paused && playing && !humanToMove
    let status = isPaused ? "Paused: \(sideName(s.game, s.sideToMove)) (computer) to move"
        : statusText(s.game, s.status, s.sideToMove, marks.thinking, humanToMove: humanToMove)
    return BoardViewState(
        game: s.game, rows: Int(s.rows), cols: Int(s.cols), cells: cells, sideToMove: s.sideToMove,
        firstName: sideName(s.game, .first), secondName: sideName(s.game, .second),
        firstCount: Int(s.firstCount), secondCount: Int(s.secondCount), statusText: status,
        gameOver: !playing, acceptsInput: input, thinking: marks.thinking, thinkingNodes: marks.thinkingNodes,
        paused: isPaused, canUndo: s.canUndo, canRedo: s.canRedo, canHint: input && marks.thinking == .none,
        canResign: playing, mustPass: input && onlyPass, pathChoices: marks.pathChoices, lastMove: last,
        moveNumber: Int(s.moveNumber), message: marks.message)
}
