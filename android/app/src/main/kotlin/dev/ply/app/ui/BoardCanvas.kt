package dev.ply.app.ui

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.FastOutSlowInEasing
import androidx.compose.animation.core.animateFloatAsState
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.clickable
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.scale
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import dev.ply.core.GameKind
import dev.ply.core.Piece
import dev.ply.core.Side
import dev.ply.shell.BoardViewState
import dev.ply.shell.CellView
import kotlin.math.abs
import kotlin.math.cos
import kotlin.math.PI

/**
 * The board: a Canvas that draws [BoardViewState], under a grid of transparent cells that take
 * the taps and carry each square's content description (from the shell).
 */
@Composable
fun Board(state: BoardViewState, onTap: (Int) -> Unit, modifier: Modifier = Modifier) {
    // One animation per move: flips (Othello), the drop (Connect Four), the jump (draughts).
    val progress = remember { Animatable(1f) }
    LaunchedEffect(state.moveNumber, state.lastMove) {
        if (state.lastMove != null) {
            progress.snapTo(0f)
            progress.animateTo(1f, tween(durationMillis = 380, easing = FastOutSlowInEasing))
        }
    }
    val pulse by animateFloatAsState(if (state.cells.any { it.hint }) 1f else 0f, tween(300), label = "hint")
    val dark = isSystemInDarkTheme()
    Box(modifier.aspectRatio(state.cols.toFloat() / state.rows)) {
        Canvas(Modifier.fillMaxSize()) {
            when (state.game) {
                GameKind.OTHELLO -> drawOthello(state, progress.value, pulse)
                GameKind.CONNECT_FOUR -> drawConnectFour(state, progress.value, pulse, dark)
                GameKind.DRAUGHTS, GameKind.RELAXED_DRAUGHTS -> drawDraughts(state, progress.value, pulse)
            }
        }
        Column(Modifier.fillMaxSize()) {
            for (r in 0 until state.rows) {
                Row(Modifier.weight(1f).fillMaxWidth()) {
                    for (c in 0 until state.cols) {
                        val cell = state.cell(r, c)
                        if (cell != null) {
                            Box(
                                Modifier.weight(1f).fillMaxHeight()
                                    .semantics { contentDescription = cell.description }
                                    .clickable(enabled = state.acceptsInput && cell.playable) { onTap(cell.index) },
                            )
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
    Piece.EMPTY -> Color.Transparent
}

private fun DrawScope.cellSize(s: BoardViewState) = Size(size.width / s.cols, size.height / s.rows)
private fun DrawScope.center(s: BoardViewState, row: Int, col: Int): Offset {
    val c = cellSize(s)
    return Offset((col + 0.5f) * c.width, (row + 0.5f) * c.height)
}

private fun DrawScope.drawOthello(s: BoardViewState, p: Float, hint: Float) {
    val cs = cellSize(s)
    drawRect(BoardColors.othelloFelt)
    for (i in 0..s.cols) drawLine(BoardColors.grid, Offset(i * cs.width, 0f), Offset(i * cs.width, size.height), 2f)
    for (i in 0..s.rows) drawLine(BoardColors.grid, Offset(0f, i * cs.height), Offset(size.width, i * cs.height), 2f)
    val radius = cs.minDimension * 0.42f
    for (cell in s.cells) {
        val ctr = center(s, cell.row, cell.col)
        if (cell.piece != Piece.EMPTY) {
            val color = pieceColor(cell.piece)
            if (cell.changedByLastMove && p < 1f) {
                // A flip: the disc narrows to an edge, then shows its new colour.
                val shown = if (p < 0.5f) pieceColor(if (cell.piece == Piece.BLACK) Piece.WHITE else Piece.BLACK) else color
                scale(scaleX = abs(cos(PI.toFloat() * p)).coerceAtLeast(0.05f), scaleY = 1f, pivot = ctr) {
                    drawCircle(shown, radius, ctr)
                }
            } else {
                val r = if (cell.lastMove) radius * (0.6f + 0.4f * p) else radius
                drawCircle(color, r, ctr)
            }
            if (cell.lastMove) drawCircle(BoardColors.lastMove, radius * 0.18f, ctr)
        }
        if (cell.legalTarget) drawCircle(BoardColors.legalDot, radius * 0.2f, ctr)
        if (cell.hint) drawCircle(BoardColors.hint, radius * (0.9f + 0.1f * hint), ctr, style = Stroke(width = 6f))
    }
}

private fun DrawScope.drawConnectFour(s: BoardViewState, p: Float, hint: Float, dark: Boolean) {
    val cs = cellSize(s)
    drawRect(BoardColors.connectBlue)
    val radius = cs.minDimension * 0.4f
    for (cell in s.cells) {
        val ctr = center(s, cell.row, cell.col)
        drawCircle(if (dark) BoardColors.holeDark else BoardColors.hole, radius, ctr)
        if (cell.piece != Piece.EMPTY) {
            // The last stone falls from above the board to its cell.
            val y = if (cell.lastMove && p < 1f) -cs.height / 2 + (ctr.y + cs.height / 2) * p else ctr.y
            drawCircle(pieceColor(cell.piece), radius, Offset(ctr.x, y))
            if (cell.lastMove && p >= 1f) drawCircle(BoardColors.lastMove, radius, ctr, style = Stroke(width = 5f))
        }
        if (cell.legalTarget) drawCircle(BoardColors.legalDot, radius * 0.2f, ctr)
        if (cell.hint) drawCircle(BoardColors.hint, radius * (0.95f + 0.05f * hint), ctr, style = Stroke(width = 7f))
    }
}

private fun DrawScope.drawDraughts(s: BoardViewState, p: Float, hint: Float) {
    val cs = cellSize(s)
    val radius = cs.minDimension * 0.38f
    val last = s.lastMove
    for (cell in s.cells) {
        val topLeft = Offset(cell.col * cs.width, cell.row * cs.height)
        val base = if (cell.playable) BoardColors.darkSquare else BoardColors.lightSquare
        drawRect(base, topLeft, cs)
        if (cell.lastMove) drawRect(BoardColors.lastMove.copy(alpha = 0.35f), topLeft, cs)
        if (cell.selected) drawRect(BoardColors.selected.copy(alpha = 0.55f), topLeft, cs)
        if (cell.hint) drawRect(BoardColors.hint.copy(alpha = 0.25f + 0.2f * hint), topLeft, cs)
    }
    // Jumped pieces fade out while the mover travels along its path.
    if (last != null && p < 1f) {
        val victim = if (last.player == Side.FIRST) Piece.WHITE_MAN else Piece.BLACK_MAN
        for (idx in last.captured) {
            val cell = s.cells.getOrNull(idx.toInt()) ?: continue
            drawMan(pieceColor(victim).copy(alpha = 1f - p), center(s, cell.row, cell.col), radius, king = false)
        }
    }
    val path = last?.path?.mapNotNull { s.cells.getOrNull(it.toInt()) }.orEmpty()
    for (cell in s.cells) {
        if (cell.piece == Piece.EMPTY) {
            if (cell.legalTarget) drawCircle(BoardColors.legalDot, radius * 0.25f, center(s, cell.row, cell.col))
            continue
        }
        val king = cell.piece == Piece.BLACK_KING || cell.piece == Piece.WHITE_KING
        val moving = last != null && p < 1f && path.size >= 2 && cell.index == last.to?.toInt()
        val at = if (moving) alongPath(s, path, p) else center(s, cell.row, cell.col)
        drawMan(pieceColor(cell.piece), at, radius, king)
        if (cell.movable) drawCircle(BoardColors.selected, radius * 1.05f, at, style = Stroke(width = 4f))
    }
}

private fun DrawScope.alongPath(s: BoardViewState, path: List<CellView>, p: Float): Offset {
    val legs = path.size - 1
    val x = (p * legs).coerceIn(0f, legs.toFloat())
    val i = x.toInt().coerceAtMost(legs - 1)
    val f = x - i
    val a = center(s, path[i].row, path[i].col)
    val b = center(s, path[i + 1].row, path[i + 1].col)
    return Offset(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
}

private fun DrawScope.drawMan(color: Color, at: Offset, radius: Float, king: Boolean) {
    drawCircle(color, radius, at)
    val rim = if (color.red + color.green + color.blue > 1.5f) Color(0xFF444444) else Color(0xFFBBBBBB)
    drawCircle(rim.copy(alpha = color.alpha), radius * 0.75f, at, style = Stroke(width = 3f))
    if (king) drawCircle(BoardColors.selected.copy(alpha = color.alpha), radius * 0.35f, at)
}
