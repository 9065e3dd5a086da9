package dev.ply.appcore.tests

import com.sun.jna.Native
import com.sun.jna.Platform
import com.sun.jna.Pointer
import com.sun.jna.Structure
import dev.ply.appcore.AppConfig
import dev.ply.appcore.ClientPlatform
import dev.ply.appcore.Effect
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.PlatformEvent
import dev.ply.core.GameKind
import dev.ply.appcore.PlayMode
import dev.ply.ffi.AppShell
import dev.ply.ffi.syncRetryBaseSeconds
import dev.ply.ffi.uniffiEnsureInitialized
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.lang.management.ManagementFactory
import kotlin.random.Random
import kotlin.test.assertTrue
import dev.ply.shell.TempDirs

/**
 * Benchmarks printed by `tests/kotlin.sh` (figures in docs/architecture.md, "Bindings"; not timed
 * assertions, the machine is shared): a tap through the app core, and what any call pays to
 * cross the FFI.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchTest {

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private fun median(xs: List<Double>) = xs.sorted()[xs.size / 2]

    // On-CPU time of this thread: the machine is shared, and wall time counts other processes.
    private val threads = ManagementFactory.getThreadMXBean()
    private fun cpuNanos() = threads.currentThreadCpuTime

    /** Microseconds per tap: the whole tap (wall and on-CPU), and, when split, its two calls. */
    private class Taps {
        val wall = ArrayList<Double>()
        val cpu = ArrayList<Double>()
        val dispatch = ArrayList<Double>()
        val view = ArrayList<Double>()
    }

    /**
     * One tap through the app core: `dispatchAndBoard(ChooseMove)` (the event, its effects handed
     * to the shell, and the new board view model), or [split] into `dispatch` and `boardView`.
     * Two players, so no search runs; each move's save is written by the core's I/O thread
     * meanwhile, as in the app. [labels]: an accessibility service is on, so every cell carries
     * its label.
     */
    private fun appTaps(kind: GameKind, moves: Int, split: Boolean, labels: Boolean): Taps {
        val rng = Random(1)
        val taps = Taps()
        val shell = object : AppShell {
            var effects = 0
            override fun effects(effects: List<Effect>) { this.effects += effects.size }
        }
        val dir = TempDirs.create("ply-bench")
        val app = TempDirs.core(
            AppConfig(dir, ClientPlatform.ANDROID, "bench", 0uL, 0uL, 4u, null), shell, null,
        )
        app.dispatch(Event.Platform(PlatformEvent.ScreenShown))
        app.dispatch(Event.Platform(PlatformEvent.Accessibility(labels)))
        app.dispatch(Event.Home(HomeEvent.ChooseGame(kind)))
        app.dispatch(Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
        while (taps.wall.size < moves) {
            app.dispatch(Event.Home(HomeEvent.NewGame))
            // A game cut at 200 moves is still going: the core asks before replacing it.
            app.dispatch(Event.Confirmation(ConfirmationEvent.ACCEPT))
            var b = app.boardView()!!
            while (!b.finished && b.moves.size < 200) {
                val m = b.legalMoves[rng.nextInt(b.legalMoves.size)]
                val c0 = cpuNanos()
                val t0 = System.nanoTime()
                if (split) {
                    shell.effects(app.dispatch(Event.Board(BoardEvent.ChooseMove(m.index))))
                    val t1 = System.nanoTime()
                    b = app.boardView()!!
                    taps.dispatch.add((t1 - t0) / 1000.0)
                    taps.view.add((System.nanoTime() - t1) / 1000.0)
                } else {
                    val update = app.dispatchAndBoard(Event.Board(BoardEvent.ChooseMove(m.index)))
                    shell.effects(update.effects)
                    b = update.board!!
                }
                taps.wall.add((System.nanoTime() - t0) / 1000.0)
                taps.cpu.add((cpuNanos() - c0) / 1000.0)
            }
        }
        app.waitIdle(10_000uL)
        app.close()
        return taps
    }

    @Test
    fun appCoreTapRoundTrip() {
        val kinds = listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR, GameKind.DRAUGHTS)
        // (split, labels): one call without labels (a phone with no accessibility service on),
        // one call with them, and two calls with them.
        val paths = listOf(false to false, false to true, true to true)
        repeat(2) { for (kind in kinds) for ((split, labels) in paths) appTaps(kind, 1000, split, labels) }
        val rounds = 5
        // Per game and path, each round's medians: wall, on-CPU, and the split path's two calls.
        val medians = HashMap<Triple<GameKind, Boolean, Boolean>, MutableList<DoubleArray>>()
        repeat(rounds) {
            for (kind in kinds) for ((split, labels) in paths) {
                val t = appTaps(kind, 500, split, labels)
                val parts = if (split) doubleArrayOf(median(t.dispatch), median(t.view)) else doubleArrayOf(0.0, 0.0)
                medians.getOrPut(Triple(kind, split, labels)) { ArrayList() }
                    .add(doubleArrayOf(median(t.wall), median(t.cpu)) + parts)
            }
        }
        for (kind in kinds) for ((split, labels) in paths) {
            val r = medians.getValue(Triple(kind, split, labels))
            val col = { i: Int -> r.map { it[i] } }
            val what = (if (split) "AppCore dispatch+boardView" else "AppCore dispatchAndBoard") +
                (if (labels) " with labels" else " without labels")
            var line = "BENCH $what $kind: median of $rounds round medians %.1f µs wall (rounds %.1f-%.1f), %.1f µs on-CPU".format(
                median(col(0)), col(0).min(), col(0).max(), median(col(1)))
            if (split) line += " (dispatch %.1f, boardView %.1f)".format(median(col(2)), median(col(3)))
            println(line)
            assertTrue(r.size == rounds)
        }
    }

    @Test
    fun ffiCallFloor() {
        // The cheapest exported calls: what any call pays to cross JNA and UniFFI, however
        // little Rust does (a part of computerMove's fixed cost). Beside them, libc through the
        // same JNA direct mapping: once bare, once with a fresh structure per call, as UniFFI
        // makes a fresh RustCallStatus for every call. That separates what JNA's crossing costs
        // from what the generated code does around it.
        val app = TempDirs.core(
            AppConfig(TempDirs.create("ply-bench"), ClientPlatform.ANDROID, "bench", 0uL, 0uL, 4u, null),
            object : AppShell { override fun effects(effects: List<Effect>) {} },
            null,
        )
        val probes = listOf<Pair<String, () -> Unit>>(
            "syncRetryBaseSeconds() (a number back)" to { syncRetryBaseSeconds() },
            "limits() (a small record back)" to { app.limits() },
            "libc getpid() through JNA" to { LibC.getpid() },
            "libc gettimeofday(fresh Structure) through JNA" to { LibC.gettimeofday(TimeVal(), null) },
            "libc gettimeofday(fresh status-shaped Structure) through JNA" to { LibC.gettimeofday(StatusShaped(), null) },
        )
        repeat(20_000) { for ((_, call) in probes) call() }
        val times = probes.map { ArrayList<Double>() }
        repeat(20_000) {
            probes.forEachIndexed { i, (_, call) ->
                val t0 = System.nanoTime()
                call()
                times[i].add((System.nanoTime() - t0) / 1000.0)
            }
        }
        app.close()
        probes.forEachIndexed { i, (what, _) ->
            println("BENCH FFI floor: $what median %.2f µs".format(median(times[i])))
            assertTrue(times[i].size == 20_000)
        }
    }
}

/** libc bound the way UniFFI binds its library (JNA direct mapping), for [BenchTest.ffiCallFloor]. */
private object LibC {
    init {
        Native.register(LibC::class.java, Platform.C_LIBRARY_NAME)
    }

    external fun getpid(): Int

    external fun gettimeofday(tv: TimeVal, tz: Pointer?): Int

    external fun gettimeofday(tv: StatusShaped, tz: Pointer?): Int
}

@Structure.FieldOrder("seconds", "micros")
internal class TimeVal : Structure() {
    @JvmField var seconds: Long = 0

    @JvmField var micros: Long = 0
}

/**
 * The shape of UniFFI's `UniffiRustCallStatus` (a byte and a nested by-value buffer record), 32
 * bytes, so `gettimeofday`'s 16 bytes land inside it. JNA reads the fields back after the call, as
 * it does a status; the values are ignored.
 */
@Structure.FieldOrder("code", "buffer")
internal class StatusShaped : Structure() {
    @JvmField var code: Byte = 0

    @JvmField var buffer: BufferShaped.ByValue = BufferShaped.ByValue()
}

@Structure.FieldOrder("capacity", "len", "data")
internal open class BufferShaped : Structure() {
    @JvmField var capacity: Long = 0

    @JvmField var len: Long = 0

    @JvmField var data: Pointer? = null

    class ByValue : BufferShaped(), Structure.ByValue
}
