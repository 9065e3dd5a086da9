package dev.ply.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Slider
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.Saver
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import dev.ply.app.GameViewModel
import dev.ply.app.PlyApplication
import dev.ply.app.R
import dev.ply.core.Side
import dev.ply.shell.AlgorithmChoice
import dev.ply.shell.GameSetup
import dev.ply.shell.HOME_GAMES
import dev.ply.shell.MAX_DIFFICULTY
import dev.ply.shell.MIN_DIFFICULTY
import dev.ply.shell.OrderingChoice
import dev.ply.shell.PlayMode
import dev.ply.shell.decodeGameSetup
import dev.ply.shell.describeEngine
import dev.ply.shell.gameTitle
import dev.ply.shell.heuristicOptions
import dev.ply.shell.selectedHeuristic
import dev.ply.shell.sideName

/** The home screen's choices survive rotation and process death as the shell's one-string form. */
private val SetupSaver = Saver<GameSetup, String>(save = { it.encode() }, restore = { runCatching { decodeGameSetup(it) }.getOrNull() })

@Composable
fun HomeScreen(game: GameViewModel, onPlay: () -> Unit, onHistory: () -> Unit, onSettings: () -> Unit) {
    val app = LocalContext.current.applicationContext as PlyApplication
    var setup by rememberSaveable(stateSaver = SetupSaver) { mutableStateOf(app.store.lastSetup()) }
    val customWeights = app.store.weights(setup.game)
    Scaffold { pad ->
        Column(
            Modifier.fillMaxSize().padding(pad).padding(16.dp).verticalScroll(rememberScrollState()),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            Text(stringResource(R.string.home_title), style = MaterialTheme.typography.headlineLarge)
            ChoiceRow(
                stringResource(R.string.game), HOME_GAMES,
                setup.game, ::gameTitle,
            ) { setup = setup.copy(game = it, engine = setup.engine.copy(heuristicPreset = null)) }
            ChoiceRow(stringResource(R.string.mode), PlayMode.entries, setup.mode, { it.label }) { setup = setup.copy(mode = it) }
            if (setup.mode == PlayMode.VS_COMPUTER) {
                ChoiceRow(stringResource(R.string.your_colour), listOf(Side.FIRST, Side.SECOND), setup.humanSide, { sideName(setup.game, it) }) {
                    setup = setup.copy(humanSide = it)
                }
            }
            if (setup.mode != PlayMode.TWO_PLAYERS) {
                Text(stringResource(R.string.difficulty, setup.difficulty), style = MaterialTheme.typography.titleSmall)
                Slider(
                    value = setup.difficulty.toFloat(),
                    onValueChange = { setup = setup.copy(difficulty = it.toInt().coerceIn(MIN_DIFFICULTY, MAX_DIFFICULTY)) },
                    valueRange = MIN_DIFFICULTY.toFloat()..MAX_DIFFICULTY.toFloat(),
                    steps = MAX_DIFFICULTY - MIN_DIFFICULTY - 1,
                )
                Text(describeEngine(setup.withStoredWeights(customWeights).engineSettings()), style = MaterialTheme.typography.bodySmall)
                HorizontalDivider()
                Text(stringResource(R.string.engine), style = MaterialTheme.typography.titleMedium)
                ChoiceRow(stringResource(R.string.algorithm), AlgorithmChoice.entries, setup.engine.algorithm, { it.label }) {
                    setup = setup.copy(engine = setup.engine.copy(algorithm = it))
                }
                ChoiceRow(stringResource(R.string.ordering), OrderingChoice.entries, setup.engine.ordering, { it.label }) {
                    setup = setup.copy(engine = setup.engine.copy(ordering = it))
                }
                val options = heuristicOptions(setup.game, hasCustomWeights = customWeights != null)
                ChoiceRow(stringResource(R.string.heuristic), options, selectedHeuristic(options, setup.engine.heuristicPreset), { it?.label ?: "" }) {
                    setup = setup.copy(engine = setup.engine.copy(heuristicPreset = it?.preset))
                }
            }
            Button(onClick = { game.newGame(setup); onPlay() }, modifier = Modifier.fillMaxWidth()) { Text(stringResource(R.string.play)) }
            if (game.hasGame) {
                OutlinedButton(onClick = onPlay, modifier = Modifier.fillMaxWidth()) { Text(stringResource(R.string.resume_game)) }
            }
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                OutlinedButton(onClick = onHistory) { Text(stringResource(R.string.history)) }
                OutlinedButton(onClick = onSettings) { Text(stringResource(R.string.settings)) }
            }
        }
    }
}
