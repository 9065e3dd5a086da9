import Foundation
import PlyFFI

/// Who plays whom on this phone.
public enum PlayMode: String, Codable, CaseIterable, Sendable {
    case vsComputer
    case twoPlayers
    case computerVsComputer

    var hasHuman: Bool { self != .computerVsComputer }
}

/// The "engine" choices of the home screen; `nil` fields keep the difficulty level's choice.
public struct EngineChoice: Codable, Hashable, Sendable {
    /// `scout`, `alphaBeta`, `pvs`, `mcts`, `minimax` (see `DifficultyMapping.algorithm(named:)`).
    public var algorithm: String?
    /// `static`, `full`, `historyAds` (see `DifficultyMapping.ordering(named:)`).
    public var ordering: String?
    /// A heuristic preset name.
    public var heuristicPreset: String?
    /// Custom weights JSON from the settings screen (wins over the preset).
    public var weightsJson: String?

    public init(algorithm: String? = nil, ordering: String? = nil, heuristicPreset: String? = nil, weightsJson: String? = nil) {
        self.algorithm = algorithm
        self.ordering = ordering
        self.heuristicPreset = heuristicPreset
        self.weightsJson = weightsJson
    }
}

/// Everything the home screen chose: enough to start (or restore) a game.
public struct GameSetup: Codable, Hashable, Sendable {
    /// `GameKindName` raw value (the generated enum is not Codable).
    public var gameName: GameKindName
    public var mode: PlayMode
    /// The human's side against the computer (`first` moves first).
    public var humanPlaysFirst: Bool
    /// 1...10.
    public var difficulty: Int
    public var engine: EngineChoice
    /// The game's position notation, or nil for the standard start.
    public var startPosition: String?

    public init(game: GameKind, mode: PlayMode = .vsComputer, humanPlaysFirst: Bool = true, difficulty: Int = 3,
                engine: EngineChoice = EngineChoice(), startPosition: String? = nil) {
        self.gameName = GameKindName(game)
        self.mode = mode
        self.humanPlaysFirst = humanPlaysFirst
        self.difficulty = difficulty
        self.engine = engine
        self.startPosition = startPosition
    }

    public var game: GameKind { gameName.kind }
    public var humanSide: Side { humanPlaysFirst ? .first : .second }

    /// The players of both sides (throws `PlyError` for a bad difficulty or engine choice).
    public func players() throws -> (first: PlayerKind, second: PlayerKind) {
        let settings = try DifficultyMapping.settings(game: game, level: difficulty, engine: engine)
        let computer = PlayerKind.computer(settings: settings)
        switch mode {
        case .twoPlayers:
            return (PlayerKind.human, PlayerKind.human)
        case .computerVsComputer:
            return (computer, computer)
        case .vsComputer:
            return humanPlaysFirst ? (PlayerKind.human, computer) : (computer, PlayerKind.human)
        }
    }
}

/// A Codable name for the generated `GameKind`.
public enum GameKindName: String, Codable, CaseIterable, Sendable {
    case othello
    case connectFour
    case draughts
    case relaxedDraughts

    public init(_ kind: GameKind) {
        switch kind {
        case .othello: self = .othello
        case .connectFour: self = .connectFour
        case .draughts: self = .draughts
        case .relaxedDraughts: self = .relaxedDraughts
        }
    }

    public var kind: GameKind {
        switch self {
        case .othello: return .othello
        case .connectFour: return .connectFour
        case .draughts: return .draughts
        case .relaxedDraughts: return .relaxedDraughts
        }
    }

    public var title: String {
        switch self {
        case .othello: return "Othello"
        case .connectFour: return "Connect Four"
        case .draughts: return "Draughts"
        case .relaxedDraughts: return "Draughts (optional captures)"
        }
    }
}

extension GameSetup {
    /// The setup a game starts with: `weightsJson` (the settings screen's custom weights for this
    /// game, or nil) applies when no preset was picked on the home screen; otherwise any custom
    /// weights are dropped.
    public func withStoredWeights(_ weightsJson: String?) -> GameSetup {
        var s = self
        let picked = !(engine.heuristicPreset ?? "").isEmpty
        s.engine.weightsJson = picked ? nil : weightsJson.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        return s
    }
}

/// One entry of the home screen's heuristic picker; `preset == nil` stands for the custom weights.
public struct HeuristicOption: Hashable, Sendable, Identifiable {
    public var id: String { preset ?? "" }
    public let preset: String?
    public let label: String
}

/// The home screen's heuristic picker (mirrors the Android shell's `heuristicOptions`).
public enum HeuristicMenu {
    /// The preset every difficulty level uses (`settingsForDifficulty`).
    public static let defaultPreset = "default"

    /// The entries for `game`: "custom weights" first when the settings screen holds weights for
    /// this game, then the core's presets with `default` first. There is no separate "by
    /// difficulty" entry: every level uses `default`, so it would be the same entry twice.
    public static func options(game: GameKind, hasCustomWeights: Bool) -> [HeuristicOption] {
        let names = heuristicPresets(game: game).sorted { a, b in
            a == defaultPreset ? b != defaultPreset : (b == defaultPreset ? false : a < b)
        }
        let presets = names.map { HeuristicOption(preset: $0, label: $0) }
        return hasCustomWeights ? [HeuristicOption(preset: nil, label: "Custom weights (from Settings)")] + presets : presets
    }

    /// The entry shown as selected for `preset`: its own entry, else (nil or another game's
    /// preset) the custom weights if offered, else `default`.
    public static func selected(_ options: [HeuristicOption], preset: String?) -> HeuristicOption? {
        options.first { $0.preset == preset }
            ?? options.first { $0.preset == nil }
            ?? options.first { $0.preset == defaultPreset }
            ?? options.first
    }
}

/// The settings screen's custom heuristic weights, one set per game (factor names differ between
/// games; relaxed draughts uses the draughts factors), in `UserDefaults`.
public struct WeightsStore {
    private let defaults: UserDefaults

    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    public static func key(_ game: GameKindName) -> String {
        "settings.weights." + (game == .relaxedDraughts ? GameKindName.draughts.rawValue : game.rawValue)
    }

    /// The stored weights of `game`, or nil for the presets.
    public func weights(for game: GameKindName) -> String? {
        defaults.string(forKey: Self.key(game)).flatMap { $0.isEmpty ? nil : $0 }
    }

    public func save(_ json: String?, for game: GameKindName) {
        if let json, !json.isEmpty {
            defaults.set(json, forKey: Self.key(game))
        } else {
            defaults.removeObject(forKey: Self.key(game))
        }
    }

    /// What the editor starts from: the stored weights, else the `default` preset's.
    public func editorText(for game: GameKindName) -> String {
        weights(for: game) ?? ((try? heuristicWeightsJson(game: game.kind, preset: HeuristicMenu.defaultPreset)) ?? "")
    }
}
