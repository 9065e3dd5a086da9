package dev.ply.core.tests

import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.GameStatus
import dev.ply.core.PlayerKind
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.lang.management.ManagementFactory
import kotlin.random.Random
import kotlin.test.assertTrue

/**
 * Benchmarks printed by `tests/kotlin.sh` (figures in the README; not timed assertions, the
 * machine is shared): the FFI round trip of `playIndex` + `snapshot`, and the overhead of
 * `computerMove` over the search time the engine itself measures.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchTest {
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
    }

    @Test
    fun ffiCallFloor() {
        // The cheapest exported calls: what any call pays to cross JNA and UniFFI, however
        // little Rust does (a part of computerMove's fixed cost).
        val session = GameSession(GameKind.OTHELLO, PlayerKind.Human, PlayerKind.Human, null)
        repeat(20_000) { session.isThinking() }
        val bool = ArrayList<Double>()
        val limits = ArrayList<Double>()
        repeat(20_000) {
            var t0 = System.nanoTime()
            session.isThinking()
            bool.add((System.nanoTime() - t0) / 1000.0)
            t0 = System.nanoTime()
            session.limits()
            limits.add((System.nanoTime() - t0) / 1000.0)
        }
        session.close()
        println("BENCH FFI floor: isThinking() median %.1f µs, limits() (a record back) median %.1f µs".format(median(bool), median(limits)))
        assertTrue(bool.isNotEmpty())
    }

    private fun measureComputerMoveOverhead(state: String) {
        for (depth in listOf(5, 9)) {
            val settings = fixedDepth(GameKind.OTHELLO, depth).copy(ttBytes = 0uL)
            val overheads = ArrayList<Double>()
            val fractions = ArrayList<Double>()
            // Wall time of move i of the (always identical) game, for the comparison with the
            // same moves made through GameSession::computer_move in Rust (bindings/tests/overhead.rs).
            val perMove = List(10) { ArrayList<Double>() }
            val games = if (depth == 5) 30 else 3
            repeat(games) {
                val session = GameSession(GameKind.OTHELLO, PlayerKind.Computer(settings), PlayerKind.Computer(settings), null)
                repeat(10) { i ->
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
    }
}
