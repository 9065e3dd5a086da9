package dev.ply.app.ui

import android.content.Intent
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import dev.ply.app.GameViewModel
import dev.ply.app.R
import dev.ply.shell.AfterGameReport

@Composable
fun AfterGameScreen(game: GameViewModel, onHome: () -> Unit) {
    val report = remember { game.afterGame() } ?: run {
        LaunchedEffect(Unit) { onHome() }
        return
    }
    val context = LocalContext.current
    Scaffold(topBar = { BackBar(stringResource(R.string.after_game), onHome) }) { pad ->
        Column(
            Modifier.fillMaxSize().padding(pad).padding(16.dp).verticalScroll(rememberScrollState()),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            Text(report.title, style = MaterialTheme.typography.titleMedium)
            Text(report.resultText, style = MaterialTheme.typography.headlineSmall)
            Text(stringResource(R.string.chart_title), style = MaterialTheme.typography.titleSmall)
            if (report.points.isEmpty()) Text(stringResource(R.string.no_computer_moves)) else EffortChart(report)
            Text(report.transcript, style = MaterialTheme.typography.bodySmall)
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                Button(onClick = {
                    val send = Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, report.shareText)
                    context.startActivity(Intent.createChooser(send, null))
                }) { Text(stringResource(R.string.share)) }
                OutlinedButton(onClick = onHome) { Text(stringResource(R.string.back_home)) }
            }
        }
    }
}

/** Bars: nodes per computer move; line: thinking time per move (each on its own scale). */
@Composable
private fun EffortChart(r: AfterGameReport) {
    val barColor = MaterialTheme.colorScheme.primary
    val lineColor = MaterialTheme.colorScheme.tertiary
    val summary = "${r.points.size} computer moves, ${r.totalNodes} nodes in all, at most ${r.maxNodes} nodes " +
        "and ${"%.0f".format(r.maxTimeMs)} ms on one move"
    Canvas(Modifier.fillMaxWidth().height(180.dp).semantics { contentDescription = summary }) {
        val n = r.points.size
        val slot = size.width / n
        val line = Path()
        r.points.forEachIndexed { i, pt ->
            val h = size.height * pt.nodes.toFloat() / r.maxNodes.toFloat()
            drawRect(barColor, Offset(i * slot + slot * 0.15f, size.height - h), Size(slot * 0.7f, h))
            val y = size.height - size.height * (pt.timeMs / r.maxTimeMs).toFloat()
            val x = i * slot + slot / 2
            if (i == 0) line.moveTo(x, y) else line.lineTo(x, y)
        }
        drawPath(line, lineColor, style = Stroke(width = 4f))
    }
}
