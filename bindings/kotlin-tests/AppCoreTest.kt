package dev.ply.appcore.tests

import dev.ply.appcore.AppConfig
import dev.ply.appcore.AppTab
import dev.ply.appcore.BackgroundOutcome
import dev.ply.appcore.BoardShape
import dev.ply.appcore.BoardView
import dev.ply.appcore.ClientPlatform
import dev.ply.appcore.Effect
import dev.ply.appcore.Event
import dev.ply.appcore.AfterGameEvent
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HistoryEvent
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.NavigationEvent
import dev.ply.appcore.PlatformEvent
import dev.ply.appcore.ReviewEvent
import dev.ply.appcore.SettingsEvent
import dev.ply.core.GameKind
import dev.ply.appcore.MoveLabel
import dev.ply.appcore.PlayMode
import dev.ply.appcore.ReviewStatus
import dev.ply.appcore.RulesVariant
import dev.ply.appcore.Screen
import dev.ply.appcore.ScreenView
import dev.ply.appcore.SyncState
import dev.ply.appcore.ThinkingKind
import dev.ply.appcore.WatchPace
import dev.ply.ffi.AppCore
import dev.ply.ffi.AppShell
import dev.ply.core.HttpHeader
import dev.ply.core.HttpRequest
import dev.ply.core.HttpResponse
import dev.ply.core.HttpTransport
import dev.ply.core.TransportException
import dev.ply.ffi.syncRetryBaseSeconds
import dev.ply.ffi.uniffiEnsureInitialized
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.util.concurrent.ConcurrentLinkedQueue
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import dev.ply.shell.TempDirs

/**
 * A shell as the phone apps are one: effects arrive on the core's threads (and from each
 * dispatch) and are queued for a fake main thread ([drain]); scheduled background syncs go to a
 * fake scheduler ([scheduled]); the
 * saved UI state and the token go to fake platform stores.
 */
class FakeShell : AppShell {
    private val inbox = ConcurrentLinkedQueue<Effect>()
    val seen = mutableListOf<Effect>()
    val scheduled = mutableListOf<ULong>()
    var uiState: String? = null
    var token: String? = null
    var renders = 0

    override fun effects(effects: List<Effect>) {
        inbox.addAll(effects)
    }

    /** What the main thread does with the queued effects. */
    fun drain() {
        while (true) {
            val e = inbox.poll() ?: return
            seen += e
            when (e) {
                is Effect.Render -> renders++
                is Effect.RenderProgress -> {}
                is Effect.ScheduleSync -> scheduled += e.notBeforeMs
                is Effect.SaveUiState -> uiState = e.v1
                is Effect.StoreToken -> token = e.v1
                is Effect.Cue, is Effect.Announce -> {}
            }
        }
    }
}

/** As the shells do: an event's own effects, returned by `dispatch`, join the main thread's queue. */
fun AppCore.send(shell: FakeShell, event: Event) = shell.effects(dispatch(event))

fun AppCore.sendAndBoard(shell: FakeShell, event: Event): BoardView? {
    val update = dispatchAndBoard(event)
    shell.effects(update.effects)
    return update.board
}

/**
 * A collector whose answer the test switches: down, rejecting every record, accepting, or out of
 * reach because the platform refuses plain http to it (Android's network security configuration).
 */
class SwitchableCollector : HttpTransport {
    enum class Mode { DOWN, REJECTING, ACCEPTING, CLEARTEXT_REFUSED }

    @Volatile var mode = Mode.ACCEPTING

    private fun json(status: Int, body: String) =
        HttpResponse(status.toUShort(), listOf(HttpHeader("Content-Type", "application/json")), body.toByteArray())

    override fun send(request: HttpRequest): HttpResponse {
        if (mode == Mode.DOWN) throw TransportException.Connect("network unreachable")
        if (mode == Mode.CLEARTEXT_REFUSED) {
            throw TransportException.CleartextRefused("collector.test: CLEARTEXT communication to collector.test not permitted by network security policy")
        }
        if (request.url.endsWith("/v1/devices")) return json(201, "{\"device_id\":\"d1\",\"token\":\"ply_test_token\"}")
        val body = String(request.body, Charsets.UTF_8)
        val ids = Regex("\"id\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"").findAll(body).map { it.groupValues[1] }.toList()
        val results = ids.joinToString(",") {
            if (mode == Mode.REJECTING) {
                "{\"id\":\"$it\",\"status\":\"rejected\",\"reason\":{\"code\":\"bad_record\",\"message\":\"not wanted\"}}"
            } else {
                "{\"id\":\"$it\",\"status\":\"accepted\"}"
            }
        }
        return json(200, "{\"results\":[$results]}")
    }
}

/** No network: every request fails to connect. */
class OfflineTransport : HttpTransport {
    override fun send(request: HttpRequest): HttpResponse = throw TransportException.Connect("offline")
}

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AppCoreTest {

    @AfterEach
    fun removeTempDirs() = TempDirs.removeAll()

    @BeforeAll
    fun checksums() = uniffiEnsureInitialized()

    private fun config(dir: String) = AppConfig(
        dataDir = dir, platform = ClientPlatform.ANDROID, appVersion = "test",
        totalRamBytes = 4uL shl 30, availableRamBytes = 2uL shl 30, cpuCores = 4u, token = null,
    )

    private fun newDir(): String = TempDirs.create("ply-app")

    private fun start(dir: String, shell: FakeShell, game: GameKind, mode: PlayMode, level: Int, transport: HttpTransport? = null): AppCore {
        val app = TempDirs.core(config(dir), shell, transport)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        app.send(shell, Event.Home(HomeEvent.ChooseGame(game)))
        app.send(shell, Event.Home(HomeEvent.ChooseMode(mode)))
        app.send(shell, Event.Home(HomeEvent.ChooseLevel(level.toUByte())))
        app.send(shell, Event.Home(HomeEvent.NewGame))
        return app
    }

    private fun settled(app: AppCore, shell: FakeShell): BoardView {
        assertTrue(app.waitIdle(30_000uL), "the core's workers finished")
        shell.drain()
        return assertNotNull(app.boardView())
    }

    @Test
    fun aWholeGameOfEachKindAgainstTheComputer() {
        for ((kind, you) in listOf(
            GameKind.OTHELLO to "You play black (X)",
            GameKind.CONNECT_FOUR to "You play red (X)",
            GameKind.DRAUGHTS to "You play black (X)",
        )) {
            val shell = FakeShell()
            val app = start(newDir(), shell, kind, PlayMode.VS_COMPUTER, 1)
            var board = settled(app, shell)
            assertTrue(board.status.startsWith(you), "$kind: ${board.status}")
            var turns = 0
            while (!board.finished) {
                assertTrue(board.acceptsInput, board.status)
                app.sendAndBoard(shell, Event.Board(BoardEvent.ChooseMove(board.legalMoves.first().index)))
                board = settled(app, shell)
                turns++
                assertTrue(turns < 600, "$kind: the game ends")
            }
            if (kind == GameKind.OTHELLO) {
                assertEquals(board.firstCount + board.secondCount, board.cells.count { it.piece.name != "EMPTY" }.toUInt())
            }
            assertTrue(shell.seen.contains(Effect.Announce(board.status)), "$kind: the result is announced")
            assertTrue(shell.seen.any { it is Effect.Announce && it.v1.startsWith("The computer (") && it.v1.contains(") played") }, "$kind")
            app.send(shell, Event.Navigation(NavigationEvent.OpenHistory))
            settled(app, shell)
            val history = assertNotNull(app.historyView())
            assertEquals(1, history.entries.size, "$kind")
            assertEquals(SyncState.Local, history.entries[0].sync)
            assertIs<ScreenView.History>(assertNotNull(app.view()).screen)
            app.destroy()
        }
    }

    /**
     * Plays into a position the opening book of real games does not hold (the computer answers
     * the first two moves from it at once), ready for the person's `c7`, after which the computer
     * searches.
     */
    private fun outOfTheBook(app: AppCore, shell: FakeShell) {
        for (move in listOf("f5", "c3")) {
            app.send(shell, Event.Board(BoardEvent.PlayNotation(move)))
            settled(app, shell)
        }
        assertEquals(BOOK_LINE, assertNotNull(app.boardView()).moves)
    }

    @Test
    fun undoAndRedoWhileTheComputerThinks() {
        val shell = FakeShell()
        // Level 10 thinks for seconds out of the book: the undo arrives mid-search.
        val app = start(newDir(), shell, GameKind.OTHELLO, PlayMode.VS_COMPUTER, 10)
        settled(app, shell)
        outOfTheBook(app, shell)
        val thinking = app.sendAndBoard(shell, Event.Board(BoardEvent.PlayNotation("c7")))
        assertEquals(ThinkingKind.MOVE, thinking?.thinking?.kind)
        val undone = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.Undo)))
        assertTrue(undone.moves == BOOK_LINE && undone.thinking == null && undone.acceptsInput, undone.status)
        // The cancelled search ends on the core's thread; it must not play into the undone game.
        val later = settled(app, shell)
        assertEquals(BOOK_LINE, later.moves, "a stale search changed the game")
        val redone = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.Redo)))
        assertEquals(BOOK_LINE + "c7", redone.moves)
        assertEquals(ThinkingKind.MOVE, redone.thinking?.kind, "the computer thinks again after redo")
        app.send(shell, Event.Board(BoardEvent.Undo))
        assertEquals(BOOK_LINE, settled(app, shell).moves)
        app.destroy()
    }

    @Test
    fun hidingTheScreenCancelsThinkingAndShowingResumes() {
        val shell = FakeShell()
        // Level 10 thinks for seconds out of the book: long enough to be hidden mid-search.
        val app = start(newDir(), shell, GameKind.OTHELLO, PlayMode.VS_COMPUTER, 10)
        settled(app, shell)
        outOfTheBook(app, shell)
        val thinking = app.sendAndBoard(shell, Event.Board(BoardEvent.PlayNotation("c7")))
        assertEquals(ThinkingKind.MOVE, thinking?.thinking?.kind)
        app.send(shell, Event.Platform(PlatformEvent.ScreenHidden))
        val hidden = settled(app, shell)
        assertEquals(BOOK_LINE + "c7", hidden.moves, "no move while hidden")
        assertNull(hidden.thinking)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        assertEquals(ThinkingKind.MOVE, app.boardView()?.thinking?.kind, "thinking again once shown")
        app.send(shell, Event.Board(BoardEvent.Undo))
        val undone = settled(app, shell)
        assertTrue(undone.moves == BOOK_LINE && undone.acceptsInput)
        app.destroy()
    }

    @Test
    fun aGameSurvivesProcessDeath() {
        val dir = newDir()
        val shell = FakeShell()
        val app = start(dir, shell, GameKind.CONNECT_FOUR, PlayMode.TWO_PLAYERS, 1)
        app.send(shell, Event.Board(BoardEvent.PlayNotation("4")))
        app.send(shell, Event.Board(BoardEvent.PlayNotation("3")))
        val before = settled(app, shell)
        val blob = assertNotNull(shell.uiState)
        app.destroy()

        val again = FakeShell()
        val restored = TempDirs.core(config(dir), again, null)
        restored.send(again, Event.Platform(PlatformEvent.RestoreUi(blob)))
        restored.send(again, Event.Platform(PlatformEvent.ScreenShown))
        val after = settled(restored, again)
        assertIs<ScreenView.Board>(assertNotNull(restored.view()).screen)
        assertEquals(before.moves, after.moves)
        assertEquals(before.cells, after.cells)
        assertEquals("Red (X) to move.", after.status)
        restored.destroy()
    }

    @Test
    fun endingTheBackgroundTimeTellsTheSchedulerToRunAgainAtTheBackoffsFirstStep() {
        // The run's own stopping, and a stop that comes before its run, are tested in
        // app/tests/background_run.rs; this is the FFI call iOS's expiration handler and
        // WorkManager's onStopped make, here before any run.
        val app = TempDirs.core(config(newDir()), FakeShell(), null)
        assertEquals(BackgroundOutcome.RetryAfter(syncRetryBaseSeconds()), app.cancelBackgroundSync())
        assertEquals(BackgroundOutcome.Done, app.backgroundSync(), "with no collector set there is nothing to stop")
    }

    @Test
    fun aFailedSyncIsScheduledAtTheCoresRetryTimeAlsoInTheBackground() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, OfflineTransport())
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        app.send(shell, Event.Navigation(NavigationEvent.OpenSettings))
        app.send(shell, Event.Settings(SettingsEvent.SetServerUrl("ftp://nowhere")))
        assertNotNull(app.settingsView()?.serverUrlError, "a bad address is refused")
        app.send(shell, Event.Settings(SettingsEvent.SetServerUrl("https://collector.example")))
        app.send(shell, Event.Settings(SettingsEvent.SetSyncEnabled(true)))
        assertTrue(app.settingsView()!!.syncEnabled)
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)))
        app.send(shell, Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
        app.send(shell, Event.Home(HomeEvent.NewGame))
        for (c in listOf("1", "2", "1", "2", "1", "2", "1")) app.send(shell, Event.Board(BoardEvent.PlayNotation(c)))
        settled(app, shell)
        val retry = shell.scheduled.lastOrNull()
        assertNotNull(retry, "the failed attempt asks the platform to try again")
        app.send(shell, Event.Platform(PlatformEvent.Background))
        shell.drain()
        assertEquals(retry, shell.scheduled.last(), "backgrounding keeps the core's retry time")
        assertEquals(SyncState.Waiting, app.historyView()!!.entries[0].sync)
        app.destroy()
    }

    /** The core's game kinds and the app's rules variant cross the FFI as one choice. */
    @Test
    fun relaxedDraughtsIsTheGameDraughtsUnderTheRelaxedRules() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        assertEquals(GameKind.entries.toList(), app.homeView()!!.games.map { it.game })
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.DRAUGHTS)))
        assertEquals(listOf(RulesVariant.STANDARD, RulesVariant.RELAXED), app.homeView()!!.variants.map { it.rules })
        app.send(shell, Event.Home(HomeEvent.ChooseRules(RulesVariant.RELAXED)))
        app.send(shell, Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
        app.send(shell, Event.Home(HomeEvent.ChooseStartPosition("B:W10,19,28:B1,6")))
        app.send(shell, Event.Home(HomeEvent.NewGame))
        val b = assertNotNull(app.boardView())
        assertEquals(GameKind.DRAUGHTS, b.game)
        assertTrue(b.legalMoves.any { it.notation == "1-5" }, "a step past a capture is a move")
        app.destroy()
    }

    @Test
    fun computerAgainstComputerPausesAndResumes() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        app.send(shell, Event.Settings(SettingsEvent.SetWatchPace(WatchPace.SLOW)))
        assertEquals(
            listOf("At once", "1 s a move", "3 s a move"),
            assertNotNull(app.settingsView()).watchPaceOptions.map { it.label },
        )
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.OTHELLO)))
        app.send(shell, Event.Home(HomeEvent.ChooseMode(PlayMode.COMPUTER_VS_COMPUTER)))
        app.send(shell, Event.Home(HomeEvent.ChooseLevel(3u)))
        app.send(shell, Event.Home(HomeEvent.NewGame))
        // The first move comes from the opening book at once and waits out its 3 s: the pause
        // drops it, and a pause at once stops the wait.
        app.send(shell, Event.Board(BoardEvent.Pause))
        val paused = settled(app, shell)
        assertTrue(paused.canResume && !paused.canPause, paused.status)
        assertTrue(paused.status.startsWith("Paused"), paused.status)
        assertEquals(emptyList(), paused.moves, "the move waiting for its pace was not played")
        assertEquals(paused.moves, settled(app, shell).moves, "no move while paused")
        app.send(shell, Event.Settings(SettingsEvent.SetWatchPace(WatchPace.FAST)))
        assertEquals(WatchPace.FAST, app.settingsView()?.watchPace)
        app.send(shell, Event.Board(BoardEvent.Resume))
        val end = settled(app, shell)
        assertTrue(end.finished, end.status)
        assertTrue(end.moves.size > paused.moves.size)
        app.destroy()
    }

    @Test
    fun twoPlayersOnOneDevice() {
        val shell = FakeShell()
        val app = start(newDir(), shell, GameKind.CONNECT_FOUR, PlayMode.TWO_PLAYERS, 1)
        for ((i, c) in listOf("4", "5", "4", "5", "4", "5", "4").withIndex()) {
            val b = assertNotNull(app.boardView())
            assertEquals(if (i % 2 == 0) "Red (X) to move." else "Yellow (O) to move.", b.status)
            app.send(shell, Event.Board(BoardEvent.PlayNotation(c)))
        }
        val end = settled(app, shell)
        assertEquals("Red wins (four in a row).", end.status)
        assertTrue(shell.seen.contains(Effect.Cue(dev.ply.appcore.Cue.GAME_OVER)))
        app.send(shell, Event.Navigation(NavigationEvent.OpenAfterGame))
        val after = assertNotNull(app.afterGameView())
        assertEquals(7u, after.moveCount)
        assertTrue(after.shareText.contains("4545454"), after.shareText)
        app.destroy()
    }

    @Test
    fun anOthelloReviewNamesTheOpeningBooksMoves() {
        val shell = FakeShell()
        val app = start(newDir(), shell, GameKind.OTHELLO, PlayMode.TWO_PLAYERS, 1)
        for (m in BOOK_LINE + "c7") {
            app.send(shell, Event.Board(BoardEvent.PlayNotation(m)))
        }
        settled(app, shell)
        app.send(shell, Event.Board(BoardEvent.Resign))
        assertEquals("Resign this game?", app.view()?.confirmation?.question, "the core asks first")
        app.send(shell, Event.Confirmation(ConfirmationEvent.ACCEPT))
        app.send(shell, Event.Navigation(NavigationEvent.OpenAfterGame))
        app.send(shell, Event.AfterGame(AfterGameEvent.REVIEW_GAME))
        assertTrue(app.waitIdle(60_000uL), "the review finished")
        shell.drain()
        val review = assertNotNull(app.afterGameView()?.review)
        assertEquals(ReviewStatus.Ready, review.status)
        // The book's line is known theory: labelled as such, never flagged.
        for (m in review.moves.take(BOOK_LINE.size)) {
            assertEquals(MoveLabel.BOOK, m.label, m.text)
            assertFalse(m.flagged)
        }
        assertEquals("1. f5: book", review.moves[0].text)
        app.destroy()
    }

    @Test
    fun theFinishedGameIsReviewedAndSteppedThrough() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        quickWin(app, shell)
        app.send(shell, Event.Navigation(NavigationEvent.OpenAfterGame))
        val before = assertNotNull(app.afterGameView())
        assertTrue(before.canReview)
        assertNull(before.review)

        app.send(shell, Event.AfterGame(AfterGameEvent.REVIEW_GAME))
        val asked = assertNotNull(app.afterGameView()?.review)
        assertTrue(asked.status is ReviewStatus.Running || asked.status == ReviewStatus.Ready)
        assertTrue(app.waitIdle(60_000uL), "the review finished")
        shell.drain()
        val review = assertNotNull(app.afterGameView()?.review)
        assertEquals(ReviewStatus.Ready, review.status)
        assertEquals((1u..7u).toList(), review.moves.map { it.ply })
        // The winning move: best, solved, the first player's expected score 100.
        val last = review.moves.last()
        assertEquals(MoveLabel.BEST, last.label)
        assertTrue(last.exact)
        assertEquals(100.0, last.firstExpected)
        // The second player's sixth move ignored the threat in column 1.
        assertEquals("1", review.moves[5].best)
        assertEquals(MoveLabel.BLUNDER, review.moves[5].label)
        assertTrue(review.moves[5].flagged)
        assertEquals(review.mistakes.map { it.ply }, review.moves.filter { it.flagged }.map { it.ply })
        assertEquals(2, review.players.size)
        assertTrue(shell.seen.any { it is Effect.Announce && it.v1.startsWith("Review ready.") })

        // Step to move 6: the board after five moves, the played and best cells marked.
        app.send(shell, Event.Review(ReviewEvent.Step(6u)))
        val step = assertNotNull(app.afterGameView()?.review?.step)
        assertEquals(6u, step.ply)
        assertEquals(listOf(3 * 7 + 1), step.board.cells.filter { it.lastMove }.map { it.index.toInt() })
        assertEquals(listOf(2 * 7), step.board.cells.filter { it.hint }.map { it.index.toInt() })
        assertEquals(5, step.board.cells.count { it.piece != dev.ply.appcore.Piece.EMPTY })
        assertEquals(5u, step.previousPly)
        assertEquals(7u, step.nextPly)

        app.send(shell, Event.Review(ReviewEvent.Close))
        assertNull(app.afterGameView()?.review)
        app.destroy()
    }

    @Test
    fun aChineseCheckersTableOfOnePersonAndTwoComputers() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.CHINESE_CHECKERS)))
        app.send(shell, Event.Home(HomeEvent.ChoosePlayers(3u)))
        val home = assertNotNull(app.homeView())
        assertEquals(listOf(2u, 3u, 4u, 6u), home.playerCounts.map { it.count })
        assertEquals(listOf(true, false, false), home.seats.map { it.human })
        for (seat in 1u..2u) app.send(shell, Event.Home(HomeEvent.ChooseSeatLevel(seat, 1u)))
        app.send(shell, Event.Home(HomeEvent.NewGame))
        val start = settled(app, shell)
        assertEquals(BoardShape.STAR, start.shape)
        assertEquals(121, start.cells.size)
        assertEquals(3, start.players.size)
        assertEquals(0u, start.turnSeat)
        assertEquals(listOf(10u, 10u, 10u), start.players.map { it.count })
        assertFalse(start.canResign)

        // A marble, then the hole it goes to; the two computers answer.
        val from = start.cells.first { it.legal && it.seat == 0u }
        val selected = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.TapCell(from.index))))
        assertTrue(selected.cells.single { it.selected }.index == from.index)
        val to = selected.cells.first { it.legal && it.seat == null }
        app.send(shell, Event.Board(BoardEvent.TapCell(to.index)))
        val after = settled(app, shell)
        assertEquals(3, after.moves.size, "the person's move and both computers' replies")
        assertEquals(0u, after.turnSeat)
        assertEquals(0u, after.cells.single { it.index == to.index }.seat)
        assertTrue(after.acceptsInput)
        assertTrue(shell.seen.any { it is Effect.Announce && it.v1.startsWith("Blue (computer) played") })
        app.destroy()
    }

    @Test
    fun cellLabelsAreBuiltOnlyWhileAnAccessibilityServiceIsOn() {
        val shell = FakeShell()
        val app = start(newDir(), shell, GameKind.OTHELLO, PlayMode.TWO_PLAYERS, 1)
        val labelled = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.PlayNotation("f5"))))
        assertTrue(labelled.cells.all { it.label.isNotEmpty() })
        assertTrue(labelled.cells.any { it.label == "f5, black disc, last move" })
        // As the Android shell does when AccessibilityManager.isEnabled turns false.
        val plain = assertNotNull(app.sendAndBoard(shell, Event.Platform(PlatformEvent.Accessibility(false))))
        assertTrue(plain.cells.all { it.label.isEmpty() })
        assertEquals(labelled.cells.map { it.copy(label = "") }, plain.cells, "only the labels differ")
        val again = assertNotNull(app.sendAndBoard(shell, Event.Platform(PlatformEvent.Accessibility(true))))
        assertEquals(labelled.cells, again.cells)
        app.destroy()
    }

    @Test
    fun aPhoneInGermanGetsTheBoardInGerman() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        // As the Android shell sends Configuration.locales at start and on every change.
        app.send(shell, Event.Platform(PlatformEvent.Languages(listOf("de-DE", "en-US"))))
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)))
        app.send(shell, Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
        val b = assertNotNull(app.sendAndBoard(shell, Event.Home(HomeEvent.NewGame)))
        assertEquals("Vier gewinnt: zu zweit an diesem Gerät", b.title)
        assertEquals("Rot (X) ist am Zug.", b.status)
        repeat(6) { app.send(shell, Event.Board(BoardEvent.TapCell(0u))) }
        val full = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.TapCell(35u))))
        assertEquals("Diese Spalte ist voll", full.message)
        val english = assertNotNull(app.sendAndBoard(shell, Event.Platform(PlatformEvent.Languages(listOf("en-GB")))))
        assertEquals("Red (X) to move.", english.status)
        app.destroy()
    }

    @Test
    fun aFullColumnAndABadMoveAreRefusedWithAReason() {
        val shell = FakeShell()
        val app = start(newDir(), shell, GameKind.CONNECT_FOUR, PlayMode.TWO_PLAYERS, 1)
        repeat(6) { app.send(shell, Event.Board(BoardEvent.TapCell(0u))) }
        val full = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.TapCell(35u))))
        assertEquals("That column is full", full.message)
        assertEquals(6, full.moves.size)
        val bad = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.PlayNotation("9"))))
        assertEquals("'9': not a column: a move is one digit 1-7", bad.message)
        assertEquals(6, bad.moves.size)
        app.destroy()
    }

    @Test
    fun invalidSettingsNameTheirField() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        app.send(shell, Event.Navigation(NavigationEvent.OpenSettings))
        app.send(shell, Event.Settings(SettingsEvent.SetWeights(GameKind.OTHELLO, "{\"weights\": {\"nonsense\": 1}}")))
        val w = assertNotNull(app.settingsView()).weights.first { it.game == GameKind.OTHELLO }
        assertTrue(w.error?.contains("nonsense") == true, w.toString())
        assertTrue(!w.custom)
        app.send(shell, Event.Settings(SettingsEvent.SetServerUrl("collector.example")))
        assertNotNull(app.settingsView()?.serverUrlError)
        app.send(shell, Event.Settings(SettingsEvent.SetSyncEnabled(true)))
        assertTrue(!app.settingsView()!!.syncEnabled, "sync stays off without a valid address")
        app.destroy()
    }

    @Test
    fun backgroundStopsTheComputerAndForegroundResumesIt() {
        val shell = FakeShell()
        val app = start(newDir(), shell, GameKind.OTHELLO, PlayMode.VS_COMPUTER, 2)
        app.send(shell, Event.Board(BoardEvent.PlayNotation("d3")))
        app.send(shell, Event.Platform(PlatformEvent.Background))
        val away = settled(app, shell)
        assertTrue(away.moves.size <= 2, "at most the move that was already found")
        app.send(shell, Event.Platform(PlatformEvent.Foreground))
        val back = settled(app, shell)
        assertEquals(2, back.moves.size)
        assertTrue(back.acceptsInput)
        app.send(shell, Event.Board(BoardEvent.Hint))
        val hinted = settled(app, shell)
        assertEquals(1, hinted.cells.count { it.hint }, "one cell carries the hint")
        app.destroy()
    }

    /** Every back (Android's system back and top bars) and the tabs, as the shells send them. */
    @Test
    fun backAndTheTabsGoWhereTheCoreSays() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        val view = { assertNotNull(app.view()) }
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        assertTrue(view().backLeavesApp, "home: back is the system's")
        quickWin(app, shell)
        app.send(shell, Event.Navigation(NavigationEvent.OpenAfterGame))
        assertIs<ScreenView.AfterGame>(view().screen)
        assertFalse(view().backLeavesApp)
        app.send(shell, Event.Navigation(NavigationEvent.Back))
        assertIs<ScreenView.Board>(view().screen, "after-game goes back to its board")
        app.send(shell, Event.Navigation(NavigationEvent.OpenAfterGame))
        app.send(shell, Event.Navigation(NavigationEvent.SelectTab(AppTab.HISTORY)))
        assertEquals(AppTab.HISTORY, view().tab)
        assertEquals(Screen.AFTER_GAME, view().playScreen, "the Play tab keeps its screen")
        app.send(shell, Event.Navigation(NavigationEvent.SelectTab(AppTab.PLAY)))
        assertIs<ScreenView.AfterGame>(view().screen, "the play area comes back where it was left")
        assertEquals(AppTab.PLAY, view().tab)
        app.send(shell, Event.Navigation(NavigationEvent.OpenSettings))
        app.send(shell, Event.Navigation(NavigationEvent.Back))
        assertIs<ScreenView.Home>(view().screen)
        assertTrue(view().backLeavesApp)
        app.destroy()
    }

    private fun quickWin(app: AppCore, shell: FakeShell) {
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)))
        app.send(shell, Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
        app.send(shell, Event.Home(HomeEvent.NewGame))
        for (c in listOf("1", "2", "1", "2", "1", "2", "1")) app.send(shell, Event.Board(BoardEvent.PlayNotation(c)))
        assertTrue(app.waitIdle(30_000uL))
        shell.drain()
    }

    @Test
    fun historyShowsEverySyncState() {
        val shell = FakeShell()
        val collector = SwitchableCollector()
        val app = TempDirs.core(config(newDir()), shell, collector)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        quickWin(app, shell)
        assertEquals(SyncState.Local, app.historyView()!!.entries[0].sync, "sync is off")

        collector.mode = SwitchableCollector.Mode.DOWN
        app.send(shell, Event.Settings(SettingsEvent.SetServerUrl("http://collector.test")))
        app.send(shell, Event.Settings(SettingsEvent.SetSyncEnabled(true)))
        app.send(shell, Event.Navigation(NavigationEvent.OpenHistory))
        settled(app, shell)
        assertEquals(SyncState.Waiting, app.historyView()!!.entries[0].sync)

        collector.mode = SwitchableCollector.Mode.REJECTING
        app.send(shell, Event.History(HistoryEvent.SyncNow))
        settled(app, shell)
        val rejected = app.historyView()!!.entries[0].sync
        assertTrue(rejected is SyncState.Rejected && rejected.reason.contains("not wanted"), rejected.toString())

        collector.mode = SwitchableCollector.Mode.ACCEPTING
        quickWin(app, shell)
        app.send(shell, Event.History(HistoryEvent.SyncNow))
        settled(app, shell)
        val h = app.historyView()!!
        assertEquals(2, h.entries.size)
        assertEquals(SyncState.Synced, h.entries[0].sync, "newest first")
        assertTrue(h.entries[1].sync is SyncState.Rejected)
        assertEquals("ply_test_token", shell.token, "the token registered on the way is kept")
        app.destroy()
    }

    /** The address typed key by key turns sync on; the platform's refusal of plain http is named. */
    @Test
    fun plainHttpThePlatformRefusesSaysTheAddressNeedsHttpsAndKeepsTheGame() {
        val shell = FakeShell()
        val collector = SwitchableCollector()
        collector.mode = SwitchableCollector.Mode.CLEARTEXT_REFUSED
        val app = TempDirs.core(config(newDir()), shell, collector)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        app.send(shell, Event.Navigation(NavigationEvent.OpenSettings))
        val url = "http://collector.test"
        for (end in 1..url.length) app.send(shell, Event.Settings(SettingsEvent.SetServerUrl(url.take(end))))
        assertEquals(url, app.settingsView()!!.serverUrl)
        app.send(shell, Event.Settings(SettingsEvent.SetSyncEnabled(true)))
        assertTrue(app.settingsView()!!.syncEnabled, "no Return needed")
        // In the background the run is the platform's worker's, and it reports the typed problem.
        app.send(shell, Event.Platform(PlatformEvent.Background))
        quickWin(app, shell)
        // No retry can get through a refusal: the worker gives up, and the game waits.
        assertEquals(BackgroundOutcome.GiveUp, app.backgroundSync())
        app.send(shell, Event.Platform(PlatformEvent.Foreground))
        app.send(shell, Event.Navigation(NavigationEvent.OpenHistory))
        settled(app, shell)
        val h = app.historyView()!!
        assertEquals(SyncState.Waiting, h.entries[0].sync, "the game waits")
        assertTrue(h.syncStatus.contains("Last attempt: this address needs https"), h.syncStatus)
        app.send(shell, Event.Navigation(NavigationEvent.OpenSettings))
        assertTrue(app.settingsView()!!.syncProblem?.contains("needs https") == true)

        collector.mode = SwitchableCollector.Mode.ACCEPTING
        app.send(shell, Event.Navigation(NavigationEvent.OpenHistory))
        app.send(shell, Event.History(HistoryEvent.SyncNow))
        settled(app, shell)
        val after = app.historyView()!!
        assertEquals(SyncState.Synced, after.entries[0].sync)
        assertFalse(after.syncStatus.contains("https"), after.syncStatus)
        app.destroy()
    }

    /** What the settings and home screens draw crosses the FFI: option lists, labels, drafts. */
    @Test
    fun theScreensDrawTheCoresListsAndTexts() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        app.send(shell, Event.Platform(PlatformEvent.Languages(listOf("de-DE"))))
        app.send(shell, Event.Navigation(NavigationEvent.OpenSettings))
        val ponder = app.settingsView()!!.ponderOptions
        assertEquals(listOf("Ab Stufe 7", "Immer", "Nie"), ponder.map { it.label })
        app.send(shell, Event.Settings(SettingsEvent.SetPonder(ponder[1].mode)))
        assertEquals(listOf(false, true, false), app.settingsView()!!.ponderOptions.map { it.selected })
        app.send(shell, Event.Settings(SettingsEvent.EditWeights(GameKind.OTHELLO, "{")))
        assertEquals("{", app.settingsView()!!.weights.first { it.game == GameKind.OTHELLO }.json)
        app.send(shell, Event.Navigation(NavigationEvent.OpenHome))
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)))
        app.send(shell, Event.Home(HomeEvent.EditStartPosition("44")))
        val home = app.homeView()!!
        assertEquals("44", home.startPositionText)
        assertEquals(null, home.startPosition)
        assertEquals((1..10).map { "Stufe $it" }, home.levels.map { it.label })
        app.destroy()
    }

    @Test
    fun aGameRestoredOnHomeWaitsThereUntilTheBoardIsOpened() {
        val dir = newDir()
        val shell = FakeShell()
        // Level 10 thinks for seconds: the board is left while the computer is thinking.
        val app = start(dir, shell, GameKind.CONNECT_FOUR, PlayMode.VS_COMPUTER, 10)
        settled(app, shell)
        app.send(shell, Event.Board(BoardEvent.ChooseMove(3u)))
        app.send(shell, Event.Navigation(NavigationEvent.OpenHome))
        val left = settled(app, shell)
        assertEquals(1, left.moves.size, "leaving the board stops the computer")
        val blob = assertNotNull(shell.uiState)
        app.destroy()

        // A new process: the platform gives back the UI state, then shows the screen.
        val again = FakeShell()
        val restored = TempDirs.core(config(dir), again, null)
        restored.send(again, Event.Platform(PlatformEvent.RestoreUi(blob)))
        restored.send(again, Event.Platform(PlatformEvent.ScreenShown))
        assertTrue(restored.waitIdle(30_000uL))
        again.drain()
        assertIs<ScreenView.Home>(restored.view()!!.screen)
        assertEquals(1, restored.boardView()!!.moves.size, "no search while on Home")
        val home = restored.homeView()!!
        assertTrue(home.canResume && home.resumeLabel.contains("Connect Four"), home.resumeLabel)
        val board = restored.sendAndBoard(again, Event.Navigation(NavigationEvent.OpenBoard))
        assertEquals(ThinkingKind.MOVE, board?.thinking?.kind, "the computer thinks once the board is shown")
        restored.send(again, Event.Platform(PlatformEvent.ScreenHidden))
        assertTrue(restored.waitIdle(5_000uL))
        restored.destroy()
    }

    @Test
    fun ponderingLeavesThePersonFreeAndStopsWhenTheScreenHides() {
        val shell = FakeShell()
        val app = TempDirs.core(config(newDir()), shell, null)
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        app.send(shell, Event.Settings(SettingsEvent.SetPonder(dev.ply.appcore.PonderMode.ON)))
        app.send(shell, Event.Home(HomeEvent.ChooseGame(GameKind.OTHELLO)))
        app.send(shell, Event.Home(HomeEvent.ChooseLevel(8u)))
        app.send(shell, Event.Home(HomeEvent.NewGame))
        app.send(shell, Event.Board(BoardEvent.PlayNotation("f5")))
        // Wait for the computer's answer, not for the core to be idle: it goes on pondering.
        var board = app.boardView()!!
        val deadline = System.nanoTime() + 60_000_000_000L
        while (!board.acceptsInput && System.nanoTime() < deadline) {
            Thread.sleep(20)
            board = app.boardView()!!
        }
        assertEquals(2, board.moves.size, board.status)
        assertNull(board.thinking, "pondering is the person's time: nothing to wait for")
        assertTrue(board.canHint, "the person may ask for a hint meanwhile")
        // Level 8 ponders for seconds; hiding the screen stops it at once.
        app.send(shell, Event.Platform(PlatformEvent.ScreenHidden))
        assertTrue(app.waitIdle(5_000uL), "pondering stopped when the screen hid")
        app.send(shell, Event.Platform(PlatformEvent.ScreenShown))
        val legal = app.boardView()!!.legalMoves.first().index
        val after = assertNotNull(app.sendAndBoard(shell, Event.Board(BoardEvent.ChooseMove(legal))))
        // The person's move stops pondering and the answer is searched; or, when the pondering
        // restarted on showing the screen already finished from its kept table and the person
        // played the reply it expected, the answer came at once from it (a ponder hit).
        assertTrue(
            after.thinking?.kind == ThinkingKind.MOVE || after.moves.size == 4,
            "the answer is searched or already played: ${after.thinking} after ${after.moves}",
        )
        app.send(shell, Event.Platform(PlatformEvent.ScreenHidden))
        assertTrue(app.waitIdle(5_000uL))
        shell.drain()
        app.destroy()
    }
}
