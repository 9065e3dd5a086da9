package dev.ply.shell

import dev.ply.appcore.BackgroundOutcome

/**
 * The WorkManager side of the core's `ScheduleSync`: one unique work, and the worker's result
 * translated from the core's [BackgroundOutcome]. What to send, when to run again, how often, and
 * what success is, are the core's decisions (`AppCore.backgroundSync`); WorkManager's backoff
 * starts at the core's (`syncWorkerPolicy().backoffBaseSeconds`).
 *
 * Each `ScheduleSync` replaces the request before it (`ExistingWorkPolicy.REPLACE`): the core's
 * newest time and network rule are the ones that hold. `KEEP` kept an older request waiting and
 * dropped the newer one, so a sync the core wanted sooner (or on any network, once the person
 * allowed metered ones) waited for the old delay and constraint. Replacing never cancels the
 * run that is sending: while the worker's own run is under way the core asks for no
 * `ScheduleSync` (its outcome says whether to run again), and a run cancelled by anything else
 * keeps what it did not send in the outbox (`app/tests/background_run.rs`).
 */
object BackgroundSync {
    /** The unique work of the background sync. */
    const val UNIQUE_WORK = "ply-sync"

    /**
     * Unique work names of earlier builds (one per network constraint, with `KEEP`), cancelled
     * with every schedule so that no request of an older install outlives the update.
     */
    val RETIRED_WORK: List<String> = listOf("ply-sync-unmetered")

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
