package dev.ply.uitest

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assertIsNotSelected
import androidx.compose.ui.test.assertIsOff
import androidx.compose.ui.test.assertIsOn
import androidx.compose.ui.test.assertIsSelected
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.click
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.hasAnyAncestor
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.isDialog
import androidx.compose.ui.test.isToggleable
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performSemanticsAction
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.runDesktopComposeUiTest
import androidx.compose.ui.unit.IntSize
import dev.ply.app.ui.BOARD_TAG
import dev.ply.appcore.ActionKind
import dev.ply.appcore.CellView
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.NavigationEvent
import dev.ply.appcore.PlatformEvent
import dev.ply.core.GameKind
import dev.ply.appcore.Piece
import dev.ply.appcore.PlayMode
import dev.ply.appcore.RulesVariant
import dev.ply.appcore.Screen
import dev.ply.appcore.WatchPace
import kotlin.math.abs
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Journeys through the composables on the JVM, against the real core: taps and clicks go in as a
 * finger or TalkBack would give them, and what is asserted is what the screen shows (its
 * semantics, its texts, a pixel at a cell's centre), beside what the core holds.
 */
@OptIn(ExperimentalTestApi::class)
class UiJourneyTest {
    private val en = Strings(Session.RES, "en")

    /** The app in a 411 by 820 dp window at density 1, showing [s]; the UI's sends go to the core. */
    private fun ui(s: Session, block: ComposeUiTest.(JvmPlatformUi) -> Unit) {
        val platformUi = JvmPlatformUi(en)
        runDesktopComposeUiTest(411, 820) {
            setContent { App(s, platformUi, dark = false) }
            waitForIdle()
            block(platformUi)
        }
    }

    private fun ComposeUiTest.cellAt(s: Session, notation: String): CellView {
        val b = s.vm.board!!
        val i = b.legalMoves.firstOrNull { it.notation == notation }
        return b.cells.first { c -> i != null && c.index == cellIndexOf(s, notation) || c.index == cellIndexOf(s, notation) }
    }

    /** The index of the Othello/Connect Four cell named [notation] (columns a.., rows 1..). */
    private fun cellIndexOf(s: Session, notation: String): UInt {
        val b = s.vm.board!!
        val col = notation[0] - 'a'
        val row = notation.substring(1).toInt() - 1
        return b.cells.first { it.col.toInt() == col && it.row.toInt() == row }.index
    }

    /** Taps the board where the core places [cell], as a finger would. */
    private fun ComposeUiTest.tap(s: Session, cell: CellView) {
        val b = s.vm.board!!
        onNodeWithTag(BOARD_TAG).performTouchInput {
            val unit = width / b.width
            click(Offset(cell.x * unit, cell.y * unit))
        }
        waitForIdle()
    }

    /**
     * The colour drawn on screen (ARGB) at the centre of [cell], or [dx] board units right of it
     * (a disc's body, beside the last-move mark drawn at its centre).
     */
    private fun ComposeUiTest.pixelAt(s: Session, cell: CellView, dx: Float = 0f): Int {
        val b = s.vm.board!!
        val node = onNodeWithTag(BOARD_TAG).fetchSemanticsNode()
        val unit = node.size.width / b.width
        val at = node.positionInRoot + Offset((cell.x + dx) * unit, cell.y * unit)
        val map = onRoot().captureToImage().toPixelMap()
        return map[at.x.toInt(), at.y.toInt()].let { c ->
            ((c.alpha * 255).toInt() shl 24) or ((c.red * 255).toInt() shl 16) or ((c.green * 255).toInt() shl 8) or (c.blue * 255).toInt()
        }
    }

    /** A disc's body: right of its centre, past the last-move mark, inside its edge (0.42). */
    private val DISC_BODY = 0.25f

    /** Felt under the legal-move dot (0x99 black over 0x1B7F3B): an empty cell one may play. */
    private val FELT_WITH_DOT = 0x0B3318

    private fun near(argb: Int, rgb: Int): Boolean =
        listOf(16, 8, 0).all { sh -> abs(((argb shr sh) and 0xFF) - ((rgb shr sh) and 0xFF)) <= 24 }

    private fun Session.newOthello(mode: PlayMode) {
        send(Event.Home(HomeEvent.ChooseGame(GameKind.OTHELLO)))
        send(Event.Home(HomeEvent.ChooseMode(mode)))
        send(Event.Home(HomeEvent.ChooseLevel(vm.home!!.minLevel)))
        send(Event.Home(HomeEvent.NewGame))
        if (vm.confirmation != null) send(Event.Confirmation(ConfirmationEvent.ACCEPT))
    }

    /** The board's button of [kind], found by the label the core gives it, outside any dialog. */
    private fun ComposeUiTest.button(s: Session, kind: ActionKind) =
        onNode(hasText(s.vm.board!!.actions.first { it.kind == kind }.label) and !hasAnyAncestor(isDialog())).performScrollTo()

    private fun ComposeUiTest.text(name: String) = onNode(hasText(en.get(name)) and !hasAnyAncestor(isDialog()))

    /** A button of the open dialog (its confirm may read as the action that opened it). */
    private fun ComposeUiTest.dialogButton(label: String) = onNode(hasText(label) and hasAnyAncestor(isDialog()))

    @Test
    fun aLegalTapPlacesADiscAndTheComputerAnswers() = Session().use { s ->
        s.newOthello(PlayMode.VS_COMPUTER)
        ui(s) {
            val f5 = s.vm.board!!.cells.first { it.index == cellIndexOf(s, "f5") }
            assertTrue(near(pixelAt(s, f5), FELT_WITH_DOT), "f5 is empty felt with its legal-move dot before the tap")
            tap(s, f5)
            s.settle()
            waitForIdle()
            val b = s.vm.board!!
            assertEquals(2, b.moves.size, "the person's move and the computer's answer: ${b.moves}")
            assertEquals("f5", b.moves[0])
            assertTrue(near(pixelAt(s, f5, DISC_BODY), 0x161616), "a black disc is drawn at f5")
            val answer = b.cells.first { it.lastMove }
            assertTrue(near(pixelAt(s, answer), 0xFF7043), "the answer's last-move mark is drawn at its centre")
            onNodeWithText(b.status).assertExists()
        }
    }

    @Test
    fun anIllegalTapChangesNothing() = Session().use { s ->
        s.newOthello(PlayMode.TWO_PLAYERS)
        ui(s) {
            val before = s.vm.board!!
            val a1 = before.cells.first { it.index == cellIndexOf(s, "a1") }
            tap(s, a1)
            val after = s.vm.board!!
            assertEquals(before.cells.map { it.piece }, after.cells.map { it.piece })
            assertEquals(emptyList<String>(), after.moves)
            assertTrue(near(pixelAt(s, a1), 0x1B7F3B), "a1 still shows felt")
        }
    }

    @Test
    fun hintUndoAndRedoByTheButtons() = Session().use { s ->
        s.newOthello(PlayMode.TWO_PLAYERS)
        ui(s) {
            button(s, ActionKind.HINT).performClick()
            s.settle()
            waitForIdle()
            val hinted = s.vm.board!!.cells.filter { it.hint }
            assertEquals(1, hinted.size, "one hinted cell")
            val cell = hinted.single()
            assertTrue(near(pixelAt(s, cell), 0x29B6F6) || !near(pixelAt(s, cell), 0x1B7F3B), "the hint is drawn at its cell")
            tap(s, cell)
            assertEquals(1, s.vm.board!!.moves.size)
            button(s, ActionKind.UNDO).performClick()
            waitForIdle()
            assertEquals(0, s.vm.board!!.moves.size)
            assertTrue(near(pixelAt(s, cell), FELT_WITH_DOT) || near(pixelAt(s, cell), 0x29B6F6), "the undone disc is gone: ${Integer.toHexString(pixelAt(s, cell))}")
            assertEquals(Piece.EMPTY, s.vm.board!!.cells.first { it.index == cell.index }.piece)
            button(s, ActionKind.REDO).performClick()
            waitForIdle()
            assertEquals(1, s.vm.board!!.moves.size)
            assertTrue(near(pixelAt(s, cell, DISC_BODY), 0x161616), "the redone disc is drawn")
        }
    }

    @Test
    fun resignAsksFirstAndCancelKeepsTheGame() = Session().use { s ->
        s.newOthello(PlayMode.TWO_PLAYERS)
        s.send(Event.Board(BoardEvent.PlayNotation("f5")))
        ui(s) {
            button(s, ActionKind.RESIGN).performClick()
            waitForIdle()
            val q = checkNotNull(s.vm.confirmation) { "resign asks first" }
            onNodeWithText(q.question).assertExists()
            dialogButton(q.cancel).performClick()
            waitForIdle()
            assertNull(s.vm.confirmation)
            onNodeWithText(q.question).assertDoesNotExist()
            assertFalse(s.vm.board!!.finished)
            button(s, ActionKind.RESIGN).performClick()
            waitForIdle()
            dialogButton(s.vm.confirmation!!.confirm).performClick()
            waitForIdle()
            assertTrue(s.vm.board!!.finished, "resigned")
            button(s, ActionKind.GAME_SUMMARY).assertExists()
        }
    }

    @Test
    fun aNewGameWhileOneIsPlayedAsksAndReplacesIt() = Session().use { s ->
        s.newOthello(PlayMode.TWO_PLAYERS)
        s.send(Event.Board(BoardEvent.PlayNotation("f5")))
        ui(s) {
            button(s, ActionKind.NEW_GAME).performClick()
            waitForIdle()
            val q = checkNotNull(s.vm.confirmation) { "a game with a move: the core asks" }
            dialogButton(q.confirm).performClick()
            waitForIdle()
            assertEquals(emptyList<String>(), s.vm.board!!.moves)
            assertEquals(Screen.BOARD, s.vm.drawn)
        }
    }

    @Test
    fun backFromEveryScreen() = Session().use { s ->
        ui(s) { p ->
            assertFalse(p.pressBack(), "on Home the system's back leaves the app")
            for (open in listOf("settings", "history")) {
                text(open).performScrollTo().performClick()
                waitForIdle()
                assertTrue(s.vm.drawn != Screen.HOME)
                onNodeWithContentDescription(en.get("back")).performClick()
                waitForIdle()
                assertEquals(Screen.HOME, s.vm.drawn, "the top bar's back from $open")
                text(open).performScrollTo().performClick()
                waitForIdle()
                assertTrue(p.pressBack())
                waitForIdle()
                assertEquals(Screen.HOME, s.vm.drawn, "the system's back from $open")
                text("home_title").assertExists()
            }
            s.send(Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)))
            s.send(Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
            text("play").performScrollTo().performClick()
            waitForIdle()
            assertEquals(Screen.BOARD, s.vm.drawn)
            for (c in listOf("1", "2", "1", "2", "1", "2", "1")) s.send(Event.Board(BoardEvent.PlayNotation(c)))
            waitForIdle()
            button(s, ActionKind.GAME_SUMMARY).performClick()
            waitForIdle()
            assertEquals(Screen.AFTER_GAME, s.vm.drawn)
            assertTrue(p.pressBack())
            waitForIdle()
            val from = s.vm.drawn
            assertTrue(from == Screen.BOARD || from == Screen.HOME, "back from after-game: $from")
            if (from == Screen.BOARD) {
                onNodeWithContentDescription(en.get("back")).performClick()
                waitForIdle()
            }
            assertEquals(Screen.HOME, s.vm.drawn)
        }
    }

    @Test
    fun draughtsRulesAreChosenBesideTheGameWithTheirChips() = Session().use { s ->
        ui(s) {
            val home = s.vm.home!!
            assertEquals(GameKind.entries.toList(), home.games.map { it.game }, "Home lists the core's six games")
            // Othello has one set of rules: no rules row.
            text("rules").assertDoesNotExist()
            val draughts = home.games.first { it.game == GameKind.DRAUGHTS }.label
            onNode(hasText(draughts) and hasClickAction()).performScrollTo().performClick()
            waitForIdle()
            text("rules").assertExists()
            val variants = s.vm.home!!.variants
            assertEquals(listOf(RulesVariant.STANDARD, RulesVariant.RELAXED), variants.map { it.rules })
            val standard = onNode(hasText(variants[0].label) and hasClickAction())
            val relaxed = onNode(hasText(variants[1].label) and hasClickAction())
            standard.assertIsSelected()
            relaxed.assertIsNotSelected()
            relaxed.performScrollTo().performClick()
            waitForIdle()
            assertEquals(RulesVariant.RELAXED, s.vm.home!!.rules)
            relaxed.assertIsSelected()
            standard.assertIsNotSelected()
            // A position where Black can jump 6x24 or step 1-5: under relaxed rules both are moves.
            s.send(Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
            s.send(Event.Home(HomeEvent.ChooseStartPosition("B:W10,19,28:B1,6")))
            text("play").performScrollTo().performClick()
            waitForIdle()
            val b = s.vm.board!!
            assertEquals(Screen.BOARD, s.vm.drawn)
            onNodeWithText(b.title).assertExists()
            assertTrue(b.title.startsWith("Draughts (captures optional)"), b.title)
            assertTrue(b.legalMoves.any { it.notation == "1-5" }, "a step past a capture: ${b.legalMoves.map { it.notation }}")
            s.send(Event.Board(BoardEvent.PlayNotation("1-5")))
            waitForIdle()
            assertEquals(listOf("1-5"), s.vm.board!!.moves)
        }
    }

    @Test
    fun settingsTogglesAsWholeRows() = Session().use { s ->
        s.send(Event.Navigation(NavigationEvent.OpenSettings))
        ui(s) {
            val haptics = s.vm.settings!!.haptics
            val row = onNode(hasText(en.get("haptics")) and isToggleable(), useUnmergedTree = false)
            if (haptics) row.assertIsOn() else row.assertIsOff()
            row.performClick()
            waitForIdle()
            assertEquals(!haptics, s.vm.settings!!.haptics)
            if (haptics) row.assertIsOff() else row.assertIsOn()
            val metered = s.vm.settings!!.syncOnMetered
            onNode(hasText(en.get("sync_on_metered")) and isToggleable()).performClick()
            waitForIdle()
            assertEquals(!metered, s.vm.settings!!.syncOnMetered)
            // The watch pace: a row of chips under its heading, one tap chooses.
            onNodeWithText(en.get("watch_pace")).performScrollTo().assertExists()
            val slow = s.vm.settings!!.watchPaceOptions.first { it.pace == WatchPace.SLOW }
            assertFalse(slow.selected, "a new install watches at a move a second")
            onNodeWithText(slow.label).performScrollTo().assertIsNotSelected().performClick()
            waitForIdle()
            assertEquals(WatchPace.SLOW, s.vm.settings!!.watchPace)
            onNodeWithText(slow.label).assertIsSelected()
            onNodeWithText(s.vm.settings!!.watchPaceOptions.first { it.pace == WatchPace.NORMAL }.label).assertIsNotSelected()
        }
    }

    @Test
    fun theSameJourneyThroughTheAccessibilitySemantics() = Session().use { s ->
        s.send(Event.Platform(PlatformEvent.Accessibility(true)))
        s.newOthello(PlayMode.TWO_PLAYERS)
        ui(s) {
            val b = s.vm.board!!
            val f5 = b.cells.first { it.index == cellIndexOf(s, "f5") }
            assertTrue(f5.label.isNotEmpty(), "with a screen reader on the core labels the cells")
            // A cell as TalkBack presses it: its node's click.
            onNodeWithContentDescription(f5.label).performClick()
            waitForIdle()
            assertEquals(listOf("f5"), s.vm.board!!.moves)
            assertTrue(near(pixelAt(s, f5, DISC_BODY), 0x161616), "a black disc is drawn at f5")
            // A legal move from the board's actions menu.
            val board = onNodeWithContentDescription(s.vm.board!!.legalMovesLabel)
            val actions = board.fetchSemanticsNode().config[SemanticsActions.CustomActions]
            val move = s.vm.board!!.legalMoves.first()
            val action = actions.first { it.label == move.label }
            runOnUiThread { action.action() }
            waitForIdle()
            assertEquals(listOf("f5", move.notation), s.vm.board!!.moves)
            // The hint and the undo as TalkBack finds buttons: by their text.
            button(s, ActionKind.UNDO).assertExists().performSemanticsAction(SemanticsActions.OnClick)
            waitForIdle()
            assertEquals(listOf("f5"), s.vm.board!!.moves)
        }
    }

    @Test
    fun aCoreThatCannotStartSaysWhyAndOffersAnotherTry() {
        // A data directory that is a file: the core's own start fails, with its typed error.
        val notADir = java.io.File.createTempFile("ply-ui-not-a-dir", "")
        Session(listOf("de-DE"), dataDir = notADir).use { s ->
            val failed = s.host.state as? dev.ply.shell.CoreHost.State.Failed
            assertNotNull(failed, "the start failed: ${s.host.state}")
            val reason = failed!!.reason
            assertNotNull(reason, "the core wrote why")
            // The typed error's own words, not the exception's field dump.
            assertTrue(reason!!.contains("cannot be made") && !reason.contains("reason="), reason)
            val de = Strings(Session.RES, "de")
            runDesktopComposeUiTest(411, 820) {
                setContent { App(s, JvmPlatformUi(de), dark = false) }
                waitForIdle()
                onNodeWithText(de.get("start_failed_title")).assertExists()
                onNodeWithText(reason!!).assertExists()
                onNodeWithText(de.get("try_again")).assertExists()
            }
        }
    }
}
