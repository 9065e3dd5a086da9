import PlyFFI
import PlyKit
import SwiftUI

/// The computer's search under the board: the last render's, or the newer tick's
/// (`AppModel.progress`). Only this view reads the tick, so a tick redraws it alone.
struct ThinkingLine: View {
    @Environment(AppModel.self) private var app
    let rendered: ThinkingView?

    var body: some View {
        if let thinking = app.thinking(rendered: rendered) {
            HStack(spacing: 8) {
                ProgressView()
                Text(thinking.text).font(.footnote).monospacedDigit()
            }
        }
    }
}

/// A review under way: its bar and words, the last render's or the newer tick's.
struct ReviewProgressLine: View {
    @Environment(AppModel.self) private var app
    let done: UInt32
    let total: UInt32
    let text: String

    var body: some View {
        let now = app.reviewProgress(done: done, total: total, text: text)
        ProgressView(value: now.fraction) {
            Text(now.text)
        }
    }
}
