package dev.ply.shell

import dev.ply.appcore.Event
import dev.ply.ffi.PlyException
import dev.ply.ffi.AppCore
import dev.ply.ffi.startFailureReason
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executor
import java.util.concurrent.TimeUnit

/**
 * Owns the process's [AppCore]:
 * - starts it off the main thread ([start]: opening the data directory is disk I/O), and turns a
 *   failing start (the native library missing, a panic, an unreadable directory) into
 *   [State.Failed], which the app shows as an error screen instead of crashing at every launch:
 *   with "Try again" when another start can succeed, else saying the app must be restarted;
 * - sends events on the main thread ([send]) and performs their effects there; events sent
 *   while the core starts wait in order and go in once it is up (after the start events);
 * - lets the WorkManager worker wait for the core ([awaitCore], off the main thread).
 *
 * [main] runs tasks on the main thread (the app: the main looper); [background] runs the start;
 * [languages] gives the phone's languages, most preferred first, for the core's text of a failed
 * start.
 */
class CoreHost(
    private val background: Executor,
    private val main: Executor,
    private val platform: PlatformEffects,
    private val languages: () -> List<String>,
) {
    sealed interface State {
        data object Starting : State
        data class Ready(val core: AppCore) : State
        /**
         * The start failed. [restartNeeded]: the native library did not load (a `LinkageError`:
         * `UnsatisfiedLinkError`, or JNA's failed static initialiser, after which every use of
         * its classes throws `NoClassDefFoundError`), which no second start in this process can
         * change: only a new process loads it again. Anything else may pass on another try.
         * [reason]: the core's sentence in the phone's language, shown as it is; null when the
         * library did not load, so no core can write one (the app's own text says what to do).
         */
        data class Failed(val reason: String?, val restartNeeded: Boolean = false) : State
    }

    @Volatile
    var state: State = State.Starting
        private set

    /** The shell the core calls back with the effects of its own work (performed on [main]). */
    val shell = PostingShell(post = { main.execute(it) }, perform = { EffectExecutor.perform(it, platform) })

    private val waiting = mutableListOf<Event>()
    private val listeners = mutableListOf<(State) -> Unit>()
    @Volatile
    private var started = CountDownLatch(1)
    private var launched = false

    val core: AppCore? get() = (state as? State.Ready)?.core

    /** Called on the main thread with every new state (and at once with the current one). */
    fun observe(listener: (State) -> Unit) {
        listeners += listener
        listener(state)
    }

    /**
     * Starts the core on [background] with [create]; then, on the main thread, [first] gives the
     * events that open the session (the saved UI state, the accessibility status), sent before
     * the ones that waited.
     * Main thread. Again after a failure (the error screen's retry); a no-op while starting or started,
     * or after a failure that needs a new process.
     */
    fun start(create: (PostingShell) -> AppCore, first: () -> List<Event>) {
        when (val s = state) {
            is State.Ready -> return
            State.Starting -> if (launched) return
            is State.Failed -> {
                if (s.restartNeeded) return
                started = CountDownLatch(1)
                setState(State.Starting)
            }
        }
        launched = true
        val latch = started
        background.execute {
            val outcome: Result<AppCore> = try {
                Result.success(create(shell))
            } catch (e: Throwable) {
                // UnsatisfiedLinkError and other Errors too: the app must stay up to say why.
                Result.failure(e)
            }
            main.execute {
                outcome.fold(
                    onSuccess = { core ->
                        setState(State.Ready(core))
                        for (e in first() + waiting.toList()) EffectExecutor.perform(core.dispatch(e), platform)
                        waiting.clear()
                        platform.render()
                    },
                    onFailure = { e ->
                        waiting.clear()
                        val library = e is LinkageError
                        // The core's typed start errors carry its own words; anything else
                        // (an Error from the JVM) is named by its class.
                        val detail = when (e) {
                            is PlyException.Storage -> e.reason
                            is PlyException.Internal -> e.reason
                            else -> listOfNotNull(e.javaClass.simpleName, e.message).joinToString(": ")
                        }
                        // A library that loaded but refuses its first call (a stale build's
                        // checksum) cannot write the reason either.
                        val reason = if (library) null else runCatching { startFailureReason(languages(), detail) }.getOrNull()
                        setState(State.Failed(reason, restartNeeded = library))
                    },
                )
                latch.countDown()
            }
        }
    }

    /** Sends [event] (main thread) and performs its effects; waits while the core starts. */
    fun send(event: Event) {
        when (val s = state) {
            is State.Ready -> EffectExecutor.perform(s.core.dispatch(event), platform)
            State.Starting -> waiting += event
            is State.Failed -> {}
        }
    }

    /** The core once started (null if it failed or [timeoutMs] passed). Never on the main thread. */
    fun awaitCore(timeoutMs: Long): AppCore? {
        started.await(timeoutMs, TimeUnit.MILLISECONDS)
        return core
    }

    private fun setState(s: State) {
        state = s
        listeners.toList().forEach { it(s) }
    }
}
