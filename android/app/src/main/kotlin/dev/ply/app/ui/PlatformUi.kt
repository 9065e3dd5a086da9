package dev.ply.app.ui

import androidx.compose.runtime.Composable
import androidx.compose.runtime.ProvidableCompositionLocal
import androidx.compose.runtime.staticCompositionLocalOf
import dev.ply.appcore.ViewModel
import dev.ply.appcore.WorkProgress
import dev.ply.shell.CoreHost
import kotlinx.coroutines.flow.StateFlow

/**
 * The few things the screens need from the platform, given once at the top ([LocalPlatformUi]):
 * `MainActivity` implements them with Android APIs (string resources, the activity's back
 * dispatcher, a share sheet), the JVM harness of `tests/android-ui.sh` with the same
 * `res/values*` strings read from their XML. Everything else a composable draws comes in as its
 * view model, and everything it does goes out through its `send`. Nothing in `ui/` imports an
 * Android class, so the same files compile for the phone and for the JVM check.
 */
interface PlatformUi {
    /** The app's own text of a string resource (`R.string.…`), in the app's language. */
    @Composable
    fun text(id: Int, args: List<Any>): String

    /** Offers [text] to other apps (Android's share sheet, titled [title]). */
    fun share(text: String, title: String)

    /** While [enabled], the system's back gesture or button calls [onBack] instead of leaving. */
    @Composable
    fun BackHandler(enabled: Boolean, onBack: () -> Unit)
}

val LocalPlatformUi: ProvidableCompositionLocal<PlatformUi> =
    staticCompositionLocalOf { error("no PlatformUi provided: wrap the UI in CompositionLocalProvider(LocalPlatformUi provides …)") }

/** The app's own text of a string resource (`R.string.…`), formatted with [args]. */
@Composable
fun appText(id: Int, vararg args: Any): String = LocalPlatformUi.current.text(id, args.toList())

/**
 * What the UI draws, each as the platform's effects last set it (on the main thread): the core's
 * start, the view model of its latest `Render`, the progress of its latest `RenderProgress` tick
 * (null once a render came after it) and its latest announcement.
 */
interface UiSources {
    val host: StateFlow<CoreHost.State>
    val view: StateFlow<ViewModel?>
    val progress: StateFlow<WorkProgress?>
    val announcement: StateFlow<Announcement?>
}

/** One announcement of the core; [seq] counts them, so a repeated text is a new announcement. */
data class Announcement(val text: String, val seq: Long)
