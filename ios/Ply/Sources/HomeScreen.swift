import PlyFFI
import SwiftUI

/// The home screen: the next game's choices as the core offers them, a new game, and the game in
/// progress to go back to (the core restores it after a force-quit).
struct HomeScreen: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        Form {
            if let home = app.home {
                if home.canResume {
                    Section {
                        Button(home.resumeLabel) { app.send(.openBoard) }
                    }
                }
                Section("Game") {
                    Picker("Game", selection: choice(home.games.map(\.selected)) { i in
                        app.send(.chooseGame(home.games[i].game))
                    }) {
                        ForEach(home.games.indices, id: \.self) { i in Text(home.games[i].label).tag(i) }
                    }
                    if !home.modes.isEmpty {
                        Picker("Players", selection: choice(home.modes.map(\.selected)) { i in
                            app.send(.chooseMode(home.modes[i].mode))
                        }) {
                            ForEach(home.modes.indices, id: \.self) { i in Text(home.modes[i].label).tag(i) }
                        }
                    }
                    if !home.playerCounts.isEmpty {
                        Picker("Number of players", selection: choice(home.playerCounts.map(\.selected)) { i in
                            app.send(.choosePlayers(home.playerCounts[i].count))
                        }) {
                            ForEach(home.playerCounts.indices, id: \.self) { i in
                                Text(home.playerCounts[i].label).tag(i)
                            }
                        }
                    }
                    if !home.sides.isEmpty {
                        Picker("You play", selection: choice(home.sides.map(\.selected)) { i in
                            app.send(.chooseSide(home.sides[i].side))
                        }) {
                            ForEach(home.sides.indices, id: \.self) { i in Text(home.sides[i].label).tag(i) }
                        }
                    }
                }
                if !home.seats.isEmpty {
                    seatsSection(home)
                }
                if home.engineChoices {
                    engineSection(home)
                }
                Section("Start position") {
                    // The core keeps the text (each edit is sent); New game starts from it.
                    TextField("Standard start", text: Binding(get: { home.startPositionText },
                                                              set: { app.send(.editStartPosition($0)) }))
                        .font(.body.monospaced())
                        .autocorrectionDisabled()
                        .textInputAutocapitalization(.never)
                        .onSubmit { app.send(.chooseStartPosition(app.home?.startPositionText)) }
                    if let error = home.startPositionError {
                        Text(error).foregroundStyle(.red).font(.footnote)
                    }
                }
                Section {
                    // The core asks first when a game in progress would be lost.
                    Button("New game") { startGame() }
                        .bold()
                }
            }
        }
        .navigationTitle("Ply")
    }

    private func startGame() {
        app.send(.newGame)
    }

    /// A multi-player game's seats: a person or the computer at each, with the computer's level.
    @ViewBuilder
    private func seatsSection(_ home: HomeView) -> some View {
        Section {
            ForEach(home.seats, id: \.seat) { seat in
                VStack(alignment: .leading) {
                    Picker(seat.name, selection: Binding(get: { seat.human },
                                                         set: { app.send(.chooseSeat(seat: seat.seat, human: $0)) })) {
                        Text("Person").tag(true)
                        Text("Computer").tag(false)
                    }
                    if !seat.human {
                        Picker("Level", selection: Binding(get: { seat.level },
                                                           set: { app.send(.chooseSeatLevel(seat: seat.seat, level: $0)) })) {
                            ForEach(seat.levels, id: \.level) { option in
                                Text(option.label).tag(option.level)
                            }
                        }
                    }
                }
                .accessibilityElement(children: .contain)
                .accessibilityLabel(seat.label)
            }
        } header: {
            Text("Seats")
        } footer: {
            Text(home.engine)
        }
    }

    @ViewBuilder
    private func engineSection(_ home: HomeView) -> some View {
        Section {
            Picker("Level", selection: Binding(get: { home.level }, set: { app.send(.chooseLevel($0)) })) {
                ForEach(home.levels, id: \.level) { option in
                    Text(option.label).tag(option.level)
                }
            }
            Picker("Algorithm", selection: choice(home.algorithms.map(\.selected)) { i in
                app.send(.chooseAlgorithm(home.algorithms[i].choice))
            }) {
                ForEach(home.algorithms.indices, id: \.self) { i in Text(home.algorithms[i].label).tag(i) }
            }
            Picker("Move ordering", selection: choice(home.orderings.map(\.selected)) { i in
                app.send(.chooseOrdering(home.orderings[i].choice))
            }) {
                ForEach(home.orderings.indices, id: \.self) { i in Text(home.orderings[i].label).tag(i) }
            }
            Picker("Evaluation", selection: choice(home.heuristics.map(\.selected)) { i in
                app.send(.chooseHeuristic(home.heuristics[i].preset))
            }) {
                ForEach(home.heuristics.indices, id: \.self) { i in Text(home.heuristics[i].label).tag(i) }
            }
        } header: {
            Text("Computer")
        } footer: {
            Text(home.engine)
        }
    }

    /// A picker's selection over the core's options: the selected one's index; choosing sends
    /// the core's event (the core keeps the choice). The core marks exactly one option of every
    /// list it sends (app/tests/settings_journeys.rs), so the `?? 0` never chooses.
    private func choice(_ selected: [Bool], send: @escaping (Int) -> Void) -> Binding<Int> {
        Binding(get: { selected.firstIndex(of: true) ?? 0 }, set: { send($0) })
    }
}
