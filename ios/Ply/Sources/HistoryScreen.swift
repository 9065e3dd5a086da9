import PlyFFI
import PlyKit
import SwiftUI

/// Finished games, newest first, with where each stands with the collector. The core reads the
/// outbox on its own threads; this screen only draws its view. A row the core says can be
/// reviewed is tapped to review that game; the review then takes the list's place until it is
/// closed (the core decides).
struct HistoryScreen: View {
    @Environment(AppModel.self) private var app
    let h: HistoryView

    var body: some View {
        List {
            if let past = h.review {
                Section {
                    Text(past.title).font(.headline)
                    Text(past.result)
                }
                ReviewSections(review: past.review)
            } else {
                if let message = h.message {
                    // Why the game last tapped was not reviewed, in the core's words.
                    Text(message).foregroundStyle(.red)
                }
                Section {
                    HStack {
                        Text(h.syncStatus).font(.footnote)
                        Spacer()
                        if h.syncing {
                            ProgressView()
                        } else {
                            Button("Sync now") { app.send(.history(.syncNow)) }
                                .disabled(!h.canSyncNow)
                        }
                    }
                }
                if h.entries.isEmpty {
                    Text("No finished games yet").foregroundStyle(.secondary)
                }
                ForEach(h.entries, id: \.id) { e in
                    if e.canReview {
                        Button { app.send(.history(.reviewPastGame(id: e.id))) } label: { row(e) }
                            .accessibilityHint(Text("Review the game"))
                    } else {
                        row(e)
                    }
                }
            }
        }
        .navigationTitle("History")
    }

    private func row(_ e: HistoryEntry) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(e.title).font(.headline)
            Text(e.result)
            // Date, moves and sync state in the core's language and the phone's time zone.
            Text(e.detail)
                .font(.footnote)
                .foregroundStyle(.secondary)
            // Why the game has no review, when it has none.
            if let reason = e.reviewRefusal {
                Text(reason).font(.footnote).foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .combine)
    }
}
