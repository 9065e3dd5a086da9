package dev.ply.shell

import dev.ply.core.EngineLimits
import dev.ply.core.GameKind
import dev.ply.core.GameStatus
import dev.ply.core.Outbox
import java.util.ArrayDeque
import java.util.concurrent.Executor
import kotlin.random.Random
import kotlin.test.assertTrue

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

fun isOver(c: GameController) = c.snapshot().status !is GameStatus.Playing

/** Plays a short Connect Four game to its end through the controller, with the outbox (and the history list). */
fun finishGame(outbox: Outbox, seed: Int, history: FinishedGames? = null): GameEvent.Finished {
    val q = QueueExecutor()
    val setup = GameSetup(game = GameKind.CONNECT_FOUR, mode = PlayMode.VS_COMPUTER, difficulty = 1)
    val c = GameController.create(setup, smallLimits(), q, q, outbox, history = history)
    val r = Recorder()
    c.attach(r)
    val rng = Random(seed)
    while (!isOver(c)) {
        c.tap(c.state.cells.filter { it.legalTarget }.random(rng).index)
        q.drain()
    }
    q.drain()
    assertTrue(r.events.contains(GameEvent.SyncRequested))
    return r.events.filterIsInstance<GameEvent.Finished>().single()
}
