package dev.ply.app

import android.content.Context
import androidx.work.BackoffPolicy
import androidx.work.Constraints
import androidx.work.ExistingWorkPolicy
import androidx.work.NetworkType
import androidx.work.OneTimeWorkRequestBuilder
import androidx.work.WorkManager
import androidx.work.Worker
import androidx.work.WorkerParameters
import dev.ply.appcore.BackgroundOutcome
import dev.ply.ffi.AppCore
import dev.ply.ffi.syncWorkerPolicy
import dev.ply.shell.BackgroundSync
import java.util.concurrent.TimeUnit

/**
 * One background sync run of the app core (`AppCore.backgroundSync`, blocking, on WorkManager's
 * background thread). The core learns the result itself and sends its token and view effects
 * through the shell; this worker only hands WorkManager the core's outcome
 * ([BackgroundSync.outcome]). A plain [Worker], not a `CoroutineWorker`: its [onStopped] can be
 * overridden, and a blocking native call cannot be cancelled as a coroutine is.
 */
class SyncWorker(context: Context, params: WorkerParameters) : Worker(context, params) {
    @Volatile private var core: AppCore? = null

    override fun doWork(): Result {
        val app = applicationContext as PlyApplication
        // A process started for this work starts the core first (off the main thread).
        // The wait and the outcomes around the run are the core's (`syncWorkerPolicy()`).
        val policy = syncWorkerPolicy()
        val core = app.host.awaitCore(policy.startTimeoutMs.toLong()) ?: return result(policy.coreNotStarted)
        this.core = core
        if (isStopped) return result(policy.stoppedBeforeRun)
        return result(core.backgroundSync())
    }

    private fun result(outcome: BackgroundOutcome): Result = when (BackgroundSync.outcome(outcome)) {
        BackgroundSync.Outcome.SUCCESS -> Result.success()
        BackgroundSync.Outcome.RETRY -> Result.retry()
        BackgroundSync.Outcome.FAILURE -> Result.failure()
    }

    /**
     * WorkManager ends the work (constraints lost, the system's time up, the work cancelled): the
     * run sends no further request, keeps what it has not sent in the outbox and returns soon.
     * WorkManager ignores this worker's result from now on and runs the work again by its own
     * rules, so the outcome `cancelBackgroundSync` returns (for iOS) is not needed here.
     */
    override fun onStopped() {
        core?.cancelBackgroundSync()
    }
}

/** Enqueues the sync work at the core's time (the `ScheduleSync` effect). */
object SyncScheduler {
    fun schedule(context: Context, notBeforeMs: Long, meteredOk: Boolean) {
        val network = if (meteredOk) NetworkType.CONNECTED else NetworkType.UNMETERED
        val request = OneTimeWorkRequestBuilder<SyncWorker>()
            .setInitialDelay(BackgroundSync.initialDelayMs(notBeforeMs, System.currentTimeMillis()), TimeUnit.MILLISECONDS)
            .setConstraints(Constraints.Builder().setRequiredNetworkType(network).build())
            .setBackoffCriteria(BackoffPolicy.EXPONENTIAL, syncWorkerPolicy().backoffBaseSeconds.toLong(), TimeUnit.SECONDS)
            .build()
        // The core's newest request replaces the one waiting (BackgroundSync: why REPLACE).
        val workManager = WorkManager.getInstance(context)
        BackgroundSync.RETIRED_WORK.forEach { workManager.cancelUniqueWork(it) }
        workManager.enqueueUniqueWork(BackgroundSync.UNIQUE_WORK, ExistingWorkPolicy.REPLACE, request)
    }
}
