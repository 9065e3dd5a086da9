import PlyFFI
import PlyKit
import SwiftUI

/// The game screen: the core's board view drawn, taps and buttons sent back as events. In a
/// regular-width or compact-height window (iPad, landscape) the controls sit beside the board.
struct BoardScreen: View {
    @Environment(AppModel.self) private var app
    @Environment(\.horizontalSizeClass) private var widthClass
    @Environment(\.verticalSizeClass) private var heightClass
    @Environment(\.dynamicTypeSize) private var typeSize
    let board: BoardView

    var body: some View {
        let wide = widthClass == .regular || heightClass == .compact
        let layout = wide ? AnyLayout(HStackLayout(alignment: .center, spacing: 20))
                          : AnyLayout(VStackLayout(spacing: 12))
        Group {
            if typeSize.isAccessibilitySize && !wide {
                // Large accessibility text: the board and its controls scroll as one column
                // instead of squeezing the controls under the board.
                ScrollView {
                    VStack(spacing: 12) {
                        ZoomableBoard(board: board) { app.send($0) }
                        BoardPanel(board: board)
                    }
                    .padding()
                }
            } else {
                layout {
                    ZoomableBoard(board: board) { app.send($0) }
                        .frame(maxWidth: .infinity, maxHeight: .infinity)
                    if wide {
                        // Beside the board the panel has only the window's height (an iPhone in
                        // landscape: about 300 pt): with large text it scrolls instead of being
                        // clipped, and stays still when it fits.
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
        .toolbar {
            // Back as on Android: the core says where it goes.
            ToolbarItem(placement: .topBarLeading) {
                Button { app.send(.navigation(.back)) } label: { Label("Back", systemImage: "chevron.backward") }
            }
        }
        // Two capture paths end on the tapped square: the core's choices, or cancel.
        .confirmationDialog("Which capture?", isPresented: Binding(get: { !board.pathChoices.isEmpty },
                                                                  set: { _ in }),
                            titleVisibility: .visible) {
            ForEach(board.pathChoices, id: \.index) { choice in
                Button(choice.notation) { app.send(.board(.choosePath(choice.index))) }
            }
            Button("Cancel", role: .cancel) { app.send(.board(.cancelSelection)) }
        }
    }
}

/// The players, the status, the computer's progress and the core's buttons.
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

    /// A multi-player game's seat in the core's text colour for this background.
    private func seatText(_ style: SeatStyle?) -> Color {
        guard let style else { return .primary }
        return colorScheme == .dark ? style.textOnDark.color : style.textOnLight.color
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
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
            // The core's buttons, with their labels when they fit; else in a menu (large
            // accessibility text sizes, narrow windows) that also lists the legal moves.
            ViewThatFits(in: .horizontal) {
                HStack(spacing: 8) {
                    ForEach(board.actions, id: \.kind) { ActionButton(action: $0) }
                }
                moreMenu
            }
            if !board.movesText.isEmpty {
                Text(board.movesText).font(.footnote).foregroundStyle(.secondary)
            }
        }
    }

    /// Every button in one menu, the legal moves included (a way to play without the board).
    private var moreMenu: some View {
        Menu {
            ForEach(board.actions, id: \.kind) { ActionButton(action: $0) }
            if !board.legalMoves.isEmpty {
                Menu("Play a move") {
                    ForEach(board.legalMoves, id: \.index) { move in
                        Button(move.label) { app.send(.board(.chooseMove(move.index))) }
                    }
                }
            }
        } label: {
            Label("More", systemImage: "ellipsis.circle")
        }
        .buttonStyle(.bordered)
    }
}

/// One of the core's buttons: its label, its style, its event (or, for sharing, the share sheet).
struct ActionButton: View {
    @Environment(AppModel.self) private var app
    let action: ActionView
    /// What `Share` shares (the after-game view's text).
    var shareText: String?

    var body: some View {
        Group {
            if action.kind == .share, let shareText {
                ShareLink(item: shareText) { Label(action.label, systemImage: action.kind.symbol) }
            } else {
                Button(role: action.style == .destructive ? .destructive : nil) {
                    if let event = action.event { app.send(event) }
                } label: {
                    Label(action.label, systemImage: action.kind.symbol)
                }
            }
        }
        .disabled(!action.enabled)
        .modifier(ActionStyleModifier(style: action.style))
    }
}

/// A primary button filled, the others bordered.
struct ActionStyleModifier: ViewModifier {
    let style: ActionStyle

    func body(content: Content) -> some View {
        if style == .primary {
            content.buttonStyle(.borderedProminent)
        } else {
            content.buttonStyle(.bordered)
        }
    }
}

extension ActionKind {
    /// The SF Symbol beside the core's label.
    var symbol: String {
        switch self {
        case .pass: return "forward"
        case .pause: return "pause"
        case .resume: return "play"
        case .hint: return "lightbulb"
        case .undo: return "arrow.uturn.backward"
        case .redo: return "arrow.uturn.forward"
        case .zoomIn: return "plus.magnifyingglass"
        case .fitBoard: return "arrow.down.right.and.arrow.up.left"
        case .resign: return "flag"
        case .newGame: return "plus.circle"
        case .gameSummary: return "chart.bar"
        case .reviewGame: return "magnifyingglass"
        case .share: return "square.and.arrow.up"
        case .backToBoard: return "circle.grid.3x3"
        case .home: return "house"
        }
    }
}
