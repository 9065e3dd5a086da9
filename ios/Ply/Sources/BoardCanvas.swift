import PlyFFI
import SwiftUI

/// The board in a frame: the core's board units (the board's `width` by `height`; a cell's centre
/// at its `x`, `y`) scaled to fit and centred. The core places every cell, the star's holes
/// included; this only scales.
struct BoardGeometry {
    /// Points per board unit.
    let unit: CGFloat
    let origin: CGPoint
    private let width: CGFloat
    private let height: CGFloat
    private let cellWidth: CGFloat
    private let cellHeight: CGFloat

    init(size: CGSize, board: BoardView) {
        width = CGFloat(max(board.width, 1))
        height = CGFloat(max(board.height, 1))
        cellWidth = CGFloat(board.cellWidth)
        cellHeight = CGFloat(board.cellHeight)
        unit = min(size.width / width, size.height / height)
        origin = CGPoint(x: (size.width - unit * width) / 2, y: (size.height - unit * height) / 2)
    }

    var frame: CGRect {
        CGRect(x: origin.x, y: origin.y, width: unit * width, height: unit * height)
    }

    func centre(_ cell: CellView) -> CGPoint {
        CGPoint(x: origin.x + CGFloat(cell.x) * unit, y: origin.y + CGFloat(cell.y) * unit)
    }

    /// The square a cell's piece is drawn in: one board unit across.
    func square(_ cell: CellView) -> CGRect {
        let c = centre(cell)
        return CGRect(x: c.x - unit / 2, y: c.y - unit / 2, width: unit, height: unit)
    }

    /// The cell's own box (its VoiceOver frame): the boxes of neighbouring cells never overlap.
    func box(_ cell: CellView) -> CGRect {
        let c = centre(cell)
        let w = cellWidth * unit
        let h = cellHeight * unit
        return CGRect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
    }

    /// A tap at `point` as the core's event: the core finds the square, or the star's nearest hole.
    func tap(at point: CGPoint) -> Event {
        .tapPoint(x: Float((point.x - origin.x) / unit), y: Float((point.y - origin.y) / unit))
    }
}

extension Rgb {
    /// A colour the core chose.
    var color: Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
    }
}

/// A seat's piece with its symbol, beside the player's name (the name says the rest).
struct SeatBadge: View {
    let style: SeatStyle

    var body: some View {
        Canvas { ctx, size in
            let rect = CGRect(origin: .zero, size: size)
            ctx.fill(Path(ellipseIn: rect), with: .color(style.fill.color))
            ctx.fill(symbolPath(style, in: rect.insetBy(dx: size.width * 0.15, dy: size.height * 0.15)),
                     with: .color(style.mark.color))
        }
        .frame(width: 16, height: 16)
        .accessibilityHidden(true)
    }
}

/// A seat's symbol, the core's outline scaled to `rect`.
func symbolPath(_ style: SeatStyle, in rect: CGRect) -> Path {
    var path = Path()
    for (i, p) in style.outline.enumerated() {
        let point = CGPoint(x: rect.midX + CGFloat(p.x) * rect.width, y: rect.midY + CGFloat(p.y) * rect.height)
        if i == 0 {
            path.move(to: point)
        } else {
            path.addLine(to: point)
        }
    }
    path.closeSubpath()
    return path
}

/// The board: drawn with a Canvas, a tap sent as the point it hit, one VoiceOver element per
/// playable cell with the core's label, and one with the legal moves as actions. The last move
/// is animated from the core's steps when the core's animation number changes (not on a redraw
/// or a return to the board), unless Reduce Motion is on. Without `send` (the review's board)
/// the cells are read, not pressed.
struct BoardCanvasView: View {
    let board: BoardView
    let send: ((Event) -> Void)?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var progress: Double = 1

    var body: some View {
        GeometryReader { geo in
            let g = BoardGeometry(size: geo.size, board: board)
            BoardDrawing(board: board, geometry: g, progress: progress)
                .contentShape(Rectangle())
                .onTapGesture { point in
                    send?(g.tap(at: point))
                }
                .accessibilityElement(children: .contain)
                .accessibilityLabel(board.title)
                .accessibilityChildren {
                    ZStack(alignment: .topLeading) {
                        if let send, !board.legalMoves.isEmpty {
                            // First, under the cells: the legal moves as this element's actions.
                            Rectangle()
                                .frame(width: g.frame.width, height: g.frame.height)
                                .position(x: g.frame.midX, y: g.frame.midY)
                                .accessibilityLabel(board.legalMovesLabel)
                                .accessibilityActions {
                                    ForEach(board.legalMoves, id: \.index) { move in
                                        Button(move.label) { send(.chooseMove(move.index)) }
                                    }
                                }
                        }
                        ForEach(board.cells.filter { $0.playable && !$0.label.isEmpty }, id: \.index) { cell in
                            cellElement(cell, g.box(cell))
                        }
                    }
                }
        }
        .aspectRatio(CGFloat(board.aspect), contentMode: .fit)
        .onChange(of: board.animationSeq) { _, _ in animateLastMove() }
    }

    /// A playable cell for VoiceOver: a button that taps it (never dimmed: while the computer
    /// thinks the core refuses the tap and says why), or on the review's board a cell to read.
    @ViewBuilder
    private func cellElement(_ cell: CellView, _ r: CGRect) -> some View {
        let element = Rectangle()
            .frame(width: r.width, height: r.height)
            .position(x: r.midX, y: r.midY)
            .accessibilityLabel(cell.label)
            .accessibilityAddTraits(cell.selected ? .isSelected : [])
        if let send {
            element
                .accessibilityAddTraits(cell.legal ? .isButton : [])
                .accessibilityAction { send(.tapCell(cell.index)) }
        } else {
            element
        }
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
            ctx.fill(Path(roundedRect: geometry.frame, cornerRadius: geometry.unit * 0.1), with: .color(background))
            for cell in board.cells { drawSquare(ctx, cell) }
            for cell in board.cells { drawPiece(ctx, cell, motion) }
            // The four in a row that won: a dark dot on each stone (over the pieces), not a
            // colour alone.
            for cell in board.cells where cell.winning {
                let rect = geometry.square(cell)
                let r = rect.width * 0.15
                ctx.fill(Path(ellipseIn: CGRect(x: rect.midX - r, y: rect.midY - r, width: 2 * r, height: 2 * r)),
                         with: .color(.black))
            }
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
        let rect = geometry.square(cell)
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
                let square = rect.insetBy(dx: rect.width * (1 - k) / 2, dy: rect.height * (1 - k) / 2)
                ctx.fill(Path(square), with: .color(seatFill(cell.seat)))
                drawSymbol(ctx, cell.seat, in: square.insetBy(dx: square.width * 0.27, dy: square.height * 0.27))
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

    /// The style the core gives a seat (nil: no seat, or a two-player game).
    private func style(_ seat: UInt32?) -> SeatStyle? {
        guard let seat, Int(seat) < board.seats.count else { return nil }
        return board.seats[Int(seat)]
    }

    private func seatFill(_ seat: UInt32?) -> Color {
        style(seat)?.fill.color ?? .gray
    }

    /// A seat's symbol in `rect`, so that seats differ by more than colour.
    private func drawSymbol(_ ctx: GraphicsContext, _ seat: UInt32?, in rect: CGRect) {
        guard let style = style(seat) else { return }
        ctx.fill(symbolPath(style, in: rect), with: .color(style.mark.color))
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
        case .marble: return seatFill(cell.seat)
        }
    }

    private func drawPiece(_ ctx: GraphicsContext, _ cell: CellView, _ motion: Motion) {
        let rect = geometry.square(cell)
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
        if cell.piece == .marble {
            drawSymbol(ctx, cell.seat, in: disc.insetBy(dx: disc.width * 0.25, dy: disc.height * 0.25))
        }
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
            ctx.fill(Path(roundedRect: piece, cornerRadius: band * 0.2), with: .color(seatFill(seat)))
            drawSymbol(ctx, seat, in: CGRect(x: piece.midX - band * 0.4, y: piece.midY - band * 0.4,
                                             width: band * 0.8, height: band * 0.8))
        }
    }

    /// The point at `progress` along a draughts move's path (from, each landing square).
    private func along(_ path: [UInt32]) -> CGPoint {
        let centres = path.map { i -> CGPoint in
            guard let c = board.cells.first(where: { $0.index == i }) else { return geometry.origin }
            return geometry.centre(c)
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
