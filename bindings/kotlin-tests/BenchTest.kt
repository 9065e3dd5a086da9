package dev.ply.core.tests

import com.sun.jna.Native
import com.sun.jna.Platform
import com.sun.jna.Pointer
import com.sun.jna.Structure
import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.GameStatus
import dev.ply.core.PlayerKind
import dev.ply.core.uniffiEnsureInitialized
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
 * assertions, the machine is shared): the FFI round trip of `playIndex` + `snapshot`, and the
 * overhead of `computerMove` over the search time the engine itself measures.
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

    /**
     * Wall and on-CPU microseconds of `playIndex` + `snapshot` over random games of [kind], or of
     * the single call `playIndexAndSnapshot` that the shells use when [combined].
     */
    private fun roundTrips(kind: GameKind, moves: Int, combined: Boolean): Pair<List<Double>, List<Double>> {
        val rng = Random(1)
        val wall = ArrayList<Double>()
        val cpu = ArrayList<Double>()
        while (wall.size < moves) {
            val session = GameSession(kind, PlayerKind.Human, PlayerKind.Human, null)
            var s = session.snapshot()
            while (s.status is GameStatus.Playing && s.moveNumber < 200u) {
                val m = s.legalMoves[rng.nextInt(s.legalMoves.size)]
                val c0 = cpuNanos()
                val t0 = System.nanoTime()
                if (combined) {
                    s = session.playIndexAndSnapshot(m.index)
                } else {
                    session.playIndex(m.index)
                    s = session.snapshot()
                }
                wall.add((System.nanoTime() - t0) / 1000.0)
                cpu.add((cpuNanos() - c0) / 1000.0)
            }
            session.close()
        }
        return wall to cpu
    }

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
        val shell = object : dev.ply.core.AppShell {
            var effects = 0
            override fun effects(effects: List<dev.ply.core.Effect>) { this.effects += effects.size }
        }
        val dir = TempDirs.create("ply-bench")
        val app = TempDirs.core(
            dev.ply.core.AppConfig(dir, dev.ply.core.ClientPlatform.ANDROID, "bench", 0uL, 0uL, 4u, null), shell, null,
        )
        app.dispatch(dev.ply.core.Event.ScreenShown)
        app.dispatch(dev.ply.core.Event.Accessibility(labels))
        app.dispatch(dev.ply.core.Event.ChooseGame(kind))
        app.dispatch(dev.ply.core.Event.ChooseMode(dev.ply.core.PlayMode.TWO_PLAYERS))
        while (taps.wall.size < moves) {
            app.dispatch(dev.ply.core.Event.NewGame)
            // A game cut at 200 moves is still going: the core asks before replacing it.
            app.dispatch(dev.ply.core.Event.AcceptConfirmation)
            var b = app.boardView()!!
            while (!b.finished && b.moves.size < 200) {
                val m = b.legalMoves[rng.nextInt(b.legalMoves.size)]
                val c0 = cpuNanos()
                val t0 = System.nanoTime()
                if (split) {
                    shell.effects(app.dispatch(dev.ply.core.Event.ChooseMove(m.index)))
                    val t1 = System.nanoTime()
                    b = app.boardView()!!
                    taps.dispatch.add((t1 - t0) / 1000.0)
                    taps.view.add((System.nanoTime() - t1) / 1000.0)
                } else {
                    val update = app.dispatchAndBoard(dev.ply.core.Event.ChooseMove(m.index))
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
    fun playAndSnapshotRoundTrip() {
        val kinds = listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR, GameKind.DRAUGHTS)
        // Warm-up: let the JIT compile the binding code for every game before anything is timed
        // (on a loaded machine the compiler threads lag, and the first game measured paid for it).
        repeat(2) { for (kind in kinds) for (combined in listOf(false, true)) roundTrips(kind, 3000, combined) }
        // Rounds interleave the games and both paths, so one slow phase of the JVM (a
        // recompilation, a collection) lands in one round's median instead of one game's figure.
        val rounds = 5
        val wallMedians = HashMap<Pair<GameKind, Boolean>, MutableList<Double>>()
        val cpuMedians = HashMap<Pair<GameKind, Boolean>, MutableList<Double>>()
        repeat(rounds) {
            for (kind in kinds) for (combined in listOf(false, true)) {
                val (wall, cpu) = roundTrips(kind, 1500, combined)
                wallMedians.getOrPut(kind to combined) { ArrayList() }.add(median(wall))
                cpuMedians.getOrPut(kind to combined) { ArrayList() }.add(median(cpu))
            }
        }
        for (kind in kinds) for (combined in listOf(false, true)) {
            val w = wallMedians.getValue(kind to combined)
            val c = cpuMedians.getValue(kind to combined)
            val what = if (combined) "playIndexAndSnapshot" else "playIndex+snapshot"
            println("BENCH $what $kind: median of $rounds round medians %.1f µs wall (rounds %.1f-%.1f), %.1f µs on-CPU".format(
                median(w), w.min(), w.max(), median(c)))
            assertTrue(w.size == rounds)
        }
    }

    @Test
    fun computerMoveOverheadOverTheSearch() {
        // Depth 5 is the app's default level; depth 9 is a move a player waits for. No table: its
        // allocation happens before the engine starts its clock and would count as overhead.
        // "cold": the first calls of a fresh JVM, whose marshalling code still runs in the
        // interpreter; "warm": after a few thousand quick computer moves have let the JIT compile
        // it (the steady state of a long session).
        measureComputerMoveOverhead("cold")
        val quick = fixedDepth(GameKind.OTHELLO, 1).copy(ttBytes = 0uL)
        repeat(60) {
            val session = GameSession(GameKind.OTHELLO, PlayerKind.Computer(quick), PlayerKind.Computer(quick), null)
            while (session.snapshot().status is GameStatus.Playing) session.computerMove(null)
            session.close()
        }
        measureComputerMoveOverhead("warm")
        measureComputerMoveOverhead("warm, caches evicted before each move", depths = listOf(5 to 30), evict = true)
    }

    @Test
    fun ffiCallFloor() {
        // The cheapest exported calls: what any call pays to cross JNA and UniFFI, however
        // little Rust does (a part of computerMove's fixed cost). Beside them, libc through the
        // same JNA direct mapping: once bare, once with a fresh structure per call, as UniFFI
        // makes a fresh RustCallStatus for every call. That separates what JNA's crossing costs
        // from what the generated code does around it.
        val session = GameSession(GameKind.OTHELLO, PlayerKind.Human, PlayerKind.Human, null)
        val probes = listOf<Pair<String, () -> Unit>>(
            "isThinking() (a Boolean back)" to { session.isThinking() },
            "limits() (a small record back)" to { session.limits() },
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
        session.close()
        probes.forEachIndexed { i, (what, _) ->
            println("BENCH FFI floor: $what median %.2f µs".format(median(times[i])))
            assertTrue(times[i].size == 20_000)
        }
    }

    /**
     * Depth 5 is the default level; the depths up to 9 show from which move length the fixed cost
     * of a call falls under 1 % (games per depth as in bindings/tests/overhead.rs). With [evict],
     * 64 MiB are written before each move, as a deep search evicts the caches: the overhead
     * after a long search is the JVM's marshalling running from cold caches, not the Rust side
     * (which stays at a few hundredths of a millisecond).
     */
    private fun measureComputerMoveOverhead(
        state: String,
        depths: List<Pair<Int, Int>> = listOf(5 to 30, 6 to 20, 7 to 10, 8 to 5, 9 to 3),
        evict: Boolean = false,
    ) {
        val junk = if (evict) IntArray(16 shl 20) else IntArray(0)
        for ((depth, games) in depths) {
            val settings = fixedDepth(GameKind.OTHELLO, depth).copy(ttBytes = 0uL)
            val overheads = ArrayList<Double>()
            val fractions = ArrayList<Double>()
            // Wall time of move i of the (always identical) game, for the comparison with the
            // same moves made through GameSession::computer_move in Rust (bindings/tests/overhead.rs).
            val perMove = List(10) { ArrayList<Double>() }
            repeat(games) {
                val session = GameSession(GameKind.OTHELLO, PlayerKind.Computer(settings), PlayerKind.Computer(settings), null)
                repeat(10) { i ->
                    // One write per 64-byte line is enough to evict it.
                    for (j in junk.indices step 16) junk[j]++
                    val t0 = System.nanoTime()
                    val m = session.computerMove(null)
                    val wallMs = (System.nanoTime() - t0) / 1e6
                    overheads.add(wallMs - m.stats.timeMs)
                    fractions.add((wallMs - m.stats.timeMs) / wallMs)
                    perMove[i].add(wallMs)
                }
                session.close()
            }
            println("BENCH computerMove overhead, $state (Othello depth $depth): median %.3f ms = %.2f%% of the move time over %d moves".format(
                median(overheads), 100 * median(fractions), overheads.size))
            println("BENCH computerMove, $state (Othello depth $depth): 10 moves from the start, sum of per-move medians %.3f ms over %d games".format(
                perMove.sumOf { median(it) }, games))
            assertTrue(overheads.isNotEmpty())
        }
        // Reading the array back keeps the eviction writes from being optimised away.
        if (evict) assertTrue(junk[0] > 0, "the eviction pass wrote its array")
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
