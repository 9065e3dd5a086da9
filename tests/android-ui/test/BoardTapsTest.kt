package dev.ply.uitest

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.click
import androidx.compose.ui.test.hasAnyAncestor
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.isDialog
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performSemanticsAction
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.runDesktopComposeUiTest
import dev.ply.app.ui.ANNOUNCEMENT_HELD_MS
import dev.ply.app.ui.BOARD_TAG
import dev.ply.app.ui.BoardColors
import dev.ply.app.ui.toColor
import dev.ply.appcore.ActionKind
import dev.ply.appcore.CellView
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.appcore.ConfirmationEvent
import dev.ply.appcore.HomeEvent
import dev.ply.appcore.PlatformEvent
import dev.ply.core.GameKind
import dev.ply.appcore.Piece
import dev.ply.appcore.PlayMode
import kotlin.math.abs
import kotlin.math.hypot
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The pieces games by finger and by TalkBack: a draughts double jump and a choice between two
 * capture paths, a Chinese Checkers hop chain on the zoomed star (scrolled by dragging, as a
 * finger does), the same moves through the accessibility semantics, and the live region that
 * speaks the core's announcements. What is asserted is what the screen shows beside what the
 * core holds.
 */
@OptIn(ExperimentalTestApi::class)
class BoardTapsTest {
    private val en = Strings(Session.RES, "en")

    private fun ui(s: Session, block: ComposeUiTest.() -> Unit) {
        runDesktopComposeUiTest(411, 820) {
            setContent { App(s, JvmPlatformUi(en), dark = false) }
            waitForIdle()
            block()
        }
    }

    /** Two people at one device, from [position] (the core's start-position text) if given. */
    private fun Session.twoPeople(game: GameKind, position: String? = null) {
        send(Event.Home(HomeEvent.ChooseGame(game)))
        send(Event.Home(HomeEvent.ChooseMode(PlayMode.TWO_PLAYERS)))
        // The multi-player games: two seats, both people.
        if (vm.home!!.playerCounts.isNotEmpty()) {
            send(Event.Home(HomeEvent.ChoosePlayers(2u)))
            vm.home!!.seats.forEach { send(Event.Home(HomeEvent.ChooseSeat(it.seat, true))) }
        }
        position?.let { send(Event.Home(HomeEvent.ChooseStartPosition(it))) }
        check(vm.home?.startPositionError == null) { "position refused: ${vm.home?.startPositionError}" }
        send(Event.Home(HomeEvent.NewGame))
        if (vm.confirmation != null) send(Event.Confirmation(ConfirmationEvent.ACCEPT))
    }

    /** The cell whose label names it [name] ("14", "d3"): labels are written with a screen reader on. */
    private fun Session.cell(name: String): CellView =
        vm.board!!.cells.firstOrNull { it.label.startsWith("$name,") } ?: error("no cell $name")

    private fun Session.cellNow(index: UInt): CellView = vm.board!!.cells.first { it.index == index }

    /** Where [cell]'s centre is on screen (root pixels), wherever the board is scrolled. */
    private fun ComposeUiTest.onScreen(s: Session, cell: CellView): Offset {
        val node = onNodeWithTag(BOARD_TAG).fetchSemanticsNode()
        val unit = node.size.width / s.vm.board!!.width
        return node.positionInRoot + Offset(cell.x * unit, cell.y * unit)
    }

    /** The part of the screen the board is seen in: the zoomed board's scrolling viewport, or itself. */
    private fun ComposeUiTest.viewport(): Rect {
        val node = onNodeWithTag(BOARD_TAG).fetchSemanticsNode()
        val root = onRoot().fetchSemanticsNode().boundsInRoot
        val box = node.parent?.boundsInRoot ?: node.boundsInRoot
        return box.intersect(root).intersect(node.boundsInRoot)
    }

    /**
     * Drags the zoomed board until [cell] is well inside the viewport, first across and then down
     * (each scroll takes its own axis), holding still before lifting so that nothing flings.
     */
    private fun ComposeUiTest.dragIntoView(s: Session, cell: CellView) {
        repeat(6) {
            val view = viewport()
            val at = onScreen(s, cell)
            // A third of a hole inside the viewport's edge: the star's tips lie under half a hole
            // inside the board's own edge, as far as a scroll can bring them.
            val node0 = onNodeWithTag(BOARD_TAG).fetchSemanticsNode()
            val margin = node0.size.width / s.vm.board!!.width * 0.3f
            val inside = Rect(view.left + margin, view.top + margin, view.right - margin, view.bottom - margin)
            if (inside.contains(at)) return
            val wanted = view.center - at
            for (leg in listOf(Offset(wanted.x, 0f), Offset(0f, wanted.y))) {
                if (abs(leg.x) + abs(leg.y) < 1f) continue
                // On the scrolling viewport, as a finger lands on what it sees.
                zoomViewport().performTouchInput {
                    down(center)
                    repeat(12) { moveBy(leg / 12f) }
                    advanceEventTime(600)
                    moveBy(Offset.Zero)
                    up()
                }
                waitForIdle()
            }
        }
        error("cell ${cell.index} never came into view: at ${onScreen(s, cell)} in ${viewport()}")
    }

    /** The zoomed board's viewport: the node that scrolls both ways. */
    private fun ComposeUiTest.zoomViewport() =
        onNode(SemanticsMatcher.keyIsDefined(SemanticsProperties.HorizontalScrollAxisRange))

    /** A finger's tap on [cell] where the screen shows it. */
    private fun ComposeUiTest.tap(s: Session, cell: CellView) {
        val at = onScreen(s, cell)
        onRoot().performTouchInput { click(at) }
        waitForIdle()
    }

    /** A piece's body: beside its centre, where a king's crown or a seat's symbol is not drawn. */
    private fun ComposeUiTest.body(s: Session, cell: CellView): Offset {
        val node = onNodeWithTag(BOARD_TAG).fetchSemanticsNode()
        return onScreen(s, cell) + Offset(0.2f * node.size.width / s.vm.board!!.width, 0f)
    }

    private fun ComposeUiTest.pixel(at: Offset): Color =
        onRoot().captureToImage().toPixelMap()[at.x.toInt(), at.y.toInt()]

    private fun close(a: Color, b: Color): Boolean =
        abs(a.red - b.red) < 0.1f && abs(a.green - b.green) < 0.1f && abs(a.blue - b.blue) < 0.1f

    @Test
    fun aDraughtsDoubleJumpByTwoTaps() = Session().use { s ->
        s.send(Event.Platform(PlatformEvent.Accessibility(true)))
        // Black's man on 6 must jump twice: 6x15x24, over the white men on 10 and 19.
        s.twoPeople(GameKind.DRAUGHTS, "B:W10,19,28:B1,6")
        ui(s) {
            val (six, ten, nineteen, twentyFour) = listOf("6", "10", "19", "24").map { s.cell(it) }
            assertTrue(close(pixel(body(s, ten)), BoardColors.white), "a white man is drawn on 10")
            tap(s, six)
            assertTrue(s.cellNow(six.index).selected, "the tapped man is selected")
            tap(s, twentyFour)
            assertEquals(listOf("6x24"), s.vm.board!!.moves)
            mainClock.advanceTimeBy(2_000)
            waitForIdle()
            for (taken in listOf(ten, nineteen)) {
                assertEquals(Piece.EMPTY, s.cellNow(taken.index).piece)
                assertTrue(close(pixel(onScreen(s, taken)), BoardColors.darkSquare), "the man on ${taken.label} is gone from the screen")
            }
            assertTrue(close(pixel(body(s, twentyFour)), BoardColors.black), "the jumping man stands on 24")
            assertTrue(!close(pixel(body(s, six)), BoardColors.black), "and has left 6")
        }
    }

    @Test
    fun twoCapturePathsToOneSquareAreChosenInTheDialog() = Session().use { s ->
        s.send(Event.Platform(PlatformEvent.Accessibility(true)))
        // A white king on 14 reaches 30 by 14x23x30 or by 14x7x16x23x30.
        s.twoPeople(GameKind.DRAUGHTS, "W:WK14:B10,11,18,19,26,27")
        ui(s) {
            tap(s, s.cell("14"))
            tap(s, s.cell("30"))
            assertTrue(s.vm.board!!.moves.isEmpty(), "nothing played before the choice")
            val long = "14x7x16x23x30"
            onNode(hasText("14x23x30") and hasAnyAncestor(isDialog())).assertExists()
            onNode(hasText(long) and hasAnyAncestor(isDialog())).performClick()
            waitForIdle()
            assertEquals(listOf(long), s.vm.board!!.moves)
            onNode(hasText(long) and hasAnyAncestor(isDialog())).assertDoesNotExist()
            mainClock.advanceTimeBy(2_000)
            waitForIdle()
            assertTrue(close(pixel(body(s, s.cell("30"))), BoardColors.white), "the king is drawn on 30")
            for (n in listOf("10", "11", "18", "19", "26", "27")) {
                val taken = s.cell(n)
                if (taken.piece == Piece.EMPTY && !taken.lastMove) {
                    assertTrue(close(pixel(onScreen(s, taken)), BoardColors.darkSquare), "$n is empty on screen")
                }
            }
        }
    }

    /**
     * The first legal move of the person to move, played until the marble to move has a hop
     * chain (a destination more than one hop away); returns the marble and that hole.
     */
    private fun Session.playUntilAHopChain(): Pair<CellView, CellView> {
        repeat(40) {
            val b = vm.board!!
            for (marble in b.cells.filter { it.legal }) {
                send(Event.Board(BoardEvent.TapCell(marble.index)))
                val far = vm.board!!.cells.filter { it.legal }
                    .maxByOrNull { hypot(it.x - marble.x, it.y - marble.y) }
                send(Event.Board(BoardEvent.CancelSelection))
                // Neighbouring holes are one unit apart, one hop two: farther is a chain.
                if (far != null && hypot(far.x - marble.x, far.y - marble.y) > 2.05f) return marble to far
            }
            send(Event.Board(BoardEvent.ChooseMove(b.legalMoves.first().index)))
        }
        error("no hop chain in 40 moves")
    }

    @Test
    fun aChineseCheckersHopChainByTapsOnTheZoomedStar() = Session().use { s ->
        s.twoPeople(GameKind.CHINESE_CHECKERS)
        val (marble, hole) = s.playUntilAHopChain()
        val played = s.vm.board!!.moves.size
        val seat = checkNotNull(marble.seat)
        ui(s) {
            if (!s.vm.board!!.zoomed) {
                onNode(hasText(s.vm.board!!.actions.first { it.kind == ActionKind.ZOOM_IN }.label)).performScrollTo().performClick()
                waitForIdle()
            }
            assertTrue(s.vm.board!!.zoomed, "zoomed by its button")
            mainClock.advanceTimeBy(500)
            waitForIdle()
            dragIntoView(s, marble)
            tap(s, marble)
            assertTrue(s.cellNow(marble.index).selected, "the marble is selected")
            dragIntoView(s, hole)
            tap(s, hole)
            val b = s.vm.board!!
            assertEquals(played + 1, b.moves.size, "one move: the whole chain")
            assertEquals(seat, s.cellNow(hole.index).seat)
            assertEquals(null, s.cellNow(marble.index).seat)
            mainClock.advanceTimeBy(2_000)
            waitForIdle()
            dragIntoView(s, hole)
            val fill = b.seats[seat.toInt()].fill.toColor()
            val node = onNodeWithTag(BOARD_TAG).fetchSemanticsNode()
            val unit = node.size.width / b.width
            // Beside the centre, where the seat's symbol is not drawn, inside the marble.
            assertTrue(close(pixel(onScreen(s, hole) + Offset(unit * 0.3f, 0f)), fill), "the marble is drawn in its new hole")
        }
    }

    @Test
    fun theSameMovesThroughTalkBack() = Session().use { s ->
        s.send(Event.Platform(PlatformEvent.Accessibility(true)))
        s.twoPeople(GameKind.DRAUGHTS, "B:W10,19,28:B1,6")
        ui(s) {
            // Each square a button named by the core: TalkBack's double tap is its click.
            onNodeWithContentDescription(s.cell("6").label).performClick()
            waitForIdle()
            onNodeWithContentDescription(s.cell("24").label).performClick()
            waitForIdle()
            assertEquals(listOf("6x24"), s.vm.board!!.moves)
            // The board's actions menu offers White's moves, each played as it is named.
            val board = onNodeWithContentDescription(s.vm.board!!.legalMovesLabel)
            val actions = board.fetchSemanticsNode().config[SemanticsActions.CustomActions]
            assertEquals(s.vm.board!!.legalMoves.map { it.label }, actions.map { it.label })
            val move = s.vm.board!!.legalMoves.first()
            runOnUiThread { actions.first { it.label == move.label }.action() }
            waitForIdle()
            assertEquals(listOf("6x24", move.notation), s.vm.board!!.moves)
            // Undo and resign as TalkBack presses buttons, the question answered in its dialog.
            onNode(hasText(s.vm.board!!.actions.first { it.kind == ActionKind.UNDO }.label) and !hasAnyAncestor(isDialog())).performScrollTo()
                .performSemanticsAction(SemanticsActions.OnClick)
            waitForIdle()
            assertEquals(listOf("6x24"), s.vm.board!!.moves)
            onNode(hasText(s.vm.board!!.actions.first { it.kind == ActionKind.RESIGN }.label) and !hasAnyAncestor(isDialog())).performScrollTo()
                .performSemanticsAction(SemanticsActions.OnClick)
            waitForIdle()
            val q = checkNotNull(s.vm.confirmation)
            onNode(hasText(q.confirm) and hasAnyAncestor(isDialog())).performSemanticsAction(SemanticsActions.OnClick)
            waitForIdle()
            assertTrue(s.vm.board!!.finished, "resigned")
        }
    }

    @Test
    fun aStarHopChainThroughTheActionsMenu() = Session().use { s ->
        s.send(Event.Platform(PlatformEvent.Accessibility(true)))
        s.twoPeople(GameKind.CHINESE_CHECKERS)
        val (marble, hole) = s.playUntilAHopChain()
        val played = s.vm.board!!.moves.size
        ui(s) {
            val b = s.vm.board!!
            val actions = onNodeWithContentDescription(b.legalMovesLabel).fetchSemanticsNode()
                .config[SemanticsActions.CustomActions]
            // The chain by its two ends, as the game writes it.
            val from = marble.label.substringBefore(',')
            val to = hole.label.substringBefore(',')
            val chain = b.legalMoves.first { it.notation == "$from-$to" }
            runOnUiThread { actions.first { it.label == chain.label }.action() }
            waitForIdle()
            assertEquals(played + 1, s.vm.board!!.moves.size)
            assertEquals(marble.seat, s.cellNow(hole.index).seat)
            onNodeWithContentDescription(s.cellNow(hole.index).label).assertExists()
        }
    }

    @Test
    fun theComputersMoveIsSpokenThenLeftForSwipesToPass() = Session().use { s ->
        s.send(Event.Platform(PlatformEvent.Accessibility(true)))
        s.send(Event.Home(HomeEvent.ChooseGame(GameKind.CONNECT_FOUR)))
        s.send(Event.Home(HomeEvent.ChooseMode(PlayMode.VS_COMPUTER)))
        s.send(Event.Home(HomeEvent.ChooseLevel(s.vm.home!!.minLevel)))
        s.send(Event.Home(HomeEvent.NewGame))
        ui(s) {
            mainClock.autoAdvance = false
            s.send(Event.Board(BoardEvent.PlayNotation("4")))
            s.settle()
            mainClock.advanceTimeBy(100)
            val spoken = checkNotNull(s.platform.announcement.value) { "the computer's move is announced" }
            val region = onNode(SemanticsMatcher.keyIsDefined(SemanticsProperties.LiveRegion))
            val said = region.fetchSemanticsNode().config.getOrElseNullable(SemanticsProperties.ContentDescription) { null }
            assertNotNull(said)
            assertEquals(spoken.text, said!!.single().removeSuffix("\u200B"))
            mainClock.advanceTimeBy(ANNOUNCEMENT_HELD_MS + 100)
            val later = region.fetchSemanticsNode().config.getOrElseNullable(SemanticsProperties.ContentDescription) { null }
            assertEquals(null, later, "cleared: a swipe no longer stops on the old announcement")
        }
    }
}
