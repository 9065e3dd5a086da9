import PlyFFI
import SwiftUI

/// The app: one `AppModel` (the core) for the process, also used by the background sync task.
@main
@MainActor
struct PlyApp: App {
    @State private var app: AppModel
    @Environment(\.scenePhase) private var phase

    init() {
        let model = AppModel()
        // Registered before launch ends, on this same model: no second core for the task.
        model.registerBackgroundSync()
        _app = State(initialValue: model)
    }

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(app)
        }
        // initial: the phase the app launches in counts too (a cold start goes straight to .active).
        .onChange(of: phase, initial: true) { _, now in
            app.sceneChanged(to: now)
        }
    }
}

/// The tabs: play (the core's home, board or after-game screen), history, settings. The core
/// says which tab is selected; picking one sends it, and nothing is closed.
struct RootView: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        TabView(selection: Binding(get: { app.view?.tab ?? .play }, set: { app.send(.selectTab($0)) })) {
            NavigationStack { PlayScreen() }
                .tabItem { Label("Play", systemImage: "circle.grid.3x3.fill") }
                .tag(AppTab.play)
            NavigationStack { HistoryScreen() }
                .tabItem { Label("History", systemImage: "clock") }
                .tag(AppTab.history)
            NavigationStack { SettingsScreen() }
                .tabItem { Label("Settings", systemImage: "gear") }
                .tag(AppTab.settings)
        }
        // The core's question (it decides when to ask, and keeps it across process death). The
        // buttons send the answer; the core then takes the question away.
        .alert(app.view?.confirmation?.question ?? "",
               isPresented: Binding(get: { app.view?.confirmation != nil }, set: { _ in }),
               presenting: app.view?.confirmation) { confirm in
            Button(confirm.confirm, role: .destructive) { app.send(.acceptConfirmation) }
            Button(confirm.cancel, role: .cancel) { app.send(.cancelConfirmation) }
        } message: { confirm in
            Text(confirm.detail)
        }
        .sensoryFeedback(trigger: app.cueCount) { _, _ in
            switch app.lastCue {
            case .move: return .impact(weight: .light)
            case .refused: return .error
            case .gameOver: return .success
            }
        }
    }
}

/// The Play tab: whichever of home, board and after-game the core says it shows.
struct PlayScreen: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        switch app.view?.playScreen {
        case .board?:
            BoardScreen()
        case .afterGame?:
            AfterGameScreen()
        default:
            HomeScreen()
        }
    }
}
