import Charts
import PlyKit
import SwiftUI

/// The result, a chart of the computer's nodes and time per move, and the transcript to share.
struct AfterGameView: View {
    let report: AfterGameReport
    @Environment(\.dismiss) private var dismiss
    @State private var metric = 0

    var body: some View {
        List {
            Section {
                Text(report.statusText).font(.title2.bold())
                Text("\(report.firstCount) – \(report.secondCount)").font(.headline)
            }
            if !report.moves.isEmpty {
                Section("The computer's search") {
                    Picker("Show", selection: $metric) {
                        Text("Nodes").tag(0)
                        Text("Time").tag(1)
                    }
                    .pickerStyle(.segmented)
                    Chart(report.moves) { m in
                        if metric == 0 {
                            BarMark(x: .value("Move", m.ply + 1), y: .value("Nodes", Double(m.nodes)))
                        } else {
                            LineMark(x: .value("Move", m.ply + 1), y: .value("Milliseconds", m.timeMs))
                            PointMark(x: .value("Move", m.ply + 1), y: .value("Milliseconds", m.timeMs))
                        }
                    }
                    .frame(height: 200)
                    .accessibilityLabel("Nodes and time per computer move")
                    Text("\(report.moves.count) moves, \(report.totalNodes.formatted()) nodes, "
                        + "\((report.totalTimeMs / 1000).formatted(.number.precision(.fractionLength(1)))) s")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
            }
            Section("Transcript") {
                Text(report.transcript).font(.body.monospaced()).textSelection(.enabled)
                ShareLink(item: report.transcript, subject: Text("Ply: \(report.setup.gameName.title)")) {
                    Label("Share the transcript", systemImage: "square.and.arrow.up")
                }
            }
        }
        .navigationTitle("Game over")
        .toolbar { Button("Done") { dismiss() } }
    }
}
