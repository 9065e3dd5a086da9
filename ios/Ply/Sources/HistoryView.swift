import PlyKit
import SwiftUI

/// Finished games with their sync state.
struct HistoryView: View {
    @Environment(AppModel.self) private var app
    @State private var rows: [HistoryRow] = []

    var body: some View {
        List {
            if rows.isEmpty {
                Text("No finished games yet").foregroundStyle(.secondary)
            }
            ForEach(rows) { row in
                VStack(alignment: .leading, spacing: 4) {
                    Text(row.game.game.title).font(.headline)
                    Text(row.game.result)
                    HStack {
                        Text(row.game.endedAt, style: .date)
                        Spacer()
                        stateLabel(row.state)
                    }
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                }
                .accessibilityElement(children: .combine)
            }
            if !app.lastSync.isEmpty {
                Section("Last sync") { Text(app.lastSync).font(.footnote) }
            }
        }
        .navigationTitle("History")
        .task(id: app.historyVersion) { rows = await app.loadHistory() }
        .toolbar {
            Button("Sync now") { app.requestSync() }
                .disabled(!app.settings.enabled)
        }
        .refreshable { app.requestSync() }
    }

    @ViewBuilder
    private func stateLabel(_ s: SyncState) -> some View {
        switch s {
        case .waiting: Label("Waiting to sync", systemImage: "icloud.and.arrow.up")
        case .synced: Label("Synced", systemImage: "checkmark.icloud")
        case let .rejected(reason): Label("Rejected: \(reason)", systemImage: "exclamationmark.icloud")
        }
    }
}
