package dev.ply.shell

import dev.ply.core.ClientPlatform
import dev.ply.core.HttpTransport
import dev.ply.core.Outbox
import dev.ply.core.PlyException
import dev.ply.core.SyncOutcome
import dev.ply.core.SyncSummary
import dev.ply.core.registerDevice
import dev.ply.core.syncNow
import dev.ply.core.syncWhenDue

/** The user's sync settings (the settings screen edits them; the app keeps them in preferences). */
data class SyncSettings(val enabled: Boolean = false, val serverUrl: String = "")

/** Why a sync run starts: it decides whether the core's backoff is respected. */
enum class SyncTrigger {
    /** A game just ended (one-time work): send now, connectivity is guaranteed by the constraint. */
    GAME_FINISHED,

    /** The periodic work: respects the core's backoff after failures. */
    PERIODIC,
}

/** What the worker returns to WorkManager. */
enum class WorkResult { SUCCESS, RETRY, FAILURE }

/** Whether to enqueue work now, and why not. */
sealed class SyncDecision {
    data object Enqueue : SyncDecision()
    data class Skip(val reason: String) : SyncDecision()
}

/**
 * When the app syncs (the core decides what): one-time work when a game ends, periodic work
 * every [PERIODIC_INTERVAL_HOURS]; nothing while sync is off or the server URL is invalid; after
 * a failure the core's next-attempt time wins over WorkManager's own backoff.
 */
object SyncPolicy {
    const val PERIODIC_INTERVAL_HOURS = 6L
    /** First WorkManager backoff delay (it doubles each retry, up to WorkManager's 5 h cap). */
    const val BACKOFF_INITIAL_SECONDS = 30L
    const val UNIQUE_NOW = "ply-sync-now"
    const val UNIQUE_PERIODIC = "ply-sync-periodic"

    fun onGameFinished(settings: SyncSettings, pending: Long): SyncDecision = when {
        !settings.enabled -> SyncDecision.Skip("sync is off")
        !SettingsValidation.serverUrl(settings.serverUrl).isOk -> SyncDecision.Skip("no valid server address")
        pending <= 0 -> SyncDecision.Skip("nothing to send")
        else -> SyncDecision.Enqueue
    }

    /** Whether the periodic work should exist (the app cancels it otherwise). */
    fun periodic(settings: SyncSettings): SyncDecision = when {
        !settings.enabled -> SyncDecision.Skip("sync is off")
        !SettingsValidation.serverUrl(settings.serverUrl).isOk -> SyncDecision.Skip("no valid server address")
        else -> SyncDecision.Enqueue
    }

    /** The worker's result for a finished run. */
    fun afterRun(trigger: SyncTrigger, summary: SyncSummary): WorkResult = when (summary.outcome) {
        SyncOutcome.Done -> if (summary.remaining > 0uL && trigger == SyncTrigger.GAME_FINISHED) WorkResult.RETRY else WorkResult.SUCCESS
        is SyncOutcome.NotDue -> WorkResult.SUCCESS
        is SyncOutcome.RetryLater -> if (trigger == SyncTrigger.GAME_FINISHED) WorkResult.RETRY else WorkResult.SUCCESS
        SyncOutcome.NeedsRegistration -> WorkResult.FAILURE
    }

    /** How long to wait before retrying, by the core's backoff (null: none requested). */
    fun retryDelayMs(summary: SyncSummary, nowMs: Long): Long? =
        summary.nextAttemptAtMs?.toLong()?.minus(nowMs)?.coerceAtLeast(0)
}

/** Where the app keeps the bearer token (Android: encrypted or private preferences). */
interface TokenStore {
    fun token(): String?
    fun save(token: String?)
}

/** What one sync run did, for the worker and the history screen. */
data class SyncRun(val result: WorkResult, val summary: SyncSummary?, val message: String)

/**
 * One sync run as the worker performs it: skips when off, registers the install when there is
 * no token (or the server refused it), uploads the outbox, and maps the outcome to a [WorkResult].
 */
class SyncRunner(
    private val outbox: Outbox,
    private val transport: HttpTransport,
    private val tokens: TokenStore,
    private val appVersion: String,
    private val platform: ClientPlatform = ClientPlatform.ANDROID,
) {
    fun run(settings: SyncSettings, trigger: SyncTrigger): SyncRun {
        if (!settings.enabled) return SyncRun(WorkResult.SUCCESS, null, "sync is off")
        val server = when (val v = SettingsValidation.serverUrl(settings.serverUrl)) {
            is Validated.Ok -> v.value
            is Validated.Invalid -> return SyncRun(WorkResult.FAILURE, null, v.error.message)
        }
        return try {
            if (outbox.pendingCount() == 0uL) return SyncRun(WorkResult.SUCCESS, null, "nothing to send")
            var summary = upload(server, trigger, tokens.token() ?: register(server))
            if (summary.outcome == SyncOutcome.NeedsRegistration) {
                tokens.save(null)
                summary = upload(server, trigger, register(server))
            }
            SyncRun(SyncPolicy.afterRun(trigger, summary), summary, describe(summary))
        } catch (e: PlyException) {
            // Registration failed (server down or refusing) or the outbox is unreadable.
            val result = if (e is PlyException.Storage) WorkResult.FAILURE else WorkResult.RETRY
            SyncRun(result, null, e.message ?: e.javaClass.simpleName)
        }
    }

    private fun register(server: String): String {
        val token = registerDevice(transport, server, platform, appVersion)
        tokens.save(token)
        return token
    }

    private fun upload(server: String, trigger: SyncTrigger, token: String): SyncSummary = when (trigger) {
        SyncTrigger.GAME_FINISHED -> syncNow(outbox, transport, server, token)
        SyncTrigger.PERIODIC -> syncWhenDue(outbox, transport, server, token)
    }

    companion object {
        fun describe(s: SyncSummary): String = when (val o = s.outcome) {
            SyncOutcome.Done -> "sent ${s.sent}: ${s.accepted} stored, ${s.duplicates} already there, " +
                "${s.rejected + s.rejectedLocally} rejected; ${s.remaining} waiting"
            is SyncOutcome.NotDue -> "waiting after a failure; ${s.remaining} games queued"
            is SyncOutcome.RetryLater -> "server unreachable (${o.reason}); ${s.remaining} games kept"
            SyncOutcome.NeedsRegistration -> "the server refused this install's token"
        }
    }
}
