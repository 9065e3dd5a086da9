import PlyFFI

/// Difficulty levels and the home screen's engine choices, turned into the core's `EngineSettings`.
/// The level itself is mapped by the core (`settingsForDifficulty`, documented there); this adds
/// the user's algorithm / ordering / heuristic overrides on top.
public enum DifficultyMapping {
    public static let levels = 1...10
    public static let algorithmNames = ["scout", "alphaBeta", "pvs", "mcts", "minimax"]
    public static let orderingNames = ["static", "full", "historyAds"]

    /// Settings for `level` with `engine`'s overrides; `PlyError.InvalidSettings` outside 1...10.
    public static func settings(game: GameKind, level: Int, engine: EngineChoice = EngineChoice()) throws -> EngineSettings {
        guard levels.contains(level), let byte = UInt8(exactly: level) else {
            throw PlyError.InvalidSettings(reason: "difficulty \(level) is outside 1...10")
        }
        var s = try settingsForDifficulty(game: game, level: byte)
        if let name = engine.algorithm {
            guard let a = algorithm(named: name) else {
                throw PlyError.InvalidSettings(reason: "unknown algorithm \(name)")
            }
            s.algorithm = a
        }
        if let name = engine.ordering {
            guard let o = ordering(named: name) else {
                throw PlyError.InvalidSettings(reason: "unknown ordering \(name)")
            }
            s.ordering = o
        }
        if let json = engine.weightsJson, !json.isEmpty {
            s.heuristic = HeuristicChoice.customWeights(json: json)
        } else if let preset = engine.heuristicPreset, !preset.isEmpty {
            s.heuristic = HeuristicChoice.preset(name: preset)
        }
        return s
    }

    public static func algorithm(named name: String) -> SearchAlgorithm? {
        switch name {
        case "scout": return .scout
        case "alphaBeta": return .alphaBeta
        case "pvs": return .pvs
        case "mcts": return .mcts
        case "minimax": return .minimax
        default: return nil
        }
    }

    /// `static`: static order only; `full`: TT move, killers, history; `historyAds`: full plus
    /// History-ADS (move-to-front, one list per side).
    public static func ordering(named name: String) -> MoveOrdering? {
        switch name {
        case "static":
            return MoveOrdering(staticOrder: true, ttMove: false, killers: false, history: false, ads: nil)
        case "full":
            return MoveOrdering(staticOrder: true, ttMove: true, killers: true, history: true, ads: nil)
        case "historyAds":
            let ads = AdsOptions(update: .moveToFront, listBound: nil, perLevel: false)
            return MoveOrdering(staticOrder: true, ttMove: true, killers: true, history: true, ads: ads)
        default:
            return nil
        }
    }

    public static func title(algorithm: SearchAlgorithm) -> String {
        switch algorithm {
        case .scout: return "Scout"
        case .alphaBeta: return "Alpha-beta"
        case .pvs: return "PVS"
        case .mcts: return "MCTS"
        case .minimax: return "Minimax"
        }
    }
}
