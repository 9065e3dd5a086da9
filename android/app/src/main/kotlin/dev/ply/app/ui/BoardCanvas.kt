package dev.ply.app.ui

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.FastOutSlowInEasing
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.absoluteOffset
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableLongStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.scale
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.LocalLayoutDirection
import androidx.compose.ui.semantics.CustomAccessibilityAction
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.customActions
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.dp
import dev.ply.appcore.AnimationStep
import dev.ply.appcore.BoardView
import dev.ply.appcore.CellView
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent
import dev.ply.core.GameKind
import dev.ply.appcore.Piece
import dev.ply.appcore.SeatStyle
import kotlin.math.PI
import kotlin.math.abs
import kotlin.math.cos
import kotlin.math.roundToInt

/**
 * The board: a Canvas that draws the core's [BoardView] where the core places each cell (its `x`
 * and `y` in board units, the board [BoardView.width] units across), and sends a tap as the point
 * it hit (`BoardEvent.TapPoint`: the core finds the square, or the star's nearest hole). For screen
 * readers, each playable cell is a node with the core's label over its own box
 * ([BoardView.cellWidth] by [BoardView.cellHeight]), and the board offers the legal moves as
 * actions; with no accessibility service on (the labels are empty) no node is composed. Without
 * [send] (the review's board) the cells are read, not pressed.
 */
@Composable
fun Board(board: BoardView, send: Send?, modifier: Modifier = Modifier) {
    // The last move plays once: when the core's animation number differs from the one last
    // animated. That number survives rotation and starts at the board's own, so neither a
    // rotation nor coming back to the board plays an old move again.
    val progress = remember { Animatable(1f) }
    var animated by rememberSaveable { mutableLongStateOf(board.animationSeq.toLong()) }
    LaunchedEffect(board.animationSeq) {
        if (board.animationSeq.toLong() == animated) return@LaunchedEffect
        animated = board.animationSeq.toLong()
        if (board.animation.isEmpty()) {
            progress.snapTo(1f)
        } else {
            progress.snapTo(0f)
            progress.animateTo(1f, tween(durationMillis = 240 + 140 * board.animation.size.coerceAtMost(4), easing = FastOutSlowInEasing))
        }
    }
    val dark = LocalDarkTheme.current
    // The legal moves as the board's actions, for TalkBack's actions menu: the core describes
    // the board only while a service reads labels (else the description is empty).
    val moves = if (send != null && board.legalMovesLabel.isNotEmpty()) {
        board.legalMoves.map { m -> CustomAccessibilityAction(m.label) { send(Event.Board(BoardEvent.ChooseMove(m.index))); true } }
    } else {
        null
    }
    Box(
        modifier.testTag(BOARD_TAG).semantics {
            if (moves != null) {
                contentDescription = board.legalMovesLabel
                customActions = moves
            }
        },
    ) {
        val taps = if (send == null) {
            Modifier
        } else {
            Modifier.pointerInput(board.width, send) {
                detectTapGestures { p ->
                    val unit = size.width / board.width
                    send(Event.Board(BoardEvent.TapPoint(p.x / unit, p.y / unit)))
                }
            }
        }
        Canvas(Modifier.fillMaxSize().then(taps).clearAndSetSemantics {}) {
            val p = progress.value
            when (board.game) {
                GameKind.OTHELLO -> drawOthello(board, p)
                GameKind.CONNECT_FOUR -> drawConnectFour(board, p, dark)
                GameKind.DRAUGHTS -> drawDraughts(board, p)
                GameKind.VIRUS -> drawVirus(board, p)
                GameKind.FOCUS -> drawFocus(board, p)
                GameKind.CHINESE_CHECKERS -> drawStar(board, p)
            }
        }
        // Laid out left to right whatever the reading direction, as the canvas draws them. The
        // core writes labels only while a service reads them: without, no node is composed.
        if (board.cells.any { it.label.isNotEmpty() }) {
            CompositionLocalProvider(LocalLayoutDirection provides LayoutDirection.Ltr) { CellNodes(board, send) }
        }
    }
}

/** The board's test tag (UI tests find the board by it; TalkBack never reads it). */
const val BOARD_TAG = "board"

/**
 * One node per labelled cell over its box, with the core's label: a button that taps the cell
 * where the core says (`CellView.button`: every playable cell of the game's board, never
 * "disabled": a tap while the computer thinks is the core's to refuse, with its reason), else a
 * cell that is only read. The unplayable squares (a draughts board's light ones) are left out,
 * so TalkBack walks only the squares that matter.
 */
@Composable
private fun CellNodes(board: BoardView, send: Send?) {
    BoxWithConstraints(Modifier.fillMaxSize()) {
        val unit = constraints.maxWidth / board.width
        val density = LocalDensity.current
        val w = with(density) { (board.cellWidth * unit).toDp() }
        val h = with(density) { (board.cellHeight * unit).toDp() }
        for (cell in board.cells) {
            if (!cell.playable || cell.label.isEmpty()) continue
            Box(
                Modifier
                    .absoluteOffset {
                        IntOffset(
                            ((cell.x - board.cellWidth / 2f) * unit).roundToInt(),
                            ((cell.y - board.cellHeight / 2f) * unit).roundToInt(),
                        )
                    }
                    .size(w, h)
                    .semantics {
                        contentDescription = cell.label
                        if (send != null && cell.button) {
                            role = Role.Button
                            onClick { send(Event.Board(BoardEvent.TapCell(cell.index))); true }
                        }
                    },
            )
        }
    }
}

private fun pieceColor(p: Piece): Color = when (p) {
    Piece.BLACK, Piece.BLACK_MAN, Piece.BLACK_KING -> BoardColors.black
    Piece.WHITE, Piece.WHITE_MAN, Piece.WHITE_KING -> BoardColors.white
    Piece.RED -> BoardColors.red
    Piece.YELLOW -> BoardColors.yellow
    // The multi-player games colour a piece by its cell's seat (the board's seat styles).
    Piece.INFECTED, Piece.STACK, Piece.MARBLE, Piece.EMPTY -> Color.Transparent
}

/** The style the core gives [seat] (null: no seat, or a two-player game). */
private fun BoardView.style(seat: UInt?): SeatStyle? = seat?.let { seats.getOrNull(it.toInt()) }

private fun BoardView.fill(seat: UInt?): Color = style(seat)?.fill?.toColor() ?: BoardColors.noSeat

/** A seat's piece with its symbol, beside the player's name (the name says the rest). */
@Composable
fun SeatBadge(style: SeatStyle) {
    Canvas(Modifier.size(18.dp).clearAndSetSemantics {}) {
        drawCircle(style.fill.toColor())
        drawSymbol(style, center, size.minDimension * 0.7f)
    }
}

/** A seat's symbol (the core's outline) [size] pixels across, centred on [at]. */
private fun DrawScope.drawSymbol(style: SeatStyle, at: Offset, size: Float) {
    val path = Path()
    style.outline.forEachIndexed { i, pt ->
        val x = at.x + pt.x * size
        val y = at.y + pt.y * size
        if (i == 0) path.moveTo(x, y) else path.lineTo(x, y)
    }
    path.close()
    drawPath(path, style.mark.toColor())
}

private fun DrawScope.drawVirus(b: BoardView, p: Float) {
    val cs = cellSize(b)
    drawRect(BoardColors.virusBoard)
    val placed = b.animation.filterIsInstance<AnimationStep.Place>().map { it.cell }.toSet()
    val infected = b.animation.filterIsInstance<AnimationStep.Flip>().flatMap { it.cells }.toSet()
    for (cell in b.cells) {
        val topLeft = topLeft(b, cell)
        val ctr = center(b, cell)
        if (cell.piece == Piece.INFECTED) {
            // The infection spreads: the target first, then the squares it takes.
            val grow = when {
                p >= 1f -> 1f
                cell.index in placed -> (p * 2f).coerceAtMost(1f)
                cell.index in infected -> ((p - 0.4f) / 0.6f).coerceIn(0f, 1f)
                else -> 1f
            }
            val inset = cs.width * 0.5f * (1f - grow)
            drawRect(b.fill(cell.seat), topLeft + Offset(inset, inset), Size(cs.width - 2 * inset, cs.height - 2 * inset))
            b.style(cell.seat)?.let { drawSymbol(it, ctr, cs.minDimension * 0.45f * grow) }
        }
        drawRect(BoardColors.grid, topLeft, cs, style = Stroke(width = 2f))
        if (cell.lastMove) drawCircle(BoardColors.lastMove, cs.minDimension * 0.1f, ctr)
        if (cell.legal) drawCircle(BoardColors.legalDot, cs.minDimension * 0.1f, ctr)
        if (cell.hint) drawRect(BoardColors.hint, topLeft, cs, style = Stroke(width = 6f))
    }
}

private fun DrawScope.drawFocus(b: BoardView, p: Float) {
    val cs = cellSize(b)
    val jump = b.animation.filterIsInstance<AnimationStep.Jump>().firstOrNull()
    for (cell in b.cells) {
        val topLeft = topLeft(b, cell)
        if (!cell.playable) continue
        drawRect(BoardColors.focusSquare, topLeft, cs)
        drawRect(BoardColors.grid.copy(alpha = 0.4f), topLeft, cs, style = Stroke(width = 1f))
        if (cell.lastMove) drawRect(BoardColors.lastMove.copy(alpha = 0.3f), topLeft, cs)
        if (cell.selected) drawRect(BoardColors.selected.copy(alpha = 0.55f), topLeft, cs)
        if (cell.hint) drawRect(BoardColors.hint.copy(alpha = 0.4f), topLeft, cs)
        // The stack from the side: one band per piece, bottom first; a moved stack slides in.
        val slide = if (jump != null && jump.to == cell.index && p < 1f) {
            val from = b.cellAt(jump.from)
            if (from == null) Offset.Zero else (center(b, from) - center(b, cell)) * (1f - p)
        } else {
            Offset.Zero
        }
        val band = cs.height * 0.14f
        cell.stack.forEachIndexed { i, seat ->
            val y = topLeft.y + cs.height * 0.82f - (i + 1) * band
            val piece = Offset(topLeft.x + cs.width * 0.15f, y) + slide
            drawRect(b.fill(seat), piece, Size(cs.width * 0.7f, band * 0.85f))
            // Each piece's symbol, so that seats differ by more than colour.
            b.style(seat)?.let { drawSymbol(it, piece + Offset(cs.width * 0.35f, band * 0.425f), band * 0.75f) }
        }
        if (cell.legal) drawRect(BoardColors.selected, topLeft, cs, style = Stroke(width = 4f))
    }
}

private fun DrawScope.drawStar(b: BoardView, p: Float) {
    drawRect(BoardColors.starBoard)
    // A hole is 0.8 of the spacing between holes across.
    val radius = unit(b) * 0.4f
    val jump = b.animation.filterIsInstance<AnimationStep.Jump>().firstOrNull()
    for (cell in b.cells) {
        val ctr = center(b, cell)
        drawCircle(BoardColors.starHole, radius, ctr)
        drawCircle(BoardColors.starRim, radius, ctr, style = Stroke(width = 2f))
        if (cell.piece == Piece.MARBLE) {
            // The last move's marble travels from its start to its hole.
            val from = jump?.takeIf { it.to == cell.index && p < 1f }?.let { b.cellAt(it.from) }
            val at = if (from == null) ctr else center(b, from) + (ctr - center(b, from)) * p
            drawCircle(b.fill(cell.seat), radius * 0.9f, at)
            b.style(cell.seat)?.let { drawSymbol(it, at, radius) }
        }
        if (cell.lastMove) drawCircle(BoardColors.lastMove, radius, ctr, style = Stroke(width = 4f))
        if (cell.selected) drawCircle(BoardColors.selected, radius * 1.1f, ctr, style = Stroke(width = 5f))
        if (cell.legal) drawCircle(BoardColors.legalDot, radius * 0.3f, ctr)
        if (cell.hint) drawCircle(BoardColors.hint, radius * 1.05f, ctr, style = Stroke(width = 5f))
    }
}

/** Pixels per board unit: the canvas has the board's aspect, [BoardView.width] units across. */
private fun DrawScope.unit(b: BoardView) = size.width / b.width

/** A cell's own box in pixels. */
private fun DrawScope.cellSize(b: BoardView) = Size(b.cellWidth * unit(b), b.cellHeight * unit(b))

/** Where the core puts a cell's centre. */
private fun DrawScope.center(b: BoardView, cell: CellView): Offset = Offset(cell.x * unit(b), cell.y * unit(b))

private fun DrawScope.topLeft(b: BoardView, cell: CellView): Offset {
    val c = cellSize(b)
    return center(b, cell) - Offset(c.width / 2f, c.height / 2f)
}

private fun BoardView.cellAt(index: UInt): CellView? = cells.getOrNull(index.toInt())?.takeIf { it.index == index }
    ?: cells.firstOrNull { it.index == index }

private fun DrawScope.drawOthello(b: BoardView, p: Float) {
    val cs = cellSize(b)
    drawRect(BoardColors.othelloFelt)
    for (i in 0..b.cols.toInt()) drawLine(BoardColors.grid, Offset(i * cs.width, 0f), Offset(i * cs.width, size.height), 2f)
    for (i in 0..b.rows.toInt()) drawLine(BoardColors.grid, Offset(0f, i * cs.height), Offset(size.width, i * cs.height), 2f)
    val radius = cs.minDimension * 0.42f
    val placed = b.animation.filterIsInstance<AnimationStep.Place>().map { it.cell }.toSet()
    // Nearest first: each disc starts turning a little after the one before it.
    val flips = b.animation.filterIsInstance<AnimationStep.Flip>().flatMap { it.cells }
    for (cell in b.cells) {
        val ctr = center(b, cell)
        if (cell.piece != Piece.EMPTY) {
            val order = flips.indexOf(cell.index)
            if (order >= 0 && p < 1f) {
                val start = 0.3f * order / flips.size.coerceAtLeast(1)
                val t = ((p - start) / (1f - start)).coerceIn(0f, 1f)
                // A flip: the disc narrows to an edge, then shows its new colour.
                val shown = if (t < 0.5f) pieceColor(cell.previousPiece) else pieceColor(cell.piece)
                scale(scaleX = abs(cos(PI.toFloat() * t)).coerceAtLeast(0.05f), scaleY = 1f, pivot = ctr) {
                    drawCircle(shown, radius, ctr)
                }
            } else {
                val r = if (cell.index in placed) radius * (0.5f + 0.5f * p) else radius
                drawCircle(pieceColor(cell.piece), r, ctr)
            }
            if (cell.lastMove) drawCircle(BoardColors.lastMove, radius * 0.18f, ctr)
        }
        if (cell.legal) drawCircle(BoardColors.legalDot, radius * 0.2f, ctr)
        if (cell.hint) drawCircle(BoardColors.hint, radius * 0.95f, ctr, style = Stroke(width = 6f))
    }
}

private fun DrawScope.drawConnectFour(b: BoardView, p: Float, dark: Boolean) {
    val cs = cellSize(b)
    drawRect(BoardColors.connectBlue)
    val radius = cs.minDimension * 0.4f
    val dropped = b.animation.filterIsInstance<AnimationStep.Drop>().map { it.cell }.toSet()
    for (cell in b.cells) {
        val ctr = center(b, cell)
        drawCircle(if (dark) BoardColors.holeDark else BoardColors.hole, radius, ctr)
        if (cell.piece != Piece.EMPTY) {
            // The last stone falls from above the board to its cell.
            val falling = cell.index in dropped && p < 1f
            val y = if (falling) -cs.height / 2 + (ctr.y + cs.height / 2) * p * p else ctr.y
            drawCircle(pieceColor(cell.piece), radius, Offset(ctr.x, y))
            if (cell.lastMove && !falling) drawCircle(BoardColors.lastMove, radius, ctr, style = Stroke(width = 5f))
            // The four in a row that won: a dark dot in each stone, not a colour alone.
            if (cell.winning && !falling) drawCircle(BoardColors.black, radius * 0.3f, ctr)
        }
        if (cell.legal) drawCircle(BoardColors.legalDot, radius * 0.2f, ctr)
        if (cell.hint) drawCircle(BoardColors.hint, radius, ctr, style = Stroke(width = 7f))
    }
}

private fun DrawScope.drawDraughts(b: BoardView, p: Float) {
    val cs = cellSize(b)
    val radius = cs.minDimension * 0.38f
    for (cell in b.cells) {
        val topLeft = topLeft(b, cell)
        drawRect(if (cell.playable) BoardColors.darkSquare else BoardColors.lightSquare, topLeft, cs)
        if (cell.lastMove) drawRect(BoardColors.lastMove.copy(alpha = 0.35f), topLeft, cs)
        if (cell.selected) drawRect(BoardColors.selected.copy(alpha = 0.55f), topLeft, cs)
        if (cell.hint) drawRect(BoardColors.hint.copy(alpha = 0.4f), topLeft, cs)
    }
    // The last move: the piece travels along its jumps, the pieces it took fade out, a crown
    // appears at the end.
    val jumps = b.animation.filterIsInstance<AnimationStep.Jump>()
    val crowned = b.animation.filterIsInstance<AnimationStep.Crown>().map { it.cell }.toSet()
    val moving = p < 1f && jumps.isNotEmpty()
    val mover = jumps.lastOrNull()?.let { b.cellAt(it.to) }
    if (moving && mover != null) {
        for (j in jumps) {
            // What the core says the square held: a man or a king, fading out.
            val taken = j.captured?.let { b.cellAt(it) } ?: continue
            val was = taken.previousPiece
            drawMan(pieceColor(was).copy(alpha = 1f - p), center(b, taken), radius, king = was == Piece.BLACK_KING || was == Piece.WHITE_KING)
        }
    }
    for (cell in b.cells) {
        if (cell.piece == Piece.EMPTY) {
            if (cell.legal) drawCircle(BoardColors.legalDot, radius * 0.25f, center(b, cell))
            continue
        }
        val king = cell.piece == Piece.BLACK_KING || cell.piece == Piece.WHITE_KING
        if (moving && cell.index == mover?.index) {
            val path = listOfNotNull(b.cellAt(jumps.first().from)) + jumps.mapNotNull { b.cellAt(it.to) }
            drawMan(pieceColor(cell.piece), alongPath(b, path, p), radius, king = king && cell.index !in crowned)
        } else {
            drawMan(pieceColor(cell.piece), center(b, cell), radius, king)
            if (cell.legal) drawCircle(BoardColors.selected, radius * 1.05f, center(b, cell), style = Stroke(width = 4f))
        }
    }
}

private fun DrawScope.alongPath(b: BoardView, path: List<CellView>, p: Float): Offset {
    if (path.size < 2) return path.firstOrNull()?.let { center(b, it) } ?: Offset.Zero
    val legs = path.size - 1
    val x = (p * legs).coerceIn(0f, legs.toFloat())
    val i = x.toInt().coerceAtMost(legs - 1)
    val f = x - i
    val a = center(b, path[i])
    val c = center(b, path[i + 1])
    return Offset(a.x + (c.x - a.x) * f, a.y + (c.y - a.y) * f)
}

private fun DrawScope.drawMan(color: Color, at: Offset, radius: Float, king: Boolean) {
    drawCircle(color, radius, at)
    val rim = if (color.red + color.green + color.blue > 1.5f) Color(0xFF444444) else Color(0xFFBBBBBB)
    drawCircle(rim.copy(alpha = color.alpha), radius * 0.75f, at, style = Stroke(width = 3f))
    if (king) drawCircle(BoardColors.selected.copy(alpha = color.alpha), radius * 0.35f, at)
}
