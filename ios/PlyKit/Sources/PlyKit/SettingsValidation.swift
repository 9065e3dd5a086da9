import Foundation
import PlyFFI

/// Checks of the settings screen's inputs; each failure names what is wrong.
public enum SettingsValidation {
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case serverUrl(String)
        case weights(String)
        case difficulty(String)

        public var description: String {
            switch self {
            case let .serverUrl(m), let .weights(m), let .difficulty(m): return m
            }
        }
    }

    /// An http(s) URL with a host and no query or fragment; returned without a trailing slash.
    /// Plain http is accepted only for local hosts (App Transport Security allows local networking).
    public static func serverUrl(_ text: String) -> Result<String, Problem> {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.isEmpty { return .failure(.serverUrl("The server URL is empty")) }
        guard let c = URLComponents(string: t), let scheme = c.scheme?.lowercased() else {
            return .failure(.serverUrl("Not a URL: \(t)"))
        }
        guard scheme == "https" || scheme == "http" else {
            return .failure(.serverUrl("The URL must start with https:// (found \(scheme)://)"))
        }
        guard let host = c.host, !host.isEmpty else { return .failure(.serverUrl("The URL has no host")) }
        if c.query != nil || c.fragment != nil { return .failure(.serverUrl("The URL must not have a query or fragment")) }
        if scheme == "http" && !isLocal(host) {
            return .failure(.serverUrl("Use https:// for \(host) (plain http only for local servers)"))
        }
        var out = t
        while out.hasSuffix("/") { out.removeLast() }
        return .success(out)
    }

    static func isLocal(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".local") || host.hasPrefix("127.") || host.hasPrefix("10.")
            || host.hasPrefix("192.168.") || host == "::1"
    }

    /// A JSON object of finite numbers (`{"mobility": 3, "corners": 25}`); the core checks the
    /// factor names when the game starts. Returns the weights by name.
    public static func weights(_ json: String) -> Result<[String: Double], Problem> {
        let t = json.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = t.data(using: .utf8), !t.isEmpty else { return .failure(.weights("The weights are empty")) }
        guard let obj = try? JSONSerialization.jsonObject(with: data) else {
            return .failure(.weights("The weights are not valid JSON"))
        }
        guard let dict = obj as? [String: Any] else {
            return .failure(.weights("The weights must be a JSON object of name: number"))
        }
        if dict.isEmpty { return .failure(.weights("The weights object is empty")) }
        var out: [String: Double] = [:]
        for key in dict.keys.sorted() {
            guard let n = dict[key] as? NSNumber, CFGetTypeID(n) != CFBooleanGetTypeID() else {
                return .failure(.weights("Weight \"\(key)\" is not a number"))
            }
            let v = n.doubleValue
            if !v.isFinite { return .failure(.weights("Weight \"\(key)\" is not finite")) }
            out[key] = v
        }
        return .success(out)
    }

    /// Weights the core accepts for `game`: checked by building that game's settings with them.
    public static func weights(_ json: String, for game: GameKind) -> Result<[String: Double], Problem> {
        let parsed = weights(json)
        guard case .success = parsed else { return parsed }
        do {
            let s = try DifficultyMapping.settings(game: game, level: 3, engine: EngineChoice(weightsJson: json))
            _ = try GameSession(game: game, first: .computer(settings: s), second: .human, startPosition: nil)
        } catch {
            return .failure(.weights(describe(error)))
        }
        return parsed
    }

    public static func difficulty(_ level: Int) -> Result<Int, Problem> {
        DifficultyMapping.levels.contains(level) ? .success(level)
            : .failure(.difficulty("Difficulty \(level) is outside 1...10"))
    }
}
