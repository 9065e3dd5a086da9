package dev.ply.core.tests

import dev.ply.core.GameKind
import dev.ply.core.GameSession
import dev.ply.core.GameStatus
import dev.ply.core.LogLevel
import dev.ply.core.Piece
import dev.ply.core.PlayerKind
import dev.ply.core.PlyException
import dev.ply.core.SearchAlgorithm
import dev.ply.core.SearchLimits
import dev.ply.core.Side
import dev.ply.core.initLogging
import dev.ply.core.recommendedLimits
import dev.ply.core.settingsForDifficulty
import dev.ply.core.uniffiEnsureInitialized
import dev.ply.core.validateRecordJson
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import kotlin.concurrent.thread
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SessionTest {
    @BeforeAll
    fun checksums() {
        // Throws if the generated bindings do not match the library (stale bindings).
        uniffiEnsureInitialized()
        initLogging(LogLevel.WARN)
    }

    @Test
    fun randomGamesOfEveryKindEndWithAResult() {
        val rng = Random(7)
        for (kind in ENDING_KINDS) {
            repeat(3) {
                val session = humans(kind)
                val end = playRandomGame(session, rng)
                assertFalse(end.status is GameStatus.Playing, "$kind game ended: ${end.status}")
                assertFailsWith<PlyException.GameOver> { session.playIndex(0u) }
            }
        }
    }

    @Test
    fun multiPlayerSessionsSeatEveryPlayer() {
        val rng = Random(5)
        for ((kind, n) in listOf(GameKind.VIRUS to 4, GameKind.FOCUS to 3, GameKind.CHINESE_CHECKERS to 6)) {
            val session = GameSession.withSeats(kind, List(n) { PlayerKind.Human }, null)
            var s = session.snapshot()
            assertEquals(n.toUInt(), s.players)
            checkInvariants(s)
            assertFailsWith<PlyException.InvalidSettings> { session.resign(Side.FIRST) }
            repeat(60) {
                if (s.status is GameStatus.Playing) {
                    val mover = s.playerToMove
                    val m = s.legalMoves[rng.nextInt(s.legalMoves.size)]
                    assertEquals(mover, session.playIndex(m.index).seat)
                    s = session.snapshot()
                    checkInvariants(s)
                    assertTrue(s.playerToMove < n.toUInt())
                }
            }
            session.close()
        }
        assertFailsWith<PlyException.InvalidSettings> {
            GameSession.withSeats(GameKind.CHINESE_CHECKERS, List(5) { PlayerKind.Human }, null)
        }
        // A computer seat among people: it moves for its seat only.
        val table = GameSession.withSeats(
            GameKind.VIRUS, listOf(computer(GameKind.VIRUS, 1), PlayerKind.Human, PlayerKind.Human), null,
        )
        assertTrue(table.snapshot().computerToMove)
        assertEquals(0u, table.computerMove(null).played.seat)
        assertFailsWith<PlyException.NotYourTurn> { table.computerMove(null) }
        table.close()
    }

    @Test
    fun playIndexAndSnapshotIsPlayIndexThenSnapshot() {
        val rng = Random(11)
        for (kind in ALL_KINDS) {
            val one = humans(kind)
            val two = humans(kind)
            var s = one.snapshot()
            while (s.status is GameStatus.Playing && s.moveNumber < 150u) {
                val i = s.legalMoves[rng.nextInt(s.legalMoves.size)].index
                s = one.playIndexAndSnapshot(i)
                two.playIndex(i)
                assertEquals(two.snapshot(), s, "$kind after ${s.history}")
            }
            assertFailsWith<PlyException.IllegalMove> { humans(kind).playIndexAndSnapshot(999u) }
            one.close(); two.close()
        }
    }

    @Test
    fun computerAgainstComputerAtLowDepth() {
        for (kind in ENDING_KINDS) {
            val session = GameSession(kind, computer(kind, 2), computer(kind, 1), null)
            var s = session.snapshot()
            var moves = 0
            while (s.status is GameStatus.Playing) {
                assertTrue(s.computerToMove)
                val legal = s.legalMoves.map { it.notation }
                val m = session.computerMove(null)
                assertTrue(m.played.notation in legal, "${m.played.notation} is one of $legal")
                assertTrue(m.stats.depth >= 1u)
                assertTrue(m.stats.pv.isEmpty() || m.stats.pv.first() == m.played.notation)
                s = session.snapshot()
                checkInvariants(s)
                assertEquals(m.played.notation, s.lastMove?.notation)
                moves++
            }
            assertTrue(moves > 4, "$kind: $moves moves")
            // The computer's statistics go into the record.
            validateRecordJson(session.recordJson())
        }
    }

    @Test
    fun othelloF5FlipsE5() {
        val session = humans(GameKind.OTHELLO)
        val f5 = 4 * 8 + 5
        val e5 = 4 * 8 + 4
        val played = session.play("f5")
        assertEquals(f5.toUInt(), played.to)
        assertEquals(listOf(e5.toUInt()), played.flipped)
        val s = session.snapshot()
        assertEquals(Piece.BLACK, s.cells[f5].piece)
        assertEquals(Piece.BLACK, s.cells[e5].piece)
        assertEquals("e5", s.cells[e5].label)
        assertEquals(4u, s.firstCount)
        assertEquals(1u, s.secondCount)
        assertEquals(Side.SECOND, s.sideToMove)
        assertEquals(listOf(e5.toUInt()), s.lastMove?.flipped)
        // White's replies at the start of the game after f5: d6, f4, f6.
        assertEquals(setOf("d6", "f4", "f6"), s.legalMoves.map { it.notation }.toSet())
    }

    @Test
    fun connectFourDropFallsToTheBottom() {
        val session = humans(GameKind.CONNECT_FOUR)
        val first = session.play("4")
        assertEquals(3u, first.column)
        assertEquals((5 * 7 + 3).toUInt(), first.to)
        val second = session.play("4")
        assertEquals((4 * 7 + 3).toUInt(), second.to)
        val s = session.snapshot()
        assertEquals(Piece.RED, s.cells[5 * 7 + 3].piece)
        assertEquals(Piece.YELLOW, s.cells[4 * 7 + 3].piece)
        assertEquals("d2", s.cells[4 * 7 + 3].label)
        val next = s.legalMoves.first { it.column == 3u }
        assertEquals((3 * 7 + 3).toUInt(), next.to)
        // Four in a row in column 1 for the first player.
        for (mv in listOf("1", "2", "1", "2", "1", "2", "1")) session.play(mv)
        val end = session.snapshot()
        val status = end.status
        assertTrue(status is GameStatus.Won && status.winner == Side.FIRST, "$status")
        assertEquals("441212121", session.notation())
    }

    @Test
    fun draughtsCaptureRemovesTheJumpedPiece() {
        // Black man on 14, white man on 18: the capture 14x23 is compulsory.
        val session = humans(GameKind.DRAUGHTS, "B:W18:B14")
        val s0 = session.snapshot()
        assertEquals(listOf("14x23"), s0.legalMoves.map { it.notation })
        val cell14 = 3 * 8 + 2
        val cell18 = 4 * 8 + 3
        val cell23 = 5 * 8 + 4
        assertEquals(Piece.WHITE_MAN, s0.cells[cell18].piece)
        assertEquals("18", s0.cells[cell18].label)
        assertFalse(s0.cells[0].playable, "a8 is a light square")
        val m = session.play("14x23")
        assertEquals(cell14.toUInt(), m.from)
        assertEquals(cell23.toUInt(), m.to)
        assertEquals(listOf(cell14.toUInt(), cell23.toUInt()), m.path)
        assertEquals(listOf(cell18.toUInt()), m.captured)
        val s = session.snapshot()
        assertEquals(Piece.EMPTY, s.cells[cell18].piece)
        assertEquals(Piece.EMPTY, s.cells[cell14].piece)
        assertEquals(Piece.BLACK_MAN, s.cells[cell23].piece)
        assertEquals(0u, s.secondCount)
        val status = s.status
        assertTrue(status is GameStatus.Won && status.winner == Side.FIRST, "$status")
        // In the relaxed variant the capture is optional.
        val relaxed = humans(GameKind.RELAXED_DRAUGHTS, "B:W18:B14")
        assertTrue(relaxed.snapshot().legalMoves.size > 1)
    }

    @Test
    fun undoAndRedo() {
        val session = humans(GameKind.OTHELLO)
        session.play("f5"); session.play("d6"); session.play("c3")
        assertTrue(session.undo())
        var s = session.snapshot()
        assertEquals(listOf("f5", "d6"), s.history)
        assertTrue(s.canRedo)
        assertTrue(session.redo())
        assertEquals(listOf("f5", "d6", "c3"), session.snapshot().history)
        assertFalse(session.redo())
        session.undo(); session.play("c5")
        s = session.snapshot()
        assertFalse(s.canRedo, "a new move clears redo")
        repeat(3) { assertTrue(session.undo()) }
        assertFalse(session.undo())
        assertEquals(0u, session.snapshot().moveNumber)
    }

    @Test
    fun undoAgainstTheComputerGoesBackToTheHuman() {
        val session = GameSession(GameKind.CONNECT_FOUR, PlayerKind.Human, computer(GameKind.CONNECT_FOUR, 2), null)
        session.play("4")
        session.computerMove(null)
        session.play("3")
        session.computerMove(null)
        assertEquals(4u, session.snapshot().moveNumber)
        assertTrue(session.undo())
        var s = session.snapshot()
        assertEquals(2u, s.moveNumber, "the human's move and the computer's reply are taken back")
        assertEquals(Side.FIRST, s.sideToMove)
        assertFalse(s.computerToMove)
        assertTrue(session.redo())
        s = session.snapshot()
        assertEquals(4u, s.moveNumber)
        assertFalse(s.computerToMove)
    }

    @Test
    fun errorsArriveAsTypedExceptions() {
        val session = humans(GameKind.OTHELLO)
        assertFailsWith<PlyException.IllegalMove> { session.play("z9") }
        assertFailsWith<PlyException.IllegalMove> { session.play("a1") }
        assertFailsWith<PlyException.IllegalMove> { session.playIndex(99u) }
        assertFailsWith<PlyException.NotYourTurn> { session.computerMove(null) }
        val vsComputer = GameSession(GameKind.OTHELLO, computer(GameKind.OTHELLO, 1), PlayerKind.Human, null)
        assertFailsWith<PlyException.NotYourTurn> { vsComputer.play("f5") }
        assertFailsWith<PlyException.BadPosition> { humans(GameKind.OTHELLO, "not a position") }
        assertFailsWith<PlyException.BadPosition> { humans(GameKind.CONNECT_FOUR, "448") }
        assertFailsWith<PlyException.InvalidSettings> { settingsForDifficulty(GameKind.OTHELLO, 0u) }
        val bad = settingsForDifficulty(GameKind.OTHELLO, 3u).copy(heuristic = dev.ply.core.HeuristicChoice.Preset("no-such-preset"))
        assertFailsWith<PlyException.InvalidSettings> {
            GameSession(GameKind.OTHELLO, PlayerKind.Computer(bad), PlayerKind.Human, null)
        }
        assertFailsWith<PlyException.BadRecord> { session.recordJson() }
        assertFailsWith<PlyException.BadRecord> { validateRecordJson("{\"schema_version\": 1}") }
        session.resign(Side.FIRST)
        val status = session.snapshot().status
        assertTrue(status is GameStatus.Won && status.winner == Side.SECOND)
        assertFailsWith<PlyException.GameOver> { session.play("f5") }
        assertFailsWith<PlyException.GameOver> { session.resign(Side.SECOND) }
        assertFailsWith<PlyException.GameOver> { session.hint(null) }
        // A resigned game is a finished game: its record validates.
        validateRecordJson(session.recordJson())
    }

    @Test
    fun cancelReturnsControlWithin100ms() {
        val slow = settingsForDifficulty(GameKind.OTHELLO, 5u)
            .copy(algorithm = SearchAlgorithm.MINIMAX, depth = 12u, timeMs = 60_000u)
        // Out of the opening book, which would answer at once: white, the computer, to move.
        val start = (BOOK_LINE + "c7").joinToString("")
        val session = GameSession(GameKind.OTHELLO, PlayerKind.Human, PlayerKind.Computer(slow), start)
        var outcome: Throwable? = null
        var returnedAt = 0L
        val worker = thread {
            try {
                session.computerMove(null)
            } catch (e: Throwable) {
                outcome = e
            }
            returnedAt = System.nanoTime()
        }
        val deadline = System.nanoTime() + 10_000_000_000L
        while (session.thinkingNodes() == 0uL && System.nanoTime() < deadline) Thread.sleep(5)
        assertTrue(session.isThinking(), "the search is running")
        assertTrue(session.thinkingNodes() > 0uL, "live node count while thinking")
        val cancelledAt = System.nanoTime()
        session.cancel()
        worker.join(5_000)
        val ms = (returnedAt - cancelledAt) / 1e6
        println("cancel -> computerMove returned in %.2f ms".format(ms))
        assertTrue(returnedAt > 0 && ms < 100.0, "returned after $ms ms")
        assertTrue(outcome is PlyException.Cancelled, "got $outcome")
        assertEquals(0u, session.snapshot().moveNumber, "nothing was played from the start position")
        assertFalse(session.isThinking())
    }

    @Test
    fun hintDoesNotPlay() {
        val session = humans(GameKind.CONNECT_FOUR)
        val hint = session.hint(SearchLimits(depth = 4u, timeMs = null))
        val s = session.snapshot()
        assertEquals(0u, s.moveNumber)
        assertTrue(hint.played.notation in s.legalMoves.map { it.notation })
        assertTrue(hint.stats.nodes > 0uL)
    }

    @Test
    fun recordJsonParsesAndValidates() {
        val session = humans(GameKind.OTHELLO)
        val end = playRandomGame(session, Random(11))
        val json = session.recordJson()
        assertTrue(Regex("\"schema_version\"\\s*:\\s*1").containsMatchIn(json))
        assertTrue(Regex("\"game\"\\s*:\\s*\"othello\"").containsMatchIn(json))
        val id = validateRecordJson(json)
        assertTrue(json.contains("\"$id\""))
        val transcript = session.notation()
        assertEquals(end.history.filter { it != "pass" }.joinToString(""), transcript)
    }

    @Test
    fun recommendedLimitsAt1To8GiB() {
        val gib = 1uL shl 30
        val mib = 1uL shl 20
        val expected = mapOf(1 to 32, 2 to 64, 4 to 128, 8 to 256)
        for ((g, ttMib) in expected) {
            val l = recommendedLimits(g.toULong() * gib, g.toULong() * gib / 2u, 4u)
            assertEquals(ttMib.toULong() * mib, l.ttBytes, "$g GiB")
            assertTrue(l.maxDepthOthello >= 6u && l.maxDepthConnect4 >= 12u && l.maxDepthCheckers >= 8u)
            assertTrue(l.maxTimeMs in 1_000uL..10_000uL)
        }
        val small = recommendedLimits(gib, gib / 2u, 2u)
        val big = recommendedLimits(8uL * gib, 4uL * gib, 8u)
        assertTrue(small.maxDepthOthello < big.maxDepthOthello)
    }

    @Test
    fun searchesAreClampedToTheSessionLimits() {
        val deep = settingsForDifficulty(GameKind.CONNECT_FOUR, 10u).copy(depth = 40u)
        val session = GameSession(GameKind.CONNECT_FOUR, PlayerKind.Computer(deep), PlayerKind.Human, null)
        val gib = 1uL shl 30
        val limits = recommendedLimits(gib, gib / 2u, 2u).copy(maxDepthConnect4 = 3u, maxTimeMs = 2_000uL)
        session.setLimits(limits)
        val m = session.computerMove(null)
        assertTrue(m.stats.depth <= 3u, "depth ${m.stats.depth} is clamped to 3")
        assertTrue(m.stats.timeMs <= 2_500.0)
        assertNotNull(m.stats.pv)
    }
}
