import PlyFFI
import PlyKit
import SwiftUI

/// Sync, thinking and haptics preferences and the custom evaluation weights. The core keeps every
/// field's text (each edit is sent), validates and stores the values, and lists the choices.
struct SettingsScreen: View {
    @Environment(AppModel.self) private var app
    let s: SettingsView

    var body: some View {
        Form {
            Group {
                Section {
                    Toggle("Upload finished games", isOn: Binding(get: { s.syncEnabled },
                                                                  set: { app.send(.settings(.setSyncEnabled($0))) }))
                    TextField("Collector URL", text: Binding(get: { s.serverUrl },
                                                             set: { app.send(.settings(.setServerUrl($0))) }))
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    if let error = s.serverUrlError {
                        Text(error).foregroundStyle(.red).font(.footnote)
                    }
                    if let problem = s.syncProblem {
                        Text(problem).foregroundStyle(.red).font(.footnote)
                    }
                    Toggle("Sync on cellular and Low Data Mode", isOn: Binding(get: { s.syncOnMetered },
                                                                              set: { app.send(.settings(.setSyncOnMetered($0))) }))
                } header: {
                    Text("Sync")
                }
                Section("Play") {
                    Picker("Think on your time", selection: Binding(get: { s.ponder },
                                                                    set: { app.send(.settings(.setPonder($0))) })) {
                        ForEach(s.ponderOptions, id: \.mode) { option in
                            Text(option.label).tag(option.mode)
                        }
                    }
                    Toggle("Haptics", isOn: Binding(get: { s.haptics }, set: { app.send(.settings(.setHaptics($0))) }))
                    Picker("Pace of computer-only games", selection: Binding(get: { s.watchPace },
                                                                          set: { app.send(.settings(.setWatchPace($0))) })) {
                        ForEach(s.watchPaceOptions, id: \.pace) { option in
                            Text(option.label).tag(option.pace)
                        }
                    }
                }
                ForEach(s.weights, id: \.game) { w in
                    Section {
                        TextEditor(text: Binding(get: { w.json },
                                                 set: { app.send(.settings(.editWeights(game: w.game, json: $0))) }))
                            .font(.footnote.monospaced())
                            .frame(minHeight: 80)
                            .autocorrectionDisabled()
                            .textInputAutocapitalization(.never)
                        if let error = w.error {
                            Text(error).foregroundStyle(.red).font(.footnote)
                        }
                        Button("Apply") { app.send(.settings(.setWeights(game: w.game, json: w.json))) }
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
    }
}
