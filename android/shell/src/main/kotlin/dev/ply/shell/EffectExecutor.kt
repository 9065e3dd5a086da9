package dev.ply.shell

import dev.ply.core.AppShell
import dev.ply.core.Cue
import dev.ply.core.Effect

/**
 * What Android does for the app core's effects. The app implements it with Android APIs
 * (WorkManager, haptic feedback, TalkBack announcements, SharedPreferences); the tests record the
 * calls. Every method is called on the main thread.
 */
interface PlatformEffects {
    /** Re-read the view models (`AppCore.view()`) and redraw. */
    fun render()

    /** Keep this blob (the core's UI state) and send it back with `Event.RestoreUi` at the next start. */
    fun saveUiState(blob: String)

    /**
     * Ask WorkManager for a background sync (unique work, `ExistingWorkPolicy.KEEP`) that runs no
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

/** Performs the core's effects in order, on the main thread. */
object EffectExecutor {
    fun perform(effects: List<Effect>, platform: PlatformEffects) {
        // Several renders in one batch draw once, after the other effects; of several saved UI
        // states only the last matters (each replaces the one before).
        var render = false
        val lastSave = effects.indexOfLast { it is Effect.SaveUiState }
        for ((i, effect) in effects.withIndex()) {
            when (effect) {
                is Effect.Render -> render = true
                is Effect.SaveUiState -> if (i == lastSave) platform.saveUiState(effect.v1)
                is Effect.ScheduleSync -> platform.scheduleSync(millis(effect.notBeforeMs), effect.meteredOk)
                is Effect.StoreToken -> platform.storeToken(effect.v1)
                is Effect.Cue -> platform.cue(effect.v1)
                is Effect.Announce -> platform.announce(effect.v1)
            }
        }
        if (render) platform.render()
    }

    /** A unix time in ms from the core as a `Long` (saturating; the core never sends more). */
    fun millis(ms: ULong): Long = if (ms > Long.MAX_VALUE.toULong()) Long.MAX_VALUE else ms.toLong()
}

/**
 * The core's [AppShell]: the effects of the core's finished work (a computer move, a search's
 * progress, a write, a sync run) arrive on the core's worker threads; [post] hands them to the
 * main thread (the app: `Handler(Looper.getMainLooper())::post`), where [perform] runs them in
 * order. Never blocks the calling thread.
 *
 * The effects of a background sync run made through [backgroundSync] arrive on the WorkManager
 * worker's own thread, while the worker runs: their `ScheduleSync` is left out, because the worker
 * itself decides about the next attempt (`Result.retry()` under [BackgroundSync.MAX_ATTEMPTS]) and
 * `KEEP` would drop a request made while the work is running anyway.
 */
class PostingShell(
    private val post: (Runnable) -> Unit,
    private val perform: (List<Effect>) -> Unit,
) : AppShell {
    private val inBackgroundSync = ThreadLocal<Boolean>()

    override fun effects(effects: List<Effect>) {
        val kept = if (inBackgroundSync.get() == true) effects.filterNot { it is Effect.ScheduleSync } else effects
        if (kept.isEmpty()) return
        post(Runnable { perform(kept) })
    }

    /** `AppCore.backgroundSync()` on the calling thread (the worker's), marked as a background run. */
    fun <T> backgroundSync(run: () -> T): T {
        inBackgroundSync.set(true)
        try {
            return run()
        } finally {
            inBackgroundSync.remove()
        }
    }
}
