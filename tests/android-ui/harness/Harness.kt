package dev.ply.uitest

import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import dev.ply.app.R
import dev.ply.app.ui.Announcement
import dev.ply.app.ui.LocalPlatformUi
import dev.ply.app.ui.PlatformUi
import dev.ply.app.ui.PlyRoot
import dev.ply.app.ui.PlyTheme
import dev.ply.app.ui.UiSources
import dev.ply.appcore.Cue
import dev.ply.appcore.Event
import dev.ply.appcore.PlatformEvent
import dev.ply.appcore.AfterGameView
import dev.ply.appcore.BoardView
import dev.ply.appcore.HistoryView
import dev.ply.appcore.HomeView
import dev.ply.appcore.Screen
import dev.ply.appcore.ScreenView
import dev.ply.appcore.SettingsView
import dev.ply.appcore.ViewModel
import dev.ply.appcore.WorkProgress
import dev.ply.ffi.AppCore
import dev.ply.shell.CoreHost
import dev.ply.shell.DeviceInfo
import dev.ply.shell.PlatformEffects
import dev.ply.shell.appConfig
import java.io.File
import java.nio.file.Files
import java.util.ArrayDeque
import java.util.concurrent.Executor
import javax.xml.parsers.DocumentBuilderFactory
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import org.w3c.dom.Element

/** The app's own texts of one language, read from the real res/values(-de)/strings.xml. */
class Strings(resDir: File, language: String) {
    private val texts: Map<String, String>

    init {
        val base = read(File(resDir, "values/strings.xml"))
        texts = if (language == "en") base else base + read(File(resDir, "values-$language/strings.xml"))
    }

    fun get(name: String): String = texts[name] ?: error("no string $name")

    private fun read(file: File): Map<String, String> {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file)
        val nodes = doc.documentElement.getElementsByTagName("string")
        return (0 until nodes.length).associate { i ->
            val e = nodes.item(i) as Element
            e.getAttribute("name") to unescape(e.textContent)
        }
    }

    /** Android's resource escapes (aapt2's reading: `\'`, `\"`, `\n`, `\t`, `\\`, `\@`, `\?`). */
    private fun unescape(s: String): String {
        val out = StringBuilder()
        var i = 0
        val t = s.trim().removeSurrounding("\"")
        while (i < t.length) {
            val c = t[i]
            if (c == '\\' && i + 1 < t.length) {
                out.append(when (val n = t[i + 1]) { 'n' -> '\n'; 't' -> '\t'; else -> n })
                i += 2
            } else {
                out.append(c)
                i++
            }
        }
        return out.toString()
    }
}

/** The screens' platform calls on the JVM: the real strings; share and back recorded. */
class JvmPlatformUi(private val strings: Strings) : PlatformUi {
    val shared = mutableListOf<String>()
    var backEnabled = false
        private set
    private var onBack: (() -> Unit)? = null

    @Composable
    override fun text(id: Int, args: List<Any>): String {
        val name = R.stringNames[id - 0x7f100000]
        val s = strings.get(name)
        return if (args.isEmpty()) s else String.format(s, *args.toTypedArray())
    }

    override fun share(text: String, title: String) {
        shared += text
    }

    @Composable
    override fun BackHandler(enabled: Boolean, onBack: () -> Unit) {
        backEnabled = enabled
        this.onBack = onBack
    }

    /** The system's back: true when the app handled it (false: it would leave the app). */
    fun pressBack(): Boolean {
        val b = onBack
        if (!backEnabled || b == null) return false
        b()
        return true
    }
}

/** A fake main thread: the core's posted effects wait here until [drain]. */
class MainQueue : Executor {
    private val tasks = ArrayDeque<Runnable>()
    override fun execute(command: Runnable) {
        synchronized(tasks) { tasks.add(command) }
    }

    fun drain(): Int {
        var n = 0
        while (true) {
            val t = synchronized(tasks) { tasks.poll() } ?: return n
            t.run()
            n++
        }
    }
}

/**
 * The app's platform on the JVM, as `AndroidPlatform` does it: a render reads `view()`, a tick
 * `progressView()`, an announcement counts up; the rest is recorded.
 */
class JvmPlatform : PlatformEffects, UiSources {
    lateinit var hostRef: CoreHost
    override val host = MutableStateFlow<CoreHost.State>(CoreHost.State.Starting)
    override val view = MutableStateFlow<ViewModel?>(null)
    override val progress = MutableStateFlow<WorkProgress?>(null)
    override val announcement = MutableStateFlow<Announcement?>(null)
    val cues = mutableListOf<Cue>()
    var renders = 0
        private set
    var ticks = 0
        private set

    override fun render() {
        renders++
        progress.value = null
        view.value = hostRef.core?.view()
    }

    override fun renderProgress() {
        ticks++
        progress.value = hostRef.core?.progressView()
    }

    override fun saveUiState(blob: String) {}
    override fun scheduleSync(notBeforeMs: Long, meteredOk: Boolean) {}
    override fun storeToken(token: String?) {}
    override fun cue(cue: Cue) {
        cues += cue
    }

    override fun announce(text: String) {
        announcement.value = Announcement(text, (announcement.value?.seq ?: 0L) + 1)
    }
}

/**
 * One app session on the JVM: the real `AppCore` (through the generated bindings and JNA) in a
 * fresh data directory, started by the shell's `CoreHost` as the app starts it.
 */
class Session(languages: List<String> = listOf("en"), dataDir: File? = null) : AutoCloseable {
    val dir: File = dataDir ?: Files.createTempDirectory("ply-ui").toFile()
    val main = MainQueue()
    val platform = JvmPlatform()
    var languages = languages
        private set
    val host = CoreHost(Executor { it.run() }, main, platform) { this.languages }

    init {
        platform.hostRef = host
        host.observe { platform.host.value = it }
        host.start(
            create = { shell -> AppCore.start(appConfig(dir.absolutePath, "ui-test", DEVICE, null), shell, null) },
            first = { listOf(Event.Platform(PlatformEvent.Accessibility(false)), Event.Platform(PlatformEvent.Languages(this.languages)), Event.Platform(PlatformEvent.ScreenShown)) },
        )
        main.drain()
    }

    val core: AppCore get() = host.core ?: error("the core did not start: ${host.state}")
    val vm: ViewModel get() = platform.view.value ?: error("no view model")

    fun send(e: Event) {
        host.send(e)
        main.drain()
    }

    fun language(vararg tags: String) {
        languages = tags.toList()
        send(Event.Platform(PlatformEvent.Languages(languages)))
    }

    /** Waits for the core's work (the computer's move, a hint, a review) and performs its effects. */
    fun settle(timeoutMs: Long = 120_000) {
        val end = System.currentTimeMillis() + timeoutMs
        do {
            // A review of a whole game takes a while; a hang still ends here.
            while (!core.waitIdle(1_000uL)) {
                check(System.currentTimeMillis() < end) { "the core stayed busy for $timeoutMs ms" }
                main.drain()
            }
            Thread.sleep(20)
        } while (main.drain() > 0 && System.currentTimeMillis() < end)
    }

    /** Performs posted effects until [done] (polling), or fails after [timeoutMs]. */
    fun until(timeoutMs: Long = 30_000, done: () -> Boolean) {
        val end = System.currentTimeMillis() + timeoutMs
        while (!done()) {
            check(System.currentTimeMillis() < end) { "timed out waiting" }
            Thread.sleep(10)
            main.drain()
        }
    }

    override fun close() {
        runCatching { host.core?.waitIdle(30_000uL) }
        host.core?.destroy()
        dir.deleteRecursively()
    }

    companion object {
        val DEVICE = DeviceInfo(4L shl 30, 2L shl 30, 4)
        val RES = File(System.getProperty("ply.res", "android/app/src/main/res"))
    }
}

/** The app's whole UI as MainActivity draws it, with the JVM's platform calls. */
@Composable
fun App(session: Session, ui: PlatformUi, dark: Boolean, send: (Event) -> Unit = session::send) {
    CompositionLocalProvider(LocalPlatformUi provides ui) {
        PlyTheme(dark = dark) { PlyRoot(session.platform, send, onRetry = {}) }
    }
}

// What the tests read of the screen drawn: its model when it is that screen (the app switches over
// `screen` instead), and which screen it is.
val ViewModel.home: HomeView? get() = (screen as? ScreenView.Home)?.home
val ViewModel.board: BoardView? get() = (screen as? ScreenView.Board)?.board
val ViewModel.afterGame: AfterGameView? get() = (screen as? ScreenView.AfterGame)?.afterGame
val ViewModel.history: HistoryView? get() = (screen as? ScreenView.History)?.history
val ViewModel.settings: SettingsView? get() = (screen as? ScreenView.Settings)?.settings
val ViewModel.drawn: Screen get() = when (screen) {
    is ScreenView.Home -> Screen.HOME
    is ScreenView.Board -> Screen.BOARD
    is ScreenView.AfterGame -> Screen.AFTER_GAME
    is ScreenView.History -> Screen.HISTORY
    is ScreenView.Settings -> Screen.SETTINGS
}
