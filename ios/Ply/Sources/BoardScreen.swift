import PlyFFI
import SwiftUI

/// The game screen: the core's board view drawn, taps and buttons sent back as events. In a
/// regular-width or compact-height window (iPad, landscape) the controls sit beside the board.
struct BoardScreen: View {
    @Environment(AppModel.self) private var app
    @Environment(\.horizontalSizeClass) private var widthClass
    @Environment(\.verticalSizeClass) private var heightClass
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        Group {
            if let board = app.board {
                let wide = widthClass == .regular || heightClass == .compact
                let layout = wide ? AnyLayout(HStackLayout(alignment: .center, spacing: 20))
                                  : AnyLayout(VStackLayout(spacing: 12))
                Group {
                    if typeSize.isAccessibilitySize && !wide {
                        // Large accessibility text: the board and its controls scroll as one
                        // column instead of squeezing the controls under the board.
                        ScrollView {
                            VStack(spacing: 12) {
                                ZoomableBoard(board: board) { app.sendToBoard($0) }
                                BoardPanel(board: board)
                            }
                            .padding()
                        }
                    } else {
                        layout {
                            ZoomableBoard(board: board) { app.sendToBoard($0) }
                                .frame(maxWidth: .infinity, maxHeight: .infinity)
                            if wide {
                                // Beside the board the panel has only the window's height (an
                                // iPhone in landscape: about 300 pt): with large text it scrolls
                                // instead of being clipped, and stays still when it fits.
                                ScrollView(.vertical) {
                                    BoardPanel(board: board)
                                        .frame(maxWidth: .infinity, alignment: .leading)
                                }
                                .scrollBounceBehavior(.basedOnSize)
                                .frame(maxWidth: 360)
                            } else {
                                BoardPanel(board: board)
                                    .frame(maxWidth: .infinity)
                            }
                        }
                        .padding()
                    }
                }
                .navigationTitle(board.title)
                .navigationBarTitleDisplayMode(.inline)
            } else {
                ContentUnavailableView("No game in progress", systemImage: "circle.grid.3x3")
            }
        }
        .toolbar {
            // Back as on Android: the core says where it goes.
            ToolbarItem(placement: .topBarLeading) {
                Button { app.send(.back) } label: { Label("Back", systemImage: "chevron.backward") }
            }
        }
    }
}

/// Status, the computer's progress, path choices and the game's controls.
struct BoardPanel: View {
    @Environment(AppModel.self) private var app
    @Environment(\.colorScheme) private var colorScheme
    let board: BoardView

    /// Each player's line (the core's); a multi-player game's seat with its symbol, in the core's
    /// text colour for this background.
    @ViewBuilder
    private var players: some View {
        ForEach(board.players, id: \.seat) { p in
            HStack(spacing: 4) {
                if let style = p.style {
                    SeatBadge(style: style)
                }
                Text(p.line)
                    .foregroundStyle(seatText(p.style))
                    .fontWeight(p.toMove || p.winner ? .bold : .regular)
            }
        }
    }

    private func seatText(_ style: SeatStyle?) -> Color {
        guard let style else { return .primary }
        return colorScheme == .dark ? style.textOnDark.color : style.textOnLight.color
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            // Every player with their count (Focus: and reserve), the one to move in bold; the
            // multi-player games' players in their seat colours.
            ViewThatFits {
                HStack(spacing: 16) { players }
                VStack(alignment: .leading, spacing: 4) { players }
            }
            .font(.headline)
            .accessibilityElement(children: .combine)
            Text(board.status)
                .font(.body)
                .accessibilityAddTraits(.updatesFrequently)
            // Redrawn alone by the search's ticks.
            ThinkingLine(rendered: board.thinking)
            if let message = board.message {
                Text(message).font(.callout).foregroundStyle(.secondary)
            }
            if !board.pathChoices.isEmpty {
                Text("Which capture?").font(.subheadline)
                ForEach(board.pathChoices, id: \.index) { choice in
                    Button(choice.notation) { app.sendToBoard(.choosePath(choice.index)) }
                        .buttonStyle(.bordered)
                }
                Button("Cancel") { app.sendToBoard(.cancelSelection) }
            }
            if board.mustPass {
                Button("Pass") { app.sendToBoard(.pass) }
                    .buttonStyle(.borderedProminent)
            }
            if board.finished {
                Button("Game summary") { app.send(.openAfterGame) }
                    .buttonStyle(.borderedProminent)
            }
            // The star's holes are under 44 pt on an iPhone: the core offers a zoom (the grids
            // none).
            if board.zoom > 1 {
                Button { app.sendToBoard(.zoomBoard(!board.zoomed)) } label: {
                    if board.zoomed {
                        Label("Fit the board", systemImage: "arrow.down.right.and.arrow.up.left")
                    } else {
                        Label("Zoom in", systemImage: "plus.magnifyingglass")
                    }
                }
                .buttonStyle(.bordered)
            }
            // Every control with its label when they fit; else the main three and a menu (large
            // accessibility text sizes, narrow windows).
            ViewThatFits(in: .horizontal) {
                HStack(spacing: 8) {
                    undoRedoHint
                    pauseResume
                    Button(role: .destructive) { app.sendToBoard(.resign) } label: {
                        Label("Resign", systemImage: "flag")
                    }
                    .disabled(!board.canResign)
                }
                .buttonStyle(.bordered)
                HStack(spacing: 8) {
                    undoRedoHint
                    moreMenu
                }
                .buttonStyle(.bordered)
                .labelStyle(.iconOnly)
                moreMenu
            }
        }
    }

    @ViewBuilder private var undoRedoHint: some View {
        Button { app.sendToBoard(.undo) } label: { Label("Undo", systemImage: "arrow.uturn.backward") }
            .disabled(!board.canUndo)
        Button { app.sendToBoard(.redo) } label: { Label("Redo", systemImage: "arrow.uturn.forward") }
            .disabled(!board.canRedo)
        Button { app.sendToBoard(.hint) } label: { Label("Hint", systemImage: "lightbulb") }
            .disabled(!board.canHint)
    }

    @ViewBuilder private var pauseResume: some View {
        if board.canPause {
            Button { app.sendToBoard(.pause) } label: { Label("Pause", systemImage: "pause") }
        } else if board.canResume {
            Button { app.sendToBoard(.resume) } label: { Label("Resume", systemImage: "play") }
        }
    }

    /// Everything in one menu, the legal moves included (a way to play without the board).
    private var moreMenu: some View {
        Menu {
            Button { app.sendToBoard(.undo) } label: { Label("Undo", systemImage: "arrow.uturn.backward") }
                .disabled(!board.canUndo)
            Button { app.sendToBoard(.redo) } label: { Label("Redo", systemImage: "arrow.uturn.forward") }
                .disabled(!board.canRedo)
            Button { app.sendToBoard(.hint) } label: { Label("Hint", systemImage: "lightbulb") }
                .disabled(!board.canHint)
            pauseResume
            if board.acceptsInput && !board.legalMoves.isEmpty {
                Menu("Play a move") {
                    ForEach(board.legalMoves, id: \.index) { move in
                        Button(move.notation) { app.sendToBoard(.chooseMove(move.index)) }
                    }
                }
            }
            Button(role: .destructive) { app.sendToBoard(.resign) } label: { Label("Resign", systemImage: "flag") }
                .disabled(!board.canResign)
        } label: {
            Label("More", systemImage: "ellipsis.circle")
        }
        .buttonStyle(.bordered)
    }
}
