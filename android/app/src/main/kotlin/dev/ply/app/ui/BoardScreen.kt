package dev.ply.app.ui

import androidx.activity.compose.LocalActivity
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import dev.ply.app.GameViewModel
import dev.ply.app.R
import dev.ply.shell.Thinking
import dev.ply.shell.gameTitle
import java.text.NumberFormat

@Composable
fun BoardScreen(game: GameViewModel, onAfterGame: () -> Unit, onBack: () -> Unit) {
    val state by game.state.collectAsState()
    val activity = LocalActivity.current
    // The computer thinks only while the board is shown; a rotation is not leaving (the
    // ViewModel and its running search survive it).
    DisposableEffect(Unit) {
        game.enter()
        onDispose { if (activity?.isChangingConfigurations != true) game.leave() }
    }
    val s = state ?: run {
        LaunchedEffect(Unit) { onBack() }
        return
    }
    Scaffold(topBar = { BackBar(gameTitle(s.game), onBack) }) { pad ->
        Column(
            Modifier.fillMaxSize().padding(pad).padding(12.dp).verticalScroll(rememberScrollState()),
            verticalArrangement = Arrangement.spacedBy(10.dp),
        ) {
            Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceBetween) {
                Text("${s.firstName}: ${s.firstCount}", style = MaterialTheme.typography.titleMedium)
                Text("${s.secondName}: ${s.secondCount}", style = MaterialTheme.typography.titleMedium)
            }
            Text(
                s.statusText,
                style = MaterialTheme.typography.titleLarge,
                modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite },
            )
            if (s.thinking != Thinking.NONE) {
                LinearProgressIndicator(Modifier.fillMaxWidth())
                Text(stringResource(R.string.thinking, NumberFormat.getIntegerInstance().format(s.thinkingNodes)))
            }
            Board(s, onTap = { game.tap(it) }, modifier = Modifier.fillMaxWidth())
            s.message?.let { Text(it, color = MaterialTheme.colorScheme.error) }
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                OutlinedButton(onClick = { game.hint() }, enabled = s.canHint) { Text(stringResource(R.string.hint)) }
                OutlinedButton(onClick = { game.undo() }, enabled = s.canUndo) { Text(stringResource(R.string.undo)) }
                OutlinedButton(onClick = { game.redo() }, enabled = s.canRedo) { Text(stringResource(R.string.redo)) }
            }
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                if (s.mustPass) Button(onClick = { game.pass() }) { Text(stringResource(R.string.pass)) }
                if (s.paused) Button(onClick = { game.resume() }) { Text(stringResource(R.string.resume)) }
                OutlinedButton(onClick = { game.resign() }, enabled = s.canResign) { Text(stringResource(R.string.resign)) }
                OutlinedButton(onClick = { game.setup()?.let { game.newGame(it) } }) { Text(stringResource(R.string.new_game)) }
            }
            if (s.gameOver) {
                Button(onClick = onAfterGame, modifier = Modifier.fillMaxWidth()) { Text(stringResource(R.string.after_game)) }
            }
        }
    }
    if (s.pathChoices.isNotEmpty()) {
        AlertDialog(
            onDismissRequest = { game.cancelSelection() },
            title = { Text(stringResource(R.string.choose_path)) },
            text = {
                Column {
                    s.pathChoices.forEachIndexed { i, m ->
                        TextButton(onClick = { game.choosePath(i) }) { Text(m.notation) }
                    }
                }
            },
            confirmButton = {},
        )
    }
}
