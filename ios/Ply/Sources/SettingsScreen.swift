import PlyFFI
import SwiftUI

/// Sync, thinking and haptics preferences and the custom evaluation weights; the core validates
/// and keeps them.
struct SettingsScreen: View {
    @Environment(AppModel.self) private var app
    @State private var serverUrl = ""
    @State private var weights: [String] = []

    private static let ponderModes: [PonderMode] = [.byLevel, .on, .off]

    var body: some View {
        Form {
            if let s = app.settings {
                Section {
                    Toggle("Upload finished games", isOn: Binding(get: { s.syncEnabled },
                                                                  set: { app.send(.setSyncEnabled($0)) }))
                    TextField("Collector URL", text: $serverUrl)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .onSubmit { app.send(.setServerUrl(serverUrl)) }
                    if let error = s.serverUrlError {
                        Text(error).foregroundStyle(.red).font(.footnote)
                    }
                    Toggle("Sync on cellular and Low Data Mode", isOn: Binding(get: { s.syncOnMetered },
                                                                              set: { app.send(.setSyncOnMetered($0)) }))
                } header: {
                    Text("Sync")
                }
                Section("Play") {
                    Picker("Think on your time", selection: Binding(
                        get: { Self.ponderModes.firstIndex(of: s.ponder) ?? 0 },
                        set: { app.send(.setPonder(Self.ponderModes[$0])) })) {
                        Text("By level").tag(0)
                        Text("On").tag(1)
                        Text("Off").tag(2)
                    }
                    Toggle("Haptics", isOn: Binding(get: { s.haptics }, set: { app.send(.setHaptics($0)) }))
                }
                ForEach(Array(s.weights.enumerated()), id: \.offset) { i, w in
                    Section {
                        TextEditor(text: Binding(get: { i < weights.count ? weights[i] : w.json },
                                                 set: { if i < weights.count { weights[i] = $0 } }))
                            .font(.footnote.monospaced())
                            .frame(minHeight: 80)
                            .autocorrectionDisabled()
                            .textInputAutocapitalization(.never)
                        if let error = w.error {
                            Text(error).foregroundStyle(.red).font(.footnote)
                        }
                        Button("Apply") {
                            if i < weights.count { app.send(.setWeights(game: w.game, json: weights[i])) }
                        }
                    } header: {
                        Text(w.title)
                    } footer: {
                        if w.custom {
                            Text("Custom weights in use")
                        } else {
                            Text("Blank: the built-in evaluation")
                        }
                    }
                }
                Section("This device") {
                    Text(s.memory).font(.footnote)
                }
            }
        }
        .navigationTitle("Settings")
        .onAppear(perform: loadDrafts)
        // A URL typed but not submitted is still sent when the tab changes.
        .onDisappear {
            if let s = app.settings, serverUrl != s.serverUrl {
                app.send(.setServerUrl(serverUrl))
            }
        }
    }

    /// The editors start from the core's texts each time the screen opens.
    private func loadDrafts() {
        serverUrl = app.settings?.serverUrl ?? ""
        weights = app.settings?.weights.map(\.json) ?? []
    }
}
