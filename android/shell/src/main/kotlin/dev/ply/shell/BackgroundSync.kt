package dev.ply.shell

import dev.ply.core.SyncResult

/**
 * The WorkManager side of the core's `ScheduleSync`: one unique work, enqueued with
 * `ExistingWorkPolicy.KEEP` (a pending run sends the whole outbox, so a second request would
 * only chain another worker behind it), and a worker that tries at most [MAX_ATTEMPTS] times.
 * What to send, and whether the network allows it, is the core's decision (`backgroundSync`).
 */
object BackgroundSync {
    /** The unique work of a sync that may use any network. */
    const val UNIQUE_WORK = "ply-sync"

    /** The unique work of a sync that waits for an unmetered network. */
    const val UNIQUE_WORK_UNMETERED = "ply-sync-unmetered"

    /**
     * The unique work to enqueue for [meteredOk], and the one to cancel. One name per network
     * constraint: `KEEP` on a single name kept a pending request's UNMETERED constraint after the
     * person allowed metered networks. Cancelling the other is safe even while it runs: the
     * collector stores every record once, so an interrupted upload is only sent again.
     */
    fun uniqueWork(meteredOk: Boolean): Pair<String, String> =
        if (meteredOk) UNIQUE_WORK to UNIQUE_WORK_UNMETERED else UNIQUE_WORK_UNMETERED to UNIQUE_WORK

    /** Runs of one work request, the first included (WorkManager's `runAttemptCount` + 1). */
    const val MAX_ATTEMPTS = 6

    /**
     * WorkManager's exponential backoff starts here: the core's own backoff (30 s doubling, full
     * jitter under that ceiling), so after n failures the retry comes no earlier than the core's
     * next attempt time. Six attempts span about half an hour; after them the core schedules
     * again at its next event (a finished game, going to the background, the network back).
     */
    const val BACKOFF_SECONDS = 30L

    enum class Outcome { SUCCESS, RETRY, FAILURE }

    /**
     * What the worker returns after `AppCore.backgroundSync()` gave [result] on run
     * [runAttemptCount] (0 for the first): nothing to send or everything handled is a success;
     * records left (or a problem) retry until the cap, then fail.
     */
    fun outcome(result: SyncResult?, runAttemptCount: Int): Outcome {
        if (result == null) return Outcome.SUCCESS
        val left = result.remaining > 0uL || result.problem != null
        return when {
            !left -> Outcome.SUCCESS
            runAttemptCount + 1 >= MAX_ATTEMPTS -> Outcome.FAILURE
            else -> Outcome.RETRY
        }
    }

    /** The work request's initial delay for the core's [notBeforeMs] (unix ms) at [nowMs]. */
    fun initialDelayMs(notBeforeMs: Long, nowMs: Long): Long = (notBeforeMs - nowMs).coerceAtLeast(0)
}
