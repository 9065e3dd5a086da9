package dev.ply.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.appcore.Event
import dev.ply.appcore.NavigationEvent
import dev.ply.appcore.ScreenView
import dev.ply.appcore.ViewModel
import dev.ply.shell.CoreHost

/**
 * The screen the core has on top, or the start's progress or error, from what the platform's
 * effects set in [sources]; every event goes to [send], and [onRetry] starts the core again after
 * a failed start. The platform's own calls come from [LocalPlatformUi], provided above this.
 */
@Composable
fun PlyRoot(sources: UiSources, send: Send, onRetry: () -> Unit) {
    val host by sources.host.collectAsState()
    val view by sources.view.collectAsState()
    val announcement by sources.announcement.collectAsState()
    // The ticks reach only the progress lines (Progress.kt), which collect them themselves.
    CompositionLocalProvider(LocalProgress provides sources.progress) {
        Surface(Modifier.fillMaxSize()) {
            Box(Modifier.fillMaxSize()) {
                when (val h = host) {
                    CoreHost.State.Starting -> Loading()
                    is CoreHost.State.Failed -> StartFailed(h.reason, onRetry = if (h.restartNeeded) null else onRetry)
                    is CoreHost.State.Ready -> view?.let { Screens(it, send) } ?: Loading()
                }
                // Over every screen, inside the safe area, so the live region is on screen.
                Announcer(announcement, Modifier.align(Alignment.TopStart).safeDrawingPadding())
            }
        }
    }
}

@Composable
private fun Screens(vm: ViewModel, send: Send) {
    // The core says where back goes; where it would leave the app, the system handles it.
    LocalPlatformUi.current.BackHandler(enabled = !vm.backLeavesApp) { send(Event.Navigation(NavigationEvent.Back)) }
    when (val screen = vm.screen) {
        is ScreenView.Home -> HomeScreen(screen.home, send)
        is ScreenView.Board -> BoardScreen(screen.board, send)
        is ScreenView.AfterGame -> AfterGameScreen(screen.afterGame, send)
        is ScreenView.History -> HistoryScreen(screen.history, send)
        is ScreenView.Settings -> SettingsScreen(screen.settings, send)
    }
    // The core decides when to ask and keeps the question (it survives process death).
    vm.confirmation?.let { ConfirmDialog(it, send) }
}

@Composable
private fun Loading() {
    Box(Modifier.fillMaxSize(), contentAlignment = Alignment.Center) { CircularProgressIndicator() }
}

/**
 * The core did not start: say why and offer to try again, instead of crashing at every launch; or,
 * without [onRetry] (the library cannot load again in this process), say to restart the app.
 */
@Composable
private fun StartFailed(reason: String?, onRetry: (() -> Unit)?) {
    Column(
        Modifier.fillMaxSize().safeDrawingPadding().padding(24.dp),
        verticalArrangement = Arrangement.spacedBy(16.dp, Alignment.CenterVertically),
        horizontalAlignment = Alignment.CenterHorizontally,
    ) {
        Heading(appText(R.string.start_failed_title), MaterialTheme.typography.headlineSmall)
        Text(appText(if (onRetry != null) R.string.start_failed_body else R.string.start_failed_restart))
        // The core's sentence, in the phone's language; none when the library did not load.
        reason?.let { Text(it, style = MaterialTheme.typography.bodySmall) }
        if (onRetry != null) Button(onClick = onRetry) { Text(appText(R.string.try_again)) }
    }
}
