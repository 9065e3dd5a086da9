import Foundation
import PlyFFI
import XCTest
@testable import PlyKit

@MainActor
final class RecordingPlatform: PlatformEffects {
    var calls: [String] = []

    func render() { calls.append("render") }
    func renderProgress() { calls.append("progress") }
    func saveUiState(_ blob: String) { calls.append("save \(blob)") }
    func scheduleSync(at date: Date) { calls.append("sync \(Int(date.timeIntervalSince1970 * 1000))") }
    func storeToken(_ token: String?) { calls.append("token \(token ?? "-")") }
    func cue(_ cue: Cue) { calls.append("cue") }
    func announce(_ text: String) { calls.append("say \(text)") }
}

/// Main-actor tests are `@MainActor async` methods of a nonisolated class: Linux's XCTest calls a
/// synchronous test from a nonisolated context, which Swift 6 refuses for a main-actor class.
final class EffectExecutorTests: XCTestCase {
    @MainActor
    func testEffectsInOrderWithTheLastRenderInItsPlace() async {
        let p = RecordingPlatform()
        EffectExecutor.perform([.render, .saveUiState("{}"), .scheduleSync(notBeforeMs: 1_700_000_000_123, meteredOk: false),
                                .storeToken(nil), .render, .cue(.move), .announce("White wins")], on: p)
        XCTAssertEqual(p.calls, ["save {}", "sync 1700000000123", "token -", "render", "cue", "say White wins"])
        let none = RecordingPlatform()
        EffectExecutor.perform([], on: none)
        XCTAssertEqual(none.calls, [])
    }

    @MainActor
    func testAProgressTickRedrawsItsLineAloneUnlessARenderFollows() async {
        let p = RecordingPlatform()
        EffectExecutor.perform([.renderProgress], on: p)
        XCTAssertEqual(p.calls, ["progress"])
        let covered = RecordingPlatform()
        EffectExecutor.perform([.renderProgress, .cue(.move), .render], on: covered)
        XCTAssertEqual(covered.calls, ["cue", "render"])
        let after = RecordingPlatform()
        EffectExecutor.perform([.render, .renderProgress], on: after)
        XCTAssertEqual(after.calls, ["render", "progress"])
    }

    @MainActor
    func testTheSyncDateIsTheCoresDate() async {
        XCTAssertEqual(EffectExecutor.date(ms: 86_400_000), Date(timeIntervalSince1970: 86_400))
    }
}
