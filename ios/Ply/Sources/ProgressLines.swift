import PlyFFI
import SwiftUI

/// The computer's search under the board: the last render's, or the newer tick's
/// (`AppModel.progress`). Only this view reads the tick, so a tick redraws it alone.
struct ThinkingLine: View {
    @Environment(AppModel.self) private var app
    let rendered: ThinkingView?

    private var thinking: ThinkingView? {
        if let progress = app.progress {
            return progress.thinking
        }
        return rendered
    }

    var body: some View {
        if let thinking {
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
        let tick = app.progress?.review
        ProgressView(value: Double(tick?.done ?? done), total: Double(max(tick?.total ?? total, 1))) {
            Text(tick?.text ?? text)
        }
    }
}
