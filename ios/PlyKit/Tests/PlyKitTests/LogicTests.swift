import XCTest
import PlyFFI
@testable import PlyKit

final class DifficultyAndValidationTests: XCTestCase {
    func testDifficultyFollowsTheCoreAndAppliesOverrides() throws {
        for level in 1...10 {
            let s = try DifficultyMapping.settings(game: .connectFour, level: level)
            XCTAssertEqual(s, try settingsForDifficulty(game: .connectFour, level: UInt8(level)))
            XCTAssertEqual(s.level, UInt8(level))
        }
        let deeper = try DifficultyMapping.settings(game: .othello, level: 8)
        let shallower = try DifficultyMapping.settings(game: .othello, level: 2)
        XCTAssertGreaterThan(deeper.depth ?? 0, shallower.depth ?? 0)
        let custom = try DifficultyMapping.settings(game: .othello, level: 5,
                                                    engine: EngineChoice(algorithm: "scout", ordering: "historyAds"))
        XCTAssertEqual(custom.algorithm, .scout)
        XCTAssertNotNil(custom.ordering.ads)
        XCTAssertThrowsError(try DifficultyMapping.settings(game: .othello, level: 0))
        XCTAssertThrowsError(try DifficultyMapping.settings(game: .othello, level: 11))
        XCTAssertThrowsError(try DifficultyMapping.settings(game: .othello, level: 3, engine: EngineChoice(algorithm: "magic")))
    }

    func testServerUrlValidation() {
        XCTAssertEqual(try SettingsValidation.serverUrl(" https://ply.example.org/ ").get(), "https://ply.example.org")
        XCTAssertEqual(try SettingsValidation.serverUrl("http://192.168.1.5:8080").get(), "http://192.168.1.5:8080")
        for bad in ["", "ply.example.org", "ftp://ply.example.org", "https://", "http://ply.example.org",
                    "https://ply.example.org/?x=1"] {
            XCTAssertThrowsError(try SettingsValidation.serverUrl(bad).get(), bad)
        }
    }

    func testWeightsValidation() throws {
        // The core's own format, as `heuristicWeightsJson` gives it for every preset of every game.
        for game in GameKindName.allCases {
            for preset in heuristicPresets(game: game.kind) {
                let json = try heuristicWeightsJson(game: game.kind, preset: preset)
                XCTAssertEqual(try SettingsValidation.weights(json, for: game.kind).get(), json, "\(game) \(preset)")
            }
        }
        let phased = #"{"weights": {"corners": 25.5, "mobility": {"opening": 8, "midgame": 5, "endgame": 1}}}"#
        XCTAssertEqual(try SettingsValidation.weights(" \(phased)\n").get(), phased)
        for bad in ["", "[1,2]", "{}", #"{"mobility": 3}"#, #"{"weights": {}}"#, #"{"weights": {"a": "x"}}"#,
                    #"{"weights": {"a": true}}"#, #"{"weights": {"a": {"opening": 1}}}"#, "{not json"] {
            XCTAssertThrowsError(try SettingsValidation.weights(bad).get(), bad)
        }
        XCTAssertThrowsError(try SettingsValidation.weights(#"{"weights": {"no_such_factor": 1}}"#, for: .othello).get())
        // Othello's factors are not Connect Four's.
        let othello = try heuristicWeightsJson(game: .othello, preset: "default")
        XCTAssertThrowsError(try SettingsValidation.weights(othello, for: .connectFour).get())
        XCTAssertEqual(SettingsValidation.weightsEdit(" \n", for: .othello), .clear)
        XCTAssertEqual(SettingsValidation.weightsEdit(othello, for: .othello), .save(othello))
        XCTAssertNoThrow(try SettingsValidation.difficulty(10).get())
        XCTAssertThrowsError(try SettingsValidation.difficulty(0).get())
    }

    func testEveryHeuristicIsOfferedOnceAndStoredWeightsApplyWithoutAPreset() throws {
        for game in GameKindName.allCases {
            let plain = HeuristicMenu.options(game: game.kind, hasCustomWeights: false)
            XCTAssertEqual(Set(plain.compactMap(\.preset)), Set(heuristicPresets(game: game.kind)))
            XCTAssertEqual(plain.count, Set(plain.map(\.label)).count, "no entry twice")
            XCTAssertEqual(plain.first?.preset, HeuristicMenu.defaultPreset)
            XCTAssertEqual(HeuristicMenu.selected(plain, preset: nil)?.preset, HeuristicMenu.defaultPreset)
            let custom = HeuristicMenu.options(game: game.kind, hasCustomWeights: true)
            XCTAssertEqual(custom.count, plain.count + 1)
            XCTAssertNil(HeuristicMenu.selected(custom, preset: nil)?.preset)
        }
        let weights = try heuristicWeightsJson(game: .othello, preset: "default")
        let noPreset = GameSetup(game: .othello).withStoredWeights(weights)
        XCTAssertEqual(noPreset.engine.weightsJson, weights)
        _ = try noPreset.players()
        let picked = GameSetup(game: .othello, engine: EngineChoice(heuristicPreset: "default")).withStoredWeights(weights)
        XCTAssertNil(picked.engine.weightsJson)

        let defaults = try XCTUnwrap(UserDefaults(suiteName: "PlyKitTests.weights"))
        defaults.removePersistentDomain(forName: "PlyKitTests.weights")
        let store = WeightsStore(defaults: defaults)
        XCTAssertNil(store.weights(for: .othello))
        XCTAssertEqual(store.editorText(for: .othello), weights)
        store.save(#"{"weights": {"corners": 1}}"#, for: .draughts)
        XCTAssertEqual(store.weights(for: .relaxedDraughts), #"{"weights": {"corners": 1}}"#, "same factors")
        XCTAssertNil(store.weights(for: .connectFour), "one set per game")
        store.save(nil, for: .draughts)
        XCTAssertNil(store.weights(for: .draughts))
    }

    func testDeviceLimitsComeFromTheCoreRule() {
        let l = DeviceLimits.current()
        let info = ProcessInfo.processInfo
        let expected = recommendedLimits(totalRamBytes: info.physicalMemory, availableRamBytes: DeviceLimits.availableMemory(),
                                         cpuCores: UInt32(info.activeProcessorCount))
        XCTAssertEqual(l, expected)
        XCTAssertGreaterThanOrEqual(l.ttBytes, 1 << 20)
        XCTAssertTrue(DeviceLimits.describe(l).contains("MiB"))
    }
}

final class ViewStateTests: XCTestCase {
    func testVoiceOverLabelsAtTheOthelloStart() throws {
        let h = try Harness(GameSetup(game: .othello, mode: .twoPlayers))
        let byLabel = Dictionary(uniqueKeysWithValues: h.controller.state.cells.map { ($0.label, $0.description) })
        XCTAssertEqual(byLabel["e4"], "e4, black disc")
        XCTAssertEqual(byLabel["d4"], "d4, white disc")
        XCTAssertEqual(byLabel["d3"], "d3, empty, legal move")
        XCTAssertEqual(byLabel["a1"], "a1, empty")
        XCTAssertEqual(h.controller.state.statusText, "Black to move")
        XCTAssertEqual(h.controller.state.firstCount, 2)
        XCTAssertEqual(h.controller.state.cells.filter { $0.legalTarget }.count, 4)
        h.controller.tap(try XCTUnwrap(h.controller.state.cells.first { $0.label == "d3" }).index)
        let after = Dictionary(uniqueKeysWithValues: h.controller.state.cells.map { ($0.label, $0) })
        XCTAssertEqual(after["d3"]?.description, "d3, black disc, last move")
        XCTAssertEqual(after["d4"]?.changedByLastMove, true)
        XCTAssertEqual(h.controller.state.firstCount, 4)
        XCTAssertEqual(h.controller.state.statusText, "White to move")
    }

    func testDraughtsLabelsAndLightSquares() throws {
        let h = try Harness(GameSetup(game: .draughts, mode: .twoPlayers))
        let cells = h.controller.state.cells
        XCTAssertEqual(cells.filter { !$0.playable }.count, 32)
        XCTAssertTrue(cells.filter { !$0.playable }.allSatisfy { $0.description == "light square" })
        XCTAssertEqual(cells.first { $0.label == "1" }?.description, "square 1, black man")
        XCTAssertEqual(cells.first { $0.label == "16" }?.description, "square 16, empty")
    }
}

final class SyncPolicyTests: XCTestCase {
    private func summary(_ outcome: SyncOutcome, next: UInt64? = nil, remaining: UInt64 = 1) -> SyncSummary {
        SyncSummary(sent: 0, accepted: 0, duplicates: 0, rejected: 0, rejectedLocally: 0, remaining: remaining,
                    nextAttemptAtMs: next, outcome: outcome)
    }

    func testDecisions() {
        XCTAssertEqual(SyncPolicy.decide(SyncSettings(enabled: false, serverUrl: "https://a.org"), pending: 3), .skip("sync is off"))
        XCTAssertEqual(SyncPolicy.decide(SyncSettings(enabled: true, serverUrl: "nope"), pending: 3), .skip("no valid server address"))
        XCTAssertEqual(SyncPolicy.decide(SyncSettings(enabled: true, serverUrl: "https://a.org"), pending: 0), .skip("nothing to send"))
        XCTAssertEqual(SyncPolicy.decide(SyncSettings(enabled: true, serverUrl: "https://a.org"), pending: 1), .sync)
    }

    func testBackgroundDateFollowsTheCoresBackoff() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        XCTAssertNil(SyncPolicy.nextBackgroundDate(after: nil, pending: 0, now: now))
        let later = UInt64(1_000_000 + 3600) * 1000
        XCTAssertEqual(SyncPolicy.nextBackgroundDate(after: summary(.retryLater(reason: "down"), next: later), pending: 2, now: now),
                       now.addingTimeInterval(3600))
        XCTAssertEqual(SyncPolicy.nextBackgroundDate(after: summary(.notDue(untilMs: later)), pending: 2, now: now),
                       now.addingTimeInterval(3600))
        // A backoff shorter than the floor is raised to it.
        let soon = UInt64(1_000_000 + 10) * 1000
        XCTAssertEqual(SyncPolicy.nextBackgroundDate(after: summary(.retryLater(reason: "x"), next: soon), pending: 1, now: now),
                       now.addingTimeInterval(SyncPolicy.minimumBackgroundDelay))
        XCTAssertTrue(SyncPolicy.succeeded(summary(.done)))
        XCTAssertFalse(SyncPolicy.succeeded(summary(.retryLater(reason: "x"))))
    }

    func testHistoryRowsShowTheSyncState() {
        let t = Date(timeIntervalSince1970: 0)
        let games = [FinishedGame(id: "a", game: .othello, result: "Black wins", endedAt: t),
                     FinishedGame(id: "b", game: .connectFour, result: "Draw", endedAt: t.addingTimeInterval(1)),
                     FinishedGame(id: "c", game: .draughts, result: "White wins", endedAt: t.addingTimeInterval(2))]
        let rows = historyRows(games, pending: [OutboxItem(id: "b", sizeBytes: 10, writtenAtMs: 0)],
                               rejected: [RejectedItem(id: "c", reason: "illegal move 3")])
        XCTAssertEqual(rows.map { $0.id }, ["c", "b", "a"])
        XCTAssertEqual(rows.map { $0.state }, [.rejected("illegal move 3"), .waiting, .synced])
    }
}
