import Charts
import PlyFFI
import SwiftUI

/// After a game: the result, the computer's effort per move and the transcript to share.
struct AfterGameScreen: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        List {
            if let g = app.afterGame {
                Section {
                    Text(g.result).font(.title3.bold())
                    Text("\(g.moveCount) moves")
                }
                if !g.points.isEmpty {
                    Section {
                        Chart(g.points, id: \.ply) { p in
                            BarMark(x: .value("Move", Int(p.ply)), y: .value("Positions", Double(p.nodes)))
                        }
                        .frame(height: 180)
                        .accessibilityLabel(Text("Positions searched per computer move"))
                        ForEach(g.points, id: \.ply) { p in
                            HStack {
                                Text(p.label).font(.body.monospaced())
                                Spacer()
                                Text("depth \(p.depth), \(p.nodes) positions, \(Int(p.timeMs)) ms")
                                    .font(.footnote).foregroundStyle(.secondary)
                            }
                            .accessibilityElement(children: .combine)
                        }
                    } header: {
                        Text("The computer's searches")
                    } footer: {
                        Text("\(g.totalNodes) positions in \(Int(g.totalTimeMs)) ms")
                    }
                }
                Section("Transcript") {
                    Text(g.transcript).font(.body.monospaced()).textSelection(.enabled)
                    ShareLink(item: g.shareText) { Label("Share", systemImage: "square.and.arrow.up") }
                }
                Section {
                    Button("Back to the board") { app.send(.openBoard) }
                    Button("New game") { app.send(.openHome) }
                }
            }
        }
        .navigationTitle(app.afterGame?.title ?? "")
    }
}
