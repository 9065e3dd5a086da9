package dev.ply.app

import android.content.Context
import androidx.work.BackoffPolicy
import androidx.work.Constraints
import androidx.work.CoroutineWorker
import androidx.work.ExistingWorkPolicy
import androidx.work.NetworkType
import androidx.work.OneTimeWorkRequestBuilder
import androidx.work.WorkManager
import androidx.work.WorkerParameters
import dev.ply.core.syncRetryBaseSeconds
import dev.ply.shell.BackgroundSync
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.withContext
import java.util.concurrent.TimeUnit

/**
 * One background sync run of the app core (`AppCore.backgroundSync`, blocking, on an I/O
 * thread). The core learns the result itself and sends its token and view effects through the
 * shell; this worker only hands WorkManager the core's outcome ([BackgroundSync.outcome]).
 */
class SyncWorker(context: Context, params: WorkerParameters) : CoroutineWorker(context, params) {
    override suspend fun doWork(): Result = withContext(Dispatchers.IO) {
        val app = applicationContext as PlyApplication
        // A process started for this work starts the core first (off the main thread).
        val core = app.host.awaitCore(START_TIMEOUT_MS) ?: return@withContext Result.failure()
        when (BackgroundSync.outcome(core.backgroundSync())) {
            BackgroundSync.Outcome.SUCCESS -> Result.success()
            BackgroundSync.Outcome.RETRY -> Result.retry()
            BackgroundSync.Outcome.FAILURE -> Result.failure()
        }
    }

    private companion object {
        const val START_TIMEOUT_MS = 30_000L
    }
}

/** Enqueues the sync work at the core's time (the `ScheduleSync` effect). */
object SyncScheduler {
    fun schedule(context: Context, notBeforeMs: Long, meteredOk: Boolean) {
        val network = if (meteredOk) NetworkType.CONNECTED else NetworkType.UNMETERED
        val request = OneTimeWorkRequestBuilder<SyncWorker>()
            .setInitialDelay(BackgroundSync.initialDelayMs(notBeforeMs, System.currentTimeMillis()), TimeUnit.MILLISECONDS)
            .setConstraints(Constraints.Builder().setRequiredNetworkType(network).build())
            .setBackoffCriteria(BackoffPolicy.EXPONENTIAL, syncRetryBaseSeconds().toLong(), TimeUnit.SECONDS)
            .build()
        // KEEP: a pending run sends the whole outbox; a second request would only queue behind it.
        // A request with the other network constraint is replaced (BackgroundSync.uniqueWork).
        val (name, other) = BackgroundSync.uniqueWork(meteredOk)
        val workManager = WorkManager.getInstance(context)
        workManager.cancelUniqueWork(other)
        workManager.enqueueUniqueWork(name, ExistingWorkPolicy.KEEP, request)
    }
}
