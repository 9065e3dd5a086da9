import PlyFFI
import PlyKit
import SwiftUI

/// The game screen: board, counts, turn, thinking indicator, actions; the after-game sheet.
struct BoardScreen: View {
    let setup: GameSetup
    @Binding var saved: Data?
    @Environment(AppModel.self) private var app
    @Environment(\.scenePhase) private var phase
    @State private var model: GameModel?
    @State private var showAfterGame = false
    @State private var confirmResign = false

    var body: some View {
        VStack(spacing: 12) {
            if let model, let state = model.state {
                ScoreBar(state: state)
                BoardView(state: state) { model.controller?.tap($0) }
                    .padding(.horizontal)
                StatusLine(state: state)
                if !state.pathChoices.isEmpty {
                    PathChooser(choices: state.pathChoices) { model.controller?.choosePath($0) }
                }
                if let message = state.message {
                    Text(message).font(.footnote).foregroundStyle(.secondary)
                }
                Controls(state: state, model: model, confirmResign: $confirmResign, showAfterGame: $showAfterGame)
            } else if let error = model?.error {
                Text(error).foregroundStyle(.red)
            } else {
                ProgressView()
            }
        }
        .padding(.vertical)
        .navigationTitle(setup.gameName.title)
        .navigationBarTitleDisplayMode(.inline)
        .onAppear(perform: open)
        .onDisappear {
            saved = model?.savedData()
            model?.close()
        }
        .onChange(of: model?.state?.moveNumber) { _, _ in saved = model?.savedData() }
        .onChange(of: model?.finishedText) { _, text in if text != nil { showAfterGame = true } }
        .onChange(of: phase) { _, now in
            if now == .background {
                saved = model?.savedData()
                model?.leave()
            } else if now == .active {
                model?.enter()
            }
        }
        .sheet(isPresented: $showAfterGame) {
            if let report = model?.controller?.afterGame() {
                NavigationStack { AfterGameView(report: report) }
            }
        }
        .confirmationDialog("Resign this game?", isPresented: $confirmResign) {
            Button("Resign", role: .destructive) { model?.controller?.resign() }
        }
    }

    private func open() {
        if model != nil { return }
        let m = GameModel(app: app)
        model = m
        if let data = saved, m.restore(data) { return }
        m.start(setup)
    }
}

/// Counts and whose turn.
struct ScoreBar: View {
    let state: BoardViewState

    var body: some View {
        HStack {
            side(state.firstName, state.firstCount, active: !state.gameOver && state.sideToMove == .first)
            Spacer()
            side(state.secondName, state.secondCount, active: !state.gameOver && state.sideToMove == .second)
        }
        .padding(.horizontal)
    }

    private func side(_ name: String, _ count: Int, active: Bool) -> some View {
        Label("\(name): \(count)", systemImage: active ? "arrowtriangle.right.fill" : "circle")
            .font(.headline)
            .foregroundStyle(active ? Color.primary : Color.secondary)
            .accessibilityLabel("\(name), \(count)\(active ? ", to move" : "")")
    }
}

/// Status text and the thinking indicator with the live node count.
struct StatusLine: View {
    let state: BoardViewState

    var body: some View {
        HStack(spacing: 8) {
            if state.thinking != .none {
                ProgressView()
                Text("\(state.thinkingNodes.formatted()) nodes")
                    .font(.footnote.monospacedDigit())
                    .foregroundStyle(.secondary)
            }
            Text(state.statusText).font(.body)
        }
        .accessibilityElement(children: .combine)
    }
}

/// Draughts: pick one of several capture paths ending on the same square.
struct PathChooser: View {
    let choices: [MoveInfo]
    let choose: (Int) -> Void

    var body: some View {
        HStack {
            ForEach(Array(choices.enumerated()), id: \.offset) { i, m in
                Button(m.notation) { choose(i) }.buttonStyle(.bordered)
            }
        }
    }
}

/// Hint, undo, redo, pass, resume, resign, new game / result.
struct Controls: View {
    let state: BoardViewState
    let model: GameModel
    @Binding var confirmResign: Bool
    @Binding var showAfterGame: Bool

    var body: some View {
        HStack(spacing: 16) {
            Button { model.controller?.undo() } label: { Label("Undo", systemImage: "arrow.uturn.backward") }
                .disabled(!state.canUndo)
            Button { model.controller?.redo() } label: { Label("Redo", systemImage: "arrow.uturn.forward") }
                .disabled(!state.canRedo)
            Button { model.controller?.hint() } label: { Label("Hint", systemImage: "lightbulb") }
                .disabled(!state.canHint)
            if state.mustPass {
                Button("Pass") { model.controller?.pass() }
            }
            if state.paused {
                Button { model.controller?.resume() } label: { Label("Resume", systemImage: "play") }
            }
            if state.gameOver {
                Button("Result") { showAfterGame = true }
            } else {
                Button(role: .destructive) { confirmResign = true } label: { Label("Resign", systemImage: "flag") }
                    .disabled(!state.canResign)
            }
            Button { if let s = model.controller?.setup { model.start(s) } } label: {
                Label("New", systemImage: "plus.circle")
            }
        }
        .labelStyle(.iconOnly)
        .font(.title2)
    }
}

/// The board: drawn with a Canvas (animated by `progress` after each move), tapped by location,
/// and one VoiceOver element per square labelled from the view state.
struct BoardView: View {
    let state: BoardViewState
    let tap: (Int) -> Void
    @State private var progress: Double = 1

    var body: some View {
        GeometryReader { geo in
            let size = min(geo.size.width, geo.size.height)
            BoardCanvas(state: state, progress: progress)
                .frame(width: size, height: size)
                .contentShape(Rectangle())
                .onTapGesture { point in
                    let col = Int(point.x / (size / CGFloat(state.cols)))
                    let row = Int(point.y / (size / CGFloat(state.rows)))
                    if let c = state.cell(row: row, col: col) { tap(c.index) }
                }
                .accessibilityElement(children: .contain)
                .accessibilityChildren {
                    Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                        ForEach(0..<state.rows, id: \.self) { r in
                            GridRow {
                                ForEach(0..<state.cols, id: \.self) { c in
                                    if let cell = state.cell(row: r, col: c) {
                                        Rectangle()
                                            .accessibilityLabel(cell.description)
                                            .accessibilityAddTraits(cell.legalTarget || cell.movable ? .isButton : [])
                                            .accessibilityAction { tap(cell.index) }
                                    }
                                }
                            }
                        }
                    }
                }
        }
        .aspectRatio(CGFloat(state.cols) / CGFloat(state.rows), contentMode: .fit)
        .onChange(of: state.moveNumber) { _, _ in
            // Jump to the start without animating, then animate on the next turn of the run loop:
            // set in one update, 1 -> 0 -> 1 would be coalesced and nothing would move.
            var reset = Transaction()
            reset.disablesAnimations = true
            withTransaction(reset) { progress = 0 }
            DispatchQueue.main.async {
                withAnimation(.easeOut(duration: 0.35)) { progress = 1 }
            }
        }
    }
}

/// The drawing; `progress` (0 → 1) animates the last move: discs turning, a stone falling, jumped
/// pieces fading.
struct BoardCanvas: View, Animatable {
    let state: BoardViewState
    var progress: Double

    var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    var body: some View {
        Canvas { ctx, size in
            let w = size.width / CGFloat(state.cols)
            let h = size.height / CGFloat(state.rows)
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(background))
            // Squares, then pieces, then marks: a moving piece passes over the squares it crosses.
            let rects = state.cells.map { CGRect(x: CGFloat($0.col) * w, y: CGFloat($0.row) * h, width: w, height: h) }
            for (cell, rect) in zip(state.cells, rects) { drawSquare(ctx, cell, rect) }
            for (cell, rect) in zip(state.cells, rects) { drawPiece(ctx, cell, rect, fallHeight: CGFloat(cell.row + 1) * h) }
            for (cell, rect) in zip(state.cells, rects) { drawMarks(ctx, cell, rect) }
        }
    }

    private var background: Color {
        switch state.game {
        case .othello: return Color(red: 0.1, green: 0.45, blue: 0.25)
        case .connectFour: return Color(red: 0.15, green: 0.3, blue: 0.75)
        case .draughts, .relaxedDraughts: return Color(red: 0.93, green: 0.85, blue: 0.7)
        }
    }

    private func drawSquare(_ ctx: GraphicsContext, _ cell: CellView, _ rect: CGRect) {
        switch state.game {
        case .othello:
            ctx.stroke(Path(rect), with: .color(.black.opacity(0.5)), lineWidth: 1)
        case .connectFour:
            ctx.fill(Path(ellipseIn: rect.insetBy(dx: rect.width * 0.08, dy: rect.height * 0.08)),
                     with: .color(Color(uiColor: .systemBackground)))
        case .draughts, .relaxedDraughts:
            if cell.playable {
                ctx.fill(Path(rect), with: .color(Color(red: 0.45, green: 0.3, blue: 0.2)))
            }
        }
        if cell.selected || cell.hint {
            ctx.stroke(Path(rect.insetBy(dx: 2, dy: 2)), with: .color(cell.hint ? .yellow : .accentColor), lineWidth: 3)
        } else if cell.lastMove {
            ctx.stroke(Path(rect.insetBy(dx: 2, dy: 2)), with: .color(.orange.opacity(0.8)), lineWidth: 2)
        }
    }

    private func color(_ p: Piece) -> Color? {
        switch p {
        case .empty: return nil
        case .black, .blackMan, .blackKing: return Color(white: 0.08)
        case .white, .whiteMan, .whiteKing: return Color(white: 0.96)
        case .red: return .red
        case .yellow: return .yellow
        }
    }

    private func drawPiece(_ ctx: GraphicsContext, _ cell: CellView, _ rect: CGRect, fallHeight: CGFloat) {
        let isDrop = state.game == .connectFour && cell.lastMove
        var disc = rect.insetBy(dx: rect.width * 0.12, dy: rect.height * 0.12)
        guard let fill = color(cell.piece) else {
            // A piece jumped by the last move fades out where it stood.
            if cell.changedByLastMove && progress < 1 {
                ctx.fill(Path(ellipseIn: disc), with: .color(.gray.opacity(1 - progress)))
            }
            return
        }
        if cell.changedByLastMove && state.game == .othello {
            // Turning disc: squeezed horizontally through the flip.
            let k = abs(cos(progress * .pi))
            disc = disc.insetBy(dx: disc.width * (1 - k) / 2, dy: 0)
        } else if isDrop {
            disc = disc.offsetBy(dx: 0, dy: -fallHeight * (1 - progress))
        } else if let along = travelOffset(cell, rect) {
            // Draughts: the piece that moved travels its path (through every jump) to its square.
            disc = disc.offsetBy(dx: along.width, dy: along.height)
        }
        ctx.fill(Path(ellipseIn: disc), with: .color(fill))
        ctx.stroke(Path(ellipseIn: disc), with: .color(.black.opacity(0.35)), lineWidth: 1)
        if cell.piece == .blackKing || cell.piece == .whiteKing {
            let crown = disc.insetBy(dx: disc.width * 0.3, dy: disc.height * 0.3)
            ctx.stroke(Path(ellipseIn: crown), with: .color(.orange), lineWidth: 2)
        }
    }

    /// Where the draughts piece that just moved is drawn during the animation, as an offset from
    /// its square: along the move's path (from, each landing square, to) at `progress`.
    private func travelOffset(_ cell: CellView, _ rect: CGRect) -> CGSize? {
        guard state.game == .draughts || state.game == .relaxedDraughts, progress < 1,
              let last = state.lastMove, last.to.map(Int.init) == cell.index, last.path.count >= 2 else { return nil }
        let cols = max(state.cols, 1)
        let centres = last.path.map { i -> CGPoint in
            let idx = Int(i)
            return CGPoint(x: (CGFloat(idx % cols) + 0.5) * rect.width, y: (CGFloat(idx / cols) + 0.5) * rect.height)
        }
        let legs = Double(centres.count - 1)
        let x = min(max(progress * legs, 0), legs)
        let i = min(Int(x), centres.count - 2)
        let f = CGFloat(x - Double(i))
        let a = centres[i]
        let b = centres[i + 1]
        let at = CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
        return CGSize(width: at.x - rect.midX, height: at.y - rect.midY)
    }

    private func drawMarks(_ ctx: GraphicsContext, _ cell: CellView, _ rect: CGRect) {
        if cell.legalTarget {
            let r = min(rect.width, rect.height) * 0.12
            let dot = CGRect(x: rect.midX - r, y: rect.midY - r, width: 2 * r, height: 2 * r)
            ctx.fill(Path(ellipseIn: dot), with: .color(.primary.opacity(0.45)))
        } else if cell.movable {
            ctx.stroke(Path(ellipseIn: rect.insetBy(dx: rect.width * 0.08, dy: rect.height * 0.08)),
                       with: .color(.accentColor), lineWidth: 2)
        }
    }
}
