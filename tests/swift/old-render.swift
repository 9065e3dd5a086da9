// The render of ios/Ply/Sources/AppModel.swift at 2b8925d (#46's certain error), on today's view
// model, against the generated bindings: `core.view()` returns `ViewModel?`, so `now.screen` and
// the four reads after it must be unwrapped. tests/swift.sh compiles it twice: with -D OLD (the
// old shape) it must fail with those five errors; without it (the shape PlyKit's AppModel has) it
// must compile.
import PlyFFI

final class OldRender {
    let core: AppCore
    var view: ViewModel?
    var screen: ScreenView?
    var tab: AppTab?
    var playScreen: Screen?
    var backLeavesApp = false
    var confirmation: ConfirmView?

    init(core: AppCore) {
        self.core = core
    }

    func render() {
        #if OLD
        let now = core.view()
        view = now
        screen = now.screen
        tab = now.tab
        playScreen = now.playScreen
        backLeavesApp = now.backLeavesApp
        confirmation = now.confirmation
        #else
        guard let now = core.view() else { return }
        view = now
        screen = now.screen
        tab = now.tab
        playScreen = now.playScreen
        backLeavesApp = now.backLeavesApp
        confirmation = now.confirmation
        #endif
    }
}
