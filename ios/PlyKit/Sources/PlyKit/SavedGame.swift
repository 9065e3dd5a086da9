import Foundation

/// One computer move's search statistics (the after-game chart).
public struct MoveStat: Codable, Equatable, Sendable, Identifiable {
    public var id: Int { ply }
    /// 0-based ply of the move in the game.
    public let ply: Int
    public let notation: String
    public let sideIsFirst: Bool
    public let nodes: UInt64
    public let timeMs: Double
    public let depth: Int
    public let score: Int
    public let algorithm: String
}

/// A game as scene restoration keeps it: the setup (game kind, start position, players'
/// settings) and the moves in notation; `GameController.restore` replays them.
public struct SavedGame: Codable, Equatable, Sendable {
    public let setup: GameSetup
    public let moves: [String]
    /// Set if a side resigned (true = the first player).
    public let resignedByFirst: Bool?
    public let stats: [MoveStat]

    public init(setup: GameSetup, moves: [String], resignedByFirst: Bool? = nil, stats: [MoveStat] = []) {
        self.setup = setup
        self.moves = moves
        self.resignedByFirst = resignedByFirst
        self.stats = stats
    }

    /// JSON for `@SceneStorage` / a file.
    public func encoded() throws -> Data { try JSONEncoder().encode(self) }

    public static func decode(_ data: Data) throws -> SavedGame {
        try JSONDecoder().decode(SavedGame.self, from: data)
    }
}

/// The after-game screen's data.
public struct AfterGameReport: Sendable {
    public let setup: GameSetup
    public let statusText: String
    public let firstCount: Int
    public let secondCount: Int
    public let moves: [MoveStat]
    /// The game in its standard notation, for the share sheet.
    public let transcript: String

    public var totalNodes: UInt64 { moves.reduce(0) { $0 + $1.nodes } }
    public var totalTimeMs: Double { moves.reduce(0) { $0 + $1.timeMs } }
}
