package dev.ply.app

import android.content.Context
import android.os.Build
import android.view.HapticFeedbackConstants
import android.view.View
import dev.ply.app.ui.Announcement
import dev.ply.app.ui.UiSources
import dev.ply.appcore.Cue
import dev.ply.appcore.WorkProgress
import dev.ply.appcore.ViewModel
import dev.ply.shell.CoreHost
import dev.ply.shell.PlatformEffects
import dev.ply.shell.SealedTokenStore
import dev.ply.shell.SecretSlot
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow

/**
 * The core's effects with Android APIs (called on the main thread by the shell's
 * `EffectExecutor`), and what the UI draws: the host's state and the core's view model.
 */
class AndroidPlatform(private val app: PlyApplication) : PlatformEffects, UiSources {
    private val ui = app.getSharedPreferences("ply_ui", Context.MODE_PRIVATE)
    private val secret = app.getSharedPreferences("ply_secret", Context.MODE_PRIVATE)

    /** The collector token, sealed under an Android Keystore key; the file is excluded from backup. */
    val tokens = SealedTokenStore(
        object : SecretSlot {
            override fun read(): String? = secret.getString("sealed_token", null)
            override fun write(value: String?) {
                secret.edit().putString("sealed_token", value).apply()
            }
        },
        ::tokenKey,
    )

    private val _host = MutableStateFlow<CoreHost.State>(CoreHost.State.Starting)
    override val host: StateFlow<CoreHost.State> = _host

    private val _view = MutableStateFlow<ViewModel?>(null)

    /** The screen on top and its view model, as the core says (null until the core is up). */
    override val view: StateFlow<ViewModel?> = _view

    private val _progress = MutableStateFlow<WorkProgress?>(null)

    /**
     * The search's or review's progress as the last tick read it (`Effect.RenderProgress`); null
     * once a render has come since, which carries it too.
     */
    override val progress: StateFlow<WorkProgress?> = _progress

    private val _announcement = MutableStateFlow<Announcement?>(null)

    /** The core's last announcement, which `ui/Announcer.kt`'s live region speaks. */
    override val announcement: StateFlow<Announcement?> = _announcement

    /** The activity's window, for haptics while it is shown. */
    private var window: View? = null

    fun attach(view: View) {
        window = view
    }

    fun detach(view: View) {
        if (window === view) window = null
    }

    fun onHostState(state: CoreHost.State) {
        _host.value = state
        if (state is CoreHost.State.Ready) render()
    }

    /** The last saved UI state (read on the core's start thread: the first read loads the file). */
    fun savedUiState(): String? = ui.getString(KEY_UI, null)

    override fun render() {
        _progress.value = null
        _view.value = app.host.core?.view()
    }

    override fun renderProgress() {
        _progress.value = app.host.core?.progressView()
    }

    override fun saveUiState(blob: String) {
        // apply(): the file is written off the main thread.
        ui.edit().putString(KEY_UI, blob).apply()
    }

    override fun scheduleSync(notBeforeMs: Long, meteredOk: Boolean) {
        SyncScheduler.schedule(app, notBeforeMs, meteredOk)
    }

    override fun storeToken(token: String?) {
        // Sealing goes through the Keystore: off the main thread, in order.
        app.io.execute { tokens.save(token) }
    }

    override fun cue(cue: Cue) {
        val v = window ?: return
        val modern = Build.VERSION.SDK_INT >= Build.VERSION_CODES.R
        val constant = when (cue) {
            Cue.MOVE -> HapticFeedbackConstants.CLOCK_TICK
            Cue.REFUSED -> if (modern) HapticFeedbackConstants.REJECT else HapticFeedbackConstants.LONG_PRESS
            Cue.GAME_OVER -> if (modern) HapticFeedbackConstants.CONFIRM else HapticFeedbackConstants.LONG_PRESS
        }
        v.performHapticFeedback(constant)
    }

    override fun announce(text: String) {
        _announcement.value = Announcement(text, (_announcement.value?.seq ?: 0L) + 1)
    }

    private companion object {
        const val KEY_UI = "ui_state"
    }
}
