package dev.ply.shell

import dev.ply.appcore.Cue
import dev.ply.appcore.Effect
import dev.ply.ffi.AppShell

/**
 * What Android does for the app core's effects. The app implements it with Android APIs
 * (WorkManager, haptic feedback, TalkBack announcements, SharedPreferences); the tests record the
 * calls. Every method is called on the main thread.
 */
interface PlatformEffects {
    /** Re-read the view models (`AppCore.view()`) and redraw. */
    fun render()

    /**
     * Re-read only the search's or the review's progress (`AppCore.progressView()`, a tick every
     * 100 ms while the computer thinks) and redraw just that line: the board's cells stay as the
     * last [render] drew them.
     */
    fun renderProgress()

    /** Keep this blob (the core's UI state) and send it back with `PlatformEvent.RestoreUi` at the next start. */
    fun saveUiState(blob: String)

    /**
     * Ask WorkManager for a background sync (unique work, `ExistingWorkPolicy.REPLACE`) that runs no
     * earlier than [notBeforeMs] (unix ms): the core's time, never a default of the shell; on any
     * connection if [meteredOk], else on an unmetered one (the person's setting, as the core says).
     */
    fun scheduleSync(notBeforeMs: Long, meteredOk: Boolean)

    /** Keep the collector token sealed in the app's private storage (`null`: forget it). */
    fun storeToken(token: String?)

    /** A haptic cue (the core sends them only while the person's haptics setting is on). */
    fun cue(cue: Cue)

    /** Speak this for TalkBack. */
    fun announce(text: String)
}

/**
 * Performs the core's effects in order, on the main thread, each as given: the core already
 * sends at most one `Render` a batch (last, and only when the view model changed) and at most one
 * `SaveUiState`, and never a progress redraw beside a render, so the shell chooses none of them.
 */
object EffectExecutor {
    fun perform(effects: List<Effect>, platform: PlatformEffects) {
        for (effect in effects) {
            when (effect) {
                is Effect.Render -> platform.render()
                is Effect.RenderProgress -> platform.renderProgress()
                is Effect.SaveUiState -> platform.saveUiState(effect.v1)
                is Effect.ScheduleSync -> platform.scheduleSync(millis(effect.notBeforeMs), effect.meteredOk)
                is Effect.StoreToken -> platform.storeToken(effect.v1)
                is Effect.Cue -> platform.cue(effect.v1)
                is Effect.Announce -> platform.announce(effect.v1)
            }
        }
    }

    /** A unix time in ms from the core as a `Long` (saturating; the core never sends more). */
    fun millis(ms: ULong): Long = if (ms > Long.MAX_VALUE.toULong()) Long.MAX_VALUE else ms.toLong()
}

/**
 * The core's [AppShell]: the effects of the core's finished work (a computer move, a search's
 * progress, a write, a sync run) arrive on the core's worker threads; [post] hands them to the
 * main thread (the app: `Handler(Looper.getMainLooper())::post`), where [perform] runs them in
 * order. Never blocks the calling thread. (During the WorkManager worker's own run the core asks
 * for no `ScheduleSync`: the run's outcome tells WorkManager whether to run again.)
 */
class PostingShell(
    private val post: (Runnable) -> Unit,
    private val perform: (List<Effect>) -> Unit,
) : AppShell {
    override fun effects(effects: List<Effect>) {
        if (effects.isEmpty()) return
        post(Runnable { perform(effects) })
    }
}
