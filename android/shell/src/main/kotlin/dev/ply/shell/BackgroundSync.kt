package dev.ply.shell

import dev.ply.core.BackgroundOutcome

/**
 * The WorkManager side of the core's `ScheduleSync`: one unique work, enqueued with
 * `ExistingWorkPolicy.KEEP` (a pending run sends the whole outbox, so a second request would
 * only chain another worker behind it), and the worker's result, translated from the core's
 * [BackgroundOutcome]. What to send, when to run again, how often, and what success is, are the
 * core's decisions (`AppCore.backgroundSync`); WorkManager's backoff starts at the core's
 * (`syncRetryBaseSeconds()`).
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

    /** WorkManager's three results (`Result.success()`, `retry()`, `failure()`). */
    enum class Outcome { SUCCESS, RETRY, FAILURE }

    /**
     * The worker's result for the core's [outcome]. `RetryAfter`'s seconds are not WorkManager's
     * to take (its delay is its exponential backoff): a run before the core's time sends nothing
     * and says when again.
     */
    fun outcome(outcome: BackgroundOutcome): Outcome = when (outcome) {
        is BackgroundOutcome.Done -> Outcome.SUCCESS
        is BackgroundOutcome.RetryAfter -> Outcome.RETRY
        is BackgroundOutcome.GiveUp -> Outcome.FAILURE
    }

    /** The work request's initial delay for the core's [notBeforeMs] (unix ms) at [nowMs]. */
    fun initialDelayMs(notBeforeMs: Long, nowMs: Long): Long = (notBeforeMs - nowMs).coerceAtLeast(0)
}
