import Charts
import PlyFFI
import PlyKit
import SwiftUI

/// After a game: the result, the computer's effort per move, its review, the transcript, and the
/// core's buttons (sharing among them).
struct AfterGameScreen: View {
    @Environment(AppModel.self) private var app
    let game: AfterGameView

    var body: some View {
        List {
            Section {
                Text(game.result).font(.title3.bold())
                Text(game.moveCountText)
            }
            if !game.chart.isEmpty {
                Section {
                    EffortChart(game: game)
                    ForEach(game.points, id: \.ply) { p in
                        Text(p.line).font(.footnote)
                    }
                } header: {
                    Text("The computer's searches")
                } footer: {
                    Text(game.totalText)
                }
            }
            if let reason = game.reviewRefusal {
                // A multi-player game: why it has no review, in the core's words.
                Section { Text(reason).font(.footnote) }
            }
            if let review = game.review {
                ReviewSections(review: review)
            }
            Section("Transcript") {
                Text(game.transcript).font(.body.monospaced()).textSelection(.enabled)
            }
            Section {
                ForEach(game.actions, id: \.kind) { ActionButton(action: $0, shareText: game.shareText) }
            }
        }
        .navigationTitle(game.title)
    }
}

/// The core's series over the computer's moves, each on its own scale (PlyKit's fractions):
/// bars and a line, with the core's legend.
struct EffortChart: View {
    let game: AfterGameView

    var body: some View {
        Chart {
            ForEach(game.chart, id: \.label) { series in
                ForEach(Array(zip(game.points, series.fractions)), id: \.0.ply) { point, share in
                    switch series.mark {
                    case .bars:
                        BarMark(x: .value("Move", Int(point.ply)), y: .value("Share", share))
                            .foregroundStyle(by: .value("Series", series.label))
                    case .line:
                        LineMark(x: .value("Move", Int(point.ply)), y: .value("Share", share))
                            .foregroundStyle(by: .value("Series", series.label))
                    }
                }
            }
        }
        .chartYAxis(.hidden)
        .frame(height: 180)
        .accessibilityLabel(Text(game.chartDescription))
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
            Button("Close the review") { app.send(.review(.close)) }
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
                        app.send(.review(.step(m.ply)))
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
                            if let ply = step.previousPly { app.send(.review(.step(ply))) }
                        }
                        .disabled(step.previousPly == nil)
                        Spacer()
                        Button("Next move") {
                            if let ply = step.nextPly { app.send(.review(.step(ply))) }
                        }
                        .disabled(step.nextPly == nil)
                    }
                    .buttonStyle(.borderless)
                }
            }
        }
    }

    /// The palette of the review's labels.
    private func color(_ label: MoveLabel) -> Color {
        switch label {
        case .blunder: return .red
        case .mistake: return .orange
        case .inaccuracy: return .yellow
        case .best, .good, .forced, .book, .notProven: return .primary
        }
    }
}
