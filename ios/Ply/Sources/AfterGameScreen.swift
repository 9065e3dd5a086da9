import Charts
import PlyFFI
import SwiftUI

/// After a game: the result, the computer's effort per move, its review and the transcript to share.
struct AfterGameScreen: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        List {
            if let g = app.afterGame {
                Section {
                    Text(g.result).font(.title3.bold())
                    Text(g.moveCountText)
                }
                if !g.points.isEmpty {
                    Section {
                        Chart(g.points, id: \.ply) { p in
                            BarMark(x: .value("Move", Int(p.ply)), y: .value("Positions", Double(p.nodes)))
                        }
                        .frame(height: 180)
                        .accessibilityLabel(Text(g.chartDescription))
                        ForEach(g.points, id: \.ply) { p in
                            HStack {
                                Text(p.label).font(.body.monospaced())
                                Spacer()
                                Text(p.text)
                                    .font(.footnote).foregroundStyle(.secondary)
                            }
                            .accessibilityElement(children: .combine)
                        }
                    } header: {
                        Text("The computer's searches")
                    } footer: {
                        Text(g.totalText)
                    }
                }
                if g.canReview {
                    Section {
                        Button("Review the game") { app.send(.reviewGame) }
                    }
                }
                if let reason = g.reviewRefusal {
                    // A multi-player game: why it has no review, in the core's words.
                    Section { Text(reason).font(.footnote) }
                }
                if let review = g.review {
                    ReviewSections(review: review)
                }
                Section("Transcript") {
                    Text(g.transcript).font(.body.monospaced()).textSelection(.enabled)
                    ShareLink(item: g.shareText) { Label("Share", systemImage: "square.and.arrow.up") }
                }
                Section {
                    Button("Back to the board") { app.send(.openBoard) }
                    Button("New game") { app.send(.newGame) }
                }
            }
        }
        .navigationTitle(app.afterGame?.title ?? "")
    }
}

/// The core's review: progress while it runs, then each side's accuracy, the value graph, the
/// mistakes, and one move on its board beside the best one.
struct ReviewSections: View {
    @Environment(AppModel.self) private var app
    let review: ReviewView

    var body: some View {
        Section {
            switch review.status {
            case let .running(done, total):
                // Redrawn alone by the review's ticks.
                ReviewProgressLine(done: done, total: total, text: review.statusText)
            case .failed:
                Text(review.statusText)
            case .ready:
                ForEach(review.players, id: \.name) { p in
                    Text(p.line)
                }
                Chart(review.moves, id: \.ply) { m in
                    LineMark(x: .value("Move", Int(m.ply)), y: .value("Chances", m.firstExpected))
                    if m.flagged {
                        PointMark(x: .value("Move", Int(m.ply)), y: .value("Chances", m.firstExpected))
                            .foregroundStyle(color(m.label))
                    }
                }
                .chartYScale(domain: 0...100)
                .frame(height: 160)
                .accessibilityLabel(Text(review.graphDescription))
                Text(review.caption).font(.footnote).foregroundStyle(.secondary)
            }
            Button("Close the review") { app.send(.closeReview) }
        } header: {
            Text("Review")
        }
        if case .ready = review.status {
            Section {
                if review.mistakes.isEmpty {
                    Text("None: every move was good or best.")
                }
                ForEach(review.mistakes, id: \.ply) { m in
                    Button {
                        app.send(.reviewStep(m.ply))
                    } label: {
                        Text(m.text).foregroundStyle(color(m.label))
                    }
                }
            } header: {
                Text("Inaccuracies, mistakes and blunders")
            }
            if let step = review.step {
                Section {
                    Text(step.text)
                    // The position, read cell by cell (nothing is played here).
                    BoardCanvasView(board: step.board, send: nil)
                        .frame(maxWidth: 480)
                    HStack {
                        Button("Previous move") {
                            if let ply = step.previousPly { app.send(.reviewStep(ply)) }
                        }
                        .disabled(step.previousPly == nil)
                        Spacer()
                        Button("Next move") {
                            if let ply = step.nextPly { app.send(.reviewStep(ply)) }
                        }
                        .disabled(step.nextPly == nil)
                    }
                    .buttonStyle(.borderless)
                }
            }
        }
    }

    private func color(_ label: MoveLabel) -> Color {
        switch label {
        case .blunder: return .red
        case .mistake: return .orange
        case .inaccuracy: return .yellow
        default: return .primary
        }
    }
}
