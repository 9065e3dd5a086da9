package dev.ply.shell

import dev.ply.core.EngineLimits
import dev.ply.core.GameStatus
import java.util.ArrayDeque
import java.util.concurrent.Executor

/** An executor that only queues; the test runs the tasks with [drain], so everything is deterministic. */
class QueueExecutor : Executor {
    private val tasks = ArrayDeque<Runnable>()
    override fun execute(command: Runnable) {
        synchronized(tasks) { tasks.add(command) }
    }
    val size: Int get() = synchronized(tasks) { tasks.size }

    /** Runs the oldest queued task; false if none was queued. */
    fun runOne(): Boolean {
        val t = synchronized(tasks) { tasks.poll() } ?: return false
        t.run()
        return true
    }

    /** Runs queued tasks (and the ones they queue) until none is left; returns how many ran. */
    fun drain(limit: Int = 100_000): Int {
        var n = 0
        while (n < limit) {
            val t = synchronized(tasks) { tasks.poll() } ?: break
            t.run()
            n++
        }
        check(n < limit) { "tasks keep coming: $n run" }
        return n
    }
}

/** Remembers every state and event the controller delivers. */
class Recorder : GameListener {
    val states = mutableListOf<BoardViewState>()
    val events = mutableListOf<GameEvent>()
    override fun onState(state: BoardViewState) {
        states += state
    }
    override fun onEvent(event: GameEvent) {
        events += event
    }
    val last: BoardViewState get() = states.last()
}

/** Small, fast limits so computer moves in tests take milliseconds. */
fun smallLimits() = EngineLimits(
    maxDepthOthello = 3u, maxDepthConnect4 = 5u, maxDepthCheckers = 4u, ttBytes = 1uL shl 20, maxTimeMs = 2_000u,
)

/**
 * Whether this build of ply-ffi plays draughts and takes custom heuristic weights (both land in
 * the bindings separately); tests that need them are skipped, visibly, until then.
 */
val draughtsAvailable: Boolean by lazy {
    runCatching { dev.ply.core.GameSession(dev.ply.core.GameKind.DRAUGHTS, dev.ply.core.PlayerKind.Human, dev.ply.core.PlayerKind.Human, null).destroy() }.isSuccess
}
val presetsAvailable: Boolean by lazy {
    runCatching {
        val s = dev.ply.core.settingsForDifficulty(dev.ply.core.GameKind.OTHELLO, 3u).copy(heuristic = dev.ply.core.HeuristicChoice.Preset("mobility"))
        dev.ply.core.GameSession(dev.ply.core.GameKind.OTHELLO, dev.ply.core.PlayerKind.Computer(s), dev.ply.core.PlayerKind.Human, null).destroy()
    }.isSuccess
}

fun isOver(c: GameController) = c.snapshot().status !is GameStatus.Playing
