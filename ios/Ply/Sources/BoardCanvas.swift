import PlyFFI
import SwiftUI

/// Square cells, centred: the board keeps its rows:cols shape (Connect Four 7:6) in any frame.
/// Chinese Checkers' star (`BoardShape.star`): `cols` are half-hole columns and the rows sit
/// a triangular lattice's 0.866 of a hole apart, so a hole's square is `side` across, centred
/// `col + 1` half-holes from the left.
struct BoardGeometry {
    let side: CGFloat
    let origin: CGPoint
    let rows: Int
    let cols: Int
    let star: Bool

    /// A star row's height in hole pitches.
    static let starRow: CGFloat = 0.866

    init(size: CGSize, rows: UInt32, cols: UInt32, shape: BoardShape = .grid) {
        self.rows = max(Int(rows), 1)
        self.cols = max(Int(cols), 1)
        star = shape == .star
        let across = star ? CGFloat(self.cols + 1) / 2 : CGFloat(self.cols)
        let down = star ? CGFloat(self.rows) * Self.starRow : CGFloat(self.rows)
        side = min(size.width / across, size.height / down)
        origin = CGPoint(x: (size.width - side * across) / 2, y: (size.height - side * down) / 2)
    }

    /// The board's width over its height.
    static func aspect(_ board: BoardView) -> CGFloat {
        let rows = CGFloat(max(board.rows, 1))
        let cols = CGFloat(max(board.cols, 1))
        return board.shape == .star ? ((cols + 1) / 2) / (rows * starRow) : cols / rows
    }

    var frame: CGRect {
        let across = star ? CGFloat(cols + 1) / 2 : CGFloat(cols)
        let down = star ? CGFloat(rows) * Self.starRow : CGFloat(rows)
        return CGRect(x: origin.x, y: origin.y, width: side * across, height: side * down)
    }

    func rect(row: UInt32, col: UInt32) -> CGRect {
        if star {
            let x = origin.x + (CGFloat(col) + 1) * side / 2
            let y = origin.y + (CGFloat(row) + 0.5) * side * Self.starRow
            return CGRect(x: x - side / 2, y: y - side / 2, width: side, height: side)
        }
        return CGRect(x: origin.x + CGFloat(col) * side, y: origin.y + CGFloat(row) * side, width: side, height: side)
    }

    /// The cell whose square holds a point (the star's holes: the nearest within half a hole).
    func cell(at point: CGPoint, of cells: [CellView]) -> CellView? {
        if star {
            return cells
                .map { ($0, rect(row: $0.row, col: $0.col)) }
                .filter { hypot($0.1.midX - point.x, $0.1.midY - point.y) <= side / 2 }
                .min { hypot($0.1.midX - point.x, $0.1.midY - point.y) < hypot($1.1.midX - point.x, $1.1.midY - point.y) }?
                .0
        }
        guard let hit = cell(at: point) else { return nil }
        return cells.first { $0.row == hit.row && $0.col == hit.col }
    }

    func centre(ofIndex index: UInt32) -> CGPoint {
        let r = rect(row: index / UInt32(cols), col: index % UInt32(cols))
        return CGPoint(x: r.midX, y: r.midY)
    }

    /// The (row, col) under a point, or nil outside the board.
    func cell(at point: CGPoint) -> (row: UInt32, col: UInt32)? {
        guard side > 0, frame.contains(point) else { return nil }
        let col = min(Int((point.x - origin.x) / side), cols - 1)
        let row = min(Int((point.y - origin.y) / side), rows - 1)
        return (UInt32(row), UInt32(col))
    }
}

/// The board: drawn with a Canvas, tapped by location, and one VoiceOver element per playable
/// square with the core's label. The last move is animated from the core's steps unless Reduce
/// Motion is on.
struct BoardCanvasView: View {
    let board: BoardView
    let tap: (UInt32) -> Void
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var progress: Double = 1

    var body: some View {
        GeometryReader { geo in
            let g = BoardGeometry(size: geo.size, rows: board.rows, cols: board.cols, shape: board.shape)
            BoardDrawing(board: board, geometry: g, progress: progress)
                .contentShape(Rectangle())
                .onTapGesture { point in
                    if let cell = g.cell(at: point, of: board.cells) {
                        tap(cell.index)
                    }
                }
                .accessibilityElement(children: .contain)
                .accessibilityLabel(board.title)
                .accessibilityChildren {
                    ZStack(alignment: .topLeading) {
                        ForEach(board.cells.filter { $0.playable && !$0.label.isEmpty }, id: \.index) { cell in
                            let r = g.rect(row: cell.row, col: cell.col)
                            Rectangle()
                                .frame(width: r.width, height: r.height)
                                .position(x: r.midX, y: r.midY)
                                .accessibilityLabel(cell.label)
                                .accessibilityAddTraits(cell.legal ? .isButton : [])
                                .accessibilityAddTraits(cell.selected ? .isSelected : [])
                                .accessibilityAction { tap(cell.index) }
                        }
                    }
                }
        }
        .aspectRatio(BoardGeometry.aspect(board), contentMode: .fit)
        .onChange(of: board.moves.count) { _, _ in animateLastMove() }
    }

    private func animateLastMove() {
        guard !reduceMotion, !board.animation.isEmpty else {
            progress = 1
            return
        }
        // Jump to the start without animating, then animate on the next turn of the run loop
        // (1 -> 0 -> 1 in one update would be coalesced and nothing would move).
        var reset = Transaction()
        reset.disablesAnimations = true
        withTransaction(reset) { progress = 0 }
        DispatchQueue.main.async {
            withAnimation(.easeOut(duration: 0.35)) { progress = 1 }
        }
    }
}

/// The drawing at `progress` (0 → 1) through the last move's animation steps.
struct BoardDrawing: View, Animatable {
    let board: BoardView
    let geometry: BoardGeometry
    var progress: Double

    var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    /// The last move's steps, by cell.
    private struct Motion {
        var placed: Set<UInt32> = []
        var flipped: Set<UInt32> = []
        var dropped: Set<UInt32> = []
        var captured: Set<UInt32> = []
        var crowned: Set<UInt32> = []
        /// The moving draughts piece's path (from, each landing) ending at `mover`.
        var path: [UInt32] = []
        var mover: UInt32?

        init(_ steps: [AnimationStep]) {
            for step in steps {
                switch step {
                case let .place(cell):
                    placed.insert(cell)
                case let .flip(cells):
                    flipped.formUnion(cells)
                case let .drop(_, cell):
                    dropped.insert(cell)
                case let .jump(from, to, captured):
                    if path.isEmpty { path.append(from) }
                    path.append(to)
                    mover = to
                    if let c = captured { self.captured.insert(c) }
                case let .crown(cell):
                    crowned.insert(cell)
                }
            }
        }
    }

    var body: some View {
        Canvas { ctx, _ in
            let motion = Motion(progress < 1 ? board.animation : [])
            ctx.fill(Path(roundedRect: geometry.frame, cornerRadius: geometry.side * 0.1), with: .color(background))
            for cell in board.cells { drawSquare(ctx, cell) }
            for cell in board.cells { drawPiece(ctx, cell, motion) }
        }
    }

    private var background: Color {
        switch board.game {
        case .othello: return Color(red: 0.1, green: 0.45, blue: 0.25)
        case .connectFour: return Color(red: 0.15, green: 0.3, blue: 0.75)
        case .draughts, .relaxedDraughts: return Color(red: 0.93, green: 0.85, blue: 0.7)
        case .virus: return Color(red: 0.93, green: 0.94, blue: 0.95)
        case .focus: return Color(red: 0.98, green: 0.98, blue: 0.98)
        case .chineseCheckers: return Color(red: 0.95, green: 0.9, blue: 0.67)
        }
    }

    private func drawSquare(_ ctx: GraphicsContext, _ cell: CellView) {
        let rect = geometry.rect(row: cell.row, col: cell.col)
        switch board.game {
        case .othello:
            ctx.stroke(Path(rect), with: .color(.black.opacity(0.5)), lineWidth: 1)
        case .connectFour:
            ctx.fill(Path(ellipseIn: rect.insetBy(dx: rect.width * 0.08, dy: rect.height * 0.08)),
                     with: .color(Color(uiColor: .systemBackground)))
        case .draughts, .relaxedDraughts:
            if cell.playable {
                ctx.fill(Path(rect), with: .color(Color(red: 0.45, green: 0.3, blue: 0.2)))
            }
        case .virus:
            // An infected square is filled with its player's colour.
            if cell.piece == .infected {
                let k: CGFloat = infectedNow(cell) ? 0.3 + 0.7 * progress : 1
                ctx.fill(Path(rect.insetBy(dx: rect.width * (1 - k) / 2, dy: rect.height * (1 - k) / 2)),
                         with: .color(Self.seatColor(cell.seat)))
            }
            ctx.stroke(Path(rect), with: .color(.gray), lineWidth: 1)
        case .focus:
            if cell.playable {
                ctx.fill(Path(rect), with: .color(Color(red: 0.84, green: 0.8, blue: 0.78)))
                ctx.stroke(Path(rect), with: .color(.brown.opacity(0.4)), lineWidth: 1)
            }
        case .chineseCheckers:
            let hole = rect.insetBy(dx: rect.width * 0.1, dy: rect.height * 0.1)
            ctx.fill(Path(ellipseIn: hole), with: .color(Color(red: 1, green: 0.99, blue: 0.9)))
            ctx.stroke(Path(ellipseIn: hole), with: .color(.brown.opacity(0.5)), lineWidth: 1)
        }
        if cell.selected || cell.hint {
            ctx.stroke(Path(rect.insetBy(dx: 2, dy: 2)), with: .color(cell.hint ? .yellow : .accentColor), lineWidth: 3)
        } else if cell.lastMove {
            ctx.stroke(Path(rect.insetBy(dx: 2, dy: 2)), with: .color(.orange.opacity(0.8)), lineWidth: 2)
        }
        if cell.legal && cell.piece == .stack {
            // A Focus stack that can move, or a stack a move or a reserve piece can go onto.
            ctx.stroke(Path(rect.insetBy(dx: 3, dy: 3)), with: .color(.green), lineWidth: 3)
        }
        if cell.legal && cell.piece == .empty {
            let r = rect.width * 0.12
            ctx.fill(Path(ellipseIn: CGRect(x: rect.midX - r, y: rect.midY - r, width: 2 * r, height: 2 * r)),
                     with: .color(.primary.opacity(0.45)))
        }
    }

    /// The multi-player games' seat colours in turn order, as the core names them: red, blue,
    /// green, yellow, purple, orange.
    static func seatColor(_ seat: UInt32?) -> Color {
        let colors: [Color] = [.red, .blue, .green, .yellow, .purple, .orange]
        guard let s = seat, Int(s) < colors.count else { return .gray }
        return colors[Int(s)]
    }

    /// The last move infected this square (the Virus Game's placed and taken squares grow in).
    private func infectedNow(_ cell: CellView) -> Bool {
        progress < 1 && board.animation.contains { step in
            switch step {
            case let .place(c): return c == cell.index
            case let .flip(cells): return cells.contains(cell.index)
            default: return false
            }
        }
    }

    private func color(_ cell: CellView) -> Color? {
        switch cell.piece {
        case .empty, .infected, .stack: return nil
        case .black, .blackMan, .blackKing: return Color(white: 0.08)
        case .white, .whiteMan, .whiteKing: return Color(white: 0.96)
        case .red: return .red
        case .yellow: return .yellow
        case .marble: return Self.seatColor(cell.seat)
        }
    }

    private func drawPiece(_ ctx: GraphicsContext, _ cell: CellView, _ motion: Motion) {
        let rect = geometry.rect(row: cell.row, col: cell.col)
        var disc = rect.insetBy(dx: rect.width * 0.12, dy: rect.height * 0.12)
        if cell.piece == .stack {
            drawStack(ctx, cell, rect, motion)
            return
        }
        guard let fill = color(cell) else {
            // A piece captured by the last move fades out where it stood.
            if motion.captured.contains(cell.index) {
                ctx.fill(Path(ellipseIn: disc), with: .color(.gray.opacity(1 - progress)))
            }
            return
        }
        if motion.flipped.contains(cell.index) {
            // A turning disc, squeezed horizontally through the flip.
            let k = abs(cos(progress * .pi))
            disc = disc.insetBy(dx: disc.width * (1 - k) / 2, dy: 0)
        } else if motion.placed.contains(cell.index) {
            let k = 0.4 + 0.6 * progress
            disc = disc.insetBy(dx: disc.width * (1 - k) / 2, dy: disc.height * (1 - k) / 2)
        } else if motion.dropped.contains(cell.index) {
            // A stone falling from above the board to its cell.
            disc = disc.offsetBy(dx: 0, dy: -(rect.maxY - geometry.origin.y) * (1 - progress))
        } else if motion.mover == cell.index, motion.path.count >= 2 {
            let at = along(motion.path)
            disc = disc.offsetBy(dx: at.x - rect.midX, dy: at.y - rect.midY)
        }
        ctx.fill(Path(ellipseIn: disc), with: .color(fill))
        ctx.stroke(Path(ellipseIn: disc), with: .color(.black.opacity(0.35)), lineWidth: 1)
        let king = cell.piece == .blackKing || cell.piece == .whiteKing
        if king && (!motion.crowned.contains(cell.index) || progress > 0.8) {
            let crown = disc.insetBy(dx: disc.width * 0.3, dy: disc.height * 0.3)
            ctx.stroke(Path(ellipseIn: crown), with: .color(.orange), lineWidth: 2)
        }
    }

    /// A Focus stack from the side: one band per piece, bottom first; a moved stack slides in.
    private func drawStack(_ ctx: GraphicsContext, _ cell: CellView, _ rect: CGRect, _ motion: Motion) {
        var offset = CGSize.zero
        if motion.mover == cell.index, motion.path.count >= 2 {
            let at = along(motion.path)
            offset = CGSize(width: at.x - rect.midX, height: at.y - rect.midY)
        }
        let band = rect.height * 0.14
        for (i, seat) in cell.stack.enumerated() {
            let y = rect.minY + rect.height * 0.82 - CGFloat(i + 1) * band
            let piece = CGRect(x: rect.minX + rect.width * 0.15, y: y, width: rect.width * 0.7, height: band * 0.85)
                .offsetBy(dx: offset.width, dy: offset.height)
            ctx.fill(Path(roundedRect: piece, cornerRadius: band * 0.2), with: .color(Self.seatColor(seat)))
        }
    }

    /// The point at `progress` along a draughts move's path (from, each landing square).
    private func along(_ path: [UInt32]) -> CGPoint {
        let centres = path.map { i -> CGPoint in
            guard let c = board.cells.first(where: { $0.index == i }) else { return geometry.centre(ofIndex: i) }
            let r = geometry.rect(row: c.row, col: c.col)
            return CGPoint(x: r.midX, y: r.midY)
        }
        let legs = Double(centres.count - 1)
        let x = min(max(progress * legs, 0), legs)
        let i = min(Int(x), centres.count - 2)
        let f = CGFloat(x - Double(i))
        let a = centres[i]
        let b = centres[i + 1]
        return CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }
}
