import Foundation
import PlyFFI

/// What the settings screen's "save" does with the weights editor's text.
public enum WeightsEdit: Equatable {
    case clear
    case save(String)
    case refused(SettingsValidation.Problem)
}

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

    /// Weights in the core's format (what `heuristicWeightsJson` returns for a preset): a JSON
    /// object whose `weights` member maps factor names to a number or to
    /// `{"opening": o, "midgame": m, "endgame": e}` (`game`, `name`, `params` are optional), e.g.
    /// `{"weights": {"corners": 30, "mobility": {"opening": 8, "midgame": 5, "endgame": 1}}}`.
    /// Returns the trimmed JSON; whether the factor names exist is the core's to say
    /// (`weights(_:for:)`).
    public static func weights(_ json: String) -> Result<String, Problem> {
        let t = json.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = t.data(using: .utf8), !t.isEmpty else { return .failure(.weights("The weights are empty")) }
        guard let obj = try? JSONSerialization.jsonObject(with: data) else {
            return .failure(.weights("The weights are not valid JSON"))
        }
        guard let root = obj as? [String: Any] else {
            return .failure(.weights("The weights must be one JSON object { ... }"))
        }
        guard let factors = root["weights"] as? [String: Any] else {
            return .failure(.weights(#"The JSON needs a "weights" object, e.g. {"weights": {"corners": 30}}"#))
        }
        if factors.isEmpty { return .failure(.weights("The weights object is empty")) }
        for key in factors.keys.sorted() {
            if let phased = factors[key] as? [String: Any] {
                for phase in ["opening", "midgame", "endgame"] {
                    guard let v = phased[phase].flatMap(number), v.isFinite else {
                        return .failure(.weights("Weight \"\(key)\" needs a number for \"\(phase)\""))
                    }
                }
            } else if let v = factors[key].flatMap(number) {
                if !v.isFinite { return .failure(.weights("Weight \"\(key)\" is not finite")) }
            } else {
                return .failure(.weights("Weight \"\(key)\" is not a number"))
            }
        }
        return .success(t)
    }

    /// A JSON number (not a boolean, which `JSONSerialization` also gives as `NSNumber`).
    private static func number(_ any: Any) -> Double? {
        guard let n = any as? NSNumber, CFGetTypeID(n) != CFBooleanGetTypeID() else { return nil }
        return n.doubleValue
    }

    /// Weights the core accepts for `game`: checked by building that game's settings with them.
    public static func weights(_ json: String, for game: GameKind) -> Result<String, Problem> {
        let parsed = weights(json)
        guard case let .success(clean) = parsed else { return parsed }
        do {
            let s = try DifficultyMapping.settings(game: game, level: 3, engine: EngineChoice(weightsJson: clean))
            _ = try GameSession(game: game, first: .computer(settings: s), second: .human, startPosition: nil)
        } catch {
            return .failure(.weights(describe(error)))
        }
        return parsed
    }

    /// What "save" does with the weights editor's text: blank clears the custom weights (the
    /// presets are used again), otherwise they must pass `weights(_:for:)`.
    public static func weightsEdit(_ text: String, for game: GameKind) -> WeightsEdit {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .clear }
        switch weights(text, for: game) {
        case let .success(json): return .save(json)
        case let .failure(problem): return .refused(problem)
        }
    }

    public static func difficulty(_ level: Int) -> Result<Int, Problem> {
        DifficultyMapping.levels.contains(level) ? .success(level)
            : .failure(.difficulty("Difficulty \(level) is outside 1...10"))
    }
}
