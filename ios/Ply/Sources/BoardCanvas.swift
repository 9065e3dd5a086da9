import PlyFFI
import PlyKit
import SwiftUI

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
            ctx.fill(polygon(BoardPainter.symbol(style, in: rect.insetBy(dx: size.width * 0.15, dy: size.height * 0.15))),
                     with: .color(style.mark.color))
        }
        .frame(width: 16, height: 16)
        .accessibilityHidden(true)
    }
}

func polygon(_ points: [CGPoint]) -> Path {
    var path = Path()
    path.addLines(points)
    path.closeSubpath()
    return path
}

/// The board: PlyKit's drawing steps painted on a Canvas, a tap sent as the point it hit, the
/// cells accessibility reads over their boxes (buttons where the core says), and one element with
/// the legal moves as actions. The last move animates when the core's animation number changes
/// (not on a redraw or a return to the board), unless Reduce Motion is on. Without `send` (the
/// review's board) nothing is pressed.
struct BoardCanvasView: View {
    let board: BoardView
    let send: ((Event) -> Void)?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var progress: Double = 1

    var body: some View {
        GeometryReader { geo in
            let layout = BoardLayout(size: geo.size, board: board)
            BoardDrawing(board: board, layout: layout, progress: progress)
                .contentShape(Rectangle())
                .onTapGesture { point in
                    send?(layout.tap(at: point))
                }
                .accessibilityElement(children: .contain)
                .accessibilityLabel(board.title)
                .accessibilityChildren {
                    ZStack(alignment: .topLeading) {
                        if let send, !board.legalMoves.isEmpty, !board.legalMovesLabel.isEmpty {
                            // First, under the cells: the legal moves as this element's actions
                            // (the core writes the label only while something reads it).
                            Rectangle()
                                .frame(width: layout.frame.width, height: layout.frame.height)
                                .position(x: layout.frame.midX, y: layout.frame.midY)
                                .accessibilityLabel(board.legalMovesLabel)
                                .accessibilityActions {
                                    ForEach(board.legalMoves, id: \.index) { move in
                                        Button(move.label) { send(.board(.chooseMove(move.index))) }
                                    }
                                }
                        }
                        ForEach(layout.accessibleCells(board), id: \.index) { cell in
                            cellElement(cell)
                        }
                    }
                }
        }
        .aspectRatio(CGFloat(board.aspect), contentMode: .fit)
        .onChange(of: board.animationSeq) { _, _ in animateLastMove() }
    }

    /// A cell for VoiceOver over its own box: a button that taps it where the core says (never
    /// dimmed: while the computer thinks the core refuses the tap and says why), else read only.
    @ViewBuilder
    private func cellElement(_ cell: AccessibleCell) -> some View {
        let element = Rectangle()
            .frame(width: cell.frame.width, height: cell.frame.height)
            .position(x: cell.frame.midX, y: cell.frame.midY)
            .accessibilityLabel(cell.label)
            .accessibilityAddTraits(cell.isSelected ? .isSelected : [])
        if cell.isButton, let send {
            element
                .accessibilityAddTraits(.isButton)
                .accessibilityAction { send(.board(.tapCell(cell.index))) }
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

/// The drawing at `progress` (0 → 1) through the last move's animation: PlyKit's steps, each
/// painted in the palette's colour.
struct BoardDrawing: View, Animatable {
    let board: BoardView
    let layout: BoardLayout
    var progress: Double

    var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    var body: some View {
        Canvas { ctx, _ in
            for op in BoardPainter.draw(board, in: layout, progress: progress) {
                switch op {
                case let .fill(outline, paint, opacity):
                    ctx.fill(path(outline), with: .color(color(paint).opacity(opacity)))
                case let .stroke(outline, paint, width):
                    ctx.stroke(path(outline), with: .color(color(paint)), lineWidth: width)
                }
            }
        }
    }

    private func path(_ outline: Outline) -> Path {
        switch outline {
        case let .rect(r): return Path(r)
        case let .ellipse(r): return Path(ellipseIn: r)
        case let .roundedRect(r, radius): return Path(roundedRect: r, cornerRadius: radius)
        case let .polygon(points): return polygon(points)
        }
    }

    /// The palette.
    private func color(_ paint: Paint) -> Color {
        switch paint {
        case let .background(game):
            switch game {
            case .othello: return Color(red: 0.1, green: 0.45, blue: 0.25)
            case .connectFour: return Color(red: 0.15, green: 0.3, blue: 0.75)
            case .draughts: return Color(red: 0.93, green: 0.85, blue: 0.7)
            case .virus: return Color(red: 0.93, green: 0.94, blue: 0.95)
            case .focus: return Color(red: 0.98, green: 0.98, blue: 0.98)
            case .chineseCheckers: return Color(red: 0.95, green: 0.9, blue: 0.67)
            }
        case .gridLine: return .black.opacity(0.5)
        case .hole: return Color(uiColor: .systemBackground)
        case .darkSquare: return Color(red: 0.45, green: 0.3, blue: 0.2)
        case .virusLine: return .gray
        case .focusSquare: return Color(red: 0.84, green: 0.8, blue: 0.78)
        case .focusEdge: return .brown.opacity(0.4)
        case .starHole: return Color(red: 1, green: 0.99, blue: 0.9)
        case .starRim: return .brown.opacity(0.5)
        case .selection: return .accentColor
        case .hint: return .yellow
        case .lastMove: return .orange.opacity(0.8)
        case .legalStack: return .green
        case .legalDot: return .primary.opacity(0.45)
        case let .rgb(rgb): return rgb.color
        case .noSeat: return .gray
        case .blackPiece: return Color(white: 0.08)
        case .whitePiece: return Color(white: 0.96)
        case .redPiece: return .red
        case .yellowPiece: return .yellow
        case .pieceEdge: return .black.opacity(0.35)
        case .crown: return .orange
        case .winningDot: return .black
        }
    }
}
