// The render of ios/Ply/Sources/AppModel.swift at 2b8925d (#46's certain error), against the
// generated bindings: `core.view()` returns `ViewModel?`, so `now.home` and the four reads after
// it must be unwrapped. tests/swift.sh compiles it twice: with -D OLD (the old shape) it must
// fail with those five errors; without it (the shape PlyKit's AppModel has) it must compile.
import PlyFFI

final class OldRender {
    let core: AppCore
    var view: ViewModel?
    var home: HomeView?
    var board: BoardView?
    var afterGame: AfterGameView?
    var history: HistoryView?
    var settings: SettingsView?

    init(core: AppCore) {
        self.core = core
    }

    func render() {
        #if OLD
        let now = core.view()
        view = now
        if let v = now.home { home = v }
        if let v = now.board { board = v }
        if let v = now.afterGame { afterGame = v }
        if let v = now.history { history = v }
        if let v = now.settings { settings = v }
        #else
        guard let now = core.view() else { return }
        view = now
        if let v = now.home { home = v }
        if let v = now.board { board = v }
        if let v = now.afterGame { afterGame = v }
        if let v = now.history { history = v }
        if let v = now.settings { settings = v }
        #endif
    }
}
