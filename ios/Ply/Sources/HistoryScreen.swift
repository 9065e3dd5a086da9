import PlyFFI
import SwiftUI

/// Finished games, newest first, with where each stands with the collector. The core reads the
/// outbox on its own threads; this screen only draws its view.
struct HistoryScreen: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        List {
            if let h = app.history {
                Section {
                    HStack {
                        Text(h.syncStatus).font(.footnote)
                        Spacer()
                        if h.syncing {
                            ProgressView()
                        } else {
                            Button("Sync now") { app.send(.syncNow) }
                                .disabled(!h.canSyncNow)
                        }
                    }
                }
                if h.entries.isEmpty {
                    Text("No finished games yet").foregroundStyle(.secondary)
                }
                ForEach(h.entries, id: \.id) { e in
                    VStack(alignment: .leading, spacing: 2) {
                        Text(e.title).font(.headline)
                        Text(e.result)
                        // Date, moves and sync state in the core's language and the phone's time zone.
                        Text(e.detail)
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                    }
                    .accessibilityElement(children: .combine)
                }
            }
        }
        .navigationTitle("History")
    }
}
