package dev.ply.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.appcore.BoardView
import dev.ply.appcore.Event
import dev.ply.appcore.BoardEvent

/**
 * The game: the board, and beside it (landscape, tablets) or under it (portrait phones) the
 * scores, the status and the controls the core enables.
 */
@Composable
fun BoardScreen(board: BoardView, send: Send) {
    Scaffold(topBar = { BackBar(board.title, send) }) { pad ->
        BoxWithConstraints(Modifier.fillMaxSize().padding(pad).padding(12.dp)) {
            val ratio = board.aspect
            // Side by side when the board, at full height, leaves room for a column of controls.
            val wide = maxWidth >= maxHeight * ratio + 280.dp
            // Read here: inside the Column below, BoxWithConstraintsScope is not an implicit
            // receiver (Compose's layout scopes are a DSL marker) and `maxHeight` does not compile.
            // A tall window leaves the players' lines, the status and the first row of buttons in
            // view under the board (a short one gives the board at least 60 % of the height and
            // scrolls the rest).
            val boardHeight = maxOf(maxHeight - CONTROLS_IN_VIEW, maxHeight * 0.6f)
            if (wide) {
                Row(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
                    ZoomableBoard(
                        board, send,
                        Modifier.fillMaxHeight().aspectRatio(ratio, matchHeightConstraintsFirst = true),
                    )
                    Column(
                        Modifier.widthIn(max = 480.dp).fillMaxHeight().verticalScroll(rememberScrollState()),
                        verticalArrangement = Arrangement.spacedBy(10.dp),
                    ) { Controls(board, send) }
                }
            } else {
                Column(
                    Modifier.fillMaxSize().verticalScroll(rememberScrollState()),
                    verticalArrangement = Arrangement.spacedBy(10.dp),
                    horizontalAlignment = Alignment.CenterHorizontally,
                ) {
                    ZoomableBoard(board, send, Modifier.widthIn(max = boardHeight * ratio).fillMaxWidth().aspectRatio(ratio))
                    Controls(board, send)
                }
            }
        }
    }
    if (board.pathChoices.isNotEmpty()) {
        AlertDialog(
            onDismissRequest = { send(Event.Board(BoardEvent.CancelSelection)) },
            title = { Text(appText(R.string.choose_path)) },
            text = {
                Column {
                    board.pathChoices.forEach { m -> TextButton(onClick = { send(Event.Board(BoardEvent.ChoosePath(m.index))) }) { Text(m.notation) } }
                }
            },
            confirmButton = {},
            dismissButton = { TextButton(onClick = { send(Event.Board(BoardEvent.CancelSelection)) }) { Text(appText(R.string.cancel)) } },
        )
    }
}

@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun ColumnScope.Controls(board: BoardView, send: Send) {
    // Every player's line (the core's), the one to move in bold; the multi-player games'
    // players in their seat's text colour, with its symbol.
    FlowRow(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
        board.players.forEach { p ->
            Row(horizontalArrangement = Arrangement.spacedBy(6.dp), verticalAlignment = Alignment.CenterVertically) {
                p.style?.let { SeatBadge(it) }
                Text(
                    p.line,
                    color = p.style?.textColor() ?: MaterialTheme.colorScheme.onSurface,
                    fontWeight = if (p.toMove || p.winner) FontWeight.Bold else FontWeight.Normal,
                    style = MaterialTheme.typography.titleMedium,
                )
            }
        }
    }
    // Spoken through the core's announcements (computer moves, results: `Announcer`), so not a
    // live region of its own, which would read it twice.
    Text(board.status, style = MaterialTheme.typography.titleLarge, modifier = Modifier.fillMaxWidth())
    // Redrawn alone by the search's ticks.
    ThinkingLine(board.thinking)
    board.message?.let { Text(it, color = MaterialTheme.colorScheme.error) }
    // The core's buttons for this moment of the game (it asks before resigning, and before a new
    // game when this one would be lost).
    Actions(board.actions, send)
    if (board.movesText.isNotEmpty()) {
        Text(board.movesText, style = MaterialTheme.typography.bodySmall)
    }
}

/** The players' lines, the status and one row of buttons, under a portrait board. */
private val CONTROLS_IN_VIEW = 168.dp
