package dev.ply.core.tests

import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.GameStatus
import dev.ply.core.PlayerKind
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
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

    @Test
    fun playAndSnapshotRoundTrip() {
        for (kind in listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR, GameKind.DRAUGHTS)) {
            val rng = Random(1)
            val times = ArrayList<Double>()
            var games = 0
            while (times.size < 6000) {
                val session = GameSession(kind, PlayerKind.Human, PlayerKind.Human, null)
                var s = session.snapshot()
                while (s.status is GameStatus.Playing && s.moveNumber < 200u) {
                    val m = s.legalMoves[rng.nextInt(s.legalMoves.size)]
                    val t0 = System.nanoTime()
                    session.playIndex(m.index)
                    s = session.snapshot()
                    times.add((System.nanoTime() - t0) / 1000.0)
                }
                session.close()
                games++
            }
            val warm = times.drop(1000)
            println("BENCH play+snapshot $kind: median %.1f µs, p90 %.1f µs over %d moves (%d games)".format(
                median(warm), warm.sorted()[warm.size * 9 / 10], warm.size, games))
            assertTrue(warm.isNotEmpty())
        }
    }

    @Test
    fun computerMoveOverheadOverTheSearch() {
        // No table: its allocation happens before the engine starts its clock and would count as overhead.
        val settings = fixedDepth(GameKind.OTHELLO, 7).copy(ttBytes = 0uL)
        val overheads = ArrayList<Double>()
        val fractions = ArrayList<Double>()
        repeat(6) { game ->
            val session = GameSession(GameKind.OTHELLO, PlayerKind.Computer(settings), PlayerKind.Computer(settings), null)
            repeat(8) {
                val t0 = System.nanoTime()
                val m = session.computerMove(null)
                val wallMs = (System.nanoTime() - t0) / 1e6
                if (game > 0) {
                    overheads.add(wallMs - m.stats.timeMs)
                    fractions.add((wallMs - m.stats.timeMs) / wallMs)
                }
            }
            session.close()
        }
        println("BENCH computerMove overhead (Othello depth 7): median %.3f ms = %.2f%% of the move time over %d moves".format(
            median(overheads), 100 * median(fractions), overheads.size))
        assertTrue(overheads.isNotEmpty())
    }
}
