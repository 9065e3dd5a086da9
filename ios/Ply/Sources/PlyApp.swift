import BackgroundTasks
import PlyKit
import SwiftUI

/// The app: one `AppModel` (outbox, settings, device limits, sync) shared by every screen.
@main
struct PlyApp: App {
    @State private var app = AppModel()
    @Environment(\.scenePhase) private var phase

    init() {
        AppModel.registerBackgroundSync()
    }

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(app)
        }
        // initial: the phase the app launches in counts too (a cold start goes straight to .active).
        .onChange(of: phase, initial: true) { _, now in
            switch now {
            case .active: app.enterForeground()
            case .background: app.enterBackground()
            default: break
            }
        }
    }
}

/// The tabs: play, history, settings.
struct RootView: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        TabView {
            NavigationStack { HomeView() }
                .tabItem { Label("Play", systemImage: "circle.grid.3x3.fill") }
            NavigationStack { HistoryView() }
                .tabItem { Label("History", systemImage: "clock") }
            NavigationStack { SettingsView() }
                .tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}
