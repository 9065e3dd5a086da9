package dev.ply.app.ui

import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.runtime.withFrameNanos
import androidx.compose.ui.Modifier
import dev.ply.appcore.BoardView

/**
 * The board in the space [modifier] gives it; zoomed (`BoardView.zoomed`), drawn `BoardView.zoom`
 * times as large in that same space, scrolling both ways, so that the star's holes are
 * touch-sized (the core says how much, and when: the grids offer no zoom). Drawing only: the
 * board maps its own taps to board units, whatever size it is drawn at.
 */
@Composable
fun ZoomableBoard(board: BoardView, send: Send, modifier: Modifier) {
    if (!board.zoomed) {
        Board(board, send, modifier)
        return
    }
    BoxWithConstraints(modifier) {
        // Saved across a rotation (rememberScrollState is saveable, and so is the flag below): the
        // board stays where the person had scrolled it instead of jumping back to the middle.
        val across = rememberScrollState()
        val down = rememberScrollState()
        var centred by rememberSaveable { mutableStateOf(false) }
        // Open on the middle of the board when first shown: the star's centre, not its empty
        // corner. A scroll state knows its range only once laid out (until then it reads
        // Int.MAX_VALUE).
        LaunchedEffect(Unit) {
            if (centred) return@LaunchedEffect
            withFrameNanos { }
            if (across.maxValue != Int.MAX_VALUE) across.scrollTo(across.maxValue / 2)
            if (down.maxValue != Int.MAX_VALUE) down.scrollTo(down.maxValue / 2)
            centred = true
        }
        // Read outside the Box: there BoxWithConstraintsScope is no implicit receiver (DSL marker).
        val width = maxWidth * board.zoom
        val height = maxHeight * board.zoom
        Box(Modifier.fillMaxSize().horizontalScroll(across).verticalScroll(down)) {
            Board(board, send, Modifier.size(width, height))
        }
    }
}
