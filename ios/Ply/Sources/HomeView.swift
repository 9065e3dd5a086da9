import PlyFFI
import PlyKit
import SwiftUI

/// Choose the game, the mode, your colour, the difficulty and (under "Engine") the algorithm,
/// ordering and heuristic preset.
struct HomeView: View {
    @Environment(AppModel.self) private var app
    @AppStorage("home.game") private var game = GameKindName.othello.rawValue
    @AppStorage("home.mode") private var mode = PlayMode.vsComputer.rawValue
    @AppStorage("home.first") private var humanPlaysFirst = true
    @AppStorage("home.level") private var level = 3
    @AppStorage("home.algorithm") private var algorithm = ""
    @AppStorage("home.ordering") private var ordering = ""
    @AppStorage("home.preset") private var preset = ""
    @SceneStorage("board.saved") private var savedGame: Data?
    @State private var playing: GameSetup?

    private var kind: GameKindName { GameKindName(rawValue: game) ?? .othello }

    /// The home choices plus this game's custom weights from Settings (when no preset is picked).
    private var setup: GameSetup {
        GameSetup(game: kind.kind, mode: PlayMode(rawValue: mode) ?? .vsComputer, humanPlaysFirst: humanPlaysFirst,
                  difficulty: level,
                  engine: EngineChoice(algorithm: algorithm.isEmpty ? nil : algorithm,
                                       ordering: ordering.isEmpty ? nil : ordering,
                                       heuristicPreset: preset.isEmpty ? nil : preset))
            .withStoredWeights(WeightsStore().weights(for: kind))
    }

    private var heuristicOptions: [HeuristicOption] {
        HeuristicMenu.options(game: kind.kind, hasCustomWeights: WeightsStore().weights(for: kind) != nil)
    }

    /// The picker shows what an empty choice means (custom weights, else `default`).
    private var presetSelection: Binding<String> {
        Binding(get: { HeuristicMenu.selected(heuristicOptions, preset: preset.isEmpty ? nil : preset)?.preset ?? "" },
                set: { preset = $0 })
    }

    var body: some View {
        Form {
            Section("Game") {
                Picker("Game", selection: $game) {
                    ForEach(GameKindName.allCases, id: \.rawValue) { Text($0.title).tag($0.rawValue) }
                }
                Picker("Mode", selection: $mode) {
                    Text("Against the computer").tag(PlayMode.vsComputer.rawValue)
                    Text("Two players").tag(PlayMode.twoPlayers.rawValue)
                    Text("Computer against computer").tag(PlayMode.computerVsComputer.rawValue)
                }
                if mode == PlayMode.vsComputer.rawValue {
                    Picker("Your colour", selection: $humanPlaysFirst) {
                        Text(sideName(kind.kind, .first)).tag(true)
                        Text(sideName(kind.kind, .second)).tag(false)
                    }
                }
                Stepper("Difficulty: \(level)", value: $level, in: DifficultyMapping.levels)
            }
            Section("Engine") {
                Picker("Algorithm", selection: $algorithm) {
                    Text("By difficulty").tag("")
                    ForEach(DifficultyMapping.algorithmNames, id: \.self) { name in
                        Text(DifficultyMapping.algorithm(named: name).map(DifficultyMapping.title) ?? name).tag(name)
                    }
                }
                Picker("Move ordering", selection: $ordering) {
                    Text("By difficulty").tag("")
                    Text("Static").tag("static")
                    Text("TT move, killers, history").tag("full")
                    Text("History-ADS").tag("historyAds")
                }
                Picker("Heuristic", selection: presetSelection) {
                    ForEach(heuristicOptions) { Text($0.label).tag($0.preset ?? "") }
                }
            }
            Section {
                Button("New game") {
                    savedGame = nil
                    playing = setup
                }
                .font(.headline)
                if savedGame != nil {
                    Button("Continue the last game") { playing = setup }
                }
            }
        }
        .navigationTitle("Ply")
        .onChange(of: game) { _, _ in preset = "" }
        .navigationDestination(item: $playing) { s in
            BoardScreen(setup: s, saved: $savedGame)
        }
    }
}
