package dev.ply.app.ui

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.FastOutSlowInEasing
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.clickable
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.absoluteOffset
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.scale
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.LocalLayoutDirection
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.IntOffset
import dev.ply.core.BoardShape
import kotlin.math.roundToInt
import dev.ply.core.AnimationStep
import dev.ply.core.BoardView
import dev.ply.core.CellView
import dev.ply.core.Event
import dev.ply.core.GameKind
import dev.ply.core.Piece
import kotlin.math.PI
import kotlin.math.abs
import kotlin.math.cos

/**
 * The board: a Canvas that draws the core's [BoardView], under a grid of transparent cells that
 * take the taps. Each playable cell is a button with the core's label (empty while no
 * accessibility service reads labels); unplayable squares (a draughts board's light squares) are
 * left out of the accessibility tree, so TalkBack walks only the 32 squares that matter.
 */
@Composable
fun Board(board: BoardView, send: Send, modifier: Modifier = Modifier) {
    // The last move's animation plays once, when it changes (none after undo: the core sends none).
    val progress = remember { Animatable(1f) }
    LaunchedEffect(board.moves.size, board.animation) {
        if (board.animation.isEmpty()) {
            progress.snapTo(1f)
        } else {
            progress.snapTo(0f)
            progress.animateTo(1f, tween(durationMillis = 240 + 140 * board.animation.size.coerceAtMost(4), easing = FastOutSlowInEasing))
        }
    }
    val dark = isSystemInDarkTheme()
    val grid = remember(board.cells, board.cols) { board.cells.associateBy { (it.row * board.cols + it.col).toInt() } }
    Box(modifier) {
        Canvas(Modifier.fillMaxSize().clearAndSetSemantics {}) {
            val p = progress.value
            when (board.game) {
                GameKind.OTHELLO -> drawOthello(board, p)
                GameKind.CONNECT_FOUR -> drawConnectFour(board, p, dark)
                GameKind.DRAUGHTS, GameKind.RELAXED_DRAUGHTS -> drawDraughts(board, p)
                GameKind.VIRUS -> drawVirus(board, p)
                GameKind.FOCUS -> drawFocus(board, p)
                GameKind.CHINESE_CHECKERS -> drawStar(board, p)
            }
        }
        // The cells are laid out left to right whatever the reading direction, as the canvas
        // draws them (a right-to-left Row would mirror the taps against the picture).
        CompositionLocalProvider(LocalLayoutDirection provides LayoutDirection.Ltr) {
            if (board.shape == BoardShape.STAR) {
                StarTaps(board, send)
            } else {
                Column(Modifier.fillMaxSize()) {
                    for (r in 0 until board.rows.toInt()) {
                        Row(Modifier.weight(1f).fillMaxWidth()) {
                            for (c in 0 until board.cols.toInt()) {
                                val cell = grid[r * board.cols.toInt() + c]
                                val base = Modifier.weight(1f).fillMaxHeight()
                                if (cell == null || !cell.playable) {
                                    Box(base.clearAndSetSemantics {})
                                } else {
                                    Box(
                                        base
                                            .clickable(enabled = board.acceptsInput, role = Role.Button) { send(Event.TapCell(cell.index)) }
                                            .semantics { if (cell.label.isNotEmpty()) contentDescription = cell.label },
                                    )
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

private fun pieceColor(p: Piece): Color = when (p) {
    Piece.BLACK, Piece.BLACK_MAN, Piece.BLACK_KING -> BoardColors.black
    Piece.WHITE, Piece.WHITE_MAN, Piece.WHITE_KING -> BoardColors.white
    Piece.RED -> BoardColors.red
    Piece.YELLOW -> BoardColors.yellow
    // The multi-player games colour a piece by its cell's seat (BoardColors.seat).
    Piece.INFECTED, Piece.STACK, Piece.MARBLE, Piece.EMPTY -> Color.Transparent
}

/** The board's width over its height as drawn: squares, or the star's rows of holes (see [starPitch]). */
fun BoardView.aspect(): Float = when (shape) {
    BoardShape.GRID -> cols.toFloat() / rows.toFloat()
    BoardShape.STAR -> ((cols.toFloat() + 1f) / 2f) / (rows.toFloat() * STAR_ROW)
}

/** A star row is this many hole pitches high: the holes sit in a triangular lattice. */
private const val STAR_ROW = 0.866f

/** The star's hole pitch and row pitch for a canvas of [width] (BoardShape.STAR in the core's docs). */
private fun starPitch(b: BoardView, width: Float): Pair<Float, Float> {
    val pitch = width / ((b.cols.toFloat() + 1f) / 2f)
    return pitch to pitch * STAR_ROW
}

private fun starCenter(b: BoardView, cell: CellView, width: Float): Offset {
    val (pitch, row) = starPitch(b, width)
    return Offset((cell.col.toFloat() + 1f) * pitch / 2f, (cell.row.toFloat() + 0.5f) * row)
}

/** The star's holes as buttons, each a hole pitch across and centred on its hole. */
@Composable
private fun StarTaps(board: BoardView, send: Send) {
    BoxWithConstraints(Modifier.fillMaxSize()) {
        val width = constraints.maxWidth.toFloat()
        val (pitch, _) = starPitch(board, width)
        val density = LocalDensity.current
        val side = with(density) { pitch.toDp() }
        for (cell in board.cells) {
            val c = starCenter(board, cell, width)
            Box(
                Modifier
                    .absoluteOffset { IntOffset((c.x - pitch / 2f).roundToInt(), (c.y - pitch / 2f).roundToInt()) }
                    .size(side)
                    .clickable(enabled = board.acceptsInput, role = Role.Button) { send(Event.TapCell(cell.index)) }
                    .semantics { if (cell.label.isNotEmpty()) contentDescription = cell.label },
            )
        }
    }
}

private fun DrawScope.drawVirus(b: BoardView, p: Float) {
    val cs = cellSize(b)
    drawRect(BoardColors.virusBoard)
    val placed = b.animation.filterIsInstance<AnimationStep.Place>().map { it.cell }.toSet()
    val infected = b.animation.filterIsInstance<AnimationStep.Flip>().flatMap { it.cells }.toSet()
    for (cell in b.cells) {
        val topLeft = Offset(cell.col.toFloat() * cs.width, cell.row.toFloat() * cs.height)
        if (cell.piece == Piece.INFECTED) {
            // The infection spreads: the target first, then the squares it takes.
            val grow = when {
                p >= 1f -> 1f
                cell.index in placed -> (p * 2f).coerceAtMost(1f)
                cell.index in infected -> ((p - 0.4f) / 0.6f).coerceIn(0f, 1f)
                else -> 1f
            }
            val inset = cs.width * 0.5f * (1f - grow)
            drawRect(BoardColors.seat(cell.seat), topLeft + Offset(inset, inset), Size(cs.width - 2 * inset, cs.height - 2 * inset))
        }
        drawRect(BoardColors.grid, topLeft, cs, style = Stroke(width = 2f))
        val ctr = center(b, cell)
        if (cell.lastMove) drawCircle(BoardColors.lastMove, cs.minDimension * 0.1f, ctr)
        if (cell.legal) drawCircle(BoardColors.legalDot, cs.minDimension * 0.1f, ctr)
        if (cell.hint) drawRect(BoardColors.hint, topLeft, cs, style = Stroke(width = 6f))
    }
}

private fun DrawScope.drawFocus(b: BoardView, p: Float) {
    val cs = cellSize(b)
    val jump = b.animation.filterIsInstance<AnimationStep.Jump>().firstOrNull()
    for (cell in b.cells) {
        val topLeft = Offset(cell.col.toFloat() * cs.width, cell.row.toFloat() * cs.height)
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
            drawRect(
                BoardColors.seat(seat),
                Offset(topLeft.x + cs.width * 0.15f, y) + slide,
                Size(cs.width * 0.7f, band * 0.85f),
            )
        }
        if (cell.legal) drawRect(BoardColors.selected, topLeft, cs, style = Stroke(width = 4f))
    }
}

private fun DrawScope.drawStar(b: BoardView, p: Float) {
    drawRect(BoardColors.starBoard)
    val (pitch, _) = starPitch(b, size.width)
    val radius = pitch * 0.4f
    val jump = b.animation.filterIsInstance<AnimationStep.Jump>().firstOrNull()
    for (cell in b.cells) {
        val ctr = starCenter(b, cell, size.width)
        drawCircle(BoardColors.starHole, radius, ctr)
        drawCircle(BoardColors.starRim, radius, ctr, style = Stroke(width = 2f))
        if (cell.piece == Piece.MARBLE) {
            // The last move's marble travels from its start to its hole.
            val from = jump?.takeIf { it.to == cell.index && p < 1f }?.let { b.cellAt(it.from) }
            val at = if (from == null) ctr else starCenter(b, from, size.width) + (ctr - starCenter(b, from, size.width)) * p
            drawCircle(BoardColors.seat(cell.seat), radius * 0.9f, at)
        }
        if (cell.lastMove) drawCircle(BoardColors.lastMove, radius, ctr, style = Stroke(width = 4f))
        if (cell.selected) drawCircle(BoardColors.selected, radius * 1.1f, ctr, style = Stroke(width = 5f))
        if (cell.legal) drawCircle(BoardColors.legalDot, radius * 0.3f, ctr)
        if (cell.hint) drawCircle(BoardColors.hint, radius * 1.05f, ctr, style = Stroke(width = 5f))
    }
}

private fun opposite(p: Piece): Piece = when (p) {
    Piece.BLACK -> Piece.WHITE
    Piece.WHITE -> Piece.BLACK
    Piece.BLACK_MAN, Piece.BLACK_KING -> Piece.WHITE_MAN
    Piece.WHITE_MAN, Piece.WHITE_KING -> Piece.BLACK_MAN
    else -> p
}

private fun DrawScope.cellSize(b: BoardView) = Size(size.width / b.cols.toFloat(), size.height / b.rows.toFloat())

private fun DrawScope.center(b: BoardView, cell: CellView): Offset {
    val c = cellSize(b)
    return Offset((cell.col.toFloat() + 0.5f) * c.width, (cell.row.toFloat() + 0.5f) * c.height)
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
                val shown = if (t < 0.5f) pieceColor(opposite(cell.piece)) else pieceColor(cell.piece)
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
        }
        if (cell.legal) drawCircle(BoardColors.legalDot, radius * 0.2f, ctr)
        if (cell.hint) drawCircle(BoardColors.hint, radius, ctr, style = Stroke(width = 7f))
    }
}

private fun DrawScope.drawDraughts(b: BoardView, p: Float) {
    val cs = cellSize(b)
    val radius = cs.minDimension * 0.38f
    for (cell in b.cells) {
        val topLeft = Offset(cell.col.toFloat() * cs.width, cell.row.toFloat() * cs.height)
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
            val taken = j.captured?.let { b.cellAt(it) } ?: continue
            drawMan(pieceColor(opposite(mover.piece)).copy(alpha = 1f - p), center(b, taken), radius, king = false)
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
