import PlyFFI
import PlyKit
import SwiftUI

/// The home screen: the next game's choices as the core offers them (each picker's selection is
/// the core's value), a new game, and the game in progress to go back to.
struct HomeScreen: View {
    @Environment(AppModel.self) private var app
    let home: HomeView

    var body: some View {
        Form {
            if home.canResume {
                Section {
                    Button(home.resumeLabel) { app.send(.navigation(.openBoard)) }
                }
            }
            Section("Game") {
                Picker("Game", selection: Binding(get: { home.game }, set: { app.send(.home(.chooseGame($0))) })) {
                    ForEach(home.games, id: \.game) { Text($0.label).tag($0.game) }
                }
                // The chosen game's rules, when it has more than one set (draughts).
                if !home.variants.isEmpty {
                    Picker("Rules", selection: Binding(get: { home.rules }, set: { app.send(.home(.chooseRules($0))) })) {
                        ForEach(home.variants, id: \.rules) { Text($0.label).tag($0.rules) }
                    }
                }
                if !home.modes.isEmpty {
                    Picker("Players", selection: Binding(get: { home.mode }, set: { app.send(.home(.chooseMode($0))) })) {
                        ForEach(home.modes, id: \.mode) { Text($0.label).tag($0.mode) }
                    }
                }
                if !home.playerCounts.isEmpty {
                    Picker("Number of players", selection: Binding(get: { home.players },
                                                                   set: { app.send(.home(.choosePlayers($0))) })) {
                        ForEach(home.playerCounts, id: \.count) { Text($0.label).tag($0.count) }
                    }
                }
                if !home.sides.isEmpty {
                    Picker("You play", selection: Binding(get: { home.side }, set: { app.send(.home(.chooseSide($0))) })) {
                        ForEach(home.sides, id: \.side) { Text($0.label).tag($0.side) }
                    }
                }
            }
            if !home.seats.isEmpty {
                seatsSection
            }
            if home.levelShown {
                Section {
                    Picker(home.levelTitle, selection: Binding(get: { home.level },
                                                               set: { app.send(.home(.chooseLevel($0))) })) {
                        ForEach(home.levels, id: \.level) { Text($0.label).tag($0.level) }
                    }
                } footer: {
                    Text(home.engine)
                }
            }
            if home.engineChoices {
                engineSection
            }
            Section("Start position") {
                // The core keeps the text (each edit is sent); New game starts from it.
                TextField("Standard start", text: Binding(get: { home.startPositionText },
                                                          set: { app.send(.home(.editStartPosition($0))) }))
                    .font(.body.monospaced())
                    .autocorrectionDisabled()
                    .textInputAutocapitalization(.never)
                    .onSubmit { app.send(.home(.chooseStartPosition(home.startPositionText))) }
                if let error = home.startPositionError {
                    Text(error).foregroundStyle(.red).font(.footnote)
                }
            }
            Section {
                // The core asks first when a game in progress would be lost.
                Button("New game") { app.send(.home(.newGame)) }
                    .bold()
            }
        }
        .navigationTitle("Ply")
    }

    /// A multi-player game's seats: a person or the computer at each, with the computer's level.
    private var seatsSection: some View {
        Section("Seats") {
            ForEach(home.seats, id: \.seat) { seat in
                VStack(alignment: .leading) {
                    Picker(seat.name, selection: Binding(get: { seat.human },
                                                         set: { app.send(.home(.chooseSeat(seat: seat.seat, human: $0))) })) {
                        Text("Person").tag(true)
                        Text("Computer").tag(false)
                    }
                    if !seat.human {
                        Picker("Level", selection: Binding(get: { seat.level },
                                                           set: { app.send(.home(.chooseSeatLevel(seat: seat.seat, level: $0))) })) {
                            ForEach(seat.levels, id: \.level) { Text($0.label).tag($0.level) }
                        }
                    }
                }
                .accessibilityElement(children: .contain)
                .accessibilityLabel(seat.label)
            }
        }
    }

    private var engineSection: some View {
        Section("Computer") {
            Picker("Algorithm", selection: Binding(get: { home.algorithm }, set: { app.send(.home(.chooseAlgorithm($0))) })) {
                ForEach(home.algorithms, id: \.choice) { Text($0.label).tag($0.choice) }
            }
            Picker("Move ordering", selection: Binding(get: { home.ordering }, set: { app.send(.home(.chooseOrdering($0))) })) {
                ForEach(home.orderings, id: \.choice) { Text($0.label).tag($0.choice) }
            }
            Picker("Evaluation", selection: Binding(get: { home.heuristic }, set: { app.send(.home(.chooseHeuristic($0))) })) {
                ForEach(home.heuristics, id: \.preset) { Text($0.label).tag($0.preset) }
            }
        }
    }
}
