package dev.ply.app.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import dev.ply.app.R
import dev.ply.appcore.AfterGameView
import dev.ply.appcore.ChartMark
import dev.ply.appcore.Event
import dev.ply.appcore.ReviewEvent
import dev.ply.appcore.MoveLabel
import dev.ply.appcore.ReviewStatus
import dev.ply.appcore.ReviewView

/** The finished game: its result, the computer's effort per move, its review, the transcript to share. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
fun AfterGameScreen(view: AfterGameView, send: Send) {
    Scaffold(topBar = { BackBar(appText(R.string.after_game), send) }) { pad ->
        Box(Modifier.fillMaxSize().padding(pad), contentAlignment = Alignment.TopCenter) {
            Column(
                Modifier.widthIn(max = 840.dp).fillMaxWidth().verticalScroll(rememberScrollState()).padding(16.dp),
                verticalArrangement = Arrangement.spacedBy(12.dp),
            ) {
                Heading(view.title, MaterialTheme.typography.titleMedium)
                Text(view.result, style = MaterialTheme.typography.headlineSmall)
                Text(view.moveCountText)
                Heading(appText(R.string.chart_title), MaterialTheme.typography.titleSmall)
                if (view.chart.isEmpty()) Text(appText(R.string.no_computer_moves)) else EffortChart(view)
                // A multi-player game: why it has no review, in the core's words.
                view.reviewRefusal?.let { Text(it, style = MaterialTheme.typography.bodySmall) }
                view.review?.let { ReviewSection(it, send) }
                Text(view.transcript, style = MaterialTheme.typography.bodySmall)
                Actions(view.actions, send, shareText = view.shareText)
            }
        }
    }
}

/** The core's series over the computer's moves, each on its own scale: bars, and lines over them. */
@Composable
private fun EffortChart(v: AfterGameView) {
    val colors = listOf(MaterialTheme.colorScheme.primary, MaterialTheme.colorScheme.tertiary, MaterialTheme.colorScheme.secondary)
    Canvas(Modifier.fillMaxWidth().height(180.dp).semantics { contentDescription = v.chartDescription }) {
        val n = v.points.size
        val slot = size.width / n
        v.chart.forEachIndexed { k, series ->
            val color = colors[k % colors.size]
            val max = series.max.toFloat().coerceAtLeast(1f)
            val line = Path()
            series.values.take(n).forEachIndexed { i, value ->
                val h = size.height * value.toFloat() / max
                when (series.mark) {
                    ChartMark.BARS -> drawRect(color, Offset(i * slot + slot * 0.15f, size.height - h), Size(slot * 0.7f, h))
                    ChartMark.LINE -> {
                        val x = i * slot + slot / 2
                        if (i == 0) line.moveTo(x, size.height - h) else line.lineTo(x, size.height - h)
                    }
                }
            }
            if (series.mark == ChartMark.LINE) drawPath(line, color, style = Stroke(width = 4f))
        }
    }
    // The legend: each series' name in its colour.
    Row(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
        v.chart.forEachIndexed { k, series -> Text(series.label, color = colors[k % colors.size], style = MaterialTheme.typography.bodySmall) }
    }
    // The same figures as text, with each search's depth and value.
    Column {
        v.points.forEach { pt -> Text(pt.line, style = MaterialTheme.typography.bodySmall) }
    }
}

/** The core's review: progress while it runs, then accuracy, the value graph, the mistakes and a step. */
@Composable
internal fun ReviewSection(r: ReviewView, send: Send) {
    Heading(appText(R.string.review_title), MaterialTheme.typography.titleMedium)
    when (val status = r.status) {
        // Redrawn alone by the review's ticks.
        is ReviewStatus.Running -> ReviewProgressLine(status, r.statusText)
        is ReviewStatus.Failed -> Text(r.statusText)
        ReviewStatus.Ready -> ReadyReview(r, send)
    }
    OutlinedButton(onClick = { send(Event.Review(ReviewEvent.Close)) }) { Text(appText(R.string.close_review)) }
}

@Composable
private fun ReadyReview(r: ReviewView, send: Send) {
    r.players.forEach { p -> Text(p.line) }
    Heading(appText(R.string.value_graph), MaterialTheme.typography.titleSmall)
    ValueGraph(r)
    Text(r.caption, style = MaterialTheme.typography.bodySmall)
    Heading(appText(R.string.mistakes_title), MaterialTheme.typography.titleSmall)
    if (r.mistakes.isEmpty()) Text(appText(R.string.no_mistakes))
    r.mistakes.forEach { m ->
        TextButton(onClick = { send(Event.Review(ReviewEvent.Step(m.ply))) }) { Text(m.text, color = labelColor(m.label)) }
    }
    r.step?.let { step ->
        Text(step.text, style = MaterialTheme.typography.bodyLarge)
        // The position, read cell by cell (no button: nothing is played here).
        Board(step.board, send = null, modifier = Modifier.fillMaxWidth().aspectRatio(step.board.aspect))
        Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            OutlinedButton(onClick = { step.previousPly?.let { send(Event.Review(ReviewEvent.Step(it))) } }, enabled = step.previousPly != null) {
                Text(appText(R.string.previous_move))
            }
            OutlinedButton(onClick = { step.nextPly?.let { send(Event.Review(ReviewEvent.Step(it))) } }, enabled = step.nextPly != null) {
                Text(appText(R.string.next_move))
            }
        }
    }
}

/** The first player's expected score (0 at the bottom, 100 at the top) after each move; bad moves as dots. */
@Composable
private fun ValueGraph(r: ReviewView) {
    val line = MaterialTheme.colorScheme.primary
    val grid = MaterialTheme.colorScheme.outlineVariant
    val colors = r.moves.map { labelColor(it.label) }
    Canvas(Modifier.fillMaxWidth().height(160.dp).semantics { contentDescription = r.graphDescription }) {
        drawLine(grid, Offset(0f, size.height / 2), Offset(size.width, size.height / 2))
        val n = r.moves.size
        if (n == 0) return@Canvas
        val step = size.width / n
        val path = Path()
        r.moves.forEachIndexed { i, m ->
            val at = Offset(i * step + step / 2, size.height * (1f - m.firstExpected.toFloat() / 100f))
            if (i == 0) path.moveTo(at.x, at.y) else path.lineTo(at.x, at.y)
        }
        drawPath(path, line, style = Stroke(width = 4f))
        r.moves.forEachIndexed { i, m ->
            if (m.flagged) {
                val at = Offset(i * step + step / 2, size.height * (1f - m.firstExpected.toFloat() / 100f))
                drawCircle(colors[i], radius = 8f, center = at)
            }
        }
    }
}

@Composable
private fun labelColor(label: MoveLabel): Color = when (label) {
    MoveLabel.BLUNDER -> Color(0xFFC62828)
    MoveLabel.MISTAKE -> Color(0xFFEF6C00)
    MoveLabel.INACCURACY -> Color(0xFFF9A825)
    else -> MaterialTheme.colorScheme.onSurface
}
