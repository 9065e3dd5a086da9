import PlyFFI
import PlyKit
import SwiftUI

/// Sync on/off, server URL, heuristic weights editor, and the device's search cap.
struct SettingsView: View {
    @Environment(AppModel.self) private var app
    @State private var url = ""
    @State private var urlProblem: String?
    @State private var draftWeights = ""
    @State private var weightsProblem: String?
    @State private var weightsGame = GameKindName.othello

    var body: some View {
        @Bindable var app = app
        Form {
            Section("Sync") {
                Toggle("Send finished games", isOn: $app.settings.enabled)
                TextField("Server URL (https://…)", text: $url)
                    .keyboardType(.URL)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .onSubmit(saveUrl)
                if let urlProblem {
                    Text(urlProblem).font(.footnote).foregroundStyle(.red)
                }
                Button("Save server", action: saveUrl)
                if let summary = try? app.outbox?.summary() {
                    LabeledContent("Waiting", value: "\(summary.pending) games, \(Int64(clamping: summary.pendingBytes).formatted(.byteCount(style: .file)))")
                    if summary.overSoftCap {
                        Text("Many games are waiting; connect to sync them.").font(.footnote).foregroundStyle(.orange)
                    }
                }
                if let e = app.outboxError {
                    Text("Outbox unavailable: \(e)").font(.footnote).foregroundStyle(.red)
                }
            }
            Section("Heuristic weights") {
                Picker("Game", selection: $weightsGame) {
                    ForEach(GameKindName.allCases, id: \.self) { Text($0.title).tag($0) }
                }
                TextEditor(text: $draftWeights)
                    .font(.body.monospaced())
                    .frame(minHeight: 120)
                    .accessibilityLabel("Weights as JSON")
                if let weightsProblem {
                    Text(weightsProblem).font(.footnote).foregroundStyle(.red)
                }
                HStack {
                    Button("Use these weights", action: saveWeights)
                    Spacer()
                    Button("Clear", role: .destructive) {
                        WeightsStore().save(nil, for: weightsGame)
                        draftWeights = WeightsStore().editorText(for: weightsGame)
                        weightsProblem = nil
                    }
                }
            }
            Section("This device") {
                Text(DeviceLimits.describe(app.limits))
                LabeledContent("Memory", value: Int64(clamping: ProcessInfo.processInfo.physicalMemory).formatted(.byteCount(style: .memory)))
            }
        }
        .navigationTitle("Settings")
        .onAppear {
            url = app.settings.serverUrl
            draftWeights = WeightsStore().editorText(for: weightsGame)
        }
        .onChange(of: weightsGame) { _, game in
            draftWeights = WeightsStore().editorText(for: game)
            weightsProblem = nil
        }
    }

    private func saveUrl() {
        switch SettingsValidation.serverUrl(url) {
        case let .success(clean):
            urlProblem = nil
            url = clean
            app.settings.serverUrl = clean
        case let .failure(problem):
            urlProblem = problem.description
        }
    }

    private func saveWeights() {
        switch SettingsValidation.weightsEdit(draftWeights, for: weightsGame.kind) {
        case .clear:
            WeightsStore().save(nil, for: weightsGame)
            weightsProblem = nil
        case let .save(json):
            WeightsStore().save(json, for: weightsGame)
            weightsProblem = nil
        case let .refused(problem):
            weightsProblem = problem.description
        }
    }
}
