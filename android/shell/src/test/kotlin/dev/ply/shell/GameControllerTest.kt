package dev.ply.shell

import dev.ply.core.GameKind
import dev.ply.core.GameStatus
import dev.ply.core.Outbox
import dev.ply.core.Piece
import dev.ply.core.Side
import dev.ply.core.uniffiEnsureInitialized
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.nio.file.Files
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GameControllerTest {
    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private fun controller(setup: GameSetup, q: QueueExecutor, outbox: Outbox? = null): Pair<GameController, Recorder> {
        val c = GameController.create(setup, smallLimits(), q, q, outbox)
        val r = Recorder()
        c.attach(r)
        return c to r
    }

    /** Taps the cells a human would tap to play one legal move chosen by `rng`. */
    private fun humanTurn(c: GameController, rng: Random) {
        val st = c.state
        assertTrue(st.acceptsInput, "human to move: ${st.statusText}")
        if (st.mustPass) {
            c.pass()
            return
        }
        when (st.game) {
            GameKind.OTHELLO, GameKind.CONNECT_FOUR -> c.tap(st.cells.filter { it.legalTarget }.random(rng).index)
            else -> {
                val piece = st.cells.filter { it.movable }.random(rng)
                c.tap(piece.index)
                assertTrue(c.state.cells[piece.index].selected)
                c.tap(c.state.cells.filter { it.legalTarget }.random(rng).index)
                if (c.state.pathChoices.isNotEmpty()) c.choosePath(rng.nextInt(c.state.pathChoices.size))
            }
        }
    }

    @Test
    fun twoPlayersFinishOthelloAndConnectFourByTapping() = twoPlayersFinishByTapping(listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR))

    @Test
    fun twoPlayersFinishDraughtsByTapping() {
        assumeTrue(draughtsAvailable, "this ply-ffi build has no draughts yet")
        twoPlayersFinishByTapping(listOf(GameKind.DRAUGHTS, GameKind.RELAXED_DRAUGHTS))
    }

    private fun twoPlayersFinishByTapping(games: List<GameKind>) {
        for (game in games) {
            val q = QueueExecutor()
            val outbox = Outbox.open(Files.createTempDirectory("ply-shell").toString())
            val (c, r) = controller(GameSetup(game = game, mode = PlayMode.TWO_PLAYERS), q, outbox)
            val rng = Random(7)
            var plies = 0
            while (!isOver(c) && plies < 400) {
                val before = c.snapshot().moveNumber
                humanTurn(c, rng)
                assertEquals(before + 1u, c.snapshot().moveNumber, "$game: one tap sequence plays one move")
                plies++
            }
            assertTrue(isOver(c), "$game ended after $plies plies")
            assertTrue(r.last.gameOver)
            assertFalse(r.last.acceptsInput)
            assertEquals(0, q.size - 1, "only the outbox write is queued")
            q.drain()
            val finished = r.events.filterIsInstance<GameEvent.Finished>().single()
            assertNotNull(finished.recordId)
            assertEquals(r.last.statusText, finished.statusText)
            assertTrue(r.events.contains(GameEvent.SyncRequested))
            assertEquals(listOf(finished.recordId), outbox.pending().map { it.id })
        }
    }

    @Test
    fun theComputerAnswersEveryHumanMoveUntilTheEnd() {
        val q = QueueExecutor()
        val outbox = Outbox.open(Files.createTempDirectory("ply-shell").toString())
        val setup = GameSetup(game = GameKind.CONNECT_FOUR, mode = PlayMode.VS_COMPUTER, humanSide = Side.SECOND, difficulty = 2)
        val (c, r) = controller(setup, q, outbox)
        // The computer has the first move: a search is queued at once.
        assertEquals(Thinking.COMPUTER_MOVE, c.state.thinking)
        assertFalse(c.state.acceptsInput)
        assertTrue(c.state.statusText.contains("thinking"), c.state.statusText)
        val rng = Random(3)
        while (!isOver(c)) {
            q.drain()
            if (isOver(c)) break
            assertEquals(Side.SECOND, c.state.sideToMove, "after the computer, the human moves")
            assertEquals(Thinking.NONE, c.state.thinking)
            humanTurn(c, rng)
        }
        q.drain()
        val stats = c.moveStats()
        val computerPlies = c.snapshot().history.indices.filter { it % 2 == 0 }
        assertEquals(computerPlies, stats.map { it.ply }, "one statistic per computer move")
        assertTrue(stats.all { it.side == Side.FIRST && it.nodes > 0 && it.notation == c.snapshot().history[it.ply] })
        assertEquals(1uL, outbox.pendingCount())
        assertTrue(r.events.any { it is GameEvent.Finished })
        val report = c.afterGame()
        assertEquals(stats.size, report.points.size)
        assertTrue(report.finished)
        assertEquals(stats.maxOf { it.nodes }, report.maxNodes)
        assertTrue(report.shareText.contains(c.snapshot().history.joinToString("")), report.shareText)
    }

    @Test
    fun computerAgainstComputerPlaysToTheEndAndUndoPauses() {
        val q = QueueExecutor()
        val (c, _) = controller(GameSetup(game = GameKind.OTHELLO, mode = PlayMode.COMPUTER_VS_COMPUTER, difficulty = 1), q)
        repeat(6) { assertTrue(q.runOne()) }
        // Six tasks: each search runs, then posts its result, which starts the next search.
        assertEquals(3u, c.snapshot().moveNumber)
        c.undo()
        q.drain()
        assertEquals(2u, c.snapshot().moveNumber, "undo takes back one move and pauses")
        assertEquals(Thinking.NONE, c.state.thinking)
        c.resume()
        q.drain()
        assertTrue(isOver(c), "resumed play runs to the end")
        assertEquals(c.snapshot().moveNumber.toInt(), c.moveStats().size, "every move was the computer's")
    }

    @Test
    fun undoCancelsARunningSearchAndReturnsToTheHuman() {
        val bg = Executors.newSingleThreadExecutor()
        val main = QueueExecutor()
        try {
            // Unlimited depth and a 60 s budget: only cancellation can end this search quickly.
            val setup = GameSetup(game = GameKind.OTHELLO, mode = PlayMode.VS_COMPUTER, difficulty = 10)
            val c = GameController.create(setup, null, bg, main)
            val r = Recorder()
            c.attach(r)
            c.tap(c.state.cells.first { it.label == "f5" }.index)
            assertEquals(Thinking.COMPUTER_MOVE, c.state.thinking)
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20)
            while (c.state.thinkingNodes == 0L && System.nanoTime() < deadline) {
                Thread.sleep(5)
                c.pollThinking()
            }
            assertTrue(c.state.thinkingNodes > 0, "the live node count rises while the computer thinks")
            val t0 = System.nanoTime()
            c.undo()
            assertEquals(Thinking.NONE, c.state.thinking)
            assertEquals(0u, c.snapshot().moveNumber, "back to the human's turn at the start")
            assertTrue(c.state.acceptsInput)
            // The cancelled search returns promptly; its late result is ignored.
            while (main.size == 0 && System.nanoTime() < deadline) Thread.sleep(1)
            val ms = (System.nanoTime() - t0) / 1_000_000
            assertTrue(ms < 5_000, "the search stopped ${ms} ms after undo")
            main.drain()
            assertEquals(0u, c.snapshot().moveNumber, "nothing was played by the cancelled search")
            assertTrue(c.state.acceptsInput)
            c.close()
        } finally {
            bg.shutdownNow()
        }
    }

    @Test
    fun closingOrPausingStopsTheComputer() {
        val q = QueueExecutor()
        val (c, r) = controller(GameSetup(game = GameKind.CONNECT_FOUR, mode = PlayMode.COMPUTER_VS_COMPUTER, difficulty = 1), q)
        assertEquals(Thinking.COMPUTER_MOVE, c.state.thinking)
        c.pause()
        assertTrue(c.state.paused)
        assertTrue(c.state.statusText.startsWith("Paused"), c.state.statusText)
        q.drain()
        assertEquals(0u, c.snapshot().moveNumber, "the queued search never started")
        c.resume()
        assertEquals(Thinking.COMPUTER_MOVE, c.state.thinking)
        repeat(2) { assertTrue(q.runOne()) }
        assertEquals(1u, c.snapshot().moveNumber)
        val seen = r.states.size
        c.close()
        q.drain()
        assertEquals(1u, c.snapshot().moveNumber, "nothing is played after close")
        assertEquals(seen, r.states.size, "no state is delivered after close")
    }

    @Test
    fun undoAndRedoGoBackToTheHumansTurn() {
        val q = QueueExecutor()
        val (c, _) = controller(GameSetup(game = GameKind.CONNECT_FOUR, mode = PlayMode.VS_COMPUTER, difficulty = 1), q)
        c.tap(3)
        q.drain()
        c.tap(2)
        q.drain()
        assertEquals(4u, c.snapshot().moveNumber)
        c.undo()
        assertEquals(2u, c.snapshot().moveNumber, "the computer's reply and the human's move are taken back")
        assertTrue(c.state.acceptsInput)
        assertTrue(c.state.canRedo)
        assertEquals(0, q.size, "no search starts on the human's turn")
        c.redo()
        assertEquals(4u, c.snapshot().moveNumber)
        assertTrue(c.state.acceptsInput)
        assertEquals(2, c.moveStats().size, "the statistics of redone moves are kept")
        c.undo()
        c.tap(6)
        q.drain()
        assertEquals(4u, c.snapshot().moveNumber)
        assertEquals("7", c.snapshot().history[2])
    }

    @Test
    fun hintMarksTheSuggestedMoveAndAMoveClearsIt() {
        val q = QueueExecutor()
        val (c, _) = controller(GameSetup(game = GameKind.OTHELLO, mode = PlayMode.TWO_PLAYERS), q)
        c.hint()
        assertEquals(Thinking.HINT, c.state.thinking)
        assertFalse(c.state.canHint)
        q.drain()
        val hinted = c.state.cells.filter { it.hint }
        assertEquals(1, hinted.size, "one cell marked")
        assertTrue(hinted[0].legalTarget)
        assertTrue(hinted[0].description.endsWith("legal move, hint"), hinted[0].description)
        c.tap(hinted[0].index)
        assertTrue(c.state.cells.none { it.hint })
        assertEquals(1u, c.snapshot().moveNumber)
    }

    @Test
    fun resignEndsTheGameForTheHuman() {
        val q = QueueExecutor()
        val (c, r) = controller(GameSetup(game = GameKind.OTHELLO, mode = PlayMode.VS_COMPUTER, humanSide = Side.FIRST), q)
        c.resign()
        val st = c.snapshot().status
        assertTrue(st is GameStatus.Won && st.winner == Side.SECOND, "$st")
        assertEquals("White wins: the opponent resigned", c.state.statusText)
        assertTrue(r.events.filterIsInstance<GameEvent.Finished>().single().recordId == null, "no outbox given")
        assertEquals(Side.FIRST, c.saved().resignedBy)
    }

    @Test
    fun accessibilityLabelsAndHighlights() {
        val q = QueueExecutor()
        val (c, _) = controller(GameSetup(game = GameKind.OTHELLO, mode = PlayMode.TWO_PLAYERS), q)
        fun cell(label: String) = c.state.cells.first { it.label == label }
        assertEquals("e4, black disc", cell("e4").description)
        assertEquals("d4, white disc", cell("d4").description)
        assertEquals("d3, empty, legal move", cell("d3").description)
        assertEquals(setOf("d3", "c4", "f5", "e6"), c.state.cells.filter { it.legalTarget }.map { it.label }.toSet())
        c.tap(cell("a1").index)
        assertEquals("Not a legal move", c.state.message)
        assertEquals(0u, c.snapshot().moveNumber)
        c.tap(cell("f5").index)
        assertEquals("f5, black disc, last move", cell("f5").description)
        assertTrue(cell("e5").changedByLastMove, "e5 was turned")
        assertEquals(Piece.BLACK, cell("e5").piece)
        assertEquals(4, c.state.firstCount)
        assertEquals(1, c.state.secondCount)
        assertEquals("White to move", c.state.statusText)
        assertNull(c.state.message)

        val (f, _) = controller(GameSetup(game = GameKind.CONNECT_FOUR, mode = PlayMode.TWO_PLAYERS), q)
        f.tap(3) // top cell of column d: the stone drops to d1
        assertEquals("d1, red stone, last move", f.state.cells.first { it.label == "d1" }.description)
        assertEquals("d2, empty, legal move", f.state.cells.first { it.label == "d2" }.description)
    }

    @Test
    fun draughtsSelectionAndLabels() {
        assumeTrue(draughtsAvailable, "this ply-ffi build has no draughts yet")
        val q = QueueExecutor()
        val (d, _) = controller(GameSetup(game = GameKind.DRAUGHTS, mode = PlayMode.TWO_PLAYERS), q)
        fun sq(n: Int) = d.state.cells.first { it.label == "$n" }
        assertEquals("square 9, black man, can move", sq(9).description)
        assertEquals("light square", d.state.cells.first { !it.playable }.description)
        d.tap(sq(9).index)
        assertEquals("square 9, black man, selected", sq(9).description)
        assertEquals(setOf("13", "14"), d.state.cells.filter { it.legalTarget }.map { it.label }.toSet())
        assertEquals("square 14, empty, legal move", sq(14).description)
        d.tap(sq(10).index) // another piece that can move: reselect
        assertEquals(setOf("14", "15"), d.state.cells.filter { it.legalTarget }.map { it.label }.toSet())
        d.tap(sq(15).index)
        assertEquals(listOf("10-15"), d.snapshot().history)
        assertTrue(sq(10).lastMove && sq(15).lastMove)
    }

    @Test
    fun capturePathsEndingOnTheSameSquareAreDisambiguated() {
        assumeTrue(draughtsAvailable, "this ply-ffi build has no draughts yet")
        val q = QueueExecutor()
        // White king on 14 can reach 30 by 14x23x30 or 14x7x16x23x30.
        val setup = GameSetup(game = GameKind.DRAUGHTS, mode = PlayMode.TWO_PLAYERS, startPosition = "W:WK14:B10,11,18,19,26,27")
        val (c, _) = controller(setup, q)
        fun sq(n: Int) = c.state.cells.first { it.label == "$n" }
        c.tap(sq(14).index)
        c.tap(sq(30).index)
        val choices = c.state.pathChoices.map { it.notation }.sorted()
        assertEquals(listOf("14x23x30", "14x7x16x23x30"), choices)
        assertEquals(0u, c.snapshot().moveNumber, "nothing played before the choice")
        val long = c.state.pathChoices.indexOfFirst { it.notation == "14x7x16x23x30" }
        c.choosePath(long)
        assertEquals(listOf("14x7x16x23x30"), c.snapshot().history)
        assertEquals(listOf(7, 16, 23, 30).map { sq(it).index }.toSet() + sq(14).index, c.state.cells.filter { it.lastMove }.map { it.index }.toSet())
        assertEquals(4, c.state.cells.count { it.changedByLastMove }, "four pieces jumped")
    }

    @Test
    fun restoringASavedGameGivesTheSameBoard() {
        val q = QueueExecutor()
        val games = listOf(GameKind.OTHELLO, GameKind.CONNECT_FOUR) + if (draughtsAvailable) listOf(GameKind.DRAUGHTS) else emptyList()
        for (game in games) {
            val setup = GameSetup(
                game = game, mode = PlayMode.VS_COMPUTER, difficulty = 2,
                engine = EngineOptions(algorithm = AlgorithmChoice.SCOUT, heuristicPreset = "default"),
            )
            val (c, _) = controller(setup, q)
            val rng = Random(11)
            repeat(5) {
                if (!isOver(c)) humanTurn(c, rng)
                q.drain()
            }
            val text = c.saved().encode()
            val back = GameController.restore(SavedGame.decode(text), smallLimits(), q, q)
            back.attach(Recorder())
            assertEquals(c.snapshot(), back.snapshot())
            assertEquals(c.state.cells, back.state.cells)
            assertEquals(c.moveStats(), back.moveStats())
            assertEquals(setup, back.setup)
            assertEquals(0, q.size, "the human is to move in both")
            // The restored game goes on with the computer in its seat.
            humanTurn(back, rng)
            if (!isOver(back)) assertEquals(Thinking.COMPUTER_MOVE, back.state.thinking)
            q.drain()
        }
    }

    @Test
    fun everySessionIsCappedToTheDeviceLimits() {
        val q = QueueExecutor()
        val device = DeviceLimits(DeviceInfo(1L shl 30, 1L shl 29, 2))
        val c = GameController.create(GameSetup(), device.limits, q, q)
        assertEquals(device.limits, c.limits())
        assertEquals(32uL shl 20, device.limits.ttBytes, "1 GiB with half free: 32 MiB table")
        assertTrue(device.describe().any { it.contains("32 MiB") }, "${device.describe()}")
    }
}
