import PlyFFI
import PlyKit
import SwiftUI

/// The app: one `AppModel` (PlyKit) for the process, also used by the background sync task. The
/// core starts off the main thread; the first frame shows its progress or why it failed.
@main
@MainActor
struct PlyApp: App {
    @State private var app: AppModel
    @Environment(\.scenePhase) private var phase

    init() {
        let services = PlatformServices.apple()
        let factory = CoreStart.factory(for: .main, device: services.device, tokens: services.tokens)
        let model = AppModel(services: services, factory: factory)
        // Registered before launch ends, on this same model: no second core for the task.
        AppleTaskScheduler.register(model)
        model.start()
        _app = State(initialValue: model)
    }

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(app)
        }
        // initial: the phase the app launches in counts too.
        .onChange(of: phase, initial: true) { _, now in
            app.sceneChanged(to: now.core)
        }
    }
}

extension SwiftUI.ScenePhase {
    /// SwiftUI's phase as the core's (a future phase reads as the background, where nothing runs).
    var core: CoreScenePhase {
        switch self {
        case .active: return .active
        case .inactive: return .inactive
        case .background: return .background
        @unknown default: return .background
        }
    }
}

/// The core starting, its error, or the tabs.
struct RootView: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        switch app.state {
        case .starting:
            ProgressView()
        case let .failed(reason):
            StartFailedView(reason: reason) { app.start() }
        case .ready:
            if let view = app.view {
                Tabs(view: view)
            } else {
                ProgressView()
            }
        }
    }
}

/// The core did not start: why, in the core's words, and a way to try again.
struct StartFailedView: View {
    let reason: String
    let retry: () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text("Ply could not start").font(.title2.bold())
            Text(reason).font(.footnote).multilineTextAlignment(.center)
            Button("Try again", action: retry).buttonStyle(.borderedProminent)
        }
        .padding(24)
    }
}

/// The tabs: play (the core's home, board or after-game screen), history, settings. The core
/// says which tab is selected; picking one sends it, and nothing is closed.
struct Tabs: View {
    @Environment(AppModel.self) private var app
    let view: ViewModel

    var body: some View {
        TabView(selection: Binding(get: { view.tab }, set: { app.send(.navigation(.selectTab($0))) })) {
            NavigationStack { PlayScreen(view: view) }
                .tabItem { Label("Play", systemImage: "circle.grid.3x3.fill") }
                .tag(AppTab.play)
            NavigationStack {
                if case let .history(history) = view.screen { HistoryScreen(h: history) }
            }
                .tabItem { Label("History", systemImage: "clock") }
                .tag(AppTab.history)
            NavigationStack {
                if case let .settings(settings) = view.screen { SettingsScreen(s: settings) }
            }
                .tabItem { Label("Settings", systemImage: "gear") }
                .tag(AppTab.settings)
        }
        // The core's question (it decides when to ask, and keeps it across process death). The
        // buttons send the answer; the core then takes the question away. (The title is drawn
        // only while there is a question: the empty one never shows.)
        .alert(view.confirmation?.question ?? "",
               isPresented: Binding(get: { view.confirmation != nil }, set: { _ in }),
               presenting: view.confirmation) { confirm in
            Button(confirm.confirm, role: .destructive) { app.send(.confirmation(.accept)) }
            Button(confirm.cancel, role: .cancel) { app.send(.confirmation(.cancel)) }
        } message: { confirm in
            Text(confirm.detail)
        }
    }
}

/// The Play tab: the screen on top when it is one of home, board and after-game (the core's
/// `screen`); while another tab is on top, the Play tab is not seen and has nothing to draw.
struct PlayScreen: View {
    let view: ViewModel

    var body: some View {
        switch view.screen {
        case let .home(home): HomeScreen(home: home)
        case let .board(board): BoardScreen(board: board)
        case let .afterGame(after): AfterGameScreen(game: after)
        case .history, .settings: EmptyView()
        }
    }
}
