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
