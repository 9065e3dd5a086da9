import Foundation
import PlyFFI

/// The board in a frame of `size` points: the core's board units (the board's `width` by
/// `height`; a cell's centre at its `x`, `y`) scaled to fit and centred. The core places every
/// cell, the star's holes included; this only scales.
public struct BoardLayout: Equatable, Sendable {
    /// Points per board unit.
    public let unit: CGFloat
    public let origin: CGPoint
    private let width: CGFloat
    private let height: CGFloat
    private let cellWidth: CGFloat
    private let cellHeight: CGFloat

    public init(size: CGSize, board: BoardView) {
        width = CGFloat(max(board.width, 1))
        height = CGFloat(max(board.height, 1))
        cellWidth = CGFloat(board.cellWidth)
        cellHeight = CGFloat(board.cellHeight)
        unit = max(min(size.width / width, size.height / height), 0)
        origin = CGPoint(x: (size.width - unit * width) / 2, y: (size.height - unit * height) / 2)
    }

    /// The board's own rectangle.
    public var frame: CGRect {
        CGRect(x: origin.x, y: origin.y, width: unit * width, height: unit * height)
    }

    public func centre(_ cell: CellView) -> CGPoint {
        CGPoint(x: origin.x + CGFloat(cell.x) * unit, y: origin.y + CGFloat(cell.y) * unit)
    }

    /// The square a cell's piece is drawn in: one board unit across.
    public func square(_ cell: CellView) -> CGRect {
        let c = centre(cell)
        return CGRect(x: c.x - unit / 2, y: c.y - unit / 2, width: unit, height: unit)
    }

    /// The cell's own box (its accessibility frame): neighbouring cells' boxes never overlap.
    public func box(_ cell: CellView) -> CGRect {
        let c = centre(cell)
        let w = cellWidth * unit
        let h = cellHeight * unit
        return CGRect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
    }

    /// A tap at `point` as the core's event, in board units: the core finds the square, or the
    /// star's nearest hole.
    public func tap(at point: CGPoint) -> Event {
        guard unit > 0 else { return .board(.tapPoint(x: -1, y: -1)) }
        return .board(.tapPoint(x: Float((point.x - origin.x) / unit), y: Float((point.y - origin.y) / unit)))
    }

    /// The size of a zoomed board drawn in `size` (`BoardView.zoom` times as large; the grids'
    /// zoom is 1).
    public static func zoomed(_ size: CGSize, board: BoardView) -> CGSize {
        let k = CGFloat(max(board.zoom, 1))
        return CGSize(width: size.width * k, height: size.height * k)
    }
}

/// A cell as accessibility reads it: its label over its own box, a button when the core says so.
public struct AccessibleCell: Equatable, Sendable {
    public let index: UInt32
    public let label: String
    public let frame: CGRect
    public let isButton: Bool
    public let isSelected: Bool
}

extension BoardLayout {
    /// The cells accessibility reads, in the core's order: the playable ones, while the core
    /// writes labels (it writes none when no assistive technology reads them).
    public func accessibleCells(_ board: BoardView) -> [AccessibleCell] {
        board.cells.filter { $0.playable && !$0.label.isEmpty }.map { cell in
            AccessibleCell(index: cell.index, label: cell.label, frame: box(cell), isButton: cell.button,
                           isSelected: cell.selected)
        }
    }
}

/// A shape to fill or stroke, in points.
public enum Outline: Equatable, Sendable {
    case rect(CGRect)
    case ellipse(CGRect)
    case roundedRect(CGRect, cornerRadius: CGFloat)
    /// A closed polygon.
    case polygon([CGPoint])
}

/// What a shape is painted with: the drawing maps each to a colour (its palette, light or dark).
public enum Paint: Equatable, Sendable {
    /// The board's ground, per game.
    case background(GameKind)
    /// Othello's lines.
    case gridLine
    /// A Connect Four hole (the window's background shows through).
    case hole
    /// A draughts board's dark square.
    case darkSquare
    /// The Virus Game's lines.
    case virusLine
    /// A Focus square and its edge.
    case focusSquare
    case focusEdge
    /// A hole of the star and its rim.
    case starHole
    case starRim
    case selection
    case hint
    case lastMove
    /// A Focus stack that can move, or be moved onto.
    case legalStack
    /// The dot on an empty cell a move can go to.
    case legalDot
    /// A colour the core chose (a seat's fill or mark).
    case rgb(Rgb)
    /// A piece whose seat has no style.
    case noSeat
    /// The two-player games' pieces.
    case blackPiece
    case whitePiece
    case redPiece
    case yellowPiece
    case pieceEdge
    /// A draughts king's ring.
    case crown
    /// The dot on each stone of the line that won.
    case winningDot
}

/// One step of the drawing, in order.
public enum DrawOp: Equatable, Sendable {
    case fill(Outline, Paint, opacity: Double)
    case stroke(Outline, Paint, width: CGFloat)
}

/// The board as drawing steps at `progress` (0 to 1) through the last move's animation: every
/// shape, place and size is computed here (compiled and tested on Linux); `BoardCanvas` only
/// paints the steps.
public enum BoardPainter {
    public static func draw(_ board: BoardView, in layout: BoardLayout, progress: Double) -> [DrawOp] {
        let p = min(max(progress, 0), 1)
        var ops: [DrawOp] = [.fill(.roundedRect(layout.frame, cornerRadius: layout.unit * 0.1), .background(board.game),
                                   opacity: 1)]
        let motion = Motion(p < 1 ? board.animation : [])
        for cell in board.cells {
            ops += square(board, cell, layout, motion, p)
        }
        for cell in board.cells {
            ops += piece(board, cell, layout, motion, p)
        }
        // The line that won: a dark dot on each stone (over the pieces), not a colour alone.
        for cell in board.cells where cell.winning {
            let rect = layout.square(cell)
            let r = rect.width * 0.15
            ops.append(.fill(.ellipse(CGRect(x: rect.midX - r, y: rect.midY - r, width: 2 * r, height: 2 * r)),
                             .winningDot, opacity: 1))
        }
        return ops
    }

    /// A seat's symbol: the core's outline (a box of side 1 centred on 0, y down) scaled to `rect`.
    public static func symbol(_ style: SeatStyle, in rect: CGRect) -> [CGPoint] {
        style.outline.map { v in
            CGPoint(x: rect.midX + CGFloat(v.x) * rect.width, y: rect.midY + CGFloat(v.y) * rect.height)
        }
    }

    /// The last move's steps, by cell.
    struct Motion {
        var placed: Set<UInt32> = []
        var flipped: Set<UInt32> = []
        var dropped: Set<UInt32> = []
        var crowned: Set<UInt32> = []
        /// The moving piece's path (from, each landing) ending at `mover`.
        var path: [UInt32] = []
        var mover: UInt32?
        var isEmpty = true

        init(_ steps: [AnimationStep]) {
            isEmpty = steps.isEmpty
            for step in steps {
                switch step {
                case let .place(cell):
                    placed.insert(cell)
                case let .flip(cells):
                    flipped.formUnion(cells)
                case let .drop(_, cell):
                    dropped.insert(cell)
                case let .jump(from, to, _):
                    // What it took fades out where it stood (`CellView.previousPiece`).
                    if path.isEmpty { path.append(from) }
                    path.append(to)
                    mover = to
                case let .crown(cell):
                    crowned.insert(cell)
                }
            }
        }
    }

    private static func style(_ board: BoardView, _ seat: UInt32?) -> SeatStyle? {
        guard let seat, Int(seat) < board.seats.count else { return nil }
        return board.seats[Int(seat)]
    }

    private static func seatFill(_ board: BoardView, _ seat: UInt32?) -> Paint {
        style(board, seat).map { .rgb($0.fill) } ?? .noSeat
    }

    private static func symbolOp(_ board: BoardView, _ seat: UInt32?, in rect: CGRect) -> [DrawOp] {
        guard let s = style(board, seat) else { return [] }
        return [.fill(.polygon(symbol(s, in: rect)), .rgb(s.mark), opacity: 1)]
    }

    private static func square(_ board: BoardView, _ cell: CellView, _ layout: BoardLayout, _ motion: Motion,
                               _ p: Double) -> [DrawOp] {
        let rect = layout.square(cell)
        var ops: [DrawOp] = []
        switch board.game {
        case .othello:
            ops.append(.stroke(.rect(rect), .gridLine, width: 1))
        case .connectFour:
            ops.append(.fill(.ellipse(rect.insetBy(dx: rect.width * 0.08, dy: rect.height * 0.08)), .hole, opacity: 1))
        case .draughts:
            if cell.playable {
                ops.append(.fill(.rect(rect), .darkSquare, opacity: 1))
            }
        case .virus:
            // An infected square is filled with its player's colour; the last move's grow in.
            if cell.piece == .infected {
                let grows = motion.placed.contains(cell.index) || motion.flipped.contains(cell.index)
                let k: CGFloat = grows ? CGFloat(0.3 + 0.7 * p) : 1
                let sq = rect.insetBy(dx: rect.width * (1 - k) / 2, dy: rect.height * (1 - k) / 2)
                ops.append(.fill(.rect(sq), seatFill(board, cell.seat), opacity: 1))
                ops += symbolOp(board, cell.seat, in: sq.insetBy(dx: sq.width * 0.27, dy: sq.height * 0.27))
            }
            ops.append(.stroke(.rect(rect), .virusLine, width: 1))
        case .focus:
            if cell.playable {
                ops.append(.fill(.rect(rect), .focusSquare, opacity: 1))
                ops.append(.stroke(.rect(rect), .focusEdge, width: 1))
            }
        case .chineseCheckers:
            let hole = rect.insetBy(dx: rect.width * 0.1, dy: rect.height * 0.1)
            ops.append(.fill(.ellipse(hole), .starHole, opacity: 1))
            ops.append(.stroke(.ellipse(hole), .starRim, width: 1))
        }
        if cell.selected || cell.hint {
            ops.append(.stroke(.rect(rect.insetBy(dx: 2, dy: 2)), cell.hint ? .hint : .selection, width: 3))
        } else if cell.lastMove {
            ops.append(.stroke(.rect(rect.insetBy(dx: 2, dy: 2)), .lastMove, width: 2))
        }
        if cell.legal && cell.piece == .stack {
            ops.append(.stroke(.rect(rect.insetBy(dx: 3, dy: 3)), .legalStack, width: 3))
        }
        if cell.legal && cell.piece == .empty {
            let r = rect.width * 0.12
            ops.append(.fill(.ellipse(CGRect(x: rect.midX - r, y: rect.midY - r, width: 2 * r, height: 2 * r)),
                             .legalDot, opacity: 1))
        }
        return ops
    }

    private static func pieceFill(_ board: BoardView, _ piece: Piece, seat: UInt32?) -> Paint? {
        switch piece {
        case .empty, .infected, .stack: return nil
        case .black, .blackMan, .blackKing: return .blackPiece
        case .white, .whiteMan, .whiteKing: return .whitePiece
        case .red: return .redPiece
        case .yellow: return .yellowPiece
        case .marble: return seatFill(board, seat)
        }
    }

    private static func isKing(_ piece: Piece) -> Bool {
        piece == .blackKing || piece == .whiteKing
    }

    private static func crown(_ disc: CGRect) -> DrawOp {
        .stroke(.ellipse(disc.insetBy(dx: disc.width * 0.3, dy: disc.height * 0.3)), .crown, width: 2)
    }

    private static func piece(_ board: BoardView, _ cell: CellView, _ layout: BoardLayout, _ motion: Motion,
                              _ p: Double) -> [DrawOp] {
        let rect = layout.square(cell)
        if cell.piece == .stack {
            return stack(board, cell, rect, layout, motion, p)
        }
        var disc = rect.insetBy(dx: rect.width * 0.12, dy: rect.height * 0.12)
        // What the last move replaced here, as the core says (`previousPiece`): shown until it
        // has turned over or faded out.
        let animating = p < 1 && !motion.isEmpty
        let before = animating && cell.previousPiece != cell.piece ? cell.previousPiece : nil
        guard var fill = pieceFill(board, cell.piece, seat: cell.seat) else {
            // A piece the last move took fades out where it stood, as it was (a king as a king).
            guard let before, let was = pieceFill(board, before, seat: cell.seat) else { return [] }
            var ops: [DrawOp] = [.fill(.ellipse(disc), was, opacity: 1 - p)]
            if isKing(before) { ops.append(crown(disc)) }
            return ops
        }
        if motion.flipped.contains(cell.index) {
            // A turning disc, squeezed horizontally through the flip: its old colour until it
            // is edge-on, its new one after.
            let k = CGFloat(abs(cos(p * .pi)))
            disc = disc.insetBy(dx: disc.width * (1 - k) / 2, dy: 0)
            if p < 0.5, let before, let was = pieceFill(board, before, seat: cell.seat) {
                fill = was
            }
        } else if motion.placed.contains(cell.index) {
            let k = CGFloat(0.4 + 0.6 * p)
            disc = disc.insetBy(dx: disc.width * (1 - k) / 2, dy: disc.height * (1 - k) / 2)
        } else if motion.dropped.contains(cell.index) {
            // A stone falling from above the board to its cell.
            disc = disc.offsetBy(dx: 0, dy: -(rect.maxY - layout.origin.y) * CGFloat(1 - p))
        } else if motion.mover == cell.index, motion.path.count >= 2 {
            let at = along(board, motion.path, layout, p)
            disc = disc.offsetBy(dx: at.x - rect.midX, dy: at.y - rect.midY)
        }
        var ops: [DrawOp] = [.fill(.ellipse(disc), fill, opacity: 1), .stroke(.ellipse(disc), .pieceEdge, width: 1)]
        if cell.piece == .marble {
            ops += symbolOp(board, cell.seat, in: disc.insetBy(dx: disc.width * 0.25, dy: disc.height * 0.25))
        }
        // A man crowned by the last move shows its crown at the end of the move.
        if isKing(cell.piece) && (!motion.crowned.contains(cell.index) || p > 0.8) {
            ops.append(crown(disc))
        }
        return ops
    }

    /// A Focus stack from the side: one band per piece, bottom first; a moved stack slides in.
    private static func stack(_ board: BoardView, _ cell: CellView, _ rect: CGRect, _ layout: BoardLayout,
                              _ motion: Motion, _ p: Double) -> [DrawOp] {
        var dx: CGFloat = 0
        var dy: CGFloat = 0
        if motion.mover == cell.index, motion.path.count >= 2 {
            let at = along(board, motion.path, layout, p)
            dx = at.x - rect.midX
            dy = at.y - rect.midY
        }
        let band = rect.height * 0.14
        var ops: [DrawOp] = []
        for (i, seat) in cell.stack.enumerated() {
            let y = rect.minY + rect.height * 0.82 - CGFloat(i + 1) * band
            let piece = CGRect(x: rect.minX + rect.width * 0.15, y: y, width: rect.width * 0.7, height: band * 0.85)
                .offsetBy(dx: dx, dy: dy)
            ops.append(.fill(.roundedRect(piece, cornerRadius: band * 0.2), seatFill(board, seat), opacity: 1))
            ops += symbolOp(board, seat, in: CGRect(x: piece.midX - band * 0.4, y: piece.midY - band * 0.4,
                                                    width: band * 0.8, height: band * 0.8))
        }
        return ops
    }

    /// The point at `p` along a move's path (from, each landing), each leg taking its share.
    static func along(_ board: BoardView, _ path: [UInt32], _ layout: BoardLayout, _ p: Double) -> CGPoint {
        let centres = path.compactMap { i in board.cells.first(where: { $0.index == i }).map(layout.centre) }
        guard centres.count >= 2 else { return centres.first ?? layout.origin }
        let legs = Double(centres.count - 1)
        let x = min(max(p * legs, 0), legs)
        let i = min(Int(x), centres.count - 2)
        let f = CGFloat(x - Double(i))
        let a = centres[i]
        let b = centres[i + 1]
        return CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }
}

extension ChartSeries {
    /// Each value as a share of the series' scale (0 to 1), for a chart that draws every series
    /// on its own scale in the same box.
    public var fractions: [Double] {
        let top = Swift.max(self.max, 1)
        return values.map { v in v.isFinite ? Swift.min(Swift.max(v / top, 0), 1) : 0 }
    }
}
