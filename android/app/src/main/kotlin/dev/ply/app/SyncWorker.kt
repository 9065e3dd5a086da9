package dev.ply.app

import android.content.Context
import androidx.work.BackoffPolicy
import androidx.work.Constraints
import androidx.work.CoroutineWorker
import androidx.work.ExistingPeriodicWorkPolicy
import androidx.work.ExistingWorkPolicy
import androidx.work.NetworkType
import androidx.work.OneTimeWorkRequestBuilder
import androidx.work.PeriodicWorkRequestBuilder
import androidx.work.WorkManager
import androidx.work.WorkerParameters
import androidx.work.workDataOf
import dev.ply.shell.HttpUrlConnectionTransport
import dev.ply.shell.SyncDecision
import dev.ply.shell.SyncPolicy
import dev.ply.shell.SyncRunner
import dev.ply.shell.SyncSettings
import dev.ply.shell.SyncTrigger
import dev.ply.shell.WorkResult
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.withContext
import java.util.concurrent.TimeUnit

/** Uploads the outbox: the shell's [SyncRunner] decides what happens; this is only the glue. */
class SyncWorker(context: Context, params: WorkerParameters) : CoroutineWorker(context, params) {
    override suspend fun doWork(): Result = withContext(Dispatchers.IO) {
        val app = applicationContext as PlyApplication
        val trigger = inputData.getString(KEY_TRIGGER)?.let { runCatching { SyncTrigger.valueOf(it) }.getOrNull() }
            ?: SyncTrigger.PERIODIC
        val runner = SyncRunner(
            app.outbox, HttpUrlConnectionTransport(userAgent = "Ply/${BuildConfig.VERSION_NAME}"), app.store,
            BuildConfig.VERSION_NAME,
        )
        when (runner.run(app.store.sync(), trigger).result) {
            WorkResult.SUCCESS -> Result.success()
            // A one-off upload gives up after MAX_ATTEMPTS (the periodic work takes over);
            // the periodic work itself retries at its next period.
            WorkResult.RETRY ->
                if (trigger != SyncTrigger.PERIODIC && runAttemptCount + 1 >= MAX_ATTEMPTS) Result.failure() else Result.retry()
            WorkResult.FAILURE -> Result.failure()
        }
    }

    companion object {
        const val KEY_TRIGGER = "trigger"

        /** With exponential backoff from [SyncPolicy.BACKOFF_INITIAL_SECONDS], about two hours. */
        const val MAX_ATTEMPTS = 8
    }
}

/** Enqueues the sync work as [SyncPolicy] decides. */
object SyncScheduler {
    private val constraints = Constraints.Builder().setRequiredNetworkType(NetworkType.CONNECTED).build()

    /** A game ended: sync as soon as there is a network. */
    fun gameFinished(context: Context, settings: SyncSettings, pending: Long) {
        if (SyncPolicy.onGameFinished(settings, pending) != SyncDecision.Enqueue) return
        val request = OneTimeWorkRequestBuilder<SyncWorker>()
            .setConstraints(constraints)
            .setBackoffCriteria(BackoffPolicy.EXPONENTIAL, SyncPolicy.BACKOFF_INITIAL_SECONDS, TimeUnit.SECONDS)
            .setInputData(workDataOf(SyncWorker.KEY_TRIGGER to SyncTrigger.GAME_FINISHED.name))
            .build()
        // KEEP: one pending upload sends the whole outbox, so a second request would only chain
        // another worker behind it. A game that ends while an upload runs waits for the next
        // game or the periodic sync.
        WorkManager.getInstance(context).enqueueUniqueWork(SyncPolicy.UNIQUE_NOW, ExistingWorkPolicy.KEEP, request)
    }

    /** Starts or stops the periodic work to match the settings. */
    fun updatePeriodic(context: Context, settings: SyncSettings) {
        val wm = WorkManager.getInstance(context)
        if (SyncPolicy.periodic(settings) != SyncDecision.Enqueue) {
            wm.cancelUniqueWork(SyncPolicy.UNIQUE_PERIODIC)
            return
        }
        val request = PeriodicWorkRequestBuilder<SyncWorker>(SyncPolicy.PERIODIC_INTERVAL_HOURS, TimeUnit.HOURS)
            .setConstraints(constraints)
            .setBackoffCriteria(BackoffPolicy.EXPONENTIAL, SyncPolicy.BACKOFF_INITIAL_SECONDS, TimeUnit.SECONDS)
            .setInputData(workDataOf(SyncWorker.KEY_TRIGGER to SyncTrigger.PERIODIC.name))
            .build()
        wm.enqueueUniquePeriodicWork(SyncPolicy.UNIQUE_PERIODIC, ExistingPeriodicWorkPolicy.UPDATE, request)
    }
}
